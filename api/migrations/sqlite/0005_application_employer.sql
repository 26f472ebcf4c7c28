-- The employer of the job applied to, kept on each application (jobs never change
-- employer), so the employer's list, the recommendation and the dashboard's change
-- stamp are ranges of one index rather than a merge over every job's applications:
-- on PostgreSQL a list page sorted all 20,000 of a large employer's applications
-- (docs/benchmarks.md, issue #11). A deleted job's applications keep the employer
-- but have no job_id, so the list indexes leave them out, as the join did.
ALTER TABLE applications ADD COLUMN employer_id TEXT REFERENCES users(id) ON DELETE SET NULL;
UPDATE applications SET employer_id = (SELECT j.employer_id FROM jobs j WHERE j.id = applications.job_id);
-- The employer's list, newest first (ties by id), with the scores it filters by.
CREATE INDEX applications_employer_list ON applications
    (employer_id, applied_at DESC, id DESC, experience_score, degree_score)
    WHERE hidden_from_employer = FALSE AND job_id IS NOT NULL;
-- The recommendation: best score first, then earliest, then smallest id.
CREATE INDEX applications_employer_best ON applications
    (employer_id, total_raw_score DESC, applied_at, id, experience_score, degree_score)
    WHERE hidden_from_employer = FALSE AND job_id IS NOT NULL;
-- The dashboard's change stamp (count and latest change of all of an employer's
-- applications); every write to an application moves its updated_at.
CREATE INDEX applications_employer_updated ON applications (employer_id, updated_at);
-- Replaced by the employer indexes above; `applications_job_review` still serves the
-- per-job counts and the job_id foreign key.
DROP INDEX applications_job_best;
DROP INDEX applications_job_applied;

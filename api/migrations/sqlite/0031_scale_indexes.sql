-- "Best match" reads, for each of a candidate's terms, the newest jobs that have it (a bounded
-- number, however many jobs share a common term), so each term row keeps its job's posting time
-- and the index serves the terms newest first.
ALTER TABLE job_match_terms ADD COLUMN posted_at INTEGER NOT NULL DEFAULT 0;
UPDATE job_match_terms SET posted_at = (SELECT j.posted_at FROM jobs j WHERE j.id = job_match_terms.job_id);
DROP INDEX job_match_terms_term;
CREATE INDEX job_match_terms_recent ON job_match_terms (term, posted_at DESC, job_id);
-- An employer's applicants of one job, best first: the page walks this index (employer/candidates.rs)
-- rather than sorting every applicant of a job that has thousands.
CREATE INDEX applications_job_score ON applications (job_id, score_percentage DESC, user_id DESC);

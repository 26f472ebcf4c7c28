-- The employer dashboard reads every application to the employer's jobs for its counts
-- (jobs list, analytics), the recommendation and each page of the applications list.
-- These covering indexes hold every column those reads filter, sort or count by, so none
-- of them reads an application row (cover letter included): a page or the recommendation
-- is chosen from an index, then only its rows are read (docs/benchmarks.md, issue #11).
-- Newest first (list pages), per-day and per-status counts; it covers what 0003's
-- `applications_job_stats` did, which it replaces.
CREATE INDEX applications_job_review ON applications
    (job_id, hidden_from_employer, applied_at, id, status, user_id, experience_score, degree_score, total_raw_score);
DROP INDEX applications_job_stats;
-- Best score first (the recommendation without a date range).
CREATE INDEX applications_job_best ON applications
    (job_id, hidden_from_employer, total_raw_score DESC, applied_at, id, experience_score, degree_score);

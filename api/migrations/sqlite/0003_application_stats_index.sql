-- The employer dashboard's counts (jobs list, analytics) read only these columns of
-- every application to the employer's jobs: a covering index spares reading each
-- row, cover letter included (load benchmark, docs/benchmarks.md).
CREATE INDEX applications_job_stats ON applications (job_id, hidden_from_employer, status, applied_at, user_id);

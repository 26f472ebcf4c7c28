-- How long an employer keeps the applications they rejected (api/src/employer/retention.rs):
-- null keeps them with no time limit. Once past it, an application is released: the employer's
-- notes on it and its pipeline history go, and it leaves their searches and analytics; the
-- candidate keeps their own record.
CREATE TABLE employer_settings (
    employer_id        TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    rejected_kept_days BIGINT
);
ALTER TABLE applications ADD COLUMN employer_released_at BIGINT;
-- The analytics read only indexed columns (migration 0004); the release is one of them now.
DROP INDEX applications_job_review;
CREATE INDEX applications_job_review ON applications
    (job_id, hidden_from_employer, applied_at, id, status, user_id, experience_score, degree_score,
     total_raw_score, employer_released_at);

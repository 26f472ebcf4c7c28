-- A deleted candidate's applications stay, anonymised, for the employers' counts and funnels:
-- they move to a stand-in user row (id `deleted:{hash}`, an undeliverable `.invalid` address,
-- no password, profile or role; `deleted_at` says when the account went), and
-- `anonymised_at` marks those the employer's analytics still counted then.
ALTER TABLE users ADD COLUMN deleted_at BIGINT;
ALTER TABLE applications ADD COLUMN anonymised_at BIGINT;
-- The analytics read only indexed columns (migration 0004); the anonymisation is one of them now.
DROP INDEX applications_job_review;
CREATE INDEX applications_job_review ON applications
    (job_id, hidden_from_employer, applied_at, id, status, user_id, experience_score, degree_score,
     total_raw_score, employer_released_at, anonymised_at);

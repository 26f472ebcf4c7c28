-- Where each application is in the employer's pipeline (core::pipeline::Stage); `status`
-- follows it (Screening and Interview are under review, Offer and Hired accepted).
ALTER TABLE applications ADD COLUMN stage TEXT NOT NULL DEFAULT 'applied';
UPDATE applications SET stage = CASE status
    WHEN 'under_review' THEN 'screening'
    WHEN 'accepted' THEN 'offer'
    WHEN 'rejected' THEN 'rejected'
    ELSE 'applied' END;
-- Every move, with its time and who made it: the funnel and the days in each stage.
CREATE TABLE application_stage_moves (
    id             TEXT PRIMARY KEY,
    application_id TEXT NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
    from_stage     TEXT NOT NULL,
    to_stage       TEXT NOT NULL,
    at             BIGINT NOT NULL,
    actor_id       TEXT REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX application_stage_moves_application ON application_stage_moves (application_id, at);

-- An employer's own stages for one job (core::job_stages). An application in one stores
-- `"{after_stage}:{id}"` in applications.stage; `name_key` (the name in lower case) keeps two
-- stages of a job from sharing a name.
CREATE TABLE job_stages (
    id          TEXT PRIMARY KEY,
    job_id      TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    name_key    TEXT NOT NULL,
    after_stage TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE UNIQUE INDEX job_stages_name ON job_stages (job_id, name_key);

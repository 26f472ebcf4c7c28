-- Jobs a candidate swiped away: the feed leaves them out until the rejection is undone or
-- the candidate starts over.
CREATE TABLE job_rejections (
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    job_id      TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
    rejected_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, job_id)
);

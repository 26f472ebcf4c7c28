-- Interview invitations (core::interview_invite): one per application. `uid` and `sequence`
-- name its calendar event (RFC 5545) across changes: `sequence` is that of the event last
-- issued (-1 before the candidate first picks a time), and `event_start`/`event_end` its time.
CREATE TABLE interviews (
    application_id   TEXT PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
    uid              TEXT NOT NULL UNIQUE,
    status           TEXT NOT NULL,
    time_zone        TEXT NOT NULL,
    duration_minutes BIGINT NOT NULL,
    location         TEXT NOT NULL,
    sequence         BIGINT NOT NULL DEFAULT -1,
    event_start      BIGINT,
    event_end        BIGINT,
    proposed_by      TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL
);
-- The times of the last proposal.
CREATE TABLE interview_slots (
    application_id TEXT NOT NULL REFERENCES interviews(application_id) ON DELETE CASCADE,
    position       BIGINT NOT NULL,
    starts_at      BIGINT NOT NULL,
    PRIMARY KEY (application_id, position)
);

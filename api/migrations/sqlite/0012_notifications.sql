-- The bell: one row per event about an application, for the person it concerns; its texts
-- are made when it is read, from the application.
CREATE TABLE notifications (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind           TEXT NOT NULL,
    application_id TEXT NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
    created_at     BIGINT NOT NULL,
    read_at        BIGINT
);
CREATE INDEX notifications_user ON notifications (user_id, created_at);
CREATE INDEX notifications_application ON notifications (application_id);

-- E-mails a person turned on or off; no row means the kind's default (on).
CREATE TABLE notification_settings (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind    TEXT NOT NULL,
    email   BOOLEAN NOT NULL,
    PRIMARY KEY (user_id, kind)
);

-- New applicants are e-mailed to the employer in batches, at most one message per job an
-- hour: an application waits with employer_mailed_at empty until a batch takes it. Those
-- from before count as told.
ALTER TABLE applications ADD COLUMN employer_mailed_at BIGINT;
UPDATE applications SET employer_mailed_at = applied_at;
CREATE INDEX applications_employer_unmailed ON applications (job_id) WHERE employer_mailed_at IS NULL;
ALTER TABLE jobs ADD COLUMN applicants_mailed_at BIGINT;

-- Interviewers, hiring teams and scorecards (see the SQLite migration of the same name).
ALTER TABLE company_members DROP CONSTRAINT company_members_role_check;
ALTER TABLE company_members ADD CONSTRAINT company_members_role_check
    CHECK (role IN ('admin', 'recruiter', 'interviewer'));
ALTER TABLE company_invitations DROP CONSTRAINT company_invitations_role_check;
ALTER TABLE company_invitations ADD CONSTRAINT company_invitations_role_check
    CHECK (role IN ('admin', 'recruiter', 'interviewer'));

CREATE TABLE job_team_members (
    job_id   TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
    user_id  TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    added_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    added_at BIGINT NOT NULL,
    PRIMARY KEY (job_id, user_id)
);
CREATE INDEX job_team_members_user ON job_team_members (user_id, job_id);

CREATE TABLE job_scorecard_criteria (
    job_id     TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
    criteria   TEXT NOT NULL,
    updated_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE scorecards (
    id             TEXT PRIMARY KEY,
    application_id TEXT NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
    author_id      TEXT REFERENCES users(id) ON DELETE SET NULL,
    author_name    TEXT NOT NULL,
    ratings        TEXT NOT NULL,
    note           TEXT NOT NULL DEFAULT '',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    UNIQUE (application_id, author_id)
);

ALTER TABLE audit_log ADD COLUMN company_id TEXT;
CREATE INDEX audit_log_company ON audit_log (company_id, at DESC, id DESC);

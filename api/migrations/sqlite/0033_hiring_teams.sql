-- Interviewers, hiring teams and scorecards.
--
-- A third role, the interviewer, reaches only the jobs whose hiring team lists them. SQLite
-- cannot widen a CHECK in place, so the two team tables are copied into ones that allow it.
CREATE TABLE company_members_v2 (
    user_id    TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    company_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role       TEXT NOT NULL CHECK (role IN ('admin', 'recruiter', 'interviewer')),
    joined_at  INTEGER NOT NULL
);
INSERT INTO company_members_v2 SELECT user_id, company_id, role, joined_at FROM company_members;
DROP TABLE company_members;
ALTER TABLE company_members_v2 RENAME TO company_members;
CREATE INDEX company_members_company ON company_members (company_id, role);

CREATE TABLE company_invitations_v2 (
    id          TEXT PRIMARY KEY,
    company_id  TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    email       TEXT NOT NULL,
    role        TEXT NOT NULL CHECK (role IN ('admin', 'recruiter', 'interviewer')),
    token_hash  TEXT NOT NULL UNIQUE,
    invited_by  TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    ended_at    INTEGER
);
INSERT INTO company_invitations_v2
    SELECT id, company_id, email, role, token_hash, invited_by, created_at, expires_at, ended_at
    FROM company_invitations;
DROP TABLE company_invitations;
ALTER TABLE company_invitations_v2 RENAME TO company_invitations;
CREATE INDEX company_invitations_company ON company_invitations (company_id, created_at DESC);

-- A job's hiring team: the members listed on it. Interviewers reach only these jobs.
CREATE TABLE job_team_members (
    job_id   TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
    user_id  TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    added_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    added_at INTEGER NOT NULL,
    PRIMARY KEY (job_id, user_id)
);
CREATE INDEX job_team_members_user ON job_team_members (user_id, job_id);

-- The criteria a job's scorecards rate, once a recruiter has edited them; until then core
-- draws them from the job's skills and requirements.
CREATE TABLE job_scorecard_criteria (
    job_id     TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
    criteria   TEXT NOT NULL,
    updated_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    updated_at INTEGER NOT NULL
);

-- One scorecard per member and application: a 1–4 rating per criterion (JSON) and a note.
-- The author's name is kept with it, so a scorecard outlives its author's account.
CREATE TABLE scorecards (
    id             TEXT PRIMARY KEY,
    application_id TEXT NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
    author_id      TEXT REFERENCES users(id) ON DELETE SET NULL,
    author_name    TEXT NOT NULL,
    ratings        TEXT NOT NULL,
    note           TEXT NOT NULL DEFAULT '',
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL,
    UNIQUE (application_id, author_id)
);

-- The company an employer-side event belongs to, so its admins can read their own log.
ALTER TABLE audit_log ADD COLUMN company_id TEXT;
CREATE INDEX audit_log_company ON audit_log (company_id, at DESC, id DESC);

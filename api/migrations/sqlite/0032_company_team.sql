-- A company's team. The company is keyed by the account that signed it up (its jobs, settings
-- and applicants already name that id), and each employer account is on at most one team with
-- one role; every existing employer becomes the admin of their own company.
CREATE TABLE company_members (
    user_id    TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    company_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role       TEXT NOT NULL CHECK (role IN ('admin', 'recruiter')),
    joined_at  INTEGER NOT NULL
);
CREATE INDEX company_members_company ON company_members (company_id, role);
INSERT INTO company_members (user_id, company_id, role, joined_at)
    SELECT u.id, u.id, 'admin', u.created_at FROM users u
    JOIN user_roles r ON r.user_id = u.id AND r.role = 'employer';

-- An invitation by e-mail: the link's token is stored only as its SHA-256, good once and for
-- seven days; a pending one can be withdrawn, and a new one to the same address replaces it.
CREATE TABLE company_invitations (
    id          TEXT PRIMARY KEY,
    company_id  TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    email       TEXT NOT NULL,
    role        TEXT NOT NULL CHECK (role IN ('admin', 'recruiter')),
    token_hash  TEXT NOT NULL UNIQUE,
    invited_by  TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    ended_at    INTEGER
);
CREATE INDEX company_invitations_company ON company_invitations (company_id, created_at DESC);

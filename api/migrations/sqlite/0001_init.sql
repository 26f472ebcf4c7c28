-- JobTap schema (SQLite). Timestamps are Unix epoch milliseconds (BIGINT) in both
-- databases, lists are JSON text (JSONB on PostgreSQL): the same SQL then runs on SQLite and PostgreSQL.

CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    email         TEXT NOT NULL UNIQUE,          -- lower-cased
    password_hash TEXT NOT NULL,
    created_at    BIGINT NOT NULL
);

CREATE TABLE profiles (
    id               TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    full_name        TEXT NOT NULL,
    email            TEXT NOT NULL,
    degree_class     TEXT,
    university       TEXT,
    skills           TEXT NOT NULL DEFAULT '[]',
    experience_years BIGINT,
    avatar_path      TEXT,
    location         TEXT,
    company_name     TEXT,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL
);

CREATE TABLE user_roles (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role    TEXT NOT NULL CHECK (role IN ('candidate', 'employer')),
    PRIMARY KEY (user_id, role)
);

CREATE TABLE job_preferences (
    user_id             TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    preferred_locations TEXT NOT NULL DEFAULT '[]',
    min_salary          DOUBLE PRECISION,
    max_salary          DOUBLE PRECISION,
    job_types           TEXT NOT NULL DEFAULT '[]',
    updated_at          BIGINT NOT NULL
);

-- Every stored file has exactly one row here; the start-up clean-up removes
-- files on disk that have none (a crash between write and insert).
CREATE TABLE stored_files (
    path         TEXT PRIMARY KEY,
    owner_id     TEXT REFERENCES users(id) ON DELETE SET NULL,
    kind         TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size         BIGINT NOT NULL,
    created_at   BIGINT NOT NULL
);

CREATE TABLE user_documents (
    id            TEXT PRIMARY KEY,
    user_id       TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    document_type TEXT NOT NULL CHECK (document_type IN ('resume', 'certificate', 'other')),
    file_name     TEXT NOT NULL,
    file_path     TEXT NOT NULL UNIQUE REFERENCES stored_files(path),
    file_size     BIGINT NOT NULL,
    content_type  TEXT NOT NULL,
    is_default    BOOLEAN NOT NULL DEFAULT FALSE,
    uploaded_at   BIGINT NOT NULL
);
CREATE INDEX user_documents_user_uploaded ON user_documents (user_id, uploaded_at DESC);
-- At most one default resume per user, enforced by the database under concurrent calls.
CREATE UNIQUE INDEX user_documents_one_default ON user_documents (user_id) WHERE is_default;

CREATE TABLE jobs (
    id                      TEXT PRIMARY KEY,
    employer_id             TEXT REFERENCES users(id) ON DELETE SET NULL,
    company_name            TEXT NOT NULL,
    company_logo            TEXT NOT NULL DEFAULT '',
    job_title               TEXT NOT NULL,
    job_type                TEXT NOT NULL,
    job_description         TEXT NOT NULL,
    location                TEXT NOT NULL,
    salary_min              DOUBLE PRECISION,
    salary_max              DOUBLE PRECISION,
    experience_years        BIGINT,
    qualifications          TEXT,
    degree_class            TEXT,
    required_degree_classes TEXT,
    experience_level        TEXT,
    minimum_score_threshold DOUBLE PRECISION NOT NULL DEFAULT 20,
    skills                  TEXT NOT NULL DEFAULT '[]',
    requirements            TEXT NOT NULL DEFAULT '[]',
    benefits                TEXT NOT NULL DEFAULT '[]',
    industry                TEXT,
    linkedin_url            TEXT,
    application_email       TEXT,
    import_id               TEXT,
    posted_at               BIGINT NOT NULL,
    expires_at              BIGINT,
    is_active               BOOLEAN NOT NULL DEFAULT TRUE,
    created_at              BIGINT NOT NULL,
    updated_at              BIGINT NOT NULL
);
CREATE INDEX jobs_feed ON jobs (is_active, posted_at DESC, id DESC);
CREATE INDEX jobs_employer ON jobs (employer_id, posted_at DESC);

-- Repeating an import with the same key inserts nothing more.
CREATE TABLE job_imports (
    import_key  TEXT NOT NULL,
    employer_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    job_count   BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (employer_id, import_key)
);

CREATE TABLE applications (
    id                    TEXT PRIMARY KEY,
    user_id               TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    job_id                TEXT REFERENCES jobs(id) ON DELETE SET NULL,
    status                TEXT NOT NULL DEFAULT 'applied'
                          CHECK (status IN ('applied', 'accepted', 'rejected', 'pending', 'under_review')),
    cover_letter          TEXT NOT NULL DEFAULT '',
    email_subject         TEXT NOT NULL DEFAULT '',
    degree_score          DOUBLE PRECISION NOT NULL,
    skills_score          DOUBLE PRECISION NOT NULL,
    university_score      DOUBLE PRECISION NOT NULL,
    experience_score      DOUBLE PRECISION NOT NULL,
    total_raw_score       DOUBLE PRECISION NOT NULL,
    score_percentage      DOUBLE PRECISION NOT NULL,
    employer_comment      TEXT,
    ai_screening_comment  TEXT,
    -- A rejected application leaves the employer's list but stays for the candidate.
    hidden_from_employer  BOOLEAN NOT NULL DEFAULT FALSE,
    -- Kept so a deleted job still shows its title and company to the candidate.
    job_title_snapshot    TEXT NOT NULL DEFAULT '',
    company_name_snapshot TEXT NOT NULL DEFAULT '',
    applied_at            BIGINT NOT NULL,
    updated_at            BIGINT NOT NULL,
    CONSTRAINT applications_user_job_key UNIQUE (user_id, job_id)
);
CREATE INDEX applications_user_applied ON applications (user_id, applied_at DESC);
CREATE INDEX applications_job_applied ON applications (job_id, applied_at DESC);

CREATE TABLE sessions (
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at     BIGINT NOT NULL,
    last_used_at   BIGINT NOT NULL,
    revoked_at     BIGINT,
    revoked_reason TEXT,
    user_agent     TEXT,
    ip             TEXT
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Every refresh token ever issued, by hash. A token is used once; a second use
-- within a few seconds (two tabs) gets the same replacement, which is kept
-- encrypted with the old token as key; any later reuse revokes the session.
CREATE TABLE refresh_tokens (
    token_hash       TEXT PRIMARY KEY,
    session_id       TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    issued_at        BIGINT NOT NULL,
    used_at          BIGINT,
    replacement_enc  TEXT
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

-- Failed sign-ins per account, for the growing delay after 10 failures.
CREATE TABLE login_failures (
    email           TEXT PRIMARY KEY,
    failures        BIGINT NOT NULL,
    last_failure_at BIGINT NOT NULL
);

-- Fixed-window counters shared by every instance (rate limits and login back-off).
CREATE TABLE rate_limits (
    bucket       TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    hits         BIGINT NOT NULL
);

CREATE TABLE job_alert_subscriptions (
    id         TEXT PRIMARY KEY,
    user_id    TEXT REFERENCES users(id) ON DELETE CASCADE,
    email      TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

CREATE TABLE share_links (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    document_id TEXT REFERENCES user_documents(id) ON DELETE SET NULL,
    token_hash  TEXT NOT NULL UNIQUE,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    revoked_at  BIGINT,
    last_used_at BIGINT,
    use_count   BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX share_links_user ON share_links (user_id, created_at DESC);

CREATE TABLE audit_log (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    at       BIGINT NOT NULL,
    event    TEXT NOT NULL,
    actor_id TEXT,
    subject  TEXT,
    ip       TEXT,
    detail   TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_at ON audit_log (at);

-- "Download my data" (api/src/accounts/export.rs): each user's latest archive, while it is
-- prepared (its progress, and when it last moved) and once ready (its file, for a day).
CREATE TABLE data_exports (
    user_id      TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    id           TEXT NOT NULL,
    state        TEXT NOT NULL CHECK (state IN ('preparing', 'ready', 'failed')),
    done         BIGINT NOT NULL,
    total        BIGINT NOT NULL,
    file_path    TEXT REFERENCES stored_files(path),
    size_bytes   BIGINT,
    file_name    TEXT,
    started_at   BIGINT NOT NULL,
    moved_at     BIGINT NOT NULL,
    ready_at     BIGINT,
    expires_at   BIGINT
);
CREATE INDEX data_exports_expiry ON data_exports (expires_at);

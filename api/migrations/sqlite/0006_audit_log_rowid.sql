-- AUTOINCREMENT rewrites sqlite_sequence on every insert: one more page in the
-- write-ahead log per audit row (~16 per apply, 3 of them the audit row's), and
-- so more frequent checkpoints under load (docs/benchmarks.md, issue #11). Audit
-- rows are never deleted, so a plain INTEGER PRIMARY KEY (the largest id plus
-- one) numbers them in the same order.
CREATE TABLE audit_log_rowid (
    id       INTEGER PRIMARY KEY,
    at       BIGINT NOT NULL,
    event    TEXT NOT NULL,
    actor_id TEXT,
    subject  TEXT,
    ip       TEXT,
    detail   TEXT NOT NULL DEFAULT '{}'
);
INSERT INTO audit_log_rowid (id, at, event, actor_id, subject, ip, detail)
    SELECT id, at, event, actor_id, subject, ip, detail FROM audit_log;
DROP TABLE audit_log;
ALTER TABLE audit_log_rowid RENAME TO audit_log;
CREATE INDEX audit_log_at ON audit_log (at);

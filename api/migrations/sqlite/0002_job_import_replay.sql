-- Repeating an import key answers the first result again, but only for the same file:
-- the file's SHA-256 tells a retry from a different file sent under a used key.
ALTER TABLE job_imports ADD COLUMN import_id TEXT;
ALTER TABLE job_imports ADD COLUMN file_sha256 TEXT NOT NULL DEFAULT '';
ALTER TABLE job_imports ADD COLUMN result TEXT NOT NULL DEFAULT '{}';

-- The jobs one import created (jobs.import_id), for tracing and clean-up.
CREATE INDEX jobs_import ON jobs (import_id) WHERE import_id IS NOT NULL;

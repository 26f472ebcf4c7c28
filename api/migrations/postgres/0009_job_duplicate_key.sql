-- The key of postings that are the same job (jobtap_core::job_dedupe): the feed shows only the
-- newest live job of each key. Rows written before this migration get theirs at start-up.
ALTER TABLE jobs ADD COLUMN duplicate_key TEXT;
CREATE INDEX jobs_duplicate ON jobs (duplicate_key, posted_at DESC, id DESC);

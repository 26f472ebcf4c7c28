-- A search with a place ("pharmacist" in Bulawayo) finds its jobs in one index: the words'
-- entries and the place's trigrams (`LOWER(location) LIKE '%bulawayo%'`) intersect there, so only
-- jobs that have both are read, rather than every job with the words. Only live jobs are searched.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
DROP INDEX jobs_search;
CREATE INDEX jobs_search ON jobs USING GIN (search, LOWER(location) gin_trgm_ops) WHERE is_active;

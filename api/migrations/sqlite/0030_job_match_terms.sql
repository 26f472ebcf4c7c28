-- The terms "Best match" finds jobs by (jobtap_core::score::terms): the feed looks a candidate's
-- terms up here and scores the jobs sharing most of them. A job's `match_terms_version` names
-- the rules that wrote its terms; jobs written before this migration, or by older rules, get
-- theirs at start-up.
CREATE TABLE job_match_terms (
    job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
    term   TEXT NOT NULL,
    PRIMARY KEY (job_id, term)
) WITHOUT ROWID;
CREATE INDEX job_match_terms_term ON job_match_terms (term, job_id);
ALTER TABLE jobs ADD COLUMN match_terms_version INTEGER;

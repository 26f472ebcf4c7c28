-- The feed's search words (jobtap_core::job_search) are matched against each job's title,
-- company, description and skills with the `english` configuration ("nurse" finds "Nursing
-- Sister"). The column is generated, so every write keeps it in step and existing jobs get
-- theirs now; the GIN index serves `@@`.
ALTER TABLE jobs ADD COLUMN search tsvector GENERATED ALWAYS AS (
    to_tsvector('english'::regconfig,
        job_title || ' ' || company_name || ' ' || job_description || ' ' || skills::text)
) STORED;
CREATE INDEX jobs_search ON jobs USING GIN (search);

-- The feed's search words (jobtap_core::job_search) are matched by FTS5 over each job's title,
-- company, description and skills, stemmed by porter ("nurse" finds "Nursing Sister"). The index
-- holds no text of its own: it reads the jobs table by rowid, and triggers keep it in step.
CREATE VIRTUAL TABLE jobs_search USING fts5(
    job_title, company_name, job_description, skills,
    content = 'jobs', content_rowid = 'rowid',
    tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER jobs_search_insert AFTER INSERT ON jobs BEGIN
    INSERT INTO jobs_search (rowid, job_title, company_name, job_description, skills)
    VALUES (new.rowid, new.job_title, new.company_name, new.job_description, new.skills);
END;
CREATE TRIGGER jobs_search_delete AFTER DELETE ON jobs BEGIN
    INSERT INTO jobs_search (jobs_search, rowid, job_title, company_name, job_description, skills)
    VALUES ('delete', old.rowid, old.job_title, old.company_name, old.job_description, old.skills);
END;
-- Only a change of the indexed text touches the index (jobs are updated for many other reasons).
CREATE TRIGGER jobs_search_update AFTER UPDATE OF job_title, company_name, job_description, skills
ON jobs BEGIN
    INSERT INTO jobs_search (jobs_search, rowid, job_title, company_name, job_description, skills)
    VALUES ('delete', old.rowid, old.job_title, old.company_name, old.job_description, old.skills);
    INSERT INTO jobs_search (rowid, job_title, company_name, job_description, skills)
    VALUES (new.rowid, new.job_title, new.company_name, new.job_description, new.skills);
END;
-- The jobs posted before this migration.
INSERT INTO jobs_search (jobs_search) VALUES ('rebuild');

-- The field of study the candidate names, and what the fit score reads from their default
-- resume (resume_facts: the field and the roles held), kept current when the default resume
-- changes.
ALTER TABLE profiles ADD COLUMN degree_field TEXT;
ALTER TABLE profiles ADD COLUMN resume_facts JSONB;

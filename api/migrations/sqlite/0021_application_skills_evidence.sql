-- The fit's skills line when the application was sent (issue #51): which of the job's skills the
-- candidate showed, quoting the resume. Kept only when the resume it quotes was sent with the
-- application, so the employer reads nothing the candidate did not send them.
ALTER TABLE applications ADD COLUMN skills_evidence TEXT;

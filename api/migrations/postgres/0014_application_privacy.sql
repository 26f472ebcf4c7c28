-- The documents a candidate chose to send with an application: the only ones its
-- employer may see. A document the candidate deletes is withdrawn with it.
CREATE TABLE application_documents (
    application_id TEXT NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
    document_id    TEXT NOT NULL REFERENCES user_documents(id) ON DELETE CASCADE,
    PRIMARY KEY (application_id, document_id)
);
CREATE INDEX application_documents_document ON application_documents (document_id);
-- Applications made before the choice existed carry what My Documents promised:
-- the default resume, when it was there at the time of applying.
INSERT INTO application_documents (application_id, document_id)
SELECT a.id, d.id FROM applications a
JOIN user_documents d ON d.user_id = a.user_id AND d.is_default AND d.uploaded_at <= a.applied_at;

-- The employer team's own note, never sent to the candidate; `employer_comment` is the
-- feedback the candidate reads. Comments written so far were offered as "a private
-- note", so they move there; the server's own word on a deleted job stays the candidate's.
ALTER TABLE applications ADD COLUMN private_note TEXT;
UPDATE applications SET private_note = employer_comment, employer_comment = NULL
WHERE employer_comment IS NOT NULL
  AND employer_comment <> 'This job posting was removed by the employer, so the application was declined.';
-- Why an application was rejected (core::pipeline::RejectionReason) and the employer's
-- words on it; neither is ever sent to the candidate.
ALTER TABLE applications ADD COLUMN rejection_reason TEXT;
ALTER TABLE applications ADD COLUMN rejection_note TEXT;

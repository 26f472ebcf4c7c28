-- The employer's own wording of the e-mails telling candidates they were accepted or rejected
-- (core's `decision_template`, edited in Settings): a subject and a message for each; null
-- keeps JobTap's wording.
ALTER TABLE employer_settings ADD COLUMN acceptance_subject TEXT;
ALTER TABLE employer_settings ADD COLUMN acceptance_body TEXT;
ALTER TABLE employer_settings ADD COLUMN rejection_subject TEXT;
ALTER TABLE employer_settings ADD COLUMN rejection_body TEXT;

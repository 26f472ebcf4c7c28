-- At most one live invitation per company and address. Inviting ends the live ones it can see
-- before it inserts its own, but two sent at the same moment may each see none. Live is
-- `ended_at IS NULL`: accepting, withdrawing and being replaced all set it. An expired one is
-- unended too, and inviting ends it like any other, so the index covers it (an index cannot
-- compare with the clock).
--
-- Duplicates already there end as a newer invitation ends them, at its time: the newest of each
-- company and address (the last sent; by id on a tie) stays live. The newest is never updated,
-- so the rows' order in the UPDATE does not matter.
UPDATE company_invitations SET ended_at = (
    SELECT MAX(n.created_at) FROM company_invitations n
    WHERE n.company_id = company_invitations.company_id
      AND LOWER(n.email) = LOWER(company_invitations.email) AND n.ended_at IS NULL
)
WHERE ended_at IS NULL AND EXISTS (
    SELECT 1 FROM company_invitations n
    WHERE n.company_id = company_invitations.company_id
      AND LOWER(n.email) = LOWER(company_invitations.email) AND n.ended_at IS NULL
      AND (n.created_at > company_invitations.created_at
           OR (n.created_at = company_invitations.created_at AND n.id > company_invitations.id))
);
CREATE UNIQUE INDEX company_invitations_live ON company_invitations (company_id, LOWER(email))
    WHERE ended_at IS NULL;

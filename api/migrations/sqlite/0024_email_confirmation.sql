-- Confirming an account's e-mail address (api/src/auth/confirm.rs). `email_confirmed_at` is
-- when the account's current address was last shown to reach its owner; accounts made before
-- this migration stay unconfirmed until they follow a link, because nothing checked them.
-- A link is stored as the SHA-256 of its token with the address it confirms: the account's own
-- at sign-up, or the new address of an e-mail change, which replaces the old one only when its
-- link is followed.
ALTER TABLE users ADD COLUMN email_confirmed_at BIGINT;

CREATE TABLE email_confirmations (
    token_hash  TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    email       TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX email_confirmations_user ON email_confirmations (user_id, created_at);
CREATE INDEX email_confirmations_created ON email_confirmations (created_at);

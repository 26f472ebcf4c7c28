-- "Forgot password?" links (api/src/auth/reset.rs): each stored as the SHA-256 of its token,
-- with the account it sets a new password for and when it was made. A link is deleted when it
-- is used, when its account's password changes, and once its hour is over.
CREATE TABLE password_resets (
    token_hash  TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL
);
CREATE INDEX password_resets_user ON password_resets (user_id);
CREATE INDEX password_resets_created ON password_resets (created_at);

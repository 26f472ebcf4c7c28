-- E-mail waiting to be sent, written in the same transaction as the change that causes it
-- (the transactional outbox); a sender task delivers it, retrying with back-off.
CREATE TABLE mail_outbox (
    id              TEXT PRIMARY KEY,
    kind            TEXT NOT NULL,
    recipient       TEXT NOT NULL,
    subject         TEXT NOT NULL,
    -- The whole message (RFC 5322), as built when it was queued.
    message         BYTEA NOT NULL,
    created_at      BIGINT NOT NULL,
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    -- The sender holding the row (one id per claim) and until when; a sender that died lets
    -- it go by itself, and one whose hold ran out can no longer mark it.
    claimed_by      TEXT,
    claimed_until   BIGINT,
    sent_at         BIGINT,
    last_error      TEXT
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;

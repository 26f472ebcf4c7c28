-- Job alerts with double opt-in: a subscription is confirmed through a link sent by e-mail
-- (stored as the SHA-256 of its token) before any alert goes out; each alert carries the
-- subscription's unsubscribe token. Rows from before stay unconfirmed and get nothing.
ALTER TABLE job_alert_subscriptions ADD COLUMN confirm_hash TEXT;
ALTER TABLE job_alert_subscriptions ADD COLUMN confirm_sent_at BIGINT;
ALTER TABLE job_alert_subscriptions ADD COLUMN confirmed_at BIGINT;
ALTER TABLE job_alert_subscriptions ADD COLUMN unsubscribe_token TEXT;
ALTER TABLE job_alert_subscriptions ADD COLUMN last_digest_at BIGINT;
CREATE UNIQUE INDEX job_alert_confirm_hash ON job_alert_subscriptions (confirm_hash);
CREATE UNIQUE INDEX job_alert_unsubscribe_token ON job_alert_subscriptions (unsubscribe_token);
CREATE INDEX job_alert_confirmed ON job_alert_subscriptions (confirmed_at)
    WHERE confirmed_at IS NOT NULL;

-- The jobs each subscription was sent, so no job is sent twice.
CREATE TABLE job_alert_sent (
    subscription_id TEXT NOT NULL REFERENCES job_alert_subscriptions(id) ON DELETE CASCADE,
    job_id          TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
    sent_at         BIGINT NOT NULL,
    PRIMARY KEY (subscription_id, job_id)
);

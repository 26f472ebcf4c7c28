-- Failed sign-ins per account AND per source (an IPv4 address or an IPv6 /64), so a source that
-- keeps failing is slowed on that account while its owner, signing in from elsewhere, is not
-- (api/src/auth/rate_limit.rs). The counts are back-off state only: starting afresh loses nothing.
DROP TABLE login_failures;
CREATE TABLE login_failures (
    email           TEXT NOT NULL,
    source          TEXT NOT NULL,
    failures        BIGINT NOT NULL,
    last_failure_at BIGINT NOT NULL,
    PRIMARY KEY (email, source)
);
-- Failures older than a day are forgotten; this finds them.
CREATE INDEX login_failures_last ON login_failures (last_failure_at);

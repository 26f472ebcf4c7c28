-- A job alert may follow a search made in the feed: its query parameters (core's
-- `Search::query_pairs`, URL-encoded), empty for every new job.
ALTER TABLE job_alert_subscriptions ADD COLUMN search TEXT NOT NULL DEFAULT '';

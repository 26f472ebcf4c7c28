-- When an employer who asked for the daily summary last got one.
ALTER TABLE users ADD COLUMN summary_sent_at BIGINT;

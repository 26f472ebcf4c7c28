//! Rate limits kept in the database, so every instance shares them.

use crate::db::Db;
use crate::error::ApiError;
use crate::{on_db, on_db_write};

/// A fixed-window limit: at most `max` hits per `window_ms` for one key.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub name: &'static str,
    pub max: i64,
    pub window_ms: i64,
}

const FIVE_MINUTES: i64 = 5 * 60 * 1000;

impl Limit {
    /// Sign-in attempts per IP.
    pub const fn sign_in(factor: i64) -> Self {
        Self {
            name: "signin",
            max: 30 * factor,
            window_ms: FIVE_MINUTES,
        }
    }
    /// Sign-ups per IP.
    pub const fn sign_up(factor: i64) -> Self {
        Self {
            name: "signup",
            max: 10 * factor,
            window_ms: FIVE_MINUTES,
        }
    }
    /// Job-alert subscriptions per account: each may send a confirmation e-mail to an address.
    pub const fn job_alerts(factor: i64) -> Self {
        Self {
            name: "job-alerts",
            max: 10 * factor,
            window_ms: 60 * 60 * 1000,
        }
    }
    /// Upload requests per account (core's `UPLOADS_PER_WINDOW` in `UPLOAD_WINDOW_MS`).
    pub const fn uploads(factor: i64) -> Self {
        Self {
            name: "uploads",
            max: jobtap_core::files::UPLOADS_PER_WINDOW * factor,
            window_ms: jobtap_core::files::UPLOAD_WINDOW_MS,
        }
    }
    /// "Download my data" preparations (core's `data_export`), per user.
    pub const fn data_exports(factor: i64) -> Self {
        Self {
            name: "data-exports",
            max: jobtap_core::data_export::ASKS_PER_WINDOW * factor,
            window_ms: jobtap_core::data_export::ASK_WINDOW_MS,
        }
    }
    /// Refreshes per IP (each open tab refreshes every ~14 minutes).
    pub const fn refresh(factor: i64) -> Self {
        Self {
            name: "refresh",
            max: 120 * factor,
            window_ms: FIVE_MINUTES,
        }
    }
}

/// Counts one hit for `key`; over the limit answers 429 with the seconds to wait.
pub async fn hit(db: &Db, limit: Limit, key: &str, now: i64) -> Result<(), ApiError> {
    let window_start = now - now.rem_euclid(limit.window_ms);
    let bucket = format!("{}:{key}", limit.name);
    let hits: i64 = on_db_write!(db, pool => {
        sqlx::query_scalar(
            "INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1) \
             ON CONFLICT (bucket) DO UPDATE SET \
               hits = CASE WHEN rate_limits.window_start = excluded.window_start \
                           THEN rate_limits.hits + 1 ELSE 1 END, \
               window_start = excluded.window_start \
             RETURNING hits",
        )
        .bind(&bucket)
        .bind(window_start)
        .fetch_one(pool)
        .await?
    });
    if hits > limit.max {
        let retry_after_secs = ((window_start + limit.window_ms - now + 999) / 1000).max(1) as u64;
        return Err(ApiError::TooManyRequests {
            message: format!(
                "Too many attempts. Please wait {} and try again.",
                human_wait(retry_after_secs)
            ),
            retry_after_secs,
        });
    }
    Ok(())
}

/// Failures on one account before sign-ins to it are slowed down.
pub const FREE_FAILURES: i64 = 10;
/// The longest wait imposed after repeated failures.
pub const MAX_BACKOFF_SECS: i64 = 15 * 60;

/// Refuses a sign-in to `email` while its back-off runs: after 10 failures the wait
/// doubles with each further failure (1 s, 2 s, 4 s … up to 15 minutes). Otherwise
/// answers whether failures are on record, which a successful sign-in then clears.
pub async fn check_backoff(db: &Db, email: &str, now: i64) -> Result<bool, ApiError> {
    let row: Option<(i64, i64)> = on_db!(db, pool => {
        sqlx::query_as("SELECT failures, last_failure_at FROM login_failures WHERE email = $1")
            .bind(email)
            .fetch_optional(pool)
            .await?
    });
    let Some((failures, last)) = row else {
        return Ok(false);
    };
    if failures < FREE_FAILURES {
        return Ok(true);
    }
    let exponent = u32::try_from((failures - FREE_FAILURES).min(20)).unwrap_or(20);
    let wait_secs = 2_i64.pow(exponent).min(MAX_BACKOFF_SECS);
    let until = last + wait_secs * 1000;
    if now < until {
        let retry_after_secs = ((until - now + 999) / 1000) as u64;
        return Err(ApiError::TooManyRequests {
            message: format!(
                "Too many failed sign-ins for this account. Please wait {} and try again.",
                human_wait(retry_after_secs)
            ),
            retry_after_secs,
        });
    }
    Ok(true)
}

/// Records a failed sign-in to `email`.
pub async fn record_failure(db: &Db, email: &str, now: i64) -> Result<(), sqlx::Error> {
    on_db_write!(db, pool => {
        sqlx::query(
            "INSERT INTO login_failures (email, failures, last_failure_at) VALUES ($1, 1, $2) \
             ON CONFLICT (email) DO UPDATE SET failures = login_failures.failures + 1, \
             last_failure_at = excluded.last_failure_at",
        )
        .bind(email)
        .bind(now)
        .execute(pool)
        .await?;
        Ok(())
    })
}

/// Forgets the failures of `email` after a successful sign-in.
pub async fn clear_failures(db: &Db, email: &str) -> Result<(), sqlx::Error> {
    on_db_write!(db, pool => {
        sqlx::query("DELETE FROM login_failures WHERE email = $1").bind(email).execute(pool).await?;
        Ok(())
    })
}

fn human_wait(secs: u64) -> String {
    match secs {
        0..=1 => "a second".into(),
        2..=59 => format!("{secs} seconds"),
        60..=119 => "a minute".into(),
        _ => format!("{} minutes", secs.div_ceil(60)),
    }
}

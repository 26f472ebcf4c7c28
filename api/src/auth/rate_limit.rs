//! Rate limits kept in the database, so every instance shares them.

use std::net::IpAddr;

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
    /// Team invitations per member (core's `team`): each e-mails an address.
    pub const fn team_invitations(factor: i64) -> Self {
        Self {
            name: "team-invitations",
            max: jobtap_core::team::INVITES_PER_WINDOW * factor,
            window_ms: jobtap_core::team::INVITES_WINDOW_MS,
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

/// Failures from one source on one account before that source is slowed on it.
pub const FREE_FAILURES: i64 = 10;
/// Failures on one account from every source together past which each source that has failed on
/// it is slowed too: guesses spread over many addresses. A source with no failure on it is not.
pub const ACCOUNT_CEILING: i64 = 100;
/// The wait after the first failure past a limit; each further failure doubles it.
pub const FIRST_WAIT_SECS: i64 = 30;
/// The longest wait imposed after repeated failures.
pub const MAX_BACKOFF_SECS: i64 = 15 * 60;
/// How long a failure counts: a source's count starts again after a day without one.
pub const FORGET_AFTER_MS: i64 = 24 * 60 * 60 * 1000;

/// Where a sign-in comes from, as the back-off counts it: an IPv4 address, or the /64 network of
/// an IPv6 one (one household or server is handed a whole /64, so its addresses are one source).
pub fn source_of(ip: &str) -> String {
    match ip.parse::<IpAddr>() {
        Ok(IpAddr::V6(v6)) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                v4.to_string()
            } else {
                let [a, b, c, d, ..] = v6.segments();
                format!("{a:x}:{b:x}:{c:x}:{d:x}::/64")
            }
        }
        Ok(IpAddr::V4(v4)) => v4.to_string(),
        Err(_) => ip.to_string(),
    }
}

/// How long after its last failure a source waits before trying an account again, in
/// milliseconds, from its own failures on the account and the account's from every source.
/// A source with none waits for nothing, whoever else is failing: that is how the owner gets in.
fn wait_ms(own: i64, all: i64) -> i64 {
    let doubling = |over: i64| {
        let exponent = u32::try_from(over.min(10)).unwrap_or(10);
        (FIRST_WAIT_SECS * 2_i64.pow(exponent)).min(MAX_BACKOFF_SECS) * 1000
    };
    if own == 0 {
        return 0;
    }
    let own_wait = if own >= FREE_FAILURES {
        doubling(own - FREE_FAILURES)
    } else {
        0
    };
    let all_wait = if all >= ACCOUNT_CEILING {
        doubling(all - ACCOUNT_CEILING)
    } else {
        0
    };
    own_wait.max(all_wait)
}

/// Refuses a sign-in to `email` from `source` while that source's back-off runs. A source's
/// first failures on an account are free; after [`FREE_FAILURES`] it waits 30 seconds, doubled
/// with each further failure (1, 2, 4, 8 minutes, then 15 at most). Once the account has [`ACCOUNT_CEILING`]
/// failures from every source together, each source that has failed on it waits that way for
/// the count past the ceiling. The right password waits too (else the wait would not slow a
/// guess), but only from a source that has been failing: from anywhere else it signs in.
/// Otherwise answers whether this source's failures are on record, which a success then clears.
/// `ip` is the caller's address, counted as [`source_of`] it.
pub async fn check_backoff(db: &Db, email: &str, ip: &str, now: i64) -> Result<bool, ApiError> {
    let source = source_of(ip);
    let (own, own_last, all): (i64, i64, i64) = on_db!(db, pool => {
        sqlx::query_as(
            "SELECT CAST(COALESCE(SUM(CASE WHEN source = $2 THEN failures ELSE 0 END), 0) AS BIGINT), \
                    CAST(COALESCE(MAX(CASE WHEN source = $2 THEN last_failure_at END), 0) AS BIGINT), \
                    CAST(COALESCE(SUM(failures), 0) AS BIGINT) \
             FROM login_failures WHERE email = $1 AND last_failure_at >= $3",
        )
        .bind(email)
        .bind(&source)
        .bind(now - FORGET_AFTER_MS)
        .fetch_one(pool)
        .await?
    });
    let until = own_last + wait_ms(own, all);
    if own > 0 && now < until {
        let retry_after_secs = ((until - now + 999) / 1000) as u64;
        return Err(ApiError::TooManyRequests {
            message: format!(
                "Too many failed sign-ins to this account from your network. Please wait {} and try again.",
                human_wait(retry_after_secs)
            ),
            retry_after_secs,
        });
    }
    Ok(own > 0)
}

/// Records a failed sign-in to `email` from `ip`'s source; a count last raised over a day ago
/// starts again, and failures that old on any account are forgotten.
pub async fn record_failure(db: &Db, email: &str, ip: &str, now: i64) -> Result<(), sqlx::Error> {
    let source = source_of(ip);
    let forgotten = now - FORGET_AFTER_MS;
    on_db_write!(db, pool => {
        sqlx::query(
            "INSERT INTO login_failures (email, source, failures, last_failure_at) \
             VALUES ($1, $2, 1, $3) \
             ON CONFLICT (email, source) DO UPDATE SET \
               failures = CASE WHEN login_failures.last_failure_at < $4 THEN 1 \
                               ELSE login_failures.failures + 1 END, \
               last_failure_at = excluded.last_failure_at",
        )
        .bind(email)
        .bind(&source)
        .bind(now)
        .bind(forgotten)
        .execute(pool)
        .await?;
        sqlx::query("DELETE FROM login_failures WHERE last_failure_at < $1")
            .bind(forgotten)
            .execute(pool)
            .await?;
        Ok(())
    })
}

/// Forgets the failures of `email` from `ip`'s source after a successful sign-in from there;
/// other sources' failures on the account stay, so a guesser elsewhere is still slowed.
pub async fn clear_source_failures(db: &Db, email: &str, ip: &str) -> Result<(), sqlx::Error> {
    let source = source_of(ip);
    on_db_write!(db, pool => {
        sqlx::query("DELETE FROM login_failures WHERE email = $1 AND source = $2")
            .bind(email)
            .bind(&source)
            .execute(pool)
            .await?;
        Ok(())
    })
}

/// Forgets every failure on `email`, from every source (its password was just set anew, so no
/// earlier guess says anything of it).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_source_is_its_64_network_and_a_mapped_ipv4_its_address() {
        assert_eq!(source_of("203.0.113.7"), "203.0.113.7");
        assert_eq!(
            source_of("2001:db8:85a3:12:8a2e:370:7334:1"),
            "2001:db8:85a3:12::/64"
        );
        assert_eq!(
            source_of("2001:db8:85a3:12:ffff::9"),
            source_of("2001:db8:85a3:12::1")
        );
        assert_eq!(source_of("::ffff:198.51.100.4"), "198.51.100.4");
        assert_eq!(source_of("unknown"), "unknown");
    }

    #[test]
    fn a_source_waits_only_for_failures_of_its_own() {
        assert_eq!(wait_ms(0, 10_000), 0, "a source that never failed here");
        assert_eq!(wait_ms(FREE_FAILURES - 1, FREE_FAILURES - 1), 0);
        assert_eq!(wait_ms(FREE_FAILURES, FREE_FAILURES), 30_000);
        assert_eq!(wait_ms(FREE_FAILURES + 3, FREE_FAILURES + 3), 240_000);
        assert_eq!(wait_ms(FREE_FAILURES + 5, 500), MAX_BACKOFF_SECS * 1000);
        assert_eq!(wait_ms(FREE_FAILURES + 400, 500), MAX_BACKOFF_SECS * 1000);
    }

    #[test]
    fn past_the_account_ceiling_one_failure_is_enough_to_wait() {
        assert_eq!(wait_ms(1, ACCOUNT_CEILING - 1), 0);
        assert_eq!(wait_ms(1, ACCOUNT_CEILING), 30_000);
        assert_eq!(wait_ms(1, ACCOUNT_CEILING + 2), 120_000);
        assert_eq!(wait_ms(1, ACCOUNT_CEILING + 60), MAX_BACKOFF_SECS * 1000);
    }
}

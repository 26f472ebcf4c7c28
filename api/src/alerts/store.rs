//! Job-alert subscriptions: double opt-in, unsubscribe, and the digests' bookkeeping. Every
//! change that sends an e-mail queues it in the same transaction.

use jobtap_core::alerts::{CONFIRM_LINK_MS, CONFIRMATION_EVERY_MS, DIGEST_EVERY_MS};

use crate::auth::tokens::{random_token, token_hash};
use crate::db::Db;
use crate::mail::config::MailConfig;
use crate::mail::outbox::NewRow;
use crate::mail::texts::{self, AlertConfirmation};
use crate::{on_db, on_db_write, queue_mail};

/// What a subscription request did. The caller is told the same in every case, so the answer
/// never says whether an address was already subscribed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subscribed {
    /// A confirmation e-mail was queued.
    ConfirmationQueued,
    /// Nothing was sent: the address is confirmed already, or had a confirmation this hour.
    Unchanged,
    /// The address passed the form's check but e-mail cannot carry it.
    Undeliverable,
}

/// The search a subscription follows: its query (as stored) and its words (for the e-mails).
#[derive(Debug, Clone, Copy)]
pub struct Followed<'a> {
    pub query: &'a str,
    pub words: &'a str,
}

/// Asks `email` (validated, lower-cased) to confirm job alerts for `user_id` that follow
/// `search`: a new subscription, or an unconfirmed one whose last confirmation is an hour old
/// or more. The caller's own subscription otherwise takes the new search without an e-mail.
pub async fn subscribe(
    db: &Db,
    mail: &MailConfig,
    user_id: &str,
    email: &str,
    search: Followed<'_>,
    now: i64,
) -> Result<Subscribed, sqlx::Error> {
    let token = random_token();
    let confirm_url = format!("{}/alerts/confirm?token={token}", mail.public_url);
    let message = texts::alert_confirmation(&AlertConfirmation {
        to_address: email,
        confirm_url: &confirm_url,
        search: search.words,
    });
    let Ok(row) = NewRow::new(&message, mail, now) else {
        return Ok(Subscribed::Undeliverable);
    };
    let hash = token_hash(&token);
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        // One statement each, so two requests at once cannot both send.
        let inserted = sqlx::query(
            "INSERT INTO job_alert_subscriptions (id, user_id, email, created_at, confirm_hash, \
             confirm_sent_at, unsubscribe_token, search) VALUES ($1, $2, $3, $4, $5, $4, $6, $7) \
             ON CONFLICT (email) DO NOTHING",
        )
        .bind(uuid::Uuid::new_v4().to_string())
        .bind(user_id)
        .bind(email)
        .bind(now)
        .bind(&hash)
        .bind(random_token())
        .bind(search.query)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        // An unconfirmed request is renewed by the account that made it; another account may
        // take it over only once its link has expired, so nobody can divert a pending one.
        let renewed = inserted
            || sqlx::query(
                "UPDATE job_alert_subscriptions SET confirm_hash = $2, confirm_sent_at = $3, \
                 user_id = $4, unsubscribe_token = COALESCE(unsubscribe_token, $5), search = $8 \
                 WHERE email = $1 AND confirmed_at IS NULL \
                 AND (confirm_sent_at IS NULL OR confirm_sent_at <= $6) \
                 AND (user_id = $4 OR user_id IS NULL OR confirm_sent_at IS NULL \
                 OR confirm_sent_at <= $7)",
            )
            .bind(email)
            .bind(&hash)
            .bind(now)
            .bind(user_id)
            .bind(random_token())
            .bind(now - CONFIRMATION_EVERY_MS)
            .bind(now - CONFIRM_LINK_MS)
            .bind(search.query)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
        if !renewed {
            // No e-mail goes, but the account's own subscription follows its latest search
            // (another account's is left alone, so nobody can change what a stranger gets).
            sqlx::query(
                "UPDATE job_alert_subscriptions SET search = $3 WHERE email = $1 AND user_id = $2",
            )
            .bind(email)
            .bind(user_id)
            .bind(search.query)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            return Ok(Subscribed::Unchanged);
        }
        queue_mail!(&mut *tx, &row)?;
        tx.commit().await?;
        Ok::<_, sqlx::Error>(Subscribed::ConfirmationQueued)
    })
}

/// Where a confirmation or unsubscribe link stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Link {
    /// The link works; the subscription's address.
    Live { email: String, confirmed: bool },
    /// A confirmation link older than [`CONFIRM_LINK_MS`] for a subscription never confirmed.
    Expired,
    /// No subscription has this token (never, or unsubscribed since).
    Unknown,
}

#[derive(sqlx::FromRow)]
struct LinkRow {
    email: String,
    confirmed_at: Option<i64>,
    confirm_sent_at: Option<i64>,
}

/// What the confirmation link with `token` would do at `now`.
pub async fn confirm_link(db: &Db, token: &str, now: i64) -> Result<Link, sqlx::Error> {
    let row: Option<LinkRow> = on_db!(db, pool => {
        sqlx::query_as(
            "SELECT email, confirmed_at, confirm_sent_at FROM job_alert_subscriptions \
             WHERE confirm_hash = $1",
        )
        .bind(token_hash(token))
        .fetch_optional(pool)
        .await
    })?;
    Ok(match row {
        None => Link::Unknown,
        Some(row) if row.confirmed_at.is_some() => Link::Live {
            email: row.email,
            confirmed: true,
        },
        Some(row) => {
            if jobtap_core::alerts::confirm_link_live(row.confirm_sent_at.unwrap_or(0), now) {
                Link::Live {
                    email: row.email,
                    confirmed: false,
                }
            } else {
                Link::Expired
            }
        }
    })
}

/// Confirms the subscription of the link with `token` (again is fine); what the link was.
pub async fn confirm(db: &Db, token: &str, now: i64) -> Result<Link, sqlx::Error> {
    let email: Option<String> = on_db_write!(db, pool => {
        sqlx::query_scalar(
            "UPDATE job_alert_subscriptions SET confirmed_at = COALESCE(confirmed_at, $2) \
             WHERE confirm_hash = $1 AND (confirmed_at IS NOT NULL OR confirm_sent_at > $3) \
             RETURNING email",
        )
        .bind(token_hash(token))
        .bind(now)
        .bind(now - CONFIRM_LINK_MS)
        .fetch_optional(pool)
        .await
    })?;
    match email {
        Some(email) => Ok(Link::Live {
            email,
            confirmed: true,
        }),
        None => confirm_link(db, token, now).await,
    }
}

/// The address of the subscription whose unsubscribe link has `token`.
pub async fn unsubscribe_link(db: &Db, token: &str) -> Result<Option<String>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_scalar(
            "SELECT email FROM job_alert_subscriptions WHERE unsubscribe_token = $1",
        )
        .bind(token)
        .fetch_optional(pool)
        .await
    })
}

/// Ends the subscription whose unsubscribe link has `token`: the row and what it was sent go.
pub async fn unsubscribe(db: &Db, token: &str) -> Result<Option<String>, sqlx::Error> {
    on_db_write!(db, pool => {
        sqlx::query_scalar(
            "DELETE FROM job_alert_subscriptions WHERE unsubscribe_token = $1 RETURNING email",
        )
        .bind(token)
        .fetch_optional(pool)
        .await
    })
}

/// A confirmed subscription whose digest is due.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Due {
    pub id: String,
    pub user_id: Option<String>,
    pub email: String,
    pub full_name: String,
    pub unsubscribe_token: String,
    pub confirmed_at: i64,
    /// The search the alert follows (see [`Followed`]), empty for every new job.
    pub search: String,
}

/// Up to `limit` confirmed subscriptions due a digest at `now`, after `after` (an id, for
/// paging through them all).
pub async fn due(db: &Db, now: i64, after: &str, limit: i64) -> Result<Vec<Due>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, Due>(
            "SELECT s.id, s.user_id, s.email, COALESCE(p.full_name, '') AS full_name, \
             s.unsubscribe_token, s.confirmed_at, s.search FROM job_alert_subscriptions s \
             LEFT JOIN profiles p ON p.id = s.user_id \
             WHERE s.confirmed_at IS NOT NULL AND s.unsubscribe_token IS NOT NULL \
             AND (s.last_digest_at IS NULL OR s.last_digest_at <= $1) AND s.id > $2 \
             ORDER BY s.id LIMIT $3",
        )
        .bind(now - DIGEST_EVERY_MS)
        .bind(after)
        .bind(limit)
        .fetch_all(pool)
        .await
    })
}

/// Which of `job_ids` subscription `id` was sent already.
pub async fn already_sent(
    db: &Db,
    id: &str,
    job_ids: &[String],
) -> Result<Vec<String>, sqlx::Error> {
    if job_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sent: Vec<String> = on_db!(db, pool => {
        sqlx::query_scalar("SELECT job_id FROM job_alert_sent WHERE subscription_id = $1")
            .bind(id)
            .fetch_all(pool)
            .await
    })?;
    Ok(job_ids
        .iter()
        .filter(|job| sent.contains(job))
        .cloned()
        .collect())
}

/// Records a digest of `job_ids` for subscription `id` and queues its message, unless another
/// sender did so first or the subscription ended meanwhile (then false, nothing written).
pub async fn record_digest(
    db: &Db,
    id: &str,
    job_ids: &[String],
    row: &NewRow,
    now: i64,
) -> Result<bool, sqlx::Error> {
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        let claimed = sqlx::query(
            "UPDATE job_alert_subscriptions SET last_digest_at = $2 WHERE id = $1 \
             AND confirmed_at IS NOT NULL AND (last_digest_at IS NULL OR last_digest_at <= $3)",
        )
        .bind(id)
        .bind(now)
        .bind(now - DIGEST_EVERY_MS)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if !claimed {
            return Ok(false);
        }
        for job in job_ids {
            sqlx::query(
                "INSERT INTO job_alert_sent (subscription_id, job_id, sent_at) VALUES ($1, $2, $3) \
                 ON CONFLICT DO NOTHING",
            )
            .bind(id)
            .bind(job)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        queue_mail!(&mut *tx, row)?;
        tx.commit().await?;
        Ok::<_, sqlx::Error>(true)
    })
}

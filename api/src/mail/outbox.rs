//! The outbox table: messages queued with the change that causes them, claimed by a sender,
//! marked sent or scheduled again.

use crate::db::Db;
use crate::on_db_write;

use super::config::MailConfig;
use super::message::{BuildError, Mail, build, one_line};

/// After this many failed tries a message is left with its last error and not tried again.
pub const MAX_ATTEMPTS: i64 = 12;

/// A message ready to be queued: [`queue_mail!`] writes it within the caller's transaction.
#[derive(Debug)]
pub struct NewRow {
    pub id: String,
    pub kind: &'static str,
    pub recipient: String,
    pub subject: String,
    pub message: Vec<u8>,
    pub now: i64,
}

impl NewRow {
    /// Builds `mail` now, so what is queued is exactly what will be sent.
    pub fn new(mail: &Mail, config: &MailConfig, now: i64) -> Result<Self, BuildError> {
        let id = uuid::Uuid::new_v4().simple().to_string();
        let built = build(mail, config, &id)?;
        Ok(Self {
            id,
            kind: mail.kind,
            recipient: built.to,
            subject: one_line(&mail.subject),
            message: built.bytes,
            now,
        })
    }
}

/// Inserts a [`NewRow`] through `$conn` (a transaction of either engine, `&mut *tx`).
#[macro_export]
macro_rules! queue_mail {
    ($conn:expr, $row:expr) => {{
        let row: &$crate::mail::outbox::NewRow = $row;
        sqlx::query(
            "INSERT INTO mail_outbox (id, kind, recipient, subject, message, created_at, \
             next_attempt_at) VALUES ($1, $2, $3, $4, $5, $6, $6)",
        )
        .bind(&row.id)
        .bind(row.kind)
        .bind(&row.recipient)
        .bind(&row.subject)
        .bind(&row.message)
        .bind(row.now)
        .execute($conn)
        .await
        .map(|_| ())
    }};
}

/// A queued message a sender has claimed.
#[derive(Debug, sqlx::FromRow)]
pub struct Claimed {
    pub id: String,
    /// This claim's id: only its holder may renew or mark the row.
    pub claimed_by: String,
    pub recipient: String,
    pub subject: String,
    pub message: Vec<u8>,
    pub attempts: i64,
}

/// Claims up to `limit` messages that are due and not held by another sender.
/// `claim_ms` is how long the sender holds them: one killed mid-send lets go by itself then.
pub async fn claim(
    db: &Db,
    now: i64,
    claim_ms: i64,
    limit: i64,
) -> Result<Vec<Claimed>, sqlx::Error> {
    // Looked at first on the read pool: the sender asks every few seconds, and on SQLite an
    // empty claim would still take the one writer connection from the requests.
    let due: Option<i32> = crate::on_db!(db, pool => {
        sqlx::query_scalar(
            "SELECT 1 FROM mail_outbox WHERE sent_at IS NULL AND next_attempt_at <= $1 \
             AND attempts < $2 AND (claimed_until IS NULL OR claimed_until < $1) LIMIT 1",
        )
        .bind(now)
        .bind(MAX_ATTEMPTS)
        .fetch_optional(pool)
        .await
    })?;
    if due.is_none() {
        return Ok(Vec::new());
    }
    macro_rules! claim_sql {
        ($lock:literal) => {
            concat!(
                "UPDATE mail_outbox SET claimed_until = $1, claimed_by = $5 WHERE id IN (SELECT id \
                 FROM mail_outbox WHERE sent_at IS NULL AND next_attempt_at <= $2 AND attempts < $3 \
                 AND (claimed_until IS NULL OR claimed_until < $2) ORDER BY next_attempt_at LIMIT $4",
                $lock,
                ") RETURNING id, claimed_by, recipient, subject, message, attempts"
            )
        };
    }
    // On PostgreSQL, rows another instance is claiming this moment are skipped, not waited for;
    // SQLite has one writer, so its claim is already alone.
    let sql = match db {
        Db::Sqlite { .. } => claim_sql!(""),
        Db::Postgres { .. } => claim_sql!(" FOR UPDATE SKIP LOCKED"),
    };
    on_db_write!(db, pool => {
        sqlx::query_as::<_, Claimed>(sql)
            .bind(now + claim_ms)
            .bind(now)
            .bind(MAX_ATTEMPTS)
            .bind(limit)
            .bind(uuid::Uuid::new_v4().simple().to_string())
            .fetch_all(pool)
            .await
    })
}

/// Holds a claimed message `claim_ms` longer, right before it is handed over; false when the
/// claim ran out and another sender took it (it must not be sent here then).
pub async fn renew(
    db: &Db,
    message: &Claimed,
    now: i64,
    claim_ms: i64,
) -> Result<bool, sqlx::Error> {
    on_db_write!(db, pool => {
        sqlx::query(
            "UPDATE mail_outbox SET claimed_until = $3 WHERE id = $1 AND claimed_by = $2 \
             AND sent_at IS NULL",
        )
        .bind(&message.id)
        .bind(&message.claimed_by)
        .bind(now + claim_ms)
        .execute(pool)
        .await
        .map(|done| done.rows_affected() == 1)
    })
}

/// Marks a claimed message sent.
pub async fn mark_sent(db: &Db, message: &Claimed, now: i64) -> Result<(), sqlx::Error> {
    on_db_write!(db, pool => {
        sqlx::query(
            "UPDATE mail_outbox SET sent_at = $3, claimed_until = NULL, claimed_by = NULL \
             WHERE id = $1 AND claimed_by = $2",
        )
        .bind(&message.id)
        .bind(&message.claimed_by)
        .bind(now)
        .execute(pool)
        .await
        .map(|_| ())
    })
}

/// Records a failed try and when to try again; `give_up` leaves it with its error for good
/// (the server refused it outright, or this was the last try).
pub async fn mark_failed(
    db: &Db,
    message: &Claimed,
    next_attempt_at: i64,
    give_up: bool,
    error: &str,
) -> Result<(), sqlx::Error> {
    on_db_write!(db, pool => {
        sqlx::query(
            "UPDATE mail_outbox SET attempts = CASE WHEN $5 THEN $6 ELSE attempts + 1 END, \
             next_attempt_at = $3, claimed_until = NULL, claimed_by = NULL, last_error = $4 \
             WHERE id = $1 AND claimed_by = $2",
        )
        .bind(&message.id)
        .bind(&message.claimed_by)
        .bind(next_attempt_at)
        .bind(error)
        .bind(give_up)
        .bind(MAX_ATTEMPTS)
        .execute(pool)
        .await
        .map(|_| ())
    })
}

/// The wait before try number `attempts + 1`: 2 s, doubling, at most 30 minutes.
pub fn back_off_ms(attempts: i64) -> i64 {
    let doublings = u32::try_from(attempts.clamp(0, 20)).unwrap_or(20);
    (2_000_i64 << doublings).min(30 * 60 * 1000)
}

/// What the outbox holds (the tests read it).
#[derive(Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct Counts {
    pub waiting: i64,
    pub sent: i64,
}

/// How many messages wait and how many were sent.
pub async fn counts(db: &Db) -> Result<Counts, sqlx::Error> {
    crate::on_db!(db, pool => {
        sqlx::query_as::<_, Counts>(
            "SELECT COALESCE(SUM(CASE WHEN sent_at IS NULL THEN 1 ELSE 0 END), 0) AS waiting, \
             COALESCE(SUM(CASE WHEN sent_at IS NULL THEN 0 ELSE 1 END), 0) AS sent FROM mail_outbox",
        )
        .fetch_one(pool)
        .await
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn back_off_doubles_from_two_seconds_up_to_half_an_hour() {
        assert_eq!(back_off_ms(0), 2_000);
        assert_eq!(back_off_ms(1), 4_000);
        assert_eq!(back_off_ms(5), 64_000);
        assert_eq!(back_off_ms(11), 30 * 60 * 1000);
        assert_eq!(back_off_ms(500), 30 * 60 * 1000);
    }
}

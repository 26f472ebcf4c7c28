//! Server-side sessions and refresh-token rotation.

use crate::audit::Event;
use crate::clock::DAY_MS;
use crate::db::Db;
use crate::{on_db, on_db_write};

use super::tokens::{open_replacement, random_token, seal_replacement, token_hash};

/// A session unused for this long is over.
pub const SESSION_IDLE_MS: i64 = 30 * DAY_MS;
/// Two uses of one refresh token this close together (two tabs) are not a theft.
pub const REFRESH_GRACE_MS: i64 = 10_000;

/// The condition that `sessions s` is session `$id` of user `$user`, not revoked and used
/// after `$idle_since` (placeholders): the one definition of a live session, for every
/// query that checks one.
#[macro_export]
macro_rules! live_session {
    ($id:literal, $user:literal, $idle_since:literal) => {
        concat!(
            "s.id = ",
            $id,
            " AND s.user_id = ",
            $user,
            " AND s.revoked_at IS NULL AND s.last_used_at > ",
            $idle_since
        )
    };
}

/// What a refresh attempt came to.
#[derive(Debug)]
pub enum Refresh {
    /// A new refresh token (or the same replacement, within the grace window).
    Rotated {
        session_id: String,
        user_id: String,
        refresh_token: String,
    },
    /// Unknown token, revoked or idle session.
    Invalid,
    /// An old token came back after the grace window: the session is now revoked.
    Reused { session_id: String, user_id: String },
}

/// The new session's row, `$1` to `$5` (a macro, so that [`CREATE_POSTGRES`] can embed it).
macro_rules! insert_session {
    () => {
        "INSERT INTO sessions (id, user_id, created_at, last_used_at, user_agent, ip) \
         VALUES ($1, $2, $3, $3, $4, $5)"
    };
}

/// PostgreSQL: the session, its first refresh token and the audit row in one
/// statement. A sign-in waits for a pooled connection and then for a busy server at
/// every trip; as a transaction this was five trips (docs/benchmarks.md).
/// The refresh token's foreign key is checked at the end of the statement, when the
/// session row exists.
const CREATE_POSTGRES: &str = concat!(
    "WITH s AS (",
    insert_session!(),
    " RETURNING id), t AS (INSERT INTO refresh_tokens (token_hash, session_id, issued_at) \
     SELECT $6, id, $3 FROM s) \
     INSERT INTO audit_log (at, event, actor_id, subject, ip, detail, company_id) \
     SELECT $3, $7, $8, $9, $10, $11, $12 FROM s"
);

/// Opens a session for `user_id` and records `event` (the sign-up or sign-in) with it,
/// atomically; returns the session's id and first refresh token.
pub async fn create(
    db: &Db,
    user_id: &str,
    now: i64,
    user_agent: Option<&str>,
    ip: Option<&str>,
    event: &Event<'_>,
) -> Result<(String, String), sqlx::Error> {
    let session_id = uuid::Uuid::new_v4().to_string();
    let refresh = random_token();
    let user_agent = user_agent.map(|ua| {
        ua.chars()
            .take(jobtap_core::user_agent::USER_AGENT_MAX_CHARS)
            .collect::<String>()
    });
    match db {
        // In-process, each statement of the transaction is a cheap call on the writer.
        Db::Sqlite { writer, .. } => {
            let mut tx = crate::db::begin(writer).await?;
            sqlx::query(insert_session!())
                .bind(&session_id)
                .bind(user_id)
                .bind(now)
                .bind(user_agent)
                .bind(ip)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "INSERT INTO refresh_tokens (token_hash, session_id, issued_at) VALUES ($1, $2, $3)",
            )
            .bind(token_hash(&refresh))
            .bind(&session_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            crate::audit_insert!(now, event).execute(&mut *tx).await?;
            tx.commit().await?;
        }
        Db::Postgres { pool, .. } => {
            sqlx::query(CREATE_POSTGRES)
                .bind(&session_id)
                .bind(user_id)
                .bind(now)
                .bind(user_agent)
                .bind(ip)
                .bind(token_hash(&refresh))
                .bind(event.event)
                .bind(event.actor_id)
                .bind(event.subject)
                .bind(event.ip)
                .bind(crate::audit::detail(event))
                .bind(event.company_id)
                .execute(pool)
                .await?;
        }
    }
    Ok((session_id, refresh))
}

#[derive(sqlx::FromRow)]
struct TokenRow {
    session_id: String,
    user_id: String,
    used_at: Option<i64>,
    replacement_enc: Option<String>,
    revoked_at: Option<i64>,
    last_used_at: i64,
}

const REVOKE: &str =
    "UPDATE sessions SET revoked_at = $1, revoked_reason = $2 WHERE id = $3 AND revoked_at IS NULL";

const TOKEN_ROW: &str = "SELECT t.session_id, s.user_id, t.used_at, t.replacement_enc, s.revoked_at, \
    s.last_used_at FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id WHERE t.token_hash = $1";

/// Uses `presented` once: rotates it, answers a near-simultaneous second use with
/// the same replacement, and revokes the session on any later reuse.
pub async fn refresh(db: &Db, presented: &str, now: i64) -> Result<Refresh, sqlx::Error> {
    let hash = token_hash(presented);
    on_db_write!(db, pool => {
        let Some(row) = sqlx::query_as::<_, TokenRow>(TOKEN_ROW)
            .bind(&hash)
            .fetch_optional(pool)
            .await?
        else {
            return Ok(Refresh::Invalid);
        };
        if row.revoked_at.is_some() || now - row.last_used_at > SESSION_IDLE_MS {
            return Ok(Refresh::Invalid);
        }
        if row.used_at.is_none() {
            let replacement = random_token();
            let mut tx = crate::db::begin(pool).await?;
            // Only one caller can mark the token used; a racing one falls through below.
            let marked = sqlx::query(
                "UPDATE refresh_tokens SET used_at = $1, replacement_enc = $2 \
                 WHERE token_hash = $3 AND used_at IS NULL",
            )
            .bind(now)
            .bind(seal_replacement(presented, &replacement))
            .bind(&hash)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if marked == 1 {
                sqlx::query("INSERT INTO refresh_tokens (token_hash, session_id, issued_at) VALUES ($1, $2, $3)")
                    .bind(token_hash(&replacement))
                    .bind(&row.session_id)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query("UPDATE sessions SET last_used_at = $1 WHERE id = $2")
                    .bind(now)
                    .bind(&row.session_id)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                return Ok(Refresh::Rotated {
                    session_id: row.session_id,
                    user_id: row.user_id,
                    refresh_token: replacement,
                });
            }
            tx.rollback().await?;
        }
        // The token was used before (or a moment ago by a racing request).
        let used = sqlx::query_as::<_, TokenRow>(TOKEN_ROW).bind(&hash).fetch_one(pool).await?;
        let within_grace = used.used_at.is_some_and(|at| now - at <= REFRESH_GRACE_MS);
        let replacement = used.replacement_enc.as_deref().and_then(|enc| open_replacement(presented, enc));
        if let (true, Some(refresh_token)) = (within_grace, replacement) {
            return Ok(Refresh::Rotated {
                session_id: used.session_id,
                user_id: used.user_id,
                refresh_token,
            });
        }
        sqlx::query(REVOKE)
            .bind(now)
            .bind("refresh_token_reuse")
            .bind(&used.session_id)
            .execute(pool)
            .await?;
        Ok(Refresh::Reused { session_id: used.session_id, user_id: used.user_id })
    })
}

/// Ends a session: its access and refresh tokens stop working at once.
pub async fn revoke(db: &Db, session_id: &str, reason: &str, now: i64) -> Result<(), sqlx::Error> {
    on_db_write!(db, pool => {
        sqlx::query(REVOKE).bind(now).bind(reason).bind(session_id).execute(pool).await?;
        Ok(())
    })
}

/// The user of a live session with its roles, or `None` when the session is revoked or idle.
pub async fn live_user(
    db: &Db,
    session_id: &str,
    user_id: &str,
    now: i64,
) -> Result<Option<Vec<String>>, sqlx::Error> {
    let rows: Vec<(Option<String>,)> = on_db!(db, pool => {
        sqlx::query_as(
            concat!(
                "SELECT r.role FROM sessions s LEFT JOIN user_roles r ON r.user_id = s.user_id WHERE ",
                crate::live_session!("$1", "$2", "$3")
            ),
        )
        .bind(session_id)
        .bind(user_id)
        .bind(now - SESSION_IDLE_MS)
        .fetch_all(pool)
        .await?
    });
    if rows.is_empty() {
        return Ok(None);
    }
    Ok(Some(rows.into_iter().filter_map(|(role,)| role).collect()))
}

/// One of a user's live sessions, as Settings lists it.
#[derive(Debug, sqlx::FromRow)]
pub struct SessionRow {
    pub id: String,
    pub created_at: i64,
    pub last_used_at: i64,
    pub user_agent: Option<String>,
    pub ip: Option<String>,
}

/// `user_id`'s live sessions, the most recently used first.
pub async fn list(db: &Db, user_id: &str, now: i64) -> Result<Vec<SessionRow>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as(
            "SELECT id, created_at, last_used_at, user_agent, ip FROM sessions \
             WHERE user_id = $1 AND revoked_at IS NULL AND last_used_at > $2 \
             ORDER BY last_used_at DESC, created_at DESC, id",
        )
        .bind(user_id)
        .bind(now - SESSION_IDLE_MS)
        .fetch_all(pool)
        .await
    })
}

/// Ends `user_id`'s live session `session_id`; `false` when the user has no such session.
pub async fn end_own(
    db: &Db,
    user_id: &str,
    session_id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    on_db_write!(db, pool => {
        let ended = sqlx::query(concat!(
            "UPDATE sessions AS s SET revoked_at = $4, revoked_reason = 'ended_in_settings' WHERE ",
            crate::live_session!("$1", "$2", "$3")
        ))
        .bind(session_id)
        .bind(user_id)
        .bind(now - SESSION_IDLE_MS)
        .bind(now)
        .execute(pool)
        .await?
        .rows_affected();
        Ok(ended == 1)
    })
}

/// Ends every live session of `user_id` but `keep`; answers how many ended.
pub async fn end_others(db: &Db, user_id: &str, keep: &str, now: i64) -> Result<u64, sqlx::Error> {
    on_db_write!(db, pool => {
        let ended = sqlx::query(
            "UPDATE sessions SET revoked_at = $1, revoked_reason = 'ended_in_settings' \
             WHERE user_id = $2 AND id <> $3 AND revoked_at IS NULL AND last_used_at > $4",
        )
        .bind(now)
        .bind(user_id)
        .bind(keep)
        .bind(now - SESSION_IDLE_MS)
        .execute(pool)
        .await?
        .rows_affected();
        Ok(ended)
    })
}

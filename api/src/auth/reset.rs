//! Setting a new password: "Forgot password?" links and "Change password".
//!
//! A link's token is 256 random bits, stored only as its SHA-256 (`password_resets`), good
//! once and for core's `LINK_MS`. Setting the password, ending the account's sessions (every
//! one after a link, every other one after a change in Settings), ending its other links and
//! queueing the "your password was changed" e-mail happen in one transaction.

use jobtap_core::password_reset::{LINK_MS, RESET_PAGE};

use crate::audit::Event;
use crate::db::Db;
use crate::error::ApiError;
use crate::mail::outbox::NewRow;
use crate::mail::texts::{self, PasswordChange, PasswordChanged, PasswordReset};
use crate::state::AppState;
use crate::{on_db, on_db_write, queue_mail};

use super::tokens::{random_token, token_hash};

/// The account a link or a change is for.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Account {
    pub id: String,
    pub email: String,
    pub full_name: String,
}

/// The [`Account`] columns of `users u` (with `profiles p`) where `$cond` holds.
macro_rules! account_where {
    ($cond:literal) => {
        concat!(
            "SELECT u.id, u.email, COALESCE(p.full_name, '') AS full_name \
             FROM users u LEFT JOIN profiles p ON p.id = u.id WHERE ",
            $cond
        )
    };
}

/// The account that uses `email` (validated, lower-cased), if any.
pub async fn account_by_email(db: &Db, email: &str) -> Result<Option<Account>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as(account_where!("u.email = $1")).bind(email).fetch_optional(pool).await
    })
}

#[derive(sqlx::FromRow)]
struct WithHash {
    #[sqlx(flatten)]
    account: Account,
    password_hash: String,
}

/// Account `id` and its password hash.
pub async fn account_with_hash(
    db: &Db,
    id: &str,
) -> Result<Option<(Account, String)>, sqlx::Error> {
    let row: Option<WithHash> = on_db!(db, pool => {
        sqlx::query_as(
            "SELECT u.id, u.email, COALESCE(p.full_name, '') AS full_name, u.password_hash \
             FROM users u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await
    })?;
    Ok(row.map(|row| (row.account, row.password_hash)))
}

/// Sends a reset link to the account that uses `email`, if one does; nothing otherwise. The
/// request is recorded either way, as a sign-in is: many unknown addresses from one place look
/// like a list being tried.
pub async fn send_link(state: &AppState, email: &str, ip: Option<&str>) -> Result<(), ApiError> {
    let now = state.now_ms();
    let Some(account) = account_by_email(&state.db, email).await? else {
        crate::audit::record(
            &state.db,
            now,
            Event {
                event: "password_reset_asked",
                subject: Some(email),
                ip,
                detail: Some(serde_json::json!({ "reason": "unknown_email" })),
                ..Default::default()
            },
        )
        .await;
        return Ok(());
    };
    let token = random_token();
    let config = &state.config.mail;
    let reset_url = format!("{}{RESET_PAGE}#token={token}", config.public_url);
    let mail = texts::password_reset(&PasswordReset {
        to_address: &account.email,
        name: &account.full_name,
        reset_url: &reset_url,
    });
    let row = NewRow::new(&mail, config, now)
        .map_err(|err| anyhow::anyhow!("Failed to build the password reset e-mail: {err}"))?;
    let event = Event {
        event: "password_reset_asked",
        subject: Some(&account.id),
        ip,
        ..Default::default()
    };
    on_db_write!(&state.db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        // Links whose hour is over are of no use to anyone: they go as new ones come.
        sqlx::query("DELETE FROM password_resets WHERE created_at <= $1")
            .bind(now - LINK_MS)
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO password_resets (token_hash, user_id, created_at) VALUES ($1, $2, $3)")
            .bind(token_hash(&token))
            .bind(&account.id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        queue_mail!(&mut *tx, &row)?;
        crate::audit_insert!(now, &event).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok::<_, sqlx::Error>(())
    })?;
    state.mail_queued();
    config.show_link("password reset link", &account.email, &reset_url);
    Ok(())
}

/// The account whose link `token` still works at `now`.
pub async fn live_link(db: &Db, token: &str, now: i64) -> Result<Option<Account>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as(account_where!(
            "u.id = (SELECT r.user_id FROM password_resets r WHERE r.token_hash = $1 \
             AND r.created_at > $2)"
        ))
        .bind(token_hash(token))
        .bind(now - LINK_MS)
        .fetch_optional(pool)
        .await
    })
}

/// How the new password was asked for.
#[derive(Debug, Clone, Copy)]
pub enum How<'a> {
    /// With the link of `token`, which is used up here: every session ends.
    Link { token: &'a str },
    /// In Settings, signed in on `session_id`, which stays: every other session ends.
    Settings { session_id: &'a str },
}

/// Writes `hash` as the password of `account`, ends its sessions and links, queues the
/// "your password was changed" e-mail and records the change, all at once. False (and nothing
/// written) when a link was used or expired meanwhile.
pub async fn set_password(
    state: &AppState,
    db: &Db,
    account: &Account,
    hash: &str,
    how: How<'_>,
    ip: Option<&str>,
) -> Result<bool, ApiError> {
    let now = state.now_ms();
    let (kind, token, keep_session) = match how {
        How::Link { token } => (PasswordChange::ResetLink, Some(token), None),
        How::Settings { session_id } => (PasswordChange::Settings, None, Some(session_id)),
    };
    let (event, reason) = match kind {
        PasswordChange::ResetLink => ("password_reset", "password_reset"),
        PasswordChange::Settings => ("password_changed", "password_changed"),
    };
    let mail = texts::password_changed(&PasswordChanged {
        to_address: &account.email,
        name: &account.full_name,
        how: kind,
        public_url: &state.config.mail.public_url,
    });
    // An address e-mail cannot carry still gets its new password, without the notice.
    let row = NewRow::new(&mail, &state.config.mail, now)
        .inspect_err(
            |err| tracing::warn!(error = %err, "no password-changed e-mail: it cannot be built"),
        )
        .ok();
    let event = Event::own(event, &account.id, ip);
    let done = on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        if let Some(token) = token {
            // Deleted as it is used: two requests with one link cannot both pass.
            let used = sqlx::query("DELETE FROM password_resets WHERE token_hash = $1 AND created_at > $2")
                .bind(token_hash(token))
                .bind(now - LINK_MS)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            if used != 1 {
                tx.rollback().await?;
                return Ok(false);
            }
        }
        sqlx::query("UPDATE users SET password_hash = $2 WHERE id = $1")
            .bind(&account.id)
            .bind(hash)
            .execute(&mut *tx)
            .await?;
        // A session's refresh tokens stop working with it (`sessions::refresh`).
        sqlx::query(
            "UPDATE sessions SET revoked_at = $2, revoked_reason = $3 \
             WHERE user_id = $1 AND revoked_at IS NULL AND ($4 IS NULL OR id <> $4)",
        )
        .bind(&account.id)
        .bind(now)
        .bind(reason)
        .bind(keep_session)
        .execute(&mut *tx)
        .await?;
        // A link asked for before is no way in once the password has changed.
        sqlx::query("DELETE FROM password_resets WHERE user_id = $1")
            .bind(&account.id)
            .execute(&mut *tx)
            .await?;
        if let Some(row) = &row {
            queue_mail!(&mut *tx, row)?;
        }
        crate::audit_insert!(now, &event).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok::<_, sqlx::Error>(true)
    })?;
    if done && row.is_some() {
        state.mail_queued();
    }
    Ok(done)
}

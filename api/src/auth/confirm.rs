//! Confirming e-mail addresses: the link sent at sign-up (and again on request), and the link
//! to a new address, which replaces the account's address only when it is followed.
//!
//! A link's token is 256 random bits, stored only as its SHA-256 with the address it confirms
//! (`email_confirmations`), good once and for core's `LINK_MS`. Each link is written with its
//! e-mail in one transaction; following one deletes it as it is used.

use jobtap_core::email_confirmation::{CONFIRM_PAGE, LINK_MS};

use crate::audit::Event;
use crate::db::Db;
use crate::error::{ApiError, ErrorKind};
use crate::mail::outbox::NewRow;
use crate::mail::texts::{self, EmailChangeAsked, EmailConfirmation};
use crate::state::AppState;
use crate::{on_db, on_db_write, queue_mail};

use super::reset::Account;
use super::tokens::{random_token, token_hash};

/// A link made for an address, not yet written: its token's hash, its e-mail and its address.
pub struct NewLink {
    pub token_hash: String,
    pub row: NewRow,
    url: String,
    /// The address the link confirms.
    pub to: String,
}

impl NewLink {
    /// A fresh link to `to` for the account named `name`; `is_change` when `to` is a new address.
    pub fn make(state: &AppState, to: &str, name: &str, is_change: bool) -> Result<Self, ApiError> {
        let token = random_token();
        let config = &state.config.mail;
        let url = format!("{}{CONFIRM_PAGE}#token={token}", config.public_url);
        let mail = texts::email_confirmation(&EmailConfirmation {
            to_address: to,
            name,
            confirm_url: &url,
            is_change,
        });
        let row = NewRow::new(&mail, config, state.now_ms())
            .map_err(|err| anyhow::anyhow!("Failed to build the confirmation e-mail: {err}"))?;
        Ok(Self {
            token_hash: token_hash(&token),
            row,
            url,
            to: to.to_string(),
        })
    }

    /// Tells the mail sender, and, with no SMTP server, prints the link so a person trying
    /// JobTap on their own machine can follow it. Call once the link is committed.
    pub fn sent(&self, state: &AppState) {
        state.mail_queued();
        state
            .config
            .mail
            .show_link("e-mail confirmation link", &self.to, &self.url);
    }
}

/// Deletes the links whose days are over through `$conn`: they are of no use to anyone, so they
/// go as new ones come.
macro_rules! drop_expired_links {
    ($conn:expr, $now:expr) => {
        sqlx::query("DELETE FROM email_confirmations WHERE created_at <= $1")
            .bind($now - LINK_MS)
            .execute($conn)
            .await
    };
}

/// Inserts `link` for `user_id` (the address it confirms is its e-mail's) through `$conn`.
#[macro_export]
macro_rules! insert_email_link {
    ($conn:expr, $user_id:expr, $link:expr) => {{
        let link: &$crate::auth::confirm::NewLink = $link;
        sqlx::query(
            "INSERT INTO email_confirmations (token_hash, user_id, email, created_at) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(&link.token_hash)
        .bind($user_id)
        .bind(&link.to)
        .bind(link.row.now)
        .execute($conn)
        .await
        .map(|_| ())
    }};
}

/// Whether user `id` may apply and publish: their address is confirmed, or the deployment does
/// not ask for it (`JOBTAP_REQUIRE_CONFIRMED_EMAIL=0`).
pub async fn is_confirmed(state: &AppState, id: &str) -> Result<bool, ApiError> {
    if !state.config.require_confirmed_email {
        return Ok(true);
    }
    let at: Option<Option<i64>> = on_db!(&state.db, pool => {
        sqlx::query_scalar("SELECT email_confirmed_at FROM users WHERE id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await
    })?;
    Ok(at.flatten().is_some())
}

/// 403 with `message` (core's) unless user `id` [`is_confirmed`]; the client offers to send the
/// link again.
pub async fn require_confirmed(state: &AppState, id: &str, message: &str) -> Result<(), ApiError> {
    if is_confirmed(state, id).await? {
        return Ok(());
    }
    Err(ApiError::Forbidden(message.into()).of_kind(ErrorKind::EmailUnconfirmed))
}

/// Sends `account` a new link for its current address.
pub async fn send_link(
    state: &AppState,
    account: &Account,
    ip: Option<&str>,
) -> Result<(), ApiError> {
    let now = state.now_ms();
    let link = NewLink::make(state, &account.email, &account.full_name, false)?;
    let event = Event::own("email_confirmation_sent", &account.id, ip);
    write_link(state, account, &link, None, &event, now).await
}

/// Sends a link to `new_email` that makes it `account`'s address, and tells the current address.
pub async fn ask_change(
    state: &AppState,
    account: &Account,
    new_email: &str,
    ip: Option<&str>,
) -> Result<(), ApiError> {
    let now = state.now_ms();
    let link = NewLink::make(state, new_email, &account.full_name, true)?;
    let notice = texts::email_change_asked(&EmailChangeAsked {
        to_address: &account.email,
        name: &account.full_name,
        new_address: new_email,
        public_url: &state.config.mail.public_url,
    });
    let notice = NewRow::new(&notice, &state.config.mail, now)
        .map_err(|err| anyhow::anyhow!("Failed to build the address change notice: {err}"))?;
    let event = Event::own("email_change_asked", &account.id, ip);
    write_link(state, account, &link, Some(&notice), &event, now).await
}

/// Writes `link` of `account`, queues its e-mail and records `event`, all at once, then tells
/// the mail sender. A change comes with `notice`, the e-mail to the current address.
async fn write_link(
    state: &AppState,
    account: &Account,
    link: &NewLink,
    notice: Option<&NewRow>,
    event: &Event<'_>,
    now: i64,
) -> Result<(), ApiError> {
    on_db_write!(&state.db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        drop_expired_links!(&mut *tx, now)?;
        if notice.is_some() {
            // An earlier request for another address stops working: the latest one is what
            // was meant.
            sqlx::query("DELETE FROM email_confirmations WHERE user_id = $1 AND email <> $2")
                .bind(&account.id)
                .bind(&account.email)
                .execute(&mut *tx)
                .await?;
        }
        insert_email_link!(&mut *tx, &account.id, link)?;
        queue_mail!(&mut *tx, &link.row)?;
        if let Some(notice) = notice {
            queue_mail!(&mut *tx, notice)?;
        }
        crate::audit_insert!(now, event).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok::<_, sqlx::Error>(())
    })?;
    link.sent(state);
    Ok(())
}

/// What following a link did.
#[derive(Debug)]
pub struct Followed {
    pub user_id: String,
    /// The account's address now (the new one after a change).
    pub email: String,
    /// Whether the link replaced the account's address.
    pub changed: bool,
}

/// What became of a link followed.
#[derive(Debug)]
pub enum Outcome {
    Done(Followed),
    /// Used, expired, replaced or never made.
    Gone,
    /// Its new address was taken by another account meanwhile; nothing changed.
    Taken,
}

/// Follows the link of `token`: its address becomes the account's, confirmed.
pub async fn follow(
    state: &AppState,
    db: &Db,
    token: &str,
    ip: Option<&str>,
) -> Result<Outcome, ApiError> {
    let now = state.now_ms();
    let hash = token_hash(token);
    let outcome = on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        // Deleted as it is used: two requests with one link cannot both pass.
        let link: Option<(String, String)> = sqlx::query_as(
            "DELETE FROM email_confirmations WHERE token_hash = $1 AND created_at > $2 \
             RETURNING user_id, email",
        )
        .bind(&hash)
        .bind(now - LINK_MS)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((user_id, email)) = link else {
            tx.rollback().await?;
            return Ok(Outcome::Gone);
        };
        let old: String = sqlx::query_scalar("SELECT email FROM users WHERE id = $1")
            .bind(&user_id)
            .fetch_one(&mut *tx)
            .await?;
        let changed = old != email;
        let updated = sqlx::query(
            "UPDATE users SET email = $2, email_confirmed_at = $3 WHERE id = $1",
        )
        .bind(&user_id)
        .bind(&email)
        .bind(now)
        .execute(&mut *tx)
        .await;
        if let Err(err) = updated {
            tx.rollback().await?;
            if crate::db::is_unique_violation(&err, "users_email_key", "users.email") {
                return Ok(Outcome::Taken);
            }
            return Err(err.into());
        }
        if changed {
            sqlx::query("UPDATE profiles SET email = $2 WHERE id = $1")
                .bind(&user_id)
                .bind(&email)
                .execute(&mut *tx)
                .await?;
        }
        // Every other link for this address is done with; after a change, so is every link for
        // the old one.
        sqlx::query(
            "DELETE FROM email_confirmations WHERE user_id = $1 AND (email = $2 OR $3)",
        )
        .bind(&user_id)
        .bind(&email)
        .bind(changed)
        .execute(&mut *tx)
        .await?;
        let event = Event::own(if changed { "email_changed" } else { "email_confirmed" }, &user_id, ip);
        crate::audit_insert!(now, &event).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok::<_, sqlx::Error>(Outcome::Done(Followed { user_id, email, changed }))
    })?;
    Ok(outcome)
}

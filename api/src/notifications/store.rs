//! The bell's rows and the e-mail settings.

use jobtap_core::format::format_date;
use jobtap_core::notifications::{BELL_LIMIT, Event, Setting, bell_text};

use crate::db::Db;
use crate::{on_db, on_db_write};

/// One notification as the bell shows it.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct Notification {
    pub id: String,
    /// `new_applicant`, `application_accepted`, `application_rejected` or `application_job_closed`.
    pub kind: String,
    pub title: String,
    pub body: String,
    /// Where opening it leads, in the app.
    pub link: String,
    /// Epoch milliseconds.
    pub created_at: i64,
    /// The day it happened, as core writes dates ("Mar 5, 2026", UTC).
    pub created_text: String,
    pub read: bool,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    kind: String,
    created_at: i64,
    read_at: Option<i64>,
    job_title: String,
    company_name: String,
    candidate_name: String,
}

/// The rows a person's bell holds: an employer's notice of an application they removed from
/// their list goes with it, and a notice about another's application shows only while the person
/// is on the team of the company it was sent to and should know of its job.
macro_rules! visible {
    () => {
        concat!(
            " FROM notifications n JOIN applications a ON a.id = n.application_id \
             WHERE n.user_id = $1 AND NOT (n.kind = 'new_applicant' AND a.hidden_from_employer) \
             AND (a.user_id = n.user_id OR EXISTS (SELECT 1 FROM company_members m \
             WHERE m.user_id = n.user_id AND m.company_id = a.employer_id AND ",
            crate::knows_job!("m", "a.job_id"),
            "))"
        )
    };
}

/// `user_id`'s newest notifications, newest first (as many as the bell shows).
pub async fn list(db: &Db, user_id: &str) -> Result<Vec<Notification>, sqlx::Error> {
    list_up_to(db, user_id, BELL_LIMIT).await
}

/// `user_id`'s newest `limit` notifications, newest first.
pub async fn list_up_to(
    db: &Db,
    user_id: &str,
    limit: i64,
) -> Result<Vec<Notification>, sqlx::Error> {
    let rows: Vec<Row> = on_db!(db, pool => {
        sqlx::query_as(concat!(
            "SELECT n.id, n.kind, n.created_at, n.read_at, a.job_title_snapshot AS job_title, \
             a.company_name_snapshot AS company_name, \
             COALESCE((SELECT full_name FROM profiles p WHERE p.id = a.user_id), '') AS candidate_name",
            visible!(),
            " ORDER BY n.created_at DESC, n.id DESC LIMIT $2"
        ))
        .bind(user_id)
        .bind(limit)
        .fetch_all(pool)
        .await
    })?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let event = Event::from_key(&row.kind)?;
            let text = bell_text(
                event,
                &row.job_title,
                &row.company_name,
                &row.candidate_name,
            );
            Some(Notification {
                id: row.id,
                kind: row.kind,
                title: text.title,
                body: text.body,
                link: text.link.to_string(),
                created_at: row.created_at,
                created_text: format_date(row.created_at),
                read: row.read_at.is_some(),
            })
        })
        .collect())
}

/// How many of `user_id`'s notifications are unread.
pub async fn unread(db: &Db, user_id: &str) -> Result<i64, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_scalar(concat!("SELECT COUNT(*)", visible!(), " AND n.read_at IS NULL"))
            .bind(user_id)
            .fetch_one(pool)
            .await
    })
}

/// Marks `user_id`'s notification `id` read, or all of them without an id.
pub async fn mark_read(
    db: &Db,
    user_id: &str,
    id: Option<&str>,
    now: i64,
) -> Result<(), sqlx::Error> {
    on_db_write!(db, pool => {
        match id {
            Some(id) => sqlx::query(
                "UPDATE notifications SET read_at = $3 WHERE user_id = $1 AND id = $2 AND read_at IS NULL",
            )
            .bind(user_id)
            .bind(id)
            .bind(now)
            .execute(pool)
            .await,
            None => sqlx::query(
                "UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL",
            )
            .bind(user_id)
            .bind(now)
            .execute(pool)
            .await,
        }
        .map(|_| ())
    })
}

/// One e-mail setting as the settings screen shows it.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct SettingView {
    /// `application_updates` (candidates), `new_applicants` or `daily_summary` (employers).
    pub kind: String,
    pub label: String,
    pub description: String,
    /// Whether these e-mails are sent.
    pub email: bool,
}

/// The settings of `user_id` for their role: stored choices, else on.
pub async fn settings(
    db: &Db,
    user_id: &str,
    employer: bool,
) -> Result<Vec<SettingView>, sqlx::Error> {
    let stored: Vec<(String, bool)> = on_db!(db, pool => {
        sqlx::query_as("SELECT kind, email FROM notification_settings WHERE user_id = $1")
            .bind(user_id)
            .fetch_all(pool)
            .await
    })?;
    Ok(Setting::ALL
        .into_iter()
        .filter(|s| s.for_employers() == employer)
        .map(|s| SettingView {
            kind: s.key().to_string(),
            label: s.label().to_string(),
            description: s.description().to_string(),
            email: stored
                .iter()
                .find(|(kind, _)| kind == s.key())
                .map_or(s.on_by_default(), |(_, email)| *email),
        })
        .collect())
}

/// Stores `user_id`'s choice for `setting`.
pub async fn set(db: &Db, user_id: &str, setting: Setting, email: bool) -> Result<(), sqlx::Error> {
    on_db_write!(db, pool => {
        sqlx::query(
            "INSERT INTO notification_settings (user_id, kind, email) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id, kind) DO UPDATE SET email = excluded.email",
        )
        .bind(user_id)
        .bind(setting.key())
        .bind(email)
        .execute(pool)
        .await
        .map(|_| ())
    })
}

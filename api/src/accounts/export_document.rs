//! The archive's JSON document of "Download my data" ([`DataExport`], described in
//! `docs/data-export.md` with its JSON Schema in `docs/data-export.schema.json`): everything
//! stored about the user, in the shapes the API answers with, and the files to put beside it.

use serde::Serialize;
use sqlx::types::Json;

use jobtap_core::data_export::{self, SCHEMA_VERSION};

use crate::accounts::store::Role;
use crate::applications::mine::MyApplication;
use crate::documents::share::ShareLink;
use crate::documents::store::Document;
use crate::employer::jobs::EmployerJob;
use crate::notifications::store::{Notification, SettingView};
use crate::on_db;
use crate::profile::store::{Preferences, Profile};
use crate::state::AppState;

/// The archive's JSON document: everything stored about the user, in the shapes the API
/// answers with. Times are Unix epoch milliseconds.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DataExport {
    /// The document's version (core's `SCHEMA_VERSION`).
    pub schema_version: u32,
    pub exported_at: i64,
    pub account: Account,
    /// The profile given at onboarding (a candidate's; an employer's holds their name).
    pub profile: Option<Profile>,
    pub preferences: Option<Preferences>,
    /// The profile picture's name inside the archive.
    pub avatar_file: Option<String>,
    pub documents: Vec<ExportedDocument>,
    /// A candidate's applications with their letters and what employers sent back.
    pub applications: Vec<MyApplication>,
    /// Jobs swiped away in the feed.
    pub hidden_jobs: Vec<HiddenJob>,
    pub job_alerts: Vec<JobAlert>,
    pub notifications: Vec<Notification>,
    pub notification_settings: Vec<SettingView>,
    /// An employer's jobs.
    pub jobs: Vec<EmployerJob>,
    /// What the security log recorded of the user's actions and of actions on their account.
    pub audit_log: Vec<AuditEntry>,
}

/// The account itself.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Account {
    pub id: String,
    pub email: String,
    pub created_at: i64,
    #[sqlx(skip)]
    pub roles: Vec<Role>,
}

/// A document's details, its file's name inside the archive and the links made to share it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ExportedDocument {
    #[serde(flatten)]
    pub document: Document,
    pub file: String,
    pub share_links: Vec<ShareLink>,
}

/// A job the candidate swiped away.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct HiddenJob {
    pub job_id: String,
    pub rejected_at: i64,
}

/// A job-alert subscription.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct JobAlert {
    pub email: String,
    pub created_at: i64,
    pub confirmed_at: Option<i64>,
    pub last_digest_at: Option<i64>,
}

/// One row of the security log.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct AuditEntry {
    pub at: i64,
    pub event: String,
    #[schema(value_type = Object)]
    pub detail: Json<serde_json::Value>,
}

/// The account row with its roles.
pub(super) async fn account(db: &crate::db::Db, user_id: &str) -> Result<Account, sqlx::Error> {
    let mut account: Account = on_db!(db, pool => {
        sqlx::query_as("SELECT id, email, created_at FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_one(pool)
            .await
    })?;
    let roles: Vec<String> = on_db!(db, pool => {
        sqlx::query_scalar("SELECT role FROM user_roles WHERE user_id = $1 ORDER BY role")
            .bind(user_id)
            .fetch_all(pool)
            .await
    })?;
    account.roles = roles.iter().filter_map(|r| Role::from_key(r)).collect();
    Ok(account)
}

/// The document and the files to put beside it: (name inside the archive, storage path).
pub(super) async fn gather(
    state: &AppState,
    user_id: &str,
    now: i64,
) -> anyhow::Result<(DataExport, Vec<(String, String)>)> {
    let db = &state.db;
    let account = account(db, user_id).await?;
    let employer = account.roles.contains(&Role::Employer);
    let mut files = Vec::new();

    let avatar_file =
        crate::profile::store::avatar(db, user_id)
            .await?
            .map(|(path, content_type)| {
                let extension = match content_type.as_str() {
                    "image/png" => "png",
                    "image/webp" => "webp",
                    "image/gif" => "gif",
                    _ => "jpg",
                };
                let entry =
                    data_export::file_entry_name(1, &format!("profile-picture.{extension}"));
                files.push((entry.clone(), path));
                entry
            });
    let mut documents = Vec::new();
    for document in crate::documents::store::list(db, user_id).await? {
        let entry = data_export::file_entry_name(files.len() + 1, &document.file_name);
        files.push((entry.clone(), document.file_path.clone()));
        let share_links = crate::documents::share::list(db, user_id, &document.id).await?;
        documents.push(ExportedDocument {
            document,
            file: entry,
            share_links,
        });
    }
    let hidden_jobs = on_db!(db, pool => {
        sqlx::query_as::<_, HiddenJob>(
            "SELECT job_id, rejected_at FROM job_rejections WHERE user_id = $1 \
             ORDER BY rejected_at DESC, job_id",
        )
        .bind(user_id)
        .fetch_all(pool)
        .await
    })?;
    let job_alerts = on_db!(db, pool => {
        sqlx::query_as::<_, JobAlert>(
            "SELECT email, created_at, confirmed_at, last_digest_at FROM job_alert_subscriptions \
             WHERE user_id = $1 OR email = $2 ORDER BY created_at",
        )
        .bind(user_id)
        .bind(&account.email)
        .fetch_all(pool)
        .await
    })?;
    let audit_log = on_db!(db, pool => {
        sqlx::query_as::<_, AuditEntry>(
            "SELECT at, event, detail FROM audit_log \
             WHERE actor_id = $1 OR subject = $1 OR subject = $2 ORDER BY at, id",
        )
        .bind(user_id)
        .bind(&account.email)
        .fetch_all(pool)
        .await
    })?;
    let document = DataExport {
        schema_version: SCHEMA_VERSION,
        exported_at: now,
        profile: crate::profile::store::profile(db, user_id).await?,
        preferences: crate::profile::store::preferences(db, user_id).await?,
        avatar_file,
        documents,
        applications: crate::applications::mine::list(db, user_id, now).await?,
        hidden_jobs,
        job_alerts,
        // All of them; not an employer's "new applicant" ones, which name the applicant.
        notifications: crate::notifications::store::list_up_to(db, user_id, i64::MAX)
            .await?
            .into_iter()
            .filter(|n| n.kind != "new_applicant")
            .collect(),
        notification_settings: crate::notifications::store::settings(db, user_id, employer).await?,
        jobs: if employer {
            crate::employer::jobs::list(db, user_id).await?
        } else {
            Vec::new()
        },
        audit_log,
        account,
    };
    Ok((document, files))
}

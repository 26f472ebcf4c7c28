//! "Download my data": a zip of everything JobTap keeps about the user, prepared in
//! the background and offered for a day.
//!
//! - The archive holds `jobtap-data.json` (`export_document::DataExport`, described in `docs/data-export.md`
//!   with its JSON Schema in `docs/data-export.schema.json`) and the user's files under `files/`
//!   (documents and the profile picture), each named in the document.
//! - Asking starts a preparation on the instance that was asked, recorded in `data_exports`
//!   (one per user: a new one replaces the last). Its progress (the document, then each file)
//!   is written as it goes, so any instance can answer how far it is. One that has not moved
//!   for core's `STALLED_AFTER_MS` (its server stopped) is started again when asked again.
//! - The finished zip is a stored file of the user (outside their quota) until it expires;
//!   [`remove_expired`] deletes it then (the row stays, to say it expired), and deleting the
//!   account deletes it with the rest.

use std::io::Write as _;

use bytes::Bytes;
use serde::Serialize;
use zip::write::SimpleFileOptions;

use jobtap_core::data_export::{self, AVAILABLE_FOR_MS, DATA_FILE, STALLED_AFTER_MS};

use crate::error::ApiError;
use crate::state::AppState;
use crate::{on_db, on_db_write};

use super::export_document::gather;

/// Where a preparation is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ExportState {
    Preparing,
    Ready,
    Failed,
    /// Ready once, and past its day.
    Expired,
}

/// The user's latest archive, as the settings page shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ExportStatus {
    pub state: ExportState,
    /// The progress bar's value, 0–100.
    pub percent: u8,
    /// Steps done of `total`: the document, then each file.
    pub done: i64,
    pub total: i64,
    pub started_at: i64,
    /// The zip's size, once ready.
    pub size_bytes: Option<i64>,
    /// The zip's download name, once ready.
    pub file_name: Option<String>,
    /// Until when it can be downloaded, once ready.
    pub available_until: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct Row {
    state: String,
    done: i64,
    total: i64,
    file_path: Option<String>,
    size_bytes: Option<i64>,
    file_name: Option<String>,
    started_at: i64,
    moved_at: i64,
    expires_at: Option<i64>,
}

impl Row {
    fn status(&self, now: i64) -> ExportStatus {
        let state = match self.state.as_str() {
            "ready" if self.expires_at.is_some_and(|at| at <= now) => ExportState::Expired,
            "ready" => ExportState::Ready,
            "preparing" if now - self.moved_at <= STALLED_AFTER_MS => ExportState::Preparing,
            _ => ExportState::Failed,
        };
        let ready = state == ExportState::Ready;
        ExportStatus {
            state,
            percent: data_export::percent(
                u64::try_from(self.done).unwrap_or(0),
                u64::try_from(self.total).unwrap_or(0),
            ),
            done: self.done,
            total: self.total,
            started_at: self.started_at,
            size_bytes: self.size_bytes.filter(|_| ready),
            file_name: self.file_name.clone().filter(|_| ready),
            available_until: self.expires_at.filter(|_| ready),
        }
    }
}

async fn row(state: &AppState, user_id: &str) -> Result<Option<Row>, sqlx::Error> {
    on_db!(&state.db, pool => {
        sqlx::query_as::<_, Row>(
            "SELECT state, done, total, file_path, size_bytes, file_name, started_at, moved_at, \
             expires_at FROM data_exports WHERE user_id = $1",
        )
        .bind(user_id)
        .fetch_optional(pool)
        .await
    })
}

/// The user's latest archive, if they asked for one.
pub async fn status(state: &AppState, user_id: &str) -> Result<Option<ExportStatus>, ApiError> {
    let now = state.now_ms();
    Ok(row(state, user_id).await?.map(|r| r.status(now)))
}

/// Starts preparing the user's archive, unless one is being prepared; returns where it is,
/// and whether this call started it.
pub async fn start(state: &AppState, user_id: &str) -> Result<(ExportStatus, bool), ApiError> {
    let now = state.now_ms();
    let id = uuid::Uuid::new_v4().to_string();
    // Claimed by one conditional upsert, so of two requests at once (on two instances) one
    // starts a preparation: a row being prepared that has moved lately is left as it is. The
    // last archive's file goes in the same transaction.
    let replaced: Option<Option<String>> = on_db_write!(&state.db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        let claimed = sqlx::query(
            "INSERT INTO data_exports (user_id, id, state, done, total, started_at, moved_at) \
             VALUES ($1, $2, 'preparing', 0, 0, $3, $3) \
             ON CONFLICT (user_id) DO UPDATE SET id = $2, state = 'preparing', done = 0, \
             total = 0, size_bytes = NULL, file_name = NULL, started_at = $3, moved_at = $3, \
             ready_at = NULL, expires_at = NULL \
             WHERE data_exports.state <> 'preparing' OR data_exports.moved_at < $4",
        )
        .bind(user_id)
        .bind(&id)
        .bind(now)
        .bind(now - STALLED_AFTER_MS)
        .execute(&mut *tx)
        .await?;
        if claimed.rows_affected() == 0 {
            tx.commit().await?;
            Ok::<_, sqlx::Error>(None)
        } else {
            let old_file: Option<String> =
                sqlx::query_scalar("SELECT file_path FROM data_exports WHERE user_id = $1")
                    .bind(user_id)
                    .fetch_one(&mut *tx)
                    .await?;
            if let Some(path) = &old_file {
                sqlx::query("UPDATE data_exports SET file_path = NULL WHERE user_id = $1")
                    .bind(user_id)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query("DELETE FROM stored_files WHERE path = $1")
                    .bind(path)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok(Some(old_file))
        }
    })?;
    let started = replaced.is_some();
    if let Some(old_file) = replaced {
        if let Some(path) = old_file {
            remove_file(state, &path).await;
        }
        let task_state = state.clone();
        let user = user_id.to_string();
        tokio::spawn(async move { prepare(task_state, user, id).await });
    }
    let status = status(state, user_id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("the export row went missing")))?;
    Ok((status, started))
}

/// The ready archive's bytes and download name.
pub async fn download(state: &AppState, user_id: &str) -> Result<(Bytes, String), ApiError> {
    let now = state.now_ms();
    let row = row(state, user_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("You have not asked for your data yet.".into()))?;
    match row.status(now).state {
        ExportState::Ready => {}
        ExportState::Expired => {
            return Err(ApiError::Gone(
                "This download has expired. Prepare your data again.".into(),
            ));
        }
        ExportState::Preparing => {
            return Err(ApiError::Conflict(
                "Your data is still being prepared.".into(),
            ));
        }
        ExportState::Failed => {
            return Err(ApiError::Conflict(
                "Preparing your data failed. Please try again.".into(),
            ));
        }
    }
    let (Some(path), Some(name)) = (row.file_path, row.file_name) else {
        return Err(ApiError::Internal(anyhow::anyhow!(
            "a ready export without its file"
        )));
    };
    let bytes = state.storage.get(&path).await.map_err(ApiError::from)?;
    crate::audit::record(
        &state.db,
        now,
        crate::audit::Event::own("data_export_download", user_id, None),
    )
    .await;
    Ok((bytes, name))
}

/// Prepares export `id` of `user_id`, recording its progress; a failure is recorded too.
async fn prepare(state: AppState, user_id: String, id: String) {
    if let Err(err) = build(&state, &user_id, &id).await {
        if err.is::<Superseded>() {
            tracing::debug!(user = %user_id, "a data export stopped: {err}");
            return;
        }
        tracing::warn!(error = %err, user = %user_id, "a data export failed");
        let now = state.now_ms();
        let marked = on_db_write!(&state.db, pool => {
            sqlx::query(
                "UPDATE data_exports SET state = 'failed', moved_at = $3 \
                 WHERE user_id = $1 AND id = $2 AND state = 'preparing'",
            )
            .bind(&user_id)
            .bind(&id)
            .bind(now)
            .execute(pool)
            .await
            .map(|_| ())
        });
        if let Err(err) = marked {
            tracing::warn!(error = %err, "a failed data export could not be marked; it shows as stalled");
        }
    }
}

/// What the preparation found stopped it: the user asked again, or deleted their account.
#[derive(Debug, thiserror::Error)]
#[error("the export was replaced or its account deleted")]
struct Superseded;

/// Records `done` of `total` for export `id`; `Superseded` when the row is no longer it.
async fn progress(
    state: &AppState,
    user_id: &str,
    id: &str,
    done: usize,
    total: usize,
) -> anyhow::Result<()> {
    let now = state.now_ms();
    let updated = on_db_write!(&state.db, pool => {
        sqlx::query(
            "UPDATE data_exports SET done = $3, total = $4, moved_at = $5 \
             WHERE user_id = $1 AND id = $2 AND state = 'preparing'",
        )
        .bind(user_id)
        .bind(id)
        .bind(i64::try_from(done).unwrap_or(i64::MAX))
        .bind(i64::try_from(total).unwrap_or(i64::MAX))
        .bind(now)
        .execute(pool)
        .await
        .map(|done| done.rows_affected())
    })?;
    if updated == 0 {
        return Err(Superseded.into());
    }
    Ok(())
}

async fn build(state: &AppState, user_id: &str, id: &str) -> anyhow::Result<()> {
    let now = state.now_ms();
    let (document, files) = gather(state, user_id, now).await?;
    let total = files.len() + 1;
    progress(state, user_id, id, 0, total).await?;

    let options = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    zip.start_file(DATA_FILE, options)?;
    serde_json::to_writer_pretty(&mut zip, &document)?;
    progress(state, user_id, id, 1, total).await?;
    // Documents are mostly PDF and DOCX, compressed already: stored as they are.
    let stored = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (done, (entry, path)) in files.iter().enumerate() {
        let bytes = state.storage.get(path).await?;
        zip.start_file(entry.as_str(), stored)?;
        zip.write_all(&bytes)?;
        progress(state, user_id, id, done + 2, total).await?;
    }
    let bytes = zip.finish()?.into_inner();
    let size = i64::try_from(bytes.len()).unwrap_or(i64::MAX);

    let path = format!(
        "exports/{user_id}/{}_{}.zip",
        now,
        &uuid::Uuid::new_v4().simple().to_string()[..8]
    );
    crate::storage::validate_path(&path)?;
    state.storage.put(&path, Bytes::from(bytes)).await?;
    let ready_at = state.now_ms();
    let file_name = data_export::archive_name(ready_at);
    let finished = on_db_write!(&state.db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        sqlx::query(
            "INSERT INTO stored_files (path, owner_id, kind, content_type, size, created_at) \
             VALUES ($1, $2, 'export', 'application/zip', $3, $4)",
        )
        .bind(&path)
        .bind(user_id)
        .bind(size)
        .bind(ready_at)
        .execute(&mut *tx)
        .await?;
        let updated = sqlx::query(
            "UPDATE data_exports SET state = 'ready', done = total, file_path = $3, size_bytes = $4, \
             file_name = $5, moved_at = $6, ready_at = $6, expires_at = $7 \
             WHERE user_id = $1 AND id = $2 AND state = 'preparing'",
        )
        .bind(user_id)
        .bind(id)
        .bind(&path)
        .bind(size)
        .bind(&file_name)
        .bind(ready_at)
        .bind(ready_at + AVAILABLE_FOR_MS)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 1 {
            tx.commit().await?;
        }
        Ok::<_, sqlx::Error>(updated.rows_affected() == 1)
    });
    match finished {
        Ok(true) => Ok(()),
        Ok(false) => {
            remove_file(state, &path).await;
            Err(Superseded.into())
        }
        Err(err) => {
            remove_file(state, &path).await;
            Err(err.into())
        }
    }
}

/// Removes the files of the ready archives past their day; each row stays, expired, so the
/// page and the download still say so (410). Each file is let go by one conditional statement,
/// so with several instances each is removed by the one whose statement took it.
pub async fn remove_expired(state: &AppState) -> anyhow::Result<usize> {
    let now = state.now_ms();
    let expired: Vec<(String, String)> = on_db!(&state.db, pool => {
        sqlx::query_as(
            "SELECT user_id, file_path FROM data_exports \
             WHERE expires_at <= $1 AND file_path IS NOT NULL",
        )
        .bind(now)
        .fetch_all(pool)
        .await
    })?;
    let mut removed = 0;
    for (user_id, path) in expired {
        let taken = on_db_write!(&state.db, pool => {
            let mut tx = crate::db::begin(pool).await?;
            let let_go = sqlx::query(
                "UPDATE data_exports SET file_path = NULL \
                 WHERE user_id = $1 AND file_path = $2 AND expires_at <= $3",
            )
            .bind(&user_id)
            .bind(&path)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            if let_go.rows_affected() == 1 {
                sqlx::query("DELETE FROM stored_files WHERE path = $1")
                    .bind(&path)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok::<_, sqlx::Error>(let_go.rows_affected() == 1)
        })?;
        if taken {
            removed += 1;
            remove_file(state, &path).await;
        }
    }
    Ok(removed)
}

async fn remove_file(state: &AppState, path: &str) {
    if let Err(err) = state.storage.delete(path).await {
        tracing::warn!(%path, error = %err, "an export's file stays until the start-up clean-up");
    }
}

/// How often expired archives are looked for.
pub const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(10 * 60);

/// Runs [`remove_expired`] now and every [`SWEEP_EVERY`], until the task is aborted.
pub async fn remove_expired_periodically(state: AppState) {
    let mut ticks = tokio::time::interval(SWEEP_EVERY);
    loop {
        ticks.tick().await;
        if let Err(err) = remove_expired(&state).await {
            tracing::warn!(error = %err, "expired data exports not removed; tried again later");
        }
    }
}

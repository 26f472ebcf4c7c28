//! Reading multipart forms with per-file limits enforced while the bytes stream in,
//! and storing accepted files so that no file outlives a failed request.

use std::collections::HashMap;

use bytes::{Bytes, BytesMut};
use warp::Filter;

use jobtap_core::files::{FileKind, Slot, UploadError, display_name};

use crate::auth::rate_limit;
use crate::error::{ApiError, error_responses};
use crate::http::body::form_error;
use crate::on_db;
use crate::state::AppState;

error_responses! {
    /// The answers of a route that stores uploaded files when one is over a limit.
    pub UploadLimits {
        413 => "A file over its size, or more than the account's storage quota",
        429 => "Over the upload limit",
    }
}

/// A multipart form being read, part by part.
pub type FormData = multer::Multipart<'static>;
/// A multipart body not yet read.
pub type Upload = crate::http::body::Multipart;

/// The store's folder of company logos (outside the storage quota: see `check_quota`).
pub const LOGO_AREA: &str = "company-logos";

/// Largest multipart body any route takes (a resume, an avatar and certificates).
pub const FORM_LIMIT: u64 = 64 * 1024 * 1024;
const TEXT_FIELD_LIMIT: usize = 64 * 1024;
/// At most this many files in one form.
pub const MAX_FILES: usize = 12;

/// A multipart body of at most [`FORM_LIMIT`] bytes, sent with a length or chunked, read by
/// the handler after the caller is known.
pub fn multipart() -> impl Filter<Extract = (Upload,), Error = warp::Rejection> + Clone {
    crate::http::body::multipart(FORM_LIMIT)
}

/// An accepted file: its bytes and what they really are.
#[derive(Debug, Clone)]
pub struct UploadedFile {
    pub field: String,
    pub file_name: String,
    pub kind: FileKind,
    pub bytes: Bytes,
}

/// A parsed form: text fields (repeatable) and accepted files.
#[derive(Debug, Default)]
pub struct Form {
    pub text: HashMap<String, Vec<String>>,
    pub files: Vec<UploadedFile>,
}

impl Form {
    /// The first value of a text field, or "".
    pub fn text(&self, name: &str) -> String {
        self.text
            .get(name)
            .and_then(|v| v.first())
            .cloned()
            .unwrap_or_default()
    }

    /// Every value of a repeated text field.
    pub fn all(&self, name: &str) -> Vec<String> {
        self.text.get(name).cloned().unwrap_or_default()
    }

    /// The files sent in `field`.
    pub fn files(&self, field: &str) -> impl Iterator<Item = &UploadedFile> {
        self.files.iter().filter(move |f| f.field == field)
    }
}

impl From<UploadError> for ApiError {
    fn from(err: UploadError) -> Self {
        match err {
            UploadError::TooLarge(m) => Self::PayloadTooLarge(m.into()),
            UploadError::WrongType(m) => Self::UnsupportedMediaType(m.into()),
            UploadError::Empty => Self::field("file", "The file is empty"),
        }
    }
}

/// The start of every upload: counts the request against `user_id`'s upload rate
/// ([`admit`]), then reads `form` with `slot_of` ([`read_form`]).
pub async fn receive(
    state: &AppState,
    user_id: &str,
    form: FormData,
    slot_of: impl Fn(&str, &Form) -> Option<Slot>,
) -> Result<Form, ApiError> {
    admit(state, user_id).await?;
    read_form(form, slot_of).await
}

/// The one file sent in `field`; `message` on that field when there is none or more than one.
pub fn one_file<'a>(
    form: &'a Form,
    field: &str,
    message: &str,
) -> Result<&'a UploadedFile, ApiError> {
    let mut files = form.files(field);
    match (files.next(), files.next()) {
        (Some(file), None) => Ok(file),
        _ => Err(ApiError::field(field, message)),
    }
}

/// The end of every upload: stages `files` for `owner_id` ([`stage`], which checks the
/// quota), then `record`s their rows; when `record` fails the staged files are removed, so
/// no file outlives a failed request.
pub async fn stage_and_record<T, E: Into<ApiError>>(
    state: &AppState,
    owner_id: &str,
    files: &[(&UploadedFile, String)],
    record: impl AsyncFnOnce(&[StagedFile]) -> Result<T, E>,
) -> Result<T, ApiError> {
    let staged = stage(state, owner_id, files).await?;
    match record(&staged).await {
        Ok(done) => Ok(done),
        Err(err) => {
            discard(state, &staged).await;
            Err(err.into())
        }
    }
}

/// Reads `form`; `slot_of(field, fields so far)` names the slot of each file field
/// (others are refused), so a slot may depend on a text field sent before the file.
/// A file over its slot's limit is refused as soon as the limit is crossed.
async fn read_form(
    form: FormData,
    slot_of: impl Fn(&str, &Form) -> Option<Slot>,
) -> Result<Form, ApiError> {
    let mut out = Form::default();
    let mut parts = form;
    while let Some(part) = parts.next_field().await.map_err(form_error)? {
        let name = part
            .name()
            .ok_or_else(|| ApiError::BadRequest("A part of the form has no name".into()))?
            .to_string();
        let file_name = part.file_name().map(display_name);
        match (file_name, slot_of(&name, &out)) {
            (Some(file_name), Some(slot)) => {
                if out.files.len() >= MAX_FILES {
                    return Err(ApiError::field(
                        &name,
                        format!("At most {MAX_FILES} files can be sent at once"),
                    ));
                }
                let bytes = read_limited(part, slot.max_bytes(), || {
                    slot.check_size(u64::MAX).unwrap_err()
                })
                .await?;
                if bytes.is_empty() && file_name.is_empty() {
                    continue; // an empty file input
                }
                let kind = slot.check(&bytes)?;
                out.files.push(UploadedFile {
                    field: name,
                    file_name,
                    kind,
                    bytes,
                });
            }
            (Some(_), None) => {
                return Err(ApiError::BadRequest(format!(
                    "Unexpected file field {name:?}"
                )));
            }
            (None, _) => {
                let bytes = read_limited(part, TEXT_FIELD_LIMIT as u64, || {
                    UploadError::TooLarge("A form field is too long")
                })
                .await?;
                let value = String::from_utf8(bytes.to_vec()).map_err(|_| {
                    ApiError::BadRequest(format!("Field {name:?} is not valid UTF-8 text"))
                })?;
                out.text.entry(name).or_default().push(value);
            }
        }
    }
    Ok(out)
}

async fn read_limited(
    mut part: multer::Field<'static>,
    limit: u64,
    too_large: impl Fn() -> UploadError,
) -> Result<Bytes, ApiError> {
    let mut buf = BytesMut::new();
    while let Some(chunk) = part.chunk().await.map_err(form_error)? {
        if buf.len() as u64 + chunk.len() as u64 > limit {
            return Err(too_large().into());
        }
        buf.extend_from_slice(&chunk);
    }
    Ok(buf.freeze())
}

/// A file written to storage whose row is not yet committed.
#[derive(Debug, Clone)]
pub struct StagedFile {
    pub path: String,
    pub kind: FileKind,
    pub size: i64,
    pub file_name: String,
}

/// Writes `files` to storage under server-chosen paths; on any failure removes what was written.
async fn stage(
    state: &AppState,
    owner_id: &str,
    files: &[(&UploadedFile, String)],
) -> Result<Vec<StagedFile>, ApiError> {
    check_quota(state, owner_id, files).await?;
    let mut staged: Vec<StagedFile> = Vec::new();
    for (file, path) in files {
        if let Err(err) = state.storage.put(path, file.bytes.clone()).await {
            discard(state, &staged).await;
            return Err(err.into());
        }
        #[cfg(feature = "test-hooks")]
        crate::test_pause::at("after_store", path).await;
        staged.push(StagedFile {
            path: path.clone(),
            kind: file.kind,
            size: i64::try_from(file.bytes.len()).unwrap_or(i64::MAX),
            file_name: file.file_name.clone(),
        });
    }
    Ok(staged)
}

/// Records staged `$file` of `$owner` in `stored_files` as a file of `$kind` (`document`,
/// `avatar`, `logo`) on `$conn`, a connection of either engine: the row that makes a stored
/// file kept (see `storage`) and counted in the quota.
macro_rules! record_file {
    ($conn:expr, $owner:expr, $kind:expr, $file:expr, $now:expr) => {{
        let file: &$crate::uploads::StagedFile = $file;
        sqlx::query(
            "INSERT INTO stored_files (path, owner_id, kind, content_type, size, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&file.path)
        .bind($owner)
        .bind($kind)
        .bind(file.kind.mime())
        .bind(file.size)
        .bind($now)
        .execute($conn)
        .await
        .map(|_| ())
    }};
}
pub(crate) use record_file;

/// Counts an upload request of `user_id` against core's upload rate (429 beyond it). Called
/// before the form is read, so a flood of uploads costs one small write each.
async fn admit(state: &AppState, user_id: &str) -> Result<(), ApiError> {
    let limit = rate_limit::Limit::uploads(state.config.rate_limit_factor);
    rate_limit::hit(&state.db, limit, user_id, state.now_ms()).await
}

/// Refuses `files` when, with what `owner_id` already keeps, they would go past the storage
/// quota (413 with core's message). The sum is read before the files are stored, so uploads
/// checked at the same moment may each pass: the upload rate bounds how many.
async fn check_quota(
    state: &AppState,
    owner_id: &str,
    files: &[(&UploadedFile, String)],
) -> Result<(), ApiError> {
    let incoming: u64 = files
        .iter()
        // Logos are outside the quota: each stays on the jobs that show it, and at 2 MB a
        // file the upload rate bounds them.
        .filter(|(_, path)| {
            !path
                .strip_prefix(LOGO_AREA)
                .is_some_and(|rest| rest.starts_with('/'))
        })
        .map(|(f, _)| f.bytes.len() as u64)
        .sum();
    if incoming == 0 {
        return Ok(());
    }
    // Nor is the user's data export: a copy of what is counted, kept for a day.
    let used: i64 = on_db!(&state.db, pool => {
        sqlx::query_scalar(
            "SELECT CAST(COALESCE(SUM(size), 0) AS BIGINT) FROM stored_files \
             WHERE owner_id = $1 AND kind NOT IN ('logo', 'export')",
        )
        .bind(owner_id)
        .fetch_one(pool)
        .await
    })
    .map_err(ApiError::from)?;
    let used = u64::try_from(used).unwrap_or(0);
    let quota = state.config.storage_quota_bytes;
    if used.saturating_add(incoming) > quota {
        return Err(ApiError::PayloadTooLarge(
            jobtap_core::files::quota_message(used, quota),
        ));
    }
    Ok(())
}

/// Removes staged files after their rows failed to commit.
async fn discard(state: &AppState, staged: &[StagedFile]) {
    for file in staged {
        if let Err(err) = state.storage.delete(&file.path).await {
            tracing::warn!(path = %file.path, error = %err, "could not remove a staged file; the start-up clean-up will");
        }
    }
}

/// A server-chosen storage path: `{area}/{user}/{label}_{millis}_{random}.{ext}`.
pub fn storage_path(area: &str, user_id: &str, label: &str, now: i64, kind: FileKind) -> String {
    let nonce = &uuid::Uuid::new_v4().simple().to_string()[..8];
    format!(
        "{area}/{user_id}/{label}_{now}_{nonce}.{}",
        kind.extension()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn storage_paths_are_built_by_the_server() {
        let path = storage_path("documents", "u-1", "resume", 42, FileKind::Pdf);
        assert!(path.starts_with("documents/u-1/resume_42_"));
        assert!(
            std::path::Path::new(&path)
                .extension()
                .is_some_and(|e| e == "pdf")
        );
        assert!(crate::storage::validate_path(&path).is_ok());
    }
}

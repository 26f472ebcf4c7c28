//! Bulk CSV job import (employer side §2 Bulk import, §3 bulk-imported jobs, §5 CSV rules):
//! one service, [`import_jobs`], behind both `POST /api/v1/employer/jobs/import` and the
//! `jobtap import-jobs` command.
//!
//! ## What it guarantees
//! - The server parses the uploaded bytes itself with the core's `parse_import`; rows a
//!   browser parsed are never trusted.
//! - The valid rows are inserted in one transaction: all of them or none.
//! - An import key makes a retry safe: the same key with the same file (by SHA-256) answers
//!   the first result again and inserts nothing; the same key with another file is refused.

pub mod already_posted;
pub mod cli;
pub mod routes;
pub mod store;

use bytes::Bytes;
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

use jobtap_core::csv_import::{ImportError, ImportLimits, ImportPreview, parse_import};
use jobtap_core::job_dedupe;

use crate::db::Db;
use crate::error::{ApiError, ErrorKind, FieldErrors};

pub const MSG_NO_VALID_JOBS: &str = "No valid jobs to import";
pub const MSG_KEY_REUSED: &str = "This import key was already used for a different file. \
     Use a new Idempotency-Key for a new file.";
pub const MSG_KEY_LENGTH: &str = "Idempotency-Key must be 1 to 100 characters";
/// Longest import key, in characters.
pub const MAX_KEY_CHARS: usize = 100;

/// Why an import was refused; nothing was inserted in any case.
#[derive(Debug, thiserror::Error)]
pub enum ImportJobsError {
    /// The file as a whole cannot be imported (wrong name, unreadable, too large, too many rows).
    #[error(transparent)]
    File(#[from] ImportError),
    /// Every row has an error.
    #[error("{MSG_NO_VALID_JOBS}")]
    NoValidJobs { invalid_rows: Vec<InvalidRow> },
    /// The import key is empty or longer than [`MAX_KEY_CHARS`].
    #[error("{MSG_KEY_LENGTH}")]
    InvalidKey,
    /// The import key was used before with a file whose SHA-256 differs.
    #[error("{MSG_KEY_REUSED}")]
    KeyReused,
    /// The database failed; the transaction was rolled back.
    #[error("The jobs could not be saved")]
    Database(#[from] sqlx::Error),
    /// The parser's thread panicked: a bug, never the file's fault.
    #[error("The CSV parser failed")]
    Parser(#[source] tokio::task::JoinError),
}

impl From<ImportJobsError> for ApiError {
    fn from(err: ImportJobsError) -> Self {
        match err {
            ImportJobsError::File(
                file @ (ImportError::TooLarge { .. } | ImportError::TooManyRows { .. }),
            ) => Self::PayloadTooLarge(file.to_string()),
            ImportJobsError::File(file) => Self::BadRequest(file.to_string()),
            ImportJobsError::NoValidJobs { invalid_rows } => {
                let mut fields = FieldErrors::new();
                fields.insert("file".into(), vec![MSG_NO_VALID_JOBS.into()]);
                fields.insert(
                    "rows".into(),
                    invalid_rows.into_iter().flat_map(|r| r.errors).collect(),
                );
                Self::Validation {
                    message: MSG_NO_VALID_JOBS.into(),
                    fields,
                }
                .of_kind(ErrorKind::NoValidJobs)
            }
            ImportJobsError::InvalidKey => Self::BadRequest(MSG_KEY_LENGTH.into()),
            ImportJobsError::KeyReused => Self::Conflict(MSG_KEY_REUSED.into()),
            ImportJobsError::Database(db) => db.into(),
            parser @ ImportJobsError::Parser(_) => Self::Internal(parser.into()),
        }
    }
}

/// A row that was skipped, with its messages (`Row 3: Job title is required`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvalidRow {
    pub row_number: usize,
    pub errors: Vec<String>,
}

/// What an import did; stored with its key so a retry answers exactly this again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportSummary {
    pub imported: usize,
    /// The new jobs' ids, in file order.
    pub job_ids: Vec<String>,
    pub invalid_count: usize,
    pub invalid_rows: Vec<InvalidRow>,
    pub warnings: Vec<String>,
    /// Valid rows not posted because the employer already has the same job live (core's
    /// `job_dedupe`) and did not tick "Post again" for them.
    #[serde(default)]
    pub already_posted: Vec<SkippedRow>,
}

/// A valid row skipped as a job the employer already has live.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SkippedRow {
    pub row_number: usize,
    pub job_title: String,
}

impl ImportSummary {
    /// The spec's success toast, and what was skipped as already posted.
    pub fn message(&self) -> String {
        let skipped = self.already_posted.len();
        match (self.imported, skipped) {
            (imported, 0) => format!("Successfully imported {imported} jobs!"),
            (0, skipped) => job_dedupe::nothing_new_text(skipped),
            (imported, skipped) => format!(
                "Successfully imported {imported} jobs! {}.",
                job_dedupe::skipped_text(skipped)
            ),
        }
    }
}

/// An import's result, and whether it was answered from an earlier request with the same key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportOutcome {
    pub summary: ImportSummary,
    pub replayed: bool,
}

/// One import to run.
#[derive(Debug, Clone)]
pub struct ImportRequest<'a> {
    /// The company the jobs belong to (already checked to be one).
    pub employer_id: &'a str,
    /// The member who imports, for the audit log.
    pub actor: &'a str,
    /// The uploaded file's name; it must end in `.csv`.
    pub file_name: &'a str,
    pub bytes: Bytes,
    /// `None`: no replay protection.
    pub import_key: Option<&'a str>,
    /// Who asked, for the audit log: `api` or `cli`.
    pub via: &'static str,
    /// Row numbers to post even though the employer has the same job live.
    pub post_again: &'a [usize],
}

/// How far the inserts have come: `inserted` of `total` valid rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub inserted: usize,
    pub total: usize,
}

/// Whether `key` is an acceptable import key (1 to [`MAX_KEY_CHARS`] characters).
pub fn check_key(key: &str) -> Result<(), ImportJobsError> {
    let chars = key.chars().count();
    if (1..=MAX_KEY_CHARS).contains(&chars) {
        Ok(())
    } else {
        Err(ImportJobsError::InvalidKey)
    }
}

/// The core's file-name rule (`.csv`, any case), checked before a byte is read so a wrong
/// file is refused without reading it.
pub use jobtap_core::csv_import::has_csv_extension as is_csv_name;

/// The SHA-256 of a file, in hex: what an import key is bound to.
pub fn file_sha256(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// Parses `request.bytes` and inserts the valid rows for the employer in one transaction,
/// reporting progress after each chunk; with a key already used for the same file, answers
/// the first result instead (nothing inserted).
pub async fn import_jobs(
    db: &Db,
    limits: &ImportLimits,
    request: ImportRequest<'_>,
    now: i64,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<ImportOutcome, ImportJobsError> {
    if let Some(key) = request.import_key {
        check_key(key)?;
    }
    let sha256 = file_sha256(&request.bytes);
    if let Some(key) = request.import_key
        && let Some(earlier) = store::find(db, request.employer_id, key).await?
    {
        return replay(earlier, &sha256);
    }

    let preview = parse(request.file_name, request.bytes.clone(), *limits).await?;
    let invalid_rows: Vec<InvalidRow> = preview
        .rows
        .iter()
        .filter(|row| !row.valid)
        .map(|row| InvalidRow {
            row_number: row.row_number,
            errors: row.errors.clone(),
        })
        .collect();
    if preview.jobs.is_empty() {
        return Err(ImportJobsError::NoValidJobs { invalid_rows });
    }

    let live = crate::jobs::store::live_duplicate_keys(db, request.employer_id, now).await?;
    let keys: Vec<String> = preview.jobs.iter().map(job_dedupe::imported_key).collect();
    let skipped = job_dedupe::already_posted(
        preview
            .jobs
            .iter()
            .zip(&keys)
            .map(|(job, key)| (job.row_number, key.as_str())),
        &live,
        request.post_again,
    );
    let (skipped_jobs, new_jobs): (Vec<_>, Vec<_>) = preview
        .jobs
        .into_iter()
        .partition(|job| skipped.contains(&job.row_number));
    let import_id = uuid::Uuid::new_v4().to_string();
    let jobs: Vec<store::ImportJob> = new_jobs
        .into_iter()
        .map(|job| store::ImportJob {
            id: uuid::Uuid::new_v4().to_string(),
            job,
        })
        .collect();
    let summary = ImportSummary {
        imported: jobs.len(),
        job_ids: jobs.iter().map(|j| j.id.clone()).collect(),
        invalid_count: preview.invalid_count,
        invalid_rows,
        warnings: preview.warnings,
        already_posted: skipped_jobs
            .into_iter()
            .map(|job| SkippedRow {
                row_number: job.row_number,
                job_title: job.job_title,
            })
            .collect(),
    };
    let record = store::ImportRecord {
        import_id: &import_id,
        employer_id: request.employer_id,
        import_key: request.import_key,
        file_sha256: &sha256,
        summary: &summary,
    };
    match store::insert(db, &record, &jobs, now, progress).await? {
        store::Inserted::Done => {
            crate::audit::record(
                db,
                now,
                crate::audit::Event {
                    event: "jobs_imported",
                    actor_id: Some(request.actor),
                    subject: Some(&import_id),
                    company_id: Some(request.employer_id),
                    detail: Some(serde_json::json!({
                        "imported": summary.imported,
                        "invalid": summary.invalid_count,
                        "already_posted": summary.already_posted.len(),
                        "file": request.file_name,
                        "via": request.via,
                    })),
                    ..Default::default()
                },
            )
            .await;
            Ok(ImportOutcome {
                summary,
                replayed: false,
            })
        }
        // Another request with this key committed first: answer as if this one came later.
        store::Inserted::KeyTaken(earlier) => replay(earlier, &sha256),
    }
}

fn replay(earlier: store::EarlierImport, sha256: &str) -> Result<ImportOutcome, ImportJobsError> {
    if earlier.file_sha256 == sha256 {
        Ok(ImportOutcome {
            summary: earlier.summary,
            replayed: true,
        })
    } else {
        Err(ImportJobsError::KeyReused)
    }
}

/// Parsing 10,000 rows takes milliseconds of CPU: done off the async workers.
async fn parse(
    file_name: &str,
    bytes: Bytes,
    limits: ImportLimits,
) -> Result<ImportPreview, ImportJobsError> {
    let file_name = file_name.to_string();
    tokio::task::spawn_blocking(move || parse_import(&file_name, &bytes, &limits))
        .await
        .map_err(ImportJobsError::Parser)?
        .map_err(ImportJobsError::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_1_to_100_characters_counted_as_characters() {
        assert!(check_key("a").is_ok());
        assert!(check_key(&"é".repeat(100)).is_ok());
        assert!(matches!(check_key(""), Err(ImportJobsError::InvalidKey)));
        assert!(matches!(
            check_key(&"k".repeat(101)),
            Err(ImportJobsError::InvalidKey)
        ));
    }

    #[test]
    fn csv_names_end_in_csv_in_any_case() {
        assert!(is_csv_name("jobs.csv"));
        assert!(is_csv_name("JOBS.CSV"));
        assert!(!is_csv_name("jobs.csv.txt"));
        assert!(!is_csv_name("csv"));
        assert!(!is_csv_name("jobs.xlsx"));
        assert!(!is_csv_name("résumé"));
    }

    #[test]
    fn file_limits_map_to_413_and_other_file_errors_to_400() {
        let too_big: ApiError =
            ImportJobsError::File(ImportError::TooLarge { limit_bytes: 10 }).into();
        assert_eq!(too_big.status(), 413);
        let too_many: ApiError =
            ImportJobsError::File(ImportError::TooManyRows { limit: 1 }).into();
        assert_eq!(too_many.status(), 413);
        let not_csv: ApiError = ImportJobsError::File(ImportError::NotCsv).into();
        assert_eq!(not_csv.status(), 400);
        assert_eq!(not_csv.to_string(), "Please upload a CSV file");
        let reused: ApiError = ImportJobsError::KeyReused.into();
        assert_eq!(reused.status(), 409);
    }
}

//! Persistence of imports: the key claim and the jobs, in one transaction.

use sqlx::types::Json;

use jobtap_core::csv_import::ImportedJob;

use super::{ImportSummary, Progress};
use crate::db::Db;
use crate::jobs::row::{JobFields, insert_jobs};
use crate::{on_db, on_db_write};
use jobtap_core::score::DEFAULT_THRESHOLD;

pub use crate::jobs::row::CHUNK_ROWS;

/// A valid row and the id its job gets.
#[derive(Debug, Clone)]
pub struct ImportJob {
    pub id: String,
    pub job: ImportedJob,
}

/// The import being written.
#[derive(Debug)]
pub struct ImportRecord<'a> {
    /// Stored on every job as `jobs.import_id`.
    pub import_id: &'a str,
    pub employer_id: &'a str,
    /// `None`: no `job_imports` row, so no replay protection.
    pub import_key: Option<&'a str>,
    pub file_sha256: &'a str,
    pub summary: &'a ImportSummary,
}

/// An import committed earlier under the same key.
#[derive(Debug, Clone)]
pub struct EarlierImport {
    pub file_sha256: String,
    pub summary: ImportSummary,
}

/// How [`insert`] ended.
#[derive(Debug)]
pub enum Inserted {
    /// The jobs (and the key, if any) are committed.
    Done,
    /// A concurrent request committed this key first; nothing was written.
    KeyTaken(EarlierImport),
}

/// The import committed under `key` by this employer, if any.
pub async fn find(
    db: &Db,
    employer_id: &str,
    key: &str,
) -> Result<Option<EarlierImport>, sqlx::Error> {
    let row: Option<(String, Json<ImportSummary>)> = on_db!(db, pool => {
        sqlx::query_as(
            "SELECT file_sha256, result FROM job_imports WHERE employer_id = $1 AND import_key = $2",
        )
        .bind(employer_id)
        .bind(key)
        .fetch_optional(pool)
        .await?
    });
    Ok(row.map(|(file_sha256, Json(summary))| EarlierImport {
        file_sha256,
        summary,
    }))
}

/// Claims the key (when given), then inserts `jobs` in chunks of [`CHUNK_ROWS`], calling
/// `progress` after each; commits only when every row went in.
pub async fn insert(
    db: &Db,
    record: &ImportRecord<'_>,
    jobs: &[ImportJob],
    now: i64,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Inserted, sqlx::Error> {
    let total = jobs.len();
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        if let Some(key) = record.import_key {
            // Claimed first, so a concurrent request with the same key waits here (PostgreSQL
            // blocks on the conflicting row, SQLite on the write lock) instead of inserting a
            // second set of jobs.
            let claimed = sqlx::query(
                "INSERT INTO job_imports (import_key, employer_id, job_count, created_at, import_id, file_sha256, result) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (employer_id, import_key) DO NOTHING",
            )
            .bind(key)
            .bind(record.employer_id)
            .bind(i64::try_from(total).unwrap_or(i64::MAX))
            .bind(now)
            .bind(record.import_id)
            .bind(record.file_sha256)
            .bind(Json(record.summary))
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if claimed == 0 {
                tx.rollback().await?;
                return match find(db, record.employer_id, key).await? {
                    Some(earlier) => Ok(Inserted::KeyTaken(earlier)),
                    // The winner's row vanished again (its employer was deleted): nothing to answer.
                    None => Err(sqlx::Error::RowNotFound),
                };
            }
        }
        progress(Progress { inserted: 0, total });
        let mut inserted = 0;
        for chunk in jobs.chunks(CHUNK_ROWS) {
            let rows: Vec<JobFields> = chunk.iter().map(|import| new_job(record, import, now)).collect();
            insert_jobs!(pool, tx, &rows, Some(record.import_id), now);
            inserted += chunk.len();
            progress(Progress { inserted, total });
            #[cfg(feature = "test-hooks")]
            crate::test_pause::at("import_chunk", record.import_id).await;
        }
        tx.commit().await?;
        #[cfg(feature = "test-hooks")]
        crate::test_pause::at("import_committed", record.import_id).await;
        Ok(Inserted::Done)
    })
}

/// The job an imported row becomes: posted now, active, for the importing employer, with no
/// required fields of study, expiry or application e-mail, and the default threshold (the
/// spec's bulk import carries none of them).
fn new_job(record: &ImportRecord<'_>, import: &ImportJob, now: i64) -> JobFields {
    let job = &import.job;
    JobFields {
        id: import.id.clone(),
        employer_id: Some(record.employer_id.to_string()),
        company_name: job.company_name.clone(),
        company_logo: job.company_logo.clone().unwrap_or_default(),
        job_title: job.job_title.clone(),
        job_type: job.job_type.clone(),
        job_description: job.job_description.clone(),
        location: job.location.clone(),
        salary_min: job.salary_min,
        salary_max: job.salary_max,
        experience_years: job.experience_years,
        qualifications: job.qualifications.clone(),
        degree_class: job.degree_class.clone(),
        required_degree_classes: None,
        experience_level: job.experience_level.clone(),
        minimum_score_threshold: DEFAULT_THRESHOLD,
        skills: job.skills.clone(),
        requirements: job.requirements.clone(),
        benefits: job.benefits.clone(),
        industry: job.industry.clone(),
        linkedin_url: job.linkedin_url.clone(),
        application_email: None,
        posted_at: now,
        expires_at: None,
        is_active: true,
    }
}

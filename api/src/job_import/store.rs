//! Persistence of imports: the key claim and the jobs, in one transaction.

use sqlx::types::Json;
use sqlx::{Database, Pool, QueryBuilder};

use jobtap_core::csv_import::ImportedJob;

use super::{ImportSummary, Progress};
use crate::db::Db;
use crate::{on_db, on_db_write};
use jobtap_core::job_dedupe::duplicate_key;

/// Rows per `INSERT`: large enough to be fast, small enough for both engines' limits on bound
/// values (25 a row), and frequent enough for a progress bar that moves.
pub const CHUNK_ROWS: usize = 250;

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
            let mut query = builder(pool);
            query.push_values(chunk, |mut row, import| {
                let job = &import.job;
                row.push_bind(&import.id)
                    .push_bind(record.employer_id)
                    .push_bind(&job.company_name)
                    .push_bind(job.company_logo.as_deref().unwrap_or_default())
                    .push_bind(&job.job_title)
                    .push_bind(&job.job_type)
                    .push_bind(&job.job_description)
                    .push_bind(&job.location)
                    .push_bind(job.salary_min)
                    .push_bind(job.salary_max)
                    .push_bind(job.experience_years)
                    .push_bind(&job.qualifications)
                    .push_bind(&job.degree_class)
                    .push_bind(&job.experience_level)
                    .push_bind(Json(&job.skills))
                    .push_bind(Json(&job.requirements))
                    .push_bind(Json(&job.benefits))
                    .push_bind(&job.industry)
                    .push_bind(&job.linkedin_url)
                    .push_bind(record.import_id)
                    .push_bind(now)
                    .push_bind(true)
                    .push_bind(now)
                    .push_bind(now)
                    .push_bind(duplicate_key(
                        &job.company_name,
                        &job.job_title,
                        &job.location,
                        &job.job_description,
                    ));
            });
            query.build().execute(&mut *tx).await?;
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

/// The start of a multi-row jobs insert, typed for `pool`'s engine.
///
/// Bulk-imported jobs carry no required degree classes, threshold (default 20) or expiry
/// (spec employer §3); they are posted now, active, for the importing employer.
fn builder<DB: Database>(_pool: &Pool<DB>) -> QueryBuilder<DB> {
    QueryBuilder::new(
        "INSERT INTO jobs (id, employer_id, company_name, company_logo, job_title, job_type, \
         job_description, location, salary_min, salary_max, experience_years, qualifications, \
         degree_class, experience_level, skills, requirements, benefits, industry, linkedin_url, \
         import_id, posted_at, is_active, created_at, updated_at, duplicate_key) ",
    )
}

//! Persistence of applications.

use jobtap_core::score::FitScore;

use sqlx::types::Json;

use crate::db::{Db, DbKind};
use crate::{on_db, on_db_write};

use super::STATUS_APPLIED;

/// One application to insert, scored by the server.
#[derive(Debug)]
pub struct NewApplication<'a> {
    pub id: &'a str,
    pub user_id: &'a str,
    pub job_id: &'a str,
    /// The job's `updated_at` when it was scored: the insert happens only if it is unchanged.
    pub job_version: i64,
    pub cover_letter: &'a str,
    pub email_subject: &'a str,
    pub fit: &'a FitScore,
    pub now: i64,
}

/// What [`insert`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inserted {
    Created,
    /// Nothing: the job is no longer live, or was edited after it was scored.
    JobChanged,
}

/// The audit event of a new application.
pub const EVENT_CREATED: &str = "application_created";

/// The insert of [`insert`]: the job is checked and its snapshots taken in the same statement.
macro_rules! insert_application {
    () => {
        "INSERT INTO applications (id, user_id, job_id, status, cover_letter, email_subject, \
         degree_score, skills_score, university_score, experience_score, total_raw_score, \
         score_percentage, job_title_snapshot, company_name_snapshot, applied_at, updated_at, employer_id) \
         SELECT $1, $2, j.id, $3, $4, $5, $6, $7, $8, $9, $10, $11, j.job_title, j.company_name, $12, $12, j.employer_id \
         FROM jobs j WHERE j.id = $13 AND j.is_active AND (j.expires_at IS NULL OR j.expires_at > $12) \
         AND j.updated_at = $14"
    };
}

/// SQLite: two statements sent as one, the audit row written only when the insert
/// before it added a row (`changes()`). A failed insert stops the batch.
const INSERT_SQLITE: &str = concat!(
    insert_application!(),
    "; INSERT INTO audit_log (at, event, actor_id, subject, detail) \
     SELECT $12, $15, $2, $1, $16 WHERE changes() = 1"
);

/// PostgreSQL: one statement, so the application and its audit row commit together.
const INSERT_POSTGRES: &str = concat!(
    "WITH created AS (",
    insert_application!(),
    " RETURNING id) INSERT INTO audit_log (at, event, actor_id, subject, detail) \
     SELECT $12, $15, $2, id, $16 FROM created"
);

/// Inserts the application in one statement that also re-checks, at that instant,
/// that the job is active, unexpired and still the version that was scored, and
/// takes the title and company snapshots and the employer from it; its
/// `application_created` audit row goes in the same trip to the database (on
/// SQLite's single writer, a second trip cost more than the insert itself).
/// A second application by the same user fails on `applications_user_job_key`
/// (see [`crate::db::is_unique_violation`]).
pub async fn insert(db: &Db, new: &NewApplication<'_>) -> Result<Inserted, sqlx::Error> {
    let fit = new.fit;
    let sql = match db.kind() {
        DbKind::Sqlite => INSERT_SQLITE,
        DbKind::Postgres => INSERT_POSTGRES,
    };
    let detail = Json(serde_json::json!({
        "job_id": new.job_id,
        "score_percentage": fit.score_percentage,
    }));
    let rows = on_db_write!(db, pool => {
        sqlx::query(sql)
            .bind(new.id)
            .bind(new.user_id)
            .bind(STATUS_APPLIED)
            .bind(new.cover_letter)
            .bind(new.email_subject)
            .bind(fit.degree_score)
            .bind(fit.skills_score)
            .bind(fit.university_score)
            .bind(fit.experience_score)
            .bind(fit.total_raw_score)
            .bind(fit.score_percentage)
            .bind(new.now)
            .bind(new.job_id)
            .bind(new.job_version)
            .bind(EVENT_CREATED)
            .bind(&detail)
            .execute(pool)
            .await?
            .rows_affected()
    });
    // SQLite counts both rows, PostgreSQL the audit row: none means no application.
    Ok(if rows > 0 {
        Inserted::Created
    } else {
        Inserted::JobChanged
    })
}

/// A stored application's status and scores, for checks in tests and tools.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredApplication {
    pub id: String,
    pub user_id: String,
    pub job_id: Option<String>,
    pub status: String,
    pub cover_letter: String,
    pub email_subject: String,
    pub score_percentage: f64,
    pub total_raw_score: f64,
    pub job_title_snapshot: String,
    pub company_name_snapshot: String,
    pub applied_at: i64,
}

/// Every application to `job_id`, oldest first.
pub async fn for_job(db: &Db, job_id: &str) -> Result<Vec<StoredApplication>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, StoredApplication>(
            "SELECT id, user_id, job_id, status, cover_letter, email_subject, score_percentage, \
             total_raw_score, job_title_snapshot, company_name_snapshot, applied_at \
             FROM applications WHERE job_id = $1 ORDER BY applied_at, id",
        )
        .bind(job_id)
        .fetch_all(pool)
        .await
    })
}

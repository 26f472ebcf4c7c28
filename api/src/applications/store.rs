//! Persistence of applications.

use jobtap_core::application_status::ApplicationStatus;
use jobtap_core::score::FitScore;

use crate::audit::{self, Event};
use crate::db::Db;
use crate::on_db;

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
    /// The caller's documents sent with it (ids checked as theirs; one deleted meanwhile
    /// is left out).
    pub documents: &'a [String],
    /// The fit's skills line, quoting the resume, when that resume is among `documents`.
    pub skills_evidence: Option<&'a str>,
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
         score_percentage, job_title_snapshot, company_name_snapshot, applied_at, updated_at, employer_id, \
         skills_evidence) \
         SELECT $1, $2, j.id, $3, $4, $5, $6, $7, $8, $9, $10, $11, j.job_title, j.company_name, $12, $12, j.employer_id, $15 \
         FROM jobs j WHERE j.id = $13 AND j.is_active AND (j.expires_at IS NULL OR j.expires_at > $12) \
         AND j.updated_at = $14"
    };
}

/// The bell rows for the new application `$1` (see `notifications`): one for each member of the
/// company's team, `$2` the id of the one for the account that keys it (the others add theirs).
const BELL_SQLITE: &str = concat!(
    "INSERT INTO notifications (id, user_id, kind, application_id, created_at) \
     SELECT CASE WHEN m.user_id = a.employer_id THEN $2 ELSE $2 || '-' || m.user_id END, \
     m.user_id, 'new_applicant', a.id, a.applied_at FROM applications a \
     JOIN company_members m ON m.company_id = a.employer_id WHERE a.id = $1 AND ",
    crate::knows_job!("m", "a.job_id")
);

/// The documents `$3` (a JSON array of ids) of user `$2` sent with application `$1`.
const DOCUMENTS_SQLITE: &str = "INSERT INTO application_documents (application_id, document_id) \
     SELECT $1, id FROM user_documents WHERE user_id = $2 AND id IN (SELECT value FROM json_each($3))";

/// PostgreSQL: one statement, so the application, its documents, its audit row and the
/// team's bell rows commit together. Answers how many applications it created (0 or 1).
const INSERT_POSTGRES: &str = concat!(
    "WITH created AS (",
    insert_application!(),
    " RETURNING id, employer_id, job_id), audit AS (INSERT INTO audit_log (at, event, actor_id, subject, \
     detail) SELECT $12, $16, $2, id, $17 FROM created), bell AS (INSERT INTO notifications \
     (id, user_id, kind, application_id, created_at) SELECT CASE WHEN m.user_id = c.employer_id \
     THEN $18 ELSE $18 || '-' || m.user_id END, m.user_id, 'new_applicant', c.id, $12 \
     FROM created c JOIN company_members m ON m.company_id = c.employer_id WHERE ",
    crate::knows_job!("m", "c.job_id"),
    "), documents AS (INSERT INTO \
     application_documents (application_id, document_id) SELECT c.id, d.id FROM created c \
     JOIN user_documents d ON d.user_id = $2 AND d.id = ANY($19)) SELECT COUNT(*) FROM created"
);

/// `$query` (a statement made of [`insert_application!`]) with the application's values bound
/// as `$1` to `$15`.
macro_rules! bind_application {
    ($query:expr, $new:expr) => {{
        let new: &NewApplication<'_> = $new;
        $query
            .bind(new.id)
            .bind(new.user_id)
            .bind(ApplicationStatus::Applied.as_str())
            .bind(new.cover_letter)
            .bind(new.email_subject)
            .bind(new.fit.degree_score)
            .bind(new.fit.skills_score)
            .bind(new.fit.university_score)
            .bind(new.fit.experience_score)
            .bind(new.fit.total_raw_score)
            .bind(new.fit.score_percentage)
            .bind(new.now)
            .bind(new.job_id)
            .bind(new.job_version)
            .bind(new.skills_evidence)
    }};
}

/// Inserts the application in one statement that also re-checks, at that instant,
/// that the job is active, unexpired and still the version that was scored, and
/// takes the title and company snapshots and the employer from it; then its
/// `application_created` audit row. A second application by the same user fails on
/// `applications_user_job_key` (see [`crate::db::is_unique_violation`]).
pub async fn insert(db: &Db, new: &NewApplication<'_>) -> Result<Inserted, sqlx::Error> {
    let event = Event {
        event: EVENT_CREATED,
        actor_id: Some(new.user_id),
        subject: Some(new.id),
        detail: Some(serde_json::json!({
            "job_id": new.job_id,
            "score_percentage": new.fit.score_percentage,
        })),
        ..Default::default()
    };
    let created = match db {
        // SQLite's single writer is taken once for the three writes: each hand-over of it
        // costs more than an insert (docs/benchmarks.md). One transaction, so the application
        // and the employer's bell row commit together; the audit row stays best-effort, as
        // every other one on SQLite.
        Db::Sqlite { writer, .. } => {
            let mut conn = writer.acquire().await?;
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            let created = bind_application!(sqlx::query(insert_application!()), new)
                .execute(&mut *tx)
                .await?
                .rows_affected()
                == 1;
            if created {
                sqlx::query(BELL_SQLITE)
                    .bind(new.id)
                    .bind(uuid::Uuid::new_v4().to_string())
                    .execute(&mut *tx)
                    .await?;
                if !new.documents.is_empty() {
                    sqlx::query(DOCUMENTS_SQLITE)
                        .bind(new.id)
                        .bind(new.user_id)
                        .bind(serde_json::to_string(new.documents).unwrap_or_default())
                        .execute(&mut *tx)
                        .await?;
                }
                if let Err(err) = crate::audit_insert!(new.now, &event)
                    .execute(&mut *tx)
                    .await
                {
                    audit::report_failure(&err, &event);
                }
            }
            tx.commit().await?;
            created
        }
        Db::Postgres { pool, .. } => {
            let created: i64 =
                bind_application!(sqlx::query_scalar::<_, i64>(INSERT_POSTGRES), new)
                    .bind(EVENT_CREATED)
                    .bind(audit::detail(&event))
                    .bind(uuid::Uuid::new_v4().to_string())
                    .bind(new.documents)
                    .fetch_one(pool)
                    .await?;
            created == 1
        }
    };
    Ok(if created {
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

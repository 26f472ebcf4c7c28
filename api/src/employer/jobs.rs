//! Persistence of an employer's own jobs.

use sqlx::AssertSqlSafe;
use std::collections::HashMap;

use serde::Serialize;

use jobtap_core::format::{format_posted, format_salary_range};
use jobtap_core::job_post::JobPost;
use jobtap_core::notifications::Event;

use crate::db::Db;
use crate::db::states::{self, REJECTED, REJECTED_STAGE};
use crate::jobs::row::JobFields;
use crate::mail::config::MailConfig;
use crate::mail::interview_texts::Cancelled;
use crate::mail::outbox::NewRow;
use crate::mail::texts;
use crate::{on_db, on_db_write};

/// A job as its employer sees it, with the number of applications it drew.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct EmployerJob {
    // Inline and without a doc comment (utoipa would wrap the part with it), so the document
    // describes the job as one object: see `openapi::inline_parts`.
    #[serde(flatten)]
    #[sqlx(flatten)]
    #[schema(inline)]
    pub fields: JobFields,
    pub created_at: i64,
    pub updated_at: i64,
    pub applications_count: i64,
    /// The salary as every screen writes it (core's `format_salary_range`).
    #[sqlx(skip)]
    pub salary_text: String,
    /// "Posted Mar 5, 2025", the stored day in UTC (core's `format_posted`), as the candidate's card.
    #[sqlx(skip)]
    pub posted_text: String,
}

impl EmployerJob {
    /// Fills the fields core formats from the stored ones.
    fn formatted(mut self) -> Self {
        self.salary_text = format_salary_range(self.fields.salary_min, self.fields.salary_max);
        self.posted_text = format_posted(self.fields.posted_at);
        self
    }
}

/// The jobs store's column list, then room for the employer's own columns.
macro_rules! job_columns {
    () => {
        concat!("SELECT ", crate::jobs::row::job_columns!(), ", ")
    };
}

/// The number of a job's applications on the employer's list.
macro_rules! applications_count {
    () => {
        "(SELECT COUNT(*) FROM applications a WHERE a.job_id = j.id AND a.hidden_from_employer = FALSE)"
    };
}

macro_rules! job_select {
    () => {
        concat!(
            job_columns!(),
            applications_count!(),
            " AS applications_count FROM jobs j "
        )
    };
}

/// The employer's jobs, newest posted first, each with its number of applications on
/// the list: the counts (one over each job's range of `applications_job_review`), then
/// the jobs.
pub async fn list(db: &Db, employer_id: &str) -> Result<Vec<EmployerJob>, sqlx::Error> {
    let counts = application_counts(db, employer_id).await?;
    let mut jobs = on_db!(db, pool => {
        sqlx::query_as::<_, EmployerJob>(concat!(
            job_columns!(),
            "CAST(0 AS BIGINT) AS applications_count FROM jobs j \
             WHERE j.employer_id = $1 ORDER BY j.posted_at DESC, j.id DESC"
        ))
        .bind(employer_id)
        .fetch_all(pool)
        .await
    })?;
    for job in &mut jobs {
        job.applications_count = counts.get(&job.fields.id).copied().unwrap_or(0);
    }
    Ok(jobs.into_iter().map(EmployerJob::formatted).collect())
}

/// The number of applications on the employer's list per job of theirs (jobs with none
/// left out).
async fn application_counts(
    db: &Db,
    employer_id: &str,
) -> Result<HashMap<String, i64>, sqlx::Error> {
    let rows: Vec<(String, i64)> = on_db!(db, pool => {
        sqlx::query_as(concat!(
            "SELECT j.id, ",
            applications_count!(),
            " FROM jobs j WHERE j.employer_id = $1"
        ))
        .bind(employer_id)
        .fetch_all(pool)
        .await
    })?;
    Ok(rows.into_iter().filter(|(_, count)| *count > 0).collect())
}

/// One of the employer's jobs.
pub async fn get(db: &Db, employer_id: &str, id: &str) -> Result<Option<EmployerJob>, sqlx::Error> {
    let job = on_db!(db, pool => {
        sqlx::query_as::<_, EmployerJob>(concat!(job_select!(), "WHERE j.id = $1 AND j.employer_id = $2"))
            .bind(id)
            .bind(employer_id)
            .fetch_optional(pool)
            .await
    })?;
    Ok(job.map(EmployerJob::formatted))
}

/// Inserts a new posting for `employer_id`; returns its id.
pub async fn create(
    db: &Db,
    employer_id: &str,
    post: &JobPost,
    now: i64,
) -> Result<String, sqlx::Error> {
    let job = JobFields::posted(uuid::Uuid::new_v4().to_string(), employer_id, post);
    crate::jobs::store::insert_many(db, std::slice::from_ref(&job), now).await?;
    Ok(job.id)
}

pub use crate::jobs::row::update;

/// Pauses or activates job `id`; false when it is not the employer's.
pub async fn set_active(
    db: &Db,
    employer_id: &str,
    id: &str,
    active: bool,
    now: i64,
) -> Result<bool, sqlx::Error> {
    on_db_write!(db, pool => {
        let updated = sqlx::query("UPDATE jobs SET is_active = $3, \
             updated_at = CASE WHEN $4 > updated_at THEN $4 ELSE updated_at + 1 END \
             WHERE id = $1 AND employer_id = $2")
            .bind(id)
            .bind(employer_id)
            .bind(active)
            .bind(now)
            .execute(pool)
            .await?
            .rows_affected();
        Ok(updated == 1)
    })
}

/// A candidate whose application a job's deletion declined, as the e-mail names them.
#[derive(sqlx::FromRow)]
struct Declined {
    id: String,
    user_id: String,
    email: String,
    full_name: String,
    job_title: String,
    company_name: String,
}

/// The note pending applications get when their job is deleted.
pub const DELETED_JOB_NOTE: &str =
    "This job posting was removed by the employer, so the application was declined.";

/// Deletes job `id`: first deactivates it, declines its pending applications with a
/// note (the candidates keep them, with "Job No Longer Available"), then deletes it.
/// Returns how many applications were declined, or `None` when it is not the employer's.
///
/// Each declined candidate's e-mail is queued in the same transaction.
pub async fn delete(
    db: &Db,
    mail: &MailConfig,
    employer_id: &str,
    actor: &str,
    id: &str,
    now: i64,
) -> Result<Option<u64>, sqlx::Error> {
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        let owned = sqlx::query("UPDATE jobs SET is_active = FALSE, \
             updated_at = CASE WHEN $3 > updated_at THEN $3 ELSE updated_at + 1 END \
             WHERE id = $1 AND employer_id = $2")
            .bind(id)
            .bind(employer_id)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if owned == 0 {
            return Ok(None);
        }
        let interviews: Vec<String> = sqlx::query_scalar(
            "SELECT i.application_id FROM interviews i JOIN applications a ON a.id = i.application_id \
             WHERE a.job_id = $1 AND i.status <> 'cancelled'",
        )
        .bind(id)
        .fetch_all(&mut *tx)
        .await?;
        for application in &interviews {
            crate::call_off_interview!(&mut *tx, mail, application, now, Cancelled::JobClosed)?;
        }
        // The move of each open application to Rejected, with who made it, as a reject
        // records it (one per application: a rejection is final, so the id cannot repeat).
        sqlx::query(AssertSqlSafe(format!(
            "INSERT INTO application_stage_moves (id, application_id, from_stage, to_stage, at, actor_id) \
             SELECT 'job-deleted:' || id, id, stage, '{REJECTED_STAGE}', $2, $3 FROM applications a \
             WHERE job_id = $1 AND {open}",
            open = states::is_open("a"),
        )))
        .bind(id)
        .bind(now)
        .bind(actor)
        .execute(&mut *tx)
        .await?;
        let declined: Vec<Declined> = sqlx::query_as(AssertSqlSafe(format!(
            "UPDATE applications SET status = '{REJECTED}', stage = '{REJECTED_STAGE}', updated_at = $2, \
             employer_comment = COALESCE(employer_comment, $3) \
             WHERE job_id = $1 AND {open} \
             RETURNING id, user_id, (SELECT email FROM users WHERE users.id = applications.user_id) AS email, \
             COALESCE((SELECT full_name FROM profiles WHERE profiles.id = applications.user_id), '') \
             AS full_name, \
             (SELECT job_title FROM jobs WHERE jobs.id = applications.job_id) AS job_title, \
             (SELECT company_name FROM jobs WHERE jobs.id = applications.job_id) AS company_name",
            open = states::is_open("applications"),
        )))
        .bind(id)
        .bind(now)
        .bind(DELETED_JOB_NOTE)
        .fetch_all(&mut *tx)
        .await?;
        // Each candidate is told, in this transaction: only if the job is really gone.
        for to in &declined {
            if !crate::notify!(&mut *tx, &to.user_id, Event::JobClosed, &to.id, now)? {
                continue;
            }
            let message = texts::decision(&texts::Decision {
                to_address: &to.email,
                candidate_name: &to.full_name,
                job_title: &to.job_title,
                company_name: &to.company_name,
                outcome: texts::Outcome::JobClosed,
                feedback: None,
                public_url: &mail.public_url,
            });
            // An address the account took but e-mail cannot carry: the change stands.
            if let Ok(row) = NewRow::new(&message, mail, now) {
                crate::queue_mail!(&mut *tx, &row)?;
            } else {
                tracing::warn!(job = id, "job-closed e-mail not queued: the address cannot carry e-mail");
            }
        }
        let declined = declined.len() as u64;
        sqlx::query("DELETE FROM jobs WHERE id = $1 AND employer_id = $2")
            .bind(id)
            .bind(employer_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Some(declined))
    })
}

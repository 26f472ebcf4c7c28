//! Persistence of the applications to an employer's jobs.

use serde::{Deserialize, Serialize};

use crate::clock::DAY_MS;
use crate::db::Db;
use crate::on_db;

/// The dashboard's filters (spec, employer side §2): date range and minimum scores.
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct Filters {
    /// 7, 30 or 90; anything else (or none) means all time.
    pub days: Option<i64>,
    /// 3, 4 or 5; none means any.
    pub min_experience: Option<f64>,
    pub min_degree: Option<f64>,
}

impl Filters {
    fn since(&self, now: i64) -> i64 {
        match self.days {
            Some(days @ (7 | 30 | 90)) => now - days * DAY_MS,
            _ => i64::MIN,
        }
    }
}

/// An application as the employer reviews it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct EmployerApplication {
    pub id: String,
    pub user_id: String,
    pub job_id: Option<String>,
    pub status: String,
    pub applied_at: i64,
    pub employer_comment: Option<String>,
    pub ai_screening_comment: Option<String>,
    pub cover_letter: String,
    pub email_subject: String,
    pub degree_score: f64,
    pub skills_score: f64,
    pub university_score: f64,
    pub experience_score: f64,
    pub total_raw_score: f64,
    pub score_percentage: f64,
    pub job_title: String,
    pub company_name: String,
    pub candidate_name: String,
    pub candidate_email: String,
    pub candidate_location: Option<String>,
}

macro_rules! application_select {
    () => {
        "SELECT a.id, a.user_id, a.job_id, a.status, a.applied_at, a.employer_comment, a.ai_screening_comment, \
         a.cover_letter, a.email_subject, a.degree_score, a.skills_score, a.university_score, a.experience_score, \
         a.total_raw_score, a.score_percentage, j.job_title, j.company_name, p.full_name AS candidate_name, \
         p.email AS candidate_email, p.location AS candidate_location \
         FROM applications a JOIN jobs j ON j.id = a.job_id JOIN profiles p ON p.id = a.user_id \
         WHERE j.employer_id = $1 AND NOT a.hidden_from_employer "
    };
}

/// The applications to the employer's jobs that pass `filters`, newest first.
pub async fn list(
    db: &Db,
    employer_id: &str,
    filters: &Filters,
    now: i64,
) -> Result<Vec<EmployerApplication>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, EmployerApplication>(concat!(
            application_select!(),
            "AND a.applied_at >= $2 AND a.experience_score >= $3 AND a.degree_score >= $4 \
             ORDER BY a.applied_at DESC, a.id DESC"
        ))
        .bind(employer_id)
        .bind(filters.since(now))
        .bind(filters.min_experience.unwrap_or(0.0))
        .bind(filters.min_degree.unwrap_or(0.0))
        .fetch_all(pool)
        .await
    })
}

/// The best application by total raw score among those passing `filters`.
pub async fn top(
    db: &Db,
    employer_id: &str,
    filters: &Filters,
    now: i64,
) -> Result<Option<EmployerApplication>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, EmployerApplication>(concat!(
            application_select!(),
            "AND a.applied_at >= $2 AND a.experience_score >= $3 AND a.degree_score >= $4 \
             ORDER BY a.total_raw_score DESC, a.applied_at ASC LIMIT 1"
        ))
        .bind(employer_id)
        .bind(filters.since(now))
        .bind(filters.min_experience.unwrap_or(0.0))
        .bind(filters.min_degree.unwrap_or(0.0))
        .fetch_optional(pool)
        .await
    })
}

/// One application to the employer's jobs (still on their list).
pub async fn get(
    db: &Db,
    employer_id: &str,
    id: &str,
) -> Result<Option<EmployerApplication>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, EmployerApplication>(concat!(application_select!(), "AND a.id = $2"))
            .bind(employer_id)
            .bind(id)
            .fetch_optional(pool)
            .await
    })
}

/// What a decision came to.
#[derive(Debug, PartialEq, Eq)]
pub enum Decision {
    Done,
    /// Not one of the employer's (or no longer on their list).
    NotFound,
    /// Already accepted or rejected.
    AlreadyDecided,
}

/// Accepts or rejects an application still in status `applied`. A rejected one
/// leaves the employer's list but stays, with its status, for the candidate.
pub async fn decide(
    db: &Db,
    employer_id: &str,
    id: &str,
    accept: bool,
    now: i64,
) -> Result<Decision, sqlx::Error> {
    let (status, hide) = if accept {
        ("accepted", false)
    } else {
        ("rejected", true)
    };
    on_db!(db, pool => {
        let updated = sqlx::query(
            "UPDATE applications SET status = $3, hidden_from_employer = $4, updated_at = $5 \
             WHERE id = $1 AND status = 'applied' AND NOT hidden_from_employer \
             AND job_id IN (SELECT id FROM jobs WHERE employer_id = $2)",
        )
        .bind(id)
        .bind(employer_id)
        .bind(status)
        .bind(hide)
        .bind(now)
        .execute(pool)
        .await?
        .rows_affected();
        if updated == 1 {
            return Ok(Decision::Done);
        }
        Ok::<_, sqlx::Error>(())
    })?;
    Ok(if get(db, employer_id, id).await?.is_some() {
        Decision::AlreadyDecided
    } else {
        Decision::NotFound
    })
}

/// Sets the employer's comment; false when the application is not theirs.
pub async fn comment(
    db: &Db,
    employer_id: &str,
    id: &str,
    comment: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    on_db!(db, pool => {
        let updated = sqlx::query(
            "UPDATE applications SET employer_comment = $3, updated_at = $4 WHERE id = $1 AND NOT hidden_from_employer \
             AND job_id IN (SELECT id FROM jobs WHERE employer_id = $2)",
        )
        .bind(id)
        .bind(employer_id)
        .bind(comment)
        .bind(now)
        .execute(pool)
        .await?
        .rows_affected();
        Ok(updated == 1)
    })
}

/// Removes an application from the employer's list; the candidate keeps their record.
pub async fn remove(db: &Db, employer_id: &str, id: &str, now: i64) -> Result<bool, sqlx::Error> {
    on_db!(db, pool => {
        let updated = sqlx::query(
            "UPDATE applications SET hidden_from_employer = TRUE, updated_at = $3 WHERE id = $1 \
             AND NOT hidden_from_employer AND job_id IN (SELECT id FROM jobs WHERE employer_id = $2)",
        )
        .bind(id)
        .bind(employer_id)
        .bind(now)
        .execute(pool)
        .await?
        .rows_affected();
        Ok(updated == 1)
    })
}

/// A candidate's document as the employer may see it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct CandidateDocument {
    pub id: String,
    pub document_type: String,
    pub file_name: String,
    pub file_size: i64,
    pub uploaded_at: i64,
    #[serde(skip)]
    pub file_path: String,
    #[serde(skip)]
    pub content_type: String,
}

/// The documents of the candidate behind application `id` (the employer's own).
pub async fn candidate_documents(
    db: &Db,
    employer_id: &str,
    id: &str,
) -> Result<Option<Vec<CandidateDocument>>, sqlx::Error> {
    let Some(application) = get(db, employer_id, id).await? else {
        return Ok(None);
    };
    on_db!(db, pool => {
        sqlx::query_as::<_, CandidateDocument>(
            "SELECT id, document_type, file_name, file_size, uploaded_at, file_path, content_type \
             FROM user_documents WHERE user_id = $1 ORDER BY uploaded_at DESC, id DESC",
        )
        .bind(&application.user_id)
        .fetch_all(pool)
        .await
        .map(Some)
    })
}

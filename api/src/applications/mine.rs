//! The candidate's own applications: `GET /api/v1/applications` and
//! `DELETE /api/v1/applications/{id}` (spec, candidate side §2 "Applications").

use serde::Serialize;
use warp::Filter;
use warp::http::StatusCode;
use warp::reply::Response;

use jobtap_core::application_status::StatusBucket;
use jobtap_core::job_stages::Place;

use super::status::StatusView;
use crate::auth::extract::{Bearer, bearer};
use crate::db::Db;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, one_of, route, with_state};
use crate::mail::config::MailConfig;
use crate::mail::interview_texts::Cancelled;
use crate::state::AppState;
use crate::{on_db, on_db_write};

/// An application with its job, as the candidate tracks it. When the job was
/// deleted, `job_available` is false and the job fields come from the snapshot.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct MyApplication {
    pub id: String,
    pub job_id: Option<String>,
    #[serde(flatten)]
    pub status: StatusView,
    /// Read for the badge's words only: the employer's stage names are theirs.
    #[serde(skip)]
    pub stage: String,
    pub cover_letter: String,
    pub email_subject: String,
    pub degree_score: f64,
    pub skills_score: f64,
    pub university_score: f64,
    pub experience_score: f64,
    pub total_raw_score: f64,
    pub score_percentage: f64,
    pub applied_at: i64,
    pub employer_comment: Option<String>,
    pub ai_screening_comment: Option<String>,
    pub job_available: bool,
    pub job_title: String,
    pub company_name: String,
    pub company_logo: Option<String>,
    pub location: Option<String>,
    pub salary_min: Option<f64>,
    pub salary_max: Option<f64>,
    /// The documents sent with the application: what its employer can open.
    #[sqlx(skip)]
    pub documents: Vec<SentDocument>,
    /// The interview the employer proposed or booked, if any.
    #[sqlx(skip)]
    pub interview: Option<crate::interviews::store::InterviewView>,
}

/// A document sent with an application, as its candidate's list names it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct SentDocument {
    #[serde(skip)]
    pub application_id: String,
    pub id: String,
    pub file_name: String,
    #[schema(value_type = crate::http::core_schemas::DocumentTypeSchema)]
    pub document_type: String,
}

/// The counters of the page: Total, Pending (applied, pending, under review), Accepted, Rejected.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
pub struct Counts {
    pub total: usize,
    pub pending: usize,
    pub accepted: usize,
    pub rejected: usize,
}

impl Counts {
    fn of(applications: &[MyApplication]) -> Self {
        let mut counts = Self {
            total: applications.len(),
            ..Self::default()
        };
        for a in applications {
            match a.status.status_bucket {
                Some(StatusBucket::Pending) => counts.pending += 1,
                Some(StatusBucket::Accepted) => counts.accepted += 1,
                Some(StatusBucket::Rejected) => counts.rejected += 1,
                None => {}
            }
        }
        counts
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct MineBody {
    applications: Vec<MyApplication>,
    counts: Counts,
}

/// The caller's applications, newest first, each with the documents sent with it; a
/// rejection reads "Not selected" and the employer's private note and reason are not read.
pub async fn list(db: &Db, user_id: &str, now: i64) -> Result<Vec<MyApplication>, sqlx::Error> {
    let (applications, documents, mut interviews) = tokio::try_join!(
        rows(db, user_id),
        sent(db, user_id),
        crate::interviews::read::views(
            db,
            crate::interviews::store::Scope::Candidate(user_id),
            now
        )
    )?;
    Ok(applications
        .into_iter()
        .map(|mut a| {
            a.status = a.status.for_candidate();
            // The badge says where the application is, in the candidate's words.
            if let Some(place) = Place::parse(&a.stage) {
                a.status.status_label = place.candidate_label().to_string();
            }
            a.documents = documents
                .iter()
                .filter(|d| d.application_id == a.id)
                .cloned()
                .collect();
            a.interview = interviews.remove(&a.id);
            a
        })
        .collect())
}

/// The documents the caller sent with their applications.
async fn sent(db: &Db, user_id: &str) -> Result<Vec<SentDocument>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, SentDocument>(
            "SELECT ad.application_id, d.id, d.file_name, d.document_type \
             FROM user_documents d JOIN application_documents ad ON ad.document_id = d.id \
             WHERE d.user_id = $1 ORDER BY d.uploaded_at DESC, d.id DESC",
        )
        .bind(user_id)
        .fetch_all(pool)
        .await
    })
}

async fn rows(db: &Db, user_id: &str) -> Result<Vec<MyApplication>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, MyApplication>(
            "SELECT a.id, a.job_id, a.status, a.stage, a.cover_letter, a.email_subject, a.degree_score, a.skills_score, \
             a.university_score, a.experience_score, a.total_raw_score, a.score_percentage, a.applied_at, \
             a.employer_comment, a.ai_screening_comment, (j.id IS NOT NULL) AS job_available, \
             COALESCE(j.job_title, a.job_title_snapshot) AS job_title, \
             COALESCE(j.company_name, a.company_name_snapshot) AS company_name, \
             j.company_logo, j.location, j.salary_min, j.salary_max \
             FROM applications a LEFT JOIN jobs j ON j.id = a.job_id \
             WHERE a.user_id = $1 ORDER BY a.applied_at DESC, a.id DESC",
        )
        .bind(user_id)
        .fetch_all(pool)
        .await
    })
}

/// Deletes the caller's application `id`, calling off its interview; false when there is none
/// of theirs.
pub async fn delete(
    db: &Db,
    mail: &MailConfig,
    user_id: &str,
    id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        let mine: Option<String> =
            sqlx::query_scalar("SELECT id FROM applications WHERE id = $1 AND user_id = $2")
                .bind(id)
                .bind(user_id)
                .fetch_optional(&mut *tx)
                .await?;
        if mine.is_none() {
            return Ok(false);
        }
        crate::call_off_interview!(&mut *tx, mail, id, now, Cancelled::Withdrawn)?;
        sqlx::query("DELETE FROM applications WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    })
}

/// GET /api/v1/applications and DELETE /api/v1/applications/{id}
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let list_route = route!(warp::path!("applications");
        warp::get(), with_state(state.clone()), bearer() => list_mine);
    let delete_route = route!(warp::path!("applications" / String);
        warp::delete(), with_state(state.clone()), bearer() => delete_mine);
    one_of!(list_route, delete_route)
}

#[utoipa::path(get, path = "/api/v1/applications", tag = "applications",
    security(("bearer" = [])),
    responses((status = 200, description = "The caller's applications, newest first, and their counts", body = MineBody)))]
async fn list_mine(state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    let applications = list(&state.db, &user.id, state.now_ms()).await?;
    let counts = Counts::of(&applications);
    Ok(warp::reply::json(&MineBody {
        applications,
        counts,
    }))
}

#[utoipa::path(delete, path = "/api/v1/applications/{id}", tag = "applications",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The application's id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such application of the caller's", body = ErrorBody),
    ))]
async fn delete_mine(id: String, state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    if !delete(&state.db, &state.config.mail, &user.id, &id, state.now_ms()).await? {
        return Err(ApiError::NotFound("Application not found".into()));
    }
    // A called-off interview may have queued its cancellations.
    state.mail_queued();
    Ok(StatusCode::NO_CONTENT)
}

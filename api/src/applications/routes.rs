//! `POST /api/v1/applications`: apply to a job.
//!
//! The client's checks are advisory; the server makes them all again: the job
//! is live, not a sample, not already applied to, and the caller's own stored
//! profile meets its threshold. Scores and status come from the server only.

use serde::Deserialize;
use warp::Filter;
use warp::http::StatusCode;
use warp::reply::Response;

use jobtap_core::cover_letter::CoverLetterJob;
use jobtap_core::onboarding;
use jobtap_core::score::{FitScore, shortfall_text};

use crate::accounts::store::Role;
use crate::ai::{CoverLetterInput, engine};
use crate::auth::extract::{Bearer, bearer};
use crate::error::{ApiError, ErrorBody, FieldErrors, reply};
use crate::feed::MSG_JOB_GONE;
use crate::feed::routes::live_job_or_404;
use crate::feed::{fit, store as feed_store};
use crate::http::{json_body, with_state};
use crate::jobs::store::{self as jobs, LiveJob};
use crate::state::AppState;

use super::store::{self, Inserted, NewApplication};
use super::{
    ApplicationView, MOCK_JOB_PREFIX, MSG_ALREADY_APPLIED, MSG_BELOW_THRESHOLD, MSG_MOCK_JOB,
    MSG_MOCK_JOB_DESCRIPTION, MSG_SAMPLE_JOB_DESCRIPTION, STATUS_APPLIED,
};

/// Attempts when the job is edited between scoring and inserting.
const MAX_ATTEMPTS: usize = 3;

/// Only the job is read from the body: status, scores, user and letter are the server's.
#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
struct ApplyBody {
    job_id: String,
}

/// The application routes.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    // POST /api/v1/applications
    warp::path!("applications")
        .and(warp::post())
        .and(with_state(state.clone()))
        .and(bearer())
        .and(json_body())
        .then(|s, b, body| async move { reply(apply(s, b, body).await) })
        .or(super::mine::routes(state))
        .unify()
}

#[utoipa::path(post, path = "/api/v1/applications", tag = "applications",
    security(("bearer" = [])),
    request_body = ApplyBody,
    responses(
        (status = 201, description = "Applied, with the written cover letter and the scores", body = ApplicationView),
        (status = 400, description = "No job_id", body = ErrorBody),
        (status = 403, description = "Not a candidate account", body = ErrorBody),
        (status = 404, description = "No such live job, or no profile yet", body = ErrorBody),
        (status = 409, description = "Already applied, or the job changed meanwhile", body = ErrorBody),
        (status = 422, description = "A sample job, a profile not yet completed, or the fit score is under the job's threshold", body = ErrorBody),
    ))]
async fn apply(
    state: AppState,
    bearer: Bearer,
    body: ApplyBody,
) -> Result<impl warp::Reply, ApiError> {
    let job_id = body.job_id.trim();
    let claims = bearer.claims(&state)?;
    let readable = check_job_id(job_id).is_ok();
    // The session, the profile and the job are read at once (under load each trip to
    // the database waits behind other requests); the answers are taken in the order
    // of precedence, so a caller without a candidate session learns nothing else.
    let (user, profile, first_job) = tokio::join!(
        bearer.user_with(&state, Role::Candidate),
        feed_store::scoring_profile(&state.db, &claims.sub),
        async {
            if readable {
                jobs::live_job(&state.db, job_id, &claims.sub, state.now_ms()).await
            } else {
                Ok(None)
            }
        },
    );
    let user = user?;
    check_job_id(job_id)?;
    let profile = profile?.ok_or_else(|| ApiError::NotFound("Profile not found".into()))?;
    let candidate = profile.candidate();
    if job_id.starts_with(MOCK_JOB_PREFIX) {
        let why = if onboarding::profile_complete(&candidate) {
            MSG_SAMPLE_JOB_DESCRIPTION
        } else {
            MSG_MOCK_JOB_DESCRIPTION
        };
        return Err(refusal(
            MSG_MOCK_JOB,
            [("description", vec![why.to_string()])],
        ));
    }
    let mut first_job = Some(first_job);
    for _ in 0..MAX_ATTEMPTS {
        let job = match first_job.take() {
            Some(read) => read?.ok_or_else(|| ApiError::NotFound(MSG_JOB_GONE.into()))?,
            None => live_job_or_404(&state, &user, job_id).await?,
        };
        if job.applied {
            return Err(ApiError::Conflict(MSG_ALREADY_APPLIED.into()));
        }
        if !onboarding::profile_complete(&candidate) {
            return Err(ApiError::field(
                "profile",
                onboarding::MSG_PROFILE_INCOMPLETE,
            ));
        }
        let fit = fit(&candidate, &job);
        if !fit.meets_threshold {
            return Err(below_threshold(&fit));
        }
        // Written before the insert: a slow engine must not hold a transaction open.
        let input = CoverLetterInput {
            profile: profile.letter_profile(),
            job: CoverLetterJob {
                fit_percentage: Some(fit.score_percentage),
                ..letter_job(&job)
            },
        };
        let letter = engine(&state).cover_letter(&input).await?;
        let id = uuid::Uuid::new_v4().to_string();
        let now = state.now_ms();
        let new = NewApplication {
            id: &id,
            user_id: &user.id,
            job_id: &job.id,
            job_version: job.updated_at,
            cover_letter: &letter.body,
            email_subject: &letter.subject,
            fit: &fit,
            now,
        };
        match store::insert(&state.db, &new).await {
            Ok(Inserted::Created) => {}
            // Gone or edited since it was read: read it again (a gone job is a 404 then).
            Ok(Inserted::JobChanged) => continue,
            Err(err)
                if crate::db::is_unique_violation(
                    &err,
                    "applications_user_job_key",
                    "applications.user_id",
                ) =>
            {
                return Err(ApiError::Conflict(MSG_ALREADY_APPLIED.into()));
            }
            Err(err) => return Err(err.into()),
        }
        let view = created_view(id, job.id, letter.body, letter.subject, &fit, now);
        return Ok(warp::reply::with_status(
            warp::reply::json(&view),
            StatusCode::CREATED,
        ));
    }
    Err(ApiError::Conflict(
        "This job was just updated. Please try again.".into(),
    ))
}

/// The answer to a successful apply.
fn created_view(
    id: String,
    job_id: String,
    cover_letter: String,
    email_subject: String,
    fit: &FitScore,
    applied_at: i64,
) -> ApplicationView {
    ApplicationView {
        id,
        job_id,
        status: STATUS_APPLIED.into(),
        cover_letter,
        email_subject,
        degree_score: fit.degree_score,
        skills_score: fit.skills_score,
        university_score: fit.university_score,
        experience_score: fit.experience_score,
        total_raw_score: fit.total_raw_score,
        score_percentage: fit.score_percentage,
        applied_at,
    }
}

/// 400 without a job.
fn check_job_id(job_id: &str) -> Result<(), ApiError> {
    if job_id.is_empty() {
        return Err(ApiError::BadRequest("job_id is required".into()));
    }
    Ok(())
}

/// What the cover letter reads from a job.
fn letter_job(job: &LiveJob) -> CoverLetterJob {
    CoverLetterJob {
        job_title: job.job_title.clone(),
        company_name: job.company_name.clone(),
        job_description: job.job_description.clone(),
        skills: job.skills.0.clone(),
        requirements: job.requirements.0.clone(),
        experience_years: job.experience_years,
        fit_percentage: None,
    }
}

/// The refusal toast for a score under the threshold (spec §8): the shortfall as
/// `description`, the percentage as `score`, and what to improve as `explanations`.
fn below_threshold(fit: &FitScore) -> ApiError {
    refusal(
        MSG_BELOW_THRESHOLD,
        [
            ("description", vec![shortfall_text(fit.score_percentage)]),
            ("score", vec![format!("{:.1}", fit.score_percentage)]),
            ("explanations", fit.explanations.clone()),
        ],
    )
}

/// A 422 whose `fields` carry the toast's extra lines.
fn refusal<const N: usize>(message: &str, fields: [(&str, Vec<String>); N]) -> ApiError {
    ApiError::Validation {
        message: message.into(),
        fields: fields
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect::<FieldErrors>(),
    }
}

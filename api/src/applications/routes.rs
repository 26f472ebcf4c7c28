//! `POST /api/v1/applications`: apply to a job; `POST /api/v1/applications/draft`: the
//! cover letter the apply dialog shows, to edit or regenerate before sending.
//!
//! The client's checks are advisory; the server makes them all again, for the draft
//! and for the application: the job is live, not a sample, not already applied to,
//! and the caller's own stored profile meets its threshold. Scores and status come
//! from the server only; the letter is the candidate's when they send one (edited in
//! the dialog), else the engine writes it.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::http::StatusCode;
use warp::reply::Response;

use jobtap_core::application_status::ApplicationStatus;
use jobtap_core::cover_letter::{self, CoverLetter, CoverLetterJob};
use jobtap_core::email_confirmation::MSG_CONFIRM_TO_APPLY;
use jobtap_core::onboarding;
use jobtap_core::pipeline;
use jobtap_core::score::FitScore;

use crate::accounts::store::Role;
use crate::ai::engine::CoverLetterInput;
use crate::ai::engine::builtin::BuiltinEngine;
use crate::ai::{check_limit, limits};
use crate::auth::confirm;
use crate::auth::extract::{AuthUser, Bearer, CandidateOnly, bearer};
use crate::error::{ApiError, ErrorBody, ErrorKind, FieldErrors, error_responses};
use crate::feed::MSG_JOB_GONE;
use crate::feed::store::ScoringProfile;
use crate::feed::store::live_job_or_404;
use crate::feed::{fit, store as feed_store};
use crate::http::{Answer, Json, json_body, one_of, route, with_state};
use crate::jobs::store::{self as jobs, LiveJob};
use crate::state::AppState;

use super::store::{self, Inserted, NewApplication};
use super::{
    ApplicationView, MSG_ALREADY_APPLIED, MSG_BELOW_THRESHOLD, MSG_MOCK_JOB,
    MSG_SAMPLE_JOB_DESCRIPTION,
};

/// Attempts when the job is edited between scoring and inserting.
const MAX_ATTEMPTS: usize = 3;

/// The job and, optionally, the letter as the candidate edited it: status, scores and
/// user are the server's whatever else the body holds.
#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
struct ApplyBody {
    job_id: String,
    /// The letter to send (at most `MAX_LETTER_CHARS` characters); without it the
    /// engine writes one.
    cover_letter: Option<String>,
    /// The caller's documents to send with it (at most 5); without the field, the default
    /// resume when there is one. The employer sees these and no other.
    document_ids: Option<Vec<String>>,
}

/// Which job a draft is for, and how many times it was regenerated.
#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
struct DraftBody {
    job_id: String,
    /// 0 for the first draft; each "Regenerate" asks for the next.
    regeneration: u32,
}

/// A draft letter for the apply dialog.
#[derive(Debug, Serialize, utoipa::ToSchema)]
struct DraftView {
    cover_letter: String,
    email_subject: String,
    regeneration: u32,
    /// The longest letter the server accepts, for the editor's limit.
    max_chars: usize,
}

/// The application routes.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    // POST /api/v1/applications
    let apply = route!(warp::path!("applications");
        warp::post(), with_state(state.clone()), bearer(), json_body() => apply);
    // POST /api/v1/applications/draft
    let draft = route!(warp::path!("applications" / "draft");
        warp::post(), with_state(state.clone()), bearer(), json_body() => draft);
    one_of!(apply, draft, super::mine::routes(state))
}

error_responses! {
    /// The refusals of [`caller_and_job`] but the caller's.
    NoJobOrProfile {
        400 => "No job_id",
        404 => "No such live job, or no profile yet",
    }
}

/// The caller, their stored profile, the body and the first read of the job it names,
/// refused in the order of precedence: no candidate session, a body that is not read, no job
/// id, no profile, a sample job.
async fn caller_and_job<B: DeserializeOwned + AboutJob>(
    state: &AppState,
    bearer: &Bearer,
    body: Json<B>,
) -> Result<
    (
        AuthUser,
        ScoringProfile,
        B,
        Result<Option<LiveJob>, ApiError>,
    ),
    ApiError,
> {
    let claims = bearer.claims(state)?;
    // The session, the profile, the body and the job are read at once (under load each trip
    // to the database waits behind other requests); the answers are taken in the order of
    // precedence, so a caller without a candidate session learns nothing else, not even
    // what is wrong with the body.
    let (user, profile, body_and_job) = tokio::join!(
        bearer.user_with(state, Role::Candidate),
        feed_store::scoring_profile(state, &claims.sub),
        async {
            let body = body.read().await?;
            let job_id = body.job_id();
            let job = if check_job_id(job_id).is_ok() {
                jobs::live_job(&state.db, job_id, &claims.sub, state.now_ms()).await
            } else {
                Ok(None)
            };
            Ok::<_, ApiError>((body, job))
        },
    );
    let user = user?;
    let (body, first_job) = body_and_job?;
    let job_id = body.job_id();
    check_job_id(job_id)?;
    let profile = profile?.ok_or_else(|| ApiError::NotFound("Profile not found".into()))?;
    if jobtap_core::sample_job::is_sample_job(job_id) {
        return Err(refusal(
            MSG_MOCK_JOB,
            [("description", vec![MSG_SAMPLE_JOB_DESCRIPTION.to_string()])],
        )
        .of_kind(ErrorKind::SampleJob));
    }
    Ok((user, profile, body, first_job.map_err(ApiError::from)))
}

/// A body that names the job it is about.
trait AboutJob {
    fn job_id(&self) -> &str;
}

impl AboutJob for ApplyBody {
    fn job_id(&self) -> &str {
        self.job_id.trim()
    }
}

impl AboutJob for DraftBody {
    fn job_id(&self) -> &str {
        self.job_id.trim()
    }
}

/// The fit of a candidate who may apply to `job`: not applied yet, profile complete,
/// threshold met.
fn admit(profile: &ScoringProfile, job: &LiveJob) -> Result<FitScore, ApiError> {
    if job.applied {
        return Err(
            ApiError::Conflict(MSG_ALREADY_APPLIED.into()).of_kind(ErrorKind::AlreadyApplied)
        );
    }
    let candidate = profile.candidate();
    if !onboarding::profile_complete(&candidate) {
        return Err(ApiError::field(
            "profile",
            onboarding::MSG_PROFILE_INCOMPLETE,
        ));
    }
    let fit = fit(&candidate, job);
    if fit.meets_threshold {
        Ok(fit)
    } else {
        Err(below_threshold(&fit))
    }
}

/// What the engine writes the letter from.
fn letter_input(
    profile: &ScoringProfile,
    job: &LiveJob,
    fit: &FitScore,
    regeneration: u32,
) -> CoverLetterInput {
    CoverLetterInput {
        profile: profile.letter_profile(),
        job: CoverLetterJob {
            fit_percentage: Some(fit.score_percentage),
            ..letter_job(job)
        },
        regeneration,
    }
}

#[utoipa::path(post, path = "/api/v1/applications/draft", tag = "applications",
    security(("bearer" = [])),
    request_body = DraftBody,
    responses(
        (status = 200, description = "The letter the engine writes for this application", body = DraftView),
        NoJobOrProfile,
        CandidateOnly,
        (status = 409, description = "Already applied", body = ErrorBody),
        (status = 422, description = "A sample job, a profile not yet completed, or the fit score is under the job's threshold", body = ErrorBody),
        (status = 429, description = "Too many AI requests", body = ErrorBody),
    ))]
async fn draft(state: AppState, bearer: Bearer, body: Json<DraftBody>) -> Answer<impl warp::Reply> {
    let (user, profile, body, job) = caller_and_job(&state, &bearer, body).await?;
    let job =
        job?.ok_or_else(|| ApiError::NotFound(MSG_JOB_GONE.into()).of_kind(ErrorKind::JobGone))?;
    let fit = admit(&profile, &job)?;
    check_limit(&state, limits::WRITING, &user.id).await?;
    let input = letter_input(&profile, &job, &fit, body.regeneration);
    let CoverLetter {
        subject,
        body: letter,
    } = state.ai.cover_letter(&input).await?;
    Ok(warp::reply::json(&DraftView {
        cover_letter: letter,
        email_subject: subject,
        regeneration: body.regeneration,
        max_chars: cover_letter::MAX_LETTER_CHARS,
    }))
}

#[utoipa::path(post, path = "/api/v1/applications", tag = "applications",
    security(("bearer" = [])),
    request_body = ApplyBody,
    responses(
        (status = 201, description = "Applied, with the written cover letter and the scores", body = ApplicationView),
        NoJobOrProfile,
        (status = 403, description = "Not a candidate account, or its e-mail address is not \
            confirmed yet (kind `email_unconfirmed`)", body = ErrorBody),
        (status = 409, description = "Already applied, or the job changed meanwhile", body = ErrorBody),
        (status = 422, description = "A sample job, a profile not yet completed, the fit score is under the job's threshold, or a document that is not the caller's", body = ErrorBody),
    ))]
async fn apply(state: AppState, bearer: Bearer, body: Json<ApplyBody>) -> Answer<impl warp::Reply> {
    let (user, profile, body, first_job) = caller_and_job(&state, &bearer, body).await?;
    confirm::require_confirmed(&state, &user.id, MSG_CONFIRM_TO_APPLY).await?;
    let job_id = body.job_id();
    let sent = body
        .cover_letter
        .as_deref()
        .map(cover_letter::sent_letter)
        .transpose()
        .map_err(|message| ApiError::field("cover_letter", message))?;
    let (documents, default_resume_sent) =
        documents_to_send(&state, &user.id, body.document_ids.as_deref()).await?;
    let mut first_job = Some(first_job);
    for _ in 0..MAX_ATTEMPTS {
        let job = match first_job.take() {
            Some(read) => read?.ok_or_else(|| {
                ApiError::NotFound(MSG_JOB_GONE.into()).of_kind(ErrorKind::JobGone)
            })?,
            None => live_job_or_404(&state, &user, job_id).await?,
        };
        let fit = admit(&profile, &job)?;
        // Written before the insert: a slow engine must not hold a transaction open.
        // A letter the candidate sent costs no engine call: its subject is the built-in one.
        let input = letter_input(&profile, &job, &fit, 0);
        let letter = match &sent {
            Some(body) => CoverLetter {
                subject: BuiltinEngine::letter(&input).subject,
                body: body.clone(),
            },
            None => state.ai.cover_letter(&input).await?,
        };
        let id = uuid::Uuid::new_v4().to_string();
        let now = state.now_ms();
        let employer_evidence = fit
            .skills_explanation()
            .filter(|_| default_resume_sent)
            .map(jobtap_core::score::skills_line_for_employer);
        let new = NewApplication {
            id: &id,
            user_id: &user.id,
            job_id: &job.fields.id,
            job_version: job.updated_at,
            cover_letter: &letter.body,
            email_subject: &letter.subject,
            fit: &fit,
            documents: &documents,
            // The skills line quotes the default resume: the employer reads it only if it was sent.
            skills_evidence: employer_evidence.as_deref(),
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
                return Err(ApiError::Conflict(MSG_ALREADY_APPLIED.into())
                    .of_kind(ErrorKind::AlreadyApplied));
            }
            Err(err) => return Err(err.into()),
        }
        let view = created_view(id, job.fields.id, letter.body, letter.subject, &fit, now);
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
        status: ApplicationStatus::Applied.as_str().into(),
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

/// The ids of the documents an application carries: the caller's choice, each one of their
/// own, or by default their default resume; and whether the default resume is among them.
async fn documents_to_send(
    state: &AppState,
    user_id: &str,
    chosen: Option<&[String]>,
) -> Result<(Vec<String>, bool), ApiError> {
    let owned = crate::documents::store::list(&state.db, user_id).await?;
    let default_resume = owned.iter().find(|d| d.is_default).map(|d| d.id.as_str());
    let ids = pipeline::chosen_documents(chosen, default_resume)
        .map_err(|message| ApiError::field("document_ids", message))?;
    if ids.iter().any(|id| !owned.iter().any(|d| &d.id == id)) {
        return Err(ApiError::field(
            "document_ids",
            pipeline::MSG_DOCUMENT_UNKNOWN,
        ));
    }
    let default_sent = default_resume.is_some_and(|d| ids.iter().any(|id| id == d));
    Ok((ids, default_sent))
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
        job_title: job.fields.job_title.clone(),
        company_name: job.fields.company_name.clone(),
        job_description: job.fields.job_description.clone(),
        skills: job.fields.skills.clone(),
        requirements: job.fields.requirements.clone(),
        experience_years: job.fields.experience_years,
        fit_percentage: None,
    }
}

/// The refusal toast for a score under the threshold (spec §8): the real gap to the job's
/// minimum and the skills nothing shows as `description`, the percentage as `score`, and what to improve as `explanations`.
fn below_threshold(fit: &FitScore) -> ApiError {
    refusal(
        MSG_BELOW_THRESHOLD,
        [
            ("description", vec![fit.shortfall_text()]),
            ("score", vec![format!("{:.1}", fit.score_percentage)]),
            ("explanations", fit.explanations.clone()),
        ],
    )
    .of_kind(ErrorKind::BelowThreshold)
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

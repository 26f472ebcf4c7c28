//! `POST /api/v1/functions/analyze-interview` (spec, candidate side §7): the
//! report of a practice interview.
//!
//! The body is the spec's `{ jobTitle, questionCount, hasVideo, hasAudio }`
//! plus `measurements`, the numbers the browser measured while each answer was
//! recorded (no media is ever sent). The scores are computed here by core's
//! rules from those measurements; any score the client sends is ignored. The
//! engine writes the summary, the action plan and the resources, tied to the
//! weak metrics.

use serde::Deserialize;
use serde_json::Value;
use warp::Filter;
use warp::reply::Response;

use jobtap_core::interview::{InterviewAnalysis, InterviewMeasurements, JobTitle, score};

use crate::accounts::store::Role;
use crate::auth::extract::{Bearer, CandidateOnly, bearer};
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, json_body, route, under};
use crate::state::AppState;

use crate::ai::engine::InterviewInput;
use crate::ai::{check_limit, limits};

pub const MSG_NO_MEASUREMENTS: &str = "Please send the measurements of each answer";
pub const MSG_BAD_MEASUREMENTS: &str = "The measurements are not in the expected form";
pub const MSG_COUNT_MISMATCH: &str = "questionCount must equal the number of measured answers";
pub const MSG_AUDIO_WITHOUT_AUDIO: &str =
    "Audio measurements were sent for an interview recorded without audio";
pub const MSG_FACE_WITHOUT_VIDEO: &str =
    "Face measurements were sent for an interview recorded without video";

/// The spec's body plus our `measurements`. Unknown fields (a client's own
/// `overallScore`, say) are ignored.
#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
struct AnalyzeBody {
    job_title: String,
    question_count: u32,
    has_video: bool,
    has_audio: bool,
    /// Read after the rest, so a wrong shape gets its own message.
    /// `{ answers: [{ durationMs, audio?, face? }] }`, one entry per answer (1 to 5).
    #[schema(value_type = Option<Object>)]
    measurements: Option<Value>,
}

/// POST /api/v1/functions/analyze-interview
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    route!(under("functions", state);
        warp::path!("analyze-interview"), warp::post(), bearer(), json_body() => analyze)
}

/// Checks the body and scores it: every refusal is a 422 naming the field.
fn checked(body: AnalyzeBody) -> Result<InterviewInput, ApiError> {
    let job_title =
        JobTitle::parse(&body.job_title).map_err(|e| ApiError::field("jobTitle", e.to_string()))?;
    let raw = body
        .measurements
        .ok_or_else(|| ApiError::field("measurements", MSG_NO_MEASUREMENTS))?;
    let measurements: InterviewMeasurements = serde_json::from_value(raw)
        .map_err(|_| ApiError::field("measurements", MSG_BAD_MEASUREMENTS))?;
    if usize::try_from(body.question_count).ok() != Some(measurements.answers.len()) {
        return Err(ApiError::field("questionCount", MSG_COUNT_MISMATCH));
    }
    if !body.has_audio && measurements.answers.iter().any(|a| a.audio.is_some()) {
        return Err(ApiError::field("measurements", MSG_AUDIO_WITHOUT_AUDIO));
    }
    if !body.has_video && measurements.answers.iter().any(|a| a.face.is_some()) {
        return Err(ApiError::field("measurements", MSG_FACE_WITHOUT_VIDEO));
    }
    let scores =
        score(&measurements).map_err(|e| ApiError::field("measurements", e.to_string()))?;
    Ok(InterviewInput { job_title, scores })
}

#[utoipa::path(post, path = "/api/v1/functions/analyze-interview", tag = "ai",
    security(("bearer" = [])),
    request_body = AnalyzeBody,
    responses(
        (status = 200, description = "The report: scores from the measurements and coaching", body = crate::http::core_schemas::InterviewAnalysisSchema),
        CandidateOnly,
        (status = 422, description = "A field or a measurement is invalid", body = ErrorBody),
        (status = 429, description = "Over the interview limit", body = ErrorBody),
    ))]
async fn analyze(
    state: AppState,
    bearer: Bearer,
    body: Json<AnalyzeBody>,
) -> Result<impl warp::Reply, ApiError> {
    let (user, body) = bearer
        .user_with_and_body(&state, Role::Candidate, body)
        .await?;
    let input = checked(body)?;
    check_limit(&state, limits::INTERVIEW, &user.id).await?;
    let narrative = state.ai.interview_narrative(&input).await?;
    Ok(warp::reply::json(&InterviewAnalysis {
        scores: input.scores,
        narrative,
    }))
}

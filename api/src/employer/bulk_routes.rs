//! `POST /api/v1/employer/applications/bulk`: one move or one rejection applied to many
//! selected applications in one transaction, each as its own route would make it.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::reply::Response;

use jobtap_core::application_status::ApplicationStatus;
use jobtap_core::job_stages::Place;
use jobtap_core::pipeline::{self, BulkAction, RejectionReason, Stage};

use crate::auth::extract::{Bearer, EmployerOnly, bearer};
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, Json, json_body, route, under};
use crate::state::AppState;

use super::application_routes::{decider, note_field};
use super::decisions::Bulk;

/// One action on many applications.
#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
struct BulkBody {
    /// The selected applications' ids, 1 to 200; one given twice counts once.
    ids: Vec<String>,
    /// `move` or `reject`.
    #[schema(value_type = crate::http::core_schemas::BulkActionSchema)]
    action: String,
    /// For `move`: one of core's stages other than `rejected`, or the `key` of a job's own
    /// stage (applications of other jobs are then skipped).
    to: Option<String>,
    /// For `reject`: one of core's rejection reasons.
    #[schema(value_type = Option<crate::http::core_schemas::RejectionReasonSchema>)]
    reason: Option<String>,
    /// For `reject`: the employer's own words on the reason; never shown to the candidates.
    detail: Option<String>,
    /// For `reject`: feedback to every candidate, shown on My Applications and sent with the
    /// decision e-mail.
    feedback: Option<String>,
}

/// A selected application left as it was.
#[derive(Serialize, utoipa::ToSchema)]
struct BulkFailure {
    id: String,
    /// Why, in core's words ("Application not found", "This application has already been decided", …).
    #[schema(value_type = String)]
    message: &'static str,
}

/// What the request came to.
#[derive(Serialize, utoipa::ToSchema)]
struct BulkReply {
    /// The applications changed, in the order sent.
    done: Vec<String>,
    /// The applications skipped, with why; nothing of theirs was written.
    failed: Vec<BulkFailure>,
    /// "Rejected 3 applications", "2 moved; 1 could not be moved".
    message: String,
}

/// POST /api/v1/employer/applications/bulk
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    route!(under("employer", state);
        warp::path!("applications" / "bulk"), warp::post(), bearer(), json_body() => bulk)
}

#[utoipa::path(post, path = "/api/v1/employer/applications/bulk", tag = "employer",
    security(("bearer" = [])),
    request_body = BulkBody,
    responses(
        (status = 200, description = "Done for every application it could be, in one transaction; the others are listed with why (another employer's are not found)", body = BulkReply),
        EmployerOnly,
        (status = 422, description = "No ids or more than 200, no action, no stage (or Rejected) to move to, no reason to reject with, or a text over 2,000 characters; nothing is written", body = ErrorBody),
    ))]
async fn bulk(state: AppState, bearer: Bearer, body: Json<BulkBody>) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    let body = body.read().await?;
    let ids = pipeline::bulk_ids(&body.ids).map_err(|why| ApiError::field("ids", why))?;
    let kind = BulkAction::parse(body.action.trim())
        .ok_or_else(|| ApiError::field("action", pipeline::MSG_BULK_ACTION))?;
    let to = body.to.as_deref().unwrap_or_default().trim();
    let (detail, feedback) = match kind {
        BulkAction::Move => (None, None),
        BulkAction::Reject => (
            note_field("detail", body.detail.as_deref())?,
            note_field("feedback", body.feedback.as_deref())?,
        ),
    };
    let action = match kind {
        BulkAction::Move => match Place::parse(to) {
            None => return Err(ApiError::field("to", pipeline::MSG_STAGE_UNKNOWN)),
            Some(Place::Builtin(Stage::Rejected)) => {
                return Err(ApiError::field("to", pipeline::MSG_REJECT_WITH_REASON));
            }
            Some(_) => Bulk::Move { to },
        },
        BulkAction::Reject => Bulk::Reject {
            reason: RejectionReason::parse(body.reason.as_deref().unwrap_or_default().trim())
                .ok_or_else(|| ApiError::field("reason", pipeline::MSG_REASON_REQUIRED))?,
            detail: detail.as_deref(),
            feedback: feedback.as_deref(),
        },
    };
    let outcome = decider(&state, &member).bulk(&ids, action).await?;
    if !outcome.done.is_empty() {
        state.mail_queued();
    }
    // One audit row each, as the single routes write them.
    for (id, from) in &outcome.done {
        let (event, detail) = match action {
            Bulk::Move { to } => (
                "application_stage_changed",
                serde_json::json!({ "from": from, "to": to }),
            ),
            Bulk::Reject { reason, .. } => (
                "application_status_changed",
                serde_json::json!({
                    "status": ApplicationStatus::Rejected.as_str(),
                    "reason": reason.as_str(),
                }),
            ),
        };
        member.audit(&state, event, id, Some(detail)).await;
    }
    let message = pipeline::bulk_summary(kind, outcome.done.len(), outcome.skipped.len());
    Ok(warp::reply::json(&BulkReply {
        done: outcome.done.into_iter().map(|(id, _)| id).collect(),
        failed: outcome
            .skipped
            .into_iter()
            .map(|(id, message)| BulkFailure { id, message })
            .collect(),
        message,
    }))
}

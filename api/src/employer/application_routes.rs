//! The applications to the employer's jobs (`/api/v1/employer/applications…`): the list,
//! accept and reject, pipeline moves, notes, removal, and the candidate with what they sent.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::http::StatusCode;
use warp::reply::Response;

use jobtap_core::application_status::ApplicationStatus;
use jobtap_core::job_stages::Place;
use jobtap_core::pipeline::{self, RejectionReason, Stage};

use crate::auth::extract::{Bearer, EmployerOnly, bearer};
use crate::auth::member::Member;
use crate::documents::{self, Sent};
use crate::error::{ApiError, ErrorBody, error_responses};
use crate::feed::cursor::BadPage;
use crate::http::{Answer, Json, json_body, one_of, route, under};
use crate::state::AppState;

use super::applications::{self as apps, Filters, Paging};
use super::decisions::{self, Decision, Verdict};
use super::paging::Page;

error_responses! {
    /// The 404 of a route about one application to the caller's jobs.
    pub NoSuchApplication {
        404 => "No such application to the caller's jobs",
    }

    /// The 409 of a decision on an application that has one.
    AlreadyDecided {
        409 => "Already decided",
    }

    /// The 404 of a route about a document sent with an application to the caller's jobs.
    pub NoSuchSentDocument {
        404 => "No such application, or a document not sent with it",
    }
}

pub(crate) const MSG_APPLICATION_NOT_FOUND: &str = pipeline::MSG_APPLICATION_NOT_FOUND;

/// The two texts of "Add Comment"; a field left out keeps what is stored, a blank one
/// clears it.
#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
struct CommentBody {
    /// The employer's team's own note, never shown to the candidate.
    private_note: Option<String>,
    /// Feedback to the candidate, shown on their My Applications.
    employer_comment: Option<String>,
}

/// A move to another stage of the pipeline.
#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
struct StageBody {
    /// One of core's stages other than `rejected` (a rejection needs its reason), or the
    /// `key` of one of the job's own stages.
    stage: String,
}

/// The application after a move.
#[derive(Serialize, utoipa::ToSchema)]
struct MovedBody {
    #[serde(flatten)]
    status: crate::applications::status::StatusView,
    /// One of core's stages or the `key` of one of the job's own.
    stage: String,
    stage_label: String,
    /// The pipeline's stage it counts as.
    #[schema(value_type = crate::http::core_schemas::StageSchema)]
    stage_group: &'static str,
    next_stages: Vec<apps::StageOption>,
    /// "Moved to Interview".
    message: String,
}

/// A rejection: a reason from core's list, and optionally the employer's own detail and
/// feedback to the candidate.
#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
struct RejectBody {
    /// One of core's rejection reasons (`skills_mismatch`, `position_filled`, …).
    #[schema(value_type = crate::http::core_schemas::RejectionReasonSchema)]
    reason: String,
    /// The employer's own words on the reason; never shown to the candidate.
    detail: Option<String>,
    /// Feedback to the candidate, shown on My Applications and sent with the decision e-mail.
    feedback: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct ApplicationsBody {
    /// One page, newest first.
    applications: Vec<apps::EmployerApplication>,
    /// Pass back as `cursor` for the next page; `None` on the last page.
    next_cursor: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct DecisionBody {
    /// The new status (`accepted` or `rejected`) with its label and tab.
    #[serde(flatten)]
    status: crate::applications::status::StatusView,
    #[schema(value_type = String)]
    message: &'static str,
}

#[derive(Serialize, utoipa::ToSchema)]
struct CommentReply {
    private_note: Option<String>,
    employer_comment: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct CandidateBody {
    full_name: String,
    email: String,
    location: Option<String>,
    cover_letter: String,
    email_subject: String,
    documents: Vec<apps::CandidateDocument>,
}

/// The applications to the employer's jobs: the list, decisions, moves, notes and what the
/// candidate sent.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let emp = || under("employer", state);
    // GET /api/v1/employer/applications?days&min_experience&min_degree&limit&cursor
    let list_apps = route!(emp();
        warp::path!("applications"), warp::get(), bearer(), crate::http::query::<Filters>(), crate::http::query::<Paging>() => list_applications);
    // POST /api/v1/employer/applications/{id}/accept
    let accept = route!(emp();
        warp::path!("applications" / String / "accept"), warp::post(), bearer() => accept);
    // POST /api/v1/employer/applications/{id}/reject
    let reject = route!(emp();
        warp::path!("applications" / String / "reject"), warp::post(), bearer(), json_body() => reject);
    // POST /api/v1/employer/applications/{id}/stage
    let move_to_stage = route!(emp();
        warp::path!("applications" / String / "stage"), warp::post(), bearer(), json_body() => move_stage);
    // PUT /api/v1/employer/applications/{id}/comment
    let comment = route!(emp();
        warp::path!("applications" / String / "comment"), warp::put(), bearer(), json_body() => comment);
    // DELETE /api/v1/employer/applications/{id}
    let remove = route!(emp();
        warp::path!("applications" / String), warp::delete(), bearer() => remove);
    // GET /api/v1/employer/applications/{id}/candidate
    let candidate = route!(emp();
        warp::path!("applications" / String / "candidate"), warp::get(), bearer() => candidate);
    // GET /api/v1/employer/applications/{id}/documents/{doc}
    let document = route!(emp();
        warp::path!("applications" / String / "documents" / String), warp::get(), bearer() => candidate_document);
    one_of!(
        list_apps,
        accept,
        reject,
        move_to_stage,
        comment,
        remove,
        candidate,
        document
    )
}

#[utoipa::path(get, path = "/api/v1/employer/applications", tag = "employer",
    security(("bearer" = [])),
    params(Filters, Paging),
    responses(
        (status = 200, description = "One page of the applications to the caller's jobs, newest first", body = ApplicationsBody),
        BadPage,
        EmployerOnly,
    ))]
async fn list_applications(
    state: AppState,
    bearer: Bearer,
    filters: Result<Filters, ApiError>,
    page: Result<Paging, ApiError>,
) -> Answer<impl warp::Reply> {
    let member = bearer.member(&state).await?;
    let filters = filters?;
    let page = page?;
    let page = Page::read(
        page.limit,
        page.cursor.as_deref(),
        apps::DEFAULT_LIMIT,
        apps::MAX_LIMIT,
    )?;
    let mut list = apps::page(
        &state.db,
        &member.company,
        member.listed_only(),
        &filters,
        state.now_ms(),
        page.after(),
        page.rows(),
    )
    .await?;
    let next_cursor = page.next_cursor(&mut list, |a| (a.applied_at, a.id.clone()));
    let mut interviews = crate::interviews::read::views(
        &state.db,
        crate::interviews::store::Scope::Employer(&member.company),
        state.now_ms(),
    )
    .await?;
    for application in &mut list {
        application.interview = interviews.remove(&application.id);
        if member.listed_only().is_some() {
            // The team's notes and the feedback are the recruiters' to read and write.
            application.private_note = None;
            application.employer_comment = None;
        }
    }
    Ok(warp::reply::json(&ApplicationsBody {
        applications: list,
        next_cursor,
    }))
}

#[utoipa::path(post, path = "/api/v1/employer/applications/{id}/accept", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The application's id")),
    responses(
        (status = 200, description = "Accepted", body = DecisionBody),
        EmployerOnly,
        NoSuchApplication,
        AlreadyDecided,
    ))]
async fn accept(state: AppState, id: String, bearer: Bearer) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    decide(state, id, member, Verdict::Accept).await
}

#[utoipa::path(post, path = "/api/v1/employer/applications/{id}/reject", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The application's id")),
    request_body = RejectBody,
    responses(
        (status = 200, description = "Rejected and removed from the list", body = DecisionBody),
        EmployerOnly,
        NoSuchApplication,
        AlreadyDecided,
        (status = 422, description = "No reason from the list, or a text over 2,000 characters", body = ErrorBody),
    ))]
async fn reject(
    state: AppState,
    id: String,
    bearer: Bearer,
    body: Json<RejectBody>,
) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    let body = body.read().await?;
    let reason = RejectionReason::parse(body.reason.trim())
        .ok_or_else(|| ApiError::field("reason", pipeline::MSG_REASON_REQUIRED))?;
    let detail = note_field("detail", body.detail.as_deref())?;
    let feedback = note_field("feedback", body.feedback.as_deref())?;
    decide(
        state,
        id,
        member,
        Verdict::Reject {
            reason,
            detail,
            feedback,
        },
    )
    .await
}

#[utoipa::path(post, path = "/api/v1/employer/applications/{id}/stage", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The application's id")),
    request_body = StageBody,
    responses(
        (status = 200, description = "Moved; reaching Offer or Hired accepts it (the candidate is told)", body = MovedBody),
        EmployerOnly,
        NoSuchApplication,
        (status = 409, description = "Not a move the pipeline allows from where it is", body = ErrorBody),
        (status = 422, description = "Not a stage, or Rejected (use reject)", body = ErrorBody),
    ))]
async fn move_stage(
    state: AppState,
    id: String,
    bearer: Bearer,
    body: Json<StageBody>,
) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    let body = body.read().await?;
    let to = body.stage.trim();
    let from = match decider(&state, &member).move_stage(&id, to).await? {
        decisions::Moved::Done(from) => from,
        decisions::Moved::NotFound => {
            return Err(ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into()));
        }
        decisions::Moved::Invalid(why) => return Err(ApiError::field("stage", why)),
        decisions::Moved::Refused(why) => return Err(ApiError::Conflict(why.into())),
    };
    let detail = serde_json::json!({ "from": from, "to": to });
    member
        .audit_with_mail(&state, "application_stage_changed", &id, Some(detail))
        .await;
    let place = Place::parse(to).unwrap_or(Place::Builtin(Stage::Applied));
    let job = apps::get(&state.db, &member.company, &id)
        .await?
        .and_then(|a| a.job_id)
        .unwrap_or_default();
    let stages = super::stages::of_employer(&state.db, &member.company).await?;
    let (now, next_stages) = apps::StageOption::at(to, &job, &stages);
    Ok(warp::reply::json(&MovedBody {
        status: place.status().as_str().to_string().into(),
        stage: now.stage,
        message: format!("Moved to {}", now.label),
        stage_label: now.label,
        stage_group: now.group,
        next_stages,
    }))
}

/// `member`'s decisions on their company's applications, made now.
pub(super) fn decider<'a>(state: &'a AppState, member: &'a Member) -> decisions::Decider<'a> {
    decisions::Decider {
        db: &state.db,
        mail: &state.config.mail,
        by: decisions::By {
            company: &member.company,
            actor: member.actor(),
        },
        now: state.now_ms(),
    }
}

/// A note as stored (trimmed, blank is none), or a 422 on `field` when it is too long.
pub(super) fn note_field(field: &str, text: Option<&str>) -> Result<Option<String>, ApiError> {
    pipeline::note_text(text.unwrap_or_default()).map_err(|message| ApiError::field(field, message))
}

async fn decide(
    state: AppState,
    id: String,
    member: Member,
    verdict: Verdict,
) -> Answer<impl warp::Reply> {
    match decider(&state, &member).decide(&id, &verdict).await? {
        Decision::Done => {
            let (status, reason) = match &verdict {
                Verdict::Accept => (ApplicationStatus::Accepted.as_str(), None),
                Verdict::Reject { reason, .. } => {
                    (ApplicationStatus::Rejected.as_str(), Some(reason.as_str()))
                }
            };
            let detail = serde_json::json!({ "status": status, "reason": reason });
            member
                .audit_with_mail(&state, "application_status_changed", &id, Some(detail))
                .await;
            let message = if reason.is_none() {
                "Application accepted"
            } else {
                "Application rejected and removed"
            };
            Ok(warp::reply::json(&DecisionBody {
                status: status.to_string().into(),
                message,
            }))
        }
        Decision::NotFound => Err(ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into())),
        Decision::AlreadyDecided => Err(ApiError::Conflict(pipeline::MSG_ALREADY_DECIDED.into())),
    }
}

#[utoipa::path(put, path = "/api/v1/employer/applications/{id}/comment", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The application's id")),
    request_body = CommentBody,
    responses(
        (status = 200, description = "The stored note and feedback", body = CommentReply),
        EmployerOnly,
        NoSuchApplication,
        (status = 422, description = "Both texts blank, or one over 2,000 characters", body = ErrorBody),
    ))]
async fn comment(
    state: AppState,
    id: String,
    bearer: Bearer,
    body: Json<CommentBody>,
) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    let body = body.read().await?;
    // Which texts were written, for the company's log (the words stay on the application).
    let detail = serde_json::json!({
        "private_note": body.private_note.is_some(),
        "feedback": body.employer_comment.is_some(),
    });
    let stored = apps::get(&state.db, &member.company, &id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into()))?;
    let notes = decisions::Notes {
        private_note: match body.private_note {
            Some(text) => note_field("private_note", Some(&text))?,
            None => stored.private_note,
        },
        feedback: match body.employer_comment {
            Some(text) => note_field("employer_comment", Some(&text))?,
            None => stored.employer_comment,
        },
    };
    if notes.private_note.is_none() && notes.feedback.is_none() {
        // The spec ignores blank comments; say so rather than store nothing silently.
        return Err(ApiError::field("private_note", pipeline::MSG_NOTE_BLANK));
    }
    if !decisions::save_notes(&state.db, &member.company, &id, &notes, state.now_ms()).await? {
        return Err(ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into()));
    }
    member
        .audit_with_mail(&state, "application_notes_changed", &id, Some(detail))
        .await;
    Ok(warp::reply::json(&CommentReply {
        private_note: notes.private_note,
        employer_comment: notes.feedback,
    }))
}

#[utoipa::path(delete, path = "/api/v1/employer/applications/{id}", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The application's id")),
    responses(
        (status = 204, description = "Removed from the list"),
        EmployerOnly,
        NoSuchApplication,
    ))]
async fn remove(state: AppState, id: String, bearer: Bearer) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    if !decisions::remove(&state.db, &member.company, &id, state.now_ms()).await? {
        return Err(ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into()));
    }
    member.audit(&state, "application_removed", &id, None).await;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/api/v1/employer/applications/{id}/candidate", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The application's id")),
    responses(
        (status = 200, description = "The applicant and the documents they sent with this application", body = CandidateBody),
        EmployerOnly,
        NoSuchApplication,
    ))]
async fn candidate(state: AppState, id: String, bearer: Bearer) -> Answer<impl warp::Reply> {
    let member = bearer.member(&state).await?;
    if !member.reaches_application(&state.db, &id).await? {
        return Err(ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into()));
    }
    let application = apps::get(&state.db, &member.company, &id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into()))?;
    let cover_letter = apps::cover_letter(&state.db, &member.company, &id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into()))?;
    // Only what the candidate chose to send with this application.
    let documents = apps::sent_with(&state.db, &id).await?;
    Ok(warp::reply::json(&CandidateBody {
        full_name: application.candidate_name,
        email: application.candidate_email,
        location: application.candidate_location,
        cover_letter,
        email_subject: application.email_subject,
        documents,
    }))
}

#[utoipa::path(get, path = "/api/v1/employer/applications/{id}/documents/{doc}", tag = "employer",
    security(("bearer" = [])),
    params(
        ("id" = String, Path, description = "The application's id"),
        ("doc" = String, Path, description = "The candidate document's id"),
    ),
    responses(
        (status = 200, description = "The file, as an attachment", content_type = "*/*", body = [u8]),
        EmployerOnly,
        NoSuchSentDocument,
    ))]
async fn candidate_document(
    state: AppState,
    id: String,
    doc: String,
    bearer: Bearer,
) -> Answer<Response> {
    let member = bearer.member(&state).await?;
    if !member.reaches_application(&state.db, &id).await? {
        return Err(ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into()));
    }
    let documents = apps::candidate_documents(&state.db, &member.company, &id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into()))?;
    let document = documents
        .into_iter()
        .find(|d| d.id == doc)
        .ok_or_else(|| ApiError::NotFound("Document not found".into()))?;
    let sent = Sent {
        id: &document.id,
        file_path: &document.file_path,
        file_name: &document.file_name,
        content_type: &document.content_type,
    };
    let detail = serde_json::json!({ "application": id });
    documents::send(
        &state,
        documents::Reader::Member(&member),
        sent,
        Some(detail),
    )
    .await
}

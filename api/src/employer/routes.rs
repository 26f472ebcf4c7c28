//! `/api/v1/employer/…` (employer role required) and the public `/api/v1/logos/{name}`.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::http::StatusCode;
use warp::reply::Response;

use jobtap_core::job_post::{self, JobPostInput};

use crate::accounts::store::Role;
use crate::audit::{self, Event};
use crate::auth::extract::{AuthUser, Bearer, bearer};
use crate::auth::routes::form_error;
use crate::error::{ApiError, reply};
use crate::http::download::attachment;
use crate::http::{json_body, with_state};
use crate::state::AppState;
use crate::uploads;

use super::applications::{self as apps, Decision, Filters};
use super::{analytics, jobs, logos};

const MSG_JOB_NOT_FOUND: &str = "Job not found";
const MSG_APPLICATION_NOT_FOUND: &str = "Application not found";

#[derive(Deserialize)]
struct StatusBody {
    is_active: bool,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct CommentBody {
    comment: String,
}

#[derive(Serialize)]
struct Recommendation {
    application_id: String,
    candidate_name: String,
    job_title: String,
    total_raw_score: f64,
    score_percentage: f64,
    /// "{name} scored {x}/19.6 ({y}%)", for the "AI Recommendation Generated" toast.
    summary: String,
}

/// Every employer route, and the public logos.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    // GET /api/v1/logos/{name} (public)
    let logo = warp::path!("logos" / String)
        .and(warp::get())
        .and(with_state(state.clone()))
        .then(|name: String, s: AppState| async move { reply(logos::serve(&s, &name).await) });
    job_routes(state)
        .or(application_routes(state))
        .unify()
        .or(logo)
        .unify()
}

/// The employer's jobs and logo uploads.
fn job_routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let emp = {
        let state = state.clone();
        move || warp::path("employer").and(with_state(state.clone()))
    };
    // GET /api/v1/employer/jobs
    let list_jobs = emp()
        .and(warp::path!("jobs"))
        .and(warp::get())
        .and(bearer())
        .then(|s, b| async move { reply(list_jobs(s, b).await) });
    // POST /api/v1/employer/jobs
    let create_job = emp()
        .and(warp::path!("jobs"))
        .and(warp::post())
        .and(bearer())
        .and(json_body())
        .then(|s, b, body| async move { reply(create_job(s, b, body).await) });
    // GET /api/v1/employer/jobs/{id}
    let get_job = emp()
        .and(warp::path!("jobs" / String))
        .and(warp::get())
        .and(bearer())
        .then(|s, id, b| async move { reply(get_job(s, id, b).await) });
    // PUT /api/v1/employer/jobs/{id}
    let update_job = emp()
        .and(warp::path!("jobs" / String))
        .and(warp::put())
        .and(bearer())
        .and(json_body())
        .then(|s, id, b, body| async move { reply(update_job(s, id, b, body).await) });
    // PUT /api/v1/employer/jobs/{id}/status
    let job_status = emp()
        .and(warp::path!("jobs" / String / "status"))
        .and(warp::put())
        .and(bearer())
        .and(json_body())
        .then(|s, id, b, body| async move { reply(job_status(s, id, b, body).await) });
    // DELETE /api/v1/employer/jobs/{id}
    let delete_job = emp()
        .and(warp::path!("jobs" / String))
        .and(warp::delete())
        .and(bearer())
        .then(|s, id, b| async move { reply(delete_job(s, id, b).await) });
    // POST /api/v1/employer/logos (multipart: file)
    let upload_logo = emp()
        .and(warp::path!("logos"))
        .and(warp::post())
        .and(bearer())
        .and(uploads::multipart())
        .then(|s, b, f| async move { reply(upload_logo(s, b, f).await) });
    list_jobs
        .or(create_job)
        .unify()
        .or(get_job)
        .unify()
        .or(update_job)
        .unify()
        .or(job_status)
        .unify()
        .or(delete_job)
        .unify()
        .or(upload_logo)
        .unify()
}

/// The applications to the employer's jobs, the recommendation and analytics.
fn application_routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let emp = {
        let state = state.clone();
        move || warp::path("employer").and(with_state(state.clone()))
    };
    // GET /api/v1/employer/applications?days&min_experience&min_degree
    let list_apps = emp()
        .and(warp::path!("applications"))
        .and(warp::get())
        .and(bearer())
        .and(warp::query::<Filters>())
        .then(|s, b, f| async move { reply(list_applications(s, b, f).await) });
    // POST /api/v1/employer/applications/{id}/accept
    let accept = emp()
        .and(warp::path!("applications" / String / "accept"))
        .and(warp::post())
        .and(bearer())
        .then(|s, id, b| async move { reply(decide(s, id, b, true).await) });
    // POST /api/v1/employer/applications/{id}/reject
    let reject = emp()
        .and(warp::path!("applications" / String / "reject"))
        .and(warp::post())
        .and(bearer())
        .then(|s, id, b| async move { reply(decide(s, id, b, false).await) });
    // PUT /api/v1/employer/applications/{id}/comment
    let comment = emp()
        .and(warp::path!("applications" / String / "comment"))
        .and(warp::put())
        .and(bearer())
        .and(json_body())
        .then(|s, id, b, body| async move { reply(comment(s, id, b, body).await) });
    // DELETE /api/v1/employer/applications/{id}
    let remove = emp()
        .and(warp::path!("applications" / String))
        .and(warp::delete())
        .and(bearer())
        .then(|s, id, b| async move { reply(remove(s, id, b).await) });
    // GET /api/v1/employer/applications/{id}/candidate
    let candidate = emp()
        .and(warp::path!("applications" / String / "candidate"))
        .and(warp::get())
        .and(bearer())
        .then(|s, id, b| async move { reply(candidate(s, id, b).await) });
    // GET /api/v1/employer/applications/{id}/documents/{doc}
    let document = emp()
        .and(warp::path!("applications" / String / "documents" / String))
        .and(warp::get())
        .and(bearer())
        .then(|s, id, doc, b| async move { reply(candidate_document(s, id, doc, b).await) });
    // GET /api/v1/employer/recommendation?days&min_experience&min_degree
    let recommend = emp()
        .and(warp::path!("recommendation"))
        .and(warp::get())
        .and(bearer())
        .and(warp::query::<Filters>())
        .then(|s, b, f| async move { reply(recommend(s, b, f).await) });
    // GET /api/v1/employer/analytics
    let analytics_route = emp()
        .and(warp::path!("analytics"))
        .and(warp::get())
        .and(bearer())
        .then(|s, b| async move { reply(analytics(s, b).await) });
    list_apps
        .or(accept)
        .unify()
        .or(reject)
        .unify()
        .or(comment)
        .unify()
        .or(remove)
        .unify()
        .or(candidate)
        .unify()
        .or(document)
        .unify()
        .or(recommend)
        .unify()
        .or(analytics_route)
        .unify()
}

async fn employer(state: &AppState, bearer: &Bearer) -> Result<AuthUser, ApiError> {
    bearer.user_with(state, Role::Employer).await
}

async fn list_jobs(state: AppState, bearer: Bearer) -> Result<impl warp::Reply, ApiError> {
    let user = employer(&state, &bearer).await?;
    Ok(warp::reply::json(
        &serde_json::json!({ "jobs": jobs::list(&state.db, &user.id).await? }),
    ))
}

async fn get_job(
    state: AppState,
    id: String,
    bearer: Bearer,
) -> Result<impl warp::Reply, ApiError> {
    let user = employer(&state, &bearer).await?;
    let job = jobs::get(&state.db, &user.id, &id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_JOB_NOT_FOUND.into()))?;
    Ok(warp::reply::json(&serde_json::json!({ "job": job })))
}

async fn create_job(
    state: AppState,
    bearer: Bearer,
    body: JobPostInput,
) -> Result<impl warp::Reply, ApiError> {
    let user = employer(&state, &bearer).await?;
    let now = state.now_ms();
    let post = job_post::parse(&body, now).map_err(form_error)?;
    let id = jobs::create(&state.db, &user.id, &post, now).await?;
    let job = jobs::get(&state.db, &user.id, &id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_JOB_NOT_FOUND.into()))?;
    Ok(warp::reply::with_status(
        warp::reply::json(&serde_json::json!({ "job": job })),
        StatusCode::CREATED,
    ))
}

async fn update_job(
    state: AppState,
    id: String,
    bearer: Bearer,
    body: JobPostInput,
) -> Result<impl warp::Reply, ApiError> {
    let user = employer(&state, &bearer).await?;
    let now = state.now_ms();
    let post = job_post::parse(&body, now).map_err(form_error)?;
    if !jobs::update(&state.db, &user.id, &id, &post, now).await? {
        return Err(ApiError::NotFound(MSG_JOB_NOT_FOUND.into()));
    }
    get_job(state, id, bearer).await
}

async fn job_status(
    state: AppState,
    id: String,
    bearer: Bearer,
    body: StatusBody,
) -> Result<impl warp::Reply, ApiError> {
    let user = employer(&state, &bearer).await?;
    if !jobs::set_active(&state.db, &user.id, &id, body.is_active, state.now_ms()).await? {
        return Err(ApiError::NotFound(MSG_JOB_NOT_FOUND.into()));
    }
    get_job(state, id, bearer).await
}

async fn delete_job(
    state: AppState,
    id: String,
    bearer: Bearer,
) -> Result<impl warp::Reply, ApiError> {
    let user = employer(&state, &bearer).await?;
    let declined = jobs::delete(&state.db, &user.id, &id, state.now_ms())
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_JOB_NOT_FOUND.into()))?;
    audit::record(
        &state.db,
        state.now_ms(),
        Event {
            event: "job_deleted",
            actor_id: Some(&user.id),
            subject: Some(&id),
            detail: Some(serde_json::json!({ "declined_applications": declined })),
            ..Default::default()
        },
    )
    .await;
    Ok(warp::reply::json(
        &serde_json::json!({ "declined_applications": declined }),
    ))
}

async fn upload_logo(
    state: AppState,
    bearer: Bearer,
    form: warp::multipart::FormData,
) -> Result<impl warp::Reply, ApiError> {
    let user = employer(&state, &bearer).await?;
    let url = logos::store(&state, &user.id, form).await?;
    Ok(warp::reply::with_status(
        warp::reply::json(&serde_json::json!({ "url": url })),
        StatusCode::CREATED,
    ))
}

async fn list_applications(
    state: AppState,
    bearer: Bearer,
    filters: Filters,
) -> Result<impl warp::Reply, ApiError> {
    let user = employer(&state, &bearer).await?;
    let list = apps::list(&state.db, &user.id, &filters, state.now_ms()).await?;
    Ok(warp::reply::json(
        &serde_json::json!({ "applications": list }),
    ))
}

async fn decide(
    state: AppState,
    id: String,
    bearer: Bearer,
    accept: bool,
) -> Result<impl warp::Reply, ApiError> {
    let user = employer(&state, &bearer).await?;
    match apps::decide(&state.db, &user.id, &id, accept, state.now_ms()).await? {
        Decision::Done => {
            let status = if accept { "accepted" } else { "rejected" };
            audit::record(
                &state.db,
                state.now_ms(),
                Event {
                    event: "application_status_changed",
                    actor_id: Some(&user.id),
                    subject: Some(&id),
                    detail: Some(serde_json::json!({ "status": status })),
                    ..Default::default()
                },
            )
            .await;
            let message = if accept {
                "Application accepted"
            } else {
                "Application rejected and removed"
            };
            Ok(warp::reply::json(
                &serde_json::json!({ "status": status, "message": message }),
            ))
        }
        Decision::NotFound => Err(ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into())),
        Decision::AlreadyDecided => Err(ApiError::Conflict(
            "This application has already been decided".into(),
        )),
    }
}

async fn comment(
    state: AppState,
    id: String,
    bearer: Bearer,
    body: CommentBody,
) -> Result<impl warp::Reply, ApiError> {
    let user = employer(&state, &bearer).await?;
    let text = body.comment.trim();
    if text.is_empty() {
        // The spec ignores blank comments; say so rather than store nothing silently.
        return Err(ApiError::field("comment", "Please write a comment first"));
    }
    if text.chars().count() > 2000 {
        return Err(ApiError::field(
            "comment",
            "A comment can be at most 2,000 characters",
        ));
    }
    if !apps::comment(&state.db, &user.id, &id, text, state.now_ms()).await? {
        return Err(ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into()));
    }
    Ok(warp::reply::json(
        &serde_json::json!({ "employer_comment": text }),
    ))
}

async fn remove(state: AppState, id: String, bearer: Bearer) -> Result<impl warp::Reply, ApiError> {
    let user = employer(&state, &bearer).await?;
    if !apps::remove(&state.db, &user.id, &id, state.now_ms()).await? {
        return Err(ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into()));
    }
    Ok(StatusCode::NO_CONTENT)
}

async fn candidate(
    state: AppState,
    id: String,
    bearer: Bearer,
) -> Result<impl warp::Reply, ApiError> {
    let user = employer(&state, &bearer).await?;
    let application = apps::get(&state.db, &user.id, &id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into()))?;
    let documents = apps::candidate_documents(&state.db, &user.id, &id)
        .await?
        .unwrap_or_default();
    Ok(warp::reply::json(&serde_json::json!({
        "full_name": application.candidate_name,
        "email": application.candidate_email,
        "location": application.candidate_location,
        "cover_letter": application.cover_letter,
        "email_subject": application.email_subject,
        "documents": documents,
    })))
}

async fn candidate_document(
    state: AppState,
    id: String,
    doc: String,
    bearer: Bearer,
) -> Result<Response, ApiError> {
    let user = employer(&state, &bearer).await?;
    let documents = apps::candidate_documents(&state.db, &user.id, &id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into()))?;
    let document = documents
        .into_iter()
        .find(|d| d.id == doc)
        .ok_or_else(|| ApiError::NotFound("Document not found".into()))?;
    let bytes = state
        .storage
        .get(&document.file_path)
        .await
        .map_err(|e| ApiError::Internal(e.into()))?;
    audit::record(
        &state.db,
        state.now_ms(),
        Event {
            event: "document_download",
            actor_id: Some(&user.id),
            subject: Some(&document.id),
            detail: Some(serde_json::json!({ "application": id })),
            ..Default::default()
        },
    )
    .await;
    Ok(attachment(
        bytes,
        &document.file_name,
        &document.content_type,
        "private, no-store",
    ))
}

async fn recommend(
    state: AppState,
    bearer: Bearer,
    filters: Filters,
) -> Result<impl warp::Reply, ApiError> {
    let user = employer(&state, &bearer).await?;
    let top = apps::top(&state.db, &user.id, &filters, state.now_ms())
        .await?
        .ok_or_else(|| ApiError::NotFound("No applications to recommend yet".into()))?;
    let summary = format!(
        "{} scored {:.2}/19.6 ({:.1}%) for {}",
        top.candidate_name, top.total_raw_score, top.score_percentage, top.job_title
    );
    Ok(warp::reply::json(&Recommendation {
        application_id: top.id,
        candidate_name: top.candidate_name,
        job_title: top.job_title,
        total_raw_score: top.total_raw_score,
        score_percentage: top.score_percentage,
        summary,
    }))
}

async fn analytics(state: AppState, bearer: Bearer) -> Result<impl warp::Reply, ApiError> {
    let user = employer(&state, &bearer).await?;
    Ok(warp::reply::json(
        &analytics::compute(&state.db, &user.id, state.now_ms()).await?,
    ))
}

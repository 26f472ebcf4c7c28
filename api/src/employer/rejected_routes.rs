//! The rejected archive beside the employer's list: `GET /api/v1/employer/applications/rejected`
//! and `POST /api/v1/employer/applications/{id}/reconsider`.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::reply::Response;

use crate::auth::extract::{Bearer, EmployerOnly, bearer};
use crate::error::{ApiError, ErrorBody};
use crate::feed::cursor::BadPage;
use crate::http::{Answer, Json, json_body, one_of, route, under};
use crate::state::AppState;

use super::application_routes::decider;
use super::decisions::Reconsidered;
use super::paging::Page;
use super::rejected::{self, ArchiveQuery, RejectedApplication};

#[derive(Serialize, utoipa::ToSchema)]
struct RejectedBody {
    /// One page, newest rejection first.
    applications: Vec<RejectedApplication>,
    /// Pass back as `cursor` for the next page; `None` on the last page.
    next_cursor: Option<String>,
}

/// Where a rejected application goes back to.
#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
struct ReconsiderBody {
    /// Applied, Screening or Interview, or the `key` of one of the job's own stages that
    /// follows one of them (the application's `reconsider_stages`).
    stage: String,
}

#[derive(Serialize, utoipa::ToSchema)]
struct ReconsideredBody {
    /// The application, back on the list.
    application: super::applications::EmployerApplication,
    /// "Moved back to Screening".
    message: String,
}

/// The archive and taking a rejection back.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let emp = || under("employer", state);
    // GET /api/v1/employer/applications/rejected?job_id&limit&cursor
    let list = route!(emp();
        warp::path!("applications" / "rejected"), warp::get(), bearer(), crate::http::query::<ArchiveQuery>() => list_rejected);
    // POST /api/v1/employer/applications/{id}/reconsider
    let reconsider = route!(emp();
        warp::path!("applications" / String / "reconsider"), warp::post(), bearer(), json_body() => reconsider);
    one_of!(list, reconsider)
}

#[utoipa::path(get, path = "/api/v1/employer/applications/rejected", tag = "employer",
    security(("bearer" = [])),
    params(ArchiveQuery),
    responses(
        (status = 200, description = "One page of the caller's rejected applications not yet released, newest rejection first", body = RejectedBody),
        BadPage,
        EmployerOnly,
    ))]
async fn list_rejected(
    state: AppState,
    bearer: Bearer,
    query: Result<ArchiveQuery, ApiError>,
) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    let query = query?;
    let page = Page::read(
        query.limit,
        query.cursor.as_deref(),
        rejected::DEFAULT_LIMIT,
        rejected::MAX_LIMIT,
    )?;
    let job_id = query
        .job_id
        .as_deref()
        .map(str::trim)
        .filter(|j| !j.is_empty());
    let mut list = rejected::page(
        &state.db,
        &member.company,
        job_id,
        page.after(),
        page.rows(),
    )
    .await?;
    let next_cursor = page.next_cursor(&mut list, |a| (a.rejected_at, a.id.clone()));
    Ok(warp::reply::json(&RejectedBody {
        applications: list,
        next_cursor,
    }))
}

#[utoipa::path(post, path = "/api/v1/employer/applications/{id}/reconsider", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The application's id")),
    request_body = ReconsiderBody,
    responses(
        (status = 200, description = "Back on the list at that stage; the candidate is told", body = ReconsideredBody),
        EmployerOnly,
        (status = 404, description = "No such rejected application to the caller's jobs", body = ErrorBody),
        (status = 409, description = "Not rejected", body = ErrorBody),
        (status = 422, description = "Not a stage of the job before Offer", body = ErrorBody),
    ))]
async fn reconsider(
    state: AppState,
    id: String,
    bearer: Bearer,
    body: Json<ReconsiderBody>,
) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    let body = body.read().await?;
    let to = body.stage.trim();
    match decider(&state, &member).reconsider(&id, to).await? {
        Reconsidered::Done => {}
        Reconsidered::NotFound => {
            return Err(ApiError::NotFound("Application not found".into()));
        }
        Reconsidered::NotRejected => {
            return Err(ApiError::Conflict(
                jobtap_core::pipeline::MSG_NOT_REJECTED.into(),
            ));
        }
        Reconsidered::Invalid(why) => return Err(ApiError::field("stage", why)),
    }
    let detail = serde_json::json!({ "to": to });
    member
        .audit_with_mail(&state, "application_reconsidered", &id, Some(detail))
        .await;
    let application = super::applications::get(&state.db, &member.company, &id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Application not found".into()))?;
    Ok(warp::reply::json(&ReconsideredBody {
        message: format!("Moved back to {}", application.stage_label),
        application,
    }))
}

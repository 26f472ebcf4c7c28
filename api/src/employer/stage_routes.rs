//! `/api/v1/employer/jobs/{id}/stages…`: an employer's own stages for one of their jobs.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::http::StatusCode;
use warp::reply::Response;

use crate::auth::extract::{Bearer, EmployerOnly, bearer};
use crate::auth::member::Member;
use crate::employer::job_routes::NoSuchJob;
use crate::error::{ApiError, ErrorBody, error_responses, reply};
use crate::http::{Answer, Json, json_body, one_of, route, under};
use crate::state::AppState;

use super::stages::{self, Changed, JobStage};

const MSG_STAGE_NOT_FOUND: &str = "Stage not found";

error_responses! {
    /// The 404 of a route naming a stage of one of the caller's jobs.
    NoSuchStage {
        404 => "No such stage of the caller's job",
    }
}

/// A new stage: its name and the pipeline's stage it follows.
#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
struct NewStage {
    name: String,
    /// `applied`, `screening` or `interview`.
    #[schema(value_type = crate::http::core_schemas::StageSchema)]
    after: String,
}

/// A stage's new name.
#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
struct StageName {
    name: String,
}

#[derive(Serialize, utoipa::ToSchema)]
struct StagesBody {
    /// Oldest first; the board shows each right after the stage it follows.
    stages: Vec<JobStage>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct StageBody {
    stage: JobStage,
}

/// The routes, under `/api/v1`.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let emp = || under("employer", state);
    // GET /api/v1/employer/jobs/{id}/stages
    let list = route!(emp();
        warp::path!("jobs" / String / "stages"), warp::get(), bearer() => list_stages);
    // POST /api/v1/employer/jobs/{id}/stages
    let add = route!(emp();
        warp::path!("jobs" / String / "stages"), warp::post(), bearer(), json_body() => add_stage);
    // PUT /api/v1/employer/jobs/{id}/stages/{stage}
    let rename =
        emp()
            .and(warp::path!("jobs" / String / "stages" / String))
            .and(warp::put())
            .and(bearer())
            .and(json_body())
            .then(|s, job, stage, b, body| async move {
                reply(rename_stage(s, job, stage, b, body).await)
            });
    // DELETE /api/v1/employer/jobs/{id}/stages/{stage}
    let remove = route!(emp();
        warp::path!("jobs" / String / "stages" / String), warp::delete(), bearer() => remove_stage);
    one_of!(list, add, rename, remove)
}

fn answer(changed: Changed) -> Result<Option<JobStage>, ApiError> {
    match changed {
        Changed::Done(stage) => Ok(stage),
        Changed::NotFound => Err(stage_not_found()),
        Changed::Invalid(field, why) => Err(ApiError::field(field, why)),
        Changed::Conflict(why) => Err(ApiError::Conflict(why.into())),
    }
}

fn stage_not_found() -> ApiError {
    ApiError::NotFound(MSG_STAGE_NOT_FOUND.into())
}

/// The stage an add or a rename came to, recorded in the audit log as `event`.
async fn changed_stage(
    state: &AppState,
    changed: Changed,
    event: &'static str,
    member: &Member,
    job: &str,
) -> Result<JobStage, ApiError> {
    let job_stage = answer(changed)?.ok_or_else(stage_not_found)?;
    record(state, event, member, job, &job_stage.name).await;
    Ok(job_stage)
}

async fn record(state: &AppState, event: &'static str, member: &Member, job: &str, name: &str) {
    let detail = serde_json::json!({ "stage": name });
    member.audit(state, event, job, Some(detail)).await;
}

#[utoipa::path(get, path = "/api/v1/employer/jobs/{id}/stages", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The job's id")),
    responses(
        (status = 200, description = "The job's own stages", body = StagesBody),
        EmployerOnly,
        NoSuchJob,
    ))]
async fn list_stages(state: AppState, job: String, bearer: Bearer) -> Answer<impl warp::Reply> {
    let member = bearer.member(&state).await?;
    if !member.reaches_job(&state.db, &job).await? {
        return Err(stage_not_found());
    }
    let stages = stages::list(&state.db, &member.company, &job)
        .await?
        .ok_or_else(stage_not_found)?;
    Ok(warp::reply::json(&StagesBody { stages }))
}

#[utoipa::path(post, path = "/api/v1/employer/jobs/{id}/stages", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The job's id")),
    request_body = NewStage,
    responses(
        (status = 201, description = "Added; applications of the job can be moved to it", body = StageBody),
        EmployerOnly,
        NoSuchJob,
        (status = 409, description = "The job has as many stages of its own as it may", body = ErrorBody),
        (status = 422, description = "The name is blank, too long or taken, or it follows no undecided stage", body = ErrorBody),
    ))]
async fn add_stage(
    state: AppState,
    job: String,
    bearer: Bearer,
    body: Json<NewStage>,
) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    let body = body.read().await?;
    let now = state.now_ms();
    let changed = stages::add(
        &state.db,
        &member.company,
        &job,
        &body.name,
        &body.after,
        now,
    )
    .await?;
    let added = changed_stage(&state, changed, "job_stage_added", &member, &job).await?;
    Ok(warp::reply::with_status(
        warp::reply::json(&StageBody { stage: added }),
        StatusCode::CREATED,
    ))
}

#[utoipa::path(put, path = "/api/v1/employer/jobs/{id}/stages/{stage}", tag = "employer",
    security(("bearer" = [])),
    params(
        ("id" = String, Path, description = "The job's id"),
        ("stage" = String, Path, description = "The stage's id"),
    ),
    request_body = StageName,
    responses(
        (status = 200, description = "Renamed", body = StageBody),
        EmployerOnly,
        NoSuchStage,
        (status = 422, description = "The name is blank, too long or taken", body = ErrorBody),
    ))]
async fn rename_stage(
    state: AppState,
    job: String,
    stage_id: String,
    bearer: Bearer,
    body: Json<StageName>,
) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    let body = body.read().await?;
    let changed = stages::rename(&state.db, &member.company, &job, &stage_id, &body.name).await?;
    let renamed = changed_stage(&state, changed, "job_stage_renamed", &member, &job).await?;
    Ok(warp::reply::json(&StageBody { stage: renamed }))
}

#[utoipa::path(delete, path = "/api/v1/employer/jobs/{id}/stages/{stage}", tag = "employer",
    security(("bearer" = [])),
    params(
        ("id" = String, Path, description = "The job's id"),
        ("stage" = String, Path, description = "The stage's id"),
    ),
    responses(
        (status = 204, description = "Removed"),
        EmployerOnly,
        NoSuchStage,
        (status = 409, description = "Applications are still in it", body = ErrorBody),
    ))]
async fn remove_stage(
    state: AppState,
    job: String,
    stage_id: String,
    bearer: Bearer,
) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    answer(stages::remove(&state.db, &member.company, &job, &stage_id).await?)?;
    record(&state, "job_stage_removed", &member, &job, &stage_id).await;
    Ok(StatusCode::NO_CONTENT)
}

//! The employer's own jobs (`/api/v1/employer/jobs…`) and their logo uploads.

use serde::{Deserialize, Serialize};
use warp::http::StatusCode;
use warp::reply::Response;
use warp::{Filter, Reply};

use jobtap_core::email_confirmation::MSG_CONFIRM_TO_PUBLISH;
use jobtap_core::job_dedupe;
use jobtap_core::job_post::{self, JobPostInput};

use crate::auth::confirm;
use crate::auth::extract::{Bearer, EmployerOnly, bearer};
use crate::auth::routes::form_error;
use crate::error::{ApiError, ErrorBody, ErrorKind, error_responses};
use crate::http::{Answer, Json, json_body, one_of, route, under};
use crate::jobs::store::live_duplicate_keys;
use crate::state::AppState;
use crate::uploads::{self, UploadLimits};

use super::{jobs, logos};

error_responses! {
    /// The 404 of a route about one job of the caller's.
    pub NoSuchJob {
        404 => "No such job of the caller's",
    }
}

pub(crate) const MSG_JOB_NOT_FOUND: &str = "Job not found";

#[derive(Deserialize, utoipa::ToSchema)]
struct StatusBody {
    is_active: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
struct JobsBody {
    jobs: Vec<jobs::EmployerJob>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct JobBody {
    job: jobs::EmployerJob,
}

#[derive(Serialize, utoipa::ToSchema)]
struct DeletedJob {
    /// Pending applications declined with the job.
    declined_applications: u64,
}

#[derive(Serialize, utoipa::ToSchema)]
struct LogoBody {
    /// The logo's public URL, for `company_logo`.
    url: String,
}

/// The logo form, as the document describes it.
#[derive(utoipa::ToSchema)]
#[allow(dead_code, reason = "only describes the multipart form")]
struct LogoForm {
    /// A PNG, JPEG, WebP or GIF image.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// `?post_again=true`: post a job the employer already has live.
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct PostAgain {
    /// Post it even though the employer has the same job live (same company, title, place
    /// and description).
    // Read as text, so that anything but `true` or `false` is a 400 with a message rather
    // than a query the route does not match.
    #[param(value_type = Option<bool>)]
    post_again: Option<String>,
}

impl PostAgain {
    fn wanted(&self) -> Result<bool, ApiError> {
        match self.post_again.as_deref() {
            None | Some("false") => Ok(false),
            Some("true") => Ok(true),
            Some(_) => Err(ApiError::BadRequest("post_again is true or false".into())),
        }
    }
}

/// The employer's jobs and logo uploads.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let emp = || under("employer", state);
    // GET /api/v1/employer/jobs
    let list_jobs = route!(emp(); warp::path!("jobs"), warp::get(), bearer() => list_jobs);
    // POST /api/v1/employer/jobs
    let create_job = route!(emp();
        warp::path!("jobs"), warp::post(), bearer(), crate::http::query::<PostAgain>(), json_body() => create_job);
    // GET /api/v1/employer/jobs/{id}
    let get_job = route!(emp(); warp::path!("jobs" / String), warp::get(), bearer() => get_job);
    // PUT /api/v1/employer/jobs/{id}
    let update_job = route!(emp();
        warp::path!("jobs" / String), warp::put(), bearer(), json_body() => update_job);
    // PUT /api/v1/employer/jobs/{id}/status
    let job_status = route!(emp();
        warp::path!("jobs" / String / "status"), warp::put(), bearer(), json_body() => job_status);
    // DELETE /api/v1/employer/jobs/{id}
    let delete_job = route!(emp();
        warp::path!("jobs" / String), warp::delete(), bearer() => delete_job);
    // POST /api/v1/employer/logos (multipart: file)
    let upload_logo = route!(emp();
        warp::path!("logos"), warp::post(), bearer(), uploads::multipart() => upload_logo);
    one_of!(
        list_jobs,
        create_job,
        get_job,
        update_job,
        job_status,
        delete_job,
        upload_logo
    )
}

#[utoipa::path(get, path = "/api/v1/employer/jobs", tag = "employer",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's jobs", body = JobsBody),
        EmployerOnly,
    ))]
async fn list_jobs(state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let member = bearer.member(&state).await?;
    if let Some(user) = member.listed_only() {
        // An interviewer's own list: the company's jobs whose hiring team lists them.
        let listed = crate::hiring::store::jobs_listing(&state.db, user).await?;
        let mut jobs = jobs::list(&state.db, &member.company).await?;
        jobs.retain(|job| listed.contains(&job.fields.id));
        return Ok(warp::reply::json(&JobsBody { jobs }).into_response());
    }
    let body = state
        .derived
        .jobs_list
        .get(&state.db, &member.company, 0, state.now_ms(), || async {
            let jobs = jobs::list(&state.db, &member.company).await?;
            let json = serde_json::to_vec(&JobsBody { jobs }).map_err(anyhow::Error::from)?;
            Ok::<_, ApiError>(bytes::Bytes::from(json))
        })
        .await?;
    Ok(warp::reply::with_header(
        Response::new((*body).clone().into()),
        "content-type",
        "application/json",
    )
    .into_response())
}

#[utoipa::path(get, path = "/api/v1/employer/jobs/{id}", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The job's id")),
    responses(
        (status = 200, description = "The job", body = JobBody),
        EmployerOnly,
        NoSuchJob,
    ))]
async fn get_job(state: AppState, id: String, bearer: Bearer) -> Answer<impl warp::Reply> {
    let member = bearer.member(&state).await?;
    let job = jobs::get(&state.db, &member.company, &id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_JOB_NOT_FOUND.into()))?;
    if !member.reaches_job(&state.db, &id).await? {
        return Err(ApiError::NotFound(MSG_JOB_NOT_FOUND.into()));
    }
    Ok(warp::reply::json(&JobBody { job }))
}

#[utoipa::path(post, path = "/api/v1/employer/jobs", tag = "employer",
    security(("bearer" = [])),
    request_body = crate::http::core_schemas::JobPostSchema,
    responses(
        (status = 201, description = "The new job", body = JobBody),
        (status = 403, description = "Not an employer account, or its e-mail address is not \
            confirmed yet (kind `email_unconfirmed`)", body = ErrorBody),
        (status = 409, description = "The employer already has this job live (kind \
            `duplicate_job`): send it again with `post_again=true` to post it anyway", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
    ),
    params(PostAgain))]
async fn create_job(
    state: AppState,
    bearer: Bearer,
    again: Result<PostAgain, ApiError>,
    body: Json<JobPostInput>,
) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    // A new job is live at once: posting it is publishing it.
    confirm::require_confirmed(&state, member.actor(), MSG_CONFIRM_TO_PUBLISH).await?;
    let body = body.read().await?;
    let now = state.now_ms();
    let post = job_post::parse(&body, now).map_err(form_error)?;
    if !again?.wanted()? {
        let key = job_dedupe::duplicate_key(
            &post.company_name,
            &post.job_title,
            &post.location,
            &post.job_description,
        );
        if live_duplicate_keys(&state.db, &member.company, now)
            .await?
            .contains(&key)
        {
            return Err(ApiError::Conflict(job_dedupe::MSG_ALREADY_LIVE.into())
                .of_kind(ErrorKind::DuplicateJob));
        }
    }
    let id = jobs::create(&state.db, &member.company, &post, now).await?;
    let job = jobs::get(&state.db, &member.company, &id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_JOB_NOT_FOUND.into()))?;
    Ok(warp::reply::with_status(
        warp::reply::json(&JobBody { job }),
        StatusCode::CREATED,
    ))
}

#[utoipa::path(put, path = "/api/v1/employer/jobs/{id}", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The job's id")),
    request_body = crate::http::core_schemas::JobPostSchema,
    responses(
        (status = 200, description = "The updated job", body = JobBody),
        EmployerOnly,
        NoSuchJob,
        (status = 422, description = "A field is invalid", body = ErrorBody),
    ))]
async fn update_job(
    state: AppState,
    id: String,
    bearer: Bearer,
    body: Json<JobPostInput>,
) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    let body = body.read().await?;
    let now = state.now_ms();
    let post = job_post::parse(&body, now).map_err(form_error)?;
    if !jobs::update(&state.db, &member.company, &id, &post, now).await? {
        return Err(ApiError::NotFound(MSG_JOB_NOT_FOUND.into()));
    }
    get_job(state, id, bearer).await
}

#[utoipa::path(put, path = "/api/v1/employer/jobs/{id}/status", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The job's id")),
    request_body = StatusBody,
    responses(
        (status = 200, description = "The job", body = JobBody),
        (status = 403, description = "Not an employer account, or \
            putting a job live with an e-mail address not confirmed yet (kind `email_unconfirmed`)", body = ErrorBody),
        NoSuchJob,
    ))]
async fn job_status(
    state: AppState,
    id: String,
    bearer: Bearer,
    body: Json<StatusBody>,
) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    let body = body.read().await?;
    // Pausing is always allowed; putting a job live again is publishing it.
    if body.is_active {
        confirm::require_confirmed(&state, member.actor(), MSG_CONFIRM_TO_PUBLISH).await?;
    }
    if !jobs::set_active(
        &state.db,
        &member.company,
        &id,
        body.is_active,
        state.now_ms(),
    )
    .await?
    {
        return Err(ApiError::NotFound(MSG_JOB_NOT_FOUND.into()));
    }
    let detail = serde_json::json!({ "is_active": body.is_active });
    member
        .audit(&state, "job_status_changed", &id, Some(detail))
        .await;
    get_job(state, id, bearer).await
}

#[utoipa::path(delete, path = "/api/v1/employer/jobs/{id}", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The job's id")),
    responses(
        (status = 200, description = "Deleted", body = DeletedJob),
        EmployerOnly,
        NoSuchJob,
    ))]
async fn delete_job(state: AppState, id: String, bearer: Bearer) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    let declined = jobs::delete(
        &state.db,
        &state.config.mail,
        &member.company,
        member.actor(),
        &id,
        state.now_ms(),
    )
    .await?
    .ok_or_else(|| ApiError::NotFound(MSG_JOB_NOT_FOUND.into()))?;
    // Declined candidates and called-off interviews may have queued e-mail.
    let detail = serde_json::json!({ "declined_applications": declined });
    member
        .audit_with_mail(&state, "job_deleted", &id, Some(detail))
        .await;
    Ok(warp::reply::json(&DeletedJob {
        declined_applications: declined,
    }))
}

#[utoipa::path(post, path = "/api/v1/employer/logos", tag = "employer",
    security(("bearer" = [])),
    request_body(content = LogoForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The stored logo's URL", body = LogoBody),
        EmployerOnly,
        (status = 422, description = "No file, or an empty one", body = ErrorBody),
        UploadLimits,
    ))]
async fn upload_logo(
    state: AppState,
    bearer: Bearer,
    form: crate::uploads::Upload,
) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    let form = form.read()?;
    let url = logos::store(&state, &member.company, form).await?;
    Ok(warp::reply::with_status(
        warp::reply::json(&LogoBody { url }),
        StatusCode::CREATED,
    ))
}

//! `POST /api/v1/employer/jobs/import/already-posted`: which of a previewed file's rows repeat
//! jobs the employer has live, asked by the rows' keys (core's `job_dedupe`) before importing,
//! so the preview shows them and the employer can tick those to post again.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::reply::Response;

use jobtap_core::job_dedupe;

use crate::auth::extract::{Bearer, EmployerOnly, bearer};
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, Json, json_body, route, with_state};
use crate::jobs::store as jobs;
use crate::state::AppState;

/// The previewed rows' keys.
#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct KeysBody {
    /// One key per valid row (16 lower-case hexadecimal digits), at most as many as an import
    /// takes rows.
    keys: Vec<String>,
}

/// The keys of jobs the caller has live.
#[derive(Serialize, utoipa::ToSchema)]
struct LiveKeys {
    /// Those of the keys sent that one of the caller's live jobs has, in the order sent.
    keys: Vec<String>,
}

/// POST /api/v1/employer/jobs/import/already-posted
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    route!(warp::path!("employer" / "jobs" / "import" / "already-posted");
        warp::post(), with_state(state.clone()), bearer(), json_body() => already_posted)
}

#[utoipa::path(post, path = "/api/v1/employer/jobs/import/already-posted", tag = "employer",
    security(("bearer" = [])),
    request_body = KeysBody,
    responses(
        (status = 200, description = "The keys that repeat one of the caller's live jobs (other employers' jobs never count)", body = LiveKeys),
        EmployerOnly,
        (status = 422, description = "More keys than an import takes rows, or one not of a key's shape", body = ErrorBody),
    ))]
pub(crate) async fn already_posted(
    state: AppState,
    bearer: Bearer,
    body: Json<KeysBody>,
) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    let body = body.read().await?;
    if body.keys.len() > state.config.import_limits.max_rows
        || !body.keys.iter().all(|key| job_dedupe::is_key(key))
    {
        return Err(ApiError::field("keys", job_dedupe::MSG_KEYS));
    }
    let live = jobs::live_duplicate_keys(&state.db, &member.company, state.now_ms()).await?;
    let keys = body
        .keys
        .into_iter()
        .filter(|key| live.contains(key))
        .collect();
    Ok(warp::reply::json(&LiveKeys { keys }))
}

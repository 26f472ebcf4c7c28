//! Jobs a candidate swiped away: `PUT`/`DELETE /api/v1/jobs/{id}/rejection`
//! and `DELETE /api/v1/jobs/rejections` ("Start Over"). The feed leaves rejected jobs out,
//! so a rejection holds on the next visit and on another device.

use warp::Filter;
use warp::http::StatusCode;
use warp::reply::Response;

use crate::accounts::store::Role;
use crate::auth::extract::{Bearer, CandidateOnly, bearer};
use crate::db::Db;
use crate::error::ApiError;
use crate::http::{one_of, route, with_state};
use crate::on_db_write;
use crate::state::AppState;

use super::store::{NoSuchLiveJob, live_job_or_404};

/// The rejection routes.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let state = with_state(state.clone());
    // PUT /api/v1/jobs/{id}/rejection
    let reject = route!(warp::path!("jobs" / String / "rejection");
        warp::put(), state.clone(), bearer() => reject);
    // DELETE /api/v1/jobs/{id}/rejection
    let undo = route!(warp::path!("jobs" / String / "rejection");
        warp::delete(), state.clone(), bearer() => undo);
    // DELETE /api/v1/jobs/rejections
    let start_over = route!(warp::path!("jobs" / "rejections");
        warp::delete(), state, bearer() => start_over);
    one_of!(reject, undo, start_over)
}

#[utoipa::path(put, path = "/api/v1/jobs/{id}/rejection", tag = "feed", operation_id = "reject_job",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The job's id")),
    responses(
        (status = 204, description = "Rejected: the feed leaves the job out"),
        CandidateOnly,
        NoSuchLiveJob,
    ))]
async fn reject(id: String, state: AppState, bearer: Bearer) -> Result<StatusCode, ApiError> {
    set_rejected(id, state, bearer, true).await
}

#[utoipa::path(delete, path = "/api/v1/jobs/{id}/rejection", tag = "feed",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The job's id")),
    responses(
        (status = 204, description = "Not rejected (any more): the feed shows the job again"),
        CandidateOnly,
        NoSuchLiveJob,
    ))]
async fn undo(id: String, state: AppState, bearer: Bearer) -> Result<StatusCode, ApiError> {
    set_rejected(id, state, bearer, false).await
}

/// Rejects live job `id` for the calling candidate, or undoes that.
async fn set_rejected(
    id: String,
    state: AppState,
    bearer: Bearer,
    rejected: bool,
) -> Result<StatusCode, ApiError> {
    let user = bearer.user_with(&state, Role::Candidate).await?;
    let job = live_job_or_404(&state, &user, &id).await?;
    if rejected {
        insert(&state.db, &user.id, &job.fields.id, state.now_ms()).await?;
    } else {
        delete(&state.db, &user.id, Some(&job.fields.id)).await?;
    }
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(delete, path = "/api/v1/jobs/rejections", tag = "feed",
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Every rejection is undone: the feed starts over"),
        CandidateOnly,
    ))]
async fn start_over(state: AppState, bearer: Bearer) -> Result<StatusCode, ApiError> {
    let user = bearer.user_with(&state, Role::Candidate).await?;
    delete(&state.db, &user.id, None).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn insert(db: &Db, user_id: &str, job_id: &str, now: i64) -> Result<(), sqlx::Error> {
    on_db_write!(db, pool => {
        sqlx::query(
            "INSERT INTO job_rejections (user_id, job_id, rejected_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id, job_id) DO NOTHING",
        )
        .bind(user_id)
        .bind(job_id)
        .bind(now)
        .execute(pool)
        .await?;
        Ok(())
    })
}

/// Removes the rejection of `job_id`, or every rejection of `user_id` when `None`.
async fn delete(db: &Db, user_id: &str, job_id: Option<&str>) -> Result<(), sqlx::Error> {
    on_db_write!(db, pool => {
        match job_id {
            Some(job_id) => sqlx::query("DELETE FROM job_rejections WHERE user_id = $1 AND job_id = $2")
                .bind(user_id)
                .bind(job_id)
                .execute(pool)
                .await?,
            None => sqlx::query("DELETE FROM job_rejections WHERE user_id = $1")
                .bind(user_id)
                .execute(pool)
                .await?,
        };
        Ok(())
    })
}

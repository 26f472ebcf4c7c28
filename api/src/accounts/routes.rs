//! `/api/v1/account…`: what a user does with their whole account.

use serde::Deserialize;
use warp::Filter;
use warp::http::StatusCode;
use warp::reply::Response;

use super::export::{self, ExportStatus};
use crate::auth::extract::{Bearer, bearer};
use crate::auth::rate_limit::{self, Limit};
use crate::auth::reauth;
use crate::error::{ApiError, ErrorBody, error_responses};
use crate::http::{Answer, Json, download::attachment, json_body, one_of, route, with_state};
use crate::state::AppState;

error_responses! {
    /// The 404 of a route about the caller's data archive.
    NoExport {
        404 => "The caller has not asked for one",
    }
}

/// The account routes.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    // POST /api/v1/account/delete
    let delete = route!(warp::path!("account" / "delete");
        warp::post(), with_state(state.clone()), bearer(), json_body() => delete_account);
    // POST /api/v1/account/export
    let start = route!(warp::path!("account" / "export");
        warp::post(), with_state(state.clone()), bearer() => start_export);
    // GET /api/v1/account/export
    let status = route!(warp::path!("account" / "export");
        warp::get(), with_state(state.clone()), bearer() => export_status);
    // GET /api/v1/account/export/download
    let download = route!(warp::path!("account" / "export" / "download");
        warp::get(), with_state(state.clone()), bearer() => download_export);
    one_of!(delete, start, status, download)
}

/// The account's password, asked again: deleting cannot be undone.
#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct DeleteBody {
    password: String,
}

#[utoipa::path(post, path = "/api/v1/account/delete", tag = "account",
    security(("bearer" = [])),
    request_body = DeleteBody,
    responses(
        (status = 204, description = "The account, its rows and its files are deleted; every session has ended"),
        (status = 409, description = "Others are on the team whose jobs the account holds, or it is that team's last admin", body = ErrorBody),
        (status = 422, description = "The password is not the account's", body = ErrorBody),
        (status = 429, description = "Too many tries", body = ErrorBody),
    ))]
pub(crate) async fn delete_account(
    state: AppState,
    bearer: Bearer,
    body: Json<DeleteBody>,
) -> Answer<impl warp::Reply> {
    let (user, body) = bearer.user_and_body(&state, body).await?;
    reauth::count_try(&state, "delete-account", &user.id).await?;
    let account = reauth::check(&state, &user.id, body.password, "password").await?;
    // Before the account's jobs go (each in a transaction of its own); the deletion asks again
    // under the team's lock.
    if let Some(why) = crate::team::store::deletion_refused(&state.db, &user.id).await? {
        return Err(ApiError::Conflict(why.into()));
    }
    super::delete::delete_account(&state, &user.id, &account.email).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/api/v1/account/export", tag = "account",
    security(("bearer" = [])),
    responses(
        (status = 202, description = "Started preparing the archive of the caller's data: where \
            it is", body = ExportStatus),
        (status = 200, description = "One was already being prepared: where it is", body = ExportStatus),
        (status = 429, description = "Asked too often: five archives an hour", body = ErrorBody),
    ))]
pub(crate) async fn start_export(state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    // Each archive reads all of the user's files: asking is limited like uploading.
    rate_limit::hit(
        &state.db,
        Limit::data_exports(state.config.rate_limit_factor),
        &user.id,
        state.now_ms(),
    )
    .await?;
    let (status, started) = export::start(&state, &user.id).await?;
    Ok(warp::reply::with_status(
        warp::reply::json(&status),
        if started {
            StatusCode::ACCEPTED
        } else {
            StatusCode::OK
        },
    ))
}

#[utoipa::path(get, path = "/api/v1/account/export", tag = "account",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's latest archive: its progress, or until when \
            it can be downloaded", body = ExportStatus),
        NoExport,
    ))]
pub(crate) async fn export_status(state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    let status = export::status(&state, &user.id)
        .await?
        .ok_or_else(|| ApiError::NotFound("You have not asked for your data yet.".into()))?;
    Ok(warp::reply::json(&status))
}

#[utoipa::path(get, path = "/api/v1/account/export/download", tag = "account",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The zip: `jobtap-data.json` (docs/data-export.md) and the \
            caller's files", content_type = "application/zip", body = [u8]),
        NoExport,
        (status = 409, description = "Still being prepared, or preparing it failed", body = ErrorBody),
        (status = 410, description = "Its day is over: prepare it again", body = ErrorBody),
    ))]
pub(crate) async fn download_export(state: AppState, bearer: Bearer) -> Answer<Response> {
    let user = bearer.user(&state).await?;
    let (bytes, name) = export::download(&state, &user.id).await?;
    Ok(attachment(
        bytes,
        &name,
        "application/zip",
        "private, no-store",
    ))
}

//! `/api/v1/auth/sessions…`: where the account is signed in, and ending those sessions.

use serde::Serialize;
use warp::Filter;
use warp::http::StatusCode;
use warp::reply::Response;

use jobtap_core::format::format_date;

use crate::audit::{self, Event};
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, one_of, route, under};
use crate::state::AppState;

use super::extract::{Bearer, Client, bearer, client};
use super::sessions;

/// A session that is not the caller's, ended or never was.
pub const MSG_NO_SESSION: &str = "This session has already ended";

/// One live session of the caller's account.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct SessionItem {
    id: String,
    /// Browser and system from the user agent, named by core ("Chrome on Android").
    device: String,
    /// The session of the token that asked.
    current: bool,
    /// When it was signed in, in epoch milliseconds.
    created_at: i64,
    /// The day it was signed in ("Mar 5, 2026", UTC).
    created_text: String,
    /// Its last sign-in or token refresh, in epoch milliseconds: within an access token's
    /// lifetime (15 minutes) of its last request.
    last_used_at: i64,
    /// The address it signed in from, as the server saw it.
    ip: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct SessionsReply {
    /// The most recently used first.
    sessions: Vec<SessionItem>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct EndedReply {
    /// How many sessions ended.
    ended: u64,
}

/// The session routes.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let trust_proxy = state.config.trust_proxy;
    let base = || under("auth", state);
    // GET /api/v1/auth/sessions
    let list = route!(base(); warp::path!("sessions"), warp::get(), bearer() => list_sessions);
    // POST /api/v1/auth/sessions/sign-out-others
    let others = route!(base(); warp::path!("sessions" / "sign-out-others"), warp::post(), client(trust_proxy), bearer() => sign_out_others);
    // DELETE /api/v1/auth/sessions/{id}
    let end = route!(base(); warp::path!("sessions" / String), warp::delete(), client(trust_proxy), bearer() => end_session);
    one_of!(list, others, end)
}

#[utoipa::path(get, path = "/api/v1/auth/sessions", tag = "auth",
    security(("bearer" = [])),
    responses((status = 200, description = "The account's live sessions, the current one marked", body = SessionsReply)))]
pub(crate) async fn list_sessions(state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    let rows = sessions::list(&state.db, &user.id, state.now_ms()).await?;
    let sessions = rows
        .into_iter()
        .map(|row| SessionItem {
            current: row.id == user.session_id,
            device: jobtap_core::user_agent::label(row.user_agent.as_deref()),
            created_text: format_date(row.created_at),
            id: row.id,
            created_at: row.created_at,
            last_used_at: row.last_used_at,
            ip: row.ip,
        })
        .collect();
    Ok(warp::reply::json(&SessionsReply { sessions }))
}

#[utoipa::path(delete, path = "/api/v1/auth/sessions/{id}", tag = "auth",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The session's id")),
    responses(
        (status = 204, description = "The session is ended: its access and refresh tokens stop working at once"),
        (status = 404, description = "No live session of the caller's account has this id", body = ErrorBody),
    ))]
pub(crate) async fn end_session(
    state: AppState,
    id: String,
    client: Client,
    bearer: Bearer,
) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    let now = state.now_ms();
    if !sessions::end_own(&state.db, &user.id, &id, now).await? {
        return Err(ApiError::NotFound(MSG_NO_SESSION.into()));
    }
    audit::record(
        &state.db,
        now,
        Event::own("session_ended", &user.id, client.ip.as_deref())
            .with_detail(serde_json::json!({ "session": id, "by_session": user.session_id })),
    )
    .await;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/api/v1/auth/sessions/sign-out-others", tag = "auth",
    security(("bearer" = [])),
    responses((status = 200, description = "Every other session of the account is ended; this one goes on", body = EndedReply)))]
pub(crate) async fn sign_out_others(
    state: AppState,
    client: Client,
    bearer: Bearer,
) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    let now = state.now_ms();
    let ended = sessions::end_others(&state.db, &user.id, &user.session_id, now).await?;
    audit::record(
        &state.db,
        now,
        Event::own("other_sessions_ended", &user.id, client.ip.as_deref())
            .with_detail(serde_json::json!({ "ended": ended, "by_session": user.session_id })),
    )
    .await;
    Ok(warp::reply::json(&EndedReply { ended }))
}

//! `/api/v1/notifications…`: the bell (list, unread count, mark read) and the e-mail
//! settings. Every route is the signed-in caller's own.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::reply::Response;

use jobtap_core::notifications::Setting;

use crate::accounts::store::Role;
use crate::auth::extract::{Bearer, bearer};
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, Json, json_body, one_of, route, with_state};
use crate::state::AppState;

use super::store::{self, Notification, SettingView};

/// The bell.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct Bell {
    /// The newest notifications (30 at most), newest first.
    notifications: Vec<Notification>,
    /// How many of all the caller's notifications are unread.
    unread_count: i64,
}

/// Which to mark read: one, or every one without an id.
#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct ReadBody {
    id: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct EmailSettings {
    /// The caller's e-mail settings, for their role.
    settings: Vec<SettingView>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub(crate) struct SettingBody {
    /// A setting's `kind`.
    kind: String,
    /// Whether its e-mails are sent.
    email: bool,
}

/// The notification routes.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let state = with_state(state.clone());
    let list = route!(warp::path!("notifications"); warp::get(), state.clone(), bearer() => bell);
    let read = route!(warp::path!("notifications" / "read");
        warp::post(), state.clone(), bearer(), json_body() => mark_read);
    let get_settings = route!(warp::path!("notifications" / "settings");
        warp::get(), state.clone(), bearer() => settings);
    let put_settings = route!(warp::path!("notifications" / "settings");
        warp::put(), state, bearer(), json_body() => set);
    one_of!(list, read, get_settings, put_settings)
}

async fn bell_of(state: &AppState, user_id: &str) -> Result<Bell, ApiError> {
    Ok(Bell {
        notifications: store::list(&state.db, user_id).await?,
        unread_count: store::unread(&state.db, user_id).await?,
    })
}

#[utoipa::path(get, path = "/api/v1/notifications", tag = "notifications",
    operation_id = "notifications",
    security(("bearer" = [])),
    responses((status = 200, description = "The caller's bell", body = Bell)))]
pub(crate) async fn bell(state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    Ok(warp::reply::json(&bell_of(&state, &user.id).await?))
}

#[utoipa::path(post, path = "/api/v1/notifications/read", tag = "notifications",
    operation_id = "mark_notifications_read",
    security(("bearer" = [])),
    request_body = ReadBody,
    responses((status = 200, description = "Marked read; the bell as it is now", body = Bell)))]
pub(crate) async fn mark_read(
    state: AppState,
    bearer: Bearer,
    body: Json<ReadBody>,
) -> Answer<impl warp::Reply> {
    let (user, body) = bearer.user_and_body(&state, body).await?;
    let id = body
        .id
        .as_deref()
        .map(str::trim)
        .filter(|id| !id.is_empty());
    store::mark_read(&state.db, &user.id, id, state.now_ms()).await?;
    Ok(warp::reply::json(&bell_of(&state, &user.id).await?))
}

#[utoipa::path(get, path = "/api/v1/notifications/settings", tag = "notifications",
    operation_id = "notification_settings",
    security(("bearer" = [])),
    responses((status = 200, description = "The caller's e-mail settings", body = EmailSettings)))]
pub(crate) async fn settings(state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    let settings = store::settings(&state.db, &user.id, user.has(Role::Employer)).await?;
    Ok(warp::reply::json(&EmailSettings { settings }))
}

#[utoipa::path(put, path = "/api/v1/notifications/settings", tag = "notifications",
    operation_id = "set_notification_setting",
    security(("bearer" = [])),
    request_body = SettingBody,
    responses(
        (status = 200, description = "Stored; the caller's settings as they are now", body = EmailSettings),
        (status = 422, description = "Not one of the caller's settings", body = ErrorBody),
    ))]
pub(crate) async fn set(
    state: AppState,
    bearer: Bearer,
    body: Json<SettingBody>,
) -> Answer<impl warp::Reply> {
    let (user, body) = bearer.user_and_body(&state, body).await?;
    let employer = user.has(Role::Employer);
    let setting = Setting::from_key(body.kind.trim())
        .filter(|s| s.for_employers() == employer)
        .ok_or_else(|| ApiError::field("kind", "Not one of your notification settings"))?;
    store::set(&state.db, &user.id, setting, body.email).await?;
    let settings = store::settings(&state.db, &user.id, employer).await?;
    Ok(warp::reply::json(&EmailSettings { settings }))
}

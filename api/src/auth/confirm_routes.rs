//! `/api/v1/auth/confirm-email…` and `/api/v1/auth/change-email`: following a confirmation
//! link, sending it again, and asking for a new address.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::http::StatusCode;
use warp::reply::Response;

use jobtap_core::email_confirmation::{
    MSG_ALREADY_CONFIRMED, MSG_CHANGE_SENT, MSG_EMAIL_SAME, MSG_LINK_GONE, MSG_LINK_SENT,
    SEND_WINDOW_MS, SENDS_PER_ACCOUNT,
};
use jobtap_core::password_reset::MSG_CURRENT_REQUIRED;
use jobtap_core::validate::Email;

use crate::accounts::store as accounts;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, Json, json_body, one_of, route, under};
use crate::state::AppState;

use super::confirm::{self, Outcome};
use super::extract::{Bearer, Client, bearer, client};
use super::rate_limit::{self, Limit};
use super::reauth;
use super::reset;
use super::reset_routes::{LinkGone, count_link_try};
use super::routes::{MSG_EMAIL_TAKEN, MSG_SESSION_ENDED};

/// The token of a link, from the `#token=` part of its address.
#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct ConfirmBody {
    token: String,
}

/// What a followed link did.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct ConfirmedReply {
    /// The account's address, confirmed (the new one after a change).
    email: String,
    /// Whether the link replaced the account's address.
    changed: bool,
}

/// A message for people, as the answer to a request for a link.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct SentReply {
    #[schema(value_type = String)]
    message: &'static str,
}

/// A new address, with the current password asked again.
#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct ChangeEmailBody {
    new_email: String,
    current_password: String,
}

/// The confirmation routes.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let trust_proxy = state.config.trust_proxy;
    let base = || under("auth", state);
    // POST /api/v1/auth/confirm-email
    let follow = route!(base(); warp::path!("confirm-email"), warp::post(), client(trust_proxy), json_body() => follow);
    // POST /api/v1/auth/confirm-email/resend
    let resend = route!(base(); warp::path!("confirm-email" / "resend"), warp::post(), client(trust_proxy), bearer() => resend);
    // POST /api/v1/auth/change-email
    let change = route!(base(); warp::path!("change-email"), warp::post(), client(trust_proxy), bearer(), json_body() => change_email);
    one_of!(follow, resend, change)
}

/// The links one account is sent besides its sign-up one: "Send the link again" and e-mail
/// changes together.
fn sends(state: &AppState) -> Limit {
    Limit {
        name: "email-confirmation",
        max: SENDS_PER_ACCOUNT * state.config.rate_limit_factor,
        window_ms: SEND_WINDOW_MS,
    }
}

#[utoipa::path(post, path = "/api/v1/auth/confirm-email", tag = "auth",
    request_body = ConfirmBody,
    responses(
        (status = 200, description = "The link's address is the account's, confirmed", body = ConfirmedReply),
        (status = 409, description = "The new address was taken by another account meanwhile", body = ErrorBody),
        LinkGone,
    ))]
pub(crate) async fn follow(
    state: AppState,
    client: Client,
    body: Json<ConfirmBody>,
) -> Answer<impl warp::Reply> {
    let body = body.read().await?;
    count_link_try(&state, &state.db, &client, "confirm-link").await?;
    let ip = client.ip.as_deref();
    let followed = match confirm::follow(&state, &state.db, body.token.trim(), ip).await? {
        Outcome::Done(followed) => followed,
        Outcome::Gone => return Err(ApiError::Gone(MSG_LINK_GONE.into())),
        Outcome::Taken => return Err(ApiError::Conflict(MSG_EMAIL_TAKEN.into())),
    };
    Ok(warp::reply::json(&ConfirmedReply {
        email: followed.email,
        changed: followed.changed,
    }))
}

#[utoipa::path(post, path = "/api/v1/auth/confirm-email/resend", tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 202, description = "A new link is on its way to the account's address", body = SentReply),
        (status = 409, description = "The address is already confirmed", body = ErrorBody),
        (status = 429, description = "Too many links sent to this account lately", body = ErrorBody),
    ))]
pub(crate) async fn resend(
    state: AppState,
    client: Client,
    bearer: Bearer,
) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    if confirm::is_confirmed(&state, &user.id).await? {
        return Err(ApiError::Conflict(MSG_ALREADY_CONFIRMED.into()));
    }
    rate_limit::hit(&state.db, sends(&state), &user.id, state.now_ms()).await?;
    let Some((account, _)) = reset::account_with_hash(&state.db, &user.id).await? else {
        return Err(ApiError::Unauthorized(MSG_SESSION_ENDED.into()));
    };
    confirm::send_link(&state, &account, client.ip.as_deref()).await?;
    Ok(warp::reply::with_status(
        warp::reply::json(&SentReply {
            message: MSG_LINK_SENT,
        }),
        StatusCode::ACCEPTED,
    ))
}

#[utoipa::path(post, path = "/api/v1/auth/change-email", tag = "auth",
    security(("bearer" = [])),
    request_body = ChangeEmailBody,
    responses(
        (status = 202, description = "A link is on its way to the new address and a notice to \
            the current one; the address changes when the link is followed", body = SentReply),
        (status = 409, description = "Another account uses the new address", body = ErrorBody),
        (status = 422, description = "Not an e-mail address, the current one, or a wrong \
            password", body = ErrorBody),
        (status = 429, description = "Too many tries, or links sent to this account lately", body = ErrorBody),
    ))]
pub(crate) async fn change_email(
    state: AppState,
    client: Client,
    bearer: Bearer,
    body: Json<ChangeEmailBody>,
) -> Answer<impl warp::Reply> {
    let (user, body) = bearer.user_and_body(&state, body).await?;
    reauth::count_try(&state, "change-email", &user.id).await?;
    let new = Email::parse(&body.new_email).map_err(|e| ApiError::field("new_email", e.message))?;
    if body.current_password.is_empty() {
        return Err(ApiError::field("current_password", MSG_CURRENT_REQUIRED));
    }
    let account = reauth::check(
        &state,
        &user.id,
        body.current_password.clone(),
        "current_password",
    )
    .await?;
    if new.as_str() == account.email {
        return Err(ApiError::field("new_email", MSG_EMAIL_SAME));
    }
    if accounts::id_by_email(&state.db, new.as_str())
        .await?
        .is_some()
    {
        return Err(ApiError::Conflict(MSG_EMAIL_TAKEN.into()));
    }
    rate_limit::hit(&state.db, sends(&state), &user.id, state.now_ms()).await?;
    confirm::ask_change(&state, &account, new.as_str(), client.ip.as_deref()).await?;
    Ok(warp::reply::with_status(
        warp::reply::json(&SentReply {
            message: MSG_CHANGE_SENT,
        }),
        StatusCode::ACCEPTED,
    ))
}

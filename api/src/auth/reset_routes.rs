//! `/api/v1/auth/password-reset…` and `/api/v1/auth/change-password`: a new password through a
//! link sent by e-mail, or signed in with the current one.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::http::StatusCode;
use warp::reply::Response;

use jobtap_core::password_reset::{
    ASK_WINDOW_MS, ASKS_PER_ADDRESS, ASKS_PER_SOURCE, MSG_CURRENT_REQUIRED, MSG_LINK_GONE,
    MSG_LINK_SENT, MSG_PASSWORD_SAME,
};
use jobtap_core::validate::{Email, Password};

use crate::audit::Event;
use crate::db::Db;
use crate::error::{ApiError, ErrorBody, error_responses, reply};
use crate::http::{Answer, Json, json_body, one_of, route, under};
use crate::priority::on_sign_in_runtime;
use crate::state::AppState;

use super::extract::{Bearer, Client, bearer, client};
use super::password;
use super::rate_limit::{self, Limit};
use super::reauth;
use super::reset::{self, How};
use super::routes::{SessionBody, open_session};
use super::tokens::token_hash;

/// The address a link is asked for.
#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct AskBody {
    email: String,
}

/// The one answer to every request for a link.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct AskReply {
    #[schema(value_type = String)]
    message: &'static str,
}

/// The token of a link, from the `#token=` part of its address.
#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct LinkBody {
    token: String,
}

/// The account a working link sets a new password for.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct LinkReply {
    email: String,
}

/// A link's token and the new password it sets.
#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct ResetBody {
    token: String,
    password: String,
}

/// A new password, signed in: the current one is asked again.
#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct ChangeBody {
    current_password: String,
    new_password: String,
}

/// The password routes.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let trust_proxy = state.config.trust_proxy;
    let base = || under("auth", state);
    // POST /api/v1/auth/password-reset
    let ask = route!(base(); warp::path!("password-reset"), warp::post(), client(trust_proxy), json_body() => ask);
    // POST /api/v1/auth/password-reset/check
    let check = route!(base(); warp::path!("password-reset" / "check"), warp::post(), client(trust_proxy), json_body() => check);
    // POST /api/v1/auth/password-reset/confirm: a sign-in, answered on the sign-in runtime.
    let confirm = base()
        .and(warp::path!("password-reset" / "confirm"))
        .and(warp::post())
        .and(client(trust_proxy))
        .and(json_body())
        .then(|state, client, body| {
            on_sign_in_runtime(async move { reply(confirm(state, client, body).await) })
        });
    // POST /api/v1/auth/change-password
    let change = route!(base(); warp::path!("change-password"), warp::post(), client(trust_proxy), bearer(), json_body() => change);
    one_of!(ask, check, confirm, change)
}

error_responses! {
    /// The answers of a route that follows a link from an e-mail.
    pub(super) LinkGone {
        410 => "The link expired, was used, or never was",
        429 => "Too many tries from this source",
    }
}

/// The rate-limit key prefix of password reset links.
const RESET_LINKS: &str = "reset-link";

/// 410 with the one message for a link that does not work, whatever the reason.
fn link_gone() -> ApiError {
    ApiError::Gone(MSG_LINK_GONE.into())
}

/// Tries of `links` (the kind of link, a rate-limit key's prefix) from one source are slowed
/// like sign-ins.
pub(super) async fn count_link_try(
    state: &AppState,
    db: &Db,
    client: &Client,
    links: &str,
) -> Result<(), ApiError> {
    let ip = client.ip.as_deref().unwrap_or("unknown");
    let limit = Limit::sign_in(state.config.rate_limit_factor);
    rate_limit::hit(db, limit, &format!("{links}:{ip}"), state.now_ms()).await
}

#[utoipa::path(post, path = "/api/v1/auth/password-reset", tag = "auth",
    request_body = AskBody,
    responses(
        (status = 202, description = "The same answer whether or not an account uses the address; \
            if one does, it is sent a link that sets a new password (once, within an hour)", body = AskReply),
        (status = 422, description = "Not an e-mail address", body = ErrorBody),
        (status = 429, description = "Too many links asked for this address or from this source", body = ErrorBody),
    ))]
pub(crate) async fn ask(
    state: AppState,
    client: Client,
    body: Json<AskBody>,
) -> Answer<impl warp::Reply> {
    let body = body.read().await?;
    let email = Email::parse(&body.email).map_err(|e| ApiError::field(e.field, e.message))?;
    let now = state.now_ms();
    let factor = state.config.rate_limit_factor;
    let ip = client.ip.clone();
    let source = Limit {
        name: "password-reset",
        max: ASKS_PER_SOURCE * factor,
        window_ms: ASK_WINDOW_MS,
    };
    rate_limit::hit(&state.db, source, ip.as_deref().unwrap_or("unknown"), now).await?;
    // Counted for known and unknown addresses alike, so a refusal tells nobody which is which;
    // keyed by the address's hash, so the counters name nobody.
    let address = Limit {
        name: "password-reset-address",
        max: ASKS_PER_ADDRESS * factor,
        window_ms: ASK_WINDOW_MS,
    };
    rate_limit::hit(&state.db, address, &token_hash(email.as_str()), now).await?;
    // Looked up and sent after the answer, so its time does not tell whether the address is known.
    tokio::spawn(async move {
        if let Err(err) = reset::send_link(&state, email.as_str(), ip.as_deref()).await {
            tracing::error!(error = %err, "a password reset link could not be queued");
        }
    });
    Ok(warp::reply::with_status(
        warp::reply::json(&AskReply {
            message: MSG_LINK_SENT,
        }),
        StatusCode::ACCEPTED,
    ))
}

#[utoipa::path(post, path = "/api/v1/auth/password-reset/check", tag = "auth",
    request_body = LinkBody,
    responses(
        (status = 200, description = "The link works: the address of its account", body = LinkReply),
        LinkGone,
    ))]
pub(crate) async fn check(
    state: AppState,
    client: Client,
    body: Json<LinkBody>,
) -> Answer<impl warp::Reply> {
    let body = body.read().await?;
    count_link_try(&state, &state.db, &client, RESET_LINKS).await?;
    let account = reset::live_link(&state.db, body.token.trim(), state.now_ms())
        .await?
        .ok_or_else(link_gone)?;
    Ok(warp::reply::json(&LinkReply {
        email: account.email,
    }))
}

#[utoipa::path(post, path = "/api/v1/auth/password-reset/confirm", tag = "auth",
    request_body = ResetBody,
    responses(
        (status = 200, description = "The password is set, every earlier session of the account \
            ended and its owner e-mailed; a new session", body = SessionBody),
        LinkGone,
        (status = 422, description = "The new password breaks the password rule", body = ErrorBody),
    ))]
pub(crate) async fn confirm(
    state: AppState,
    client: Client,
    body: Json<ResetBody>,
) -> Answer<impl warp::Reply> {
    let body = body.read().await?;
    let db = &state.db.for_sign_in();
    count_link_try(&state, db, &client, RESET_LINKS).await?;
    let token = body.token.trim();
    // The link first: nobody types a new password for a link that cannot take it.
    let account = reset::live_link(db, token, state.now_ms())
        .await?
        .ok_or_else(link_gone)?;
    let new = Password::new(&body.password).map_err(|e| ApiError::field("password", e.message))?;
    let hash = password::hash(new.into_inner()).await?;
    let ip = client.ip.as_deref();
    if !reset::set_password(&state, db, &account, &hash, How::Link { token }, ip).await? {
        return Err(link_gone());
    }
    // Whoever holds the link holds the address: the account's sign-in back-off ends with it.
    rate_limit::clear_failures(db, &account.email).await?;
    let event = Event::own("signin", &account.id, ip)
        .with_detail(serde_json::json!({ "via": "password_reset" }));
    let session = open_session(&state, db, &account.id, &client, &event).await?;
    Ok(warp::reply::json(&session))
}

#[utoipa::path(post, path = "/api/v1/auth/change-password", tag = "auth",
    security(("bearer" = [])),
    request_body = ChangeBody,
    responses(
        (status = 204, description = "The password is changed, every other session of the account \
            ended and its owner e-mailed; this session goes on"),
        (status = 422, description = "The current password is wrong, or the new one breaks the \
            password rule or is the current one", body = ErrorBody),
        (status = 429, description = "Too many tries", body = ErrorBody),
    ))]
pub(crate) async fn change(
    state: AppState,
    client: Client,
    bearer: Bearer,
    body: Json<ChangeBody>,
) -> Answer<impl warp::Reply> {
    let (user, body) = bearer.user_and_body(&state, body).await?;
    reauth::count_try(&state, "change-password", &user.id).await?;
    if body.current_password.is_empty() {
        return Err(ApiError::field("current_password", MSG_CURRENT_REQUIRED));
    }
    let new = Password::new(&body.new_password)
        .map_err(|e| ApiError::field("new_password", e.message))?;
    let account = reauth::check(
        &state,
        &user.id,
        body.current_password.clone(),
        "current_password",
    )
    .await?;
    if new.expose() == body.current_password {
        return Err(ApiError::field("new_password", MSG_PASSWORD_SAME));
    }
    let hash = password::hash(new.into_inner()).await?;
    let how = How::Settings {
        session_id: &user.session_id,
    };
    reset::set_password(
        &state,
        &state.db,
        &account,
        &hash,
        how,
        client.ip.as_deref(),
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

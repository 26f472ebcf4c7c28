//! `POST /api/v1/job-alerts`: a signed-in user asks for job alerts at an address, which gets a
//! confirmation e-mail first (double opt-in).

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::http::StatusCode;
use warp::reply::Response;

use jobtap_core::alerts::MSG_EMAIL_REQUIRED;
use jobtap_core::validate::{Email, MSG_INVALID_EMAIL};

use crate::auth::extract::{Bearer, bearer};
use crate::auth::rate_limit::{self, Limit};
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, Json, json_body, route, with_state};
use crate::state::AppState;

use super::saved_search;
use super::store::{self, Subscribed};

#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct AlertBody {
    email: String,
    /// The feed's search the alerts follow, as the feed's query parameters
    /// (`q=pharmacist&place=Bulawayo&min_salary=800`, see `GET /api/v1/jobs`); empty or absent
    /// for every new job. Asking again from the same account replaces it.
    search: String,
}

/// The same whether a confirmation went out, one went out this hour, or the address is
/// subscribed already: the answer tells nobody which addresses are on the list.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct AlertReply {
    /// The address, as it will be written to.
    email: String,
    /// The search the alerts follow, in words ("“pharmacist”, in Bulawayo"); empty for every
    /// new job.
    search: String,
}

/// The subscription route.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    route!(warp::path!("job-alerts");
        warp::post(), with_state(state.clone()), bearer(), json_body() => subscribe)
}

#[utoipa::path(post, path = "/api/v1/job-alerts", tag = "feed",
    security(("bearer" = [])),
    request_body = AlertBody,
    responses(
        (status = 202, description = "Accepted: the address gets a confirmation e-mail unless it \
         had one in the last hour or is subscribed already", body = AlertReply),
        (status = 422, description = "No or an invalid e-mail, or a search the feed would refuse",
         body = ErrorBody),
        (status = 429, description = "More than 10 requests by this account in an hour", body = ErrorBody),
    ))]
pub(crate) async fn subscribe(
    state: AppState,
    bearer: Bearer,
    body: Json<AlertBody>,
) -> Answer<impl warp::Reply> {
    let (user, body) = bearer.user_and_body(&state, body).await?;
    if body.email.trim().is_empty() {
        return Err(ApiError::field("email", MSG_EMAIL_REQUIRED));
    }
    let email = Email::parse(&body.email).map_err(|e| ApiError::field(e.field, e.message))?;
    let search =
        saved_search::parse(&body.search).map_err(|e| ApiError::field("search", e.to_string()))?;
    let words = search.describe();
    // Each request may e-mail an address: an account cannot make JobTap write to many.
    let limit = Limit::job_alerts(state.config.rate_limit_factor);
    rate_limit::hit(&state.db, limit, &user.id, state.now_ms()).await?;
    let done = store::subscribe(
        &state.db,
        &state.config.mail,
        &user.id,
        email.as_str(),
        store::Followed {
            query: &saved_search::query(&search),
            words: &words,
        },
        state.now_ms(),
    )
    .await?;
    match done {
        Subscribed::Undeliverable => return Err(ApiError::field("email", MSG_INVALID_EMAIL)),
        Subscribed::ConfirmationQueued => state.mail_queued(),
        Subscribed::Unchanged => {}
    }
    Ok(warp::reply::with_status(
        warp::reply::json(&AlertReply {
            email: email.as_str().to_string(),
            search: words,
        }),
        StatusCode::ACCEPTED,
    ))
}

//! Joining a team through an invitation's link: `POST /api/v1/team/invitation` tells the join
//! page what the link offers, `POST /api/v1/team/join` makes the invited person's account on the
//! team, and `POST /api/v1/team/accept` puts a signed-in employer account that is on no team
//! on it. A link works once, for core's `INVITATION_MS`, and only for the address it was sent to.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::reply::Response;

use jobtap_core::team::{
    CompanyRole, MSG_CANNOT_JOIN, MSG_INVITATION_GONE, MSG_OTHER_ADDRESS, MSG_SIGN_IN_TO_JOIN,
};
use jobtap_core::validate::{FullName, Password};

use crate::accounts::store::{self as accounts, NewAccount, Role};
use crate::audit::Event;
use crate::auth::extract::{Bearer, Client, bearer, client};
use crate::auth::password;
use crate::auth::routes::{SessionBody, count_sign_up, first_session};
use crate::auth::tokens::token_hash;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, Json, json_body, one_of, route, under};
use crate::state::AppState;

use super::store::{self, Joined, Opened};

/// The link's token, from its `#token=…`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct TokenBody {
    token: String,
}

/// The invited person's name and new password; the address is the invitation's.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct JoinBody {
    token: String,
    full_name: String,
    password: String,
}

/// What an invitation offers, as the join page shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InvitationBody {
    pub company_name: String,
    /// The address invited: the account that joins has it.
    pub email: String,
    /// `admin` or `recruiter`.
    pub role: String,
    /// Whether the address already has an account (sign in, then accept).
    pub has_account: bool,
}

/// The team an account joined.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct JoinedBody {
    pub company_name: String,
    /// `admin` or `recruiter`.
    pub role: String,
}

/// Every route under `/team`.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let trust_proxy = state.config.trust_proxy;
    let base = || under("team", state);
    let show =
        route!(base(); warp::path!("invitation"), warp::post(), json_body() => show_invitation);
    let join = route!(base();
        warp::path!("join"), warp::post(), client(trust_proxy), json_body() => join_team);
    let accept = route!(base();
        warp::path!("accept"), warp::post(), bearer(), json_body() => accept_invitation);
    one_of!(show, join, accept)
}

fn gone() -> ApiError {
    ApiError::Gone(MSG_INVITATION_GONE.into())
}

/// The pending invitation of `token`, or 410.
async fn opened(state: &AppState, token: &str) -> Result<(String, Opened), ApiError> {
    let hash = token_hash(token.trim());
    let found = store::open(&state.db, &hash, state.now_ms()).await?;
    Ok((hash, found.ok_or_else(gone)?))
}

#[utoipa::path(post, path = "/api/v1/team/invitation", tag = "auth",
    request_body = TokenBody,
    responses(
        (status = 200, description = "What the invitation offers", body = InvitationBody),
        (status = 410, description = "The link was used, withdrawn or has expired", body = ErrorBody),
    ))]
pub(crate) async fn show_invitation(
    state: AppState,
    body: Json<TokenBody>,
) -> Answer<impl warp::Reply> {
    let body = body.read().await?;
    let (_, invitation) = opened(&state, &body.token).await?;
    let has_account = accounts::id_by_email(&state.db, &invitation.email)
        .await?
        .is_some();
    Ok(warp::reply::json(&InvitationBody {
        company_name: invitation.company_name,
        email: invitation.email,
        role: invitation.role,
        has_account,
    }))
}

#[utoipa::path(post, path = "/api/v1/team/join", tag = "auth",
    request_body = JoinBody,
    responses(
        (status = 201, description = "The account, on the team, and its first session; its address counts as confirmed", body = SessionBody),
        (status = 410, description = "The link was used, withdrawn or has expired", body = ErrorBody),
        (status = 409, description = "The address has an account: sign in, then accept", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
        (status = 429, description = "Too many sign-ups from this address", body = ErrorBody),
    ))]
pub(crate) async fn join_team(
    state: AppState,
    client: Client,
    body: Json<JoinBody>,
) -> Answer<impl warp::Reply> {
    let body = body.read().await?;
    let now = state.now_ms();
    let db = &state.db.for_sign_in();
    count_sign_up(&state, db, &client, now).await?;
    let (hash, invitation) = opened(&state, &body.token).await?;
    let full_name =
        FullName::parse(&body.full_name).map_err(|e| ApiError::field(e.field, e.message))?;
    let password =
        Password::new(&body.password).map_err(|e| ApiError::field(e.field, e.message))?;
    if accounts::id_by_email(&state.db, &invitation.email)
        .await?
        .is_some()
    {
        return Err(ApiError::Conflict(MSG_SIGN_IN_TO_JOIN.into()));
    }
    let password_hash = password::hash(password.into_inner()).await?;
    let id = uuid::Uuid::new_v4().to_string();
    let account = NewAccount {
        id: &id,
        email: &invitation.email,
        password_hash: &password_hash,
        full_name: full_name.as_str(),
        company_name: Some(&invitation.company_name),
        role: Role::Employer,
        // The link reached this address: following it confirms it.
        email_confirmed_at: Some(now),
        link: None,
    };
    let company = match store::join_new(&state.db, &hash, &account, now).await {
        Ok(Joined::Done { company }) => company,
        Ok(_) => return Err(gone()),
        Err(err) if crate::db::is_unique_violation(&err, "users_email_key", "users.email") => {
            return Err(ApiError::Conflict(MSG_SIGN_IN_TO_JOIN.into()));
        }
        Err(err) => return Err(err.into()),
    };
    let event = Event::own("team_joined", &id, client.ip.as_deref())
        .in_company(&company)
        .with_detail(serde_json::json!({ "role": invitation.role }));
    first_session(&state, db, &id, &client, &event).await
}

#[utoipa::path(post, path = "/api/v1/team/accept", tag = "auth",
    security(("bearer" = [])),
    request_body = TokenBody,
    responses(
        (status = 200, description = "The signed-in account is on the team", body = JoinedBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The invitation is for another address", body = ErrorBody),
        (status = 410, description = "The link was used, withdrawn or has expired", body = ErrorBody),
        (status = 409, description = "A candidate's account, or one on another team already", body = ErrorBody),
    ))]
pub(crate) async fn accept_invitation(
    state: AppState,
    bearer: Bearer,
    body: Json<TokenBody>,
) -> Answer<impl warp::Reply> {
    let (user, body) = bearer.user_and_body(&state, body).await?;
    let (hash, invitation) = opened(&state, &body.token).await?;
    let email = store::email_of(&state.db, &user.id)
        .await?
        .unwrap_or_default();
    if email != invitation.email {
        return Err(ApiError::Forbidden(MSG_OTHER_ADDRESS.into()));
    }
    let now = state.now_ms();
    match store::join_existing(&state.db, &hash, &user.id, &email, now).await? {
        Joined::Done { company } => {
            let event = Event::own("team_joined", &user.id, None)
                .in_company(&company)
                .with_detail(serde_json::json!({ "role": invitation.role }));
            crate::audit::record(&state.db, now, event).await;
        }
        Joined::Gone => return Err(gone()),
        Joined::Refused => return Err(ApiError::Conflict(MSG_CANNOT_JOIN.into())),
    }
    let role = CompanyRole::parse(&invitation.role).unwrap_or(CompanyRole::Recruiter);
    Ok(warp::reply::json(&JoinedBody {
        company_name: invitation.company_name,
        role: role.key().to_string(),
    }))
}

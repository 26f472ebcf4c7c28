//! `/api/v1/auth/…`: sign-up, sign-in, refresh, sign-out and the session.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::http::StatusCode;
use warp::reply::Response;

use jobtap_core::validate::{self, FormErrors};

use crate::accounts::store::{self as accounts, FirstLink, NewAccount, Role, UserSummary};
use crate::audit::{self, Event};
use crate::db::Db;
use crate::error::{ApiError, ErrorBody, FieldErrors, reply};
use crate::http::{Answer, Json, json_body, one_of, route, under};
use crate::priority::on_sign_in_runtime;
use crate::state::AppState;

use super::confirm::NewLink;
use super::extract::{Bearer, Client, bearer, client};
use super::rate_limit::{self, Limit};
use super::tokens::ACCESS_TTL_SECS;
use super::{password, sessions};

pub const MSG_BAD_CREDENTIALS: &str = "Invalid email or password";
pub const MSG_EMAIL_TAKEN: &str =
    "An account with this email already exists. Please sign in instead.";
pub const MSG_NOT_EMPLOYER: &str = "This account is not registered as an employer";
pub const MSG_SESSION_ENDED: &str = "Your session has ended. Please sign in again.";

/// The session object of the spec: the user and a token pair.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SessionBody {
    pub user: UserSummary,
    pub access_token: String,
    pub refresh_token: String,
    /// Always `bearer`.
    #[schema(value_type = String)]
    pub token_type: &'static str,
    /// Seconds the access token lives.
    pub expires_in: i64,
    /// When the access token expires, in epoch seconds.
    pub expires_at: i64,
}

/// `company_name` is read (and required) by the employer sign-up only.
#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
struct SignUpBody {
    email: String,
    password: String,
    full_name: String,
    company_name: String,
}

#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
struct SignInBody {
    email: String,
    password: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
struct RefreshBody {
    refresh_token: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct MeBody {
    user: UserSummary,
}

/// Every route under `/auth`.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let trust_proxy = state.config.trust_proxy;
    let base = || under("auth", state);
    // The routes that read a password or a refresh token: a POST with the client's address and
    // a JSON body, answered on the sign-in runtime.
    macro_rules! sign_in_route {
        ($path:expr, $handler:expr) => {
            base()
                .and($path)
                .and(warp::post())
                .and(client(trust_proxy))
                .and(json_body())
                .then(|s, c, body: Json<_>| {
                    on_sign_in_runtime(async move {
                        reply(match body.read().await {
                            Ok(body) => $handler(s, c, body).await,
                            Err(err) => Err(err),
                        })
                    })
                })
        };
    }
    // POST /api/v1/auth/signup
    let signup = sign_in_route!(warp::path!("signup"), candidate_sign_up);
    // POST /api/v1/auth/employer/signup
    let employer_signup = sign_in_route!(warp::path!("employer" / "signup"), employer_sign_up);
    // POST /api/v1/auth/signin
    let signin = sign_in_route!(warp::path!("signin"), candidate_sign_in);
    // POST /api/v1/auth/employer/signin
    let employer_signin = sign_in_route!(warp::path!("employer" / "signin"), employer_sign_in);
    // POST /api/v1/auth/refresh
    let refresh = sign_in_route!(warp::path!("refresh"), refresh);
    // POST /api/v1/auth/signout
    let signout = route!(base(); warp::path!("signout"), warp::post(), bearer() => sign_out);
    // GET /api/v1/auth/session
    let session = route!(base(); warp::path!("session"), warp::get(), bearer() => current);
    one_of!(
        signup,
        employer_signup,
        signin,
        employer_signin,
        refresh,
        signout,
        session
    )
}

/// 422 with every field's messages; the first one is the message.
pub fn form_error(errors: FormErrors) -> ApiError {
    let message = errors
        .first()
        .map_or("Invalid input", |e| e.message)
        .to_string();
    let mut fields = FieldErrors::new();
    for e in errors {
        fields
            .entry(e.field.to_string())
            .or_default()
            .push(e.message.to_string());
    }
    ApiError::Validation { message, fields }
}

#[utoipa::path(post, path = "/api/v1/auth/signup", tag = "auth",
    request_body = SignUpBody,
    responses(
        (status = 201, description = "The candidate account and its first session", body = SessionBody),
        (status = 409, description = "The e-mail is in use", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
        (status = 429, description = "Too many sign-ups from this address", body = ErrorBody),
    ))]
async fn candidate_sign_up(
    state: AppState,
    client: Client,
    body: SignUpBody,
) -> Answer<impl warp::Reply> {
    sign_up(state, client, body, Role::Candidate).await
}

#[utoipa::path(post, path = "/api/v1/auth/employer/signup", tag = "auth",
    request_body = SignUpBody,
    responses(
        (status = 201, description = "The employer account and its first session", body = SessionBody),
        (status = 409, description = "The e-mail is in use", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
        (status = 429, description = "Too many sign-ups from this address", body = ErrorBody),
    ))]
async fn employer_sign_up(
    state: AppState,
    client: Client,
    body: SignUpBody,
) -> Answer<impl warp::Reply> {
    sign_up(state, client, body, Role::Employer).await
}

async fn sign_up(
    state: AppState,
    client: Client,
    body: SignUpBody,
    role: Role,
) -> Answer<impl warp::Reply> {
    let now = state.now_ms();
    let db = &state.db.for_sign_in();
    count_sign_up(&state, db, &client, now).await?;
    let (email, password, full_name, company_name) = match role {
        Role::Candidate => {
            let form = validate::candidate_sign_up(&body.email, &body.password, &body.full_name)
                .map_err(form_error)?;
            (form.email, form.password, form.full_name, None)
        }
        Role::Employer => {
            let form = validate::employer_sign_up(
                &body.email,
                &body.password,
                &body.full_name,
                &body.company_name,
            )
            .map_err(form_error)?;
            (
                form.email,
                form.password,
                form.full_name,
                Some(form.company_name),
            )
        }
    };
    let hash = password::hash(password.into_inner()).await?;
    let id = uuid::Uuid::new_v4().to_string();
    // The link is written and its e-mail queued with the account: no account without a link.
    let link = if state.config.require_confirmed_email {
        Some(NewLink::make(
            &state,
            email.as_str(),
            full_name.as_str(),
            false,
        )?)
    } else {
        None
    };
    let account = NewAccount {
        id: &id,
        email: email.as_str(),
        password_hash: &hash,
        full_name: full_name.as_str(),
        company_name: company_name.as_deref(),
        role,
        email_confirmed_at: None,
        link: link.as_ref().map(|link| FirstLink {
            token_hash: &link.token_hash,
            mail: &link.row,
        }),
    };
    if let Err(err) = accounts::create(db, &account, now).await {
        if crate::db::is_unique_violation(&err, "users_email_key", "users.email") {
            return Err(ApiError::Conflict(MSG_EMAIL_TAKEN.into()));
        }
        return Err(err.into());
    }
    if let Some(link) = &link {
        link.sent(&state);
    }
    let event = Event::own("signup", &id, client.ip.as_deref())
        .with_detail(serde_json::json!({ "role": role.as_str() }));
    first_session(&state, db, &id, &client, &event).await
}

#[utoipa::path(post, path = "/api/v1/auth/signin", tag = "auth",
    request_body = SignInBody,
    responses(
        (status = 200, description = "A new session", body = SessionBody),
        (status = 401, description = "Wrong e-mail or password", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody),
    ))]
async fn candidate_sign_in(
    state: AppState,
    client: Client,
    body: SignInBody,
) -> Answer<impl warp::Reply> {
    sign_in(state, client, body, None).await
}

#[utoipa::path(post, path = "/api/v1/auth/employer/signin", tag = "auth",
    request_body = SignInBody,
    responses(
        (status = 200, description = "A new session", body = SessionBody),
        (status = 401, description = "Wrong e-mail or password", body = ErrorBody),
        (status = 403, description = "The account is not an employer", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody),
    ))]
async fn employer_sign_in(
    state: AppState,
    client: Client,
    body: SignInBody,
) -> Answer<impl warp::Reply> {
    sign_in(state, client, body, Some(Role::Employer)).await
}

async fn sign_in(
    state: AppState,
    client: Client,
    body: SignInBody,
    portal: Option<Role>,
) -> Answer<impl warp::Reply> {
    let now = state.now_ms();
    let ip = client.ip.as_deref().unwrap_or("unknown");
    let db = &state.db.for_sign_in();
    let form = validate::sign_in(&body.email, &body.password);
    let email = form.as_ref().map_or("", |f| f.email.as_str());
    // Independent reads at once: under load each trip to the database waits behind
    // other requests, and a sign-in made eight in a row (docs/benchmarks.md). The
    // answers are then taken in the order of precedence: 429, 422, back-off.
    let (hit, backoff, stored) = tokio::join!(
        rate_limit::hit(db, Limit::sign_in(state.config.rate_limit_factor), ip, now),
        async {
            match form {
                Ok(_) => rate_limit::check_backoff(db, email, ip, now)
                    .await
                    .map(Some),
                Err(_) => Ok(None),
            }
        },
        async {
            match form {
                Ok(_) => accounts::credentials(db, email).await,
                Err(_) => Ok(None),
            }
        },
    );
    hit?;
    let form = form.map_err(form_error)?;
    let email = form.email.as_str();
    let had_failures = backoff?.unwrap_or(false);
    let (user_id, hash) = stored?.unzip();
    // The summary the answer needs is read while the password is checked.
    let (ok, user) = tokio::join!(password::verify(form.password.into_inner(), hash), async {
        match &user_id {
            Some(id) => accounts::summary(db, id).await,
            None => Ok(None),
        }
    },);
    let ok = ok?;
    // The client hears the same message either way; the log tells the two apart, since
    // many unknown addresses from one place look like a list being tried.
    let reason = if user_id.is_some() {
        "wrong_password"
    } else {
        "unknown_email"
    };
    let Some(user_id) = user_id.filter(|_| ok) else {
        rate_limit::record_failure(db, email, ip, now).await?;
        audit::record(
            db,
            now,
            Event {
                event: "signin_failed",
                subject: Some(email),
                ip: client.ip.as_deref(),
                detail: Some(serde_json::json!({ "reason": reason })),
                ..Default::default()
            },
        )
        .await;
        return Err(ApiError::Unauthorized(MSG_BAD_CREDENTIALS.into()));
    };
    if had_failures {
        rate_limit::clear_source_failures(db, email, ip).await?;
    }
    let user = user?.ok_or_else(|| ApiError::Unauthorized(MSG_BAD_CREDENTIALS.into()))?;
    if let Some(required) = portal
        && !user.roles.contains(&required)
    {
        audit::record(
            db,
            now,
            Event::own("role_refused", &user_id, client.ip.as_deref())
                .with_detail(serde_json::json!({ "required": required.as_str() })),
        )
        .await;
        return Err(ApiError::Forbidden(MSG_NOT_EMPLOYER.into()));
    }
    let event = Event::own("signin", &user_id, client.ip.as_deref());
    let (session_id, refresh_token) = sessions::create(
        db,
        &user_id,
        now,
        client.user_agent.as_deref(),
        client.ip.as_deref(),
        &event,
    )
    .await?;
    Ok(warp::reply::json(&session_body(
        &state,
        user,
        &session_id,
        refresh_token,
    )))
}

#[utoipa::path(post, path = "/api/v1/auth/refresh", tag = "auth",
    request_body = RefreshBody,
    responses(
        (status = 200, description = "The session with a rotated token pair", body = SessionBody),
        (status = 401, description = "The refresh token is unknown, used or expired", body = ErrorBody),
        (status = 429, description = "Too many refreshes", body = ErrorBody),
    ))]
async fn refresh(state: AppState, client: Client, body: RefreshBody) -> Answer<impl warp::Reply> {
    let now = state.now_ms();
    let ip = client.ip.as_deref().unwrap_or("unknown");
    let db = &state.db.for_sign_in();
    rate_limit::hit(db, Limit::refresh(state.config.rate_limit_factor), ip, now).await?;
    match sessions::refresh(db, body.refresh_token.trim(), now).await? {
        sessions::Refresh::Rotated {
            session_id,
            user_id,
            refresh_token,
        } => {
            let user = accounts::summary(db, &user_id)
                .await?
                .ok_or_else(|| ApiError::Unauthorized(MSG_SESSION_ENDED.into()))?;
            let body = session_body(&state, user, &session_id, refresh_token);
            Ok(warp::reply::json(&body))
        }
        sessions::Refresh::Reused {
            session_id,
            user_id,
        } => {
            tracing::warn!(%session_id, "refresh token reused; session revoked");
            audit::record(
                db,
                now,
                Event::own("refresh_token_reuse", &user_id, client.ip.as_deref())
                    .with_detail(serde_json::json!({ "session": session_id })),
            )
            .await;
            Err(ApiError::Unauthorized(MSG_SESSION_ENDED.into()))
        }
        sessions::Refresh::Invalid => Err(ApiError::Unauthorized(MSG_SESSION_ENDED.into())),
    }
}

#[utoipa::path(post, path = "/api/v1/auth/signout", tag = "auth",
    security(("bearer" = [])),
    responses((status = 204, description = "The session is ended")))]
async fn sign_out(state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    let now = state.now_ms();
    sessions::revoke(&state.db, &user.session_id, "signout", now).await?;
    audit::record(&state.db, now, Event::own("signout", &user.id, None)).await;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/api/v1/auth/session", tag = "auth",
    security(("bearer" = [])),
    responses((status = 200, description = "The signed-in user", body = MeBody)))]
async fn current(state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let auth = bearer.user(&state).await?;
    let user = accounts::summary(&state.db, &auth.id)
        .await?
        .ok_or_else(|| ApiError::Unauthorized(MSG_SESSION_ENDED.into()))?;
    Ok(warp::reply::json(&MeBody {
        user: as_told(&state, user),
    }))
}

/// Opens a session for `user_id`, recording `event` with it.
pub(crate) async fn open_session(
    state: &AppState,
    db: &Db,
    user_id: &str,
    client: &Client,
    event: &Event<'_>,
) -> Result<SessionBody, ApiError> {
    let (created, user) = tokio::join!(
        sessions::create(
            db,
            user_id,
            state.now_ms(),
            client.user_agent.as_deref(),
            client.ip.as_deref(),
            event,
        ),
        accounts::summary(db, user_id),
    );
    let (session_id, refresh_token) = created?;
    let user = user?.ok_or_else(|| ApiError::Unauthorized(MSG_SESSION_ENDED.into()))?;
    Ok(session_body(state, user, &session_id, refresh_token))
}

/// A new account's first session, answered 201.
pub(crate) async fn first_session(
    state: &AppState,
    db: &Db,
    user_id: &str,
    client: &Client,
    event: &Event<'_>,
) -> Answer<warp::reply::WithStatus<warp::reply::Json>> {
    let session = open_session(state, db, user_id, client, event).await?;
    Ok(warp::reply::with_status(
        warp::reply::json(&session),
        StatusCode::CREATED,
    ))
}

/// Counts a new account from `client`'s address on `db` (429 past the limit): every route
/// that makes one is limited alike.
pub(crate) async fn count_sign_up(
    state: &AppState,
    db: &Db,
    client: &Client,
    now: i64,
) -> Result<(), ApiError> {
    let ip = client.ip.as_deref().unwrap_or("unknown");
    rate_limit::hit(db, Limit::sign_up(state.config.rate_limit_factor), ip, now).await
}

/// `user` as the client is told: where the deployment does not ask for confirmed addresses,
/// every address counts as confirmed.
fn as_told(state: &AppState, mut user: UserSummary) -> UserSummary {
    user.email_confirmed |= !state.config.require_confirmed_email;
    user
}

/// The session's body with a new access token.
fn session_body(
    state: &AppState,
    user: UserSummary,
    session_id: &str,
    refresh_token: String,
) -> SessionBody {
    let (access_token, expires_at) =
        state
            .tokens
            .issue_access(&user.id, session_id, state.now_ms());
    SessionBody {
        user: as_told(state, user),
        access_token,
        refresh_token,
        token_type: "bearer",
        expires_in: ACCESS_TTL_SECS,
        expires_at,
    }
}

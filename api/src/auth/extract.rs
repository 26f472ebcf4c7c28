//! Who is calling: the bearer token, the client's address and the signed-in user.

use std::net::SocketAddr;

use serde::de::DeserializeOwned;
use warp::Filter;

use crate::accounts::store::Role;
use crate::error::{ApiError, error_responses};
use crate::http::Json;
use crate::state::AppState;

use super::sessions;
use super::tokens::AccessClaims;

error_responses! {
    /// The 403 of a route for employer accounts only.
    pub EmployerOnly {
        403 => "Not an employer account, or a team role that may not do this (an interviewer changes nothing but their scorecards)",
    }

    /// The 403 of a route for a company's admins only.
    pub AdminOnly {
        403 => "Not an employer account, or not one of the company's admins",
    }

    /// The 403 of a route for candidate accounts only.
    pub CandidateOnly {
        403 => "Not a candidate account",
    }
}

pub const MSG_SIGN_IN: &str = "Please sign in to continue";

/// The raw `Authorization: Bearer …` token, if any.
#[derive(Debug, Clone)]
pub struct Bearer(Option<String>);

/// The caller's address and browser, for rate limits and the audit log.
#[derive(Debug, Clone, Default)]
pub struct Client {
    pub ip: Option<String>,
    pub user_agent: Option<String>,
}

/// A caller with a valid access token on a live session.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub id: String,
    pub session_id: String,
    pub roles: Vec<Role>,
}

impl AuthUser {
    pub fn has(&self, role: Role) -> bool {
        self.roles.contains(&role)
    }

    /// 403 unless the caller has `role`.
    pub fn require(&self, role: Role) -> Result<(), ApiError> {
        if self.has(role) {
            Ok(())
        } else {
            Err(ApiError::Forbidden(match role {
                Role::Employer => "Access denied. Employer account required.".into(),
                Role::Candidate => "This action is for candidate accounts.".into(),
            }))
        }
    }
}

/// The 401 for a genuine, unexpired token whose session was ended (signed out, or
/// revoked after a refresh token was reused): possibly a stolen token, so it is
/// recorded. Only a signed token gets here, so junk tokens cannot flood the log.
pub async fn session_ended(state: &AppState, claims: &AccessClaims) -> ApiError {
    crate::audit::record(
        &state.db,
        state.now_ms(),
        crate::audit::Event::own("access_token_refused", &claims.sub, None)
            .with_detail(serde_json::json!({ "session": claims.sid, "reason": "session_ended" })),
    )
    .await;
    ApiError::Unauthorized(MSG_SIGN_IN.into())
}

/// Extracts the bearer token without judging it: routes decide whether they need one,
/// and they do so after their path matched (a bad path stays a 404, not a 401).
pub fn bearer() -> impl Filter<Extract = (Bearer,), Error = warp::Rejection> + Clone {
    warp::header::optional::<String>("authorization").map(|value: Option<String>| {
        Bearer(value.and_then(|v| {
            let (scheme, token) = v.split_once(' ')?;
            scheme
                .eq_ignore_ascii_case("bearer")
                .then(|| token.trim().to_string())
        }))
    })
}

/// The caller's address (the first `X-Forwarded-For` hop when behind a trusted proxy).
pub fn client(
    trust_proxy: bool,
) -> impl Filter<Extract = (Client,), Error = warp::Rejection> + Clone {
    warp::addr::remote()
        .and(warp::header::optional::<String>("x-forwarded-for"))
        .and(warp::header::optional::<String>("user-agent"))
        .map(
            move |remote: Option<SocketAddr>,
                  forwarded: Option<String>,
                  user_agent: Option<String>| {
                let forwarded_ip = forwarded
                    .filter(|_| trust_proxy)
                    .and_then(|f| f.split(',').next().map(|ip| ip.trim().to_string()))
                    .filter(|ip| !ip.is_empty());
                Client {
                    ip: forwarded_ip.or_else(|| remote.map(|a| a.ip().to_string())),
                    user_agent,
                }
            },
        )
}

impl Bearer {
    /// The signed-in user, or 401 when the token is missing, invalid, expired or its
    /// session has ended.
    pub async fn user(&self, state: &AppState) -> Result<AuthUser, ApiError> {
        let claims = self.claims(state)?;
        let Some(roles) =
            sessions::live_user(&state.db, &claims.sid, &claims.sub, state.now_ms()).await?
        else {
            return Err(session_ended(state, &claims).await);
        };
        Ok(AuthUser {
            id: claims.sub,
            session_id: claims.sid,
            roles: roles.iter().filter_map(|r| Role::from_key(r)).collect(),
        })
    }

    /// The claims of a genuine, unexpired access token, read without the database: the
    /// caller must still check its session ([`sessions::live_user`], or a query that
    /// does, and then [`session_ended`]). 401 without such a token.
    pub fn claims(&self, state: &AppState) -> Result<AccessClaims, ApiError> {
        self.0
            .as_deref()
            .and_then(|token| state.tokens.verify_access(token, state.now_ms()))
            .ok_or_else(|| ApiError::Unauthorized(MSG_SIGN_IN.into()))
    }

    /// The signed-in user, then the JSON body they sent: a body is read only once its sender
    /// is known ([`crate::http::json_body`]).
    pub async fn user_and_body<T: DeserializeOwned>(
        &self,
        state: &AppState,
        body: Json<T>,
    ) -> Result<(AuthUser, T), ApiError> {
        let user = self.user(state).await?;
        Ok((user, body.read().await?))
    }

    /// [`Self::user_and_body`] for a caller who must hold `role`.
    pub async fn user_with_and_body<T: DeserializeOwned>(
        &self,
        state: &AppState,
        role: Role,
        body: Json<T>,
    ) -> Result<(AuthUser, T), ApiError> {
        let user = self.user_with(state, role).await?;
        Ok((user, body.read().await?))
    }

    /// The signed-in user, who must hold `role` (401 without a session, 403 without the role).
    pub async fn user_with(&self, state: &AppState, role: Role) -> Result<AuthUser, ApiError> {
        let user = self.user(state).await?;
        if !user.has(role) {
            crate::audit::record(
                &state.db,
                state.now_ms(),
                crate::audit::Event::own("role_refused", &user.id, None)
                    .with_detail(serde_json::json!({ "required": role.as_str() })),
            )
            .await;
        }
        user.require(role)?;
        Ok(user)
    }
}

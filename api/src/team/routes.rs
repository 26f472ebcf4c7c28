//! The team page's routes: `GET /api/v1/employer/team`, invitations
//! (`POST /employer/team/invitations`, `DELETE /employer/team/invitations/{id}`) and members
//! (`PUT`/`DELETE /employer/team/members/{id}`). Every member reads the team; only admins change
//! it, and every change is in the audit log under the admin who made it.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::http::StatusCode;
use warp::reply::Response;

use jobtap_core::team::{
    CompanyRole, INVITATION_MS, JOIN_PAGE, MSG_ADDRESS_CANNOT_JOIN, MSG_ALREADY_MEMBER,
    MSG_CONFIRM_TO_INVITE, MSG_KEY_ACCOUNT_STAYS, MSG_LAST_ADMIN, MSG_ROLE_UNKNOWN,
};
use jobtap_core::validate::Email;

use crate::auth::extract::{AdminOnly, Bearer, EmployerOnly, bearer};
use crate::auth::rate_limit;
use crate::auth::tokens::{random_token, token_hash};
use crate::error::{ApiError, ErrorBody, error_responses};
use crate::http::{Answer, Json, json_body, one_of, route, under};
use crate::mail::outbox::NewRow;
use crate::mail::texts::{self, TeamInvitation};
use crate::state::AppState;

use super::store::{self, Changed, InvitationRow, MemberRow, NewInvitation};

error_responses! {
    /// The 404 of a member or an invitation that is not the company's.
    pub NoSuchMember {
        404 => "Not a member or a pending invitation of the caller's company",
    }

    /// The 409 of a change that would leave the company with no admin.
    pub LastAdmin {
        409 => "The company would have no admin",
    }
}

const MSG_NOT_FOUND: &str = "This member or invitation was not found.";

/// The team as its page shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TeamBody {
    pub members: Vec<MemberRow>,
    /// Pending invitations, newest first; admins only (empty for others).
    pub invitations: Vec<InvitationRow>,
    /// The caller's id and role.
    pub you: String,
    pub your_role: String,
}

/// A new invitation: the address and the role offered.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct InviteBody {
    email: String,
    /// `admin`, `recruiter` or `interviewer`.
    role: String,
}

/// A member's new role.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct RoleBody {
    /// `admin`, `recruiter` or `interviewer`.
    role: String,
}

/// Every route under `/employer/team`.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let base = || under("employer", state);
    let team = route!(base(); warp::path!("team"), warp::get(), bearer() => get_team);
    let invite = route!(base();
        warp::path!("team" / "invitations"), warp::post(), bearer(), json_body() => invite_member);
    let revoke = route!(base();
        warp::path!("team" / "invitations" / String), warp::delete(), bearer() => revoke_invitation);
    let set_role = route!(base();
        warp::path!("team" / "members" / String), warp::put(), bearer(), json_body() => set_member_role);
    let remove = route!(base();
        warp::path!("team" / "members" / String), warp::delete(), bearer() => remove_member);
    one_of!(team, invite, revoke, set_role, remove)
}

fn role_field(key: &str) -> Result<CompanyRole, ApiError> {
    CompanyRole::parse(key.trim()).ok_or_else(|| ApiError::field("role", MSG_ROLE_UNKNOWN))
}

#[utoipa::path(get, path = "/api/v1/employer/team", tag = "employer",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The members of the caller's company, and its pending invitations for admins", body = TeamBody),
        EmployerOnly,
    ))]
pub(crate) async fn get_team(state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let member = bearer.member(&state).await?;
    let invitations = if member.role.is_admin() {
        store::pending(&state.db, &member.company, state.now_ms()).await?
    } else {
        Vec::new()
    };
    Ok(warp::reply::json(&TeamBody {
        members: store::members(&state.db, &member.company).await?,
        invitations,
        you: member.user.id.clone(),
        your_role: member.role.key().to_string(),
    }))
}

#[utoipa::path(post, path = "/api/v1/employer/team/invitations", tag = "employer",
    security(("bearer" = [])),
    request_body = InviteBody,
    responses(
        (status = 201, description = "Invited: the e-mail with the link is queued; an earlier invitation to the address stops working", body = InvitationRow),
        AdminOnly,
        (status = 409, description = "The address is a member's already, or its account cannot join (a candidate's, or on a team)", body = ErrorBody),
        (status = 422, description = "Not an e-mail address, or not a role", body = ErrorBody),
        (status = 429, description = "Too many invitations from this member", body = ErrorBody),
    ))]
pub(crate) async fn invite_member(
    state: AppState,
    bearer: Bearer,
    body: Json<InviteBody>,
) -> Answer<impl warp::Reply> {
    let (member, body) = bearer.admin_and_body(&state, body).await?;
    // Each invitation e-mails an address a name the admin chose: only from a confirmed
    // address, and at core's rate.
    crate::auth::confirm::require_confirmed(&state, member.actor(), MSG_CONFIRM_TO_INVITE).await?;
    let email = Email::parse(&body.email).map_err(|e| ApiError::field("email", e.message))?;
    let role = role_field(&body.role)?;
    if store::is_member_address(&state.db, &member.company, email.as_str()).await? {
        return Err(ApiError::Conflict(MSG_ALREADY_MEMBER.into()));
    }
    if store::address_cannot_join(&state.db, email.as_str()).await? {
        return Err(ApiError::Conflict(MSG_ADDRESS_CANNOT_JOIN.into()));
    }
    let limit = rate_limit::Limit::team_invitations(state.config.rate_limit_factor);
    rate_limit::hit(&state.db, limit, member.actor(), state.now_ms()).await?;
    let (company, inviter) = store::names(&state.db, &member.company, member.actor()).await?;
    let token = random_token();
    let config = &state.config.mail;
    let join_url = format!("{}{JOIN_PAGE}#token={token}", config.public_url);
    let mail = texts::team_invitation(&TeamInvitation {
        to_address: email.as_str(),
        inviter: &inviter,
        company: &company,
        role,
        join_url: &join_url,
    });
    let now = state.now_ms();
    let row = NewRow::new(&mail, config, now)
        .map_err(|err| anyhow::anyhow!("Failed to build the invitation e-mail: {err}"))?;
    let id = uuid::Uuid::new_v4().to_string();
    let expires_at = now + INVITATION_MS;
    store::invite(
        &state.db,
        &NewInvitation {
            id: &id,
            company: &member.company,
            email: email.as_str(),
            role,
            token_hash: &token_hash(&token),
            invited_by: member.actor(),
            expires_at,
            mail: &row,
        },
    )
    .await?;
    let detail = serde_json::json!({ "email": email.as_str(), "role": role.key() });
    state.mail_queued();
    member
        .audit(&state, "team_member_invited", &member.company, Some(detail))
        .await;
    Ok(warp::reply::with_status(
        warp::reply::json(&InvitationRow {
            id,
            email: email.as_str().to_string(),
            role: role.key().to_string(),
            created_at: now,
            expires_at,
        }),
        StatusCode::CREATED,
    ))
}

#[utoipa::path(delete, path = "/api/v1/employer/team/invitations/{id}", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The invitation's id")),
    responses(
        (status = 204, description = "Withdrawn: its link no longer works"),
        AdminOnly,
        NoSuchMember,
    ))]
pub(crate) async fn revoke_invitation(
    state: AppState,
    id: String,
    bearer: Bearer,
) -> Answer<impl warp::Reply> {
    let member = bearer.admin(&state).await?;
    if !store::revoke(&state.db, &member.company, &id, state.now_ms()).await? {
        return Err(ApiError::NotFound(MSG_NOT_FOUND.into()));
    }
    member
        .audit(&state, "team_invitation_withdrawn", &id, None)
        .await;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(put, path = "/api/v1/employer/team/members/{id}", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The member's user id")),
    request_body = RoleBody,
    responses(
        (status = 200, description = "The role is changed; the team as it is now", body = TeamBody),
        AdminOnly,
        NoSuchMember,
        LastAdmin,
        (status = 422, description = "Not a role", body = ErrorBody),
    ))]
pub(crate) async fn set_member_role(
    state: AppState,
    id: String,
    bearer: Bearer,
    body: Json<RoleBody>,
) -> Answer<impl warp::Reply> {
    let (member, body) = bearer.admin_and_body(&state, body).await?;
    // Someone not on the team is not found, whatever the body says.
    if !store::is_member(&state.db, &member.company, &id).await? {
        return Err(ApiError::NotFound(MSG_NOT_FOUND.into()));
    }
    let role = role_field(&body.role)?;
    changed(&state, &member, &id, Some(role)).await?;
    get_team(state, bearer).await
}

#[utoipa::path(delete, path = "/api/v1/employer/team/members/{id}", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The member's user id")),
    responses(
        (status = 204, description = "Removed: their next request is refused"),
        AdminOnly,
        NoSuchMember,
        (status = 409, description = "The company would have no admin, or it is the account that signed the company up", body = ErrorBody),
    ))]
pub(crate) async fn remove_member(
    state: AppState,
    id: String,
    bearer: Bearer,
) -> Answer<impl warp::Reply> {
    let member = bearer.admin(&state).await?;
    changed(&state, &member, &id, None).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Changes member `id`'s role (`role`), or removes them (none), and records who did it.
async fn changed(
    state: &AppState,
    member: &crate::auth::member::Member,
    id: &str,
    role: Option<CompanyRole>,
) -> Result<(), ApiError> {
    match store::change(&state.db, &member.company, id, role).await? {
        Changed::Done => {}
        Changed::NotFound => return Err(ApiError::NotFound(MSG_NOT_FOUND.into())),
        Changed::LastAdmin => return Err(ApiError::Conflict(MSG_LAST_ADMIN.into())),
        Changed::KeyAccount => return Err(ApiError::Conflict(MSG_KEY_ACCOUNT_STAYS.into())),
    }
    let (event, detail) = match role {
        Some(role) => (
            "team_role_changed",
            Some(serde_json::json!({ "role": role.key() })),
        ),
        None => ("team_member_removed", None),
    };
    member.audit(state, event, id, detail).await;
    Ok(())
}

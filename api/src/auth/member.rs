//! Who an employer's request acts for: the caller's company and their role on its team.
//!
//! Read from the database on every request, as the session is, so a member who is removed or
//! demoted is refused from their next request on. The company's data is scoped by
//! [`Member::company`]; what the member did is recorded under [`Member::actor`].

use jobtap_core::team::{CompanyRole, MSG_ADMIN_ONLY, MSG_NOT_ON_A_TEAM};

use crate::accounts::store::Role;
use crate::db::Db;
use crate::error::ApiError;
use crate::on_db;
use crate::state::AppState;

use super::extract::{AuthUser, Bearer};

/// A signed-in member of a company's team.
#[derive(Debug, Clone)]
pub struct Member {
    pub user: AuthUser,
    /// The company's id, which its jobs, applicants and settings are kept under.
    pub company: String,
    pub role: CompanyRole,
}

impl Member {
    /// The person who acts, for the audit log and for what is theirs alone (their address
    /// confirmed, their notifications).
    pub fn actor(&self) -> &str {
        &self.user.id
    }
}

/// The company and role of `user_id`, if they are on a team.
pub async fn membership(
    db: &Db,
    user_id: &str,
) -> Result<Option<(String, CompanyRole)>, sqlx::Error> {
    let row: Option<(String, String)> = on_db!(db, pool => {
        sqlx::query_as("SELECT company_id, role FROM company_members WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(pool)
            .await
    })?;
    Ok(row.and_then(|(company, role)| Some((company, CompanyRole::parse(&role)?))))
}

impl Bearer {
    /// The signed-in member of a company's team, in any role (401 without a session, 403 for a
    /// candidate's account or an employer's no longer on a team).
    pub async fn member(&self, state: &AppState) -> Result<Member, ApiError> {
        let user = self.user_with(state, Role::Employer).await?;
        let (company, role) = membership(&state.db, &user.id)
            .await?
            .ok_or_else(|| ApiError::Forbidden(MSG_NOT_ON_A_TEAM.into()))?;
        Ok(Member {
            user,
            company,
            role,
        })
    }

    /// [`Self::member`] who is one of the company's admins (403 otherwise).
    pub async fn admin(&self, state: &AppState) -> Result<Member, ApiError> {
        let member = self.member(state).await?;
        if !member.role.is_admin() {
            return Err(ApiError::Forbidden(MSG_ADMIN_ONLY.into()));
        }
        Ok(member)
    }

    /// [`Self::member`], then the JSON body they sent: a body is read only once its sender is
    /// known.
    pub async fn member_and_body<T: serde::de::DeserializeOwned>(
        &self,
        state: &AppState,
        body: crate::http::Json<T>,
    ) -> Result<(Member, T), ApiError> {
        let member = self.member(state).await?;
        Ok((member, body.read().await?))
    }

    /// [`Self::admin`], then the JSON body they sent.
    pub async fn admin_and_body<T: serde::de::DeserializeOwned>(
        &self,
        state: &AppState,
        body: crate::http::Json<T>,
    ) -> Result<(Member, T), ApiError> {
        let member = self.admin(state).await?;
        Ok((member, body.read().await?))
    }
}

//! Who an employer's request acts for: the caller's company and their role on its team.
//!
//! Read from the database on every request, as the session is, so a member who is removed or
//! demoted is refused from their next request on. The company's data is scoped by
//! [`Member::company`]; what the member did is recorded under [`Member::actor`].

use jobtap_core::team::{CompanyRole, MSG_ADMIN_ONLY, MSG_NOT_ON_A_TEAM, MSG_RECRUITERS_ONLY};

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

    /// The member whose hiring teams bound what they reach: `Some` for an interviewer (only
    /// the jobs that list them), `None` for the roles that reach every job of the company.
    pub fn listed_only(&self) -> Option<&str> {
        (!self.role.works_every_job()).then_some(self.user.id.as_str())
    }

    /// Whether job `job_id` is one this member reaches, given it is the company's: every job
    /// for admins and recruiters, the jobs whose hiring team lists them for an interviewer.
    pub async fn reaches_job(&self, db: &Db, job_id: &str) -> Result<bool, sqlx::Error> {
        let Some(user) = self.listed_only() else {
            return Ok(true);
        };
        crate::hiring::store::lists(db, job_id, user).await
    }

    /// Whether application `id` is to a job this member reaches ([`Self::reaches_job`]); the
    /// company's own scoping is the caller's query.
    pub async fn reaches_application(&self, db: &Db, id: &str) -> Result<bool, sqlx::Error> {
        let Some(user) = self.listed_only() else {
            return Ok(true);
        };
        crate::hiring::store::lists_application(db, id, user).await
    }

    /// An audit event of this member's company: what they did, to `subject`.
    pub async fn audit(
        &self,
        state: &AppState,
        event: &str,
        subject: &str,
        detail: Option<serde_json::Value>,
    ) {
        let event = crate::audit::Event {
            event,
            actor_id: Some(self.actor()),
            subject: Some(subject),
            company_id: Some(&self.company),
            detail,
            ip: None,
        };
        crate::audit::record(&state.db, state.now_ms(), event).await;
    }

    /// [`Self::audit`] for a committed change that may have queued e-mail: wakes the e-mail
    /// sender first.
    pub async fn audit_with_mail(
        &self,
        state: &AppState,
        event: &str,
        subject: &str,
        detail: Option<serde_json::Value>,
    ) {
        state.mail_queued();
        self.audit(state, event, subject, detail).await;
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
    /// candidate's account or an employer's no longer on a team). An interviewer among them
    /// reaches only their jobs: the handler checks [`Member::reaches_job`].
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

    /// [`Self::member`] who works every job of the company: an admin or a recruiter (403 for
    /// an interviewer). What changes applicants or jobs, and every company-wide read, asks
    /// for this.
    pub async fn recruiter(&self, state: &AppState) -> Result<Member, ApiError> {
        let member = self.member(state).await?;
        if !member.role.works_every_job() {
            return Err(ApiError::Forbidden(MSG_RECRUITERS_ONLY.into()));
        }
        Ok(member)
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

    /// [`Self::recruiter`], then the JSON body they sent.
    pub async fn recruiter_and_body<T: serde::de::DeserializeOwned>(
        &self,
        state: &AppState,
        body: crate::http::Json<T>,
    ) -> Result<(Member, T), ApiError> {
        let member = self.recruiter(state).await?;
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

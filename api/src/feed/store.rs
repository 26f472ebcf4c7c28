//! What the feed reads beyond the job rows: the candidate's scoring profile, and a live job or
//! the spec's 404.

use sqlx::types::Json;

use jobtap_core::cover_letter::CoverLetterProfile;
use jobtap_core::resume::ResumeFacts;
use jobtap_core::score::CandidateProfile;

use crate::auth::extract::AuthUser;
use crate::db::Db;
use crate::error::{ApiError, ErrorKind, error_responses};
use crate::jobs::store::{self as jobs, LiveJob};
use crate::on_db;
use crate::profile::resume_facts;
use crate::state::AppState;

use super::MSG_JOB_GONE;

error_responses! {
    /// The 404 of a route about one live job.
    pub NoSuchLiveJob {
        404 => "No such live job",
    }
}

/// The profile fields the fit score and the cover letter read.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ScoringProfile {
    pub full_name: String,
    pub degree_class: Option<String>,
    pub degree_field: Option<String>,
    pub university: Option<String>,
    pub skills: Json<Vec<String>>,
    pub experience_years: Option<i64>,
    /// What the default resume says (see `profile::resume_facts`).
    pub resume_facts: Option<Json<ResumeFacts>>,
}

impl ScoringProfile {
    /// The fit score's view of this profile.
    pub fn candidate(&self) -> CandidateProfile {
        let profile = CandidateProfile {
            degree_class: self.degree_class.clone(),
            degree_field: self.degree_field.clone(),
            university: self.university.clone(),
            skills: self.skills.0.clone(),
            experience_years: self.experience_years,
            roles: Vec::new(),
            resume_lines: Vec::new(),
        };
        match &self.resume_facts {
            Some(facts) => profile.with_resume(&facts.0),
            None => profile,
        }
    }

    /// The cover letter's view of this profile, with its default resume's roles.
    pub fn letter_profile(&self) -> CoverLetterProfile {
        let scored = self.candidate();
        CoverLetterProfile {
            full_name: self.full_name.clone(),
            skills: self.skills.0.clone(),
            experience_years: self.experience_years,
            degree_class: self.degree_class.clone(),
            university: self.university.clone(),
            degree_field: scored.degree_field,
            roles: scored.roles,
        }
    }
}

/// The scoring profile of `user_id`, if the user exists. Resume facts that older reading
/// rules stored are read again first (once: the new ones are current), so a resume uploaded
/// before a change of the rules is scored by today's.
pub async fn scoring_profile(
    state: &AppState,
    user_id: &str,
) -> Result<Option<ScoringProfile>, sqlx::Error> {
    let profile = stored_profile(&state.db, user_id).await?;
    let read_by_older_rules = profile
        .as_ref()
        .and_then(|p| p.resume_facts.as_ref())
        .is_some_and(|facts| facts.0.is_stale());
    if !read_by_older_rules {
        return Ok(profile);
    }
    resume_facts::refresh(state, user_id).await;
    stored_profile(&state.db, user_id).await
}

async fn stored_profile(db: &Db, user_id: &str) -> Result<Option<ScoringProfile>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, ScoringProfile>(
            "SELECT full_name, degree_class, degree_field, university, skills, experience_years, \
             resume_facts FROM profiles WHERE id = $1",
        )
        .bind(user_id)
        .fetch_optional(pool)
        .await
    })
}

/// Job `id` if it is live, else 404 with the spec's message.
pub async fn live_job_or_404(
    state: &AppState,
    user: &AuthUser,
    id: &str,
) -> Result<LiveJob, ApiError> {
    jobs::live_job(&state.db, id.trim(), &user.id, state.now_ms())
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_JOB_GONE.into()).of_kind(ErrorKind::JobGone))
}

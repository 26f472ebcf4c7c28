//! Persistence the feed needs beyond jobs: the candidate's scoring profile.

use sqlx::types::Json;

use jobtap_core::cover_letter::CoverLetterProfile;
use jobtap_core::resume::ResumeFacts;
use jobtap_core::score::CandidateProfile;

use crate::db::Db;
use crate::on_db;

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

/// The scoring profile of `user_id`, if the user exists.
pub async fn scoring_profile(
    db: &Db,
    user_id: &str,
) -> Result<Option<ScoringProfile>, sqlx::Error> {
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

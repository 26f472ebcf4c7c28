//! The swipe feed (spec, candidate side §2 "Swipe feed", "Job view", §4): live
//! jobs page by page, one job by id, the caller's fit score for a job, and the
//! job-alert subscription of the "No More Jobs Available Right Now" dialog.

pub mod cards;
pub mod cursor;
pub mod ranked;
pub mod rejections;
pub mod routes;
pub mod search;
pub mod store;

use serde::Serialize;

use jobtap_core::card::{CardFields, CardText, card_text};
use jobtap_core::company::EmployerChecks;
use jobtap_core::score::{self, CandidateProfile, FitScore, JobRequirements};

use crate::jobs::store::LiveJob;

/// The answer for a job that does not exist, is inactive or has expired (spec §8).
pub const MSG_JOB_GONE: &str = "Job not found or no longer available";

/// A job as the feed and the job view show it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct JobView {
    pub id: String,
    pub job_title: String,
    pub company_name: String,
    /// `None` when the job has no logo (the card shows a role icon).
    pub company_logo: Option<String>,
    pub linkedin_url: Option<String>,
    pub location: String,
    pub job_type: String,
    pub salary_min: Option<f64>,
    pub salary_max: Option<f64>,
    pub experience_years: Option<i64>,
    pub job_description: String,
    pub requirements: Vec<String>,
    pub benefits: Vec<String>,
    pub skills: Vec<String>,
    /// Epoch milliseconds.
    pub posted_at: i64,
    /// Epoch milliseconds; `None` never expires.
    pub expires_at: Option<i64>,
    pub is_active: bool,
    pub employer_id: Option<String>,
    pub degree_class: Option<String>,
    pub minimum_score_threshold: f64,
    pub qualifications: Option<String>,
    pub experience_level: Option<String>,
    pub industry: Option<String>,
    pub application_email: Option<String>,
    /// Where "Apply via Email" sends to: see [`employer_email`].
    pub employer_email: Option<String>,
    /// The card's lines, formatted by the core, so the browser can paint a card before its
    /// own copy of the core has loaded.
    #[schema(value_type = crate::http::core_schemas::CardTextSchema)]
    pub card: CardText,
    /// What JobTap checked about the job's employer ("Address confirmed", "Domain confirmed").
    #[schema(value_type = crate::http::core_schemas::EmployerChecksSchema)]
    pub employer_checks: EmployerChecks,
    /// Whether the caller already applied to this job. Last: see [`cards`].
    pub applied: bool,
}

impl From<LiveJob> for JobView {
    fn from(live: LiveJob) -> Self {
        let job = live.fields;
        let employer_email = employer_email(
            job.linkedin_url.as_deref(),
            job.application_email.as_deref(),
        );
        let employer_checks = live.owner.checks();
        let card = card_text(CardFields {
            job_title: &job.job_title,
            salary_min: job.salary_min,
            salary_max: job.salary_max,
            posted_at_ms: job.posted_at,
            description: &job.job_description,
            requirements: &job.requirements,
            benefits: &job.benefits,
        });
        Self {
            id: job.id,
            job_title: job.job_title,
            company_name: job.company_name,
            company_logo: Some(job.company_logo).filter(|l| !l.trim().is_empty()),
            linkedin_url: job.linkedin_url.filter(|u| !u.trim().is_empty()),
            location: job.location,
            job_type: job.job_type,
            salary_min: job.salary_min,
            salary_max: job.salary_max,
            experience_years: job.experience_years,
            job_description: job.job_description,
            requirements: job.requirements,
            benefits: job.benefits,
            skills: job.skills,
            posted_at: job.posted_at,
            expires_at: job.expires_at,
            is_active: job.is_active,
            employer_id: job.employer_id,
            degree_class: job.degree_class,
            minimum_score_threshold: job.minimum_score_threshold,
            qualifications: job.qualifications,
            experience_level: job.experience_level,
            industry: job.industry,
            application_email: job.application_email.filter(|e| !e.trim().is_empty()),
            employer_email,
            card,
            employer_checks,
            applied: live.applied,
        }
    }
}

/// The employer's e-mail for "Apply via Email": the `linkedin_url` when it holds
/// an "@" (spec §4; a leading `mailto:` dropped), else the application e-mail.
pub fn employer_email(
    linkedin_url: Option<&str>,
    application_email: Option<&str>,
) -> Option<String> {
    let from_link = linkedin_url
        .map(str::trim)
        .filter(|u| u.contains('@'))
        .map(|u| {
            u.get(..7)
                .filter(|p| p.eq_ignore_ascii_case("mailto:"))
                .map_or(u, |_| &u[7..])
                .trim()
        });
    from_link
        .or_else(|| application_email.map(str::trim))
        .filter(|e| !e.is_empty())
        .map(str::to_string)
}

/// What the fit score reads from a job.
pub fn requirements_of(live: &LiveJob) -> JobRequirements {
    live.fields.requirements()
}

/// The fit of `candidate` for `job`, with the core's rules.
pub fn fit(candidate: &CandidateProfile, job: &LiveJob) -> FitScore {
    score::score(candidate, &requirements_of(job))
}

#[cfg(test)]
mod tests {
    use super::employer_email;

    #[test]
    fn employer_email_prefers_an_address_in_the_linkedin_field() {
        assert_eq!(
            employer_email(Some(" jobs@acme.co "), Some("hr@acme.co")).as_deref(),
            Some("jobs@acme.co")
        );
        assert_eq!(
            employer_email(Some("MAILTO:jobs@acme.co"), None).as_deref(),
            Some("jobs@acme.co")
        );
        assert_eq!(
            employer_email(Some("https://linkedin.com/jobs/1"), Some("hr@acme.co")).as_deref(),
            Some("hr@acme.co")
        );
        assert_eq!(
            employer_email(Some("https://linkedin.com/jobs/1"), Some("  ")),
            None
        );
        assert_eq!(employer_email(None, None), None);
    }
}

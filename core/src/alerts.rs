//! Job alerts: who gets which new jobs by e-mail, and how often.
//!
//! A subscription starts unconfirmed; its confirmation link works for
//! [`CONFIRM_LINK_MS`], and one address gets at most one confirmation per
//! [`CONFIRMATION_EVERY_MS`]. A confirmed subscription gets a digest of new live jobs at
//! most once per [`DIGEST_EVERY_MS`], each job at most once, at most [`DIGEST_MAX_JOBS`]
//! jobs a message. The server's queries apply these spans to many rows at once.

use crate::score::{CandidateProfile, JobRequirements, score};

const HOUR_MS: i64 = 60 * 60 * 1000;
const DAY_MS: i64 = 24 * HOUR_MS;

/// The subscribe dialog's message for an empty address (spec §5).
pub const MSG_EMAIL_REQUIRED: &str = "Please enter your email";

/// How long a confirmation link works.
pub const CONFIRM_LINK_MS: i64 = 7 * DAY_MS;
/// Confirmation links in days, as the e-mail says it.
pub const CONFIRM_LINK_DAYS: i64 = CONFIRM_LINK_MS / DAY_MS;
/// At most one confirmation e-mail per address in this time.
pub const CONFIRMATION_EVERY_MS: i64 = HOUR_MS;
/// At most one digest per subscription in this time.
pub const DIGEST_EVERY_MS: i64 = DAY_MS;
/// The most jobs one digest lists; more wait in the feed.
pub const DIGEST_MAX_JOBS: usize = 10;

/// Whether a new job belongs in a subscriber's digest: with a profile the fit score decides
/// (the job's own threshold, as for applying); without one, every new job does.
pub fn fits(profile: Option<&CandidateProfile>, job: &JobRequirements) -> bool {
    match profile {
        Some(profile) if !profile.is_blank() => score(profile, job).meets_threshold,
        _ => true,
    }
}

/// Whether a confirmation link sent at `sent_at` still works at `now`.
pub fn confirm_link_live(sent_at: i64, now: i64) -> bool {
    now - sent_at < CONFIRM_LINK_MS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn developer() -> CandidateProfile {
        CandidateProfile {
            degree_class: Some("First Class".into()),
            degree_field: Some("Computer Science".into()),
            skills: vec!["Rust".into(), "TypeScript".into(), "SQL".into()],
            experience_years: Some(5),
            ..CandidateProfile::default()
        }
    }

    fn job(title: &str, skills: &[&str], threshold: f64) -> JobRequirements {
        JobRequirements {
            title: Some(title.into()),
            skills: skills.iter().map(|s| (*s).to_string()).collect(),
            minimum_score_threshold: Some(threshold),
            required_degree_classes: vec!["Computer Science".into()],
            experience_years: Some(3),
            ..JobRequirements::default()
        }
    }

    #[test]
    fn a_profile_gets_the_jobs_it_fits_and_no_profile_gets_all() {
        let backend = job("Backend Engineer", &["Rust", "SQL"], 60.0);
        let nurse = JobRequirements {
            required_degree_classes: vec!["Nursing".into()],
            ..job("Registered Nurse", &["Patient care", "Triage"], 60.0)
        };
        assert!(fits(Some(&developer()), &backend));
        assert!(!fits(Some(&developer()), &nurse));
        assert!(fits(None, &nurse));
        assert!(fits(Some(&CandidateProfile::default()), &nurse));
    }

    #[test]
    fn a_confirmation_link_works_for_seven_days() {
        assert!(confirm_link_live(0, CONFIRM_LINK_MS - 1));
        assert!(!confirm_link_live(0, CONFIRM_LINK_MS));
        assert_eq!(CONFIRM_LINK_DAYS, 7);
    }
}

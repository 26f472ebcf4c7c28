//! JobTap's domain: every rule the browser and the server must agree on.
//!
//! Pure Rust with no I/O and no clock: time and randomness come in as parameters,
//! so each rule is testable and runs the same natively and in WebAssembly.

pub mod alerts;
pub mod applicant_search;
pub mod application_status;
pub mod card;
pub mod catalogue;
pub mod chat;
pub mod company;
pub mod company_log;
pub mod cover_letter;
pub mod csv_export;
pub mod csv_import;
pub mod data_export;
pub mod decision_template;
pub mod email_confirmation;
pub mod files;
pub mod format;
pub mod gesture;
pub mod import_template;
pub mod interview;
pub mod interview_invite;
pub mod job_assist;
pub mod job_dedupe;
pub mod job_limits;
pub mod job_listing;
pub mod job_post;
pub mod job_search;
pub mod job_stages;
pub mod job_type;
pub mod notifications;
pub mod onboarding;
pub mod password_reset;
pub mod passwords;
pub mod pipeline;
pub mod qr;
pub mod resume;
pub mod resume_pdf;
pub mod retention;
pub mod role_style;
pub mod sample_job;
pub mod score;
pub mod scorecard;
pub mod stage_funnel;
pub mod team;
pub mod text_decode;
#[cfg(feature = "typescript")]
pub mod typescript;
pub mod user_agent;
pub mod validate;
pub mod vocabulary;

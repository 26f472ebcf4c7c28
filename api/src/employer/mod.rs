//! The employer portal: own jobs, the applications to them, analytics, logos.
//! Every route checks the employer role on the server; anything that is not the
//! caller's own is a 404.

pub mod analytics;
pub mod application_routes;
pub mod applications;
pub mod bulk_routes;
pub mod candidates;
pub mod company;
pub mod decisions;
pub mod derived;
pub mod document_preview;
pub mod email_template_store;
pub mod email_templates;
pub mod export;
pub mod job_routes;
pub mod jobs;
pub mod logos;
pub mod overview_routes;
pub mod paging;
pub mod rejected;
pub mod rejected_routes;
pub mod retention;
pub mod routes;
pub mod stage_routes;
pub mod stages;

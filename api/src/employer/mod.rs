//! The employer portal: own jobs, the applications to them, analytics, logos.
//! Every route checks the employer role on the server; anything that is not the
//! caller's own is a 404.

pub mod analytics;
pub mod applications;
pub mod candidates;
pub mod derived;
pub mod export;
pub mod jobs;
pub mod logos;
pub mod retention;
pub mod routes;
pub mod stage_routes;
pub mod stages;

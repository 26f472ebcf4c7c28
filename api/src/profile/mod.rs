//! The candidate's profile, preferences and onboarding.

pub mod resume_facts;
pub mod routes;
pub mod store;

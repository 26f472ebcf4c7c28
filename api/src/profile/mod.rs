//! The candidate's profile, preferences and onboarding.

pub mod routes;
pub mod store;

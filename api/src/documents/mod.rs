//! The candidate's documents, the default resume, and revocable share links.

pub mod routes;
pub mod share;
pub mod store;

//! User accounts: the user row, the profile and the role, created together.

pub mod delete;
pub mod export;
pub mod export_document;
pub mod routes;
pub mod store;

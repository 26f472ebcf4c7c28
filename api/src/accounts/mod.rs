//! User accounts: the user row, the profile and the role, created together.

pub mod store;

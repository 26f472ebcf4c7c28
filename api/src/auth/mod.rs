//! Accounts and sessions.

pub mod password;

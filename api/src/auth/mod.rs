//! Accounts and sessions: sign-up, sign-in, token refresh, sign-out, new passwords, the list of
//! sessions, rate limits.

pub mod extract;
pub mod password;
pub mod rate_limit;
pub mod reset;
pub mod reset_routes;
pub mod routes;
pub mod session_routes;
pub mod sessions;
pub mod tokens;

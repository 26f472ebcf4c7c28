//! Accounts and sessions: sign-up, sign-in, token refresh, sign-out, new passwords, confirmed
//! e-mail addresses, the list of sessions, rate limits.

pub mod confirm;
pub mod confirm_routes;
pub mod extract;
pub mod member;
pub mod password;
pub mod rate_limit;
pub mod reauth;
pub mod reset;
pub mod reset_routes;
pub mod routes;
pub mod session_routes;
pub mod sessions;
pub mod tokens;

//! The service's own routes: whether it is up and ready, and the public settings the web app
//! reads before anyone signs in.

pub mod health;
pub mod settings;

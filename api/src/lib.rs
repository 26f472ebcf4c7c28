//! JobTap's API server as a library: `main.rs` only wires configuration and
//! logging, and the integration tests start the same [`startup::Application`].

pub mod accounts;
pub mod ai;
pub mod alerts;
pub mod applications;
pub mod audit;
pub mod auth;
pub mod backup;
#[cfg(feature = "bench-seed")]
pub mod bench_seed;
pub mod clock;
pub mod config;
pub mod db;
pub mod demo;
pub mod documents;
pub mod employer;
pub mod error;
pub mod feed;
pub mod http;
pub mod interviews;
pub mod job_import;
pub mod jobs;
pub mod listings;
pub mod mail;
pub mod meta;
pub mod notifications;
pub mod openapi;
pub mod priority;
pub mod profile;
pub mod resume_export;
pub mod routes;
pub mod startup;
pub mod state;
pub mod storage;
#[cfg_attr(not(feature = "test-hooks"), path = "test_pause_off.rs")]
pub mod test_pause;
pub mod tls;
pub mod uploads;

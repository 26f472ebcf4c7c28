//! Fault tests against the real `jobtap` binary, started as a child process on loopback:
//! SIGKILL mid-upload and mid-import, a PostgreSQL outage under traffic, and 32 concurrent
//! writers on SQLite. Each test is bounded (a few rounds, deadlines on every wait).
//!
//! The PostgreSQL variants use a fresh database on `JOBTAP_TEST_POSTGRES_URL` (default
//! `postgres://postgres@127.0.0.1:5432`); the outage test runs a private cluster of its own.

#![cfg(unix)]

mod harness;
#[path = "../support/mod.rs"]
mod support;

mod cancelled_begin;
mod kill_import;
mod kill_mail;
mod kill_upload;
mod pg_outage;
mod private_pg;
mod sqlite_writers;

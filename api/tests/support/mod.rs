//! Set-up shared by the integration test crates: a test crate at `tests/<name>.rs` takes it
//! with `mod support;`, one in a folder (`tests/<name>/main.rs`) with
//! `#[path = "../support/mod.rs"] mod support;`.

#![allow(dead_code, reason = "each test binary uses part of this module")]

use jobtap_api::storage::Storage;

pub mod moto;
pub mod postgres;
pub mod smtp;

/// A free loopback port (whoever needs it binds it a moment later).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// Every file's path in `store`, sorted.
pub async fn stored_paths(store: &dyn Storage) -> Vec<String> {
    let mut paths: Vec<String> = store
        .list()
        .await
        .expect("list stored files")
        .into_iter()
        .map(|(path, _)| path)
        .collect();
    paths.sort();
    paths
}

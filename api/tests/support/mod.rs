//! Set-up shared by the integration test crates: a test crate at `tests/<name>.rs` takes it
//! with `mod support;`, one in a folder (`tests/<name>/main.rs`) with
//! `#[path = "../support/mod.rs"] mod support;`.

#![allow(dead_code, reason = "each test binary uses part of this module")]

use jobtap_api::storage::Storage;

pub mod moto;
pub mod postgres;
pub mod smtp;

/// An HTTP client builder for the tests' requests, with the server's TLS set-up (reqwest has none
/// of its own).
pub fn http_client_builder() -> reqwest::ClientBuilder {
    jobtap_api::tls::http_client_builder()
}

/// An HTTP client with reqwest's defaults.
pub fn http_client() -> reqwest::Client {
    http_client_builder().build().expect("an HTTP client")
}

/// A free loopback port for a server started a moment later. It is chosen below the system's
/// ephemeral range (`ip_local_port_range`): the ports of outgoing connections and of `:0`
/// binds come from that range, so one released there can be taken by another test's
/// connection before the server binds it, and the server then fails to start.
pub fn free_port() -> u16 {
    let ephemeral = std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range")
        .ok()
        .and_then(|range| range.split_whitespace().next()?.parse::<u16>().ok())
        .unwrap_or(32_768);
    let low = 10_000.min(ephemeral / 2);
    loop {
        let spread = u128::from(ephemeral - low);
        let port = low + u16::try_from(uuid::Uuid::new_v4().as_u128() % spread).unwrap();
        if std::net::TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
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

/// Runs `script` (in `tests/support/`) with the test venv's Python on `bytes`, written to a
/// temporary file named `file_name`, then `args`; its standard output parsed as JSON.
pub fn python_reads(
    script: &str,
    bytes: &[u8],
    file_name: &str,
    args: &[&str],
) -> serde_json::Value {
    const PYTHON: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../.venv/bin/python");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(file_name);
    std::fs::write(&path, bytes).unwrap();
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/support")
        .join(script);
    let out = std::process::Command::new(PYTHON)
        .arg(script)
        .arg(&path)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{PYTHON}: {e}; run `bash scripts/setup.sh test`"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

//! The `jobtap` binary itself: it serves, and a SIGTERM shuts it down cleanly.

#![cfg(unix)]

mod support;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::free_port;

#[test]
fn serve_answers_health_and_exits_cleanly_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_jobtap"))
        .arg("serve")
        .env("JOBTAP_ADDR", format!("127.0.0.1:{port}"))
        .env("JOBTAP_DATA_DIR", dir.path())
        .env("JOBTAP_WEB_DIR", dir.path())
        .env("JOBTAP_DEMO", "1")
        .env_remove("DATABASE_URL")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start jobtap");

    // Poll until the server answers (bounded), then check what it says.
    let deadline = Instant::now() + Duration::from_secs(30);
    let body = loop {
        if let Ok(body) = get(port, "/api/v1/health") {
            break body;
        }
        assert!(Instant::now() < deadline, "the server did not come up");
        assert!(
            child.try_wait().unwrap().is_none(),
            "the server exited early"
        );
        std::thread::park_timeout(Duration::from_millis(100));
    };
    assert!(body.contains(r#""kind":"sqlite""#), "{body}");
    assert!(
        dir.path().join("jobtap.db").exists(),
        "SQLite file in the data folder"
    );

    let status = Command::new("kill")
        .arg("-TERM")
        .arg(child.id().to_string())
        .status()
        .unwrap();
    assert!(status.success());
    let deadline = Instant::now() + Duration::from_secs(15);
    let exit = loop {
        if let Some(exit) = child.try_wait().unwrap() {
            break exit;
        }
        assert!(Instant::now() < deadline, "no shutdown after SIGTERM");
        std::thread::park_timeout(Duration::from_millis(50));
    };
    assert!(exit.success(), "clean exit, got {exit:?}");
}

/// A minimal HTTP/1.1 GET, to keep this test free of an async runtime.
fn get(port: u16, path: &str) -> std::io::Result<String> {
    use std::io::{Read as _, Write as _};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )?;
    let mut response = String::new();
    stream.read_to_string(&mut response)?;
    if response.starts_with("HTTP/1.1 200") {
        Ok(response)
    } else {
        Err(std::io::Error::other(response))
    }
}

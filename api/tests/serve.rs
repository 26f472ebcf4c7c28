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

/// SIGTERM while an upload is still arriving: the instance stops accepting connections at
/// once, finishes the upload (its row and its file exist), then exits cleanly.
#[tokio::test]
async fn sigterm_mid_upload_finishes_the_upload_then_exits_on_sqlite() {
    sigterm_mid_upload(None).await;
}

/// [`sigterm_mid_upload_finishes_the_upload_then_exits_on_sqlite`] on PostgreSQL.
#[tokio::test]
async fn sigterm_mid_upload_finishes_the_upload_then_exits_on_postgres() {
    let url = support::postgres::fresh_database(&support::postgres::base()).await;
    sigterm_mid_upload(Some(url)).await;
}

async fn sigterm_mid_upload(database_url: Option<String>) {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut child = serving(dir.path(), port, database_url.as_deref()).await;
    let token = candidate_token(port, "upload@example.com").await;

    // The upload's first half, chunked, so the request is in flight when the signal comes.
    let boundary = "sigterm-boundary";
    let pdf = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"document_type\"\r\n\r\ncertificate\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cert.pdf\"\r\n\
         Content-Type: application/pdf\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(pdf);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let (first, rest) = body.split_at(body.len() / 2);
    let chunk =
        |bytes: &[u8]| [format!("{:x}\r\n", bytes.len()).as_bytes(), bytes, b"\r\n"].concat();
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    // `Expect: 100-continue`: the server says "continue" once the handler reads the body, so
    // the signal below comes while the request is surely in flight, not still queued.
    let head = format!(
        "POST /api/v1/documents HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: multipart/form-data; boundary={boundary}\r\nTransfer-Encoding: chunked\r\n\
         Expect: 100-continue\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut interim = [0; 25];
    tokio::time::timeout(Duration::from_secs(10), stream.read_exact(&mut interim))
        .await
        .expect("100 Continue")
        .unwrap();
    assert_eq!(&interim, b"HTTP/1.1 100 Continue\r\n\r\n");
    stream.write_all(&chunk(first)).await.unwrap();
    stream.flush().await.unwrap();

    let status = Command::new("kill")
        .arg("-TERM")
        .arg(child.id().to_string())
        .status()
        .unwrap();
    assert!(status.success());
    // New connections are refused while the upload is still open.
    let deadline = Instant::now() + Duration::from_secs(10);
    while tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .is_ok()
    {
        assert!(
            Instant::now() < deadline,
            "still accepting connections after SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        child.try_wait().unwrap().is_none(),
        "exited with an upload in flight"
    );

    stream.write_all(&chunk(rest)).await.unwrap();
    stream.write_all(b"0\r\n\r\n").await.unwrap();
    let mut answer = String::new();
    tokio::time::timeout(Duration::from_secs(15), stream.read_to_string(&mut answer))
        .await
        .expect("an answer to the upload")
        .unwrap();
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");

    let deadline = Instant::now() + Duration::from_secs(15);
    let exit = loop {
        if let Some(exit) = child.try_wait().unwrap() {
            break exit;
        }
        assert!(
            Instant::now() < deadline,
            "no exit after the upload finished"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(exit.success(), "clean exit, got {exit:?}");

    assert_eq!(
        stored_upload(dir.path(), database_url.as_deref()).await,
        pdf
    );
}

/// The bytes of the one document stored: its row in the database (`database_url`, else the
/// SQLite file under `data_dir`), its file under `data_dir`.
async fn stored_upload(data_dir: &std::path::Path, database_url: Option<&str>) -> Vec<u8> {
    use sqlx::Connection as _;
    const QUERY: &str = "SELECT file_path FROM user_documents";
    let path: String = if let Some(url) = database_url {
        let mut db = sqlx::PgConnection::connect(url).await.unwrap();
        sqlx::query_scalar(QUERY).fetch_one(&mut db).await
    } else {
        let url = format!("sqlite://{}", data_dir.join("jobtap.db").display());
        let mut db = sqlx::SqliteConnection::connect(&url).await.unwrap();
        sqlx::query_scalar(QUERY).fetch_one(&mut db).await
    }
    .expect("the upload's row");
    std::fs::read(data_dir.join("files").join(&path)).expect("the upload's file")
}

/// `jobtap serve` on SQLite in `data_dir`, once it answers.
async fn serving_sqlite(data_dir: &std::path::Path, port: u16) -> std::process::Child {
    serving(data_dir, port, None).await
}

/// `jobtap serve` with its data in `data_dir` and its database at `database_url` (else
/// SQLite in `data_dir`), once it answers.
async fn serving(
    data_dir: &std::path::Path,
    port: u16,
    database_url: Option<&str>,
) -> std::process::Child {
    let mut command = Command::new(env!("CARGO_BIN_EXE_jobtap"));
    command
        .arg("serve")
        .env("JOBTAP_ADDR", format!("127.0.0.1:{port}"))
        .env("JOBTAP_DATA_DIR", data_dir)
        .env("JOBTAP_WEB_DIR", data_dir)
        .env("JOBTAP_DEMO", "0")
        .env_remove("DATABASE_URL")
        .env_remove("JOBTAP_STORAGE_URL")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if let Some(url) = database_url {
        command.env("DATABASE_URL", url);
    }
    let mut child = command.spawn().expect("start jobtap");
    let deadline = Instant::now() + Duration::from_secs(30);
    while get(port, "/api/v1/health").is_err() {
        assert!(Instant::now() < deadline, "the server did not come up");
        assert!(
            child.try_wait().unwrap().is_none(),
            "the server exited early"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    child
}

/// A new candidate's access token.
async fn candidate_token(port: u16, email: &str) -> String {
    let session: serde_json::Value = support::http_client()
        .post(format!("http://127.0.0.1:{port}/api/v1/auth/signup"))
        .json(&serde_json::json!({
            "email": email, "password": "sadza-nyama-2024", "full_name": "Tendai Moyo"
        }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    session["access_token"].as_str().unwrap().to_string()
}

/// A small PDF that differs for each `n`.
fn numbered_pdf(n: usize) -> Vec<u8> {
    format!("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n% copy {n}\n%%EOF\n")
        .into_bytes()
}

/// Uploads `doc-{n}.pdf` as a certificate; whether the server took it.
async fn upload_numbered(client: &reqwest::Client, port: u16, token: &str, n: usize) -> bool {
    let form = reqwest::multipart::Form::new()
        .text("document_type", "certificate")
        .part(
            "file",
            reqwest::multipart::Part::bytes(numbered_pdf(n))
                .file_name(format!("doc-{n}.pdf"))
                .mime_str("application/pdf")
                .unwrap(),
        );
    client
        .post(format!("http://127.0.0.1:{port}/api/v1/documents"))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .is_ok_and(|r| r.status() == 201)
}

/// Runs `jobtap COMMAND DIR` on the SQLite data folder `data_dir`: whether it succeeded, and
/// what it printed (stdout, then stderr).
async fn admin(command: &str, dir: &std::path::Path, data_dir: &std::path::Path) -> (bool, String) {
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_jobtap"))
        .arg(command)
        .arg(dir)
        .env("JOBTAP_DATA_DIR", data_dir)
        .env_remove("DATABASE_URL")
        .env_remove("JOBTAP_STORAGE_URL")
        .output()
        .await
        .unwrap();
    let said = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.success(), said)
}

/// `jobtap backup` while uploads keep arriving, then `jobtap restore` into a new folder: every
/// upload answered before the backup began is there, every restored row has its file, and the
/// restored server serves them (the same access token works: the key came back too).
#[tokio::test]
async fn a_backup_taken_while_serving_restores_every_committed_row_with_its_file() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    let dir = tempfile::tempdir().unwrap();
    let (live, backup, restored) = (
        dir.path().join("live"),
        dir.path().join("backup"),
        dir.path().join("restored"),
    );
    std::fs::create_dir_all(&live).unwrap();
    let port = free_port();
    let mut server = serving_sqlite(&live, port).await;
    let token = candidate_token(port, "backup@example.com").await;
    let client = support::http_client();
    for n in 0..5 {
        assert!(upload_numbered(&client, port, &token, n).await);
    }

    // Uploads keep arriving while the backup runs.
    let stop = Arc::new(AtomicBool::new(false));
    let stream = tokio::spawn({
        let (stop, client, token) = (stop.clone(), client.clone(), token.clone());
        async move {
            let (mut n, mut stored) = (5, 0);
            while !stop.load(Ordering::SeqCst) {
                if upload_numbered(&client, port, &token, n).await {
                    stored += 1;
                }
                n += 1;
            }
            stored
        }
    });
    let (ok, said) = admin("backup", &backup, &live).await;
    stop.store(true, Ordering::SeqCst);
    let during = stream.await.unwrap();
    assert!(ok && said.starts_with("Backed up "), "{said}");
    assert!(during > 0, "uploads were stored while the backup ran");
    let _ = Command::new("kill")
        .arg("-TERM")
        .arg(server.id().to_string())
        .status();
    let _ = server.wait();

    let (ok, said) = admin("restore", &backup, &restored).await;
    assert!(ok, "{said}");
    let (ok, said) = admin("restore", &backup, &restored).await;
    assert!(
        !ok && said.contains("restore only into an empty data folder"),
        "{said}"
    );
    let (ok, said) = admin("backup", &backup, &live).await;
    assert!(!ok && said.contains("is not empty"), "{said}");
    let port = free_port();
    let mut server = serving_sqlite(&restored, port).await;
    let list: serde_json::Value = client
        .get(format!("http://127.0.0.1:{port}/api/v1/documents"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let documents = list["documents"].as_array().unwrap();
    let names: Vec<&str> = documents
        .iter()
        .map(|d| d["file_name"].as_str().unwrap())
        .collect();
    for n in 0..5 {
        assert!(
            names.contains(&format!("doc-{n}.pdf").as_str()),
            "doc-{n}.pdf in {names:?}"
        );
    }
    for document in documents {
        let name = document["file_name"].as_str().unwrap();
        let n: usize = name
            .trim_start_matches("doc-")
            .trim_end_matches(".pdf")
            .parse()
            .unwrap();
        let id = document["id"].as_str().unwrap();
        let download = client
            .get(format!(
                "http://127.0.0.1:{port}/api/v1/documents/{id}/download"
            ))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert_eq!(download.status(), 200, "{name}");
        assert_eq!(
            download.bytes().await.unwrap().as_ref(),
            numbered_pdf(n),
            "{name}"
        );
    }
    let _ = server.kill();
    let _ = server.wait();
}

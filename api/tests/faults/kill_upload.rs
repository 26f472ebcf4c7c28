//! SIGKILL in the middle of document uploads: after a restart every file row has its file
//! and every stored file has its row.

use std::collections::BTreeSet;

use jobtap_api::on_db;
use reqwest::multipart::{Form, Part};
use serde_json::Value;
use tokio::io::AsyncWriteExt as _;
use tokio::net::TcpStream;

use crate::harness::{Engine, Server, Target, files_under, pdf};

const EMAIL: &str = "kill-upload@example.com";
/// Big enough that a cut body is clearly mid-stream; under the 10 MB resume limit.
const FILE_BYTES: usize = 3 * 1024 * 1024;
const BOUNDARY: &str = "faults-boundary-7MA4YWxkTrZu0gW";
/// Bounded: each round is one kill and one restart.
const ROUNDS: usize = 4;

#[tokio::test]
async fn sqlite_kill_mid_upload_leaves_no_row_without_file_and_no_file_without_row() {
    kill_mid_upload(Engine::Sqlite).await;
}

#[tokio::test]
async fn postgres_kill_mid_upload_leaves_no_row_without_file_and_no_file_without_row() {
    kill_mid_upload(Engine::Postgres).await;
}

async fn kill_mid_upload(engine: Engine) {
    let target = Target::new(engine).await;
    let file = pdf(FILE_BYTES);
    let mut kept: Vec<String> = Vec::new();
    let mut removed_orphans = 0;
    target.start(&[]).await.sign_up(EMAIL, false).await;

    for round in 0..ROUNDS {
        // Odd rounds pause between the file write and its row insert, so the kill lands in
        // exactly the window that leaves an orphan file; even rounds kill with finished
        // uploads behind and unfinished bodies in flight.
        let paused = round % 2 == 1;
        let env: &[(&str, &str)] = if paused {
            &[("JOBTAP_TEST_PAUSE_AT", "after_store")]
        } else {
            &[]
        };
        let mut server = target.start(env).await;
        let (_, token) = server.sign_in(EMAIL).await;
        if !paused {
            for n in 0..2 {
                kept.push(upload(&server, &token, &file, &format!("done-{round}-{n}.pdf")).await);
            }
        }
        // Bodies cut at different points of the file part, left open when the kill comes.
        let mut open = Vec::new();
        for cut in 1..=3 {
            let fraction = (round + cut) as f64 / (ROUNDS + 4) as f64;
            open.push(partial_upload(&server, &token, &file, fraction).await);
        }
        let orphan = if paused {
            let base = server.url("/api/v1/documents");
            let client = server.client.clone();
            let (token, bytes) = (token.clone(), file.clone());
            let request = tokio::spawn(async move {
                client
                    .post(base)
                    .bearer_auth(token)
                    .multipart(form(bytes, "paused.pdf"))
                    .send()
                    .await
            });
            let path = server.wait_for_pause("after_store").await;
            assert!(
                target.files_dir().join(&path).is_file(),
                "paused after the file was stored: {path}"
            );
            assert!(!has_row(&target, &path).await, "and before its row");
            Some((path, request))
        } else {
            None
        };

        server.kill9().await;
        drop(open);
        let server = target.start(&[]).await;
        if let Some((path, request)) = orphan {
            assert!(
                request.await.unwrap().is_err(),
                "the paused upload never got an answer"
            );
            assert!(
                !target.files_dir().join(&path).exists(),
                "the start-up clean-up removed the orphan {path}"
            );
            removed_orphans += 1;
        }
        assert_consistent(&target).await;
        let (_, token) = server.sign_in(EMAIL).await;
        assert_listed(&server, &token, &kept, file.len()).await;
        server.kill9().await;
    }
    assert_eq!(
        kept.len(),
        2 * ROUNDS.div_ceil(2),
        "finished uploads survived every kill"
    );
    assert_eq!(removed_orphans, ROUNDS / 2);
}

fn form(bytes: Vec<u8>, name: &str) -> Form {
    Form::new().text("document_type", "resume").part(
        "file",
        Part::bytes(bytes)
            .file_name(name.to_string())
            .mime_str("application/pdf")
            .unwrap(),
    )
}

async fn upload(server: &Server, token: &str, file: &[u8], name: &str) -> String {
    let response = server
        .client
        .post(server.url("/api/v1/documents"))
        .bearer_auth(token)
        .multipart(form(file.to_vec(), name))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201, "upload {name}");
    let body: Value = response.json().await.unwrap();
    body["document"]["id"].as_str().unwrap().to_string()
}

/// Sends the headers and the first `fraction` of a multipart upload, then stops writing.
async fn partial_upload(server: &Server, token: &str, file: &[u8], fraction: f64) -> TcpStream {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"document_type\"\r\n\r\nresume\r\n\
         --{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cut.pdf\"\r\n\
         Content-Type: application/pdf\r\n\r\n"
    )
    .into_bytes();
    let head = body.len();
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    let request = format!(
        "POST /api/v1/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: multipart/form-data; boundary={BOUNDARY}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let cut = head + (file.len() as f64 * fraction) as usize;
    let mut stream = TcpStream::connect(("127.0.0.1", server.port))
        .await
        .unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    stream.write_all(&body[..cut]).await.unwrap();
    stream.flush().await.unwrap();
    stream
}

async fn has_row(target: &Target, path: &str) -> bool {
    let db = target.db().await;
    let count: i64 = on_db!(&db, pool => {
        sqlx::query_scalar("SELECT COUNT(*) FROM stored_files WHERE path = $1")
            .bind(path)
            .fetch_one(pool)
            .await
            .unwrap()
    });
    db.close().await;
    count > 0
}

/// Every `stored_files` and `user_documents` row has its file; every file has its row;
/// no partial write is left in staging.
async fn assert_consistent(target: &Target) {
    let db = target.db().await;
    let (stored, documents): (Vec<String>, Vec<String>) = on_db!(&db, pool => {
        (
            sqlx::query_scalar("SELECT path FROM stored_files").fetch_all(pool).await.unwrap(),
            sqlx::query_scalar("SELECT file_path FROM user_documents").fetch_all(pool).await.unwrap(),
        )
    });
    db.close().await;
    let stored: BTreeSet<String> = stored.into_iter().collect();
    let files: BTreeSet<String> = files_under(&target.files_dir()).into_iter().collect();
    let staged: Vec<&String> = files
        .iter()
        .filter(|f| f.starts_with(".staging/"))
        .collect();
    assert!(staged.is_empty(), "partial writes left: {staged:?}");
    let without_file: Vec<&String> = stored.difference(&files).collect();
    assert!(
        without_file.is_empty(),
        "rows without a file: {without_file:?}"
    );
    let without_row: Vec<&String> = files.difference(&stored).collect();
    assert!(
        without_row.is_empty(),
        "files without a row: {without_row:?}"
    );
    for path in &documents {
        assert!(
            stored.contains(path),
            "a document without its file row: {path}"
        );
    }
}

/// The finished uploads are listed, and each downloads whole.
async fn assert_listed(server: &Server, token: &str, kept: &[String], size: usize) {
    let body: Value = server
        .client
        .get(server.url("/api/v1/documents"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let listed: BTreeSet<&str> = body["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["id"].as_str().unwrap())
        .collect();
    let wanted: BTreeSet<&str> = kept.iter().map(String::as_str).collect();
    assert_eq!(listed, wanted, "exactly the finished uploads are listed");
    for id in kept {
        let response = server
            .client
            .get(server.url(&format!("/api/v1/documents/{id}/download")))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(response.bytes().await.unwrap().len(), size);
    }
}

//! "Download my data": the archive is prepared in the background with its progress, read back
//! by Python's zipfile, its document checked against `docs/data-export.schema.json` by the
//! jsonschema package; it holds the user's data and files and nobody else's, is offered for a
//! day, and its file is then removed (the page still says it expired).

use std::time::Duration;

use serde_json::{Value, json};
use sha2::{Digest as _, Sha256};

use crate::accounts::busy_candidate;
use crate::documents::upload;
use crate::feed::{User, employer};
use crate::helpers::{TestApp, spawn_app};
use crate::profile::PDF;

const EXPORT: &str = "/api/v1/account/export";
const DOWNLOAD: &str = "/api/v1/account/export/download";
const SCHEMA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../docs/data-export.schema.json"
);

/// What Python reads from an archive: its entries in order, each file's SHA-256, the document,
/// and the schema's complaints about it.
struct Archive {
    entries: Vec<String>,
    sha256: Value,
    document: Value,
    errors: Vec<String>,
}

fn read(bytes: &[u8]) -> Archive {
    let read = crate::support::python_reads("read_data_export.py", bytes, "export.zip", &[SCHEMA]);
    Archive {
        entries: serde_json::from_value(read["entries"].clone()).unwrap(),
        sha256: read["sha256"].clone(),
        document: read["document"].clone(),
        errors: serde_json::from_value(read["errors"].clone()).unwrap(),
    }
}

fn sha256(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// Asks for the archive and follows its progress until it is ready; the percentages seen.
pub(crate) async fn prepare(app: &TestApp, token: &str) -> (Value, Vec<u64>) {
    let started = app.post_json_auth(EXPORT, token, &json!({})).await;
    assert_eq!(started.status(), 202);
    let mut status: Value = started.json().await.unwrap();
    let mut seen = vec![status["percent"].as_u64().unwrap()];
    // The preparation runs on the server's own task; its progress is read as the page reads it.
    for _ in 0..500 {
        if status["state"] != "preparing" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        let response = app.get_auth(EXPORT, token).await;
        assert_eq!(response.status(), 200);
        status = response.json().await.unwrap();
        seen.push(status["percent"].as_u64().unwrap());
    }
    assert_eq!(status["state"], "ready", "{status}");
    (status, seen)
}

async fn download(app: &TestApp, token: &str) -> reqwest::Response {
    app.get_auth(DOWNLOAD, token).await
}

/// The busy candidate of the account tests, with a second document named in another language
/// and the employer's feedback (and a private note) on their application; and another
/// candidate, whose data must stay out of the first one's archive.
async fn candidate_with_feedback(app: &TestApp) -> (User, String, User) {
    let boss = employer(app, "boss@example.com").await;
    let (user, application_id) = busy_candidate(app, &boss).await;
    // A second document, with a name from another language.
    assert_eq!(
        upload(app, &user.token, "certificate", PDF, "Zeugnis Müller.pdf")
            .await
            .status(),
        201
    );
    let feedback = app
        .client
        .put(app.url(&format!(
            "/api/v1/employer/applications/{application_id}/comment"
        )))
        .bearer_auth(&boss.token)
        .json(&json!({ "employer_comment": "Strong on ward rounds.", "private_note": "Call back in May." }))
        .send()
        .await
        .unwrap();
    assert_eq!(feedback.status(), 200);
    // Someone else's data, which must stay out of it.
    let other = crate::feed::applicant(app, "other@example.com").await;
    assert_eq!(
        upload(app, &other.token, "resume", PDF, "theirs.pdf")
            .await
            .status(),
        201
    );

    (user, application_id, other)
}

#[tokio::test]
async fn a_candidates_archive_holds_their_data_and_files_and_follows_its_schema() {
    let app = spawn_app().await;
    let (user, application_id, other) = candidate_with_feedback(&app).await;

    assert_eq!(app.get_auth(EXPORT, &user.token).await.status(), 404);
    assert_eq!(download(&app, &user.token).await.status(), 404);

    let (status, seen) = prepare(&app, &user.token).await;
    assert_eq!(status["percent"], 100);
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
    assert_eq!(status["total"], 3, "the document and two files: {status}");
    let until = status["available_until"].as_i64().unwrap();
    let now = app.clock_now();
    assert!(
        (until - now - jobtap_core::data_export::AVAILABLE_FOR_MS).abs() < 60_000,
        "{status}"
    );
    // Nobody else sees it.
    assert_eq!(app.get_auth(EXPORT, &other.token).await.status(), 404);
    assert_eq!(download(&app, &other.token).await.status(), 404);

    let response = download(&app, &user.token).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/zip");
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        disposition.contains(&jobtap_core::data_export::archive_name(now)),
        "{disposition}"
    );
    let bytes = response.bytes().await.unwrap();
    assert_eq!(status["size_bytes"].as_u64().unwrap(), bytes.len() as u64);
    let archive = read(&bytes);
    assert_eq!(
        archive.errors,
        Vec::<String>::new(),
        "the document follows its schema"
    );
    assert_eq!(
        archive.entries,
        // Documents newest first, as the documents page lists them.
        [
            "jobtap-data.json",
            "files/01-Zeugnis Müller.pdf",
            "files/02-cv.pdf"
        ]
    );
    assert_eq!(archive.sha256["files/02-cv.pdf"], sha256(PDF));
    assert_eq!(archive.sha256["files/01-Zeugnis Müller.pdf"], sha256(PDF));

    let doc = &archive.document;
    assert_eq!(
        doc["schema_version"],
        jobtap_core::data_export::SCHEMA_VERSION
    );
    assert_eq!(doc["account"]["email"], "leaver@example.com");
    assert_eq!(doc["account"]["roles"], json!(["candidate"]));
    let documents = doc["documents"].as_array().unwrap();
    assert_eq!(documents.len(), 2, "{doc}");
    let cv = documents
        .iter()
        .find(|d| d["file_name"] == "cv.pdf")
        .unwrap();
    assert_eq!(cv["file"], "files/02-cv.pdf");
    assert_eq!(cv["share_links"].as_array().unwrap().len(), 1, "{cv}");
    let application = &doc["applications"][0];
    assert_eq!(application["id"], application_id);
    assert!(!application["cover_letter"].as_str().unwrap().is_empty());
    assert_eq!(application["employer_comment"], "Strong on ward rounds.");
    assert_eq!(application["documents"][0]["file_name"], "cv.pdf");
    assert_eq!(doc["job_alerts"][0]["email"], "leaver@example.com");
    assert!(
        doc["audit_log"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["event"] == "share_link_created"),
        "{}",
        doc["audit_log"]
    );
    // What is not theirs, or not for them to see, stays out.
    let text = doc.to_string();
    for secret in [
        "Call back in May.",
        "theirs.pdf",
        "other@example.com",
        "password_hash",
        "$argon2",
    ] {
        assert!(!text.contains(secret), "{secret} is in the archive");
    }
}

#[tokio::test]
async fn a_ready_archive_expires_after_a_day_and_its_file_is_removed_once() {
    let app = spawn_app().await;
    let user = crate::feed::applicant(&app, "leaver@example.com").await;
    assert_eq!(
        upload(&app, &user.token, "resume", PDF, "cv.pdf")
            .await
            .status(),
        201
    );
    prepare(&app, &user.token).await;
    // A day later it is gone: expired at once, removed by the periodic task, row and file.
    app.clock
        .advance(jobtap_core::data_export::AVAILABLE_FOR_MS + 1);
    // Sessions end within the day: signed in again.
    let user = crate::feed::sign_in(&app, "leaver@example.com").await;
    let expired: Value = app
        .get_auth(EXPORT, &user.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(expired["state"], "expired", "{expired}");
    assert_eq!(expired["file_name"], Value::Null);
    assert_eq!(download(&app, &user.token).await.status(), 410);
    let files_before = app.stored_files().await;
    assert!(
        files_before.iter().any(|p| p.starts_with("exports/")),
        "{files_before:?}"
    );
    assert_eq!(
        jobtap_api::accounts::export::remove_expired(&app.state)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        jobtap_api::accounts::export::remove_expired(&app.state)
            .await
            .unwrap(),
        0,
        "removed once"
    );
    let files_after = app.stored_files().await;
    assert!(
        files_after.iter().all(|p| !p.starts_with("exports/")),
        "{files_after:?}"
    );
    assert_eq!(files_after.len(), files_before.len() - 1);
    // The page and the download still say it expired.
    let expired: Value = app
        .get_auth(EXPORT, &user.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(expired["state"], "expired", "{expired}");
    let gone = download(&app, &user.token).await;
    assert_eq!(gone.status(), 410);
    let body: Value = gone.json().await.unwrap();
    assert_eq!(
        body["error"]["message"],
        "This download has expired. Prepare your data again."
    );

    // And it can be prepared again.
    let (again, _) = prepare(&app, &user.token).await;
    assert_eq!(again["state"], "ready");
}

#[tokio::test]
async fn asking_again_while_preparing_starts_nothing_new_and_a_new_archive_replaces_the_last() {
    let app = spawn_app().await;
    let user: User = crate::feed::applicant(&app, "again@example.com").await;
    let (first, _) = prepare(&app, &user.token).await;
    let files = app.stored_files().await;
    let first_file: Vec<_> = files.iter().filter(|p| p.starts_with("exports/")).collect();
    assert_eq!(first_file.len(), 1);

    let (second, _) = prepare(&app, &user.token).await;
    assert!(second["started_at"].as_i64() >= first["started_at"].as_i64());
    let files = app.stored_files().await;
    let exports: Vec<_> = files.iter().filter(|p| p.starts_with("exports/")).collect();
    assert_eq!(
        exports.len(),
        1,
        "the last archive was replaced: {exports:?}"
    );
    assert_ne!(exports, first_file);

    // Two asks at once start one preparation.
    let empty = json!({});
    let (a, b) = tokio::join!(
        app.post_json_auth(EXPORT, &user.token, &empty),
        app.post_json_auth(EXPORT, &user.token, &empty),
    );
    let mut statuses = [a.status().as_u16(), b.status().as_u16()];
    statuses.sort_unstable();
    assert_eq!(
        statuses,
        [200, 202],
        "one started it, the other found it under way"
    );
    let a: Value = a.json().await.unwrap();
    let b: Value = b.json().await.unwrap();
    assert_eq!(a["started_at"], b["started_at"], "{a} {b}");
}

#[tokio::test]
async fn an_employers_archive_holds_their_jobs_and_no_candidates_data() {
    let app = spawn_app().await;
    let boss = employer(&app, "boss@example.com").await;
    let (_candidate, _) = busy_candidate(&app, &boss).await;
    prepare(&app, &boss.token).await;
    let archive = read(&download(&app, &boss.token).await.bytes().await.unwrap());
    assert_eq!(archive.errors, Vec::<String>::new());
    assert_eq!(archive.entries, ["jobtap-data.json"]);
    let doc = &archive.document;
    assert_eq!(doc["account"]["roles"], json!(["employer"]));
    assert_eq!(doc["jobs"][0]["id"], "nurse", "{doc}");
    assert_eq!(doc["applications"], json!([]));
    // Their "new applicant" notification named the applicant: left out, like the applicant.
    assert_eq!(doc["notifications"], json!([]), "{doc}");
    for theirs in ["leaver@example.com", "Tendai Moyo"] {
        assert!(!doc.to_string().contains(theirs), "{theirs}");
    }
}

#[tokio::test]
async fn the_archive_does_not_count_against_the_storage_quota() {
    let app = crate::helpers::spawn_app_with_quota_mb(1).await;
    let user = crate::feed::applicant(&app, "quota@example.com").await;
    let file = crate::documents::pdf_of(400 * 1024);
    assert_eq!(
        upload(&app, &user.token, "certificate", &file, "one.pdf")
            .await
            .status(),
        201
    );
    let (ready, _) = prepare(&app, &user.token).await;
    assert!(
        ready["size_bytes"].as_u64().unwrap() > 400 * 1024,
        "{ready}"
    );
    // 0.4 MB kept and a 0.4 MB archive: a second 0.4 MB file still fits the 1 MB.
    assert_eq!(
        upload(&app, &user.token, "certificate", &file, "two.pdf")
            .await
            .status(),
        201
    );
}

#[tokio::test]
async fn five_archives_an_hour() {
    let app = spawn_app().await;
    crate::feed::applicant(&app, "often@example.com").await;
    // At the start of a window (they are whole hours), so the run cannot straddle two.
    let window = jobtap_core::data_export::ASK_WINDOW_MS;
    app.clock
        .advance(window - app.clock_now().rem_euclid(window) + 1_000);
    let user = crate::feed::sign_in(&app, "often@example.com").await;
    for _ in 0..jobtap_core::data_export::ASKS_PER_WINDOW {
        prepare(&app, &user.token).await;
    }
    let refused = app.post_json_auth(EXPORT, &user.token, &json!({})).await;
    assert_eq!(refused.status(), 429);
    assert!(refused.headers().contains_key("retry-after"));
    // The last archive is still there to download.
    assert_eq!(download(&app, &user.token).await.status(), 200);
    app.clock.advance(jobtap_core::data_export::ASK_WINDOW_MS);
    let user = crate::feed::sign_in(&app, "often@example.com").await;
    prepare(&app, &user.token).await;
}

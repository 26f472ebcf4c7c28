use reqwest::multipart::Form;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};
use crate::profile::{PDF, PNG, candidate, file};

/// POST /api/v1/documents with one file as `doc_type`.
pub async fn upload(
    app: &TestApp,
    token: &str,
    doc_type: &str,
    bytes: &[u8],
    name: &str,
) -> reqwest::Response {
    let form = Form::new()
        .text("document_type", doc_type.to_string())
        .part("file", file(bytes, name));
    app.client
        .post(app.url("/api/v1/documents"))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap()
}

async fn upload_ok(app: &TestApp, token: &str, doc_type: &str, name: &str) -> String {
    let response = upload(app, token, doc_type, PDF, name).await;
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    body["document"]["id"].as_str().unwrap().to_string()
}

async fn list(app: &TestApp, token: &str) -> Vec<Value> {
    let body: Value = app
        .get_auth("/api/v1/documents", token)
        .await
        .json()
        .await
        .unwrap();
    body["documents"].as_array().unwrap().clone()
}

#[tokio::test]
async fn upload_list_download_and_delete_a_document() {
    let app = spawn_app().await;
    let token = candidate(&app, "docs@example.com").await;
    let first = upload_ok(&app, &token, "resume", "first.pdf").await;
    app.clock.advance(1000);
    let cert = upload(&app, &token, "certificate", PNG, "award.png").await;
    assert_eq!(cert.status(), 201);
    let docs = list(&app, &token).await;
    assert_eq!(docs.len(), 2);
    assert_eq!(docs[0]["file_name"], "award.png", "newest first");
    assert_eq!(docs[1]["file_size"], PDF.len());
    assert!(
        docs[0].get("file_path").is_none(),
        "storage paths stay private"
    );

    let download = app
        .get_auth(&format!("/api/v1/documents/{first}/download"), &token)
        .await;
    assert_eq!(download.status(), 200);
    assert_eq!(
        download.headers()["content-disposition"],
        "attachment; filename=\"first.pdf\"; filename*=UTF-8''first.pdf"
    );
    assert_eq!(download.headers()["x-content-type-options"], "nosniff");
    assert_eq!(&download.bytes().await.unwrap()[..], PDF);

    let deleted = app
        .client
        .delete(app.url(&format!("/api/v1/documents/{first}")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), 204);
    assert_eq!(list(&app, &token).await.len(), 1);
    let files = app.stored_files().await;
    assert_eq!(files.len(), 1, "the file went with its row: {files:?}");
}

#[tokio::test]
async fn a_png_is_not_a_resume_text_is_and_the_type_must_be_known() {
    let app = spawn_app().await;
    let token = candidate(&app, "types@example.com").await;
    let png_resume = upload(&app, &token, "resume", PNG, "cv.pdf").await;
    assert_eq!(png_resume.status(), 415);
    let body: Value = png_resume.json().await.unwrap();
    assert_eq!(
        body["error"]["message"],
        "Resume must be a PDF, DOC, DOCX or TXT file"
    );
    assert_eq!(
        upload(&app, &token, "passport", PDF, "cv.pdf")
            .await
            .status(),
        422
    );
    let binary = upload(&app, &token, "resume", b"MZ\x90\0\x03\0\0\0", "cv.txt").await;
    assert_eq!(
        binary.status(),
        415,
        "text is judged by its bytes, not its name"
    );
    assert!(list(&app, &token).await.is_empty());

    // The resume upgrade saves its text as `upgraded-resume-{timestamp}.txt` (spec §7).
    let text = "JANE DOE\n\nSUMMARY\n- Ships things\n";
    let saved = upload(
        &app,
        &token,
        "resume",
        text.as_bytes(),
        "upgraded-resume-1.txt",
    )
    .await;
    assert_eq!(saved.status(), 201);
    let id = saved.json::<Value>().await.unwrap()["document"]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let download = app
        .get_auth(&format!("/api/v1/documents/{id}/download"), &token)
        .await;
    assert_eq!(
        download.headers()["content-type"],
        "text/plain; charset=utf-8"
    );
    assert_eq!(download.text().await.unwrap(), text);
}

#[tokio::test]
async fn another_users_document_is_404_and_unchanged() {
    let app = spawn_app().await;
    let owner = candidate(&app, "owner@example.com").await;
    let thief = candidate(&app, "thief@example.com").await;
    let id = upload_ok(&app, &owner, "resume", "cv.pdf").await;
    let get = app
        .get_auth(&format!("/api/v1/documents/{id}/download"), &thief)
        .await;
    assert_eq!(get.status(), 404);
    let delete = app
        .client
        .delete(app.url(&format!("/api/v1/documents/{id}")))
        .bearer_auth(&thief)
        .send()
        .await
        .unwrap();
    assert_eq!(delete.status(), 404);
    let default = app
        .client
        .put(app.url(&format!("/api/v1/documents/{id}/default")))
        .bearer_auth(&thief)
        .send()
        .await
        .unwrap();
    assert_eq!(default.status(), 404);
    let share = app
        .client
        .post(app.url(&format!("/api/v1/documents/{id}/share-links")))
        .bearer_auth(&thief)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(share.status(), 404);
    let docs = list(&app, &owner).await;
    assert_eq!(docs.len(), 1);
    assert_eq!(docs[0]["is_default"], false);
}

#[tokio::test]
async fn ten_concurrent_default_calls_leave_exactly_one_default() {
    let app = spawn_app().await;
    let token = candidate(&app, "default@example.com").await;
    let mut ids = Vec::new();
    for i in 0..10 {
        ids.push(upload_ok(&app, &token, "resume", &format!("cv{i}.pdf")).await);
    }
    let calls = ids.iter().map(|id| {
        app.client
            .put(app.url(&format!("/api/v1/documents/{id}/default")))
            .bearer_auth(&token)
            .send()
    });
    let responses = futures_util::future::join_all(calls).await;
    for response in responses {
        assert_eq!(response.unwrap().status(), 200);
    }
    let defaults = list(&app, &token)
        .await
        .into_iter()
        .filter(|d| d["is_default"] == true)
        .count();
    assert_eq!(defaults, 1);

    // Deleting the default clears it.
    let default_id = list(&app, &token)
        .await
        .into_iter()
        .find(|d| d["is_default"] == true)
        .unwrap()["id"]
        .clone();
    let deleted = app
        .client
        .delete(app.url(&format!(
            "/api/v1/documents/{}",
            default_id.as_str().unwrap()
        )))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), 204);
    let profile: Value = app
        .get_auth("/api/v1/profile", &token)
        .await
        .json()
        .await
        .unwrap();
    assert!(profile["profile"]["default_resume"].is_null());
}

#[tokio::test]
async fn share_link_lifecycle() {
    let app = spawn_app().await;
    let token = candidate(&app, "share@example.com").await;
    let id = upload_ok(&app, &token, "resume", "cv.pdf").await;
    let created = app
        .client
        .post(app.url(&format!("/api/v1/documents/{id}/share-links")))
        .bearer_auth(&token)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
    let link: Value = created.json().await.unwrap();
    let path = link["path"].as_str().unwrap().to_string();
    let token_part = path.rsplit('/').next().unwrap();
    assert!(token_part.len() >= 22, "at least 128 bits");
    assert_eq!(
        link["expires_at"].as_i64().unwrap() - link["created_at"].as_i64().unwrap(),
        7 * 24 * 3600 * 1000
    );

    // Anyone with the link downloads it, uncached.
    let opened = app.get(&path).await;
    assert_eq!(opened.status(), 200);
    assert_eq!(opened.headers()["cache-control"], "no-store");
    assert_eq!(&opened.bytes().await.unwrap()[..], PDF);

    // Revoked → 410 with a readable page.
    let link_id = link["id"].as_str().unwrap();
    let revoked = app
        .client
        .delete(app.url(&format!("/api/v1/share-links/{link_id}")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(revoked.status(), 204);
    let gone = app.get(&path).await;
    assert_eq!(gone.status(), 410);
    assert!(gone.text().await.unwrap().contains("revoked"));

    // Deleted document → 410.
    let other = upload_ok(&app, &token, "resume", "other.pdf").await;
    let created: Value = app
        .client
        .post(app.url(&format!("/api/v1/documents/{other}/share-links")))
        .bearer_auth(&token)
        .json(&json!({}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let path = created["path"].as_str().unwrap().to_string();
    app.client
        .delete(app.url(&format!("/api/v1/documents/{other}")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    let deleted = app.get(&path).await;
    assert_eq!(deleted.status(), 410);
    assert!(deleted.text().await.unwrap().contains("deleted"));

    // Expired → 410 (the clock moves a day; the link expires after one).
    let created: Value = app
        .client
        .post(app.url(&format!("/api/v1/documents/{id}/share-links")))
        .bearer_auth(&token)
        .json(&json!({ "expires_in_days": 1 }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let path = created["path"].as_str().unwrap().to_string();
    assert_eq!(app.get(&path).await.status(), 200);
    app.clock.advance(24 * 3600 * 1000);
    let expired = app.get(&path).await;
    assert_eq!(expired.status(), 410);
    assert!(expired.text().await.unwrap().contains("expired"));

    // A random token → 404.
    assert_eq!(
        app.get("/api/v1/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
            .await
            .status(),
        404
    );
    let events = jobtap_api::audit::events_for(&app.db, link_id)
        .await
        .unwrap();
    assert!(
        events.contains(&"share_link_used".to_string()),
        "{events:?}"
    );
}

#[tokio::test]
async fn share_links_last_at_most_30_days() {
    let app = spawn_app().await;
    let token = candidate(&app, "thirty@example.com").await;
    let id = upload_ok(&app, &token, "resume", "cv.pdf").await;
    let over = app
        .client
        .post(app.url(&format!("/api/v1/documents/{id}/share-links")))
        .bearer_auth(&token)
        .json(&json!({ "expires_in_days": 31 }))
        .send()
        .await
        .unwrap();
    assert_eq!(over.status(), 422);
    let ok = app
        .client
        .post(app.url(&format!("/api/v1/documents/{id}/share-links")))
        .bearer_auth(&token)
        .json(&json!({ "expires_in_days": 30 }))
        .send()
        .await
        .unwrap();
    assert_eq!(ok.status(), 201);
}

#[tokio::test]
async fn a_link_to_a_document_deleted_meanwhile_is_not_made() {
    let app = spawn_app().await;
    let token = candidate(&app, "race@example.com").await;
    let session: Value = app
        .get_auth("/api/v1/auth/session", &token)
        .await
        .json()
        .await
        .unwrap();
    let user_id = session["user"]["id"].as_str().unwrap();
    let id = upload_ok(&app, &token, "resume", "cv.pdf").await;
    let kept = upload_ok(&app, &token, "resume", "kept.pdf").await;
    let deleted = app
        .client
        .delete(app.url(&format!("/api/v1/documents/{id}")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), 204);
    // The route read the document before another request deleted it: the insert finds
    // it gone (a foreign key violation), which is a 404 to the caller, not a 500.
    let now = app.clock_now();
    let share = jobtap_api::documents::share::create;
    assert!(
        share(&app.db, user_id, &id, 7, now)
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        share(&app.db, user_id, &kept, 7, now)
            .await
            .unwrap()
            .is_some()
    );
}

/// A PDF of `bytes` bytes (its header, then padding).
pub(crate) fn pdf_of(bytes: usize) -> Vec<u8> {
    let mut pdf = PDF.to_vec();
    pdf.resize(bytes, b' ');
    pdf
}

#[tokio::test]
async fn an_account_keeps_at_most_its_storage_quota() {
    let app = crate::helpers::spawn_app_with_quota_mb(1).await;
    let token = candidate(&app, "quota@example.com").await;
    let big = pdf_of(600 * 1024);
    let first = upload(&app, &token, "certificate", &big, "one.pdf").await;
    assert_eq!(first.status(), 201);
    let first: Value = first.json().await.unwrap();
    let stored = app.stored_files().await;

    let refused = upload(&app, &token, "certificate", &big, "two.pdf").await;
    assert_eq!(refused.status(), 413);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(
        body["error"]["message"],
        "Your files would take more than your 1 MB of storage (0.6 MB used). Delete a document to \
         make room."
    );
    assert_eq!(
        app.stored_files().await,
        stored,
        "nothing of the refused file was kept"
    );
    assert_eq!(list(&app, &token).await.len(), 1);

    // Another account has its own quota; deleting a document makes room.
    let other = candidate(&app, "other@example.com").await;
    assert_eq!(
        upload(&app, &other, "certificate", &big, "o.pdf")
            .await
            .status(),
        201
    );
    let id = first["document"]["id"].as_str().unwrap();
    let deleted = crate::employer::send(
        &app,
        reqwest::Method::DELETE,
        &format!("/api/v1/documents/{id}"),
        &token,
        None,
    )
    .await;
    assert_eq!(deleted.status(), 204);
    assert_eq!(
        upload(&app, &token, "certificate", &big, "two.pdf")
            .await
            .status(),
        201
    );
}

#[tokio::test]
async fn uploads_beyond_twenty_in_ten_minutes_wait() {
    let app = spawn_app().await;
    let token = candidate(&app, "busy@example.com").await;
    for i in 0..jobtap_core::files::UPLOADS_PER_WINDOW {
        let response = upload(&app, &token, "certificate", PDF, &format!("{i}.pdf")).await;
        assert_eq!(response.status(), 201, "upload {i}");
    }
    let refused = upload(&app, &token, "certificate", PDF, "more.pdf").await;
    assert_eq!(refused.status(), 429);
    let wait: u64 = refused.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=600).contains(&wait), "{wait}");
    assert_eq!(
        list(&app, &token).await.len(),
        usize::try_from(jobtap_core::files::UPLOADS_PER_WINDOW).unwrap()
    );

    // Someone else uploads meanwhile; after the window this account may again.
    let other = candidate(&app, "calm@example.com").await;
    assert_eq!(
        upload(&app, &other, "resume", PDF, "cv.pdf").await.status(),
        201
    );
    app.clock.advance(jobtap_core::files::UPLOAD_WINDOW_MS);
    assert_eq!(
        upload(&app, &token, "certificate", PDF, "more.pdf")
            .await
            .status(),
        201
    );
}

/// A file downloads under the extension of the kind its bytes were stored as, whatever the
/// uploader named it: a PDF named "cv.html" never opens as a page from a saved download. The
/// share page runs and loads nothing and keeps its token out of referrers.
#[tokio::test]
async fn downloads_are_named_by_their_stored_kind_and_share_pages_allow_nothing() {
    let app = spawn_app().await;
    let token = candidate(&app, "polyglot@example.com").await;
    let id = upload_ok(&app, &token, "resume", "cv.html").await;
    let download = app
        .get_auth(&format!("/api/v1/documents/{id}/download"), &token)
        .await;
    assert_eq!(download.status(), 200);
    assert_eq!(download.headers()["content-type"], "application/pdf");
    let disposition = download.headers()["content-disposition"].to_str().unwrap();
    assert!(disposition.contains("filename=\"cv.pdf\""), "{disposition}");
    assert!(!disposition.contains("html"), "{disposition}");

    let created = app
        .client
        .post(app.url(&format!("/api/v1/documents/{id}/share-links")))
        .bearer_auth(&token)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
    let path = created.json::<Value>().await.unwrap()["path"]
        .as_str()
        .unwrap()
        .to_string();
    let file = app.get(&format!("{path}?download=1")).await;
    let disposition = file.headers()["content-disposition"].to_str().unwrap();
    assert!(disposition.contains("filename=\"cv.pdf\""), "{disposition}");
    let page = app
        .client
        .get(app.url(&path))
        .header("accept", "text/html")
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    let policy = page.headers()["content-security-policy"].to_str().unwrap();
    assert!(policy.starts_with("default-src 'none'"), "{policy}");
    assert!(!policy.contains("script-src"), "{policy}");
    assert_eq!(page.headers()["referrer-policy"], "no-referrer");
    assert!(page.text().await.unwrap().contains("cv.html"));
}

/// `DELETE /documents/{id}/share-links` as the holder of `token`.
async fn stop_sharing(app: &TestApp, token: &str, id: &str) -> reqwest::Response {
    app.client
        .delete(app.url(&format!("/api/v1/documents/{id}/share-links")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

/// Stopping sharing ends every link to the file that still opens, including ones handed out
/// from another device, and only that file's; another account cannot stop it.
#[tokio::test]
async fn stopping_sharing_ends_every_link_to_the_file() {
    let app = spawn_app().await;
    let token = candidate(&app, "stop-sharing@example.com").await;
    let id = upload_ok(&app, &token, "resume", "cv.pdf").await;
    let kept = upload_ok(&app, &token, "resume", "second.pdf").await;
    let make = |document: String| {
        let (app, token) = (&app, &token);
        async move {
            let created = app
                .client
                .post(app.url(&format!("/api/v1/documents/{document}/share-links")))
                .bearer_auth(token)
                .json(&json!({}))
                .send()
                .await
                .unwrap();
            assert_eq!(created.status(), 201);
            created.json::<Value>().await.unwrap()["path"]
                .as_str()
                .unwrap()
                .to_string()
        }
    };
    // Three links to the file (the QR dialog opened on a phone, a laptop, then again), one to
    // another file.
    let paths = [
        make(id.clone()).await,
        make(id.clone()).await,
        make(id.clone()).await,
    ];
    let other_path = make(kept.clone()).await;

    let stranger = candidate(&app, "stranger-stop@example.com").await;
    let refused = stop_sharing(&app, &stranger, &id).await;
    assert_eq!(refused.status(), 404);
    assert_eq!(app.get(&paths[0]).await.status(), 200);

    let stopped = stop_sharing(&app, &token, &id).await;
    assert_eq!(stopped.status(), 200);
    assert_eq!(
        stopped.json::<Value>().await.unwrap(),
        json!({ "revoked": 3 })
    );
    for path in &paths {
        assert_eq!(app.get(path).await.status(), 410, "{path}");
    }
    assert_eq!(app.get(&other_path).await.status(), 200);

    // The list shows each as revoked; stopping again ends nothing more.
    let listed: Value = app
        .client
        .get(app.url(&format!("/api/v1/documents/{id}/share-links")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let links = listed["share_links"].as_array().unwrap();
    assert_eq!(links.len(), 3);
    assert!(links.iter().all(|l| l["revoked_at"].is_i64()));
    let again = stop_sharing(&app, &token, &id).await;
    assert_eq!(
        again.json::<Value>().await.unwrap(),
        json!({ "revoked": 0 })
    );
}

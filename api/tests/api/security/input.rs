//! Request bodies and names: size limits (413), content types (415), and path
//! traversal in uploaded file names and in URL ids.

use reqwest::Method;
use reqwest::multipart::Form;
use serde_json::{Value, json};

use super::{files_under, send};
use crate::feed::error;
use crate::helpers::{TestApp, spawn_app};
use crate::profile::{PDF, PNG, file};

/// One byte over the 256 KiB JSON limit, as a valid JSON document.
fn json_over_limit() -> Value {
    let limit = usize::try_from(jobtap_api::http::JSON_BODY_LIMIT).unwrap();
    let envelope = json!({ "email": "a@b.co", "password": "" })
        .to_string()
        .len();
    json!({ "email": "a@b.co", "password": "x".repeat(limit - envelope + 1) })
}

#[tokio::test]
async fn json_bodies_over_the_limit_are_413_on_every_json_route_kind() {
    let app = spawn_app().await;
    let user = crate::feed::candidate(&app, "big@example.com").await;
    let boss = crate::feed::employer(&app, "big@acme.co").await;
    let body = json_over_limit();
    assert_eq!(
        body.to_string().len() as u64,
        jobtap_api::http::JSON_BODY_LIMIT + 1
    );
    let cases = [
        (Method::POST, "/api/v1/auth/signin", None),
        (Method::POST, "/api/v1/auth/signup", None),
        (Method::POST, "/api/v1/job-alerts", Some(&user.token)),
        (
            Method::POST,
            "/api/v1/functions/swipejob-chat",
            Some(&user.token),
        ),
        (Method::POST, "/api/v1/employer/jobs", Some(&boss.token)),
    ];
    for (method, path, token) in cases {
        let response = send(&app, method, path, token.map(String::as_str), Some(&body)).await;
        let err = error(response, 413).await;
        assert_eq!(err["code"], "payload_too_large", "{path}");
    }
    // At the limit the body is read (and judged on its content, not its size).
    let mut at_limit = json_over_limit();
    at_limit["password"] = json!(at_limit["password"].as_str().unwrap()[1..].to_string());
    let response = app.post_json("/api/v1/auth/signin", &at_limit).await;
    assert_ne!(response.status(), 413);
}

#[tokio::test]
async fn wrong_content_types_are_415() {
    let app = spawn_app().await;
    let user = crate::feed::candidate(&app, "types@example.com").await;
    let boss = crate::feed::employer(&app, "types@acme.co").await;
    // JSON routes given a form, text or XML.
    for (path, token, content_type, body) in [
        (
            "/api/v1/auth/signin",
            None,
            "text/plain",
            "{\"email\":\"a@b.co\"}",
        ),
        (
            "/api/v1/auth/signup",
            None,
            "application/x-www-form-urlencoded",
            "email=a%40b.co",
        ),
        (
            "/api/v1/job-alerts",
            Some(&user.token),
            "application/xml",
            "<email/>",
        ),
        (
            "/api/v1/employer/jobs",
            Some(&boss.token),
            "multipart/form-data; boundary=x",
            "--x--",
        ),
    ] {
        let mut request = app
            .client
            .post(app.url(path))
            .header("content-type", content_type)
            .body(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let err = error(request.send().await.unwrap(), 415).await;
        assert_eq!(
            err["code"], "unsupported_media_type",
            "{path} {content_type}"
        );
    }
    // Multipart routes given JSON.
    for (path, token) in [
        ("/api/v1/documents", &user.token),
        ("/api/v1/profile/onboarding", &user.token),
        ("/api/v1/employer/logos", &boss.token),
        ("/api/v1/employer/jobs/import", &boss.token),
    ] {
        let response = app
            .post_json_auth(path, token, &json!({ "file": "x" }))
            .await;
        let status = response.status();
        let body = response.text().await.unwrap();
        assert_eq!(status, 415, "{path}: {body}");
    }
}

const HOSTILE_NAMES: &[&str] = &[
    "../../../../escaped-a.pdf",
    "..\\..\\..\\escaped-b.pdf",
    "/tmp/escaped-c.pdf",
    "%2e%2e%2f%2e%2e%2fescaped-d.pdf",
    "..%2F..%2Fescaped-e.pdf",
    "escaped-f\0.pdf",
    "....//....//escaped-g.pdf",
];

/// Every file under the test's folder (database, data folder, web app), so a write
/// outside the storage root would show.
fn everything(app: &TestApp) -> Vec<String> {
    files_under(app.data_dir.parent().unwrap())
}

#[tokio::test]
async fn hostile_upload_names_are_stored_under_server_names_inside_the_storage_root() {
    let app = spawn_app().await;
    let user = crate::feed::candidate(&app, "names@example.com").await;
    let boss = crate::feed::employer(&app, "names@acme.co").await;
    let before = everything(&app);
    for name in HOSTILE_NAMES {
        let form = Form::new()
            .text("document_type", "resume")
            .part("file", file(PDF, name));
        let response = app
            .client
            .post(app.url("/api/v1/documents"))
            .bearer_auth(&user.token)
            .multipart(form)
            .send()
            .await
            .unwrap();
        let status = response.status();
        let body: Value = response.json().await.unwrap();
        if name.contains('\0') && status == 422 {
            // A NUL in a name is refused outright, which is as safe as renaming.
            continue;
        }
        assert_eq!(status, 201, "{name:?}: {body}");
        let shown = body["document"]["file_name"].as_str().unwrap();
        assert!(
            !shown.contains('/') && !shown.contains('\\') && !shown.contains('\0'),
            "{name:?} shown as {shown:?}"
        );
        let logo = Form::new().part("file", file(PNG, name));
        let response = app
            .client
            .post(app.url("/api/v1/employer/logos"))
            .bearer_auth(&boss.token)
            .multipart(logo)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 201, "logo {name:?}");
        let url: Value = response.json().await.unwrap();
        assert!(!url["url"].as_str().unwrap().contains(".."), "{url}");
    }
    let stored = app.stored_files().await;
    assert!(stored.len() >= (HOSTILE_NAMES.len() - 1) * 2, "{stored:?}");
    for path in &stored {
        assert!(
            !path.contains("..") && !path.starts_with('/') && !path.contains("escaped"),
            "a stored path follows the user's name: {path}"
        );
    }
    // New files on disk are only the stored ones (none, when storage is S3), under files/.
    let added: Vec<String> = everything(&app)
        .into_iter()
        .filter(|f| !before.contains(f) && !f.contains("jobtap.db"))
        .collect();
    for f in &added {
        assert!(
            f.starts_with("data/"),
            "written outside the data folder: {f}"
        );
        assert!(!f.contains("escaped"), "{f}");
    }
    for name in ["escaped-a.pdf", "escaped-b.pdf", "escaped-c.pdf"] {
        assert!(!std::path::Path::new("/tmp").join(name).exists(), "{name}");
    }
}

#[tokio::test]
async fn traversal_in_url_ids_reaches_nothing_and_never_500s() {
    let app = spawn_app().await;
    let user = crate::feed::candidate(&app, "urls@example.com").await;
    let boss = crate::feed::employer(&app, "urls@acme.co").await;
    let secret = std::fs::read_to_string(app.data_dir.join("token-secret")).unwrap_or_default();
    let ids = [
        "..%2f..%2fjobtap.db",
        "%2e%2e%2f%2e%2e%2fjobtap.db",
        "..%2ftoken-secret",
        "%2e%2e%2ftoken-secret",
        "%2fetc%2fpasswd",
        "..%5c..%5cjobtap.db",
        "token-secret%00.png",
        "%00",
    ];
    for id in ids {
        for (path, token) in [
            (format!("/api/v1/logos/{id}"), None),
            (format!("/api/v1/logos/..%2f{id}"), None),
            (format!("/api/v1/share/{id}"), None),
            (
                format!("/api/v1/documents/{id}/download"),
                Some(&user.token),
            ),
            (format!("/api/v1/jobs/{id}"), Some(&user.token)),
            (format!("/api/v1/employer/jobs/{id}"), Some(&boss.token)),
            (
                format!("/api/v1/employer/applications/{id}/candidate"),
                Some(&boss.token),
            ),
            (
                format!("/api/v1/employer/applications/{id}/documents/{id}"),
                Some(&boss.token),
            ),
            (format!("/{id}"), None),
            (format!("/assets/{id}"), None),
        ] {
            let response = send(&app, Method::GET, &path, token.map(String::as_str), None).await;
            let status = response.status().as_u16();
            let text = response.text().await.unwrap();
            // A client route without a file extension is the app's index.html.
            let app_page = status == 200 && text.contains("<div id=root>");
            assert!(
                app_page || matches!(status, 400 | 404 | 410),
                "{path}: {status} {text}"
            );
            assert!(!text.contains("SQLite format"), "{path}");
            assert!(secret.is_empty() || !text.contains(secret.trim()), "{path}");
            assert!(!text.contains("root:"), "{path}");
        }
    }
}

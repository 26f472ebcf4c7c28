//! Response headers and error bodies: `nosniff` everywhere, a Content-Security-Policy
//! on the web app, and errors that show no stack trace, SQL or file path.

use std::collections::BTreeMap;

use reqwest::Method;
use serde_json::{Value, json};

use super::send;
use crate::helpers::{TestApp, spawn_app};

/// The policy's directives, name → sources.
fn directives(policy: &str) -> BTreeMap<String, Vec<String>> {
    policy
        .split(';')
        .filter_map(|d| {
            let mut words = d.split_whitespace();
            let name = words.next()?.to_string();
            Some((name, words.map(str::to_string).collect()))
        })
        .collect()
}

#[tokio::test]
async fn every_api_and_web_response_carries_nosniff() {
    let app = spawn_app().await;
    let big = json!({ "email": "a@b.co", "password": "x".repeat(300 * 1024) });
    let mut responses = vec![
        ("health", app.get("/api/v1/health").await),
        ("openapi", app.get("/api/v1/openapi.json").await),
        ("unknown api path", app.get("/api/v1/no-such-thing").await),
        ("401", app.get("/api/v1/auth/session").await),
        (
            "405",
            send(&app, Method::DELETE, "/api/v1/health", None, None).await,
        ),
        ("413", app.post_json("/api/v1/auth/signin", &big).await),
        (
            "415",
            app.client
                .post(app.url("/api/v1/auth/signin"))
                .header("content-type", "text/plain")
                .body("{}")
                .send()
                .await
                .unwrap(),
        ),
        ("web index", app.get("/").await),
        ("web client route", app.get("/employer/applications").await),
        ("web asset", app.get("/assets/app-1234.js").await),
        ("missing asset", app.get("/assets/missing-1.js").await),
    ];
    let statuses: Vec<u16> = responses.iter().map(|(_, r)| r.status().as_u16()).collect();
    assert_eq!(
        statuses,
        [200, 200, 404, 401, 405, 413, 415, 200, 200, 200, 404]
    );
    for (what, response) in responses.drain(..) {
        assert_eq!(
            response
                .headers()
                .get("x-content-type-options")
                .map(|v| v.to_str().unwrap().to_string()),
            Some("nosniff".to_string()),
            "{what}"
        );
    }
}

#[tokio::test]
async fn the_web_app_is_served_with_a_strict_content_security_policy() {
    let app = spawn_app().await;
    for path in ["/", "/jobs", "/employer/post-job", "/job/abc-123"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        let policy = response
            .headers()
            .get("content-security-policy")
            .unwrap_or_else(|| panic!("{path} has no Content-Security-Policy"))
            .to_str()
            .unwrap()
            .to_string();
        let d = directives(&policy);
        let is = |name: &str, sources: &[&str]| {
            assert_eq!(
                d.get(name).map(Vec::as_slice),
                Some(&sources.iter().map(|s| (*s).to_string()).collect::<Vec<_>>()[..]),
                "{path}: {name} in {policy}"
            );
        };
        is("default-src", &["'self'"]);
        // wasm may compile; no inline script, no eval.
        is("script-src", &["'self'", "'wasm-unsafe-eval'"]);
        is("worker-src", &["'self'", "blob:"]);
        is("style-src", &["'self'", "'unsafe-inline'"]);
        is("img-src", &["'self'", "data:", "blob:"]);
        is("connect-src", &["'self'"]);
        is("frame-ancestors", &["'none'"]);
        is("base-uri", &["'self'"]);
        is("form-action", &["'self'"]);
        is("object-src", &["'none'"]);
        let media = &d["media-src"];
        assert!(
            media.contains(&"'self'".to_string()) && media.contains(&"blob:".to_string()),
            "{policy}"
        );
        assert!(!policy.contains("'unsafe-eval'"), "{policy}");
        assert!(!policy.contains('*'), "no wildcard source: {policy}");
    }
}

/// Strings that would give away how the server is built.
const INTERNALS: &[&str] = &[
    "sqlx",
    "SELECT",
    "INSERT",
    "job_alert",
    "no such table",
    "relation",
    "panicked",
    "src/",
    ".rs:",
    "backtrace",
    "Database query failed",
];

async fn assert_no_internals(what: &str, response: reqwest::Response, status: u16) -> Value {
    assert_eq!(response.status(), status, "{what}");
    let text = response.text().await.unwrap();
    for secret in INTERNALS {
        assert!(!text.contains(secret), "{what} shows {secret:?}: {text}");
    }
    serde_json::from_str::<Value>(&text).unwrap()["error"].clone()
}

/// A 500 caused by the database failing under a real route: its table is gone.
async fn break_job_alerts(app: &TestApp) {
    jobtap_api::on_db!(&app.db, pool => {
        // What was sent to a subscription goes first: it depends on the table.
        sqlx::query("DROP TABLE job_alert_sent").execute(pool).await.unwrap();
        sqlx::query("DROP TABLE job_alert_subscriptions").execute(pool).await.map(|_| ())
    })
    .unwrap();
}

#[tokio::test]
async fn a_500_shows_only_a_request_id() {
    let app = spawn_app().await;
    let user = crate::feed::candidate(&app, "five-hundred@example.com").await;
    break_job_alerts(&app).await;
    let response = app
        .post_json_auth(
            "/api/v1/job-alerts",
            &user.token,
            &json!({ "email": "alerts@example.com" }),
        )
        .await;
    let error = assert_no_internals("500", response, 500).await;
    assert_eq!(error["code"], "internal");
    let id = error["requestId"].as_str().expect("a request id");
    assert_eq!(id.len(), 32, "{id}");
    assert!(id.chars().all(|c| c.is_ascii_hexdigit()), "{id}");
    assert_eq!(
        error["message"],
        format!("Something went wrong on our side. Reference: {id}")
    );
}

#[tokio::test]
async fn client_errors_show_no_internals() {
    let app = spawn_app().await;
    let user = crate::feed::candidate(&app, "four-hundred@example.com").await;
    let malformed = app
        .client
        .post(app.url("/api/v1/job-alerts"))
        .bearer_auth(&user.token)
        .header("content-type", "application/json")
        .body("{\"email\": ")
        .send()
        .await
        .unwrap();
    let error = assert_no_internals("400", malformed, 400).await;
    assert!(error.get("requestId").is_none());
    let wrong_type = app
        .post_json_auth("/api/v1/job-alerts", &user.token, &json!({ "email": 42 }))
        .await;
    assert_no_internals("400 wrong type", wrong_type, 400).await;
    let invalid = app
        .post_json_auth(
            "/api/v1/job-alerts",
            &user.token,
            &json!({ "email": "not-an-email" }),
        )
        .await;
    assert_no_internals("422", invalid, 422).await;
    let bad_id = app
        .get_auth("/api/v1/jobs/'%20OR%201=1--", &user.token)
        .await;
    assert_no_internals("404 with SQL in the id", bad_id, 404).await;
    let bad_query = app
        .get_auth("/api/v1/jobs?limit=DROP%20TABLE", &user.token)
        .await;
    let status = bad_query.status().as_u16();
    assert!(matches!(status, 200 | 400), "{status}");
    assert_no_internals("bad query", bad_query, status).await;
}

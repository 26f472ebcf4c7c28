//! `GET /api/v1/employer/applications/export.csv`: the employer's own applications,
//! with spreadsheet formulas exported as text.

use serde_json::{Value, json};

use crate::employer::{job_body, post_job};
use crate::feed::{User, error};
use crate::helpers::{DirectScores, TestApp, spawn_app};

const EXPORT: &str = "/api/v1/employer/applications/export.csv";

async fn candidate_named(app: &TestApp, email: &str, name: &str) -> User {
    let response = app
        .post_json(
            "/api/v1/auth/signup",
            &json!({ "email": email, "password": "sadza-nyama-2024", "full_name": name }),
        )
        .await;
    assert_eq!(response.status(), 201);
    let session: Value = response.json().await.unwrap();
    User {
        id: session["user"]["id"].as_str().unwrap().to_string(),
        token: session["access_token"].as_str().unwrap().to_string(),
    }
}

/// An application of `candidate` to `job_id`, written directly, with a fit score of 81.6%.
async fn application(app: &TestApp, candidate: &str, job_id: &str) -> String {
    app.insert_application(candidate, job_id, DirectScores::TYPICAL, app.clock_now())
        .await
}

async fn export(app: &TestApp, token: &str) -> (reqwest::header::HeaderMap, String) {
    let response = app.get_auth(EXPORT, token).await;
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    (headers, response.text().await.unwrap())
}

#[tokio::test]
async fn formula_cells_are_exported_as_text_in_an_attachment() {
    let app = spawn_app().await;
    let boss = crate::feed::employer(&app, "export@acme.co").await;
    let job = post_job(&app, &boss.token, job_body("=Data Analyst")).await;
    let job_id = job["id"].as_str().unwrap();
    let sneaky = candidate_named(&app, "sneaky@example.com", "=HYPERLINK(\"http://x\")").await;
    let id = application(&app, &sneaky.id, job_id).await;
    let comment = app
        .client
        .put(app.url(&format!("/api/v1/employer/applications/{id}/comment")))
        .bearer_auth(&boss.token)
        .json(&json!({ "employer_comment": "+cmd|' /C calc'!A0", "private_note": "@SUM(A1)" }))
        .send()
        .await
        .unwrap();
    assert_eq!(comment.status(), 200);

    let (headers, csv) = export(&app, &boss.token).await;
    assert_eq!(headers["content-type"], "text/csv; charset=utf-8");
    assert!(
        headers["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment; filename=\"applications.csv\""),
        "{:?}",
        headers["content-disposition"]
    );
    assert_eq!(headers["cache-control"], "no-store");
    assert_eq!(headers["x-content-type-options"], "nosniff");

    let lines: Vec<&str> = csv.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(
        lines[0],
        "Job title,Candidate name,Email,Status,Fit score (%),Applied at (UTC),Feedback to candidate,Private note"
    );
    assert_eq!(lines.len(), 2, "{csv}");
    // Quotes are doubled inside a quoted cell; every formula start is behind a '.
    assert_eq!(
        lines[1].split(',').take(4).collect::<Vec<_>>(),
        [
            "'=Data Analyst",
            "\"'=HYPERLINK(\"\"http://x\"\")\"",
            "sneaky@example.com",
            "applied"
        ]
    );
    assert!(lines[1].contains(",81.6,"), "{}", lines[1]);
    assert!(
        lines[1].ends_with(",'+cmd|' /C calc'!A0,'@SUM(A1)"),
        "{}",
        lines[1]
    );
}

#[tokio::test]
async fn each_employer_exports_only_their_own_applications() {
    let app = spawn_app().await;
    let a = crate::feed::employer(&app, "a@acme.co").await;
    let b = crate::feed::employer(&app, "b@other.co").await;
    let job_a = post_job(&app, &a.token, job_body("Analyst at A")).await;
    let job_b = post_job(&app, &b.token, job_body("Engineer at B")).await;
    let to_a = candidate_named(&app, "to-a@example.com", "Candidate For A").await;
    let to_b = candidate_named(&app, "to-b@example.com", "Candidate For B").await;
    application(&app, &to_a.id, job_a["id"].as_str().unwrap()).await;
    application(&app, &to_b.id, job_b["id"].as_str().unwrap()).await;

    let (_, csv_a) = export(&app, &a.token).await;
    assert!(csv_a.contains("Candidate For A") && csv_a.contains("Analyst at A"));
    assert!(!csv_a.contains("Candidate For B") && !csv_a.contains("Engineer at B"));
    let (_, csv_b) = export(&app, &b.token).await;
    assert!(csv_b.contains("Candidate For B"));
    assert!(!csv_b.contains("Candidate For A"));
    // An employer without applications gets the header alone.
    let c = crate::feed::employer(&app, "c@empty.co").await;
    let (_, csv_c) = export(&app, &c.token).await;
    assert_eq!(csv_c.matches("\r\n").count(), 1, "{csv_c}");
}

#[tokio::test]
async fn candidates_get_403_and_signed_out_callers_401() {
    let app = spawn_app().await;
    let user = crate::feed::candidate(&app, "nosy@example.com").await;
    let err = error(app.get_auth(EXPORT, &user.token).await, 403).await;
    assert_eq!(err["message"], "Access denied. Employer account required.");
    error(app.get(EXPORT).await, 401).await;
}

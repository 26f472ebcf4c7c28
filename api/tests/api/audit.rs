//! The audit log: every security event is recorded, and no row holds a secret.

use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};
use sqlx::types::Json;

use crate::employer::send;
use crate::helpers::{TestApp, spawn_app};
use crate::profile::PDF;

const PASSWORD: &str = "audit-Secret-pass-42";

/// One `audit_log` row, as stored.
#[derive(Debug, serde::Serialize)]
struct Row {
    event: String,
    actor_id: Option<String>,
    subject: Option<String>,
    ip: Option<String>,
    detail: Value,
}

/// `event, actor_id, subject, ip, detail` as both engines decode them.
type RawRow = (
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    Json<Value>,
);

async fn rows(app: &TestApp) -> Vec<Row> {
    let raw: Vec<RawRow> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_as("SELECT event, actor_id, subject, ip, detail FROM audit_log ORDER BY id")
            .fetch_all(pool)
            .await
            .unwrap()
    });
    raw.into_iter()
        .map(|(event, actor_id, subject, ip, Json(detail))| Row {
            event,
            actor_id,
            subject,
            ip,
            detail,
        })
        .collect()
}

fn only<'a>(rows: &'a [Row], event: &str) -> Vec<&'a Row> {
    rows.iter().filter(|r| r.event == event).collect()
}

async fn json_of(response: reqwest::Response, status: u16) -> Value {
    assert_eq!(response.status(), status);
    response.json().await.unwrap()
}

#[tokio::test]
#[allow(clippy::too_many_lines)] // one story: every event in order, then the rows it left
async fn every_security_event_is_recorded_without_secrets() {
    use reqwest::Method;
    let app = spawn_app().await;
    // Every secret the server handed out or was given; none may reach the log.
    let mut secrets: Vec<String> = vec![PASSWORD.to_string()];
    let mut keep = |session: &Value| {
        for key in ["access_token", "refresh_token"] {
            secrets.push(session[key].as_str().unwrap().to_string());
        }
    };

    // Sign-ups, sign-ins and their failures.
    let first = json_of(
        app.post_json(
            "/api/v1/auth/signup",
            &json!({ "email": "audit@example.com", "password": PASSWORD, "full_name": "Tendai Moyo" }),
        )
        .await,
        201,
    )
    .await;
    keep(&first);
    let candidate_id = first["user"]["id"].as_str().unwrap().to_string();
    for (email, password) in [
        ("audit@example.com", "not-the-password"),
        ("nobody@example.com", PASSWORD),
    ] {
        let response = app
            .post_json(
                "/api/v1/auth/signin",
                &json!({ "email": email, "password": password }),
            )
            .await;
        assert_eq!(response.status(), 401);
    }
    let second = json_of(
        app.post_json(
            "/api/v1/auth/signin",
            &json!({ "email": "audit@example.com", "password": PASSWORD }),
        )
        .await,
        200,
    )
    .await;
    keep(&second);
    let candidate = second["access_token"].as_str().unwrap().to_string();
    // A complete profile, as onboarding saves it, so the candidate may apply below.
    crate::feed::set_profile(
        &app,
        &candidate_id,
        Some("2.1 Class"),
        Some("NUST"),
        &["SQL", "Python"],
        Some(3),
    )
    .await;
    let employer_session = json_of(
        app.post_json(
            "/api/v1/auth/employer/signup",
            &json!({ "email": "boss@example.com", "password": PASSWORD, "full_name": "Rudo", "company_name": "Acme" }),
        )
        .await,
        201,
    )
    .await;
    keep(&employer_session);
    // Both follow their confirmation links, so they may apply and publish.
    app.confirm_email("audit@example.com").await;
    app.confirm_email("boss@example.com").await;
    let employer_id = employer_session["user"]["id"].as_str().unwrap().to_string();
    let employer = employer_session["access_token"]
        .as_str()
        .unwrap()
        .to_string();

    // A role refusal: a candidate on an employer route.
    let refused = send(&app, Method::GET, "/api/v1/employer/jobs", &candidate, None).await;
    assert_eq!(refused.status(), 403);

    // Jobs: posted, applied to, the application accepted, the job paused, imported, deleted.
    let job = json_of(
        send(
            &app,
            Method::POST,
            "/api/v1/employer/jobs",
            &employer,
            Some(json!({
                "company_name": "Acme",
                "job_title": "Data Analyst",
                "job_type": "Full-time",
                "job_description": "Build data pipelines.",
                "location": "Harare",
                "skills": ["SQL"],
                "requirements": [],
                "benefits": [],
                "minimum_score_threshold": 0,
            })),
        )
        .await,
        201,
    )
    .await;
    let job_id = job["job"]["id"].as_str().unwrap().to_string();
    let application = json_of(
        send(
            &app,
            Method::POST,
            "/api/v1/applications",
            &candidate,
            Some(json!({ "job_id": job_id })),
        )
        .await,
        201,
    )
    .await;
    let application_id = application["id"].as_str().unwrap().to_string();
    let accepted = send(
        &app,
        Method::POST,
        &format!("/api/v1/employer/applications/{application_id}/accept"),
        &employer,
        None,
    )
    .await;
    assert_eq!(accepted.status(), 200);
    let paused = send(
        &app,
        Method::PUT,
        &format!("/api/v1/employer/jobs/{job_id}/status"),
        &employer,
        Some(json!({ "is_active": false })),
    )
    .await;
    assert_eq!(paused.status(), 200);
    let csv = "company_name,job_title,job_description,location,job_type,skills\n\
               Acme,Imported,Build things.,Harare,Full-time,SQL\n";
    let imported = app
        .client
        .post(app.url("/api/v1/employer/jobs/import"))
        .bearer_auth(&employer)
        .multipart(Form::new().part(
            "file",
            Part::bytes(csv.as_bytes().to_vec()).file_name("jobs.csv"),
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(imported.status(), 201);
    let deleted = send(
        &app,
        Method::DELETE,
        &format!("/api/v1/employer/jobs/{job_id}"),
        &employer,
        None,
    )
    .await;
    assert_eq!(deleted.status(), 200);

    // Documents: a download, a share link created, used and revoked.
    let document = json_of(
        app.client
            .post(app.url("/api/v1/documents"))
            .bearer_auth(&candidate)
            .multipart(
                Form::new()
                    .text("document_type", "resume")
                    .part("file", Part::bytes(PDF.to_vec()).file_name("cv.pdf")),
            )
            .send()
            .await
            .unwrap(),
        201,
    )
    .await;
    let document_id = document["document"]["id"].as_str().unwrap().to_string();
    let download = send(
        &app,
        Method::GET,
        &format!("/api/v1/documents/{document_id}/download"),
        &candidate,
        None,
    )
    .await;
    assert_eq!(download.status(), 200);
    let link = json_of(
        send(
            &app,
            Method::POST,
            &format!("/api/v1/documents/{document_id}/share-links"),
            &candidate,
            Some(json!({})),
        )
        .await,
        201,
    )
    .await;
    let share_path = link["path"].as_str().unwrap().to_string();
    secrets.push(share_path.rsplit('/').next().unwrap().to_string());
    assert_eq!(app.get(&share_path).await.status(), 200);
    let link_id = link["id"].as_str().unwrap();
    let revoked = send(
        &app,
        Method::DELETE,
        &format!("/api/v1/share-links/{link_id}"),
        &candidate,
        None,
    )
    .await;
    assert_eq!(revoked.status(), 204);

    // A refresh token used again after the grace window ends its session; the session's
    // access token is then refused.
    let old_refresh = first["refresh_token"].as_str().unwrap();
    let rotated = json_of(
        app.post_json(
            "/api/v1/auth/refresh",
            &json!({ "refresh_token": old_refresh }),
        )
        .await,
        200,
    )
    .await;
    for key in ["access_token", "refresh_token"] {
        secrets.push(rotated[key].as_str().unwrap().to_string());
    }
    app.clock.advance(60_000);
    let reuse = app
        .post_json(
            "/api/v1/auth/refresh",
            &json!({ "refresh_token": old_refresh }),
        )
        .await;
    assert_eq!(reuse.status(), 401);
    let stale = app
        .get_auth(
            "/api/v1/auth/session",
            rotated["access_token"].as_str().unwrap(),
        )
        .await;
    assert_eq!(stale.status(), 401);
    let signed_out = send(&app, Method::POST, "/api/v1/auth/signout", &candidate, None).await;
    assert_eq!(signed_out.status(), 204);

    let rows = rows(&app).await;
    for event in [
        "signup",
        "signin",
        "signin_failed",
        "role_refused",
        "application_created",
        "application_status_changed",
        "job_status_changed",
        "jobs_imported",
        "job_deleted",
        "document_download",
        "share_link_created",
        "share_link_used",
        "share_link_revoked",
        "refresh_token_reuse",
        "access_token_refused",
        "signout",
    ] {
        assert!(
            !only(&rows, event).is_empty(),
            "{event} is missing from {rows:#?}"
        );
    }

    let failures = only(&rows, "signin_failed");
    let reasons: Vec<&Value> = failures.iter().map(|r| &r.detail["reason"]).collect();
    assert_eq!(reasons, [&json!("wrong_password"), &json!("unknown_email")]);
    assert_eq!(failures[1].subject.as_deref(), Some("nobody@example.com"));
    assert!(failures.iter().all(|r| r.ip.is_some()), "with the address");
    let role = only(&rows, "role_refused");
    assert_eq!(role[0].actor_id.as_deref(), Some(candidate_id.as_str()));
    assert_eq!(role[0].detail["required"], "employer");
    let status = only(&rows, "job_status_changed");
    assert_eq!(status.len(), 1);
    assert_eq!(status[0].actor_id.as_deref(), Some(employer_id.as_str()));
    assert_eq!(status[0].subject.as_deref(), Some(job_id.as_str()));
    assert_eq!(status[0].detail["is_active"], false);
    let changed = only(&rows, "application_status_changed");
    assert_eq!(changed[0].subject.as_deref(), Some(application_id.as_str()));
    assert_eq!(changed[0].detail["status"], "accepted");
    let created = only(&rows, "application_created");
    assert_eq!(created.len(), 1);
    assert_eq!(created[0].actor_id.as_deref(), Some(candidate_id.as_str()));
    assert_eq!(created[0].subject.as_deref(), Some(application_id.as_str()));
    assert_eq!(created[0].detail["job_id"], job_id.as_str());
    assert!(created[0].detail["score_percentage"].as_f64().is_some());
    let refused = only(&rows, "access_token_refused");
    assert_eq!(
        refused.len(),
        1,
        "only the ended session's token: {refused:#?}"
    );
    assert_eq!(refused[0].actor_id.as_deref(), Some(candidate_id.as_str()));
    assert_eq!(
        only(&rows, "document_download")[0].subject.as_deref(),
        Some(document_id.as_str())
    );
    assert_eq!(
        only(&rows, "share_link_used")[0].subject.as_deref(),
        Some(link_id)
    );

    let serialized = serde_json::to_string(&rows).unwrap();
    for secret in &secrets {
        assert!(
            !serialized.contains(secret.as_str()),
            "a secret is in the audit log: {secret}"
        );
    }
    assert!(
        !serialized.contains("$argon2"),
        "no password hash in the log"
    );
}

#[tokio::test]
async fn junk_and_missing_tokens_are_refused_without_a_log_row() {
    let app = spawn_app().await;
    for token in ["", "not-a-token", "eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl"] {
        let response = app.get_auth("/api/v1/auth/session", token).await;
        assert_eq!(response.status(), 401);
    }
    assert_eq!(app.get("/api/v1/documents").await.status(), 401);
    let rows = rows(&app).await;
    assert!(
        rows.is_empty(),
        "only signed tokens on ended sessions are logged: {rows:#?}"
    );
}

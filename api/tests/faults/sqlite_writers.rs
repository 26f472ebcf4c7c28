//! 32 clients writing at once to a server on SQLite: no "database is locked" reaches anyone,
//! no 5xx, and every write is there afterwards.

use std::sync::Mutex;

use futures_util::future::join_all;
use jobtap_api::on_db;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::harness::{Engine, Server, Target, pdf};

const WRITERS: i64 = 32;
/// Bounded: each round is a profile update with a resume, an upload and an application per
/// writer.
const ROUNDS: i64 = 3;

/// Every answer that was not what a healthy server says.
type Failures = Mutex<Vec<String>>;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_32_concurrent_writers_never_see_locked_or_5xx() {
    let target = Target::new(Engine::Sqlite).await;
    let server = target.start(&[]).await;
    let (_, employer) = server.sign_up("writers-employer@example.com", true).await;
    let mut jobs = Vec::new();
    for round in 0..ROUNDS {
        jobs.push(post_job(&server, &employer, round).await);
    }

    let failures = Failures::default();
    join_all((0..WRITERS).map(|n| writer(&server, n, &jobs, &failures))).await;
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} failures: {failures:#?}",
        failures.len()
    );

    let db = target.db().await;
    let (users, documents, applications): (i64, i64, i64) = on_db!(&db, pool => {
        let count = |sql: &'static str| sqlx::query_scalar::<_, i64>(sql).fetch_one(pool);
        (
            count("SELECT COUNT(*) FROM users").await.unwrap(),
            count("SELECT COUNT(*) FROM user_documents").await.unwrap(),
            count("SELECT COUNT(*) FROM applications").await.unwrap(),
        )
    });
    db.close().await;
    let writes = WRITERS * ROUNDS;
    assert_eq!(users, WRITERS + 1, "every sign-up is stored");
    assert_eq!(
        documents,
        2 * writes,
        "every upload and every onboarding resume is stored"
    );
    assert_eq!(applications, writes, "every application is stored");
    server.kill9().await;
}

async fn post_job(server: &Server, token: &str, round: i64) -> String {
    let response = server
        .client
        .post(server.url("/api/v1/employer/jobs"))
        .bearer_auth(token)
        .json(&json!({
            "company_name": "Acme",
            "job_title": format!("Data Analyst {round}"),
            "job_type": "Full-time",
            "job_description": "Build data pipelines. Own our dashboards.",
            "location": "Harare",
            "skills": ["SQL", "Python"],
            "requirements": ["2+ years of SQL"],
            "benefits": ["Medical aid"],
            "salary_min": 1500,
            "salary_max": 2500,
            "experience_years": 1,
            "minimum_score_threshold": 0,
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201, "post a job");
    let body: Value = response.json().await.unwrap();
    body["job"]["id"].as_str().unwrap().to_string()
}

/// One client: signs up, then per round saves its profile, uploads a document and applies.
async fn writer(server: &Server, n: i64, jobs: &[String], failures: &Failures) {
    let signup = server
        .client
        .post(server.url("/api/v1/auth/signup"))
        .json(&json!({
            "email": format!("writer-{n}@example.com"),
            "password": crate::harness::PASSWORD,
            "full_name": format!("Writer {n}"),
        }));
    let Some(session) = check(signup, 201, "sign-up", failures).await else {
        return;
    };
    server
        .confirm_email(&format!("writer-{n}@example.com"))
        .await;
    let token = session["access_token"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let document = pdf(2048);
    for (round, job) in jobs.iter().enumerate() {
        let profile = Form::new()
            .text("full_name", format!("Writer {n}"))
            .text("degree_class", "2.1 Class")
            .text("university", "NUST")
            .text("skills", format!("SQL, Python, Skill{round}"))
            .text("experience_years", "2")
            .text("preferred_location", "Harare")
            .text("min_salary", "1000")
            .text("max_salary", "2500")
            .text("job_types", "Full-time")
            .part(
                "resume",
                Part::bytes(document.clone()).file_name(format!("profile-{round}.pdf")),
            );
        let requests = [
            (
                server
                    .client
                    .post(server.url("/api/v1/profile/onboarding"))
                    .bearer_auth(&token)
                    .multipart(profile),
                200,
                "profile",
            ),
            (
                server
                    .client
                    .post(server.url("/api/v1/documents"))
                    .bearer_auth(&token)
                    .multipart(Form::new().text("document_type", "resume").part(
                        "file",
                        Part::bytes(document.clone()).file_name(format!("cv-{round}.pdf")),
                    )),
                201,
                "upload",
            ),
            (
                server
                    .client
                    .post(server.url("/api/v1/applications"))
                    .bearer_auth(&token)
                    .json(&json!({ "job_id": job })),
                201,
                "apply",
            ),
        ];
        for (request, expected, what) in requests {
            check(request, expected, what, failures).await;
        }
    }
}

/// Sends `request`; records a failure unless it answered `expected` with no sign of a lock.
async fn check(
    request: reqwest::RequestBuilder,
    expected: u16,
    what: &str,
    failures: &Failures,
) -> Option<Value> {
    let response = match request.send().await {
        Ok(response) => response,
        Err(err) => {
            failures.lock().unwrap().push(format!("{what}: {err}"));
            return None;
        }
    };
    let status = response.status().as_u16();
    let text = response.text().await.unwrap_or_default();
    // Only an error's own words: a token in a good answer is random text and may spell "busy".
    let body: Option<Value> = serde_json::from_str(&text).ok();
    let message = body
        .as_ref()
        .and_then(|b| b["error"]["message"].as_str())
        .unwrap_or_default()
        .to_lowercase();
    if status != expected || message.contains("locked") || message.contains("busy") {
        failures
            .lock()
            .unwrap()
            .push(format!("{what}: {status} {text}"));
        return None;
    }
    body
}

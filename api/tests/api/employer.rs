use serde_json::{Value, json};

use crate::helpers::{DirectScores, TestApp, spawn_app};
use crate::profile::{PDF, PNG, candidate, file, form};

/// Signs up an employer and returns the access token.
pub async fn employer(app: &TestApp, email: &str) -> String {
    crate::feed::employer(app, email).await.token
}

pub fn job_body(title: &str) -> Value {
    json!({
        "company_name": "Acme",
        "job_title": title,
        "job_type": "Full-time",
        "job_description": "Build data pipelines. Own our dashboards.",
        "location": "Harare",
        "skills": ["SQL", " Python ", "sql"],
        "requirements": ["2+ years of SQL"],
        "benefits": ["Medical aid"],
        "salary_min": "1500",
        "salary_max": 2500,
        "experience_years": "2",
        "minimum_score_threshold": "",
    })
}

/// A request with `token` and an optional JSON body.
pub async fn send(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> reqwest::Response {
    let mut request = app.client.request(method, app.url(path)).bearer_auth(token);
    if let Some(body) = body {
        request = request.json(&body);
    }
    request.send().await.unwrap()
}

pub async fn post_job(app: &TestApp, token: &str, body: Value) -> Value {
    let response = send(
        app,
        reqwest::Method::POST,
        "/api/v1/employer/jobs",
        token,
        Some(body),
    )
    .await;
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    body["job"].clone()
}

/// Inserts an application of the candidate to `job_id` directly, with given scores.
pub async fn application(
    app: &TestApp,
    candidate_id: &str,
    job_id: &str,
    experience: f64,
    degree: f64,
    total: f64,
    applied_at: i64,
) -> String {
    let scores = DirectScores {
        degree,
        experience,
        total,
        percentage: total / 19.6 * 100.0,
    };
    app.insert_application(candidate_id, job_id, scores, applied_at)
        .await
}

/// Records `document_id` as sent with `application_id` (what applying with it stores).
pub async fn attach(app: &TestApp, application_id: &str, document_id: &str) {
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query("INSERT INTO application_documents (application_id, document_id) VALUES ($1, $2)")
            .bind(application_id)
            .bind(document_id)
            .execute(pool)
            .await
            .map(|_| ())
    })
    .unwrap();
}

pub async fn user_id(app: &TestApp, token: &str) -> String {
    let me: Value = app
        .get_auth("/api/v1/auth/session", token)
        .await
        .json()
        .await
        .unwrap();
    me["user"]["id"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn an_employer_posts_lists_edits_pauses_and_deletes_a_job() {
    let app = spawn_app().await;
    let boss = employer(&app, "boss@acme.co").await;
    let mut body = job_body("Data Analyst");
    body["employer_id"] = json!("someone-else");
    body["id"] = json!("chosen-id");
    body["is_active"] = json!(false);
    let job = post_job(&app, &boss, body).await;
    assert_ne!(job["id"], "chosen-id", "the server picks the id");
    assert_eq!(
        job["employer_id"],
        user_id(&app, &boss).await,
        "the owner comes from the session"
    );
    assert_eq!(job["is_active"], true);
    assert_eq!(
        job["skills"],
        json!(["SQL", "Python"]),
        "trimmed and de-duplicated"
    );
    assert_eq!(job["minimum_score_threshold"], 20.0, "default threshold");
    let id = job["id"].as_str().unwrap();

    let mut edit = job_body("Senior Data Analyst");
    edit["employer_id"] = json!("someone-else");
    let edited = send(
        &app,
        reqwest::Method::PUT,
        &format!("/api/v1/employer/jobs/{id}"),
        &boss,
        Some(edit),
    )
    .await;
    assert_eq!(edited.status(), 200);
    let edited: Value = edited.json().await.unwrap();
    assert_eq!(edited["job"]["job_title"], "Senior Data Analyst");
    assert_eq!(edited["job"]["employer_id"], job["employer_id"]);

    let paused = send(
        &app,
        reqwest::Method::PUT,
        &format!("/api/v1/employer/jobs/{id}/status"),
        &boss,
        Some(json!({ "is_active": false })),
    )
    .await;
    let paused: Value = paused.json().await.unwrap();
    assert_eq!(paused["job"]["is_active"], false);

    let list: Value = app
        .get_auth("/api/v1/employer/jobs", &boss)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list["jobs"].as_array().unwrap().len(), 1);

    let deleted = send(
        &app,
        reqwest::Method::DELETE,
        &format!("/api/v1/employer/jobs/{id}"),
        &boss,
        None,
    )
    .await;
    assert_eq!(deleted.status(), 200);
    let list: Value = app
        .get_auth("/api/v1/employer/jobs", &boss)
        .await
        .json()
        .await
        .unwrap();
    assert!(list["jobs"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn the_post_form_is_validated_with_the_spec_messages() {
    let app = spawn_app().await;
    let boss = employer(&app, "valid@acme.co").await;
    let mut missing = job_body("X");
    missing["location"] = json!(" ");
    let response = send(
        &app,
        reqwest::Method::POST,
        "/api/v1/employer/jobs",
        &boss,
        Some(missing),
    )
    .await;
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["error"]["message"],
        "Please fill in all required fields"
    );
    let mut bad = job_body("X");
    bad["posted_at"] = json!("2026-03-10");
    bad["expires_at"] = json!("2026-03-01");
    let body: Value = send(
        &app,
        reqwest::Method::POST,
        "/api/v1/employer/jobs",
        &boss,
        Some(bad),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(
        body["error"]["message"],
        "Expiry date cannot be before the posted date"
    );
}

#[tokio::test]
async fn employer_b_cannot_see_or_change_employer_a_s_things() {
    let app = spawn_app().await;
    let a = employer(&app, "a@acme.co").await;
    let b = employer(&app, "b@other.co").await;
    let job = post_job(&app, &a, job_body("Analyst")).await;
    let job_id = job["id"].as_str().unwrap();
    let cand = candidate(&app, "cand@example.com").await;
    let cand_id = user_id(&app, &cand).await;
    let onboarding = app
        .client
        .post(app.url("/api/v1/profile/onboarding"))
        .bearer_auth(&cand)
        .multipart(form().part("resume", file(PDF, "cv.pdf")))
        .send()
        .await
        .unwrap();
    assert_eq!(onboarding.status(), 200);
    let application_id = application(&app, &cand_id, job_id, 4.0, 4.0, 15.0, app.clock_now()).await;
    let docs: Value = app
        .get_auth("/api/v1/documents", &cand)
        .await
        .json()
        .await
        .unwrap();
    let doc_id = docs["documents"][0]["id"].as_str().unwrap().to_string();
    attach(&app, &application_id, &doc_id).await;

    for (method, path) in [
        (
            reqwest::Method::GET,
            format!("/api/v1/employer/jobs/{job_id}"),
        ),
        (
            reqwest::Method::PUT,
            format!("/api/v1/employer/jobs/{job_id}/status"),
        ),
        (
            reqwest::Method::DELETE,
            format!("/api/v1/employer/jobs/{job_id}"),
        ),
        (
            reqwest::Method::POST,
            format!("/api/v1/employer/applications/{application_id}/accept"),
        ),
        (
            reqwest::Method::PUT,
            format!("/api/v1/employer/applications/{application_id}/comment"),
        ),
        (
            reqwest::Method::GET,
            format!("/api/v1/employer/applications/{application_id}/candidate"),
        ),
        (
            reqwest::Method::GET,
            format!("/api/v1/employer/applications/{application_id}/documents/{doc_id}"),
        ),
        (
            reqwest::Method::DELETE,
            format!("/api/v1/employer/applications/{application_id}"),
        ),
    ] {
        let body = match method {
            reqwest::Method::PUT if path.ends_with("status") => Some(json!({ "is_active": false })),
            reqwest::Method::PUT => Some(json!({ "private_note": "mine now" })),
            reqwest::Method::POST if path.ends_with("reject") => Some(json!({ "reason": "other" })),
            _ => None,
        };
        let response = send(&app, method.clone(), &path, &b, body).await;
        assert_eq!(response.status(), 404, "{method} {path}");
    }
    let list: Value = app
        .get_auth("/api/v1/employer/applications", &b)
        .await
        .json()
        .await
        .unwrap();
    assert!(list["applications"].as_array().unwrap().is_empty());
    let own: Value = app
        .get_auth("/api/v1/employer/applications", &a)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(own["applications"][0]["status"], "applied", "unchanged");
    assert!(own["applications"][0]["employer_comment"].is_null());

    // A's own access works, including the candidate's document.
    let download = app
        .get_auth(
            &format!("/api/v1/employer/applications/{application_id}/documents/{doc_id}"),
            &a,
        )
        .await;
    assert_eq!(download.status(), 200);
    assert_eq!(&download.bytes().await.unwrap()[..], PDF);
}

#[tokio::test]
async fn a_candidate_gets_403_on_every_employer_route() {
    let app = spawn_app().await;
    let cand = candidate(&app, "nosy@example.com").await;
    for (method, path) in [
        (reqwest::Method::GET, "/api/v1/employer/jobs"),
        (reqwest::Method::POST, "/api/v1/employer/jobs"),
        (reqwest::Method::GET, "/api/v1/employer/applications"),
        (reqwest::Method::GET, "/api/v1/employer/analytics"),
        (reqwest::Method::GET, "/api/v1/employer/recommendation"),
        (
            reqwest::Method::POST,
            "/api/v1/employer/applications/x/accept",
        ),
    ] {
        let body =
            (method == reqwest::Method::POST && path.ends_with("jobs")).then(|| job_body("Sneaky"));
        let response = send(&app, method.clone(), path, &cand, body).await;
        assert_eq!(response.status(), 403, "{method} {path}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(
            body["error"]["message"],
            "Access denied. Employer account required."
        );
    }
    assert_eq!(app.get("/api/v1/employer/jobs").await.status(), 401);
}

// One scenario from filters to analytics: the steps share their data on purpose.
#[allow(clippy::too_many_lines)]
#[tokio::test]
async fn filters_recommendation_decisions_and_analytics() {
    let app = spawn_app().await;
    let boss = employer(&app, "filters@acme.co").await;
    let job = post_job(&app, &boss, job_body("Analyst")).await;
    let job_id = job["id"].as_str().unwrap();
    let now = app.clock_now();
    let mut ids = Vec::new();
    for (i, (experience, degree, total, days_ago)) in [
        (5.0, 5.0, 18.0, 1),
        (3.0, 4.0, 14.0, 10),
        (2.0, 2.0, 9.0, 40),
    ]
    .into_iter()
    .enumerate()
    {
        let cand = candidate(&app, &format!("c{i}@example.com")).await;
        let id = user_id(&app, &cand).await;
        ids.push(
            application(
                &app,
                &id,
                job_id,
                experience,
                degree,
                total,
                now - days_ago * 86_400_000,
            )
            .await,
        );
    }
    let q = |query: &str| format!("/api/v1/employer/applications?{query}");
    let count = |v: Value| v["applications"].as_array().unwrap().len();
    assert_eq!(
        count(app.get_auth(&q(""), &boss).await.json().await.unwrap()),
        3
    );
    assert_eq!(
        count(
            app.get_auth(&q("days=7"), &boss)
                .await
                .json()
                .await
                .unwrap()
        ),
        1
    );
    assert_eq!(
        count(
            app.get_auth(&q("days=30"), &boss)
                .await
                .json()
                .await
                .unwrap()
        ),
        2
    );
    assert_eq!(
        count(
            app.get_auth(&q("min_experience=3"), &boss)
                .await
                .json()
                .await
                .unwrap()
        ),
        2
    );
    assert_eq!(
        count(
            app.get_auth(&q("min_degree=5"), &boss)
                .await
                .json()
                .await
                .unwrap()
        ),
        1
    );

    let top: Value = app
        .get_auth("/api/v1/employer/recommendation", &boss)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(top["application_id"], ids[0].as_str());
    assert_eq!(top["total_raw_score"], 18.0);
    // The summary writes the score as every screen does (core's score text): no "18.00".
    let summary = top["summary"].as_str().unwrap();
    assert!(summary.contains(" scored 18/19.6 ("), "{summary}");
    let top_filtered: Value = app
        .get_auth(
            "/api/v1/employer/recommendation?days=30&min_degree=4&min_experience=3",
            &boss,
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(top_filtered["application_id"], ids[0].as_str());

    let accept = send(
        &app,
        reqwest::Method::POST,
        &format!("/api/v1/employer/applications/{}/accept", ids[0]),
        &boss,
        None,
    )
    .await;
    let accept: Value = accept.json().await.unwrap();
    assert_eq!(accept["message"], "Application accepted");
    let again = send(
        &app,
        reqwest::Method::POST,
        &format!("/api/v1/employer/applications/{}/reject", ids[0]),
        &boss,
        Some(json!({ "reason": "other" })),
    )
    .await;
    assert_eq!(again.status(), 409, "decisions only while applied");
    let reject = send(
        &app,
        reqwest::Method::POST,
        &format!("/api/v1/employer/applications/{}/reject", ids[1]),
        &boss,
        Some(json!({ "reason": "stronger_candidate" })),
    )
    .await;
    let reject: Value = reject.json().await.unwrap();
    assert_eq!(reject["message"], "Application rejected and removed");
    assert_eq!(
        count(app.get_auth(&q(""), &boss).await.json().await.unwrap()),
        2,
        "rejected leaves the employer's list"
    );
    let status: String = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT status FROM applications WHERE id = $1").bind(&ids[1]).fetch_one(pool).await
    }).unwrap();
    assert_eq!(status, "rejected", "the row stays for the candidate");

    let blank = send(
        &app,
        reqwest::Method::PUT,
        &format!("/api/v1/employer/applications/{}/comment", ids[2]),
        &boss,
        Some(json!({ "private_note": "   ", "employer_comment": "" })),
    )
    .await;
    assert_eq!(blank.status(), 422);
    let comment = send(
        &app,
        reqwest::Method::PUT,
        &format!("/api/v1/employer/applications/{}/comment", ids[2]),
        &boss,
        Some(json!({ "private_note": " Great SQL. " })),
    )
    .await;
    assert_eq!(comment.status(), 200);

    let analytics: Value = app
        .get_auth("/api/v1/employer/analytics", &boss)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(analytics["totalApplications"], 3);
    assert_eq!(analytics["acceptedCount"], 1);
    assert_eq!(analytics["rejectedCount"], 1);
    assert_eq!(analytics["pendingCount"], 1);
    assert_eq!(analytics["locationDistribution"]["Unknown"], 3);
    let per_day = analytics["applicationsPerDay"].as_array().unwrap();
    assert_eq!(per_day.len(), 30);
    assert_eq!(
        per_day
            .iter()
            .map(|d| d["count"].as_i64().unwrap())
            .sum::<i64>(),
        2,
        "two within 30 days"
    );
    assert_eq!(analytics["applicationsPerJob"][0]["count"], 3);
}

#[tokio::test]
async fn deleting_a_job_declines_its_pending_applications_for_the_candidates() {
    let app = spawn_app().await;
    let boss = employer(&app, "del@acme.co").await;
    let job = post_job(&app, &boss, job_body("Analyst")).await;
    let job_id = job["id"].as_str().unwrap();
    let cand = candidate(&app, "pending@example.com").await;
    let cand_id = user_id(&app, &cand).await;
    let application_id = application(&app, &cand_id, job_id, 3.0, 3.0, 12.0, app.clock_now()).await;
    let deleted: Value = send(
        &app,
        reqwest::Method::DELETE,
        &format!("/api/v1/employer/jobs/{job_id}"),
        &boss,
        None,
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(deleted["declined_applications"], 1);
    let row: (String, Option<String>, Option<String>, String) = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_as("SELECT status, job_id, employer_comment, job_title_snapshot FROM applications WHERE id = $1")
            .bind(&application_id)
            .fetch_one(pool)
            .await
    }).unwrap();
    assert_eq!(row.0, "rejected");
    assert!(row.1.is_none(), "the job is gone");
    assert!(row.2.unwrap().contains("removed by the employer"));
    let moves: Vec<(String, String, Option<String>)> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_as(
            "SELECT from_stage, to_stage, actor_id FROM application_stage_moves WHERE application_id = $1",
        )
        .bind(&application_id)
        .fetch_all(pool)
        .await
    })
    .unwrap();
    let boss_id = user_id(&app, &boss).await;
    assert_eq!(
        moves,
        [("applied".to_string(), "rejected".to_string(), Some(boss_id))],
        "the decline is a move by the employer, as a rejection is"
    );
}

#[tokio::test]
async fn logos_are_images_by_content_and_public_once_uploaded() {
    let app = spawn_app().await;
    let boss = employer(&app, "logo@acme.co").await;
    let upload = |bytes: &'static [u8], name: &'static str| {
        let form = reqwest::multipart::Form::new().part("file", file(bytes, name));
        app.client
            .post(app.url("/api/v1/employer/logos"))
            .bearer_auth(&boss)
            .multipart(form)
            .send()
    };
    let refused = upload(b"%PDF-1.4 not an image", "logo.png").await.unwrap();
    assert_eq!(refused.status(), 415);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["error"]["message"], "Please upload an image file");
    let ok = upload(PNG, "logo.png").await.unwrap();
    assert_eq!(ok.status(), 201);
    let url = ok.json::<Value>().await.unwrap()["url"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(url.starts_with("/api/v1/logos/"));
    let public = app.get(&url).await;
    assert_eq!(public.status(), 200);
    assert_eq!(public.headers()["content-type"], "image/png");
    let mut body = job_body("With logo");
    body["company_logo"] = json!(url);
    let job = post_job(&app, &boss, body).await;
    assert_eq!(job["company_logo"], url.as_str());
}

/// Every page of `GET /api/v1/employer/applications?{query}` with `limit`, following
/// `next_cursor` to the end: the application ids in order, and the number of pages.
async fn walk(app: &TestApp, token: &str, query: &str, limit: i64) -> (Vec<String>, usize) {
    let mut ids = Vec::new();
    let mut pages = 0;
    let mut cursor: Option<String> = None;
    loop {
        let path = match &cursor {
            Some(c) => format!("/api/v1/employer/applications?{query}&limit={limit}&cursor={c}"),
            None => format!("/api/v1/employer/applications?{query}&limit={limit}"),
        };
        let page: Value = app.get_auth(&path, token).await.json().await.unwrap();
        pages += 1;
        let items = page["applications"].as_array().unwrap();
        assert!(items.len() <= usize::try_from(limit).unwrap(), "{path}");
        ids.extend(items.iter().map(|a| a["id"].as_str().unwrap().to_string()));
        match page["next_cursor"].as_str() {
            Some(next) => cursor = Some(next.to_string()),
            None => return (ids, pages),
        }
        assert!(pages < 100, "the cursor must move on");
    }
}

#[allow(clippy::too_many_lines)]
#[tokio::test]
async fn applications_come_a_page_at_a_time_newest_first_and_the_export_has_them_all() {
    let app = spawn_app().await;
    let boss = employer(&app, "pages@acme.co").await;
    let cand = candidate(&app, "paged@example.com").await;
    let cand_id = user_id(&app, &cand).await;
    let now = app.clock_now();
    // 25 applications (one per job), two at a time at the same instant: ties go by id.
    let mut expected: Vec<(i64, String, f64)> = Vec::new();
    for k in 0..25_i64 {
        let job = post_job(&app, &boss, job_body(&format!("Role {k}"))).await;
        let applied_at = now - (k / 2) * 60_000;
        let experience = if k % 3 == 0 { 4.0 } else { 2.0 };
        let id = application(
            &app,
            &cand_id,
            job["id"].as_str().unwrap(),
            experience,
            4.0,
            12.0,
            applied_at,
        )
        .await;
        expected.push((applied_at, id, experience));
    }
    expected.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| b.1.cmp(&a.1)));
    let newest_first: Vec<String> = expected.iter().map(|e| e.1.clone()).collect();

    // The default page: 20, then the rest after the cursor.
    let first: Value = app
        .get_auth("/api/v1/employer/applications", &boss)
        .await
        .json()
        .await
        .unwrap();
    let items = first["applications"].as_array().unwrap();
    assert_eq!(items.len(), 20);
    let ids: Vec<&str> = items.iter().map(|a| a["id"].as_str().unwrap()).collect();
    assert_eq!(ids, newest_first[..20]);
    assert!(
        items[0].get("cover_letter").is_none(),
        "the list leaves the cover letter to the candidate route"
    );
    assert_eq!(items[0]["candidate_email"], "paged@example.com");
    let cursor = first["next_cursor"].as_str().expect("a next page");
    let second: Value = app
        .get_auth(
            &format!("/api/v1/employer/applications?cursor={cursor}"),
            &boss,
        )
        .await
        .json()
        .await
        .unwrap();
    let ids: Vec<&str> = second["applications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, newest_first[20..]);
    assert!(second["next_cursor"].is_null(), "the last page");

    // Small pages: every application once, in order, across ties.
    let (all, pages) = walk(&app, &boss, "", 7).await;
    assert_eq!(all, newest_first);
    assert_eq!(pages, 4);
    // The filters page the same way.
    let (experienced, _) = walk(&app, &boss, "min_experience=3", 2).await;
    let want: Vec<String> = expected
        .iter()
        .filter(|e| e.2 >= 3.0)
        .map(|e| e.1.clone())
        .collect();
    assert_eq!(experienced.len(), 9);
    assert_eq!(experienced, want);
    // Limits are clamped to 1–100.
    let one: Value = app
        .get_auth("/api/v1/employer/applications?limit=0", &boss)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(one["applications"].as_array().unwrap().len(), 1);
    let (big, pages) = walk(&app, &boss, "", 1000).await;
    assert_eq!((big.len(), pages), (25, 1));
    // A cursor the server did not make.
    let bad = app
        .get_auth("/api/v1/employer/applications?cursor=not-a-cursor", &boss)
        .await;
    assert_eq!(bad.status(), 400);
    let body: Value = bad.json().await.unwrap();
    assert_eq!(body["error"]["message"], "Invalid cursor");

    // The candidate route still has the cover letter.
    let candidate: Value = app
        .get_auth(
            &format!(
                "/api/v1/employer/applications/{}/candidate",
                newest_first[0]
            ),
            &boss,
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(candidate["cover_letter"], "Dear team");
    assert_eq!(candidate["email_subject"], "Application");

    // The CSV export is not paged: a header and all 25.
    let csv = app
        .get_auth("/api/v1/employer/applications/export.csv", &boss)
        .await;
    assert_eq!(csv.status(), 200);
    let text = csv.text().await.unwrap();
    assert_eq!(text.lines().filter(|l| !l.is_empty()).count(), 26);
}

async fn recommended(app: &TestApp, token: &str) -> String {
    let body: Value = app
        .get_auth("/api/v1/employer/recommendation", token)
        .await
        .json()
        .await
        .unwrap();
    body["application_id"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn the_recommendation_breaks_ties_by_earliest_application_then_smallest_id() {
    let app = spawn_app().await;
    let boss = employer(&app, "ties@acme.co").await;
    let cand = candidate(&app, "tied@example.com").await;
    let cand_id = user_id(&app, &cand).await;
    let now = app.clock_now();
    let mut same_time = Vec::new();
    for k in 0..3 {
        let job = post_job(&app, &boss, job_body(&format!("Tie {k}"))).await;
        let job_id = job["id"].as_str().unwrap();
        same_time.push(application(&app, &cand_id, job_id, 4.0, 4.0, 15.0, now).await);
    }
    // Same score, same time: the smallest id, every time.
    let smallest = same_time.iter().min().unwrap().clone();
    assert_eq!(recommended(&app, &boss).await, smallest);
    // Same score, applied earlier: that one.
    let job = post_job(&app, &boss, job_body("Earlier")).await;
    let earlier = application(
        &app,
        &cand_id,
        job["id"].as_str().unwrap(),
        4.0,
        4.0,
        15.0,
        now - 1000,
    )
    .await;
    assert_eq!(recommended(&app, &boss).await, earlier);
    // A higher score beats both, even when newer.
    let job = post_job(&app, &boss, job_body("Best")).await;
    let best = application(
        &app,
        &cand_id,
        job["id"].as_str().unwrap(),
        4.0,
        4.0,
        16.0,
        now + 1000,
    )
    .await;
    let body: Value = app
        .get_auth("/api/v1/employer/recommendation", &boss)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body["application_id"], best.as_str());
    assert_eq!(body["job_title"], "Best");
    assert_eq!(body["candidate_name"], "Tendai Moyo");
}

/// The dashboard's analytics and its jobs list's count for `job_id`.
async fn figures(app: &TestApp, token: &str, job_id: &str) -> (Value, i64) {
    let analytics: Value = app
        .get_auth("/api/v1/employer/analytics", token)
        .await
        .json()
        .await
        .unwrap();
    let jobs: Value = app
        .get_auth("/api/v1/employer/jobs", token)
        .await
        .json()
        .await
        .unwrap();
    let count = jobs["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|job| job["id"] == job_id)
        .map(|job| job["applications_count"].as_i64().unwrap())
        .unwrap();
    (analytics, count)
}

/// Runs `sql` with `id` as `$1`, as another server sharing the database would.
async fn sql(app: &TestApp, sql: &'static str, id: &str) {
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query(sql).bind(id).execute(pool).await.map(|_| ())
    })
    .unwrap();
}

#[tokio::test]
async fn dashboard_figures_follow_every_change_at_once_even_from_another_server() {
    let app = spawn_app().await;
    let boss = employer(&app, "stamp@acme.co").await;
    let job_id = post_job(&app, &boss, job_body("Analyst")).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (analytics, count) = figures(&app, &boss, &job_id).await;
    assert_eq!(
        (analytics["totalApplications"].as_i64(), count),
        (Some(0), 0)
    );

    // An application written by another server: seen on the next read.
    let cand = candidate(&app, "stamp-c@example.com").await;
    let cand_id = user_id(&app, &cand).await;
    let now = app.clock_now();
    let first = application(&app, &cand_id, &job_id, 4.0, 4.0, 15.0, now).await;
    let (analytics, count) = figures(&app, &boss, &job_id).await;
    assert_eq!(analytics["totalApplications"], 1);
    assert_eq!(analytics["pendingCount"], 1);
    assert_eq!(count, 1);

    // A decision through this server.
    let decided = send(
        &app,
        reqwest::Method::POST,
        &format!("/api/v1/employer/applications/{first}/accept"),
        &boss,
        None,
    )
    .await;
    assert_eq!(decided.status(), 200);
    let (analytics, _) = figures(&app, &boss, &job_id).await;
    assert_eq!(
        (&analytics["acceptedCount"], &analytics["pendingCount"]),
        (&json!(1), &json!(0))
    );

    // A change of status by another server in the same millisecond as the last one.
    sql(
        &app,
        "UPDATE applications SET status = 'rejected', hidden_from_employer = TRUE, \
         updated_at = updated_at + 1 WHERE id = $1",
        &first,
    )
    .await;
    let (analytics, count) = figures(&app, &boss, &job_id).await;
    assert_eq!(
        (&analytics["acceptedCount"], &analytics["rejectedCount"]),
        (&json!(0), &json!(1))
    );
    assert_eq!(count, 0, "a rejected application leaves the list");

    // A new job shows in the per-job figures.
    post_job(&app, &boss, job_body("Second")).await;
    let (analytics, _) = figures(&app, &boss, &job_id).await;
    assert_eq!(analytics["applicationsPerJob"].as_array().unwrap().len(), 2);

    // A second application, then the first deleted by another server: counts move.
    let other = candidate(&app, "stamp-d@example.com").await;
    let other_id = user_id(&app, &other).await;
    application(&app, &other_id, &job_id, 4.0, 4.0, 15.0, now).await;
    sql(&app, "DELETE FROM applications WHERE id = $1", &first).await;
    let (analytics, count) = figures(&app, &boss, &job_id).await;
    assert_eq!(analytics["totalApplications"], 1);
    assert_eq!(analytics["rejectedCount"], 0);
    assert_eq!(count, 1);

    // An applicant's new location is not in the stamp: it shows once the kept
    // figures are a minute old.
    sql(
        &app,
        "UPDATE profiles SET location = 'Bulawayo' WHERE id = $1",
        &other_id,
    )
    .await;
    let (analytics, _) = figures(&app, &boss, &job_id).await;
    assert!(analytics["locationDistribution"].get("Bulawayo").is_none());
    app.clock.advance(jobtap_api::employer::derived::MAX_AGE_MS);
    let (analytics, _) = figures(&app, &boss, &job_id).await;
    assert_eq!(analytics["locationDistribution"]["Bulawayo"], 1);
}

#[tokio::test]
async fn the_employer_and_the_candidate_read_a_job_s_salary_and_posted_day_the_same() {
    let app = spawn_app().await;
    let token = employer(&app, "side-by-side@acme.test").await;
    let mut body = job_body("Side By Side Analyst");
    body["salary_min"] = json!(1500.5);
    body["salary_max"] = json!(2500);
    body["posted_at"] = json!("2026-03-05");
    let posted = post_job(&app, &token, body).await;
    assert_eq!(posted["salary_text"], "$1,500.50 - $2,500");
    assert_eq!(posted["posted_text"], "Posted Mar 5, 2026");

    let listed = send(
        &app,
        reqwest::Method::GET,
        "/api/v1/employer/jobs",
        &token,
        None,
    )
    .await;
    assert_eq!(listed.status(), 200);
    let listed: Value = listed.json().await.unwrap();
    let mine = listed["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|job| job["id"] == posted["id"])
        .expect("the job is listed")
        .clone();

    let seeker = crate::profile::candidate(&app, "side-by-side@seeker.test").await;
    let id = posted["id"].as_str().unwrap();
    let seen = app.get_auth(&format!("/api/v1/jobs/{id}"), &seeker).await;
    assert_eq!(seen.status(), 200);
    let seen: Value = seen.json().await.unwrap();
    let card = &seen["card"];
    for employer_side in [&posted, &mine] {
        assert_eq!(employer_side["salary_text"], card["salary"]);
        assert_eq!(employer_side["posted_text"], card["posted"]);
    }
}

#[tokio::test]
async fn a_posting_no_listing_could_show_is_refused_and_nothing_is_stored() {
    let app = spawn_app().await;
    let boss = employer(&app, "limits-boss@example.com").await;
    let mut huge = job_body(&"T".repeat(151));
    huge["job_description"] = json!("d".repeat(20_001));
    huge["company_name"] = json!("Acme\u{202E}gpj.exe");
    huge["skills"] = json!((0..51).map(|i| format!("skill {i}")).collect::<Vec<_>>());
    huge["salary_max"] = json!(1e308);
    huge["posted_at"] = json!("9999-12-31");
    huge["application_email"] = json!("<script>@x.y");
    let response = send(
        &app,
        reqwest::Method::POST,
        "/api/v1/employer/jobs",
        &boss,
        Some(huge),
    )
    .await;
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await.unwrap();
    let fields = &body["error"]["fields"];
    for (field, message) in [
        ("job_title", "Job title must be at most 150 characters"),
        (
            "job_description",
            "Job description must be at most 20,000 characters",
        ),
        (
            "company_name",
            "Remove the hidden control or text-direction characters from this field",
        ),
        ("skills", "A list can have at most 50 entries"),
        ("salary_max", "Salary must be at most 100,000,000"),
        ("posted_at", "The posted date cannot be later than tomorrow"),
        ("application_email", "Invalid email address"),
    ] {
        assert_eq!(fields[field][0], message, "{field}: {body}");
    }
    let mine = send(
        &app,
        reqwest::Method::GET,
        "/api/v1/employer/jobs",
        &boss,
        None,
    )
    .await;
    let mine: Value = mine.json().await.unwrap();
    assert_eq!(mine["jobs"].as_array().map(Vec::len), Some(0), "{mine}");
}

#[tokio::test]
async fn logo_uploads_keep_to_the_upload_rate() {
    let app = spawn_app().await;
    let boss = employer(&app, "many-logos@acme.co").await;
    let upload = || {
        let form = reqwest::multipart::Form::new().part("file", file(PNG, "logo.png"));
        app.client
            .post(app.url("/api/v1/employer/logos"))
            .bearer_auth(&boss)
            .multipart(form)
            .send()
    };
    for i in 0..jobtap_core::files::UPLOADS_PER_WINDOW {
        assert_eq!(upload().await.unwrap().status(), 201, "logo {i}");
    }
    let refused = upload().await.unwrap();
    assert_eq!(refused.status(), 429);
    assert!(refused.headers().contains_key("retry-after"));
    app.clock.advance(jobtap_core::files::UPLOAD_WINDOW_MS);
    assert_eq!(upload().await.unwrap().status(), 201);
}

// Posting by hand a job that is live already asks first, and "post again" posts it; the same
// title in another place is another job.
#[tokio::test]
async fn posting_a_job_already_live_asks_first() {
    let app = spawn_app().await;
    let boss = crate::feed::employer(&app, "hr@acme.example").await;
    let first = post_job(&app, &boss.token, job_body("Data Engineer")).await;
    let mut reworded = job_body("data engineer");
    reworded["job_description"] = json!("Build  data pipelines - own our dashboards!");
    let again = send(
        &app,
        reqwest::Method::POST,
        "/api/v1/employer/jobs",
        &boss.token,
        Some(reworded.clone()),
    )
    .await;
    let body = crate::feed::error(again, 409).await;
    assert_eq!(body["kind"], "duplicate_job");
    assert_eq!(
        body["message"],
        "You already have this job live, with the same title, place and description. Post it again?"
    );
    let listed = app.get_auth("/api/v1/employer/jobs", &boss.token).await;
    let listed: Value = listed.json().await.unwrap();
    assert_eq!(listed["jobs"].as_array().unwrap().len(), 1);

    let unclear = send(
        &app,
        reqwest::Method::POST,
        "/api/v1/employer/jobs?post_again=2",
        &boss.token,
        Some(reworded.clone()),
    )
    .await;
    let body = crate::feed::error(unclear, 400).await;
    assert_eq!(body["message"], "post_again is true or false");
    // Given twice, the query cannot be read: a 400, not another route's 405.
    let twice = send(
        &app,
        reqwest::Method::POST,
        "/api/v1/employer/jobs?post_again=true&post_again=true",
        &boss.token,
        Some(reworded.clone()),
    )
    .await;
    crate::feed::error(twice, 400).await;
    let posted = send(
        &app,
        reqwest::Method::POST,
        "/api/v1/employer/jobs?post_again=true",
        &boss.token,
        Some(reworded),
    )
    .await;
    assert_eq!(posted.status(), 201);

    // Another place is another job.
    let mut bulawayo = job_body("Data Engineer");
    bulawayo["location"] = json!("Bulawayo");
    post_job(&app, &boss.token, bulawayo).await;
    assert_ne!(first["id"], Value::Null);
}

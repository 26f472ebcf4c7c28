use serde_json::{Value, json};

use crate::feed::{candidate, employer, insert, job, set_profile};
use crate::helpers::{TestApp, spawn_app};

async fn apply(app: &TestApp, token: &str, job_id: &str) -> Value {
    let response = app
        .client
        .post(app.url("/api/v1/applications"))
        .bearer_auth(token)
        .json(&json!({ "job_id": job_id }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    response.json().await.unwrap()
}

async fn mine(app: &TestApp, token: &str) -> Value {
    let response = app.get_auth("/api/v1/applications", token).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

#[tokio::test]
async fn the_candidate_lists_their_applications_with_jobs_and_counts() {
    let app = spawn_app().await;
    let me = candidate(&app, "list@example.com").await;
    set_profile(
        &app,
        &me.id,
        Some("2.1 Class"),
        Some("NUST"),
        &["React", "TypeScript"],
        Some(3),
    )
    .await;
    insert(&app, &[job(&app, "job-a", 10), job(&app, "job-b", 5)]).await;
    apply(&app, &me.token, "job-a").await;
    app.clock.advance(1000);
    let second = apply(&app, &me.token, "job-b").await;

    let body = mine(&app, &me.token).await;
    let list = body["applications"].as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["id"], second["id"], "newest first");
    assert_eq!(list[0]["job_title"], "Frontend Developer");
    assert_eq!(list[0]["company_name"], "Acme Fintech");
    assert_eq!(list[0]["salary_min"], 1500.0);
    assert_eq!(list[0]["job_available"], true);
    assert!(
        list[0]["cover_letter"]
            .as_str()
            .unwrap()
            .contains("Acme Fintech")
    );
    assert_eq!(
        body["counts"],
        json!({ "total": 2, "pending": 2, "accepted": 0, "rejected": 0 })
    );
}

#[tokio::test]
async fn a_deleted_job_stays_listed_as_no_longer_available() {
    let app = spawn_app().await;
    let me = candidate(&app, "gone@example.com").await;
    set_profile(
        &app,
        &me.id,
        Some("2.1 Class"),
        Some("NUST"),
        &["React"],
        Some(3),
    )
    .await;
    let boss = employer(&app, "boss@acme.co").await;
    let mut posting = job(&app, "job-x", 1);
    posting.employer_id = Some(boss.id.clone());
    insert(&app, &[posting]).await;
    apply(&app, &me.token, "job-x").await;
    let deleted = app
        .client
        .delete(app.url("/api/v1/employer/jobs/job-x"))
        .bearer_auth(&boss.token)
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), 200);

    let body = mine(&app, &me.token).await;
    let only = &body["applications"][0];
    assert_eq!(only["job_available"], false);
    assert!(only["job_id"].is_null());
    assert_eq!(only["job_title"], "Frontend Developer", "from the snapshot");
    assert_eq!(only["status"], "rejected");
    assert_eq!(body["counts"]["rejected"], 1);
}

#[tokio::test]
async fn deleting_someone_elses_application_is_404_and_changes_nothing() {
    let app = spawn_app().await;
    let me = candidate(&app, "mine@example.com").await;
    let other = candidate(&app, "other@example.com").await;
    set_profile(
        &app,
        &me.id,
        Some("2.1 Class"),
        Some("NUST"),
        &["React"],
        Some(3),
    )
    .await;
    insert(&app, &[job(&app, "job-1", 1)]).await;
    let application = apply(&app, &me.token, "job-1").await;
    let id = application["id"].as_str().unwrap();

    let theirs = app
        .client
        .delete(app.url(&format!("/api/v1/applications/{id}")))
        .bearer_auth(&other.token)
        .send()
        .await
        .unwrap();
    assert_eq!(theirs.status(), 404);
    assert!(
        mine(&app, &other.token).await["applications"]
            .as_array()
            .unwrap()
            .is_empty(),
        "others see nothing"
    );
    assert_eq!(
        mine(&app, &me.token).await["applications"]
            .as_array()
            .unwrap()
            .len(),
        1
    );

    let own = app
        .client
        .delete(app.url(&format!("/api/v1/applications/{id}")))
        .bearer_auth(&me.token)
        .send()
        .await
        .unwrap();
    assert_eq!(own.status(), 204);
    assert!(
        mine(&app, &me.token).await["applications"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert_eq!(app.get("/api/v1/applications").await.status(), 401);
}

#[tokio::test]
async fn job_assistance_answers_in_the_spec_shapes_for_employers_only() {
    let app = spawn_app().await;
    let boss = employer(&app, "ai@acme.co").await;
    let me = candidate(&app, "ai-cand@example.com").await;
    let ask = |token: &str, body: Value| {
        app.client
            .post(app.url("/api/v1/functions/ai-job-assistance"))
            .bearer_auth(token.to_string())
            .json(&body)
            .send()
    };
    let description: Value = ask(&boss.token, json!({ "type": "description", "input": { "jobTitle": "Data Analyst", "companyName": "Acme", "jobType": "Full-time", "experienceLevel": "Not specified" } })).await.unwrap().json().await.unwrap();
    assert!(
        description["result"]
            .as_str()
            .unwrap()
            .starts_with("Acme is looking for a Data Analyst")
    );
    let skills: Value = ask(&boss.token, json!({ "type": "skills", "input": { "jobTitle": "Data Analyst", "description": "SQL and Power BI dashboards" } })).await.unwrap().json().await.unwrap();
    let list: Vec<String> =
        serde_json::from_str(skills["result"].as_str().unwrap()).expect("JSON text of a list");
    assert!(list.iter().any(|s| s == "SQL"), "{list:?}");
    let score: Value = ask(&boss.token, json!({ "type": "talent-score", "input": { "jobTitle": "Senior Data Analyst", "description": "5+ years of SQL", "requirements": "", "skills": "" } })).await.unwrap().json().await.unwrap();
    assert!(score["result"].as_f64().unwrap() > 20.0);
    let missing = ask(
        &boss.token,
        json!({ "type": "skills", "input": { "jobTitle": "Data Analyst" } }),
    )
    .await
    .unwrap();
    assert_eq!(missing.status(), 422);
    let body: Value = missing.json().await.unwrap();
    assert_eq!(
        body["error"]["message"],
        "Please fill in job title and description first"
    );
    let candidate_call = ask(&me.token, json!({ "type": "skills", "input": {} }))
        .await
        .unwrap();
    assert_eq!(candidate_call.status(), 403);
}

/// A status counts under the tab core puts it in on both sides; the employer reads core's
/// status and stage names, the candidate the stage in plain words.
#[tokio::test]
async fn a_status_has_one_tab_on_both_sides_and_each_side_its_words() {
    let app = spawn_app().await;
    let me = candidate(&app, "review@example.com").await;
    set_profile(
        &app,
        &me.id,
        Some("2.1 Class"),
        Some("NUST"),
        &["React"],
        Some(3),
    )
    .await;
    let boss = employer(&app, "review-boss@acme.co").await;
    let mut posting = job(&app, "job-review", 1);
    posting.employer_id = Some(boss.id.clone());
    insert(&app, &[posting]).await;
    apply(&app, &me.token, "job-review").await;
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query("UPDATE applications SET status = 'under_review', stage = 'screening'")
            .execute(pool)
            .await
            .unwrap();
    });

    let body = mine(&app, &me.token).await;
    let own = &body["applications"][0];
    assert_eq!(own["status"], "under_review");
    assert_eq!(own["status_label"], "In review");
    assert_eq!(own["status_bucket"], "pending");
    assert_eq!(body["counts"]["pending"], 1);
    let listed: Value = app
        .get_auth("/api/v1/employer/applications", &boss.token)
        .await
        .json()
        .await
        .unwrap();
    let theirs = &listed["applications"][0];
    assert_eq!(theirs["status_label"], "Under review");
    assert_eq!(theirs["stage_label"], "Screening");
    assert_eq!(theirs["status_bucket"], "pending");
    // The applied day as core writes dates (UTC), whatever the employer's time zone.
    let applied_at = theirs["applied_at"].as_i64().unwrap();
    assert_eq!(
        theirs["applied_text"],
        jobtap_core::format::format_date(applied_at)
    );
}

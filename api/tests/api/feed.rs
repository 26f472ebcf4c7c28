//! The swipe feed: `/api/v1/jobs`, one job, fit scores, job alerts and the
//! cover-letter function. Also the fixtures `apply.rs` shares.

use jobtap_api::clock::DAY_MS;
use jobtap_api::jobs::store::{JobFields, insert_many};
use serde_json::{Value, json};
use sqlx::types::Json;

use crate::helpers::{TestApp, spawn_app};

pub const MSG_JOB_GONE: &str = "Job not found or no longer available";

/// A signed-up user: its id and access token.
pub struct User {
    pub id: String,
    pub token: String,
}

/// Signs up a candidate through the API.
pub async fn candidate(app: &TestApp, email: &str) -> User {
    sign_up(
        app,
        "/api/v1/auth/signup",
        json!({ "email": email, "password": "sadza-nyama-2024", "full_name": "Tendai Moyo" }),
    )
    .await
}

/// Signs up a candidate whose profile is complete (what onboarding saves), so they may
/// apply: 2.1 from NUST, React and TypeScript (the skills of [`job`]), 3 years.
pub async fn applicant(app: &TestApp, email: &str) -> User {
    let user = candidate(app, email).await;
    set_profile(
        app,
        &user.id,
        Some("2.1 Class"),
        Some("NUST"),
        &["React", "TypeScript"],
        Some(3),
    )
    .await;
    user
}

/// Signs up an employer through the API.
pub async fn employer(app: &TestApp, email: &str) -> User {
    sign_up(
        app,
        "/api/v1/auth/employer/signup",
        json!({ "email": email, "password": "sadza-nyama-2024", "full_name": "Rudo", "company_name": "Acme" }),
    )
    .await
}

/// Signs up with `body` and follows the confirmation link e-mailed, as a person does before
/// applying or publishing.
pub async fn sign_up(app: &TestApp, path: &str, body: Value) -> User {
    let user = sign_up_unconfirmed(app, path, &body).await;
    app.confirm_email(body["email"].as_str().unwrap()).await;
    user
}

/// Signs up with `body` and leaves the confirmation e-mail unread.
pub async fn sign_up_unconfirmed(app: &TestApp, path: &str, body: &Value) -> User {
    let response = app.post_json(path, body).await;
    assert_eq!(response.status(), 201, "sign-up failed");
    let session: Value = response.json().await.unwrap();
    User {
        id: session["user"]["id"].as_str().unwrap().to_string(),
        token: session["access_token"].as_str().unwrap().to_string(),
    }
}

/// Signs `email` in again (access tokens end after 15 minutes; some tests move the clock by hours).
pub async fn sign_in(app: &TestApp, email: &str) -> User {
    sign_in_at(app, "/api/v1/auth/signin", email).await
}

/// [`sign_in`] for an employer.
pub async fn sign_in_employer(app: &TestApp, email: &str) -> User {
    sign_in_at(app, "/api/v1/auth/employer/signin", email).await
}

async fn sign_in_at(app: &TestApp, path: &str, email: &str) -> User {
    let response = app
        .post_json(
            path,
            &json!({ "email": email, "password": "sadza-nyama-2024" }),
        )
        .await;
    assert_eq!(response.status(), 200, "sign-in failed");
    let session: Value = response.json().await.unwrap();
    User {
        id: session["user"]["id"].as_str().unwrap().to_string(),
        token: session["access_token"].as_str().unwrap().to_string(),
    }
}

/// Writes the scoring fields of a profile directly (what onboarding would save).
pub async fn set_profile(
    app: &TestApp,
    user_id: &str,
    degree_class: Option<&str>,
    university: Option<&str>,
    skills: &[&str],
    experience_years: Option<i64>,
) {
    let skills: Vec<String> = skills.iter().map(|s| (*s).to_string()).collect();
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query(
            "UPDATE profiles SET degree_class = $2, university = $3, skills = $4, experience_years = $5 WHERE id = $1",
        )
        .bind(user_id)
        .bind(degree_class)
        .bind(university)
        .bind(Json(&skills))
        .bind(experience_years)
        .execute(pool)
        .await
        .unwrap();
    });
}

/// An active job with id `id`, posted `minutes_ago` before now, with an open threshold.
pub fn job(app: &TestApp, id: &str, minutes_ago: i64) -> JobFields {
    JobFields {
        id: id.to_string(),
        company_name: "Acme Fintech".into(),
        job_title: "Frontend Developer".into(),
        job_type: "Full-time".into(),
        // The id in the text: jobs of one test are different postings, not one posted twice.
        job_description: format!("Build the web app our customers use every day. Reference {id}."),
        location: "Harare".into(),
        salary_min: Some(1500.0),
        salary_max: Some(2500.0),
        minimum_score_threshold: 0.0,
        skills: vec!["React".into(), "TypeScript".into()],
        requirements: vec!["2 years building web apps".into()],
        benefits: vec!["Medical aid".into()],
        posted_at: app.clock_now() - minutes_ago * 60_000,
        is_active: true,
        ..JobFields::default()
    }
}

pub async fn insert(app: &TestApp, jobs: &[JobFields]) {
    insert_many(&app.db, jobs, app.clock_now()).await.unwrap();
}

/// The `error` object of a failed response, after checking its status.
pub async fn error(response: reqwest::Response, status: u16) -> Value {
    assert_eq!(response.status(), status);
    let body: Value = response.json().await.unwrap();
    body["error"].clone()
}

impl TestApp {
    pub async fn post_json_auth(&self, path: &str, token: &str, body: &Value) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .bearer_auth(token)
            .json(body)
            .send()
            .await
            .expect("request")
    }
}

pub async fn page(app: &TestApp, token: &str, query: &str) -> Value {
    let response = app.get_auth(&format!("/api/v1/jobs{query}"), token).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

pub fn ids(page: &Value) -> Vec<String> {
    page["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j["id"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn the_feed_and_job_routes_need_a_signed_in_user() {
    let app = spawn_app().await;
    insert(&app, &[job(&app, "j1", 1)]).await;
    for path in ["/api/v1/jobs", "/api/v1/jobs/j1", "/api/v1/jobs/j1/score"] {
        let err = error(app.get(path).await, 401).await;
        assert_eq!(err["message"], "Please sign in to continue", "{path}");
    }
    let err = error(app.get_auth("/api/v1/jobs", "not-a-token").await, 401).await;
    assert_eq!(err["code"], "unauthorized");
    for path in ["/api/v1/functions/calculate-score", "/api/v1/job-alerts"] {
        error(app.post_json(path, &json!({})).await, 401).await;
    }
}

/// How many access tokens were refused for an ended session, per the audit log.
async fn refusals(app: &TestApp) -> i64 {
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM audit_log WHERE event = 'access_token_refused'",
        )
        .fetch_one(pool)
        .await
    })
    .unwrap()
}

#[tokio::test]
async fn the_feed_checks_the_session_in_its_own_query_and_refuses_an_ended_one() {
    let app = spawn_app().await;
    // A live session and no jobs: an empty page, not a refusal.
    let idle = candidate(&app, "idle@example.com").await;
    let empty = page(&app, &idle.token, "").await;
    assert_eq!(empty["jobs"], json!([]));
    assert_eq!(empty["next_cursor"], Value::Null);

    insert(&app, &[job(&app, "j1", 1), job(&app, "j2", 2)]).await;
    let first = page(&app, &idle.token, "?limit=1").await;
    let cursor = first["next_cursor"].as_str().unwrap().to_string();
    let after = format!("/api/v1/jobs?limit=1&cursor={cursor}");
    assert_eq!(ids(&page(&app, &idle.token, &after[12..]).await), ["j2"]);

    // Idle past the limit (its last use moved back, as time would), then signed out:
    // both pages are refused, and each refusal is recorded.
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query("UPDATE sessions SET last_used_at = last_used_at - $1 WHERE user_id = $2")
            .bind(jobtap_api::auth::sessions::SESSION_IDLE_MS + 1)
            .bind(&idle.id)
            .execute(pool)
            .await
            .map(|_| ())
    })
    .unwrap();
    let gone = candidate(&app, "gone@example.com").await;
    assert_eq!(
        page(&app, &gone.token, "").await["jobs"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let signed_out = app
        .client
        .post(app.url("/api/v1/auth/signout"))
        .bearer_auth(&gone.token)
        .send()
        .await
        .unwrap();
    assert_eq!(signed_out.status(), 204);
    for token in [&idle.token, &gone.token] {
        for path in ["/api/v1/jobs", after.as_str()] {
            let err = error(app.get_auth(path, token).await, 401).await;
            assert_eq!(err["message"], "Please sign in to continue", "{path}");
        }
    }
    assert_eq!(refusals(&app).await, 4);
}

#[tokio::test]
async fn the_feed_lists_live_jobs_newest_first_in_pages_without_gaps_or_duplicates() {
    let app = spawn_app().await;
    let user = candidate(&app, "tendai@example.com").await;
    let mut jobs = vec![
        job(&app, "old", 60),
        job(&app, "newest", 1),
        job(&app, "mid-a", 30),
        // Same posted time as mid-a: ties go by id, descending.
        job(&app, "mid-b", 30),
        job(&app, "recent", 10),
        job(&app, "older", 45),
        job(&app, "oldest", 90),
    ];
    let mut hidden = job(&app, "inactive", 5);
    hidden.is_active = false;
    jobs.push(hidden);
    let mut expired = job(&app, "expired", 5);
    expired.expires_at = Some(app.clock_now() - 1);
    jobs.push(expired);
    let mut expiring = job(&app, "expiring", 20);
    expiring.expires_at = Some(app.clock_now() + 60_000);
    jobs.push(expiring);
    insert(&app, &jobs).await;

    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    let mut pages = 0;
    loop {
        let query = match &cursor {
            Some(c) => format!("?limit=3&cursor={c}"),
            None => "?limit=3".to_string(),
        };
        let body = page(&app, &user.token, &query).await;
        pages += 1;
        let got = ids(&body);
        assert!(got.len() <= 3);
        seen.extend(got);
        match body["next_cursor"].as_str() {
            Some(next) => cursor = Some(next.to_string()),
            None => break,
        }
    }
    assert_eq!(
        seen,
        [
            "newest", "recent", "expiring", "mid-b", "mid-a", "older", "old", "oldest"
        ]
    );
    assert_eq!(pages, 3);

    // Two minutes later the expiring job is gone from the feed.
    app.clock.advance(2 * 60_000);
    let body = page(&app, &user.token, "").await;
    assert_eq!(
        ids(&body),
        [
            "newest", "recent", "mid-b", "mid-a", "older", "old", "oldest"
        ]
    );
    assert!(body["next_cursor"].is_null());
}

#[tokio::test]
async fn a_job_in_the_feed_carries_the_candidate_fields() {
    let app = spawn_app().await;
    let user = candidate(&app, "tendai@example.com").await;
    let mut one = job(&app, "j1", 1);
    one.linkedin_url = Some("careers@acme.co".into());
    one.application_email = Some("hr@acme.co".into());
    one.expires_at = Some(app.clock_now() + DAY_MS);
    one.degree_class = Some("Second Class Upper".into());
    one.experience_years = Some(2);
    let mut two = job(&app, "j2", 2);
    two.linkedin_url = Some("https://www.linkedin.com/jobs/view/1".into());
    two.application_email = Some("hr@acme.co".into());
    two.company_logo = "https://logo.example/acme.png".into();
    let mut three = job(&app, "j3", 3);
    three.linkedin_url = None;
    let (posted_at, expires_at) = (one.posted_at, one.expires_at);
    insert(&app, &[one, two, three]).await;

    let body = page(&app, &user.token, "").await;
    let first = &body["jobs"][0];
    assert_eq!(first["id"], "j1");
    assert_eq!(first["job_title"], "Frontend Developer");
    assert_eq!(first["company_name"], "Acme Fintech");
    assert_eq!(first["company_logo"], Value::Null);
    assert_eq!(first["location"], "Harare");
    assert_eq!(first["job_type"], "Full-time");
    assert_eq!(first["salary_min"], 1500.0);
    assert_eq!(first["salary_max"], 2500.0);
    assert_eq!(first["experience_years"], 2);
    assert_eq!(first["skills"], json!(["React", "TypeScript"]));
    assert_eq!(first["requirements"], json!(["2 years building web apps"]));
    assert_eq!(first["benefits"], json!(["Medical aid"]));
    assert_eq!(first["posted_at"], posted_at);
    assert_eq!(first["expires_at"], json!(expires_at));
    assert_eq!(first["is_active"], true);
    assert_eq!(first["degree_class"], "Second Class Upper");
    assert_eq!(first["minimum_score_threshold"], 0.0);
    assert_eq!(first["applied"], false);
    // An address in the LinkedIn field is the employer's e-mail (spec §4).
    assert_eq!(first["employer_email"], "careers@acme.co");
    assert_eq!(body["jobs"][1]["employer_email"], "hr@acme.co");
    assert_eq!(
        body["jobs"][1]["company_logo"],
        "https://logo.example/acme.png"
    );
    assert_eq!(body["jobs"][2]["employer_email"], Value::Null);
    assert_eq!(body["jobs"][2]["linkedin_url"], Value::Null);

    // The card's lines, formatted by the core, as the job's own page sends them too.
    let card = &first["card"];
    assert_eq!(
        card["salary"],
        jobtap_core::format::format_salary_range(Some(1500.0), Some(2500.0))
    );
    assert_eq!(
        card["posted"],
        jobtap_core::format::format_posted(posted_at)
    );
    assert_eq!(
        card["descriptionPreview"],
        "Build the web app our customers use every day."
    );
    assert_eq!(
        card["requirements"],
        json!({ "shown": ["2 years building web apps"], "moreNote": null })
    );
    assert_eq!(card["role"]["icon"], "Code");
    let one = app.get_auth("/api/v1/jobs/j1", &user.token).await;
    let one: Value = one.json().await.unwrap();
    assert_eq!(one["card"], *card);
}

#[tokio::test]
async fn page_size_defaults_to_20_is_capped_at_50_and_a_bad_cursor_is_400() {
    let app = spawn_app().await;
    let user = candidate(&app, "tendai@example.com").await;
    let jobs: Vec<JobFields> = (0..55)
        .map(|i| job(&app, &format!("job-{i:02}"), i))
        .collect();
    insert(&app, &jobs).await;

    let body = page(&app, &user.token, "").await;
    assert_eq!(ids(&body).len(), 20);
    assert!(body["next_cursor"].is_string());
    let body = page(&app, &user.token, "?limit=500").await;
    assert_eq!(ids(&body).len(), 50);
    let body = page(&app, &user.token, "?limit=0").await;
    assert_eq!(ids(&body), ["job-00"]);

    let err = error(
        app.get_auth("/api/v1/jobs?cursor=garbage", &user.token)
            .await,
        400,
    )
    .await;
    assert_eq!(err["message"], "Invalid cursor");
    error(
        app.get_auth("/api/v1/jobs?limit=many", &user.token).await,
        400,
    )
    .await;
}

/// A job applied to leaves the applicant's feed as a rejected one does (it is followed in My
/// Applications), and only theirs; the job's own page still says they applied.
#[tokio::test]
async fn an_applied_job_leaves_the_applicants_feed_only() {
    let app = spawn_app().await;
    let tendai = applicant(&app, "tendai@example.com").await;
    let rudo = candidate(&app, "rudo@example.com").await;
    insert(&app, &[job(&app, "a", 1), job(&app, "b", 2)]).await;

    let response = app
        .post_json_auth(
            "/api/v1/applications",
            &tendai.token,
            &json!({ "job_id": "b" }),
        )
        .await;
    assert_eq!(response.status(), 201);

    let mine = page(&app, &tendai.token, "").await;
    assert_eq!(ids(&mine), ["a"]);
    assert_eq!(mine["jobs"][0]["applied"], false);
    let theirs = page(&app, &rudo.token, "").await;
    assert_eq!(ids(&theirs), ["a", "b"]);
    assert_eq!(theirs["jobs"][1]["applied"], false);
    let ranked = page(&app, &tendai.token, "?order=best_match").await;
    assert_eq!(ids(&ranked), ["a"]);

    let one: Value = app
        .get_auth("/api/v1/jobs/b", &tendai.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(one["applied"], true);
}

#[tokio::test]
async fn the_feed_shows_every_change_to_a_job_at_once() {
    // Feed pages are stitched from cached cards (api/src/feed/cards.rs): each read must
    // still show the job as it is now, whoever changed it and however soon.
    let app = spawn_app().await;
    let reader = applicant(&app, "tendai@example.com").await;
    let boss = employer(&app, "boss@acme.co").await;
    let posted =
        crate::employer::post_job(&app, &boss.token, crate::employer::job_body("Data Analyst"))
            .await;
    let id = posted["id"].as_str().unwrap().to_string();
    let title = |page: &Value| page["jobs"][0]["job_title"].as_str().unwrap().to_string();
    assert_eq!(title(&page(&app, &reader.token, "").await), "Data Analyst");
    assert_eq!(
        title(&page(&app, &reader.token, "").await),
        "Data Analyst",
        "from the cache"
    );

    // Edited through the API twice within one millisecond (the test clock stands still).
    for new_title in ["Senior Data Analyst", "Lead Data Analyst"] {
        let edited = app
            .client
            .put(app.url(&format!("/api/v1/employer/jobs/{id}")))
            .bearer_auth(&boss.token)
            .json(&crate::employer::job_body(new_title))
            .send()
            .await
            .unwrap();
        assert_eq!(edited.status(), 200);
        assert_eq!(title(&page(&app, &reader.token, "").await), new_title);
    }

    // Changed by another server on the same database (as an edit there writes it).
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query("UPDATE jobs SET job_title = 'Head of Data', updated_at = updated_at + 1 WHERE id = $1")
            .bind(&id)
            .execute(pool)
            .await
            .unwrap();
    });
    assert_eq!(title(&page(&app, &reader.token, "").await), "Head of Data");

    // Applied: gone from this reader's feed, the same cached card for another reader.
    set_profile(
        &app,
        &reader.id,
        Some("First Class"),
        Some("NUST"),
        &["SQL", "Python"],
        Some(3),
    )
    .await;
    let applied = app
        .post_json_auth(
            "/api/v1/applications",
            &reader.token,
            &json!({ "job_id": id }),
        )
        .await;
    assert_eq!(applied.status(), 201);
    assert!(ids(&page(&app, &reader.token, "").await).is_empty());
    let other = candidate(&app, "rudo@example.com").await;
    let theirs = page(&app, &other.token, "").await;
    assert_eq!(title(&theirs), "Head of Data");
    assert_eq!(theirs["jobs"][0]["applied"], false);

    // Paused: gone from the feed at once.
    let paused = app
        .client
        .put(app.url(&format!("/api/v1/employer/jobs/{id}/status")))
        .bearer_auth(&boss.token)
        .json(&json!({ "is_active": false }))
        .send()
        .await
        .unwrap();
    assert_eq!(paused.status(), 200);
    assert!(ids(&page(&app, &other.token, "").await).is_empty());
}

#[tokio::test]
async fn a_job_by_id_is_shown_only_while_active_and_unexpired() {
    let app = spawn_app().await;
    let user = candidate(&app, "tendai@example.com").await;
    let mut inactive = job(&app, "inactive", 1);
    inactive.is_active = false;
    let mut expiring = job(&app, "expiring", 1);
    expiring.expires_at = Some(app.clock_now() + 60_000);
    insert(&app, &[job(&app, "live", 1), inactive, expiring]).await;

    let response = app.get_auth("/api/v1/jobs/live", &user.token).await;
    assert_eq!(response.status(), 200);
    let live: Value = response.json().await.unwrap();
    assert_eq!(live["id"], "live");
    assert_eq!(live["job_title"], "Frontend Developer");

    for id in ["inactive", "no-such-job"] {
        let err = error(
            app.get_auth(&format!("/api/v1/jobs/{id}"), &user.token)
                .await,
            404,
        )
        .await;
        assert_eq!(err["message"], MSG_JOB_GONE);
        assert_eq!(err["kind"], "job_gone");
    }
    assert_eq!(
        app.get_auth("/api/v1/jobs/expiring", &user.token)
            .await
            .status(),
        200
    );
    app.clock.advance(2 * 60_000);
    let err = error(
        app.get_auth("/api/v1/jobs/expiring", &user.token).await,
        404,
    )
    .await;
    assert_eq!(err["message"], MSG_JOB_GONE);
}

#[tokio::test]
async fn calculate_score_scores_the_caller_from_the_stored_profile() {
    let app = spawn_app().await;
    let user = candidate(&app, "tendai@example.com").await;
    let other = candidate(&app, "rudo@example.com").await;
    set_profile(
        &app,
        &user.id,
        Some("2.2 Class"),
        Some("Other"),
        &["SQL"],
        Some(1),
    )
    .await;
    set_profile(
        &app,
        &other.id,
        Some("1st Class"),
        Some("NUST"),
        &["SQL", "Docker"],
        Some(9),
    )
    .await;
    let mut scored = job(&app, "data", 1);
    scored.degree_class = Some("Second Class Upper".into());
    scored.skills = vec!["SQL".into(), "Docker".into()];
    scored.experience_years = Some(2);
    scored.minimum_score_threshold = 60.0;
    insert(&app, &[scored]).await;

    // Skills 1 of 2, so relevance 0.5 (no field, no resume roles): degree 2.2 below a 2.1,
    // 3 × 3/4 = 2.25 × 0.5, skills 2.5, university 3 × 0.5, profile years 1 × 0.5 of 2 → 1.25:
    // 1.125 + 1.4 × 2.5 + 0.52 × 1.5 + 1.25 = 6.655 → 34.0%.
    let expected = json!({
        "meetsThreshold": false,
        "scorePercentage": 34.0,
        "degreeScore": 1.13,
        "skillsScore": 2.5,
        "universityScore": 1.5,
        "experienceScore": 1.25,
        "totalRawScore": 6.66,
        "threshold": 60.0,
        "explanations": [
            "Degree: 2.2 Class is below the required Second Class Upper; counts 1.13 of 5 for \
             this job, as far as your skills and roles fit it",
            "Skills: 1 of 2 — missing Docker",
            "University: Other (3 of 5; listed universities score 5); counts 1.5 of 5 for this \
             job, as far as your field and skills fit it",
            "Experience: 0.5 years of 2 years required (your profile's 1 year, counted as far \
             as your field and skills fit this job; no roles found in your resume)",
        ],
        "missingSkills": ["Docker"],
    });
    // The body's userId names someone else: the server scores the caller anyway.
    let response = app
        .post_json_auth(
            "/api/v1/functions/calculate-score",
            &user.token,
            &json!({ "userId": other.id, "jobId": "data" }),
        )
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<Value>().await.unwrap(), expected);

    let response = app.get_auth("/api/v1/jobs/data/score", &user.token).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<Value>().await.unwrap(), expected);

    let theirs: Value = app
        .get_auth("/api/v1/jobs/data/score", &other.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(theirs["scorePercentage"], 100.0);
    assert_eq!(theirs["meetsThreshold"], true);

    let err = error(
        app.post_json_auth(
            "/api/v1/functions/calculate-score",
            &user.token,
            &json!({ "jobId": "nope" }),
        )
        .await,
        404,
    )
    .await;
    assert_eq!(err["message"], MSG_JOB_GONE);
}

#[tokio::test]
async fn generate_application_writes_a_letter_from_the_given_profile() {
    let app = spawn_app().await;
    let user = candidate(&app, "tendai@example.com").await;
    let path = "/api/v1/functions/generate-application";
    let response = app
        .post_json_auth(
            path,
            &user.token,
            &json!({
                "jobTitle": "Data Analyst",
                "companyName": "Econet",
                "jobDescription": "Analyse customer data with SQL and Python; build Tableau dashboards.",
                "userProfile": {
                    "fullName": "Tendai Moyo",
                    "skills": ["python", "SQL", "Cobol"],
                    "experienceYears": 3,
                    "degreeClass": "1st Class",
                    "university": "University of Zimbabwe (UZ)"
                }
            }),
        )
        .await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["subject"],
        "Application for Data Analyst – Tendai Moyo"
    );
    let letter = body["coverLetter"].as_str().unwrap();
    assert!(letter.starts_with("Dear Econet Hiring Team,"), "{letter}");
    assert!(letter.contains("python and SQL"), "{letter}");
    assert!(!letter.contains("Cobol"), "{letter}");
    assert!(
        letter.contains("I bring 3 years of experience."),
        "{letter}"
    );
    assert!(letter.contains("I hold a 1st Class degree from University of Zimbabwe (UZ)."));
    assert!(letter.ends_with("Kind regards,\nTendai Moyo"));

    // fullName defaults to "Candidate"; an empty profile claims nothing.
    let response = app
        .post_json_auth(
            path,
            &user.token,
            &json!({ "jobTitle": "Data Analyst", "companyName": "Econet", "jobDescription": "SQL", "userProfile": {} }),
        )
        .await;
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["subject"], "Application for Data Analyst – Candidate");
    let letter = body["coverLetter"].as_str().unwrap();
    for word in ["skill", "SQL", "degree", "year"] {
        assert!(!letter.contains(word), "claims {word}: {letter}");
    }

    let err = error(
        app.post_json_auth(path, &user.token, &json!({ "companyName": "Econet" }))
            .await,
        422,
    )
    .await;
    assert_eq!(err["message"], "Please enter a job title");
    error(
        app.post_json(path, &json!({ "jobTitle": "x", "companyName": "y" }))
            .await,
        401,
    )
    .await;
}

/// `method` on `path` with `token`; returns the status.
async fn status_of(app: &TestApp, method: reqwest::Method, path: &str, token: &str) -> u16 {
    app.client
        .request(method, app.url(path))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test]
async fn a_rejected_job_stays_out_of_the_feed_until_undone_or_started_over() {
    use reqwest::Method;
    let app = spawn_app().await;
    let user = candidate(&app, "tendai@example.com").await;
    let other = candidate(&app, "rudo@example.com").await;
    let hiring = employer(&app, "hr@example.com").await;
    insert(
        &app,
        &[job(&app, "a", 1), job(&app, "b", 2), job(&app, "c", 3)],
    )
    .await;

    assert_eq!(
        status_of(&app, Method::PUT, "/api/v1/jobs/b/rejection", &user.token).await,
        204
    );
    // Twice is the same as once.
    assert_eq!(
        status_of(&app, Method::PUT, "/api/v1/jobs/b/rejection", &user.token).await,
        204
    );
    assert_eq!(
        status_of(&app, Method::PUT, "/api/v1/jobs/c/rejection", &user.token).await,
        204
    );
    assert_eq!(ids(&page(&app, &user.token, "").await), ["a"]);
    // Another candidate's feed is theirs.
    assert_eq!(ids(&page(&app, &other.token, "").await), ["a", "b", "c"]);
    // A rejected job can still be opened by its link.
    assert_eq!(
        app.get_auth("/api/v1/jobs/b", &user.token).await.status(),
        200
    );

    assert_eq!(
        status_of(
            &app,
            Method::DELETE,
            "/api/v1/jobs/b/rejection",
            &user.token
        )
        .await,
        204
    );
    assert_eq!(ids(&page(&app, &user.token, "").await), ["a", "b"]);
    assert_eq!(
        status_of(&app, Method::DELETE, "/api/v1/jobs/rejections", &user.token).await,
        204
    );
    assert_eq!(ids(&page(&app, &user.token, "").await), ["a", "b", "c"]);

    assert_eq!(
        status_of(
            &app,
            Method::PUT,
            "/api/v1/jobs/nope/rejection",
            &user.token
        )
        .await,
        404
    );
    assert_eq!(
        status_of(&app, Method::PUT, "/api/v1/jobs/a/rejection", &hiring.token).await,
        403
    );
    assert_eq!(
        status_of(&app, Method::PUT, "/api/v1/jobs/a/rejection", "not-a-token").await,
        401
    );
}

#[tokio::test]
async fn a_job_posted_twice_shows_once_the_newest_live_one() {
    use reqwest::Method;
    let app = spawn_app().await;
    let user = candidate(&app, "tendai@example.com").await;
    let first = job(&app, "first", 30);
    // The same posting again, as a careless re-post writes it: other case, spacing, bullets.
    let again = JobFields {
        id: "again".into(),
        company_name: "ACME  Fintech".into(),
        job_title: "frontend developer".into(),
        location: " Harare".into(),
        job_description: format!("• {}", first.job_description.to_uppercase()),
        ..job(&app, "again", 10)
    };
    let mut elsewhere = job(&app, "first", 20);
    elsewhere.id = "elsewhere".into();
    elsewhere.location = "Bulawayo".into();
    insert(&app, &[first, again, elsewhere]).await;

    assert_eq!(
        ids(&page(&app, &user.token, "").await),
        ["again", "elsewhere"]
    );
    // Rejecting the one shown does not bring its twin back.
    assert_eq!(
        status_of(
            &app,
            Method::PUT,
            "/api/v1/jobs/again/rejection",
            &user.token
        )
        .await,
        204
    );
    assert_eq!(ids(&page(&app, &user.token, "").await), ["elsewhere"]);
    assert_eq!(
        status_of(&app, Method::DELETE, "/api/v1/jobs/rejections", &user.token).await,
        204
    );
    // The newest twin no longer live: the earlier one shows again.
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query("UPDATE jobs SET is_active = FALSE WHERE id = 'again'").execute(pool).await.map(|_| ())
    })
    .unwrap();
    assert_eq!(
        ids(&page(&app, &user.token, "").await),
        ["elsewhere", "first"]
    );
}

#[tokio::test]
async fn jobs_written_before_duplicate_keys_get_theirs_at_start_up() {
    let app = spawn_app().await;
    insert(&app, &[job(&app, "a", 2), job(&app, "b", 1)]).await;
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query("UPDATE jobs SET duplicate_key = NULL, job_description = 'Same text.'")
            .execute(pool)
            .await
            .map(|_| ())
    })
    .unwrap();
    let user = candidate(&app, "tendai@example.com").await;
    // Without keys nothing is recognised as the same.
    assert_eq!(ids(&page(&app, &user.token, "").await), ["b", "a"]);
    assert_eq!(
        jobtap_api::jobs::store::backfill_duplicate_keys(&app.db)
            .await
            .unwrap(),
        2
    );
    assert_eq!(ids(&page(&app, &user.token, "").await), ["b"]);
    assert_eq!(
        jobtap_api::jobs::store::backfill_duplicate_keys(&app.db)
            .await
            .unwrap(),
        0
    );
}

/// A job `minutes_ago` old with its own title and skills.
fn posting(app: &TestApp, id: &str, minutes_ago: i64, title: &str, skills: &[&str]) -> JobFields {
    JobFields {
        job_title: title.into(),
        skills: skills.iter().map(|s| (*s).to_string()).collect(),
        ..job(app, id, minutes_ago)
    }
}

#[tokio::test]
async fn best_match_orders_the_feed_by_the_callers_fit_and_pages_by_place() {
    let app = spawn_app().await;
    let user = candidate(&app, "tendai@example.com").await;
    set_profile(
        &app,
        &user.id,
        Some("2.1 Class"),
        Some("NUST"),
        &["SQL", "Python", "Power BI"],
        Some(3),
    )
    .await;
    insert(
        &app,
        &[
            posting(
                &app,
                "nurse",
                1,
                "Staff Nurse",
                &["Patient Care", "Wound Care"],
            ),
            posting(
                &app,
                "analyst",
                3,
                "Data Analyst",
                &["SQL", "Python", "Power BI"],
            ),
            posting(&app, "half", 2, "Reporting Officer", &["SQL", "Tableau"]),
            posting(
                &app,
                "twin-analyst",
                4,
                "Data Analyst",
                &["SQL", "Python", "Power BI"],
            ),
        ],
    )
    .await;

    // Newest first stays the default.
    assert_eq!(
        ids(&page(&app, &user.token, "").await),
        ["nurse", "half", "analyst", "twin-analyst"]
    );
    let best = ids(&page(&app, &user.token, "?order=best_match").await);
    assert_eq!(best, ["analyst", "twin-analyst", "half", "nurse"]);

    // Page by page, the same order without gaps or repeats.
    let mut seen = Vec::new();
    let mut query = "?order=best_match&limit=1".to_string();
    loop {
        let body = page(&app, &user.token, &query).await;
        seen.extend(ids(&body));
        match body["next_cursor"].as_str() {
            Some(next) => query = format!("?order=best_match&limit=1&cursor={next}"),
            None => break,
        }
    }
    assert_eq!(seen, best);

    // A cursor of the other order, or no order at all, is refused.
    let newest = page(&app, &user.token, "?limit=1").await;
    let newest_cursor = newest["next_cursor"].as_str().unwrap();
    let wrong = app
        .get_auth(
            &format!("/api/v1/jobs?order=best_match&cursor={newest_cursor}"),
            &user.token,
        )
        .await;
    assert_eq!(wrong.status(), 400);
    let unknown = app.get_auth("/api/v1/jobs?order=salary", &user.token).await;
    assert_eq!(unknown.status(), 400);
    assert_eq!(app.get("/api/v1/jobs?order=best_match").await.status(), 401);
}

#[tokio::test]
async fn a_sample_job_stays_in_the_newest_feed_but_is_never_a_best_match() {
    let app = spawn_app().await;
    let user = candidate(&app, "chipo@example.com").await;
    set_profile(
        &app,
        &user.id,
        Some("2.1 Class"),
        Some("NUST"),
        &["React", "TypeScript"],
        Some(1),
    )
    .await;
    insert(
        &app,
        &[
            // The sample asks for exactly the candidate's skills: ranked, it would come first.
            posting(
                &app,
                "mock-frontend-intern",
                1,
                "Frontend Developer Intern",
                &["React", "TypeScript"],
            ),
            posting(&app, "frontend", 2, "Frontend Developer", &["React", "CSS"]),
        ],
    )
    .await;

    assert_eq!(
        ids(&page(&app, &user.token, "").await),
        ["mock-frontend-intern", "frontend"]
    );
    assert_eq!(
        ids(&page(&app, &user.token, "?order=best_match").await),
        ["frontend"]
    );
}

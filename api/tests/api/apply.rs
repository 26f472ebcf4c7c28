//! Applying to a job: `POST /api/v1/applications`, with every check made on the server.

use futures_util::future::join_all;
use jobtap_api::applications::store::for_job;
use serde_json::{Value, json};

use crate::feed::{MSG_JOB_GONE, applicant, candidate, employer, error, insert, job, set_profile};
use crate::helpers::{TestApp, TestOptions, spawn_app, spawn_app_with};

const PATH: &str = "/api/v1/applications";
const DRAFT_PATH: &str = "/api/v1/applications/draft";

async fn apply(app: &TestApp, token: &str, body: &Value) -> reqwest::Response {
    app.post_json_auth(PATH, token, body).await
}

async fn draft(app: &TestApp, token: &str, body: &Value) -> reqwest::Response {
    app.post_json_auth(DRAFT_PATH, token, body).await
}

#[tokio::test]
async fn applying_stores_the_servers_status_and_scores_whatever_the_body_says() {
    let app = spawn_app().await;
    let user = candidate(&app, "tendai@example.com").await;
    set_profile(
        &app,
        &user.id,
        Some("2.1 Class"),
        Some("NUST"),
        &["React", "Cobol"],
        Some(3),
    )
    .await;
    let mut posted = job(&app, "frontend", 1);
    posted.experience_years = Some(2);
    posted.minimum_score_threshold = 50.0;
    insert(&app, &[posted]).await;

    let response = apply(
        &app,
        &user.token,
        &json!({
            "job_id": "frontend",
            "status": "accepted",
            "score_percentage": 100,
            "user_id": "someone-else",
        }),
    )
    .await;
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    // Skills 1 of 2 → 2.5, and with no field named and no resume roles that share is the
    // relevance, 0.5: degree 4 (no minimum) × 0.5 = 2, NUST 5 × 0.5 = 2.5, profile years
    // 3 × 0.5 = 1.5 of 2 → 3.75. 2 + 3.5 + 1.3 + 3.75 = 10.55 → 53.8%.
    assert_eq!(body["job_id"], "frontend");
    assert_eq!(body["status"], "applied");
    assert_eq!(body["degree_score"], 2.0);
    assert_eq!(body["skills_score"], 2.5);
    assert_eq!(body["university_score"], 2.5);
    assert_eq!(body["experience_score"], 3.75);
    assert_eq!(body["total_raw_score"], 10.55);
    assert_eq!(body["score_percentage"], 53.8);
    assert_eq!(
        body["email_subject"],
        "Application for Frontend Developer – Tendai Moyo"
    );
    let letter = body["cover_letter"].as_str().unwrap();
    assert!(letter.contains("Acme Fintech"), "{letter}");
    assert!(letter.contains("React"), "{letter}");
    assert!(
        !letter.contains("Cobol") && !letter.contains("the best"),
        "{letter}"
    );
    assert!(body["applied_at"].as_i64().unwrap() > 0);

    let rows = for_job(&app.db, "frontend").await.unwrap();
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!(row.id, body["id"].as_str().unwrap());
    assert_eq!(row.user_id, user.id);
    assert_eq!(row.status, "applied");
    assert!((row.score_percentage - 53.8).abs() < 1e-9);
    assert!((row.total_raw_score - 10.55).abs() < 1e-9);
    assert_eq!(row.cover_letter, letter);
    assert_eq!(row.job_title_snapshot, "Frontend Developer");
    assert_eq!(row.company_name_snapshot, "Acme Fintech");
    assert_eq!(row.applied_at, body["applied_at"].as_i64().unwrap());

    let events = jobtap_api::audit::events_for(&app.db, &user.id)
        .await
        .unwrap();
    assert!(
        events.iter().any(|e| e == "application_created"),
        "{events:?}"
    );
}

#[tokio::test]
async fn sample_jobs_are_refused_for_what_they_are() {
    let app = spawn_app_with(TestOptions { demo: true }).await;
    let user = candidate(&app, "tendai@example.com").await;
    set_profile(
        &app,
        &user.id,
        Some("1st Class"),
        Some("NUST"),
        &["React"],
        Some(9),
    )
    .await;
    let err = error(
        apply(
            &app,
            &user.token,
            &json!({ "job_id": "mock-frontend-intern" }),
        )
        .await,
        422,
    )
    .await;
    assert_eq!(err["message"], jobtap_api::applications::MSG_MOCK_JOB);
    assert_eq!(err["kind"], "sample_job");
    // Told what the job is, not a match no profile could reach.
    assert_eq!(
        err["message"], "Sample jobs take no applications",
        "the spec's 'requires 100% profile match' no longer"
    );
    assert_eq!(
        err["fields"]["description"],
        json!([jobtap_api::applications::MSG_SAMPLE_JOB_DESCRIPTION])
    );
    assert!(
        for_job(&app.db, "mock-frontend-intern")
            .await
            .unwrap()
            .is_empty()
    );
    // An unfinished profile hears the same: finishing it would not make the job take applications.
    let newcomer = candidate(&app, "new@example.com").await;
    let err = error(
        apply(
            &app,
            &newcomer.token,
            &json!({ "job_id": "mock-frontend-intern" }),
        )
        .await,
        422,
    )
    .await;
    assert_eq!(err["message"], jobtap_api::applications::MSG_MOCK_JOB);
    assert_eq!(
        err["fields"]["description"],
        json!([jobtap_api::applications::MSG_SAMPLE_JOB_DESCRIPTION])
    );
}

#[tokio::test]
async fn a_score_below_the_threshold_is_refused_with_the_shortfall() {
    let app = spawn_app().await;
    let user = candidate(&app, "tendai@example.com").await;
    set_profile(
        &app,
        &user.id,
        Some("2.2 Class"),
        Some("Other"),
        &["SQL"],
        Some(1),
    )
    .await;
    let mut demanding = job(&app, "data", 1);
    demanding.degree_class = Some("Second Class Upper".into());
    demanding.skills = vec!["SQL".into(), "Docker".into()];
    demanding.experience_years = Some(2);
    demanding.minimum_score_threshold = 60.0;
    insert(&app, &[demanding]).await;

    // 34.0% against 60 (as core's weighted_total_and_percentage): 26.0 points short, and the
    // skill nothing shows is named.
    let err = error(
        apply(&app, &user.token, &json!({ "job_id": "data" })).await,
        422,
    )
    .await;
    assert_eq!(err["message"], "You do not meet the criteria.");
    assert_eq!(err["kind"], "below_threshold");
    assert_eq!(
        err["fields"]["description"],
        json!([
            "Your fit is 34.0%, 26.0 points under this job's minimum of 60.0%. Skills it asks for \
             that your profile and resume do not show: Docker."
        ])
    );
    assert_eq!(err["fields"]["score"], json!(["34.0"]));
    assert_eq!(
        err["fields"]["explanations"][1],
        "Skills: 1 of 2 — missing Docker"
    );
    assert!(for_job(&app.db, "data").await.unwrap().is_empty());
}

#[tokio::test]
async fn inactive_expired_and_unknown_jobs_are_404_even_by_direct_id() {
    let app = spawn_app().await;
    let user = candidate(&app, "tendai@example.com").await;
    let mut inactive = job(&app, "inactive", 1);
    inactive.is_active = false;
    let mut expiring = job(&app, "expiring", 1);
    expiring.expires_at = Some(app.clock_now() + 60_000);
    insert(&app, &[inactive, expiring]).await;
    app.clock.advance(2 * 60_000);

    for id in ["inactive", "expiring", "no-such-job"] {
        let err = error(
            apply(&app, &user.token, &json!({ "job_id": id })).await,
            404,
        )
        .await;
        assert_eq!(err["message"], MSG_JOB_GONE, "{id}");
        assert_eq!(err["kind"], "job_gone", "{id}");
        assert!(for_job(&app.db, id).await.unwrap().is_empty());
    }
    error(apply(&app, &user.token, &json!({})).await, 400).await;
}

#[tokio::test]
async fn applying_twice_is_a_409() {
    let app = spawn_app().await;
    let user = applicant(&app, "tendai@example.com").await;
    insert(&app, &[job(&app, "j1", 1)]).await;
    assert_eq!(
        apply(&app, &user.token, &json!({ "job_id": "j1" }))
            .await
            .status(),
        201
    );
    let err = error(
        apply(&app, &user.token, &json!({ "job_id": "j1" })).await,
        409,
    )
    .await;
    assert_eq!(err["message"], "You already applied to this job");
    assert_eq!(err["kind"], "already_applied");
}

#[tokio::test]
async fn twenty_applies_at_once_make_exactly_one_application() {
    let app = spawn_app().await;
    let user = applicant(&app, "tendai@example.com").await;
    insert(&app, &[job(&app, "hot", 1)]).await;

    let body = json!({ "job_id": "hot" });
    let responses = join_all((0..20).map(|_| apply(&app, &user.token, &body))).await;
    let mut created = 0;
    let mut conflicts = 0;
    for response in responses {
        match response.status().as_u16() {
            201 => created += 1,
            409 => {
                let err = error(response, 409).await;
                assert_eq!(err["message"], "You already applied to this job");
                conflicts += 1;
            }
            other => panic!(
                "unexpected status {other}: {}",
                response.text().await.unwrap()
            ),
        }
    }
    assert_eq!((created, conflicts), (1, 19));
    assert_eq!(for_job(&app.db, "hot").await.unwrap().len(), 1);
    let events = jobtap_api::audit::events_for(&app.db, &user.id)
        .await
        .unwrap();
    let logged = events
        .iter()
        .filter(|e| *e == "application_created")
        .count();
    assert_eq!(
        logged, 1,
        "one audit row for the one application: {events:?}"
    );
}

#[tokio::test]
async fn a_candidate_who_has_not_finished_onboarding_is_refused() {
    let app = spawn_app().await;
    let user = candidate(&app, "new@example.com").await;
    insert(&app, &[job(&app, "j1", 1)]).await;
    let err = error(
        apply(&app, &user.token, &json!({ "job_id": "j1" })).await,
        422,
    )
    .await;
    assert_eq!(
        err["fields"]["profile"],
        json!([jobtap_core::onboarding::MSG_PROFILE_INCOMPLETE])
    );
    assert!(for_job(&app.db, "j1").await.unwrap().is_empty());
    // The same profile once completed applies.
    set_profile(
        &app,
        &user.id,
        Some("2.1 Class"),
        Some("NUST"),
        &["React"],
        Some(3),
    )
    .await;
    assert_eq!(
        apply(&app, &user.token, &json!({ "job_id": "j1" }))
            .await
            .status(),
        201
    );
}

#[tokio::test]
async fn only_signed_in_candidates_may_apply() {
    let app = spawn_app().await;
    let boss = employer(&app, "rudo@acme.co").await;
    insert(&app, &[job(&app, "j1", 1)]).await;
    let err = error(
        apply(&app, &boss.token, &json!({ "job_id": "j1" })).await,
        403,
    )
    .await;
    assert_eq!(err["code"], "forbidden");
    error(app.post_json(PATH, &json!({ "job_id": "j1" })).await, 401).await;
    assert!(for_job(&app.db, "j1").await.unwrap().is_empty());
}

#[tokio::test]
async fn the_unique_constraint_decides_when_two_inserts_pass_the_checks() {
    use jobtap_api::applications::store::{Inserted, NewApplication, insert as insert_application};
    let app = spawn_app().await;
    let user = candidate(&app, "tendai@example.com").await;
    let posted = job(&app, "j1", 1);
    insert(&app, &[posted]).await;
    let version = jobtap_api::jobs::store::live_job(&app.db, "j1", &user.id, app.clock_now())
        .await
        .unwrap()
        .unwrap()
        .updated_at;
    let fit = jobtap_core::score::score(
        &jobtap_core::score::CandidateProfile::default(),
        &jobtap_core::score::JobRequirements::default(),
    );
    let new = |id: &'static str| NewApplication {
        id,
        user_id: &user.id,
        job_id: "j1",
        job_version: version,
        cover_letter: "",
        email_subject: "",
        fit: &fit,
        documents: &[],
        skills_evidence: None,
        now: app.clock_now(),
    };
    assert_eq!(
        insert_application(&app.db, &new("a1")).await.unwrap(),
        Inserted::Created
    );
    let err = insert_application(&app.db, &new("a2")).await.unwrap_err();
    assert!(jobtap_api::db::is_unique_violation(
        &err,
        "applications_user_job_key",
        "applications.user_id"
    ));
    // A stale version of the job inserts nothing.
    let stale = NewApplication {
        job_version: version - 1,
        ..new("a3")
    };
    assert_eq!(
        insert_application(&app.db, &stale).await.unwrap(),
        Inserted::JobChanged
    );
    // The audit row goes with the insert: only the one that added a row has one.
    for (id, logged) in [("a1", 1), ("a2", 0), ("a3", 0)] {
        let events = jobtap_api::audit::events_for(&app.db, id).await.unwrap();
        assert_eq!(events.len(), logged, "{id}: {events:?}");
    }
}

#[tokio::test]
async fn the_draft_is_the_engines_letter_and_regenerating_rewords_it() {
    let app = spawn_app().await;
    let user = applicant(&app, "tendai@example.com").await;
    insert(&app, &[job(&app, "j1", 1)]).await;

    let first: Value = draft(&app, &user.token, &json!({ "job_id": "j1" }))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(first["regeneration"], 0);
    assert_eq!(
        first["max_chars"],
        jobtap_core::cover_letter::MAX_LETTER_CHARS
    );
    let letter = first["cover_letter"].as_str().unwrap();
    assert!(
        letter.starts_with("Dear Acme Fintech Hiring Team,"),
        "{letter}"
    );
    let again: Value = draft(
        &app,
        &user.token,
        &json!({ "job_id": "j1", "regeneration": 1 }),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(again["regeneration"], 1);
    assert_eq!(again["email_subject"], first["email_subject"]);
    assert_ne!(again["cover_letter"], first["cover_letter"]);
    // A draft is not an application.
    assert!(for_job(&app.db, "j1").await.unwrap().is_empty());

    // Without a letter in the body, the stored letter is the first draft.
    let applied: Value = apply(&app, &user.token, &json!({ "job_id": "j1" }))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(applied["cover_letter"], first["cover_letter"]);
    // Once applied, no more drafts.
    let err = error(
        draft(&app, &user.token, &json!({ "job_id": "j1" })).await,
        409,
    )
    .await;
    assert_eq!(err["message"], "You already applied to this job");
}

#[tokio::test]
async fn the_letter_the_candidate_edited_is_the_one_stored() {
    let app = spawn_app().await;
    let user = applicant(&app, "tendai@example.com").await;
    insert(&app, &[job(&app, "j1", 1), job(&app, "j2", 2)]).await;
    let too_long = "x".repeat(jobtap_core::cover_letter::MAX_LETTER_CHARS + 1);
    for (letter, message) in [
        (" \r\n ", jobtap_core::cover_letter::MSG_LETTER_EMPTY),
        (
            too_long.as_str(),
            jobtap_core::cover_letter::MSG_LETTER_TOO_LONG,
        ),
    ] {
        let err = error(
            apply(
                &app,
                &user.token,
                &json!({ "job_id": "j1", "cover_letter": letter }),
            )
            .await,
            422,
        )
        .await;
        assert_eq!(err["fields"]["cover_letter"], json!([message]));
        assert!(for_job(&app.db, "j1").await.unwrap().is_empty());
    }

    let edited = "Dear Acme Fintech,\r\n\r\nI rewrote this myself.\u{7}\n\nTendai";
    let body: Value = apply(
        &app,
        &user.token,
        &json!({ "job_id": "j1", "cover_letter": edited }),
    )
    .await
    .json()
    .await
    .unwrap();
    let stored = "Dear Acme Fintech,\n\nI rewrote this myself.\n\nTendai";
    assert_eq!(body["cover_letter"], stored);
    assert!(
        body["email_subject"]
            .as_str()
            .unwrap()
            .starts_with("Application for ")
    );
    let rows = for_job(&app.db, "j1").await.unwrap();
    assert_eq!(rows[0].cover_letter, stored);
    // The other job's application is untouched by it.
    assert!(for_job(&app.db, "j2").await.unwrap().is_empty());
}

#[tokio::test]
async fn a_draft_is_refused_as_the_application_would_be() {
    let app = spawn_app_with(TestOptions { demo: true }).await;
    let boss = employer(&app, "rudo@acme.co").await;
    let user = candidate(&app, "new@example.com").await;
    let mut demanding = job(&app, "hard", 1);
    demanding.minimum_score_threshold = 95.0;
    insert(&app, &[job(&app, "j1", 1), demanding]).await;

    error(
        app.post_json(DRAFT_PATH, &json!({ "job_id": "j1" })).await,
        401,
    )
    .await;
    error(
        draft(&app, &boss.token, &json!({ "job_id": "j1" })).await,
        403,
    )
    .await;
    error(draft(&app, &user.token, &json!({})).await, 400).await;
    let err = error(
        draft(&app, &user.token, &json!({ "job_id": "j1" })).await,
        422,
    )
    .await;
    assert_eq!(
        err["fields"]["profile"],
        json!([jobtap_core::onboarding::MSG_PROFILE_INCOMPLETE])
    );
    set_profile(
        &app,
        &user.id,
        Some("2.1 Class"),
        Some("NUST"),
        &["React"],
        Some(3),
    )
    .await;
    let err = error(
        draft(&app, &user.token, &json!({ "job_id": "hard" })).await,
        422,
    )
    .await;
    assert_eq!(err["message"], "You do not meet the criteria.");
    assert_eq!(err["kind"], "below_threshold");
    assert!(
        err["fields"]["description"][0]
            .as_str()
            .unwrap()
            .starts_with("Your fit is ")
    );
    let err = error(
        draft(
            &app,
            &user.token,
            &json!({ "job_id": "mock-frontend-intern" }),
        )
        .await,
        422,
    )
    .await;
    assert_eq!(err["message"], jobtap_api::applications::MSG_MOCK_JOB);
    assert_eq!(err["kind"], "sample_job");
    error(
        draft(&app, &user.token, &json!({ "job_id": "no-such-job" })).await,
        404,
    )
    .await;
    assert_eq!(
        draft(&app, &user.token, &json!({ "job_id": "j1" }))
            .await
            .status(),
        200
    );
}

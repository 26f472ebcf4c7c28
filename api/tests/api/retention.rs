//! How long an employer keeps rejected applications: the setting takes only core's periods;
//! past it, the periodic task releases each application once, even run twice at once (two
//! instances), and the employer's notes, history, search hits and analytics of it go while
//! the candidate keeps their record.

use jobtap_api::jobs::store::JobFields;
use reqwest::Method;
use serde_json::{Value, json};

use crate::documents::upload;
use crate::employer::send;
use crate::feed::{User, applicant, employer, error, insert, job, sign_in, sign_in_employer};
use crate::helpers::{TestApp, spawn_app};
use crate::profile::PDF;

const SETTING: &str = "/api/v1/employer/settings/retention";
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// `email` applies to `job_id` with a resume attached; the application's id.
async fn apply_with_resume(app: &TestApp, email: &str, job_id: &str) -> (User, String) {
    let user = applicant(app, email).await;
    let uploaded: Value = upload(app, &user.token, "resume", PDF, "cv.pdf")
        .await
        .json()
        .await
        .unwrap();
    let document_id = uploaded["document"]["id"].as_str().unwrap();
    let applied = app
        .post_json_auth(
            "/api/v1/applications",
            &user.token,
            &json!({ "job_id": job_id, "document_ids": [document_id] }),
        )
        .await;
    assert_eq!(applied.status(), 201);
    let body: Value = applied.json().await.unwrap();
    (user, body["id"].as_str().unwrap().to_string())
}

async fn reject(app: &TestApp, boss: &User, id: &str) {
    let feedback = send(
        app,
        Method::PUT,
        &format!("/api/v1/employer/applications/{id}/comment"),
        &boss.token,
        Some(json!({ "private_note": "Weak on audits.", "employer_comment": "Thank you for applying." })),
    )
    .await;
    assert_eq!(feedback.status(), 200);
    let rejected = send(
        app,
        Method::POST,
        &format!("/api/v1/employer/applications/{id}/reject"),
        &boss.token,
        Some(json!({ "reason": "stronger_candidate", "detail": "Others had more ICU years." })),
    )
    .await;
    assert_eq!(rejected.status(), 200);
}

/// (released at, private note, rejection reason, documents sent, stage moves) of `id`.
async fn kept_of(
    app: &TestApp,
    id: &str,
) -> (Option<i64>, Option<String>, Option<String>, i64, i64) {
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_as(
            "SELECT a.employer_released_at, a.private_note, a.rejection_reason, \
             (SELECT COUNT(*) FROM application_documents d WHERE d.application_id = a.id), \
             (SELECT COUNT(*) FROM application_stage_moves m WHERE m.application_id = a.id) \
             FROM applications a WHERE a.id = $1",
        )
        .bind(id)
        .fetch_one(pool)
        .await
        .unwrap()
    })
}

/// The details of the audit rows of decisions on application `id`.
async fn decision_details(app: &TestApp, id: &str) -> Vec<Value> {
    let details: Vec<sqlx::types::Json<Value>> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar(
            "SELECT detail FROM audit_log WHERE event = 'application_status_changed' AND subject = $1",
        )
        .bind(id)
        .fetch_all(pool)
        .await
        .unwrap()
    });
    details.into_iter().map(|d| d.0).collect()
}

async fn released_events(app: &TestApp) -> Vec<Value> {
    let details: Vec<sqlx::types::Json<Value>> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT detail FROM audit_log WHERE event = 'rejected_applications_released'")
            .fetch_all(pool)
            .await
            .unwrap()
    });
    details.into_iter().map(|d| d.0).collect()
}

/// What the employer's analytics and search show once the two first are released.
async fn only_the_late_one_counts(app: &TestApp) {
    let boss = sign_in_employer(app, "boss@example.com").await;
    let after: Value = app
        .get_auth("/api/v1/employer/analytics", &boss.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(after["rejectedCount"], 1, "{after}");
    assert_eq!(after["totalApplications"], 1, "{after}");
    let found: Value = app
        .get_auth("/api/v1/employer/candidates", &boss.token)
        .await
        .json()
        .await
        .unwrap();
    let people: Vec<&str> = found["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["candidate_email"].as_str().unwrap())
        .collect();
    assert_eq!(people, ["late@example.com"], "{found}");
}

/// What the candidate of released application `first_id` still sees of it.
async fn candidate_keeps_their_record(app: &TestApp, first_id: &str) {
    let early = sign_in(app, "early@example.com").await;
    let mine: Value = app
        .get_auth("/api/v1/applications", &early.token)
        .await
        .json()
        .await
        .unwrap();
    let application = &mine["applications"][0];
    assert_eq!(application["id"], first_id);
    assert_eq!(application["status_label"], "Not selected", "{application}");
    assert_eq!(application["employer_comment"], "Thank you for applying.");
    assert_eq!(
        application["documents"][0]["file_name"], "cv.pdf",
        "what they sent"
    );
}

#[tokio::test]
async fn the_setting_takes_only_the_offered_periods_and_only_from_employers() {
    let app = spawn_app().await;
    let boss = employer(&app, "boss@example.com").await;
    let body: Value = app
        .get_auth(SETTING, &boss.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        body,
        json!({ "rejected_kept_days": null, "choices": [30, 90, 180, 365], "text": "Kept with no time limit" })
    );
    let saved = send(
        &app,
        Method::PUT,
        SETTING,
        &boss.token,
        Some(json!({ "rejected_kept_days": 180 })),
    )
    .await;
    assert_eq!(saved.status(), 200);
    let body: Value = app
        .get_auth(SETTING, &boss.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body["rejected_kept_days"], 180);
    assert_eq!(body["text"], "Kept for 180 days after the rejection");

    let refused = send(
        &app,
        Method::PUT,
        SETTING,
        &boss.token,
        Some(json!({ "rejected_kept_days": 45 })),
    )
    .await;
    let err = error(refused, 422).await;
    assert_eq!(
        err["fields"]["rejected_kept_days"][0],
        jobtap_core::retention::MSG_KEPT_DAYS
    );
    let body: Value = app
        .get_auth(SETTING, &boss.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body["rejected_kept_days"], 180, "unchanged");

    let candidate = applicant(&app, "c@example.com").await;
    assert_eq!(app.get_auth(SETTING, &candidate.token).await.status(), 403);
    let back = send(
        &app,
        Method::PUT,
        SETTING,
        &boss.token,
        Some(json!({ "rejected_kept_days": null })),
    )
    .await;
    assert_eq!(back.status(), 200);
    let body: Value = back.json().await.unwrap();
    assert_eq!(body["rejected_kept_days"], Value::Null);
}

#[tokio::test]
async fn rejected_applications_past_the_period_are_released_once_and_candidates_keep_theirs() {
    let app = spawn_app().await;
    let boss = employer(&app, "boss@example.com").await;
    let other_boss = employer(&app, "other-boss@example.com").await;
    insert(
        &app,
        &[
            JobFields {
                employer_id: Some(boss.id.clone()),
                ..job(&app, "nurse", 5)
            },
            JobFields {
                employer_id: Some(other_boss.id.clone()),
                ..job(&app, "medic", 5)
            },
        ],
    )
    .await;
    let saved = send(
        &app,
        Method::PUT,
        SETTING,
        &boss.token,
        Some(json!({ "rejected_kept_days": 30 })),
    )
    .await;
    assert_eq!(saved.status(), 200);

    let (_, first_id) = apply_with_resume(&app, "early@example.com", "nurse").await;
    let (_, second_id) = apply_with_resume(&app, "early2@example.com", "nurse").await;
    let (_, late_id) = apply_with_resume(&app, "late@example.com", "nurse").await;
    let (_, elsewhere_id) = apply_with_resume(&app, "elsewhere@example.com", "medic").await;
    reject(&app, &boss, &first_id).await;
    reject(&app, &boss, &second_id).await;
    reject(&app, &other_boss, &elsewhere_id).await;
    app.clock.advance(20 * DAY_MS);
    let boss = sign_in_employer(&app, "boss@example.com").await;
    reject(&app, &boss, &late_id).await;
    let before: Value = app
        .get_auth("/api/v1/employer/analytics", &boss.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(before["rejectedCount"], 3, "{before}");

    // 31 days after the first rejections: the task, on two instances at once, releases two.
    app.clock.advance(11 * DAY_MS);
    let (a, b) = tokio::join!(
        jobtap_api::employer::retention::release_due(&app.state),
        jobtap_api::employer::retention::release_due(&app.state),
    );
    assert_eq!(a.unwrap() + b.unwrap(), 2, "each released once");
    let events = released_events(&app).await;
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0], json!({ "count": 2, "kept_days": 30 }));

    for id in [&first_id, &second_id] {
        let (released, note, reason, documents, moves) = kept_of(&app, id).await;
        assert!(released.is_some());
        assert_eq!((note, reason, documents, moves), (None, None, 1, 0), "{id}");
        // The decision's audit row keeps what happened, not why.
        let details = decision_details(&app, id).await;
        assert_eq!(details.len(), 1, "{id}");
        assert_eq!(details[0], json!({ "status": "rejected" }), "{id}");
    }
    let late_details = decision_details(&app, &late_id).await;
    assert_eq!(
        late_details[0]["reason"], "stronger_candidate",
        "kept until its own period ends"
    );
    let (released, note, _, documents, _) = kept_of(&app, &late_id).await;
    assert_eq!(
        (released, note.as_deref(), documents),
        (None, Some("Weak on audits."), 1),
        "not yet"
    );
    let (released, _, _, documents, _) = kept_of(&app, &elsewhere_id).await;
    assert_eq!(
        (released, documents),
        (None, 1),
        "another employer keeps theirs until removed"
    );

    // Gone from the employer's searches and analytics.
    only_the_late_one_counts(&app).await;

    // The candidate keeps their record, with the feedback sent to them.
    candidate_keeps_their_record(&app, &first_id).await;

    // Thirty days after its own rejection, the last one goes too, and nothing twice.
    app.clock.advance(20 * DAY_MS);
    assert_eq!(
        jobtap_api::employer::retention::release_due(&app.state)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        jobtap_api::employer::retention::release_due(&app.state)
            .await
            .unwrap(),
        0
    );
    assert_eq!(released_events(&app).await.len(), 2);
}

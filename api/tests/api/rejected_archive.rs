//! The rejected archive beside the employer's list: it keeps each rejection with its reason,
//! the feedback sent and the date, for the employer's own jobs only, and never an application
//! removed without a rejection; "Reconsider" takes one back onto the list, telling the
//! candidate and the audit log.

use reqwest::Method;
use serde_json::{Value, json};

use crate::employer::send;
use crate::feed::{User, applicant, employer, error};
use crate::helpers::{TestApp, spawn_app};
use crate::pipeline::{applied_id, open_job};

const ARCHIVE: &str = "/api/v1/employer/applications/rejected";

async fn reject(app: &TestApp, boss: &User, id: &str, reason: &str, feedback: &str) {
    let rejected = send(
        app,
        Method::POST,
        &format!("/api/v1/employer/applications/{id}/reject"),
        &boss.token,
        Some(json!({ "reason": reason, "detail": "Our own words", "feedback": feedback })),
    )
    .await;
    assert_eq!(rejected.status(), 200);
}

async fn reconsider(app: &TestApp, who: &User, id: &str, stage: &str) -> reqwest::Response {
    send(
        app,
        Method::POST,
        &format!("/api/v1/employer/applications/{id}/reconsider"),
        &who.token,
        Some(json!({ "stage": stage })),
    )
    .await
}

/// The archive as `who` reads it at `path`.
async fn archive(app: &TestApp, who: &User, path: &str) -> Vec<Value> {
    let response = app.get_auth(path, &who.token).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    body["applications"].as_array().unwrap().clone()
}

fn ids(list: &[Value]) -> Vec<&str> {
    list.iter().map(|a| a["id"].as_str().unwrap()).collect()
}

/// The ids on the employer's default list.
async fn listed(app: &TestApp, boss: &User) -> Vec<String> {
    let body: Value = app
        .get_auth("/api/v1/employer/applications", &boss.token)
        .await
        .json()
        .await
        .unwrap();
    ids(body["applications"].as_array().unwrap())
        .into_iter()
        .map(str::to_string)
        .collect()
}

#[tokio::test]
async fn the_archive_keeps_the_employers_own_rejections_with_reason_feedback_and_date() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@clinic.example").await;
    let other = employer(&app, "hr@other.example").await;
    let nurse = open_job(&app, &boss, "Staff Nurse").await;
    let manager = open_job(&app, &boss, "Ward Manager").await;
    let theirs = open_job(&app, &other, "Porter").await;
    let first = applicant(&app, "first@example.com").await;
    let second = applicant(&app, "second@example.com").await;
    let removed = applicant(&app, "removed@example.com").await;
    let first_id = applied_id(&app, &first, &json!({ "job_id": nurse })).await;
    let second_id = applied_id(&app, &second, &json!({ "job_id": manager })).await;
    let removed_id = applied_id(&app, &removed, &json!({ "job_id": nurse })).await;
    let theirs_id = applied_id(&app, &first, &json!({ "job_id": theirs })).await;

    let first_at = app.clock_now();
    reject(
        &app,
        &boss,
        &first_id,
        "skills_mismatch",
        "Keep practising SQL",
    )
    .await;
    app.clock.advance(60_000);
    reject(&app, &boss, &second_id, "position_filled", "").await;
    reject(&app, &other, &theirs_id, "other", "Thanks").await;
    let deleted = send(
        &app,
        Method::DELETE,
        &format!("/api/v1/employer/applications/{removed_id}"),
        &boss.token,
        None,
    )
    .await;
    assert_eq!(deleted.status(), 204);

    // The spec's list still drops them all.
    assert!(listed(&app, &boss).await.is_empty());

    // Newest rejection first; the one removed without a rejection and the other employer's are not here.
    let all = archive(&app, &boss, ARCHIVE).await;
    assert_eq!(ids(&all), [second_id.as_str(), first_id.as_str()]);
    let kept = &all[1];
    assert_eq!(kept["job_title"], "Staff Nurse");
    assert_eq!(kept["candidate_name"], "Tendai Moyo");
    assert_eq!(kept["reason"], "skills_mismatch");
    assert_eq!(kept["reason_label"], "Skills don't match the role");
    assert_eq!(kept["rejection_detail"], "Our own words");
    assert_eq!(kept["employer_comment"], "Keep practising SQL");
    assert!(kept["rejected_at"].as_i64().unwrap() >= first_at);
    assert!(!kept["rejected_text"].as_str().unwrap().is_empty());
    let stages: Vec<&str> = kept["reconsider_stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["stage"].as_str().unwrap())
        .collect();
    assert_eq!(stages, ["applied", "screening", "interview"]);
    assert_eq!(all[0]["reason_label"], "The position has been filled");
    assert_eq!(all[0]["employer_comment"], Value::Null);

    // Per job, a page at a time; another employer's job gives nothing.
    let one = archive(&app, &boss, &format!("{ARCHIVE}?job_id={nurse}")).await;
    assert_eq!(ids(&one), [first_id.as_str()]);
    assert!(
        archive(&app, &boss, &format!("{ARCHIVE}?job_id={theirs}"))
            .await
            .is_empty()
    );
    let page: Value = app
        .get_auth(&format!("{ARCHIVE}?limit=1"), &boss.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        ids(page["applications"].as_array().unwrap()),
        [second_id.as_str()]
    );
    let cursor = page["next_cursor"].as_str().unwrap();
    let rest = archive(&app, &boss, &format!("{ARCHIVE}?limit=1&cursor={cursor}")).await;
    assert_eq!(ids(&rest), [first_id.as_str()]);

    assert_eq!(
        ids(&archive(&app, &other, ARCHIVE).await),
        [theirs_id.as_str()]
    );
    error(app.get_auth(ARCHIVE, &first.token).await, 403).await;
}

async fn stored_count(app: &TestApp, sql: &'static str, id: &str) -> i64 {
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar(sql).bind(id).fetch_one(pool).await.unwrap()
    })
}

#[tokio::test]
async fn reconsider_takes_a_rejection_back_onto_the_list_and_tells_the_candidate() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@clinic.example").await;
    let other = employer(&app, "hr@other.example").await;
    let job = open_job(&app, &boss, "Staff Nurse").await;
    let me = applicant(&app, "amara@example.com").await;
    let removed = applicant(&app, "removed@example.com").await;
    let id = applied_id(&app, &me, &json!({ "job_id": job })).await;
    let removed_id = applied_id(&app, &removed, &json!({ "job_id": job })).await;

    // Not rejected yet.
    let body = error(reconsider(&app, &boss, &id, "screening").await, 409).await;
    assert_eq!(
        body["message"],
        "Only a rejected application can be reconsidered"
    );
    reject(&app, &boss, &id, "stronger_candidate", "Thank you").await;

    // Another employer's, or a stage past the decision: refused, nothing changes.
    error(reconsider(&app, &other, &id, "screening").await, 404).await;
    let body = error(reconsider(&app, &boss, &id, "offer").await, 422).await;
    assert_eq!(
        body["fields"]["stage"][0],
        "Choose Applied, Screening or Interview to reconsider it"
    );
    error(reconsider(&app, &boss, &id, "screening:nope").await, 422).await;
    assert_eq!(ids(&archive(&app, &boss, ARCHIVE).await), [id.as_str()]);

    let response = reconsider(&app, &boss, &id, "screening").await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["message"], "Moved back to Screening");
    assert_eq!(body["application"]["stage"], "screening");
    assert_eq!(body["application"]["status"], "under_review");
    // Back on the list, out of the archive, with the feedback it was sent.
    let back = listed(&app, &boss).await;
    assert!(back.contains(&id) && back.contains(&removed_id), "{back:?}");
    assert!(archive(&app, &boss, ARCHIVE).await.is_empty());
    assert_eq!(body["application"]["employer_comment"], "Thank you");
    assert_eq!(
        stored_count(
            &app,
            "SELECT COUNT(*) FROM applications WHERE id = $1 AND rejection_reason IS NULL \
             AND rejection_note IS NULL",
            &id
        )
        .await,
        1
    );

    // The candidate's bell and e-mail, the move with who made it, the audit entry.
    let bell: Value = app
        .get_auth("/api/v1/notifications", &me.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(bell["notifications"][0]["kind"], "application_reconsidered");
    assert_eq!(
        stored_count(
            &app,
            "SELECT COUNT(*) FROM mail_outbox WHERE kind = 'application_reconsidered' \
             AND recipient = $1",
            "amara@example.com"
        )
        .await,
        1
    );
    assert_eq!(
        stored_count(
            &app,
            "SELECT COUNT(*) FROM application_stage_moves WHERE application_id = $1 \
             AND from_stage = 'rejected' AND to_stage = 'screening' AND actor_id IS NOT NULL",
            &id
        )
        .await,
        1
    );
    let audit: Vec<(Option<String>, Option<String>)> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_as(
            "SELECT actor_id, subject FROM audit_log WHERE event = 'application_reconsidered'",
        )
        .fetch_all(pool)
        .await
        .unwrap()
    });
    assert_eq!(audit, [(Some(boss.id.clone()), Some(id.clone()))]);

    // Once back, it is no longer rejected; one removed without a rejection is not theirs to take back.
    error(reconsider(&app, &boss, &id, "applied").await, 409).await;
    let deleted = send(
        &app,
        Method::DELETE,
        &format!("/api/v1/employer/applications/{removed_id}"),
        &boss.token,
        None,
    )
    .await;
    assert_eq!(deleted.status(), 204);
    error(reconsider(&app, &boss, &removed_id, "applied").await, 404).await;
}

//! The employer pipeline and the candidate's privacy: an employer sees only the
//! documents sent with an application; the private note, the rejection reason and its
//! detail never reach the candidate, on any endpoint; a rejection asks for a reason.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::documents::upload;
use crate::employer::{job_body, post_job, send};
use crate::feed::{User, applicant, employer, error, sign_in, sign_in_employer};
use crate::helpers::{TestApp, spawn_app};
use crate::profile::PDF;

/// A stored document of `who`: its id.
async fn document(app: &TestApp, who: &User, doc_type: &str, name: &str) -> String {
    let response = upload(app, &who.token, doc_type, PDF, name).await;
    assert_eq!(response.status(), 201, "{name}");
    let body: Value = response.json().await.unwrap();
    body["document"]["id"].as_str().unwrap().to_string()
}

async fn apply(app: &TestApp, who: &User, body: &Value) -> reqwest::Response {
    app.post_json_auth("/api/v1/applications", &who.token, body)
        .await
}

/// Applies with `body` (which must succeed) and answers the application's id.
pub(crate) async fn applied_id(app: &TestApp, who: &User, body: &Value) -> String {
    let applied = apply(app, who, body).await;
    assert_eq!(applied.status(), 201);
    let application: Value = applied.json().await.unwrap();
    application["id"].as_str().unwrap().to_string()
}

/// An employer's job the applicant (React, TypeScript, 2.1 from NUST) may apply to.
pub(crate) async fn open_job(app: &TestApp, boss: &User, title: &str) -> String {
    let mut body = job_body(title);
    body["skills"] = json!(["React", "TypeScript"]);
    post_job(app, &boss.token, body).await["id"]
        .as_str()
        .unwrap()
        .to_string()
}

async fn sent_documents(app: &TestApp, boss: &User, application: &str) -> BTreeSet<String> {
    let response = app
        .get_auth(
            &format!("/api/v1/employer/applications/{application}/candidate"),
            &boss.token,
        )
        .await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    body["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["file_name"].as_str().unwrap().to_string())
        .collect()
}

async fn download(app: &TestApp, boss: &User, application: &str, doc: &str) -> u16 {
    app.get_auth(
        &format!("/api/v1/employer/applications/{application}/documents/{doc}"),
        &boss.token,
    )
    .await
    .status()
    .as_u16()
}

fn names(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| (*s).to_string()).collect()
}

// One scenario from choosing to withdrawing: the steps share their documents on purpose.
#[allow(clippy::too_many_lines)]
#[tokio::test]
async fn an_employer_sees_and_downloads_only_the_documents_sent_with_the_application() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@clinic.example").await;
    let nurse_job = open_job(&app, &boss, "Staff Nurse").await;
    let other_job = open_job(&app, &boss, "Ward Manager").await;
    let me = applicant(&app, "amara@example.com").await;
    let default_cv = document(&app, &me, "resume", "cv-general.pdf").await;
    let made_default = send(
        &app,
        reqwest::Method::PUT,
        &format!("/api/v1/documents/{default_cv}/default"),
        &me.token,
        None,
    )
    .await;
    assert_eq!(made_default.status(), 200);
    let nursing_cv = document(&app, &me, "resume", "cv-nursing.pdf").await;
    let licence = document(&app, &me, "certificate", "nursing-licence.pdf").await;
    let private = document(&app, &me, "certificate", "medical-record.pdf").await;

    // Someone else's document cannot be sent, nor more than five.
    let stranger = applicant(&app, "stranger@example.com").await;
    let theirs = document(&app, &stranger, "resume", "theirs.pdf").await;
    let refused = apply(
        &app,
        &me,
        &json!({ "job_id": nurse_job, "document_ids": [nursing_cv, theirs] }),
    )
    .await;
    let body = error(refused, 422).await;
    assert_eq!(
        body["fields"]["document_ids"][0],
        "One of the chosen documents is no longer in My Documents"
    );
    let six: Vec<String> = (0..6).map(|i| format!("doc-{i}")).collect();
    let refused = apply(
        &app,
        &me,
        &json!({ "job_id": nurse_job, "document_ids": six }),
    )
    .await;
    let body = error(refused, 422).await;
    assert_eq!(
        body["fields"]["document_ids"][0],
        "An application can carry at most 5 documents"
    );

    let application = applied_id(
        &app,
        &me,
        &json!({ "job_id": nurse_job, "document_ids": [nursing_cv, licence] }),
    )
    .await;
    assert_eq!(
        sent_documents(&app, &boss, &application).await,
        names(&["cv-nursing.pdf", "nursing-licence.pdf"])
    );
    assert_eq!(download(&app, &boss, &application, &nursing_cv).await, 200);
    assert_eq!(download(&app, &boss, &application, &licence).await, 200);
    // The default resume, a certificate not chosen, a document uploaded later, another
    // candidate's: not this employer's to see.
    let later = document(&app, &me, "resume", "cv-after-applying.pdf").await;
    for doc in [&default_cv, &private, &later, &theirs] {
        assert_eq!(download(&app, &boss, &application, doc).await, 404, "{doc}");
    }
    assert_eq!(
        sent_documents(&app, &boss, &application).await.len(),
        2,
        "nothing uploaded later is added"
    );

    // The candidate's list says what went with each application.
    let mine: Value = app
        .get_auth("/api/v1/applications", &me.token)
        .await
        .json()
        .await
        .unwrap();
    let sent: BTreeSet<String> = mine["applications"][0]["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["file_name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(sent, names(&["cv-nursing.pdf", "nursing-licence.pdf"]));

    // Without a choice, the default resume goes, and only it.
    let second = &applied_id(&app, &me, &json!({ "job_id": other_job })).await;
    assert_eq!(
        sent_documents(&app, &boss, second).await,
        names(&["cv-general.pdf"])
    );
    assert_eq!(download(&app, &boss, second, &nursing_cv).await, 404);

    // A document the candidate deletes is withdrawn from the applications it went with.
    let deleted = send(
        &app,
        reqwest::Method::DELETE,
        &format!("/api/v1/documents/{licence}"),
        &me.token,
        None,
    )
    .await;
    assert!(deleted.status().is_success());
    assert_eq!(
        sent_documents(&app, &boss, &application).await,
        names(&["cv-nursing.pdf"])
    );
    assert_eq!(download(&app, &boss, &application, &licence).await, 404);
}

/// Every GET of the API a candidate may call, with the candidate's own ids in its path:
/// (path, body) for each that answers 200.
async fn everything_the_candidate_reads(
    app: &TestApp,
    who: &User,
    job: &str,
    application: &str,
) -> Vec<(String, String)> {
    let document: Value = app.get("/api/v1/openapi.json").await.json().await.unwrap();
    let mut read = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        // The API's own description names every field; it holds nobody's data.
        if item.get("get").is_none()
            || path.starts_with("/api/v1/employer")
            || path.ends_with("openapi.json")
        {
            continue;
        }
        let concrete = path.replace("/jobs/{id}", &format!("/jobs/{job}")).replace(
            "/applications/{id}",
            &format!("/applications/{application}"),
        );
        if concrete.contains('{') {
            continue;
        }
        let response = app.get_auth(&concrete, &who.token).await;
        if response.status() == 200 {
            read.push((concrete, response.text().await.unwrap()));
        }
    }
    read
}

// One scenario from a note to a rejection, then every candidate endpoint read once.
#[allow(clippy::too_many_lines)]
#[tokio::test]
async fn private_notes_and_rejection_reasons_never_reach_the_candidate() {
    let app = spawn_app().await;
    let boss = employer(&app, "lead@studio.example").await;
    let job = open_job(&app, &boss, "Frontend Developer").await;
    let me = applicant(&app, "kwame@example.com").await;
    let application = applied_id(&app, &me, &json!({ "job_id": job })).await;
    let notes = format!("/api/v1/employer/applications/{application}/comment");

    // Both texts blank is the spec's ignored comment, said.
    let blank = send(
        &app,
        reqwest::Method::PUT,
        &notes,
        &boss.token,
        Some(json!({ "private_note": "  ", "employer_comment": "" })),
    )
    .await;
    assert_eq!(blank.status(), 422);
    let saved = send(
        &app,
        reqwest::Method::PUT,
        &notes,
        &boss.token,
        Some(json!({ "private_note": " PRIVATE-NOTE: ask about the gap year " })),
    )
    .await;
    assert_eq!(saved.status(), 200);
    let saved: Value = saved.json().await.unwrap();
    assert_eq!(
        saved,
        json!({ "private_note": "PRIVATE-NOTE: ask about the gap year", "employer_comment": null })
    );
    // A field left out keeps its text.
    let saved = send(
        &app,
        reqwest::Method::PUT,
        &notes,
        &boss.token,
        Some(json!({ "employer_comment": "Lovely portfolio." })),
    )
    .await;
    let saved: Value = saved.json().await.unwrap();
    assert_eq!(
        saved["private_note"],
        "PRIVATE-NOTE: ask about the gap year"
    );
    assert_eq!(saved["employer_comment"], "Lovely portfolio.");
    let too_long = send(
        &app,
        reqwest::Method::PUT,
        &notes,
        &boss.token,
        Some(json!({ "private_note": "x".repeat(2001) })),
    )
    .await;
    let body = error(too_long, 422).await;
    assert_eq!(
        body["fields"]["private_note"][0],
        "A note can be at most 2,000 characters"
    );

    // A rejection needs a reason from the list.
    let reject = format!("/api/v1/employer/applications/{application}/reject");
    for body in [json!({}), json!({ "reason": "Because" })] {
        let refused = send(
            &app,
            reqwest::Method::POST,
            &reject,
            &boss.token,
            Some(body),
        )
        .await;
        let body = error(refused, 422).await;
        assert_eq!(body["fields"]["reason"][0], "Please choose a reason");
    }
    let rejected = send(
        &app,
        reqwest::Method::POST,
        &reject,
        &boss.token,
        Some(json!({
            "reason": "stronger_candidate",
            "detail": "SECRET-DETAIL: hired the referral",
            "feedback": "Thank you for applying. Keep building.",
        })),
    )
    .await;
    assert_eq!(rejected.status(), 200);
    let audit: Vec<(String,)> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_as("SELECT CAST(detail AS TEXT) FROM audit_log WHERE event = 'application_status_changed' AND subject = $1")
            .bind(&application)
            .fetch_all(pool)
            .await
    })
    .unwrap();
    assert_eq!(audit.len(), 1);
    let detail: Value = serde_json::from_str(&audit[0].0).unwrap();
    assert_eq!(
        detail,
        json!({ "status": "rejected", "reason": "stronger_candidate" })
    );

    let read = everything_the_candidate_reads(&app, &me, &job, &application).await;
    let paths: Vec<&str> = read.iter().map(|(p, _)| p.as_str()).collect();
    assert!(paths.contains(&"/api/v1/applications"), "{paths:?}");
    assert!(paths.contains(&"/api/v1/notifications"), "{paths:?}");
    assert!(paths.len() >= 6, "{paths:?}");
    for (path, body) in &read {
        for secret in [
            "PRIVATE-NOTE",
            "SECRET-DETAIL",
            "stronger_candidate",
            "Another candidate was a better fit",
            "private_note",
            "rejection_reason",
        ] {
            assert!(!body.contains(secret), "{secret} in {path}: {body}");
        }
    }
    let mine: Value = app
        .get_auth("/api/v1/applications", &me.token)
        .await
        .json()
        .await
        .unwrap();
    let mine = &mine["applications"][0];
    assert_eq!(mine["status"], "rejected");
    assert_eq!(mine["status_label"], "Not selected");
    assert_eq!(mine["status_bucket"], "rejected");
    assert_eq!(
        mine["employer_comment"], "Thank you for applying. Keep building.",
        "the feedback is the candidate's"
    );
}

pub(crate) async fn move_to(
    app: &TestApp,
    boss: &User,
    application: &str,
    stage: &str,
) -> reqwest::Response {
    send(
        app,
        reqwest::Method::POST,
        &format!("/api/v1/employer/applications/{application}/stage"),
        &boss.token,
        Some(json!({ "stage": stage })),
    )
    .await
}

/// The analytics' funnel of `boss`: per stage, its key, how many reached it, their share of
/// all applications and the median days in it.
pub(crate) async fn funnel(app: &TestApp, boss: &User) -> Vec<(String, u64, f64, Option<f64>)> {
    let analytics: Value = app
        .get_auth("/api/v1/employer/analytics", &boss.token)
        .await
        .json()
        .await
        .unwrap();
    analytics["pipeline"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| {
            (
                line["stage"].as_str().unwrap().to_string(),
                line["reached"].as_u64().unwrap(),
                line["percentOfApplied"].as_f64().unwrap(),
                line["medianDays"].as_f64(),
            )
        })
        .collect()
}

async fn accepted_mails(app: &TestApp) -> i64 {
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT COUNT(*) FROM mail_outbox WHERE kind = 'application_accepted'")
            .fetch_one(pool)
            .await
    })
    .unwrap()
}

// One application walked through the pipeline: each step depends on the one before.
#[allow(clippy::too_many_lines)]
#[tokio::test]
async fn stages_are_moved_and_recorded_and_the_candidate_reads_them_in_plain_words() {
    let app = spawn_app().await;
    let boss = employer(&app, "talent@bank.example").await;
    let job = open_job(&app, &boss, "Credit Analyst").await;
    let me = applicant(&app, "farai@example.com").await;
    let application = applied_id(&app, &me, &json!({ "job_id": job })).await;

    let listed: Value = app
        .get_auth("/api/v1/employer/applications", &boss.token)
        .await
        .json()
        .await
        .unwrap();
    let listed = &listed["applications"][0];
    assert_eq!(listed["stage"], "applied");
    assert_eq!(listed["stage_label"], "Applied");
    let next: Vec<&str> = listed["next_stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["stage"].as_str().unwrap())
        .collect();
    assert_eq!(next, ["screening", "interview", "offer", "hired"]);

    for (stage, message) in [
        ("rejected", "Reject the application to move it to Rejected"),
        ("onboarding", "Please choose a stage"),
    ] {
        let body = error(move_to(&app, &boss, &application, stage).await, 422).await;
        assert_eq!(body["fields"]["stage"][0], message);
    }
    let stranger = employer(&app, "other@firm.example").await;
    assert_eq!(
        move_to(&app, &stranger, &application, "screening")
            .await
            .status(),
        404
    );

    let moved = move_to(&app, &boss, &application, "screening").await;
    assert_eq!(moved.status(), 200);
    let moved: Value = moved.json().await.unwrap();
    assert_eq!(moved["message"], "Moved to Screening");
    assert_eq!(moved["status"], "under_review");
    assert_eq!(moved["status_bucket"], "pending");
    let mine: Value = app
        .get_auth("/api/v1/applications", &me.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(mine["applications"][0]["status_label"], "In review");
    assert_eq!(mine["counts"]["pending"], 1);

    // Days pass between moves (sessions are signed in again: access tokens last minutes).
    app.clock.advance(2 * 86_400_000);
    let boss = sign_in_employer(&app, "talent@bank.example").await;
    assert_eq!(
        move_to(&app, &boss, &application, "interview")
            .await
            .status(),
        200
    );
    assert_eq!(accepted_mails(&app).await, 0);
    app.clock.advance(86_400_000);
    let boss = sign_in_employer(&app, "talent@bank.example").await;
    let me = sign_in(&app, "farai@example.com").await;
    let offer: Value = move_to(&app, &boss, &application, "offer")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(offer["status"], "accepted");
    assert_eq!(
        accepted_mails(&app).await,
        1,
        "reaching Offer is the acceptance"
    );
    let back = move_to(&app, &boss, &application, "screening").await;
    let body = error(back, 409).await;
    assert_eq!(
        body["message"],
        "An accepted application moves only from Offer to Hired"
    );
    assert_eq!(
        move_to(&app, &boss, &application, "hired").await.status(),
        200
    );
    assert_eq!(accepted_mails(&app).await, 1, "told once");
    let accept = send(
        &app,
        reqwest::Method::POST,
        &format!("/api/v1/employer/applications/{application}/accept"),
        &boss.token,
        None,
    )
    .await;
    assert_eq!(accept.status(), 409);
    let mine: Value = app
        .get_auth("/api/v1/applications", &me.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(mine["applications"][0]["status_label"], "Hired");
    assert_eq!(mine["counts"]["accepted"], 1);

    // Every move, with its time and who made it.
    let history: Vec<(String, String, i64, Option<String>)> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_as(
            "SELECT from_stage, to_stage, at, actor_id FROM application_stage_moves \
             WHERE application_id = $1 ORDER BY at, to_stage",
        )
        .bind(&application)
        .fetch_all(pool)
        .await
    })
    .unwrap();
    let steps: Vec<(&str, &str)> = history
        .iter()
        .map(|(from, to, _, _)| (from.as_str(), to.as_str()))
        .collect();
    assert_eq!(
        steps,
        [
            ("applied", "screening"),
            ("screening", "interview"),
            ("interview", "offer"),
            ("offer", "hired")
        ]
    );
    // The test clock runs on from an offset: two days and the test's own few milliseconds.
    let apart = history[1].2 - history[0].2;
    assert!(
        (2 * 86_400_000..2 * 86_400_000 + 60_000).contains(&apart),
        "{apart}"
    );
    assert!(
        history
            .iter()
            .all(|m| m.3.as_deref() == Some(boss.id.as_str()))
    );
    let audited = jobtap_api::audit::events_for(&app.db, &application)
        .await
        .unwrap();
    assert_eq!(
        audited
            .iter()
            .filter(|e| *e == "application_stage_changed")
            .count(),
        4,
        "{audited:?}"
    );

    // The analytics' funnel: a second application never moved counts in Applied only; the
    // days in each stage are those between the moves above.
    let other = applicant(&app, "tari@example.com").await;
    applied_id(&app, &other, &json!({ "job_id": job })).await;
    let boss = sign_in_employer(&app, "talent@bank.example").await;
    assert_eq!(
        funnel(&app, &boss).await,
        [
            ("applied".to_string(), 2, 100.0, Some(0.0)),
            ("screening".to_string(), 1, 50.0, Some(2.0)),
            ("interview".to_string(), 1, 50.0, Some(1.0)),
            ("offer".to_string(), 1, 50.0, Some(0.0)),
            ("hired".to_string(), 1, 50.0, None),
        ]
    );
}

//! SIGKILL after an employer's decision is committed and its e-mail claimed, before the
//! e-mail is handed to the SMTP server: after the restart the candidate gets it exactly once.

use std::time::{Duration, Instant};

use jobtap_api::on_db;
use serde_json::{Value, json};

use crate::harness::{Engine, Server, Target};
use crate::support::smtp::SmtpSink;

#[tokio::test]
async fn sqlite_kill_before_the_send_delivers_the_decision_once_after_the_restart() {
    kill_before_send(Engine::Sqlite).await;
}

#[tokio::test]
async fn postgres_kill_before_the_send_delivers_the_decision_once_after_the_restart() {
    kill_before_send(Engine::Postgres).await;
}

async fn kill_before_send(engine: Engine) {
    let target = Target::new(engine).await;
    let sink = SmtpSink::start();
    let smtp = sink.url();
    // A killed sender's claim runs out after a second, so the restarted one takes the message.
    let env = [
        ("JOBTAP_SMTP_URL", smtp.as_str()),
        ("JOBTAP_MAIL_CLAIM_SECS", "1"),
    ];

    // The accounts confirm their addresses and the job is posted first, and those e-mails are
    // delivered, so the decision is the only message the paused server holds.
    let server = target.start(&env).await;
    let (_, boss) = server.sign_up("boss@acme.example", true).await;
    let (candidate_id, _) = server.sign_up("tendai@example.com", false).await;
    let job_id = post_job(&server, &boss).await;
    let application_id = insert_application(&target, &candidate_id, &job_id).await;
    wait_for_outbox(&target, (0, 2)).await;
    assert_eq!(
        sink.wait_for_all(2).await.len(),
        2,
        "the two confirmation e-mails"
    );
    server.kill9().await;

    let mut server = target
        .start(&[env[0], env[1], ("JOBTAP_TEST_PAUSE_AT", "mail_before_send")])
        .await;
    let (_, boss) = server.sign_in("boss@acme.example").await;
    let accepted = server
        .client
        .post(server.url(&format!(
            "/api/v1/employer/applications/{application_id}/accept"
        )))
        .bearer_auth(&boss)
        .send()
        .await
        .unwrap();
    assert_eq!(accepted.status(), 200, "the decision is stored");
    server.wait_for_pause("mail_before_send").await;
    server.kill9().await;
    assert_eq!(decisions(&sink), 0, "killed before the hand-over");
    assert_eq!(
        outbox(&target).await,
        (1, 2),
        "the message waits in the outbox"
    );

    // Restarted: sent once, marked sent, and nothing more arrives.
    let server = target.start(&env).await;
    let received = sink
        .wait_for_to(
            "tendai@example.com",
            "Your application for Field Nurse was accepted",
            1,
        )
        .await;
    assert_eq!(received.len(), 1);
    wait_for_outbox(&target, (0, 3)).await;
    assert_eq!(decisions(&sink), 1, "exactly once");
    assert_eq!(sink.received_all().len(), 3, "nothing more");
    server.kill9().await;
}

async fn post_job(server: &Server, token: &str) -> String {
    let response = server
        .client
        .post(server.url("/api/v1/employer/jobs"))
        .bearer_auth(token)
        .json(&json!({
            "company_name": "Mercy Clinic",
            "job_title": "Field Nurse",
            "job_type": "Full-time",
            "job_description": "Care for patients in rural clinics.",
            "location": "Mutare",
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    body["job"]["id"].as_str().unwrap().to_string()
}

/// An application as the apply route stores it, written directly (its scores do not matter),
/// with the employer already told of it: the decision's message is the only one here.
async fn insert_application(target: &Target, candidate_id: &str, job_id: &str) -> String {
    let id = uuid::Uuid::new_v4().to_string();
    let db = target.db().await;
    on_db!(&db, pool => {
        sqlx::query(
            "INSERT INTO applications (id, user_id, job_id, status, degree_score, skills_score, \
             university_score, experience_score, total_raw_score, score_percentage, applied_at, \
             updated_at, employer_id, employer_mailed_at) VALUES ($1, $2, $3, 'applied', 4.0, 3.0, \
             5.0, 3.0, 15.0, 76.5, 0, 0, (SELECT employer_id FROM jobs WHERE id = $3), 0)",
        )
        .bind(&id)
        .bind(candidate_id)
        .bind(job_id)
        .execute(pool)
        .await
        .map(|_| ())
    })
    .unwrap();
    id
}

/// Waits (at most 30 s) until the outbox holds `counts` (waiting, sent) messages.
async fn wait_for_outbox(target: &Target, counts: (i64, i64)) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while outbox(target).await != counts {
        assert!(
            Instant::now() < deadline,
            "the outbox never held {counts:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// How many decision e-mails the sink has received.
fn decisions(sink: &SmtpSink) -> usize {
    sink.received()
        .iter()
        .filter(|m| {
            m.header("Subject").as_deref() == Some("Your application for Field Nurse was accepted")
        })
        .count()
}

/// (waiting, sent) messages in the outbox.
async fn outbox(target: &Target) -> (i64, i64) {
    let counts = jobtap_api::mail::outbox::counts(&target.db().await)
        .await
        .unwrap();
    (counts.waiting, counts.sent)
}

//! E-mail that is really sent: decisions reach the candidate through a real SMTP
//! server (aiosmtpd), or as `.eml` files when none is configured; a message waits out an SMTP
//! server that is down and is delivered once when it comes back; two senders on one database
//! (two instances) send each message once.

use std::sync::Arc;
use std::time::{Duration, Instant};

use jobtap_api::mail::outbox::{self, NewRow};
use jobtap_api::mail::{sender, texts};

use crate::employer::{application, employer, job_body, post_job, send, user_id};
use crate::helpers::{TestApp, TestOptions, spawn_app_with_env};
use crate::profile::{PDF, candidate, file, form};
use crate::support::free_port;
use crate::support::smtp::SmtpSink;

/// An employer's job with one onboarded candidate's application: (employer token, application id).
async fn one_application(app: &TestApp, title: &str, email: &str) -> (String, String) {
    let boss = employer(app, &format!("boss-{email}")).await;
    let job = post_job(app, &boss, job_body(title)).await;
    let cand = candidate(app, email).await;
    let onboarding = app
        .client
        .post(app.url("/api/v1/profile/onboarding"))
        .bearer_auth(&cand)
        .multipart(form().part("resume", file(PDF, "cv.pdf")))
        .send()
        .await
        .unwrap();
    assert_eq!(onboarding.status(), 200);
    let cand_id = user_id(app, &cand).await;
    let id = application(
        app,
        &cand_id,
        job["id"].as_str().unwrap(),
        4.0,
        4.0,
        15.0,
        app.clock_now(),
    )
    .await;
    (boss, id)
}

async fn decide(app: &TestApp, boss: &str, id: &str, verb: &str) -> u16 {
    let path = format!("/api/v1/employer/applications/{id}/{verb}");
    let body = (verb == "reject").then(|| {
        serde_json::json!({
            "reason": "skills_mismatch",
            "detail": "SECRET-DETAIL: weak on SQL joins",
            "feedback": "Thank you, Rudo. Brush up on SQL and apply again.",
        })
    });
    send(app, reqwest::Method::POST, &path, boss, body)
        .await
        .status()
        .as_u16()
}

/// Waits until the outbox holds `sent` sent messages (at most 30 s).
async fn wait_sent(app: &TestApp, sent: i64) -> outbox::Counts {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let counts = app.mail_counts().await;
        if counts.sent >= sent {
            return counts;
        }
        assert!(
            Instant::now() < deadline,
            "{counts:?}: {sent} sent expected"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn acceptance_and_rejection_reach_the_candidate_over_smtp() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_env(
        TestOptions::default(),
        vec![
            ("JOBTAP_SMTP_URL", sink.url()),
            (
                "JOBTAP_MAIL_FROM",
                "JobTap Alerts <alerts@jobtap.example>".into(),
            ),
            ("JOBTAP_PUBLIC_URL", "https://jobs.example/".into()),
        ],
    )
    .await;
    let (boss, accepted) = one_application(&app, "Data Analyst", "tendai@example.com").await;
    let (boss2, rejected) = one_application(&app, "Staff Nurse", "rudo@example.com").await;

    assert_eq!(decide(&app, &boss, &accepted, "accept").await, 200);
    let received = sink.wait_for(1).await;
    let mail = &received[0];
    assert_eq!(mail.envelope_to, "tendai@example.com");
    assert_eq!(
        mail.header("To").as_deref(),
        Some("\"Tendai Moyo\" <tendai@example.com>")
    );
    assert_eq!(
        mail.header("From").as_deref(),
        Some("\"JobTap Alerts\" <alerts@jobtap.example>")
    );
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some("Your application for Data Analyst was accepted")
    );
    assert!(mail.raw.contains("multipart/alternative"), "{}", mail.raw);
    assert!(
        mail.raw
            .contains("Good news: Acme accepted your application for Data Analyst."),
        "{}",
        mail.raw
    );
    assert!(
        mail.raw.contains("https://jobs.example/applications"),
        "{}",
        mail.raw
    );
    assert!(mail.raw.contains("text/html"), "{}", mail.raw);

    // Deciding again changes nothing and sends nothing.
    assert_eq!(decide(&app, &boss, &accepted, "reject").await, 409);
    assert_eq!(decide(&app, &boss2, &rejected, "reject").await, 200);
    let received = sink.wait_for(2).await;
    let mail = &received[1];
    assert_eq!(mail.envelope_to, "rudo@example.com");
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some("Your application for Staff Nurse")
    );
    assert!(
        mail.raw
            .contains("Acme has decided not to go ahead with your application for Staff Nurse."),
        "{}",
        mail.raw
    );
    // The feedback to the candidate goes with the decision; the employer's reason and
    // their own detail on it do not.
    assert!(
        mail.raw
            .contains("Thank you, Rudo. Brush up on SQL and apply again."),
        "{}",
        mail.raw
    );
    assert!(!mail.raw.contains("SECRET-DETAIL"), "{}", mail.raw);
    assert!(!mail.raw.contains("skills_mismatch"), "{}", mail.raw);
    assert!(!mail.raw.contains("Skills don"), "{}", mail.raw);
    let counts = wait_sent(&app, 2).await;
    assert_eq!(
        counts,
        outbox::Counts {
            waiting: 0,
            sent: 2
        }
    );
    assert_eq!(sink.received().len(), 2);
}

#[tokio::test]
async fn deleting_a_job_tells_each_candidate_why_the_application_ended() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_env(
        TestOptions::default(),
        vec![("JOBTAP_SMTP_URL", sink.url())],
    )
    .await;
    // Deleting a job declines its open applications: each candidate is told why.
    let (boss3, _) = one_application(&app, "Lab Technician", "farai@example.com").await;
    let jobs: serde_json::Value = app
        .get_auth("/api/v1/employer/jobs", &boss3)
        .await
        .json()
        .await
        .unwrap();
    let job_id = jobs["jobs"][0]["id"].as_str().unwrap().to_string();
    let deleted = send(
        &app,
        reqwest::Method::DELETE,
        &format!("/api/v1/employer/jobs/{job_id}"),
        &boss3,
        None,
    )
    .await;
    assert_eq!(deleted.status(), 200);
    let received = sink.wait_for(1).await;
    let mail = &received[0];
    assert_eq!(mail.envelope_to, "farai@example.com");
    assert!(
        mail.raw
            .contains("Acme removed the Lab Technician job, so your application was declined."),
        "{}",
        mail.raw
    );
    assert_eq!(
        wait_sent(&app, 1).await,
        outbox::Counts {
            waiting: 0,
            sent: 1
        }
    );
}

#[tokio::test]
async fn a_mailbox_the_server_refuses_is_not_tried_again() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_env(
        TestOptions::default(),
        vec![("JOBTAP_SMTP_URL", sink.url())],
    )
    .await;
    let (boss, id) = one_application(&app, "Data Analyst", "refused@example.com").await;
    assert_eq!(
        decide(&app, &boss, &id, "accept").await,
        200,
        "the decision stands"
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    let (attempts, last_error) = loop {
        let row: (i64, Option<String>) = jobtap_api::on_db!(&app.db, pool => {
            sqlx::query_as(
                "SELECT attempts, last_error FROM mail_outbox WHERE kind <> 'email_confirmation'",
            )
            .fetch_one(pool)
            .await
        })
        .unwrap();
        if row.1.is_some() {
            break row;
        }
        assert!(Instant::now() < deadline, "the send was never tried");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(
        attempts,
        outbox::MAX_ATTEMPTS,
        "given up at once: {last_error:?}"
    );
    assert!(last_error.unwrap().contains("550"));
    assert!(sink.received().is_empty());
}

#[tokio::test]
async fn without_smtp_each_message_is_an_eml_file_in_the_outbox_folder() {
    let app = spawn_app_with_env(TestOptions::default(), Vec::new()).await;
    let (boss, id) = one_application(&app, "Data Analyst", "tendai@example.com").await;
    assert_eq!(decide(&app, &boss, &id, "accept").await, 200);
    wait_sent(&app, 1).await;
    let folder = app.data_dir.join("outbox");
    // Sign-up's two confirmation e-mails are files there too; the decision is the one other.
    let files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            !std::fs::read_to_string(p)
                .unwrap()
                .contains("Subject: Confirm your JobTap e-mail address")
        })
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(files[0].extension().and_then(|x| x.to_str()), Some("eml"));
    let text = std::fs::read_to_string(&files[0]).unwrap();
    assert!(
        text.contains("Subject: Your application for Data Analyst was accepted"),
        "{text}"
    );
    assert!(
        text.contains("To: \"Tendai Moyo\" <tendai@example.com>"),
        "{text}"
    );
    assert!(
        text.contains("http://127.0.0.1:8080/applications"),
        "{text}"
    );
}

#[tokio::test]
async fn a_message_waits_for_an_smtp_server_that_is_down_and_is_sent_once_it_is_up() {
    let port = free_port();
    let app = spawn_app_with_env(
        TestOptions::default(),
        vec![("JOBTAP_SMTP_URL", format!("smtp://127.0.0.1:{port}"))],
    )
    .await;
    let (boss, id) = one_application(&app, "Data Analyst", "tendai@example.com").await;
    assert_eq!(decide(&app, &boss, &id, "accept").await, 200);

    // The first try fails: nothing listens. The next is set for after the back-off.
    let deadline = Instant::now() + Duration::from_secs(30);
    let attempts = loop {
        let (attempts, created, next): (i64, i64, i64) = jobtap_api::on_db!(&app.db, pool => {
            sqlx::query_as("SELECT attempts, created_at, next_attempt_at FROM mail_outbox")
                .fetch_one(pool)
                .await
        })
        .unwrap();
        if attempts >= 1 {
            assert!(next >= created + outbox::back_off_ms(0), "{next} {created}");
            assert!(
                next <= app.clock_now() + outbox::back_off_ms(attempts - 1),
                "{next}"
            );
            break attempts;
        }
        assert!(Instant::now() < deadline, "the send was never tried");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(
        app.mail_counts().await,
        outbox::Counts {
            waiting: 1,
            sent: 0
        }
    );

    // The server comes up; once the back-off has passed the message goes, once.
    let sink = SmtpSink::start_on(port);
    app.clock.advance(outbox::back_off_ms(attempts));
    app.state.mail_queued();
    let received = sink.wait_for(1).await;
    assert_eq!(received[0].envelope_to, "tendai@example.com");
    assert_eq!(
        wait_sent(&app, 1).await,
        outbox::Counts {
            waiting: 0,
            sent: 1
        }
    );
    let last_error: Option<String> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT last_error FROM mail_outbox").fetch_one(pool).await
    })
    .unwrap();
    assert!(last_error.is_some(), "the failed try is recorded");
    assert_eq!(sink.received().len(), 1);
}

#[tokio::test]
async fn two_senders_on_one_database_send_each_message_once() {
    const MESSAGES: usize = 60;
    let sink = SmtpSink::start();
    let app = spawn_app_with_env(
        TestOptions::default(),
        vec![("JOBTAP_SMTP_URL", sink.url())],
    )
    .await;
    // A second instance's sender, claiming from the same outbox as the app's own.
    let wake = Arc::new(tokio::sync::Notify::new());
    let second = tokio::spawn(sender::run(
        app.db.clone(),
        app.state.config.mail.clone(),
        app.state.clock.clone(),
        wake.clone(),
    ));
    let config = app.state.config.mail.clone();
    let now = app.clock_now();
    let rows: Vec<NewRow> = (0..MESSAGES)
        .map(|i| {
            let mail = texts::decision(&texts::Decision {
                to_address: &format!("candidate{i}@example.com"),
                candidate_name: "Tendai Moyo",
                job_title: "Data Analyst",
                company_name: "Acme",
                outcome: texts::Outcome::Accepted,
                feedback: None,
                public_url: &config.public_url,
            });
            NewRow::new(&mail, &config, now).unwrap()
        })
        .collect();
    jobtap_api::on_db_write!(&app.db, pool => {
        let mut tx = jobtap_api::db::begin(pool).await.unwrap();
        for row in &rows {
            jobtap_api::queue_mail!(&mut *tx, row).unwrap();
        }
        tx.commit().await.unwrap();
    });
    app.state.mail_queued();
    wake.notify_one();

    // Every message marked sent means every hand-over is over: a duplicate would be in the sink.
    wait_sent(&app, i64::try_from(MESSAGES).unwrap()).await;
    let received = sink.received();
    let mut recipients: Vec<&str> = received.iter().map(|m| m.envelope_to.as_str()).collect();
    recipients.sort_unstable();
    recipients.dedup();
    assert_eq!(recipients.len(), MESSAGES);
    assert_eq!(received.len(), MESSAGES, "no message twice");
    second.abort();
}

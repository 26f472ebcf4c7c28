//! Notifications: the bell shows each side its events (new applicants to the
//! employer, decisions to the candidate) and marks them read; employers get new applicants
//! by e-mail at most once per job an hour, in one message; each person's e-mail settings are
//! honoured. Through a real SMTP server (aiosmtpd).

use jobtap_api::mail::outbox;
use jobtap_api::notifications::applicants::run_once;
use serde_json::{Value, json};

use crate::feed::{User, applicant, employer, error, insert, job, sign_in_employer};
use crate::helpers::{TestApp, spawn_app_with_smtp};
use crate::support::smtp::SmtpSink;

const HOUR: i64 = 60 * 60 * 1000;

/// `boss`'s job `id`, open to everyone (threshold 0).
async fn post_job(app: &TestApp, boss: &User, id: &str) {
    let mut posted = job(app, id, 1);
    posted.employer_id = Some(boss.id.clone());
    insert(app, &[posted]).await;
}

async fn apply(app: &TestApp, who: &User, job_id: &str) -> String {
    let response = app
        .post_json_auth(
            "/api/v1/applications",
            &who.token,
            &json!({ "job_id": job_id }),
        )
        .await;
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    body["id"].as_str().unwrap().to_string()
}

async fn bell(app: &TestApp, who: &User) -> Value {
    let response = app.get_auth("/api/v1/notifications", &who.token).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

async fn set_email(app: &TestApp, who: &User, kind: &str, email: bool) -> reqwest::Response {
    app.client
        .put(app.url("/api/v1/notifications/settings"))
        .bearer_auth(&who.token)
        .json(&json!({ "kind": kind, "email": email }))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn new_applicants_ring_the_employers_bell_and_are_e_mailed_at_most_hourly() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let boss = employer(&app, "hr@acme.example").await;
    post_job(&app, &boss, "frontend").await;
    let first = applicant(&app, "tendai@example.com").await;
    apply(&app, &first, "frontend").await;

    let ring = bell(&app, &boss).await;
    assert_eq!(ring["unread_count"], 1);
    let item = &ring["notifications"][0];
    assert_eq!(item["kind"], "new_applicant");
    assert_eq!(item["title"], "New applicant");
    assert_eq!(item["body"], "Tendai Moyo applied for Frontend Developer.");
    assert_eq!(item["link"], "/employer/applications");
    assert_eq!(item["read"], false);
    // The candidate's own bell has nothing of it.
    assert_eq!(bell(&app, &first).await["unread_count"], 0);

    // The first applicant of a quiet job is told at the next round.
    assert_eq!(run_once(&app.state).await.unwrap(), 1);
    let mail = &sink.wait_for(1).await[0];
    assert_eq!(mail.envelope_to, "hr@acme.example");
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some("New applicant for Frontend Developer")
    );
    let text = mail.text();
    assert!(text.contains("- Tendai Moyo ("), "{text}");
    assert!(
        text.contains("https://jobs.example/employer/applications"),
        "{text}"
    );

    // Two more within the hour wait, then go together in one message.
    let second = applicant(&app, "rudo@example.com").await;
    let third = applicant(&app, "farai@example.com").await;
    apply(&app, &second, "frontend").await;
    apply(&app, &third, "frontend").await;
    assert_eq!(run_once(&app.state).await.unwrap(), 0);
    app.clock.advance(HOUR);
    assert_eq!(run_once(&app.state).await.unwrap(), 1);
    assert_eq!(
        run_once(&app.state).await.unwrap(),
        0,
        "each application once"
    );
    let received = sink.wait_for(2).await;
    assert_eq!(
        received[1].header("Subject").as_deref(),
        Some("2 new applicants for Frontend Developer")
    );
    assert_eq!(received[1].text().matches("- Tendai Moyo (").count(), 2);

    // Mark one read, then all.
    let boss = sign_in_employer(&app, "hr@acme.example").await;
    let ring = bell(&app, &boss).await;
    assert_eq!(ring["unread_count"], 3);
    let newest = ring["notifications"][0]["id"].as_str().unwrap().to_string();
    let read = app
        .post_json_auth(
            "/api/v1/notifications/read",
            &boss.token,
            &json!({ "id": newest }),
        )
        .await;
    assert_eq!(read.status(), 200);
    let ring: Value = read.json().await.unwrap();
    assert_eq!(ring["unread_count"], 2);
    assert_eq!(ring["notifications"][0]["read"], true);
    let ring: Value = app
        .post_json_auth("/api/v1/notifications/read", &boss.token, &json!({}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(ring["unread_count"], 0);

    // E-mail turned off: the bell still rings, no message goes.
    let settings = set_email(&app, &boss, "new_applicants", false).await;
    assert_eq!(settings.status(), 200);
    let settings: Value = settings.json().await.unwrap();
    assert_eq!(
        settings["settings"][0],
        json!({
            "kind": "new_applicants",
            "label": "New applicants",
            "description": "An e-mail when candidates apply to your jobs: at most one an hour per job, with every new applicant.",
            "email": false,
        })
    );
    let fourth = applicant(&app, "chipo@example.com").await;
    apply(&app, &fourth, "frontend").await;
    app.clock.advance(HOUR);
    assert_eq!(run_once(&app.state).await.unwrap(), 0);
    let boss = sign_in_employer(&app, "hr@acme.example").await;
    assert_eq!(bell(&app, &boss).await["unread_count"], 1);
    assert_eq!(app.mail_counts().await.waiting, 0);
    assert_eq!(sink.received().len(), 2);
}

#[tokio::test]
async fn decisions_ring_the_candidates_bell_and_e_mail_follows_the_setting() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let boss = employer(&app, "hr@acme.example").await;
    post_job(&app, &boss, "frontend").await;
    post_job(&app, &boss, "backend").await;
    let tendai = applicant(&app, "tendai@example.com").await;
    let first = apply(&app, &tendai, "frontend").await;
    let second = apply(&app, &tendai, "backend").await;

    // Settings are per role: a candidate has application updates only.
    let settings: Value = app
        .get_auth("/api/v1/notifications/settings", &tendai.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(settings["settings"][0]["kind"], "application_updates");
    assert_eq!(settings["settings"][0]["email"], true);
    assert_eq!(settings["settings"].as_array().unwrap().len(), 1);
    let err = error(set_email(&app, &tendai, "new_applicants", false).await, 422).await;
    assert_eq!(
        err["fields"]["kind"],
        json!(["Not one of your notification settings"])
    );

    // Off: the acceptance rings the bell and queues no e-mail.
    assert_eq!(
        set_email(&app, &tendai, "application_updates", false)
            .await
            .status(),
        200
    );
    let accept = app
        .post_json_auth(
            &format!("/api/v1/employer/applications/{first}/accept"),
            &boss.token,
            &json!({}),
        )
        .await;
    assert_eq!(accept.status(), 200);
    assert_eq!(app.mail_counts().await, outbox::Counts::default());
    let ring = bell(&app, &tendai).await;
    assert_eq!(ring["unread_count"], 1);
    assert_eq!(ring["notifications"][0]["title"], "Application accepted");
    assert_eq!(
        ring["notifications"][0]["body"],
        "Acme Fintech accepted your application for Frontend Developer."
    );
    assert_eq!(ring["notifications"][0]["link"], "/applications");

    // On again: the rejection is e-mailed too.
    assert_eq!(
        set_email(&app, &tendai, "application_updates", true)
            .await
            .status(),
        200
    );
    let reject = app
        .post_json_auth(
            &format!("/api/v1/employer/applications/{second}/reject"),
            &boss.token,
            &json!({ "reason": "position_filled" }),
        )
        .await;
    assert_eq!(reject.status(), 200);
    let mail = &sink.wait_for(1).await[0];
    assert_eq!(mail.envelope_to, "tendai@example.com");
    assert_eq!(bell(&app, &tendai).await["unread_count"], 2);
    // Another person's bell is their own: they see none of it and cannot mark it read.
    let ring = bell(&app, &tendai).await;
    assert_eq!(ring["unread_count"], 2);
    let theirs = ring["notifications"][0]["id"].clone();
    let stranger = applicant(&app, "stranger@example.com").await;
    let ring = bell(&app, &stranger).await;
    assert_eq!(ring["unread_count"], 0);
    assert_eq!(ring["notifications"], json!([]));
    let read = app
        .post_json_auth(
            "/api/v1/notifications/read",
            &stranger.token,
            &json!({ "id": theirs }),
        )
        .await;
    assert_eq!(read.status(), 200);
    assert_eq!(bell(&app, &tendai).await["unread_count"], 2);
}

#[tokio::test]
async fn employers_who_ask_get_a_daily_summary_of_each_job() {
    use jobtap_api::notifications::summary;
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let boss = employer(&app, "hr@acme.example").await;
    let quiet = employer(&app, "quiet@acme.example").await;
    post_job(&app, &boss, "frontend").await;
    post_job(&app, &quiet, "backend").await;
    let tendai = applicant(&app, "tendai@example.com").await;
    apply(&app, &tendai, "frontend").await;
    apply(&app, &tendai, "backend").await;

    // Off until asked for.
    let settings: Value = app
        .get_auth("/api/v1/notifications/settings", &boss.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(settings["settings"][1]["kind"], "daily_summary");
    assert_eq!(settings["settings"][1]["email"], false);
    assert_eq!(summary::run_once(&app.state).await.unwrap(), 0);

    assert_eq!(
        set_email(&app, &boss, "daily_summary", true).await.status(),
        200
    );
    assert_eq!(summary::run_once(&app.state).await.unwrap(), 1);
    assert_eq!(
        summary::run_once(&app.state).await.unwrap(),
        0,
        "once a day"
    );
    let mail = &sink.wait_for(1).await[0];
    assert_eq!(mail.envelope_to, "hr@acme.example");
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some("Your day on JobTap: 1 new applicant, 1 awaiting your decision")
    );
    let text = mail.text();
    assert!(
        text.contains("- Frontend Developer: 1 new, 1 awaiting your decision"),
        "{text}"
    );

    // A day later the application still awaits a decision; once decided, a quiet day sends nothing.
    app.clock.advance(24 * HOUR);
    assert_eq!(summary::run_once(&app.state).await.unwrap(), 1);
    let text = sink.wait_for(2).await[1].text();
    assert!(
        text.contains("- Frontend Developer: 0 new, 1 awaiting your decision"),
        "{text}"
    );
    let boss = sign_in_employer(&app, "hr@acme.example").await;
    let list: Value = app
        .get_auth("/api/v1/employer/applications", &boss.token)
        .await
        .json()
        .await
        .unwrap();
    let id = list["applications"][0]["id"].as_str().unwrap().to_string();
    let accepted = app
        .post_json_auth(
            &format!("/api/v1/employer/applications/{id}/accept"),
            &boss.token,
            &json!({}),
        )
        .await;
    assert_eq!(accepted.status(), 200);
    app.clock.advance(24 * HOUR);
    assert_eq!(summary::run_once(&app.state).await.unwrap(), 0);
}

#[tokio::test]
async fn every_member_of_the_team_hears_of_new_applicants_as_their_own_settings_say() {
    use jobtap_api::notifications::summary;
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let boss = employer(&app, "hr@acme.example").await;
    let token = crate::team::invited(&app, &boss, "farai@acme.example", "recruiter").await;
    let recruiter = crate::team::joined(&app, &token, "Farai Gumbo").await;
    post_job(&app, &boss, "frontend").await;
    let first = applicant(&app, "tendai@example.com").await;
    apply(&app, &first, "frontend").await;

    // Each member's bell, and each member's e-mail.
    assert_eq!(bell(&app, &boss).await["unread_count"], 1);
    let ring = bell(&app, &recruiter).await;
    assert_eq!(
        ring["notifications"][0]["body"],
        "Tendai Moyo applied for Frontend Developer."
    );
    assert_eq!(run_once(&app.state).await.unwrap(), 1);
    let new = "New applicant for Frontend Developer";
    sink.wait_for_to("hr@acme.example", new, 1).await;
    sink.wait_for_to("farai@acme.example", new, 1).await;

    // The recruiter turns these e-mails off; the admin still gets them.
    assert_eq!(
        set_email(&app, &recruiter, "new_applicants", false)
            .await
            .status(),
        200
    );
    let second = applicant(&app, "rudo@example.com").await;
    apply(&app, &second, "frontend").await;
    app.clock.advance(HOUR);
    assert_eq!(run_once(&app.state).await.unwrap(), 1);
    sink.wait_for_to("hr@acme.example", new, 2).await;

    // A daily summary of the company's jobs for the member who asks for one.
    let recruiter = crate::team::signed_in(&app, "farai@acme.example").await;
    assert_eq!(
        set_email(&app, &recruiter, "daily_summary", true)
            .await
            .status(),
        200
    );
    assert_eq!(summary::run_once(&app.state).await.unwrap(), 1);
    let summaries = sink
        .wait_for_to("farai@acme.example", "Your day on JobTap: ", 1)
        .await;
    assert!(
        summaries[0].text().contains("Frontend Developer"),
        "{}",
        summaries[0].text()
    );
    // Everything is in: the recruiter had the first new-applicant e-mail only.
    let to_recruiter = sink
        .received_all()
        .iter()
        .filter(|m| {
            m.envelope_to == "farai@acme.example" && m.header("Subject").as_deref() == Some(new)
        })
        .count();
    assert_eq!(to_recruiter, 1);
}

#[tokio::test]
async fn an_interviewer_hears_only_of_applicants_to_the_jobs_they_are_on() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let boss = employer(&app, "hr@acme.example").await;
    let token = crate::team::invited(&app, &boss, "tino@acme.example", "interviewer").await;
    let interviewer = crate::team::joined(&app, &token, "Tino Mhlanga").await;
    post_job(&app, &boss, "frontend").await;
    post_job(&app, &boss, "backend").await;
    let listed = crate::employer::send(
        &app,
        reqwest::Method::PUT,
        "/api/v1/employer/jobs/backend/team",
        &boss.token,
        Some(json!({ "member_ids": [interviewer.id] })),
    )
    .await;
    assert_eq!(listed.status(), 200);

    // An applicant to the job they are not on: the admin hears, the interviewer does not.
    let first = applicant(&app, "tendai@example.com").await;
    apply(&app, &first, "frontend").await;
    assert_eq!(bell(&app, &boss).await["unread_count"], 1);
    assert_eq!(bell(&app, &interviewer).await["unread_count"], 0);
    assert_eq!(run_once(&app.state).await.unwrap(), 1);
    let new = "New applicant for Frontend Developer";
    sink.wait_for_to("hr@acme.example", new, 1).await;

    // An applicant to their job: both hear, each by bell and e-mail.
    let second = applicant(&app, "rudo@example.com").await;
    apply(&app, &second, "backend").await;
    assert_eq!(bell(&app, &interviewer).await["unread_count"], 1);
    app.clock.advance(HOUR);
    assert_eq!(run_once(&app.state).await.unwrap(), 1);
    sink.wait_for_to("tino@acme.example", new, 1).await;
    sink.wait_for_to("hr@acme.example", new, 2).await;
    let to_interviewer = sink
        .received_all()
        .iter()
        .filter(|m| {
            m.envelope_to == "tino@acme.example" && m.header("Subject").as_deref() == Some(new)
        })
        .count();
    assert_eq!(to_interviewer, 1, "only the applicant to their own job");

    // Taken off the job, its notices leave their bell (both sign in again: the clock moved on).
    let boss = sign_in_employer(&app, "hr@acme.example").await;
    let interviewer = crate::team::signed_in(&app, "tino@acme.example").await;
    // Their daily summary counts their job's applicants only, and leaves the decision to others.
    assert_eq!(
        set_email(&app, &interviewer, "daily_summary", true)
            .await
            .status(),
        200
    );
    assert_eq!(
        jobtap_api::notifications::summary::run_once(&app.state)
            .await
            .unwrap(),
        1
    );
    let summary = "Your day on JobTap: 1 new applicant, 1 awaiting a decision";
    let text = sink.wait_for_to("tino@acme.example", summary, 1).await[0].text();
    assert!(text.contains(": 1 new, 1 awaiting a decision\n"), "{text}");
    assert!(!text.contains("your decision"), "{text}");
    let off = crate::employer::send(
        &app,
        reqwest::Method::PUT,
        "/api/v1/employer/jobs/backend/team",
        &boss.token,
        Some(json!({ "member_ids": [] })),
    )
    .await;
    assert_eq!(off.status(), 200);
    assert_eq!(bell(&app, &interviewer).await["unread_count"], 0);
}

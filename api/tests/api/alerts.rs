//! Job alerts: subscribing sends a confirmation e-mail and nothing else until its
//! link is followed; confirmed subscribers get a daily digest of new jobs that fit them, each
//! job once, with a one-click unsubscribe (RFC 8058). Through a real SMTP server (aiosmtpd).

use jobtap_api::alerts::digest::run_once;
use jobtap_api::jobs::store::JobFields;
use serde_json::{Value, json};

use crate::feed::{User, applicant, candidate, error, insert, job, sign_in};
use crate::helpers::{TestApp, spawn_app_with_smtp};
use crate::support::smtp::{Received, SmtpSink};

const HOUR: i64 = 60 * 60 * 1000;
const DAY: i64 = 24 * HOUR;

async fn subscribe(app: &TestApp, user: &User, email: &str) -> reqwest::Response {
    app.post_json_auth(
        "/api/v1/job-alerts",
        &user.token,
        &json!({ "email": email }),
    )
    .await
}

async fn subscribe_to_search(
    app: &TestApp,
    user: &User,
    email: &str,
    search: &str,
) -> reqwest::Response {
    app.post_json_auth(
        "/api/v1/job-alerts",
        &user.token,
        &json!({ "email": email, "search": search }),
    )
    .await
}

/// The search query stored for `email`'s subscription.
async fn stored_search(app: &TestApp, email: &str) -> String {
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT search FROM job_alert_subscriptions WHERE email = $1")
            .bind(email)
            .fetch_one(pool)
            .await
            .unwrap()
    })
}

/// The link in `mail`'s text that starts with `prefix`, turned into a path on the test server.
fn link(mail: &Received, prefix: &str) -> String {
    let text = mail.text();
    let start = text
        .find(prefix)
        .unwrap_or_else(|| panic!("no {prefix} link in:\n{text}"));
    let end = text[start..]
        .find(char::is_whitespace)
        .map_or(text.len(), |n| start + n);
    text[start..end].replace("https://jobs.example", "")
}

/// A page of the server's: its status and HTML.
async fn page(app: &TestApp, method: reqwest::Method, path: &str) -> (u16, String) {
    let response = app
        .client
        .request(method, app.url(path))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    assert_eq!(
        response.headers()["content-type"],
        "text/html; charset=utf-8"
    );
    assert_eq!(response.headers()["cache-control"], "no-store");
    assert_eq!(response.headers()["referrer-policy"], "no-referrer");
    (status, response.text().await.unwrap())
}

#[tokio::test]
async fn subscribing_asks_for_confirmation_once_an_hour_and_never_tells_who_is_subscribed() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let user = candidate(&app, "tendai@example.com").await;

    // Bad input: the spec's messages, nothing stored or sent.
    let err = error(subscribe(&app, &user, "  ").await, 422).await;
    assert_eq!(err["fields"]["email"], json!(["Please enter your email"]));
    let err = error(
        app.post_json_auth("/api/v1/job-alerts", &user.token, &json!({}))
            .await,
        422,
    )
    .await;
    assert_eq!(err["message"], "Please enter your email");
    let err = error(subscribe(&app, &user, "nope").await, 422).await;
    assert_eq!(err["message"], "Invalid email address");

    let first = subscribe(&app, &user, "Alerts@Example.com ").await;
    assert_eq!(first.status(), 202);
    let first: Value = first.json().await.unwrap();
    assert_eq!(
        first,
        json!({ "email": "alerts@example.com", "search": "" })
    );
    let mail = &sink.wait_for(1).await[0];
    assert_eq!(mail.envelope_to, "alerts@example.com");
    assert_eq!(
        mail.header("Subject").as_deref(),
        Some("Confirm your JobTap job alerts")
    );
    assert!(mail.header("List-Unsubscribe").is_none());
    let old_link = link(mail, "https://jobs.example/alerts/confirm?token=");

    // Asking again within the hour: the same answer, no second e-mail.
    let again = subscribe(&app, &user, "alerts@example.com").await;
    assert_eq!(again.status(), 202);
    assert_eq!(again.json::<Value>().await.unwrap(), first);

    // An hour later a new confirmation goes, and only its link works.
    app.clock.advance(HOUR);
    let user = sign_in(&app, "tendai@example.com").await;
    assert_eq!(
        subscribe(&app, &user, "alerts@example.com").await.status(),
        202
    );
    let received = sink.wait_for(2).await;
    let new_link = link(&received[1], "https://jobs.example/alerts/confirm?token=");
    assert_ne!(new_link, old_link);
    let (status, html) = page(&app, reqwest::Method::GET, &old_link).await;
    assert_eq!(status, 404);
    assert!(
        html.contains("This confirmation link is not valid"),
        "{html}"
    );

    // Opening the link only asks; the button confirms.
    let (status, html) = page(&app, reqwest::Method::GET, &new_link).await;
    assert_eq!(status, 200);
    assert!(html.contains("Confirm your job alerts"), "{html}");
    assert!(html.contains("alerts@example.com"), "{html}");
    assert!(html.contains("<form method=\"post\""), "{html}");
    assert!(!confirmed(&app, "alerts@example.com").await);
    let (status, html) = page(&app, reqwest::Method::POST, &new_link).await;
    assert_eq!(status, 200);
    assert!(html.contains("Your job alerts are on"), "{html}");
    assert!(confirmed(&app, "alerts@example.com").await);
    // Following it twice is fine.
    let (status, _) = page(&app, reqwest::Method::POST, &new_link).await;
    assert_eq!(status, 200);

    // Subscribed already: the same answer again, and nothing sent.
    app.clock.advance(2 * HOUR);
    let user = sign_in(&app, "tendai@example.com").await;
    let again = subscribe(&app, &user, "alerts@example.com").await;
    assert_eq!(again.status(), 202);
    assert_eq!(again.json::<Value>().await.unwrap(), first);
    let nothing = run_once(&app.state).await.unwrap();
    assert_eq!(nothing, 0, "no new job, no digest");
    // Nothing waits in the outbox either: the two confirmations are all there is.
    assert_eq!(app.mail_counts().await.waiting, 0);
    assert_eq!(sink.received().len(), 2);
}

#[tokio::test]
async fn nobody_can_divert_a_pending_subscription_or_mail_many_addresses() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let owner = candidate(&app, "owner@example.com").await;
    assert_eq!(
        subscribe(&app, &owner, "owner@example.com").await.status(),
        202
    );
    sink.wait_for(1).await;

    // Another account asking for the same pending address, an hour later: answered alike,
    // nothing sent, the owner's link still works.
    app.clock.advance(HOUR);
    let other = candidate(&app, "other@example.com").await;
    assert_eq!(
        subscribe(&app, &other, "owner@example.com").await.status(),
        202
    );
    assert_eq!(
        app.mail_counts().await,
        jobtap_api::mail::outbox::Counts {
            waiting: 0,
            sent: 1
        }
    );
    let owner_id: Option<String> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT user_id FROM job_alert_subscriptions WHERE email = $1")
            .bind("owner@example.com")
            .fetch_one(pool)
            .await
            .unwrap()
    });
    assert_eq!(owner_id.as_deref(), Some(owner.id.as_str()));

    // Ten requests an hour per account; the eleventh is refused with the wait.
    for i in 1..10 {
        let address = format!("friend{i}@example.com");
        assert_eq!(
            subscribe(&app, &other, &address).await.status(),
            202,
            "{address}"
        );
    }
    let refused = subscribe(&app, &other, "friend10@example.com").await;
    assert_eq!(refused.status(), 429);
    let body: Value = refused.json().await.unwrap();
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("Too many attempts."),
        "{body}"
    );
    assert_eq!(sink.wait_for(10).await.len(), 10);
}

async fn confirmed(app: &TestApp, email: &str) -> bool {
    let at: Option<i64> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT confirmed_at FROM job_alert_subscriptions WHERE email = $1")
            .bind(email)
            .fetch_one(pool)
            .await
            .unwrap()
    });
    at.is_some()
}

#[tokio::test]
async fn unknown_and_expired_links_get_a_clear_page() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let user = candidate(&app, "tendai@example.com").await;
    assert_eq!(
        subscribe(&app, &user, "late@example.com").await.status(),
        202
    );
    let confirm = link(
        &sink.wait_for(1).await[0],
        "https://jobs.example/alerts/confirm?token=",
    );

    for path in [
        "/alerts/confirm?token=not-a-token",
        "/alerts/confirm",
        "/alerts/confirm?token=",
    ] {
        for method in [reqwest::Method::GET, reqwest::Method::POST] {
            let (status, html) = page(&app, method, path).await;
            assert_eq!(status, 404, "{path}");
            assert!(
                html.contains("This confirmation link is not valid"),
                "{html}"
            );
        }
    }
    for method in [reqwest::Method::GET, reqwest::Method::POST] {
        let (status, html) = page(&app, method, "/alerts/unsubscribe?token=nope").await;
        assert_eq!(status, 404);
        assert!(
            html.contains("This unsubscribe link is not valid"),
            "{html}"
        );
    }

    // A week later the confirmation link has expired, and following it confirms nothing.
    app.clock.advance(7 * DAY);
    for method in [reqwest::Method::GET, reqwest::Method::POST] {
        let (status, html) = page(&app, method, &confirm).await;
        assert_eq!(status, 410);
        assert!(
            html.contains("This confirmation link has expired"),
            "{html}"
        );
        assert!(html.contains("work for 7 days"), "{html}");
    }
    assert!(!confirmed(&app, "late@example.com").await);
    // A new request sends a new link.
    let user = sign_in(&app, "tendai@example.com").await;
    assert_eq!(
        subscribe(&app, &user, "late@example.com").await.status(),
        202
    );
    assert_eq!(sink.wait_for(2).await.len(), 2);
}

/// A job of another field of work: nursing, with a 60% bar a developer does not reach.
fn nurse_job(app: &TestApp, id: &str) -> JobFields {
    JobFields {
        company_name: "Parirenyatwa Hospital".into(),
        job_title: "Registered Nurse".into(),
        job_description: format!("Care for patients on a busy surgical ward. Reference {id}."),
        skills: vec!["Patient care".into(), "Triage".into(), "IV therapy".into()],
        requirements: vec!["Registered with the Nursing Council".into()],
        required_degree_classes: Some(vec!["Nursing".into()]),
        minimum_score_threshold: 60.0,
        ..job(app, id, 0)
    }
}

/// A developer's job with the same 60% bar.
fn developer_job(app: &TestApp, id: &str) -> JobFields {
    JobFields {
        minimum_score_threshold: 60.0,
        ..job(app, id, 0)
    }
}

/// Subscribes `user` at `email` and follows the confirmation link; the sink's message count after.
async fn subscribe_and_confirm(app: &TestApp, sink: &SmtpSink, user: &User, email: &str) -> usize {
    let before = sink.received().len();
    assert_eq!(subscribe(app, user, email).await.status(), 202);
    // This address's confirmation, whatever else the sink holds by now.
    let received = sink
        .wait_for_to(email, "Confirm your JobTap job alerts", 1)
        .await;
    let confirm = link(&received[0], "https://jobs.example/alerts/confirm?token=");
    assert_eq!(page(app, reqwest::Method::POST, &confirm).await.0, 200);
    before + 1
}

#[tokio::test]
async fn a_sample_job_is_never_in_a_digest_even_when_it_fits() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let developer = applicant(&app, "dev@example.com").await;
    let newcomer = candidate(&app, "new@example.com").await;
    subscribe_and_confirm(&app, &sink, &developer, "dev@example.com").await;
    assert_eq!(
        subscribe_and_confirm(&app, &sink, &newcomer, "new@example.com").await,
        2
    );
    app.clock.advance(1000);
    // The sample is the developer's job again: it fits them as well as dev-1 does.
    insert(
        &app,
        &[
            developer_job(&app, "dev-1"),
            developer_job(&app, "mock-dev-sample"),
        ],
    )
    .await;
    assert_eq!(run_once(&app.state).await.unwrap(), 2);
    for mail in &sink.wait_for(4).await[2..] {
        let text = mail.text();
        assert!(text.contains("/job/dev-1"), "{text}");
        assert!(!text.contains("mock-dev-sample"), "a sample job: {text}");
    }
}

#[tokio::test]
async fn the_digest_sends_new_jobs_that_fit_once_a_day_and_never_twice() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    // A developer with a profile, and a candidate with none.
    let developer = applicant(&app, "dev@example.com").await;
    let newcomer = candidate(&app, "new@example.com").await;
    insert(&app, &[developer_job(&app, "before-1")]).await;
    app.clock.advance(1000);
    subscribe_and_confirm(&app, &sink, &developer, "dev@example.com").await;
    assert_eq!(
        subscribe_and_confirm(&app, &sink, &newcomer, "new@example.com").await,
        2
    );

    // Nothing new yet: no digest.
    assert_eq!(run_once(&app.state).await.unwrap(), 0);
    app.clock.advance(1000);
    insert(
        &app,
        &[developer_job(&app, "dev-1"), nurse_job(&app, "nurse-1")],
    )
    .await;
    assert_eq!(run_once(&app.state).await.unwrap(), 2);
    let received = sink.wait_for(4).await;
    let to = |who: &str| {
        received[2..]
            .iter()
            .find(|m| m.envelope_to == who)
            .unwrap_or_else(|| panic!("no digest to {who}"))
            .clone()
    };
    let dev_mail = to("dev@example.com");
    let text = dev_mail.text();
    assert_eq!(
        dev_mail.header("Subject").as_deref(),
        Some("1 new job for you on JobTap")
    );
    assert!(text.contains("https://jobs.example/job/dev-1"), "{text}");
    assert!(
        !text.contains("nurse-1"),
        "the nurse job does not fit a developer: {text}"
    );
    assert!(
        !text.contains("before-1"),
        "posted before the subscription: {text}"
    );
    assert!(
        text.contains("Acme Fintech · Harare · $1,500 - $2,500"),
        "{text}"
    );
    // RFC 8058: a one-click unsubscribe URL, the same the text links to.
    let unsubscribe = link(&dev_mail, "https://jobs.example/alerts/unsubscribe?token=");
    assert_eq!(
        dev_mail.header("List-Unsubscribe"),
        Some(format!("<https://jobs.example{unsubscribe}>"))
    );
    assert_eq!(
        dev_mail.header("List-Unsubscribe-Post").as_deref(),
        Some("List-Unsubscribe=One-Click")
    );
    // Without a profile, every new job is news.
    let new_text = to("new@example.com").text();
    assert!(
        new_text.contains("/job/dev-1") && new_text.contains("/job/nurse-1"),
        "{new_text}"
    );

    // The same day: nothing more, even with a new job.
    app.clock.advance(HOUR);
    insert(&app, &[developer_job(&app, "dev-2")]).await;
    assert_eq!(run_once(&app.state).await.unwrap(), 0);

    // A day after the first: only what was not sent before.
    app.clock.advance(DAY);
    assert_eq!(run_once(&app.state).await.unwrap(), 2);
    let received = sink.wait_for(6).await;
    for mail in &received[4..] {
        let text = mail.text();
        assert!(text.contains("/job/dev-2"), "{text}");
        assert!(!text.contains("/job/dev-1"), "sent already: {text}");
    }

    // One click from the mail app ends the developer's alerts; the newcomer's go on.
    let response = app
        .client
        .post(app.url(&unsubscribe))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert!(
        response
            .text()
            .await
            .unwrap()
            .contains("You are unsubscribed")
    );
    let (status, _) = page(&app, reqwest::Method::GET, &unsubscribe).await;
    assert_eq!(status, 404, "used up");
    app.clock.advance(DAY);
    insert(&app, &[developer_job(&app, "dev-3")]).await;
    assert_eq!(run_once(&app.state).await.unwrap(), 1);
    let received = sink.wait_for(7).await;
    assert_eq!(received[6].envelope_to, "new@example.com");
    assert_eq!(sink.received().len(), 7);
}

#[tokio::test]
async fn the_unsubscribe_link_in_the_text_asks_then_stops_the_alerts() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let user = candidate(&app, "rudo@example.com").await;
    subscribe_and_confirm(&app, &sink, &user, "rudo@example.com").await;
    app.clock.advance(1000);
    insert(&app, &[nurse_job(&app, "ward-1")]).await;
    assert_eq!(run_once(&app.state).await.unwrap(), 1);
    let mail = &sink.wait_for(2).await[1];
    let unsubscribe = link(mail, "https://jobs.example/alerts/unsubscribe?token=");
    let (status, html) = page(&app, reqwest::Method::GET, &unsubscribe).await;
    assert_eq!(status, 200);
    assert!(
        html.contains("Stop job alerts?") && html.contains("rudo@example.com"),
        "{html}"
    );
    let (status, html) = page(&app, reqwest::Method::POST, &unsubscribe).await;
    assert_eq!(status, 200);
    assert!(
        html.contains("No more job alerts will be sent to <strong>rudo@example.com</strong>"),
        "{html}"
    );
    let rows: i64 = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT COUNT(*) FROM job_alert_subscriptions")
            .fetch_one(pool)
            .await
            .unwrap()
    });
    assert_eq!(rows, 0);
}

#[tokio::test]
async fn an_alert_for_a_search_the_feed_would_refuse_is_refused_with_its_message() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let tariro = candidate(&app, "tariro@example.com").await;
    for (search, message) in [
        (
            "q=pharmacist&min_salary=lots",
            "Minimum salary must be a number of 0 or more",
        ),
        (
            "posted_within_days=2",
            "Posted within must be 1, 3, 7, 14 or 30 days",
        ),
    ] {
        let err = error(
            subscribe_to_search(&app, &tariro, "tariro@example.com", search).await,
            422,
        )
        .await;
        assert_eq!(err["fields"]["search"], json!([message]), "{search}");
    }
    assert!(sink.received().is_empty());
    assert_eq!(app.mail_counts().await.waiting, 0);
}

/// A pharmacy job as a hospital or chain posts it.
fn pharmacy_job(app: &TestApp, id: &str, title: &str, place: &str, top_salary: f64) -> JobFields {
    JobFields {
        company_name: "Mpilo Central Hospital".into(),
        job_title: title.into(),
        job_description: format!(
            "Dispense prescriptions, counsel patients on their medicines and keep the \
             controlled-drugs register. Reference {id}."
        ),
        location: place.into(),
        salary_min: Some(top_salary - 300.0),
        salary_max: Some(top_salary),
        skills: vec!["Dispensing".into(), "Patient counselling".into()],
        ..job(app, id, 0)
    }
}

#[tokio::test]
async fn an_alert_made_from_a_search_sends_only_what_the_search_finds() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let tariro = candidate(&app, "tariro@example.com").await;
    let search = "q=pharmacist&place=bulawayo&min_salary=800&order=best";

    let reply = subscribe_to_search(&app, &tariro, "tariro@example.com", search).await;
    assert_eq!(reply.status(), 202);
    let words = "“pharmacist”, in bulawayo, paying $800 or more";
    assert_eq!(
        reply.json::<Value>().await.unwrap(),
        json!({ "email": "tariro@example.com", "search": words })
    );
    // Kept in core's order, without what is not a search (the feed's order).
    assert_eq!(
        stored_search(&app, "tariro@example.com").await,
        "q=pharmacist&place=bulawayo&min_salary=800"
    );
    let confirmation = &sink.wait_for(1).await[0];
    assert!(
        confirmation
            .text()
            .contains(&format!("to e-mail new jobs for {words} to this address.")),
        "{}",
        confirmation.text()
    );
    let confirm = link(confirmation, "https://jobs.example/alerts/confirm?token=");
    assert_eq!(page(&app, reqwest::Method::POST, &confirm).await.0, 200);

    app.clock.advance(1000);
    insert(
        &app,
        &[
            pharmacy_job(&app, "found", "Pharmacist", "Bulawayo", 1200.0),
            pharmacy_job(&app, "harare", "Pharmacist", "Harare", 1200.0),
            pharmacy_job(&app, "low-pay", "Locum Pharmacist", "Bulawayo", 600.0),
            JobFields {
                job_title: "Sales Assistant".into(),
                location: "Bulawayo CBD".into(),
                ..job(&app, "shop", 0)
            },
        ],
    )
    .await;
    assert_eq!(run_once(&app.state).await.unwrap(), 1);
    let digest = &sink.wait_for(2).await[1];
    let text = digest.text();
    assert!(text.contains("https://jobs.example/job/found"), "{text}");
    for other in ["/job/harare", "/job/low-pay", "/job/shop"] {
        assert!(
            !text.contains(other),
            "{other} is not what she searched for: {text}"
        );
    }
    assert!(
        text.contains(&format!("New jobs for {words} on JobTap")),
        "{text}"
    );
    assert!(
        text.contains(
            "Swipe through them all: https://jobs.example/jobs?q=pharmacist&place=bulawayo&min_salary=800\n"
        ),
        "{text}"
    );

    // Asking again from her account with another search: no e-mail, the alert follows it.
    let again =
        subscribe_to_search(&app, &tariro, "tariro@example.com", "q=locum+pharmacist").await;
    assert_eq!(again.status(), 202);
    assert_eq!(
        stored_search(&app, "tariro@example.com").await,
        "q=locum+pharmacist"
    );
    // Another account naming her address changes nothing of hers.
    let stranger = candidate(&app, "stranger@example.com").await;
    let theirs = subscribe_to_search(&app, &stranger, "tariro@example.com", "q=driver").await;
    assert_eq!(theirs.status(), 202);
    assert_eq!(
        stored_search(&app, "tariro@example.com").await,
        "q=locum+pharmacist"
    );
    assert_eq!(app.mail_counts().await.waiting, 0);
    assert_eq!(sink.received().len(), 2);

    // The next day's digest follows the new search.
    app.clock.advance(DAY);
    insert(
        &app,
        &[pharmacy_job(
            &app,
            "locum-2",
            "Locum Pharmacist",
            "Gweru",
            700.0,
        )],
    )
    .await;
    assert_eq!(run_once(&app.state).await.unwrap(), 1);
    let text = sink.wait_for(3).await[2].text();
    assert!(
        text.contains("/job/locum-2") && !text.contains("/job/found"),
        "{text}"
    );
}

//! A new password: "Forgot password?" answers the same for every address and e-mails a link
//! (stored hashed, good once, for an hour) to an account's owner; the link sets a new password,
//! ends every session and refresh token and signs the person in; "Change password" asks for
//! the current one and ends every other session. Each change e-mails the owner. Through a real
//! SMTP server (aiosmtpd), and, for the embedded default, the real binary's log.

use std::time::{Duration, Instant};

use jobtap_core::password_reset::{LINK_MS, MSG_LINK_GONE, MSG_LINK_SENT};
use jobtap_core::validate::MSG_PASSWORD_WRONG;
use serde_json::{Value, json};

use crate::feed::error;
use crate::helpers::{TestApp, spawn_app_with_smtp, token_after};
use crate::support::smtp::{Received, SmtpSink};

const PASSWORD: &str = "kombi to Mbare at seven";
const NEW_PASSWORD: &str = "the jacaranda blooms in October";
const RESET_SUBJECT: &str = "Set a new JobTap password";
const CHANGED_SUBJECT: &str = "Your JobTap password was changed";

/// A session as sign-up, sign-in and a reset answer it.
struct Session {
    access: String,
    refresh: String,
}

fn session_of(body: &Value) -> Session {
    Session {
        access: body["access_token"].as_str().unwrap().to_string(),
        refresh: body["refresh_token"].as_str().unwrap().to_string(),
    }
}

/// Signs up a candidate named Tendai at `email` with [`PASSWORD`].
async fn sign_up(app: &TestApp, email: &str) -> Session {
    let response = app
        .post_json(
            "/api/v1/auth/signup",
            &json!({ "email": email, "password": PASSWORD, "full_name": "Tendai Moyo" }),
        )
        .await;
    assert_eq!(response.status(), 201);
    session_of(&response.json().await.unwrap())
}

async fn sign_in(app: &TestApp, email: &str, password: &str) -> reqwest::Response {
    app.post_json(
        "/api/v1/auth/signin",
        &json!({ "email": email, "password": password }),
    )
    .await
}

/// Whether `session`'s access token still opens `/auth/session`.
async fn access_works(app: &TestApp, session: &Session) -> bool {
    let status = app
        .get_auth("/api/v1/auth/session", &session.access)
        .await
        .status();
    assert!(status == 200 || status == 401, "{status}");
    status == 200
}

/// Whether `session`'s refresh token still gives a new pair (it is used up if so).
async fn refresh_works(app: &TestApp, session: &Session) -> bool {
    let response = app
        .post_json(
            "/api/v1/auth/refresh",
            &json!({ "refresh_token": session.refresh }),
        )
        .await;
    let status = response.status();
    assert!(status == 200 || status == 401, "{status}");
    status == 200
}

async fn ask(app: &TestApp, email: &str) -> reqwest::Response {
    app.post_json("/api/v1/auth/password-reset", &json!({ "email": email }))
        .await
}

async fn confirm(app: &TestApp, token: &str, password: &str) -> reqwest::Response {
    app.post_json(
        "/api/v1/auth/password-reset/confirm",
        &json!({ "token": token, "password": password }),
    )
    .await
}

async fn check(app: &TestApp, token: &str) -> reqwest::Response {
    app.post_json(
        "/api/v1/auth/password-reset/check",
        &json!({ "token": token }),
    )
    .await
}

async fn change_password(
    app: &TestApp,
    session: &Session,
    current: &str,
    new: &str,
) -> reqwest::Response {
    app.post_json_auth(
        "/api/v1/auth/change-password",
        &session.access,
        &json!({ "current_password": current, "new_password": new }),
    )
    .await
}

/// The token of the reset link in `mail`, after checking the link's address.
fn token_in(mail: &Received) -> String {
    let text = mail.text();
    let token = token_after(&text, "https://jobs.example/reset-password#token=");
    assert_eq!(token.len(), 43, "256 bits, URL-safe base64: {token}");
    token
}

/// Asks for a link for `email` and returns the token of the `nth` reset e-mail it has had.
async fn link_for(app: &TestApp, sink: &SmtpSink, email: &str, nth: usize) -> String {
    assert_eq!(ask(app, email).await.status(), 202);
    token_in(&sink.wait_for_to(email, RESET_SUBJECT, nth).await[nth - 1])
}

/// Waits (at most 10 s) until the audit log has `count` `event`s about `subject`: the work a
/// request for a link does after its answer.
async fn wait_for_event(app: &TestApp, subject: &str, event: &str, count: usize) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let events = jobtap_api::audit::events_for(&app.db, subject)
            .await
            .unwrap();
        if events.iter().filter(|e| *e == event).count() >= count {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "no {event} for {subject}: {events:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// What the outbox table holds: (kind, recipient), in the order queued, but for sign-up's
/// confirmation e-mails.
async fn outbox(app: &TestApp) -> Vec<(String, String)> {
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_as(
            "SELECT kind, recipient FROM mail_outbox WHERE kind <> 'email_confirmation' \
             ORDER BY created_at, id",
        )
            .fetch_all(pool)
            .await
            .unwrap()
    })
}

async fn stored_link_hashes(app: &TestApp) -> Vec<String> {
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT token_hash FROM password_resets")
            .fetch_all(pool)
            .await
            .unwrap()
    })
}

async fn user_id(app: &TestApp, email: &str) -> String {
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT id FROM users WHERE email = $1")
            .bind(email)
            .fetch_one(pool)
            .await
            .unwrap()
    })
}

#[tokio::test]
async fn asking_for_a_link_answers_the_same_for_known_and_unknown_addresses() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    sign_up(&app, "tendai@example.com").await;

    let unknown = ask(&app, "nobody@example.com").await;
    let known = ask(&app, " Tendai@Example.com ").await;
    let (unknown_status, known_status) = (unknown.status(), known.status());
    let unknown_type = unknown.headers()["content-type"].clone();
    let known_type = known.headers()["content-type"].clone();
    let (unknown_body, known_body) = (unknown.text().await.unwrap(), known.text().await.unwrap());
    assert_eq!(known_status, 202);
    assert_eq!(unknown_status, known_status);
    assert_eq!(unknown_type, known_type);
    assert_eq!(unknown_body, known_body);
    let body: Value = serde_json::from_str(&known_body).unwrap();
    assert_eq!(body, json!({ "message": MSG_LINK_SENT }));

    // The owner of the account gets the link: plain text and HTML, nothing fetched from elsewhere.
    let mail = &sink
        .wait_for_to("tendai@example.com", RESET_SUBJECT, 1)
        .await[0];
    let text = mail.text();
    assert!(text.starts_with("Hi Tendai Moyo,\n"), "{text}");
    assert!(
        text.contains("The link works once, for 60 minutes."),
        "{text}"
    );
    let html = mail.part("text/html");
    assert!(!html.contains("<img"), "{html}");
    assert!(mail.header("List-Unsubscribe").is_none());
    let token = token_in(mail);

    // Stored only as its hash.
    let hashes = stored_link_hashes(&app).await;
    assert_eq!(hashes, [jobtap_api::auth::tokens::token_hash(&token)]);
    assert_ne!(hashes[0], token);

    // The unknown address got nothing: its request is done (recorded) and queued no e-mail.
    wait_for_event(&app, "nobody@example.com", "password_reset_asked", 1).await;
    assert_eq!(
        outbox(&app).await,
        [("password_reset".into(), "tendai@example.com".into())]
    );

    // Not an address: said so, nothing sent.
    let err = error(ask(&app, "not-an-address").await, 422).await;
    assert_eq!(err["fields"]["email"], json!(["Invalid email address"]));
    let err = error(
        app.post_json("/api/v1/auth/password-reset", &json!({}))
            .await,
        422,
    )
    .await;
    assert_eq!(err["message"], "Invalid email address");
    assert_eq!(outbox(&app).await.len(), 1);
}

#[tokio::test]
async fn a_link_sets_a_new_password_once_ends_every_session_and_signs_in() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let phone = sign_up(&app, "tendai@example.com").await;
    let laptop = session_of(
        &sign_in(&app, "tendai@example.com", PASSWORD)
            .await
            .json()
            .await
            .unwrap(),
    );
    let token = link_for(&app, &sink, "tendai@example.com", 1).await;

    // Opening the link tells the page whose password it sets.
    let opened = check(&app, &token).await;
    assert_eq!(opened.status(), 200);
    assert_eq!(
        opened.json::<Value>().await.unwrap(),
        json!({ "email": "tendai@example.com" })
    );

    let answer = confirm(&app, &token, NEW_PASSWORD).await;
    assert_eq!(answer.status(), 200);
    let answer: Value = answer.json().await.unwrap();
    assert_eq!(answer["user"]["email"], "tendai@example.com");
    assert_eq!(answer["token_type"], "bearer");
    let fresh = session_of(&answer);

    // Every earlier session and refresh token has ended; the new session works.
    for old in [&phone, &laptop] {
        assert!(!access_works(&app, old).await);
        assert!(!refresh_works(&app, old).await);
    }
    assert!(access_works(&app, &fresh).await);

    // The new password signs in, the old one no longer does.
    assert_eq!(
        sign_in(&app, "tendai@example.com", PASSWORD).await.status(),
        401
    );
    assert_eq!(
        sign_in(&app, "tendai@example.com", NEW_PASSWORD)
            .await
            .status(),
        200
    );

    // The owner is told, and how back in if it was not them.
    let notice = &sink
        .wait_for_to("tendai@example.com", CHANGED_SUBJECT, 1)
        .await[0];
    let text = notice.text();
    assert!(
        text.contains("every device signed in to the account was signed out"),
        "{text}"
    );
    assert!(
        text.contains("https://jobs.example/forgot-password\n"),
        "{text}"
    );

    // Used once: the link is refused now, and the password stays.
    let err = error(
        confirm(&app, &token, "a third password, never set").await,
        410,
    )
    .await;
    assert_eq!(err["message"], MSG_LINK_GONE);
    assert_eq!(
        error(check(&app, &token).await, 410).await["message"],
        MSG_LINK_GONE
    );
    assert_eq!(
        sign_in(&app, "tendai@example.com", NEW_PASSWORD)
            .await
            .status(),
        200
    );
    assert!(stored_link_hashes(&app).await.is_empty());
    let id = user_id(&app, "tendai@example.com").await;
    let events = jobtap_api::audit::events_for(&app.db, &id).await.unwrap();
    assert!(events.contains(&"password_reset".to_string()), "{events:?}");

    // A made-up link is refused alike.
    let made_up = "A".repeat(43);
    assert_eq!(
        error(confirm(&app, &made_up, NEW_PASSWORD).await, 410).await["message"],
        MSG_LINK_GONE
    );
}

#[tokio::test]
async fn an_expired_link_is_refused_and_changes_nothing() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let phone = sign_up(&app, "tendai@example.com").await;
    let token = link_for(&app, &sink, "tendai@example.com", 1).await;

    app.clock.advance(LINK_MS - 60_000);
    assert_eq!(
        check(&app, &token).await.status(),
        200,
        "a minute before its hour ends"
    );
    app.clock.advance(60_000);
    assert_eq!(
        error(check(&app, &token).await, 410).await["message"],
        MSG_LINK_GONE
    );
    let err = error(confirm(&app, &token, NEW_PASSWORD).await, 410).await;
    assert_eq!(err["message"], MSG_LINK_GONE);

    // Nothing changed: the old password signs in, the session goes on (refreshed, since its
    // access token has expired meanwhile), and no "changed" notice went.
    assert_eq!(
        sign_in(&app, "tendai@example.com", PASSWORD).await.status(),
        200
    );
    assert!(refresh_works(&app, &phone).await);
    assert_eq!(
        outbox(&app).await,
        [("password_reset".into(), "tendai@example.com".into())]
    );
}

#[tokio::test]
async fn a_new_password_breaking_the_rule_is_refused_and_the_link_still_works() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let phone = sign_up(&app, "tendai@example.com").await;
    let token = link_for(&app, &sink, "tendai@example.com", 1).await;

    let err = error(confirm(&app, &token, "short").await, 422).await;
    assert_eq!(err["fields"]["password"][0], err["message"]);
    // The rule of every new password is core's.
    let core_says = jobtap_core::validate::Password::new("short").unwrap_err();
    assert_eq!(err["message"], core_says.message);

    assert!(access_works(&app, &phone).await, "nothing ended");
    assert_eq!(confirm(&app, &token, NEW_PASSWORD).await.status(), 200);
    assert!(!access_works(&app, &phone).await);
}

#[tokio::test]
async fn asking_again_keeps_the_earlier_link_until_one_is_used() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    sign_up(&app, "tendai@example.com").await;
    let first = link_for(&app, &sink, "tendai@example.com", 1).await;
    let second = link_for(&app, &sink, "tendai@example.com", 2).await;
    assert_ne!(first, second);
    // An e-mail that was slow to come still works...
    assert_eq!(check(&app, &first).await.status(), 200);
    assert_eq!(confirm(&app, &second, NEW_PASSWORD).await.status(), 200);
    // ...until the password has changed.
    assert_eq!(
        error(confirm(&app, &first, "yet another one of mine").await, 410).await["message"],
        MSG_LINK_GONE
    );
}

#[tokio::test]
async fn asking_is_limited_per_address_alike_for_known_and_unknown_and_per_source() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    sign_up(&app, "tendai@example.com").await;
    let per_address = jobtap_core::password_reset::ASKS_PER_ADDRESS;
    for _ in 0..per_address {
        assert_eq!(ask(&app, "tendai@example.com").await.status(), 202);
        assert_eq!(ask(&app, "nobody@example.com").await.status(), 202);
    }
    let known = error(ask(&app, "tendai@example.com").await, 429).await;
    let unknown = error(ask(&app, "nobody@example.com").await, 429).await;
    assert_eq!(known["code"], unknown["code"]);
    assert!(
        known["message"]
            .as_str()
            .unwrap()
            .starts_with("Too many attempts. Please wait")
    );
    // Each address's own count: another one is still answered.
    assert_eq!(ask(&app, "someone@example.com").await.status(), 202);
    // The owner had one e-mail for each request answered, none for the refused one.
    sink.wait_for_to(
        "tendai@example.com",
        RESET_SUBJECT,
        usize::try_from(per_address).unwrap(),
    )
    .await;

    // From one source, at most ASKS_PER_SOURCE an hour whatever the addresses.
    let per_source = jobtap_core::password_reset::ASKS_PER_SOURCE;
    // Counted so far: every request above, the two refused by their address's limit too.
    let asked = 2 * per_address + 2 + 1;
    for n in asked..per_source {
        assert_eq!(ask(&app, &format!("n{n}@example.com")).await.status(), 202);
    }
    error(ask(&app, "one-more@example.com").await, 429).await;
    // An hour later both limits have passed.
    app.clock
        .advance(jobtap_core::password_reset::ASK_WINDOW_MS);
    assert_eq!(ask(&app, "tendai@example.com").await.status(), 202);
}

#[tokio::test]
async fn change_password_asks_for_the_current_one_and_ends_only_the_other_sessions() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let here = sign_up(&app, "tendai@example.com").await;
    let elsewhere = session_of(
        &sign_in(&app, "tendai@example.com", PASSWORD)
            .await
            .json()
            .await
            .unwrap(),
    );
    let pending = link_for(&app, &sink, "tendai@example.com", 1).await;
    let change =
        |current: &'static str, new: &'static str| change_password(&app, &here, current, new);

    // Refusals, each on its field, and nothing changed.
    let err = error(change("not my password", NEW_PASSWORD).await, 422).await;
    assert_eq!(
        err["fields"]["current_password"],
        json!([MSG_PASSWORD_WRONG])
    );
    let err = error(change("", NEW_PASSWORD).await, 422).await;
    assert_eq!(
        err["fields"]["current_password"],
        json!(["Please enter your current password"])
    );
    let err = error(change(PASSWORD, "short").await, 422).await;
    assert_eq!(
        err["fields"]["new_password"],
        json!([jobtap_core::validate::Password::new("short")
            .unwrap_err()
            .message])
    );
    let err = error(change(PASSWORD, PASSWORD).await, 422).await;
    assert_eq!(
        err["fields"]["new_password"],
        json!(["Choose a password different from your current one"])
    );
    assert!(access_works(&app, &elsewhere).await);
    assert_eq!(
        sign_in(&app, "tendai@example.com", PASSWORD).await.status(),
        200
    );

    // Without a session: 401.
    let anonymous = app
        .post_json(
            "/api/v1/auth/change-password",
            &json!({ "current_password": PASSWORD, "new_password": NEW_PASSWORD }),
        )
        .await;
    assert_eq!(anonymous.status(), 401);

    assert_eq!(change(PASSWORD, NEW_PASSWORD).await.status(), 204);
    // This session goes on, refresh token too; every other one has ended.
    assert!(access_works(&app, &here).await);
    assert!(refresh_works(&app, &here).await);
    assert!(!access_works(&app, &elsewhere).await);
    assert!(!refresh_works(&app, &elsewhere).await);
    assert_eq!(
        sign_in(&app, "tendai@example.com", PASSWORD).await.status(),
        401
    );
    assert_eq!(
        sign_in(&app, "tendai@example.com", NEW_PASSWORD)
            .await
            .status(),
        200
    );
    // A link asked for before is no way in now.
    assert_eq!(
        error(check(&app, &pending).await, 410).await["message"],
        MSG_LINK_GONE
    );

    let notice = &sink
        .wait_for_to("tendai@example.com", CHANGED_SUBJECT, 1)
        .await[0];
    let text = notice.text();
    assert!(
        text.contains("changed in Settings, and every other device"),
        "{text}"
    );
}

/// The embedded default (`make run`): no SMTP server, so the e-mail is a file in the outbox
/// folder, and the log shows the link, which works.
#[tokio::test]
async fn without_smtp_the_server_log_shows_a_working_reset_link() {
    use std::io::{BufRead as _, BufReader};
    use std::process::{Command, Stdio};

    let dir = tempfile::tempdir().unwrap();
    let port = crate::support::free_port();
    let public_url = format!("http://127.0.0.1:{port}");
    let mut command = Command::new(env!("CARGO_BIN_EXE_jobtap"));
    command
        .arg("serve")
        .env("JOBTAP_ADDR", format!("127.0.0.1:{port}"))
        .env("JOBTAP_DATA_DIR", dir.path())
        .env("JOBTAP_WEB_DIR", dir.path())
        .env("JOBTAP_DEMO", "0")
        .env("JOBTAP_PUBLIC_URL", &public_url)
        .env("JOBTAP_LOG", "info")
        .env_remove("JOBTAP_SMTP_URL")
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    match crate::support::postgres::configured_base() {
        Some(base) => {
            command.env(
                "DATABASE_URL",
                crate::support::postgres::fresh_database(&base).await,
            );
        }
        None => {
            command.env_remove("DATABASE_URL");
        }
    }
    let mut child = command.spawn().expect("start jobtap");
    let stdout = child.stdout.take().unwrap();
    let (lines_tx, lines) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if lines_tx.send(line).is_err() {
                return;
            }
        }
    });
    let next_line_with = |needle: &str| {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no log line with {needle}"));
            if line.contains(needle) {
                return line;
            }
        }
    };
    next_line_with("JobTap is running");

    let client = crate::support::http_client();
    let url = |path: &str| format!("{public_url}{path}");
    let signed_up = client
        .post(url("/api/v1/auth/signup"))
        .json(&json!({ "email": "local@example.com", "password": PASSWORD, "full_name": "Rudo" }))
        .send()
        .await
        .unwrap();
    assert_eq!(signed_up.status(), 201);
    let asked = client
        .post(url("/api/v1/auth/password-reset"))
        .json(&json!({ "email": "local@example.com" }))
        .send()
        .await
        .unwrap();
    assert_eq!(asked.status(), 202);

    let prefix = format!("{public_url}/reset-password#token=");
    let line = next_line_with(&prefix);
    let start = line.find(&prefix).unwrap() + prefix.len();
    let token: String = line[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    let reset = client
        .post(url("/api/v1/auth/password-reset/confirm"))
        .json(&json!({ "token": token, "password": NEW_PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(reset.status(), 200);
    // The message itself is in the outbox folder too.
    let written = next_line_with("e-mail written to the outbox folder");
    assert!(written.contains("outbox"), "{written}");

    child.kill().unwrap();
    child.wait().unwrap();
}

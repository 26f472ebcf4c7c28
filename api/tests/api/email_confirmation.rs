//! Confirming the e-mail address: sign-up e-mails a link (stored hashed, good once, for 7 days);
//! until it is followed a candidate cannot apply and an employer cannot publish, and the refusal
//! says so with a kind the app offers "Send the link again" on (limited per account). A new
//! address is confirmed before it replaces the old one, which is told. `JOBTAP_REQUIRE_CONFIRMED_EMAIL=0`
//! lifts the gate; with no SMTP server the real binary's log shows the link.

use std::time::{Duration, Instant};

use jobtap_core::email_confirmation::{
    LINK_MS, MSG_ALREADY_CONFIRMED, MSG_CONFIRM_TO_APPLY, MSG_CONFIRM_TO_PUBLISH, MSG_EMAIL_SAME,
    MSG_LINK_GONE, SENDS_PER_ACCOUNT,
};
use jobtap_core::validate::MSG_PASSWORD_WRONG;
use serde_json::{Value, json};

use crate::employer::job_body;
use crate::feed::{User, error, insert, job, set_profile, sign_up_unconfirmed};
use crate::helpers::{TestApp, TestOptions, spawn_app, spawn_app_with_env};

const PASSWORD: &str = "msasa trees in September";
const CONFIRM: &str = "/api/v1/auth/confirm-email";
const RESEND: &str = "/api/v1/auth/confirm-email/resend";
const CHANGE: &str = "/api/v1/auth/change-email";

/// Signs up the candidate Nyasha Chikwanha at `email`, with the profile of one who may apply,
/// and leaves the confirmation e-mail unread.
async fn candidate(app: &TestApp, email: &str) -> User {
    let body = json!({ "email": email, "password": PASSWORD, "full_name": "Nyasha Chikwanha" });
    let user = sign_up_unconfirmed(app, "/api/v1/auth/signup", &body).await;
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

/// Signs up the employer Farai Mutasa of Baobab Logistics at `email`, unconfirmed.
async fn employer(app: &TestApp, email: &str) -> User {
    let body = json!({
        "email": email, "password": PASSWORD, "full_name": "Farai Mutasa",
        "company_name": "Baobab Logistics",
    });
    sign_up_unconfirmed(app, "/api/v1/auth/employer/signup", &body).await
}

async fn follow(app: &TestApp, token: &str) -> reqwest::Response {
    app.post_json(CONFIRM, &json!({ "token": token })).await
}

async fn resend(app: &TestApp, user: &User) -> reqwest::Response {
    app.post_json_auth(RESEND, &user.token, &json!({})).await
}

async fn session_user(app: &TestApp, user: &User) -> Value {
    let response = app.get_auth("/api/v1/auth/session", &user.token).await;
    assert_eq!(response.status(), 200);
    response.json::<Value>().await.unwrap()["user"].clone()
}

async fn apply(app: &TestApp, user: &User, job_id: &str) -> reqwest::Response {
    app.post_json_auth(
        "/api/v1/applications",
        &user.token,
        &json!({ "job_id": job_id }),
    )
    .await
}

async fn sign_in(app: &TestApp, email: &str) -> reqwest::StatusCode {
    app.post_json(
        "/api/v1/auth/signin",
        &json!({ "email": email, "password": PASSWORD }),
    )
    .await
    .status()
}

/// (kind, recipient) of every queued e-mail, in the order queued.
async fn outbox(app: &TestApp) -> Vec<(String, String)> {
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_as("SELECT kind, recipient FROM mail_outbox ORDER BY created_at, kind")
            .fetch_all(pool)
            .await
            .unwrap()
    })
}

#[tokio::test]
async fn sign_up_e_mails_a_link_stored_hashed_that_confirms_the_address_once() {
    let app = spawn_app().await;
    let response = app
        .post_json(
            "/api/v1/auth/signup",
            &json!({ "email": "nyasha@example.com", "password": PASSWORD, "full_name": "Nyasha Chikwanha" }),
        )
        .await;
    assert_eq!(response.status(), 201);
    let session: Value = response.json().await.unwrap();
    assert_eq!(session["user"]["email_confirmed"], false);
    let user = User {
        id: session["user"]["id"].as_str().unwrap().to_string(),
        token: session["access_token"].as_str().unwrap().to_string(),
    };

    // One plain-text e-mail, the link in it and nothing that tracks the reader.
    let mails = app.confirmation_mails("nyasha@example.com").await;
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("Hi Nyasha Chikwanha,"), "{}", mails[0]);
    assert!(
        mails[0].contains("The link works once, for 7 days."),
        "{}",
        mails[0]
    );
    assert!(!mails[0].contains("utm_"), "{}", mails[0]);
    let token = app.confirmation_token("nyasha@example.com").await;
    assert_eq!(token.len(), 43, "256 bits, URL-safe base64");
    let stored: Vec<String> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT token_hash FROM email_confirmations").fetch_all(pool).await.unwrap()
    });
    assert_eq!(stored, vec![jobtap_api::auth::tokens::token_hash(&token)]);
    assert_ne!(stored[0], token);

    let followed = follow(&app, &token).await;
    assert_eq!(followed.status(), 200);
    let body: Value = followed.json().await.unwrap();
    assert_eq!(
        body,
        json!({ "email": "nyasha@example.com", "changed": false })
    );
    assert_eq!(session_user(&app, &user).await["email_confirmed"], true);

    let again = error(follow(&app, &token).await, 410).await;
    assert_eq!(again["message"], MSG_LINK_GONE);
    let made_up = error(follow(&app, "not-a-link-anyone-was-sent").await, 410).await;
    assert_eq!(made_up["message"], MSG_LINK_GONE);
    // Confirmed: there is nothing to send again.
    let resent = error(resend(&app, &user).await, 409).await;
    assert_eq!(resent["message"], MSG_ALREADY_CONFIRMED);
}

#[tokio::test]
async fn a_link_expires_after_seven_days() {
    let app = spawn_app().await;
    let user = candidate(&app, "nyasha@example.com").await;
    let token = app.confirmation_token("nyasha@example.com").await;
    app.clock.advance(LINK_MS);
    let gone = error(follow(&app, &token).await, 410).await;
    assert_eq!(gone["message"], MSG_LINK_GONE);
    let user = crate::feed::User {
        token: {
            let response = app
                .post_json(
                    "/api/v1/auth/signin",
                    &json!({ "email": "nyasha@example.com", "password": PASSWORD }),
                )
                .await;
            response.json::<Value>().await.unwrap()["access_token"]
                .as_str()
                .unwrap()
                .to_string()
        },
        ..user
    };
    assert_eq!(session_user(&app, &user).await["email_confirmed"], false);
    // A day short of seven, a new link works.
    assert_eq!(resend(&app, &user).await.status(), 202);
    let fresh = app.confirmation_token("nyasha@example.com").await;
    app.clock.advance(LINK_MS - 24 * 60 * 60 * 1000);
    assert_eq!(follow(&app, &fresh).await.status(), 200);
}

#[tokio::test]
async fn an_unconfirmed_candidate_cannot_apply_and_is_told_how_to_confirm() {
    let app = spawn_app().await;
    insert(&app, &[job(&app, "job-harare", 5)]).await;
    let user = candidate(&app, "nyasha@example.com").await;

    let refused = error(apply(&app, &user, "job-harare").await, 403).await;
    assert_eq!(refused["message"], MSG_CONFIRM_TO_APPLY);
    assert_eq!(refused["kind"], "email_unconfirmed");
    let count: i64 = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT COUNT(*) FROM applications").fetch_one(pool).await.unwrap()
    });
    assert_eq!(count, 0, "nothing half-written");

    app.confirm_email("nyasha@example.com").await;
    assert_eq!(apply(&app, &user, "job-harare").await.status(), 201);
}

#[tokio::test]
async fn an_unconfirmed_employer_cannot_publish_a_job_by_form_or_import_nor_put_one_live() {
    let app = spawn_app().await;
    let boss = employer(&app, "farai@baobab.example").await;

    let posted = app
        .post_json_auth(
            "/api/v1/employer/jobs",
            &boss.token,
            &job_body("Route Planner"),
        )
        .await;
    let refused = error(posted, 403).await;
    assert_eq!(refused["message"], MSG_CONFIRM_TO_PUBLISH);
    assert_eq!(refused["kind"], "email_unconfirmed");

    let csv = "company_name,job_title,job_description,location,job_type,skills\n\
               Baobab Logistics,Fleet Manager,Run the fleet.,Bulawayo,Full-time,Logistics\n";
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(csv.as_bytes().to_vec())
            .file_name("jobs.csv")
            .mime_str("text/csv")
            .unwrap(),
    );
    let imported = app
        .client
        .post(app.url("/api/v1/employer/jobs/import"))
        .bearer_auth(&boss.token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let refused = error(imported, 403).await;
    assert_eq!(refused["kind"], "email_unconfirmed");
    assert_eq!(jobtap_api::jobs::store::count(&app.db).await.unwrap(), 0);

    // A paused job of an account from before addresses were confirmed: it stays paused.
    let mut paused = job(&app, "job-paused", 60);
    paused.employer_id = Some(boss.id.clone());
    paused.is_active = false;
    insert(&app, &[paused]).await;
    let status = |live: bool| {
        let body = json!({ "is_active": live });
        let app = &app;
        let token = boss.token.clone();
        async move {
            let path = "/api/v1/employer/jobs/job-paused/status";
            app.client
                .put(app.url(path))
                .bearer_auth(token)
                .json(&body)
                .send()
                .await
                .unwrap()
        }
    };
    let refused = error(status(true).await, 403).await;
    assert_eq!(refused["message"], MSG_CONFIRM_TO_PUBLISH);
    assert_eq!(
        status(false).await.status(),
        200,
        "pausing is no publishing"
    );

    app.confirm_email("farai@baobab.example").await;
    assert_eq!(status(true).await.status(), 200);
    let posted = app
        .post_json_auth(
            "/api/v1/employer/jobs",
            &boss.token,
            &job_body("Route Planner"),
        )
        .await;
    assert_eq!(posted.status(), 201);
}

#[tokio::test]
async fn sending_the_link_again_is_limited_per_account_with_429_and_retry_after() {
    let app = spawn_app().await;
    let user = candidate(&app, "nyasha@example.com").await;
    for _ in 0..SENDS_PER_ACCOUNT {
        let response = resend(&app, &user).await;
        assert_eq!(response.status(), 202);
    }
    let refused = resend(&app, &user).await;
    assert_eq!(refused.status(), 429);
    let wait: u64 = refused.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=3600).contains(&wait), "{wait}");
    // The sign-up link and each one sent again, no more.
    let sent = usize::try_from(SENDS_PER_ACCOUNT).unwrap() + 1;
    assert_eq!(
        app.confirmation_mails("nyasha@example.com").await.len(),
        sent
    );
    // Every link sent works until one is followed.
    app.confirm_email("nyasha@example.com").await;
}

#[tokio::test]
async fn a_new_address_is_confirmed_before_it_replaces_the_old_one_which_is_told() {
    let app = spawn_app().await;
    let user = candidate(&app, "nyasha@example.com").await;
    app.confirm_email("nyasha@example.com").await;
    employer(&app, "farai@baobab.example").await;
    let change = |new: &str, password: &str| {
        let body = json!({ "new_email": new, "current_password": password });
        let token = user.token.clone();
        let app = &app;
        async move { app.post_json_auth(CHANGE, &token, &body).await }
    };

    let wrong = error(change("nyasha@mail.example", "not my password").await, 422).await;
    assert_eq!(wrong["fields"]["current_password"][0], MSG_PASSWORD_WRONG);
    let same = error(change(" Nyasha@Example.com ", PASSWORD).await, 422).await;
    assert_eq!(same["fields"]["new_email"][0], MSG_EMAIL_SAME);
    let bad = error(change("nyasha at mail", PASSWORD).await, 422).await;
    assert!(bad["fields"]["new_email"].is_array(), "{bad}");
    error(change("farai@baobab.example", PASSWORD).await, 409).await;

    assert_eq!(change("nyasha@mail.example", PASSWORD).await.status(), 202);
    // The old address is told, the new one gets the link; until it is followed nothing changes.
    let queued = outbox(&app).await;
    assert!(
        queued.contains(&("email_change_asked".into(), "nyasha@example.com".into())),
        "{queued:?}"
    );
    assert!(
        queued.contains(&(
            "email_change_confirmation".into(),
            "nyasha@mail.example".into()
        )),
        "{queued:?}"
    );
    assert_eq!(sign_in(&app, "nyasha@example.com").await, 200);
    assert_eq!(sign_in(&app, "nyasha@mail.example").await, 401);
    assert_eq!(
        session_user(&app, &user).await["email"],
        "nyasha@example.com"
    );

    let token = app.confirmation_token("nyasha@mail.example").await;
    let followed = follow(&app, &token).await;
    assert_eq!(followed.status(), 200);
    let body: Value = followed.json().await.unwrap();
    assert_eq!(
        body,
        json!({ "email": "nyasha@mail.example", "changed": true })
    );
    assert_eq!(sign_in(&app, "nyasha@mail.example").await, 200);
    assert_eq!(sign_in(&app, "nyasha@example.com").await, 401);
    let now = session_user(&app, &user).await;
    assert_eq!(now["email"], "nyasha@mail.example");
    assert_eq!(now["email_confirmed"], true);
    error(follow(&app, &token).await, 410).await;
}

#[tokio::test]
async fn a_new_address_taken_before_its_link_is_followed_is_refused_with_409() {
    let app = spawn_app().await;
    let user = candidate(&app, "nyasha@example.com").await;
    let body = json!({ "new_email": "tatenda@example.com", "current_password": PASSWORD });
    assert_eq!(
        app.post_json_auth(CHANGE, &user.token, &body)
            .await
            .status(),
        202
    );
    let token = app.confirmation_token("tatenda@example.com").await;
    // Someone signs up with that address first.
    employer(&app, "tatenda@example.com").await;
    error(follow(&app, &token).await, 409).await;
    assert_eq!(
        session_user(&app, &user).await["email"],
        "nyasha@example.com"
    );
    assert_eq!(sign_in(&app, "nyasha@example.com").await, 200);
}

#[tokio::test]
async fn with_the_gate_turned_off_an_account_applies_and_publishes_without_a_link() {
    let app = spawn_app_with_env(
        TestOptions::default(),
        vec![("JOBTAP_REQUIRE_CONFIRMED_EMAIL", "0".into())],
    )
    .await;
    insert(&app, &[job(&app, "job-harare", 5)]).await;
    let user = candidate(&app, "nyasha@example.com").await;
    assert_eq!(session_user(&app, &user).await["email_confirmed"], true);
    assert!(
        app.confirmation_mails("nyasha@example.com")
            .await
            .is_empty()
    );
    assert_eq!(apply(&app, &user, "job-harare").await.status(), 201);
    let boss = employer(&app, "farai@baobab.example").await;
    let posted = app
        .post_json_auth(
            "/api/v1/employer/jobs",
            &boss.token,
            &job_body("Route Planner"),
        )
        .await;
    assert_eq!(posted.status(), 201);
}

/// The embedded default (`make run`): no SMTP server, so the e-mail is a file in the outbox
/// folder, and the log shows the link, which works.
#[tokio::test]
async fn without_smtp_the_server_log_shows_a_working_confirmation_link() {
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
        .env_remove("JOBTAP_REQUIRE_CONFIRMED_EMAIL")
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
        .post(url("/api/v1/auth/employer/signup"))
        .json(&json!({
            "email": "farai@baobab.example", "password": PASSWORD, "full_name": "Farai Mutasa",
            "company_name": "Baobab Logistics",
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(signed_up.status(), 201);

    let prefix = format!("{public_url}/confirm-email#token=");
    let line = next_line_with(&prefix);
    assert!(line.contains("farai@baobab.example"), "{line}");
    let start = line.find(&prefix).unwrap() + prefix.len();
    let token: String = line[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    let followed = client
        .post(url(CONFIRM))
        .json(&json!({ "token": token }))
        .send()
        .await
        .unwrap();
    assert_eq!(followed.status(), 200);
    let written = next_line_with("e-mail written to the outbox folder");
    assert!(written.contains("outbox"), "{written}");

    child.kill().unwrap();
    child.wait().unwrap();
}

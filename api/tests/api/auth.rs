use serde_json::{Value, json};

use jobtap_core::validate::MSG_PASSWORD_COMMON;

use crate::helpers::{TestApp, spawn_app};

/// A password as people pick them when told to avoid the common ones.
const PASSWORD: &str = "sadza-nyama-2024";

async fn signup(app: &TestApp, email: &str) -> Value {
    let response = app
        .post_json(
            "/api/v1/auth/signup",
            &json!({ "email": email, "password": PASSWORD, "full_name": "Tendai Moyo" }),
        )
        .await;
    assert_eq!(response.status(), 201);
    response.json().await.unwrap()
}

async fn message(response: reqwest::Response) -> String {
    let body: Value = response.json().await.unwrap();
    body["error"]["message"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn candidate_signup_creates_profile_role_and_session() {
    let app = spawn_app().await;
    let session = signup(&app, "Tendai@Example.com ").await;
    assert_eq!(session["user"]["email"], "tendai@example.com");
    assert_eq!(session["user"]["full_name"], "Tendai Moyo");
    assert_eq!(session["user"]["roles"], json!(["candidate"]));
    assert_eq!(session["expires_in"], 900);
    assert!(session["expires_at"].as_i64().unwrap() > app.clock_now() / 1000);
    let me = app
        .get_auth(
            "/api/v1/auth/session",
            session["access_token"].as_str().unwrap(),
        )
        .await;
    assert_eq!(me.status(), 200);
    let me: Value = me.json().await.unwrap();
    assert_eq!(me["user"]["id"], session["user"]["id"]);
}

#[tokio::test]
async fn employer_signup_grants_the_employer_role_and_company() {
    let app = spawn_app().await;
    let response = app
        .post_json(
            "/api/v1/auth/employer/signup",
            &json!({ "email": "rudo@acme.co", "password": PASSWORD, "full_name": "Rudo", "company_name": "Acme", "role": "candidate" }),
        )
        .await;
    assert_eq!(response.status(), 201);
    let session: Value = response.json().await.unwrap();
    assert_eq!(session["user"]["roles"], json!(["employer"]));
    assert_eq!(session["user"]["company_name"], "Acme");
}

#[tokio::test]
async fn each_validation_message_of_the_spec_is_returned() {
    let app = spawn_app().await;
    let cases = [
        (
            "/api/v1/auth/signup",
            json!({ "email": "nope", "password": PASSWORD, "full_name": "A" }),
            "Invalid email address",
        ),
        (
            "/api/v1/auth/signup",
            json!({ "email": "a@b.co", "password": "Zq7-kp1", "full_name": "A" }),
            "Password must be at least 8 characters",
        ),
        (
            "/api/v1/auth/employer/signup",
            json!({ "email": "a@b.co", "password": "Zq7-kp1", "full_name": "A", "company_name": "Acme" }),
            "Password must be at least 8 characters",
        ),
        (
            "/api/v1/auth/signin",
            json!({ "email": "a@b.co", "password": "12345" }),
            "Password must be at least 6 characters",
        ),
        (
            "/api/v1/auth/signup",
            json!({ "email": "a@b.co", "password": PASSWORD, "full_name": "  " }),
            "Please enter your full name",
        ),
        (
            "/api/v1/auth/employer/signup",
            json!({ "email": "a@b.co", "password": PASSWORD, "full_name": "A", "company_name": "" }),
            "Please fill in all fields",
        ),
        (
            "/api/v1/auth/signin",
            json!({ "email": "a@b", "password": PASSWORD }),
            "Invalid email address",
        ),
        (
            "/api/v1/auth/signup",
            json!({ "email": "a@b.co", "password": "x".repeat(129), "full_name": "A" }),
            "Password must be at most 128 characters",
        ),
        (
            "/api/v1/auth/signup",
            json!({ "email": "a@b.co", "password": PASSWORD, "full_name": "é".repeat(101) }),
            "Full name must be at most 100 characters",
        ),
        (
            "/api/v1/auth/signup",
            json!({ "email": "a@b.co", "password": PASSWORD, "full_name": "Rudo \u{202E}gpj.exe" }),
            "Remove the hidden control or text-direction characters from this field",
        ),
        (
            "/api/v1/auth/employer/signup",
            json!({ "email": "a@b.co", "password": PASSWORD, "full_name": "A", "company_name": "Acme\u{0}" }),
            "Remove the hidden control or text-direction characters from this field",
        ),
        (
            "/api/v1/auth/employer/signup",
            json!({ "email": "a@b.co", "password": PASSWORD, "full_name": "A", "company_name": "C".repeat(101) }),
            "Company name must be at most 100 characters",
        ),
    ];
    for (path, body, expected) in cases {
        let response = app.post_json(path, &body).await;
        assert_eq!(response.status(), 422, "{path} {body}");
        assert_eq!(message(response).await, expected);
    }
}

#[tokio::test]
async fn a_long_password_is_kept_whole_not_truncated() {
    let app = spawn_app().await;
    let long = "kombi ".repeat(22)[..128].to_string();
    let body = json!({ "email": "long@b.co", "password": long, "full_name": "A" });
    assert_eq!(
        app.post_json("/api/v1/auth/signup", &body).await.status(),
        201
    );
    let shorter = long[..127].to_string();
    let wrong = app
        .post_json(
            "/api/v1/auth/signin",
            &json!({ "email": "long@b.co", "password": shorter }),
        )
        .await;
    assert_eq!(wrong.status(), 401);
    let right = app
        .post_json(
            "/api/v1/auth/signin",
            &json!({ "email": "long@b.co", "password": long }),
        )
        .await;
    assert_eq!(right.status(), 200);
}

#[tokio::test]
async fn signing_up_twice_with_one_email_is_a_clear_conflict() {
    let app = spawn_app().await;
    signup(&app, "dup@example.com").await;
    let again = app
        .post_json(
            "/api/v1/auth/signup",
            &json!({ "email": "DUP@example.com", "password": "other-pass-456", "full_name": "B" }),
        )
        .await;
    assert_eq!(again.status(), 409);
    assert!(message(again).await.contains("already exists"));
}

#[tokio::test]
async fn unknown_email_and_wrong_password_get_the_same_answer() {
    let app = spawn_app().await;
    signup(&app, "known@example.com").await;
    let wrong = app
        .post_json(
            "/api/v1/auth/signin",
            &json!({ "email": "known@example.com", "password": "wrong-pass" }),
        )
        .await;
    let unknown = app
        .post_json(
            "/api/v1/auth/signin",
            &json!({ "email": "ghost@example.com", "password": "wrong-pass" }),
        )
        .await;
    assert_eq!(wrong.status(), 401);
    assert_eq!(unknown.status(), 401);
    assert_eq!(message(wrong).await, message(unknown).await);
}

#[tokio::test]
async fn employer_signin_refuses_a_candidate_without_a_session() {
    let app = spawn_app().await;
    let session = signup(&app, "cand@example.com").await;
    let response = app
        .post_json(
            "/api/v1/auth/employer/signin",
            &json!({ "email": "cand@example.com", "password": PASSWORD }),
        )
        .await;
    assert_eq!(response.status(), 403);
    assert_eq!(
        message(response).await,
        "This account is not registered as an employer"
    );
    let user_id = session["user"]["id"].as_str().unwrap();
    let events = jobtap_api::audit::events_for(&app.db, user_id)
        .await
        .unwrap();
    assert_eq!(
        events,
        ["signup", "role_refused"],
        "no sign-in was recorded"
    );
}

#[tokio::test]
async fn refresh_rotates_and_an_old_token_reused_later_revokes_the_session() {
    let app = spawn_app().await;
    let first = signup(&app, "rot@example.com").await;
    let old = first["refresh_token"].as_str().unwrap().to_string();
    let rotated: Value = app
        .post_json("/api/v1/auth/refresh", &json!({ "refresh_token": old }))
        .await
        .json()
        .await
        .unwrap();
    let new = rotated["refresh_token"].as_str().unwrap().to_string();
    assert_ne!(new, old, "the refresh token rotates");

    // A second use within the grace window (two tabs) gets the same new token.
    let twin: Value = app
        .post_json("/api/v1/auth/refresh", &json!({ "refresh_token": old }))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(twin["refresh_token"], new);

    // Later, the old token is a theft signal: the whole session ends.
    app.clock.advance(60_000);
    let reuse = app
        .post_json("/api/v1/auth/refresh", &json!({ "refresh_token": old }))
        .await;
    assert_eq!(reuse.status(), 401);
    let after = app
        .post_json("/api/v1/auth/refresh", &json!({ "refresh_token": new }))
        .await;
    assert_eq!(
        after.status(),
        401,
        "the newest token died with the session"
    );
    let access = rotated["access_token"].as_str().unwrap();
    assert_eq!(
        app.get_auth("/api/v1/auth/session", access).await.status(),
        401
    );
    let user_id = first["user"]["id"].as_str().unwrap();
    let events = jobtap_api::audit::events_for(&app.db, user_id)
        .await
        .unwrap();
    assert!(
        events.contains(&"refresh_token_reuse".to_string()),
        "{events:?}"
    );
}

/// Two tabs refreshing at once present the same token; the one that loses the race gets the
/// winner's new token within `REFRESH_GRACE_MS` of the first use, and not past it. (The test
/// clock runs on from the wall clock, so the inner side is a second inside the bound.)
#[tokio::test]
async fn a_used_refresh_token_is_answered_for_ten_seconds_then_ends_the_session() {
    let app = spawn_app().await;
    let grace = jobtap_api::auth::sessions::REFRESH_GRACE_MS;
    assert_eq!(grace, 10_000, "docs/security.md states the bound");
    for (after_ms, still_answered) in [(grace - 1_000, true), (grace + 1, false)] {
        let first = signup(&app, &format!("grace{after_ms}@example.com")).await;
        let old = first["refresh_token"].as_str().unwrap().to_string();
        let rotated: Value = app
            .post_json("/api/v1/auth/refresh", &json!({ "refresh_token": old }))
            .await
            .json()
            .await
            .unwrap();
        app.clock.advance(after_ms);
        let again = app
            .post_json("/api/v1/auth/refresh", &json!({ "refresh_token": old }))
            .await;
        if still_answered {
            assert_eq!(again.status(), 200, "{after_ms} ms after the first use");
            let twin: Value = again.json().await.unwrap();
            assert_eq!(twin["refresh_token"], rotated["refresh_token"]);
        } else {
            assert_eq!(again.status(), 401, "{after_ms} ms after the first use");
            let newest = app
                .post_json(
                    "/api/v1/auth/refresh",
                    &json!({ "refresh_token": rotated["refresh_token"] }),
                )
                .await;
            assert_eq!(newest.status(), 401, "the session ended with the replay");
        }
    }
}

#[tokio::test]
async fn sign_out_ends_the_access_token_at_once() {
    let app = spawn_app().await;
    let session = signup(&app, "out@example.com").await;
    let access = session["access_token"].as_str().unwrap();
    let out = app
        .client
        .post(app.url("/api/v1/auth/signout"))
        .bearer_auth(access)
        .send()
        .await
        .unwrap();
    assert_eq!(out.status(), 204);
    assert_eq!(
        app.get_auth("/api/v1/auth/session", access).await.status(),
        401
    );
    let refresh = app
        .post_json(
            "/api/v1/auth/refresh",
            &json!({ "refresh_token": session["refresh_token"] }),
        )
        .await;
    assert_eq!(refresh.status(), 401);
}

#[tokio::test]
async fn access_tokens_expire_after_15_minutes() {
    let app = spawn_app().await;
    let session = signup(&app, "exp@example.com").await;
    let access = session["access_token"].as_str().unwrap();
    app.clock.advance(14 * 60 * 1000);
    assert_eq!(
        app.get_auth("/api/v1/auth/session", access).await.status(),
        200
    );
    app.clock.advance(2 * 60 * 1000);
    assert_eq!(
        app.get_auth("/api/v1/auth/session", access).await.status(),
        401
    );
}

#[tokio::test]
async fn sessions_end_after_30_idle_days() {
    let app = spawn_app().await;
    let session = signup(&app, "idle@example.com").await;
    app.clock.advance(31 * 24 * 60 * 60 * 1000);
    let refresh = app
        .post_json(
            "/api/v1/auth/refresh",
            &json!({ "refresh_token": session["refresh_token"] }),
        )
        .await;
    assert_eq!(refresh.status(), 401);
}

#[tokio::test]
async fn forged_and_malformed_tokens_are_401() {
    let app = spawn_app().await;
    let session = signup(&app, "forge@example.com").await;
    let access = session["access_token"].as_str().unwrap();
    let mut parts: Vec<String> = access.split('.').map(String::from).collect();
    parts[2] = "AAAA".into();
    let tampered = parts.join(".");
    for token in [
        tampered.as_str(),
        "garbage",
        session["refresh_token"].as_str().unwrap(),
        "",
    ] {
        assert_eq!(
            app.get_auth("/api/v1/auth/session", token).await.status(),
            401,
            "{token}"
        );
    }
    assert_eq!(app.get("/api/v1/auth/session").await.status(), 401);
}

#[tokio::test]
async fn sign_in_is_rate_limited_per_address_with_retry_after() {
    let app = spawn_app().await;
    // The limit counts in fixed five-minute windows: start at the beginning of one, so the
    // attempts below never straddle two (a loaded machine once took them across the edge).
    let window = 5 * 60 * 1000;
    app.clock
        .advance(window - app.clock_now().rem_euclid(window) + 1_000);
    // Different accounts each time, so only the per-address limit can trigger.
    for i in 0..30 {
        let body = json!({ "email": format!("nobody{i}@example.com"), "password": "wrong-pass" });
        assert_eq!(
            app.post_json("/api/v1/auth/signin", &body).await.status(),
            401
        );
    }
    let body = json!({ "email": "someone-else@example.com", "password": "wrong-pass" });
    let limited = app.post_json("/api/v1/auth/signin", &body).await;
    assert_eq!(limited.status(), 429);
    let retry: u64 = limited.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=300).contains(&retry), "{retry}");
    assert!(message(limited).await.starts_with("Too many attempts"));
}

/// Failures are counted per account and source: here every attempt comes from one source.
#[tokio::test]
async fn repeated_failures_on_one_account_slow_it_down() {
    let app = spawn_app().await;
    signup(&app, "victim@example.com").await;
    let wrong = json!({ "email": "victim@example.com", "password": "wrong-pass" });
    for _ in 0..10 {
        assert_eq!(
            app.post_json("/api/v1/auth/signin", &wrong).await.status(),
            401
        );
    }
    // The 11th attempt, even with the right password, waits out the back-off.
    let right = json!({ "email": "victim@example.com", "password": PASSWORD });
    let blocked = app.post_json("/api/v1/auth/signin", &right).await;
    assert_eq!(blocked.status(), 429);
    assert!(blocked.headers().contains_key("retry-after"));
    app.clock.advance(31_000);
    assert_eq!(
        app.post_json("/api/v1/auth/signin", &right).await.status(),
        200
    );
    // The success cleared the record: one more mistake does not block the next attempt
    // (uncleared, it would be the 11th failure and the right password would wait again).
    assert_eq!(
        app.post_json("/api/v1/auth/signin", &wrong).await.status(),
        401
    );
    assert_eq!(
        app.post_json("/api/v1/auth/signin", &right).await.status(),
        200
    );
}

/// How many accounts hold `email`.
async fn accounts_with(app: &TestApp, email: &str) -> i64 {
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM users WHERE email = $1")
            .bind(email)
            .fetch_one(pool)
            .await
    })
    .unwrap()
}

#[tokio::test]
async fn sign_up_refuses_a_common_password_in_plain_words_and_creates_nothing() {
    let app = spawn_app().await;
    for (path, password) in [
        ("/api/v1/auth/signup", "password"),
        ("/api/v1/auth/signup", "Password1"),
        ("/api/v1/auth/signup", "qwerty123"),
        ("/api/v1/auth/employer/signup", "iloveyou"),
        ("/api/v1/auth/employer/signup", "PASSWORD123"),
    ] {
        let body = json!({ "email": "common@example.com", "password": password, "full_name": "Rudo", "company_name": "Acme" });
        let refused = app.post_json(path, &body).await;
        assert_eq!(refused.status(), 422, "{path} {password}");
        let body: Value = refused.json().await.unwrap();
        assert_eq!(body["error"]["message"], MSG_PASSWORD_COMMON);
        assert_eq!(body["error"]["fields"]["password"][0], MSG_PASSWORD_COMMON);
    }
    assert_eq!(accounts_with(&app, "common@example.com").await, 0);
    // The same form with a password of its own is taken.
    let body = json!({ "email": "common@example.com", "password": "iloveyou, Harare", "full_name": "Rudo" });
    assert_eq!(
        app.post_json("/api/v1/auth/signup", &body).await.status(),
        201
    );
    assert_eq!(accounts_with(&app, "common@example.com").await, 1);
}

#[tokio::test]
async fn sign_up_refuses_seven_characters_and_takes_eight_of_any_kind() {
    let app = spawn_app().await;
    let short = json!({ "email": "seven@example.com", "password": "Zq7-kp1", "full_name": "Rudo" });
    let refused = app.post_json("/api/v1/auth/signup", &short).await;
    assert_eq!(refused.status(), 422);
    assert_eq!(
        message(refused).await,
        jobtap_core::validate::MSG_PASSWORD_SHORT
    );
    assert_eq!(accounts_with(&app, "seven@example.com").await, 0);
    // Eight characters, a space and an emoji among them: no composition rule.
    let eight = "mai 🦒 wa";
    assert_eq!(eight.chars().count(), 8);
    let body = json!({ "email": "eight@example.com", "password": eight, "full_name": "Rudo" });
    assert_eq!(
        app.post_json("/api/v1/auth/signup", &body).await.status(),
        201
    );
    let back = json!({ "email": "eight@example.com", "password": eight });
    assert_eq!(
        app.post_json("/api/v1/auth/signin", &back).await.status(),
        200
    );
}

/// An account made before the 8-character rule, with the 6-character password it was allowed.
#[tokio::test]
async fn an_account_with_an_old_six_character_password_still_signs_in() {
    let app = spawn_app().await;
    let hash = jobtap_api::auth::password::hash("tariro".into())
        .await
        .unwrap();
    let id = uuid::Uuid::new_v4().to_string();
    let account = jobtap_api::accounts::store::NewAccount {
        id: &id,
        email: "old@example.com",
        password_hash: &hash,
        full_name: "Tariro Old",
        company_name: None,
        role: jobtap_api::accounts::store::Role::Candidate,
        // Made before addresses were confirmed.
        email_confirmed_at: None,
        link: None,
    };
    jobtap_api::accounts::store::create(&app.db, &account, app.clock_now())
        .await
        .unwrap();
    let signed_in = app
        .post_json(
            "/api/v1/auth/signin",
            &json!({ "email": "old@example.com", "password": "tariro" }),
        )
        .await;
    assert_eq!(signed_in.status(), 200);
    let session: Value = signed_in.json().await.unwrap();
    assert_eq!(session["user"]["id"], id.as_str());
}

/// A client whose requests come from `ip`, another address of the loopback network: the
/// server sees it as another source without trusting any forwarded header.
fn client_from(ip: [u8; 4]) -> reqwest::Client {
    crate::support::http_client_builder()
        .local_address(std::net::IpAddr::from(ip))
        .build()
        .unwrap()
}

async fn sign_in_from(
    client: &reqwest::Client,
    app: &TestApp,
    email: &str,
    password: &str,
) -> reqwest::Response {
    client
        .post(app.url("/api/v1/auth/signin"))
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn the_owner_signs_in_from_elsewhere_while_a_guessing_source_waits() {
    let app = spawn_app().await;
    signup(&app, "owner@example.com").await;
    let guesser = client_from([127, 0, 0, 2]);
    let owner = client_from([127, 0, 0, 1]);
    for attempt in 0..10 {
        let wrong = sign_in_from(
            &guesser,
            &app,
            "owner@example.com",
            &format!("guess-{attempt}"),
        )
        .await;
        assert_eq!(wrong.status(), 401);
    }
    let slowed = sign_in_from(&guesser, &app, "owner@example.com", "guess-11").await;
    assert_eq!(slowed.status(), 429);
    assert!(slowed.headers().contains_key("retry-after"));

    let signed_in = sign_in_from(&owner, &app, "owner@example.com", PASSWORD).await;
    assert_eq!(
        signed_in.status(),
        200,
        "the owner's source has not been failing"
    );

    // The owner's success clears nothing of the guesser's: even the right password waits there.
    let still = sign_in_from(&guesser, &app, "owner@example.com", PASSWORD).await;
    assert_eq!(still.status(), 429);
    let retry: u64 = still.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=30).contains(&retry), "{retry}");
    assert!(
        message(still)
            .await
            .starts_with("Too many failed sign-ins to this account from your network")
    );
    // The guesser's other accounts are not slowed by this one.
    signup(&app, "neighbour@example.com").await;
    let elsewhere = sign_in_from(&guesser, &app, "neighbour@example.com", PASSWORD).await;
    assert_eq!(elsewhere.status(), 200);
}

/// Guesses spread over many sources: past 100 failures on the account, a source that has failed
/// on it once waits, and a source that has not still signs in.
#[tokio::test]
async fn past_the_account_ceiling_every_failing_source_waits_but_a_fresh_one_does_not() {
    let app = spawn_app().await;
    signup(&app, "target@example.com").await;
    let now = app.clock_now();
    // 99 failures from 33 other networks, as a spread-out guesser leaves them.
    for n in 0..33 {
        jobtap_api::on_db_write!(&app.db, pool => {
            sqlx::query(
                "INSERT INTO login_failures (email, source, failures, last_failure_at) VALUES ($1, $2, 3, $3)",
            )
            .bind("target@example.com")
            .bind(format!("198.51.100.{n}"))
            .bind(now)
            .execute(pool)
            .await
            .map(|_| ())
        })
        .unwrap();
    }
    let guesser = client_from([127, 0, 0, 3]);
    let wrong = sign_in_from(&guesser, &app, "target@example.com", "one more guess").await;
    assert_eq!(wrong.status(), 401, "the 100th failure is still answered");
    let slowed = sign_in_from(&guesser, &app, "target@example.com", PASSWORD).await;
    assert_eq!(slowed.status(), 429, "one failure here, 100 on the account");

    let owner = client_from([127, 0, 0, 1]);
    let signed_in = sign_in_from(&owner, &app, "target@example.com", PASSWORD).await;
    assert_eq!(signed_in.status(), 200);
}

/// A day without failures starts a source's count again.
#[tokio::test]
async fn failures_are_forgotten_after_a_day() {
    let app = spawn_app().await;
    signup(&app, "forgot@example.com").await;
    let wrong = json!({ "email": "forgot@example.com", "password": "wrong-pass" });
    for _ in 0..10 {
        assert_eq!(
            app.post_json("/api/v1/auth/signin", &wrong).await.status(),
            401
        );
    }
    app.clock.advance(24 * 60 * 60 * 1000 + 1);
    // Uncounted, this would be the 11th failure and the attempt after it would wait.
    assert_eq!(
        app.post_json("/api/v1/auth/signin", &wrong).await.status(),
        401
    );
    let right = json!({ "email": "forgot@example.com", "password": PASSWORD });
    assert_eq!(
        app.post_json("/api/v1/auth/signin", &right).await.status(),
        200
    );
}

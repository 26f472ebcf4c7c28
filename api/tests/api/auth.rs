use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};

async fn signup(app: &TestApp, email: &str) -> Value {
    let response = app
        .post_json(
            "/api/v1/auth/signup",
            &json!({ "email": email, "password": "secret123", "full_name": "Tendai Moyo" }),
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
            &json!({ "email": "rudo@acme.co", "password": "secret123", "full_name": "Rudo", "company_name": "Acme", "role": "candidate" }),
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
            json!({ "email": "nope", "password": "secret123", "full_name": "A" }),
            "Invalid email address",
        ),
        (
            "/api/v1/auth/signup",
            json!({ "email": "a@b.co", "password": "12345", "full_name": "A" }),
            "Password must be at least 6 characters",
        ),
        (
            "/api/v1/auth/signup",
            json!({ "email": "a@b.co", "password": "secret123", "full_name": "  " }),
            "Please enter your full name",
        ),
        (
            "/api/v1/auth/employer/signup",
            json!({ "email": "a@b.co", "password": "secret123", "full_name": "A", "company_name": "" }),
            "Please fill in all fields",
        ),
        (
            "/api/v1/auth/signin",
            json!({ "email": "a@b", "password": "secret123" }),
            "Invalid email address",
        ),
        (
            "/api/v1/auth/signup",
            json!({ "email": "a@b.co", "password": "x".repeat(129), "full_name": "A" }),
            "Password must be at most 128 characters",
        ),
        (
            "/api/v1/auth/signup",
            json!({ "email": "a@b.co", "password": "secret123", "full_name": "é".repeat(101) }),
            "Full name must be at most 100 characters",
        ),
        (
            "/api/v1/auth/signup",
            json!({ "email": "a@b.co", "password": "secret123", "full_name": "Rudo \u{202E}gpj.exe" }),
            "Remove the hidden control or text-direction characters from this field",
        ),
        (
            "/api/v1/auth/employer/signup",
            json!({ "email": "a@b.co", "password": "secret123", "full_name": "A", "company_name": "Acme\u{0}" }),
            "Remove the hidden control or text-direction characters from this field",
        ),
        (
            "/api/v1/auth/employer/signup",
            json!({ "email": "a@b.co", "password": "secret123", "full_name": "A", "company_name": "C".repeat(101) }),
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
    let long = "p".repeat(128);
    let body = json!({ "email": "long@b.co", "password": long, "full_name": "A" });
    assert_eq!(
        app.post_json("/api/v1/auth/signup", &body).await.status(),
        201
    );
    let shorter = "p".repeat(127);
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
            &json!({ "email": "DUP@example.com", "password": "other123", "full_name": "B" }),
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
            &json!({ "email": "cand@example.com", "password": "secret123" }),
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
    let right = json!({ "email": "victim@example.com", "password": "secret123" });
    let blocked = app.post_json("/api/v1/auth/signin", &right).await;
    assert_eq!(blocked.status(), 429);
    assert!(blocked.headers().contains_key("retry-after"));
    app.clock.advance(2_000);
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

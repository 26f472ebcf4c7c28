//! Access tokens: only a well-signed, unexpired HS256 access token of a live session
//! passes. Each refused token is built from a real one, so only the one property under
//! test differs, and a control token made the same way must pass.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestOptions, spawn_app_with_env};

const SECRET: &str = "security-suite-secret-0123456789abcdef";
const SESSION: &str = "/api/v1/auth/session";

async fn app_with_known_key() -> TestApp {
    spawn_app_with_env(
        TestOptions::default(),
        vec![("JOBTAP_TOKEN_SECRET", SECRET.to_string())],
    )
    .await
}

/// Signs up and returns the session body.
async fn session(app: &TestApp, email: &str) -> Value {
    let response = app
        .post_json(
            "/api/v1/auth/signup",
            &json!({ "email": email, "password": "sadza-nyama-2024", "full_name": "Tendai Moyo" }),
        )
        .await;
    assert_eq!(response.status(), 201);
    response.json().await.unwrap()
}

/// The claims of a real access token.
fn claims_of(token: &str) -> Value {
    let payload = token.split('.').nth(1).unwrap();
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).unwrap()).unwrap()
}

fn sign(alg: Algorithm, secret: &str, claims: &Value) -> String {
    jsonwebtoken::encode(
        &Header::new(alg),
        claims,
        &EncodingKey::from_secret(secret.as_bytes()),
    )
    .unwrap()
}

async fn status(app: &TestApp, token: &str) -> u16 {
    app.get_auth(SESSION, token).await.status().as_u16()
}

#[tokio::test]
async fn only_well_signed_live_access_tokens_pass() {
    let app = app_with_known_key().await;
    let session = session(&app, "tokens@example.com").await;
    let access = session["access_token"].as_str().unwrap();
    let claims = claims_of(access);
    let now = app.clock_now() / 1000;

    // The control: our own signature over the same claims passes.
    let control = sign(Algorithm::HS256, SECRET, &claims);
    assert_eq!(status(&app, &control).await, 200, "control token");

    let mut expired = claims.clone();
    expired["exp"] = json!(now - 1);
    let mut refresh_typed = claims.clone();
    refresh_typed["typ"] = json!("refresh");
    let mut no_exp = claims.clone();
    no_exp.as_object_mut().unwrap().remove("exp");
    let header_none = URL_SAFE_NO_PAD.encode(br#"{"alg":"none","typ":"JWT"}"#);
    let payload = access.split('.').nth(1).unwrap();
    let mut tampered_claims = claims.clone();
    tampered_claims["sub"] = json!(uuid::Uuid::new_v4().to_string());
    let tampered = format!(
        "{}.{}.{}",
        access.split('.').next().unwrap(),
        URL_SAFE_NO_PAD.encode(tampered_claims.to_string()),
        access.split('.').nth(2).unwrap()
    );
    let refused = [
        ("random string", jobtap_api::auth::tokens::random_token()),
        ("garbage", "not.a.token".to_string()),
        ("empty", String::new()),
        (
            "alg none, no signature",
            format!("{header_none}.{payload}."),
        ),
        (
            "alg none, old signature",
            format!(
                "{header_none}.{payload}.{}",
                access.split('.').nth(2).unwrap()
            ),
        ),
        (
            "signed with another key",
            sign(
                Algorithm::HS256,
                "another-secret-another-secret-xx",
                &claims,
            ),
        ),
        (
            "HS512 with the right key",
            sign(Algorithm::HS512, SECRET, &claims),
        ),
        ("expired", sign(Algorithm::HS256, SECRET, &expired)),
        (
            "typ refresh",
            sign(Algorithm::HS256, SECRET, &refresh_typed),
        ),
        ("no exp", sign(Algorithm::HS256, SECRET, &no_exp)),
        ("claims changed after signing", tampered),
        (
            "the refresh token as an access token",
            session["refresh_token"].as_str().unwrap().to_string(),
        ),
    ];
    for (what, token) in refused {
        assert_eq!(status(&app, &token).await, 401, "{what}: {token}");
    }
    assert_eq!(app.get(SESSION).await.status(), 401, "no token");
}

#[tokio::test]
async fn an_access_token_expires_on_the_servers_clock() {
    let app = app_with_known_key().await;
    let session = session(&app, "expiry@example.com").await;
    let access = session["access_token"].as_str().unwrap();
    assert_eq!(status(&app, access).await, 200);
    app.clock.advance(15 * 60 * 1000);
    assert_eq!(status(&app, access).await, 401);
}

#[tokio::test]
async fn a_well_signed_token_of_an_ended_session_is_refused() {
    let app = app_with_known_key().await;
    let session = session(&app, "ended@example.com").await;
    let access = session["access_token"].as_str().unwrap();
    let mut claims = claims_of(access);
    // Our key, live expiry, but a session that never existed.
    claims["sid"] = json!(uuid::Uuid::new_v4().to_string());
    assert_eq!(
        status(&app, &sign(Algorithm::HS256, SECRET, &claims)).await,
        401
    );
}

#[tokio::test]
async fn an_access_token_is_not_a_refresh_token() {
    let app = app_with_known_key().await;
    let session = session(&app, "swap@example.com").await;
    let refresh = |token: Value| {
        let app = &app;
        async move {
            app.post_json("/api/v1/auth/refresh", &json!({ "refresh_token": token }))
                .await
                .status()
        }
    };
    assert_eq!(refresh(session["access_token"].clone()).await, 401);
    assert_eq!(
        refresh(json!(jobtap_api::auth::tokens::random_token())).await,
        401
    );
    // The real refresh token still works: the refusals above were about the token.
    assert_eq!(refresh(session["refresh_token"].clone()).await, 200);
}

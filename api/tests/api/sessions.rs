//! "Where you're signed in": the account's live sessions with the device each signed in from,
//! and ending one of them, or every one but the current.

use jobtap_api::auth::session_routes::MSG_NO_SESSION;
use serde_json::{Value, json};

use crate::feed::error;
use crate::helpers::TestApp;

const EMAIL: &str = "farai.chikwanha@example.com";
const PASSWORD: &str = "mangoes ripen in November";

const ANDROID_CHROME: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 \
    (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36";
const IPHONE_SAFARI: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) \
    AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1";
const WINDOWS_FIREFOX: &str =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0";

/// A signed-in device: its tokens and the session id `GET /auth/sessions` shows for it.
struct Device {
    access: String,
    refresh: String,
}

async fn sign_up(app: &TestApp, user_agent: &str) -> Device {
    let response = app
        .client
        .post(app.url("/api/v1/auth/signup"))
        .header("user-agent", user_agent)
        .json(&json!({ "email": EMAIL, "password": PASSWORD, "full_name": "Farai Chikwanha" }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    device_of(&response.json().await.unwrap())
}

async fn sign_in(app: &TestApp, email: &str, user_agent: &str) -> Device {
    let response = app
        .client
        .post(app.url("/api/v1/auth/signin"))
        .header("user-agent", user_agent)
        .json(&json!({ "email": email, "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    device_of(&response.json().await.unwrap())
}

fn device_of(body: &Value) -> Device {
    Device {
        access: body["access_token"].as_str().unwrap().to_string(),
        refresh: body["refresh_token"].as_str().unwrap().to_string(),
    }
}

async fn sessions(app: &TestApp, device: &Device) -> Vec<Value> {
    let response = app.get_auth("/api/v1/auth/sessions", &device.access).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    body["sessions"].as_array().unwrap().clone()
}

/// The id of the session `device` is signed in with.
async fn own_id(app: &TestApp, device: &Device) -> String {
    let listed = sessions(app, device).await;
    let current: Vec<_> = listed.iter().filter(|s| s["current"] == true).collect();
    assert_eq!(current.len(), 1, "{listed:?}");
    current[0]["id"].as_str().unwrap().to_string()
}

async fn end(app: &TestApp, device: &Device, id: &str) -> reqwest::Response {
    app.client
        .delete(app.url(&format!("/api/v1/auth/sessions/{id}")))
        .bearer_auth(&device.access)
        .send()
        .await
        .unwrap()
}

async fn sign_out_others(app: &TestApp, device: &Device) -> reqwest::Response {
    app.post_json_auth(
        "/api/v1/auth/sessions/sign-out-others",
        &device.access,
        &json!({}),
    )
    .await
}

/// Whether `device`'s access token still opens `/auth/session`.
async fn access_works(app: &TestApp, device: &Device) -> bool {
    let status = app
        .get_auth("/api/v1/auth/session", &device.access)
        .await
        .status();
    assert!(status == 200 || status == 401, "{status}");
    status == 200
}

/// Whether `device`'s refresh token still gives a new pair (it is used up if so).
async fn refresh_works(app: &TestApp, device: &Device) -> bool {
    let response = app
        .post_json(
            "/api/v1/auth/refresh",
            &json!({ "refresh_token": device.refresh }),
        )
        .await;
    let status = response.status();
    assert!(status == 200 || status == 401, "{status}");
    status == 200
}

#[tokio::test]
async fn sessions_are_listed_with_their_devices_most_recently_used_first() {
    let app = crate::helpers::spawn_app().await;
    let phone = sign_up(&app, ANDROID_CHROME).await;
    app.clock.advance(60_000);
    let laptop = sign_in(&app, EMAIL, WINDOWS_FIREFOX).await;
    app.clock.advance(60_000);
    let curl = sign_in(&app, EMAIL, "curl/8.5.0").await;
    // The phone refreshes last, so it was used most recently.
    app.clock.advance(60_000);
    assert!(refresh_works(&app, &phone).await);

    let listed = sessions(&app, &laptop).await;
    let devices: Vec<_> = listed.iter().map(|s| s["device"].clone()).collect();
    assert_eq!(
        devices,
        [
            json!("Chrome on Android"),
            json!("curl"),
            json!("Firefox on Windows")
        ]
    );
    let current: Vec<_> = listed.iter().map(|s| s["current"].clone()).collect();
    assert_eq!(current, [json!(false), json!(false), json!(true)]);
    let first = &listed[0];
    assert_eq!(first["ip"], "127.0.0.1", "{first}");
    assert!(
        first["last_used_at"].as_i64().unwrap() > first["created_at"].as_i64().unwrap(),
        "{first}"
    );
    assert!(
        first["created_text"].as_str().unwrap().contains(", 20"),
        "{first}"
    );
    assert!(access_works(&app, &curl).await);
}

#[tokio::test]
async fn ending_a_session_ends_its_access_and_refresh_tokens_at_once() {
    let app = crate::helpers::spawn_app().await;
    let laptop = sign_up(&app, WINDOWS_FIREFOX).await;
    let phone = sign_in(&app, EMAIL, IPHONE_SAFARI).await;
    let phone_id = own_id(&app, &phone).await;

    assert_eq!(end(&app, &laptop, &phone_id).await.status(), 204);

    assert!(!access_works(&app, &phone).await);
    assert!(!refresh_works(&app, &phone).await);
    assert!(access_works(&app, &laptop).await);
    let listed = sessions(&app, &laptop).await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0]["device"], "Firefox on Windows");
    // Ended once is ended: a second try finds nothing to end.
    let again = end(&app, &laptop, &phone_id).await;
    assert_eq!(error(again, 404).await["message"], MSG_NO_SESSION);
    let user_id = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar::<_, String>("SELECT id FROM users WHERE email = $1")
            .bind(EMAIL)
            .fetch_one(pool)
            .await
            .unwrap()
    });
    let events = jobtap_api::audit::events_for(&app.db, &user_id)
        .await
        .unwrap();
    assert_eq!(
        events.iter().filter(|e| *e == "session_ended").count(),
        1,
        "{events:?}"
    );
}

#[tokio::test]
async fn sign_out_everywhere_else_keeps_only_the_current_session() {
    let app = crate::helpers::spawn_app().await;
    let laptop = sign_up(&app, WINDOWS_FIREFOX).await;
    let phone = sign_in(&app, EMAIL, ANDROID_CHROME).await;
    let tablet = sign_in(&app, EMAIL, IPHONE_SAFARI).await;
    // Another person's session is not the caller's to end.
    let neighbour = crate::feed::candidate(&app, "nyasha.dube@example.com").await;

    let response = sign_out_others(&app, &phone).await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({ "ended": 2 })
    );

    assert!(access_works(&app, &phone).await);
    assert!(!access_works(&app, &laptop).await);
    assert!(!refresh_works(&app, &tablet).await);
    assert!(refresh_works(&app, &phone).await);
    let neighbour_status = app
        .get_auth("/api/v1/auth/session", &neighbour.token)
        .await
        .status();
    assert_eq!(neighbour_status, 200);
    // Nothing else left to end.
    let again = sign_out_others(&app, &phone).await;
    assert_eq!(again.json::<Value>().await.unwrap(), json!({ "ended": 0 }));
}

#[tokio::test]
async fn another_accounts_session_is_404_and_goes_on() {
    let app = crate::helpers::spawn_app().await;
    let mine = sign_up(&app, WINDOWS_FIREFOX).await;
    let theirs = crate::feed::candidate(&app, "chipo.mutasa@example.com").await;
    let their_device = Device {
        access: theirs.token.clone(),
        refresh: String::new(),
    };
    let their_id = own_id(&app, &their_device).await;

    let response = end(&app, &mine, &their_id).await;
    assert_eq!(error(response, 404).await["message"], MSG_NO_SESSION);
    let unknown = end(&app, &mine, &uuid::Uuid::new_v4().to_string()).await;
    assert_eq!(unknown.status(), 404);

    assert!(access_works(&app, &their_device).await);
    // Their session is not in my list either.
    let listed = sessions(&app, &mine).await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_ne!(listed[0]["id"], json!(their_id));
}

#[tokio::test]
async fn sessions_need_a_live_session() {
    let app = crate::helpers::spawn_app().await;
    let laptop = sign_up(&app, WINDOWS_FIREFOX).await;
    let phone = sign_in(&app, EMAIL, ANDROID_CHROME).await;
    assert_eq!(sign_out_others(&app, &laptop).await.status(), 200);
    // The ended phone can neither list nor end anything.
    let listed = app.get_auth("/api/v1/auth/sessions", &phone.access).await;
    assert_eq!(listed.status(), 401);
    let laptop_id = own_id(&app, &laptop).await;
    assert_eq!(end(&app, &phone, &laptop_id).await.status(), 401);
    assert_eq!(sign_out_others(&app, &phone).await.status(), 401);
    assert!(access_works(&app, &laptop).await);
}

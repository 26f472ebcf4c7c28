use crate::helpers::spawn_app;

#[tokio::test]
async fn health_reports_the_database_kind_and_that_it_is_reachable() {
    let app = spawn_app().await;
    let response = app.get("/api/v1/health").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["database"]["kind"], app.db_kind);
    assert_eq!(body["database"]["reachable"], true);
}

#[tokio::test]
async fn readiness_needs_the_database_and_the_file_store_liveness_only_the_process() {
    let app = spawn_app().await;
    let response = app.get("/api/v1/ready").await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ready");
    assert_eq!(body["database"]["reachable"], true);
    assert_eq!(body["storage"]["reachable"], true);
    if !matches!(std::env::var("JOBTAP_TEST_STORAGE").as_deref(), Ok("s3")) {
        // The files' volume gone (unmounted, deleted): no upload could work here.
        std::fs::remove_dir_all(app.data_dir.join("files")).unwrap();
        let response = app.get("/api/v1/ready").await;
        assert_eq!(response.status(), 503);
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(body["status"], "not_ready");
        assert_eq!(body["storage"]["reachable"], false);
        assert_eq!(body["database"]["reachable"], true);
        assert_eq!(app.get("/api/v1/health").await.status(), 200);
    }
}

#[tokio::test]
async fn unknown_api_path_is_a_json_404() {
    let app = spawn_app().await;
    let response = app.get("/api/v1/no-such-thing").await;
    assert_eq!(response.status(), 404);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json")
    );
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "not_found");
    assert!(body["error"]["message"].is_string());
}

#[tokio::test]
async fn wrong_method_on_a_known_path_is_a_json_405() {
    let app = spawn_app().await;
    let response = app
        .client
        .delete(app.url("/api/v1/health"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 405);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "method_not_allowed");
}

#[tokio::test]
async fn demo_content_is_loaded_into_an_empty_database_once() {
    let app = crate::helpers::spawn_app_with(crate::helpers::TestOptions { demo: true }).await;
    let now = app.clock_now();
    let live = jobtap_api::jobs::store::count_live(&app.db, now)
        .await
        .unwrap();
    assert!(live >= 30, "at least 30 active demo jobs, got {live}");
    let state_jobs = jobtap_api::jobs::store::count(&app.db).await.unwrap();
    let employer = jobtap_api::accounts::store::id_by_email(&app.db, "employer@demo.jobtap.app")
        .await
        .unwrap();
    assert!(employer.is_some(), "the demo employer exists");
    // Loading again into a database that has jobs adds nothing.
    let again = jobtap_api::demo::load_if_empty(&app.state).await.unwrap();
    assert_eq!(again, 0);
    assert_eq!(
        jobtap_api::jobs::store::count(&app.db).await.unwrap(),
        state_jobs
    );
}

#[tokio::test]
async fn without_demo_the_database_starts_empty() {
    let app = spawn_app().await;
    assert_eq!(jobtap_api::jobs::store::count(&app.db).await.unwrap(), 0);
}

use crate::helpers::spawn_app;

#[tokio::test]
async fn client_routes_fall_back_to_index_html() {
    let app = spawn_app().await;
    for path in [
        "/",
        "/jobs",
        "/employer/post-job",
        "/job/abc-123",
        "/no/such/page",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert!(
            response.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html")
        );
        assert!(response.headers().contains_key("content-security-policy"));
        assert_eq!(response.headers()["x-content-type-options"], "nosniff");
        assert!(
            response.text().await.unwrap().contains("<div id=root>"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn built_assets_are_served_with_long_caching() {
    let app = spawn_app().await;
    let response = app.get("/assets/app-1234.js").await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(response.text().await.unwrap(), "console.log('jobtap')");
}

#[tokio::test]
async fn a_missing_file_is_a_404_not_the_app() {
    let app = spawn_app().await;
    let response = app.get("/assets/missing-9999.js").await;
    assert_eq!(response.status(), 404);
}

#[tokio::test]
async fn paths_cannot_escape_the_web_folder() {
    let app = spawn_app().await;
    let response = app.get("/..%2f..%2fjobtap.db").await;
    assert_ne!(response.status(), 200);
}

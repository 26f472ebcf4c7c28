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

#[tokio::test]
async fn assets_come_precompressed_as_the_client_accepts_and_head_has_no_body() {
    let app = spawn_app().await;
    let web = app.data_dir.parent().unwrap().join("web");
    // The server picks the build's copies by name; their bytes are the build's business (the
    // end-to-end test decodes the real ones).
    std::fs::write(web.join("assets/app-1234.js.br"), "BR-BYTES").unwrap();
    std::fs::write(web.join("assets/app-1234.js.gz"), "GZ-BYTES").unwrap();
    let url = app.url("/assets/app-1234.js");
    for (accept, coding, body) in [
        (Some("gzip, deflate, br, zstd"), Some("br"), "BR-BYTES"),
        (Some("gzip"), Some("gzip"), "GZ-BYTES"),
        (Some("br;q=0, gzip;q=0.5"), Some("gzip"), "GZ-BYTES"),
        (Some("identity"), None, "console.log('jobtap')"),
        (None, None, "console.log('jobtap')"),
    ] {
        let mut request = app.client.get(&url);
        if let Some(accept) = accept {
            request = request.header("accept-encoding", accept);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 200, "{accept:?}");
        let headers = response.headers().clone();
        assert_eq!(
            headers.get("content-encoding").map(|v| v.to_str().unwrap()),
            coding,
            "{accept:?}"
        );
        assert_eq!(headers["vary"], "accept-encoding", "{accept:?}");
        assert!(
            headers["content-type"]
                .to_str()
                .unwrap()
                .contains("javascript")
        );
        assert_eq!(
            headers["cache-control"],
            "public, max-age=31536000, immutable"
        );
        assert_eq!(response.text().await.unwrap(), body, "{accept:?}");
    }

    // HEAD answers like GET, without the body.
    for (path, accept) in [
        ("/", None),
        ("/jobs", None),
        ("/assets/app-1234.js", Some("br")),
    ] {
        let mut request = app.client.head(app.url(path));
        if let Some(accept) = accept {
            request = request.header("accept-encoding", accept);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 200, "HEAD {path}");
        assert!(
            response.headers().contains_key("content-type"),
            "HEAD {path}"
        );
        assert!(response.bytes().await.unwrap().is_empty(), "HEAD {path}");
    }
}

#[tokio::test]
async fn api_json_is_gzipped_above_a_small_size_for_clients_that_accept_it() {
    use std::io::Read as _;

    let app = spawn_app().await;
    let get = |path: &'static str, accept: Option<&'static str>| {
        let mut request = app.client.get(app.url(path));
        if let Some(accept) = accept {
            request = request.header("accept-encoding", accept);
        }
        request.send()
    };
    let plain = get("/api/v1/openapi.json", None).await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.headers()["vary"], "accept-encoding");
    let plain = plain.bytes().await.unwrap();
    assert!(
        plain.len() > 10_000,
        "a large answer: {} bytes",
        plain.len()
    );

    let gzipped = get("/api/v1/openapi.json", Some("br, gzip;q=0.8"))
        .await
        .unwrap();
    assert_eq!(gzipped.status(), 200);
    assert_eq!(gzipped.headers()["content-encoding"], "gzip");
    assert_eq!(gzipped.headers()["vary"], "accept-encoding");
    let gzipped = gzipped.bytes().await.unwrap();
    assert!(
        gzipped.len() * 3 < plain.len(),
        "{} of {} bytes",
        gzipped.len(),
        plain.len()
    );
    let mut decoded = Vec::new();
    flate2::read::GzDecoder::new(gzipped.as_ref())
        .read_to_end(&mut decoded)
        .unwrap();
    assert_eq!(decoded, plain, "the same answer once decoded");

    // Small answers, and clients that refuse gzip, get the answer as it is.
    let small = get("/api/v1/health", Some("gzip")).await.unwrap();
    assert!(small.headers().get("content-encoding").is_none());
    let refused = get("/api/v1/openapi.json", Some("gzip;q=0, identity"))
        .await
        .unwrap();
    assert!(refused.headers().get("content-encoding").is_none());
    assert_eq!(refused.bytes().await.unwrap(), plain);
}

#[tokio::test]
async fn public_pages_are_answered_with_their_prerendered_html() {
    let app = spawn_app().await;
    let web = app.data_dir.parent().unwrap().join("web");
    std::fs::create_dir_all(web.join("prerendered/employer")).unwrap();
    for (file, text) in [
        ("index.html", "LANDING"),
        ("auth.html", "CANDIDATE SIGN-IN"),
        ("employer/auth.html", "EMPLOYER SIGN-IN"),
    ] {
        std::fs::write(web.join("prerendered").join(file), text).unwrap();
    }
    std::fs::write(web.join("prerendered/auth.html.br"), "BR-BYTES").unwrap();

    for (path, accept, coding, body) in [
        ("/", Some("br"), None, "LANDING"),
        ("/auth", Some("gzip, br"), Some("br"), "BR-BYTES"),
        ("/auth", Some("gzip"), None, "CANDIDATE SIGN-IN"),
        ("/auth", None, None, "CANDIDATE SIGN-IN"),
        ("/employer/auth", None, None, "EMPLOYER SIGN-IN"),
    ] {
        let mut request = app.client.get(app.url(path));
        if let Some(accept) = accept {
            request = request.header("accept-encoding", accept);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 200, "{path} {accept:?}");
        let headers = response.headers().clone();
        assert_eq!(headers["content-type"], "text/html; charset=utf-8");
        assert_eq!(headers["cache-control"], "no-cache");
        assert_eq!(headers["vary"], "accept-encoding", "{path} {accept:?}");
        assert!(headers.contains_key("content-security-policy"));
        assert_eq!(
            headers.get("content-encoding").map(|v| v.to_str().unwrap()),
            coding,
            "{path} {accept:?}"
        );
        assert_eq!(response.text().await.unwrap(), body, "{path} {accept:?}");
    }

    // Routes the build did not prerender (and near misses) get the app's empty page.
    for path in [
        "/jobs",
        "/auth/",
        "//auth",
        "/employer",
        "/prerendered/auth",
        "/index",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert!(
            response
                .text()
                .await
                .unwrap()
                .contains("<div id=root></div>"),
            "{path}"
        );
    }

    let head = app.client.head(app.url("/auth")).send().await.unwrap();
    assert_eq!(head.status(), 200);
    assert_eq!(head.headers()["content-type"], "text/html; charset=utf-8");
    assert!(head.bytes().await.unwrap().is_empty());
}

//! Serves the built web app: files from `web/dist`, and `index.html` for client
//! routes (paths without a file extension) so deep links like `/jobs` load the app.

use std::path::{Path, PathBuf};

use warp::Filter;
use warp::Reply;
use warp::http::HeaderValue;
use warp::reply::Response;

/// The app's Content-Security-Policy: only our own origin; wasm may compile;
/// workers and media may come from blob: URLs (the wasm worker, recordings).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
connect-src 'self'; worker-src 'self' blob:; media-src 'self' blob: mediastream:; object-src 'none'; \
base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// GET /{file} and GET /{client-route} — the web app.
pub fn routes(
    web_dir: &Path,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let index: PathBuf = web_dir.join("index.html");
    let not_api = warp::path::peek().and_then(|peek: warp::path::Peek| async move {
        // A NUL cannot name a file: the file server would fail on it with a 500.
        if peek.segments().next() == Some("api") || peek.as_str().contains("%00") {
            Err(warp::reject::not_found())
        } else {
            Ok(())
        }
    });
    let files = warp::fs::dir(web_dir.to_path_buf()).map(|file: warp::fs::File| {
        let immutable = file.path().components().any(|c| c.as_os_str() == "assets");
        let mut response = file.into_response();
        let cache = if immutable {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        };
        response
            .headers_mut()
            .insert("cache-control", HeaderValue::from_static(cache));
        response
    });
    let client_route = warp::path::full()
        .and_then(|path: warp::path::FullPath| async move {
            let last = path.as_str().rsplit('/').next().unwrap_or_default();
            if last.contains('.') {
                Err(warp::reject::not_found())
            } else {
                Ok(())
            }
        })
        .untuple_one()
        .and(warp::fs::file(index))
        .map(|file: warp::fs::File| {
            let mut response = file.into_response();
            response
                .headers_mut()
                .insert("cache-control", HeaderValue::from_static("no-cache"));
            response
        });
    warp::get()
        .and(not_api)
        .untuple_one()
        .and(files.or(client_route).unify())
        .map(|mut response: Response| {
            response.headers_mut().insert(
                "content-security-policy",
                HeaderValue::from_static(CONTENT_SECURITY_POLICY),
            );
            response
        })
}

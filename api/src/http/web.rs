//! Serves the built web app: files from `web/dist`, and `index.html` for client
//! routes (paths without a file extension) so deep links like `/jobs` load the app.
//!
//! The build writes a Brotli (`.br`) and a gzip (`.gz`) copy of each text asset
//! (`web/tools/precompress.mjs`); an asset is answered from the copy the client's
//! `Accept-Encoding` allows, Brotli first, with `Vary: Accept-Encoding`, so nothing is
//! compressed per request. `HEAD` is answered like `GET`, without the body.

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

/// The types the build precompresses (`web/tools/precompress.mjs`), by extension.
const PRECOMPRESSED_TYPES: [(&str, &str); 9] = [
    ("js", "text/javascript"),
    ("mjs", "text/javascript"),
    ("css", "text/css"),
    ("wasm", "application/wasm"),
    ("json", "application/json"),
    ("svg", "image/svg+xml"),
    ("html", "text/html; charset=utf-8"),
    ("webmanifest", "application/manifest+json"),
    ("txt", "text/plain; charset=utf-8"),
];

/// The encodings the build writes, in order of preference, with their file suffix.
const ENCODINGS: [(&str, &str); 2] = [("br", "br"), ("gzip", "gz")];

/// Whether `accept` (an `Accept-Encoding` value) allows `coding`: named with a q above 0.
fn accepts(accept: &str, coding: &str) -> bool {
    accept.split(',').any(|part| {
        let mut pieces = part.split(';');
        let name = pieces.next().unwrap_or_default().trim();
        let q = pieces
            .find_map(|p| p.trim().strip_prefix("q="))
            .map_or(1.0, |q| q.trim().parse::<f32>().unwrap_or(0.0));
        name.eq_ignore_ascii_case(coding) && q > 0.0
    })
}

/// The precompressed copy of asset `tail` the client accepts: (its path, its coding, the
/// original's content type). Only plain names under `assets/` (the build's hashed files).
async fn precompressed(
    web_dir: &Path,
    tail: &str,
    accept: Option<&str>,
) -> Option<(PathBuf, &'static str, &'static str)> {
    let accept = accept?;
    let plain = tail.starts_with("assets/")
        && !tail.contains("..")
        && tail
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'-' | b'_'));
    if !plain {
        return None;
    }
    let extension = tail.rsplit('.').next()?;
    let content_type = PRECOMPRESSED_TYPES
        .iter()
        .find(|(ext, _)| *ext == extension)?
        .1;
    for (coding, suffix) in ENCODINGS {
        if !accepts(accept, coding) {
            continue;
        }
        let path = web_dir.join(format!("{tail}.{suffix}"));
        if tokio::fs::metadata(&path).await.is_ok_and(|m| m.is_file()) {
            return Some((path, coding, content_type));
        }
    }
    None
}

/// An asset answered from its precompressed copy, when there is one the client accepts.
fn compressed_assets(
    web_dir: &Path,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let web_dir = web_dir.to_path_buf();
    warp::path::tail()
        .and(warp::header::optional::<String>("accept-encoding"))
        .and_then(move |tail: warp::path::Tail, accept: Option<String>| {
            let web_dir = web_dir.clone();
            async move {
                let Some((path, coding, content_type)) =
                    precompressed(&web_dir, tail.as_str(), accept.as_deref()).await
                else {
                    return Err(warp::reject::not_found());
                };
                let Ok(bytes) = tokio::fs::read(&path).await else {
                    return Err(warp::reject::not_found());
                };
                let mut response = Response::new(bytes.into());
                let headers = response.headers_mut();
                headers.insert("content-type", HeaderValue::from_static(content_type));
                headers.insert("content-encoding", HeaderValue::from_static(coding));
                headers.insert("vary", HeaderValue::from_static("accept-encoding"));
                headers.insert(
                    "cache-control",
                    HeaderValue::from_static("public, max-age=31536000, immutable"),
                );
                Ok::<_, warp::Rejection>(response)
            }
        })
}

/// GET or HEAD /{file} and /{client-route} — the web app.
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
        if immutable {
            // Other clients get the copy this one would not take.
            response
                .headers_mut()
                .insert("vary", HeaderValue::from_static("accept-encoding"));
        }
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
    // hyper leaves the body out of an answer to HEAD.
    warp::get()
        .or(warp::head())
        .unify()
        .and(not_api)
        .untuple_one()
        .and(
            compressed_assets(web_dir)
                .or(files)
                .unify()
                .or(client_route)
                .unify(),
        )
        .map(|mut response: Response| {
            response.headers_mut().insert(
                "content-security-policy",
                HeaderValue::from_static(CONTENT_SECURITY_POLICY),
            );
            response
        })
}

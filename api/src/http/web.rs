//! Serves the built web app: files from `web/dist`, and for client routes (paths without a
//! file extension) the page's prerendered HTML (`prerendered/<path>.html`, written by
//! `web/tools/prerender.mjs` for the public pages) or else `index.html`, so deep links like
//! `/jobs` load the app.
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

/// A page drawn on the server whose address holds a secret token: it is never stored, never
/// sent on as a referrer, and may load only what `policy` allows.
pub fn token_page(status: warp::http::StatusCode, html: String, policy: &'static str) -> Response {
    let mut response = warp::reply::with_status(warp::reply::html(html), status).into_response();
    let headers = response.headers_mut();
    headers.insert("cache-control", HeaderValue::from_static("no-store"));
    headers.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    headers.insert("content-security-policy", HeaderValue::from_static(policy));
    response
}

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

/// The precompressed copy of file `tail` of the build the client accepts: its path and coding.
async fn compressed_copy(
    web_dir: &Path,
    tail: &str,
    accept: Option<&str>,
) -> Option<(PathBuf, &'static str)> {
    let accept = accept?;
    for (coding, suffix) in ENCODINGS {
        if !accepts(accept, coding) {
            continue;
        }
        let path = web_dir.join(format!("{tail}.{suffix}"));
        if tokio::fs::metadata(&path).await.is_ok_and(|m| m.is_file()) {
            return Some((path, coding));
        }
    }
    None
}

/// Whether `tail` is a plain relative name: letters, digits, `/ . - _`, no `..`.
fn plain(tail: &str) -> bool {
    !tail.contains("..")
        && !tail.starts_with('/')
        && tail
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'-' | b'_'))
}

/// The precompressed copy of asset `tail` the client accepts: (its path, its coding, the
/// original's content type). Only plain names under `assets/` (the build's hashed files).
async fn precompressed(
    web_dir: &Path,
    tail: &str,
    accept: Option<&str>,
) -> Option<(PathBuf, &'static str, &'static str)> {
    if !tail.starts_with("assets/") || !plain(tail) {
        return None;
    }
    let extension = tail.rsplit('.').next()?;
    let content_type = PRECOMPRESSED_TYPES
        .iter()
        .find(|(ext, _)| *ext == extension)?
        .1;
    let (path, coding) = compressed_copy(web_dir, tail, accept).await?;
    Some((path, coding, content_type))
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

/// The prerendered page of client route `path`, if the build wrote one.
fn prerendered_page(path: &str) -> Option<String> {
    let name = match path.strip_prefix('/')? {
        "" => "index",
        "index" => return None, // `/index` is no page: index.html is the file of `/`.
        name => name,
    };
    if name.split('/').any(str::is_empty) {
        return None; // `//auth` or `/auth/` is no page of the build.
    }
    let tail = format!("prerendered/{name}.html");
    plain(&tail).then_some(tail)
}

/// The HTML answering client route `path`: its prerendered page (precompressed when the
/// client accepts it) or the app's empty `index.html`. Never cached without asking again.
async fn client_page(web_dir: &Path, index: &Path, path: &str, accept: Option<&str>) -> Response {
    let page = match prerendered_page(path) {
        Some(tail)
            if tokio::fs::metadata(web_dir.join(&tail))
                .await
                .is_ok_and(|m| m.is_file()) =>
        {
            Some(tail)
        }
        _ => None,
    };
    let (file, coding) = match &page {
        Some(tail) => match compressed_copy(web_dir, tail, accept).await {
            Some((copy, coding)) => (copy, Some(coding)),
            None => (web_dir.join(tail), None),
        },
        None => (index.to_path_buf(), None),
    };
    let Ok(bytes) = tokio::fs::read(&file).await else {
        return warp::http::StatusCode::NOT_FOUND.into_response();
    };
    let mut response = Response::new(bytes.into());
    let headers = response.headers_mut();
    headers.insert(
        "content-type",
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert("cache-control", HeaderValue::from_static("no-cache"));
    if page.is_some() {
        headers.insert("vary", HeaderValue::from_static("accept-encoding"));
    }
    if let Some(coding) = coding {
        headers.insert("content-encoding", HeaderValue::from_static(coding));
    }
    response
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
    let web = web_dir.to_path_buf();
    let client_route = warp::path::full()
        .and(warp::header::optional::<String>("accept-encoding"))
        .and_then(move |path: warp::path::FullPath, accept: Option<String>| {
            let web = web.clone();
            let index = index.clone();
            async move {
                let last = path.as_str().rsplit('/').next().unwrap_or_default();
                if last.contains('.') {
                    return Err(warp::reject::not_found());
                }
                Ok(client_page(&web, &index, path.as_str(), accept.as_deref()).await)
            }
        });
    // hyper leaves the body out of an answer to HEAD.
    warp::get()
        .or(warp::head())
        .unify()
        .and(not_api)
        .untuple_one()
        .and(
            // Client routes first: the file server would answer `/` with the empty index.html.
            compressed_assets(web_dir)
                .or(client_route.boxed())
                .unify()
                .or(files.boxed())
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

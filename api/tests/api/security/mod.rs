//! The security suite: each test here fails if the protection it names is removed.
//! `docs/security.md` maps every protection to its test (here or elsewhere).

mod access;
mod export;
mod files;
mod headers;
mod input;
mod roles;
mod tokens;

use serde_json::Value;

use crate::helpers::TestApp;

/// A request with an optional bearer token and JSON body.
pub async fn send(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> reqwest::Response {
    let mut request = app.client.request(method, app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(body) = body {
        request = request.json(body);
    }
    request.send().await.expect("request")
}

/// Every file under `dir`, relative to it, sorted.
pub fn files_under(dir: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(next) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&next) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(
                    path.strip_prefix(dir)
                        .unwrap()
                        .to_string_lossy()
                        .into_owned(),
                );
            }
        }
    }
    out.sort();
    out
}

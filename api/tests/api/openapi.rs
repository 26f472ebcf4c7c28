//! The OpenAPI document cannot drift from the router: every documented operation reaches a
//! handler, no documented path answers a method it does not document, and every
//! `warp::path!` route in the source is documented with its method.
//!
//! A route miss is told from a handler's 404 by its message: the router's recovery answers
//! exactly "Not found", and no handler uses that message (each names what is missing).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::Value;

use crate::helpers::spawn_app;

const METHODS: [&str; 5] = ["get", "post", "put", "delete", "patch"];
const PREFIX: &str = "/api/v1";

async fn document(app: &crate::helpers::TestApp) -> Value {
    let response = app.get("/api/v1/openapi.json").await;
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json")
    );
    response.json().await.expect("the document is JSON")
}

/// Documented path → its methods.
fn operations(doc: &Value) -> BTreeMap<String, BTreeSet<String>> {
    doc["paths"]
        .as_object()
        .expect("paths")
        .iter()
        .map(|(path, item)| {
            let methods = METHODS
                .iter()
                .filter(|m| item.get(**m).is_some())
                .map(|m| (*m).to_string())
                .collect();
            (path.clone(), methods)
        })
        .collect()
}

/// `/api/v1/documents/{id}/download` with each `{param}` filled with a placeholder.
fn concrete(path: &str) -> String {
    path.split('/')
        .map(|segment| {
            if segment.starts_with('{') {
                "placeholder-0"
            } else {
                segment
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Whether `path` is an instance of `template` (`{param}` matches any one segment).
fn matches_template(template: &str, path: &str) -> bool {
    let (t, p): (Vec<_>, Vec<_>) = (template.split('/').collect(), path.split('/').collect());
    t.len() == p.len() && t.iter().zip(&p).all(|(t, p)| t.starts_with('{') || t == p)
}

/// Whether the router found no route: 405, or a 404 with the recovery's own message.
async fn route_miss(response: reqwest::Response) -> Option<String> {
    let status = response.status().as_u16();
    let body = response.text().await.unwrap_or_default();
    let message = serde_json::from_str::<Value>(&body)
        .ok()
        .and_then(|v| v["error"]["message"].as_str().map(str::to_string));
    match (status, message.as_deref()) {
        (405, _) => Some(format!("405 {body}")),
        (404, Some("Not found")) => Some(format!("404 {body}")),
        _ => None,
    }
}

async fn send(app: &crate::helpers::TestApp, method: &str, path: &str) -> reqwest::Response {
    let method = reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
    app.client
        .request(method, app.url(path))
        .send()
        .await
        .expect("request")
}

#[tokio::test]
async fn openapi_document_is_served_with_every_schema_it_names() {
    let app = spawn_app().await;
    let doc = document(&app).await;
    assert_eq!(doc["openapi"], "3.1.0");
    assert_eq!(
        doc["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
    assert!(doc["components"]["schemas"]["ErrorBody"].is_object());
    // Every `$ref` points at a schema the document holds.
    let text = doc.to_string();
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    for reference in text.split("\"$ref\":\"").skip(1) {
        let name = reference
            .split('"')
            .next()
            .unwrap()
            .trim_start_matches("#/components/schemas/");
        assert!(schemas.contains_key(name), "dangling $ref to {name}");
    }
    // Private routes say so; every error status answers ErrorBody.
    let private = &doc["paths"]["/api/v1/documents"]["get"];
    assert_eq!(private["security"][0]["bearer"], serde_json::json!([]));
    assert_eq!(
        private["responses"]["401"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/ErrorBody"
    );
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            for (status, response) in op["responses"].as_object().unwrap() {
                let json = &response["content"]["application/json"]["schema"]["$ref"];
                if status.starts_with('4') && !json.is_null() {
                    assert_eq!(
                        json, "#/components/schemas/ErrorBody",
                        "{method} {path} {status}"
                    );
                }
            }
        }
    }
}

#[tokio::test]
async fn openapi_every_documented_operation_reaches_a_handler() {
    let app = spawn_app().await;
    let doc = document(&app).await;
    let operations = operations(&doc);
    assert!(operations.len() >= 40, "only {} paths", operations.len());
    let mut misses = Vec::new();
    for (path, methods) in &operations {
        assert!(path.starts_with(PREFIX), "{path} is outside {PREFIX}");
        for method in methods {
            let response = send(&app, method, &concrete(path)).await;
            if let Some(miss) = route_miss(response).await {
                misses.push(format!("{method} {path}: {miss}"));
            }
        }
    }
    assert!(
        misses.is_empty(),
        "documented but not routed:\n{}",
        misses.join("\n")
    );
}

#[tokio::test]
async fn openapi_documented_paths_answer_no_undocumented_method() {
    let app = spawn_app().await;
    let doc = document(&app).await;
    let operations = operations(&doc);
    // `/employer/jobs/import` is also `/employer/jobs/{id}`: a method another template
    // documents for the same concrete path is documented.
    let documented_for = |concrete_path: &str, method: &str| {
        operations.iter().any(|(template, methods)| {
            methods.contains(method) && matches_template(template, concrete_path)
        })
    };
    let mut extra = Vec::new();
    for path in operations.keys() {
        let concrete_path = concrete(path);
        for method in METHODS
            .iter()
            .filter(|m| !documented_for(&concrete_path, m))
        {
            let response = send(&app, method, &concrete_path).await;
            let status = response.status().as_u16();
            if route_miss(response).await.is_none() {
                extra.push(format!("{method} {path} answered {status}"));
            }
        }
    }
    assert!(
        extra.is_empty(),
        "routed but not documented:\n{}",
        extra.join("\n")
    );
}

/// One `warp::path!(…)` route of the source: its segments (`None` for a parameter) and method.
struct SourceRoute {
    file: String,
    segments: Vec<Option<String>>,
    method: String,
}

fn source_routes(dir: &Path, out: &mut Vec<SourceRoute>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            source_routes(&path, out);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        // Pages and feeds for crawlers and job boards, outside `/api/v1` and its document.
        if path.components().any(|c| c.as_os_str() == "listings") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (at, _) in text.match_indices("warp::path!(") {
            let rest = &text[at + "warp::path!(".len()..];
            let args = &rest[..rest.find(')').unwrap()];
            if args.trim_end().ends_with("..") {
                continue; // a prefix such as `api / v1 / ..`, not a route
            }
            let segments = args
                .split('/')
                .map(str::trim)
                .map(|s| {
                    s.strip_prefix('"')
                        .and_then(|s| s.strip_suffix('"'))
                        .map(str::to_string)
                })
                .collect();
            // The route's filters run up to its handler.
            let end = [".then(", ".map("]
                .iter()
                .filter_map(|h| rest.find(h))
                .min()
                .unwrap_or(rest.len());
            let chain = &rest[..end];
            let method = METHODS
                .iter()
                .filter_map(|m| chain.find(&format!("warp::{m}()")).map(|i| (i, *m)))
                .min()
                .map_or_else(
                    || {
                        panic!(
                            "{} has a route without a method filter: {args}",
                            path.display()
                        )
                    },
                    |(_, m)| m.to_string(),
                );
            out.push(SourceRoute {
                file: path.display().to_string(),
                segments,
                method,
            });
        }
    }
}

#[tokio::test]
async fn openapi_documents_every_route_in_the_source() {
    let app = spawn_app().await;
    let doc = document(&app).await;
    let documented: Vec<(Vec<Option<String>>, BTreeSet<String>)> = operations(&doc)
        .into_iter()
        .map(|(path, methods)| {
            let segments = path
                .trim_start_matches(PREFIX)
                .split('/')
                .filter(|s| !s.is_empty())
                .map(|s| (!s.starts_with('{')).then(|| s.to_string()))
                .collect();
            (segments, methods)
        })
        .collect();
    let mut routes = Vec::new();
    source_routes(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut routes,
    );
    assert!(routes.len() >= 40, "found only {} routes", routes.len());
    let undocumented: Vec<_> = routes
        .iter()
        .filter(|route| {
            !documented.iter().any(|(segments, methods)| {
                methods.contains(&route.method) && segments.ends_with(&route.segments)
            })
        })
        .map(|route| format!("{} {:?} in {}", route.method, route.segments, route.file))
        .collect();
    assert!(
        undocumented.is_empty(),
        "routes missing from the document:\n{}",
        undocumented.join("\n")
    );
}

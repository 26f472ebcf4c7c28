//! Access control, walked over every operation of the OpenAPI document the server
//! serves: no token → 401 unless public, a candidate on employer routes → 403, ids
//! of another user's things → 404 (and nothing changes), a fresh id → 404. Fields a
//! caller may not set are ignored.

use std::collections::BTreeMap;

use reqwest::Method;
use reqwest::multipart::Form;
use serde_json::{Value, json};

use super::send;
use crate::employer::{job_body, post_job};
use crate::feed::User;
use crate::helpers::{DirectScores, TestApp, spawn_app};
use crate::profile::{PDF, file};

/// Operations anyone may call, as "METHOD path" in the document's spelling.
const PUBLIC: &[&str] = &[
    "GET /api/v1/health",
    "GET /api/v1/ready",
    "GET /api/v1/openapi.json",
    "GET /api/v1/settings",
    "POST /api/v1/auth/signup",
    "POST /api/v1/auth/employer/signup",
    "POST /api/v1/auth/signin",
    "POST /api/v1/auth/employer/signin",
    "POST /api/v1/auth/refresh",
    "POST /api/v1/auth/password-reset",
    "POST /api/v1/auth/password-reset/check",
    "POST /api/v1/auth/password-reset/confirm",
    "POST /api/v1/auth/confirm-email",
    "POST /api/v1/team/invitation",
    "POST /api/v1/team/join",
    "GET /api/v1/share/{token}",
    "GET /api/v1/logos/{name}",
];

/// Operations for employers only, beyond everything under `/api/v1/employer/`.
const EMPLOYER_ONLY: &[&str] = &["POST /api/v1/functions/ai-job-assistance"];

/// Path parameters naming things every signed-in user may read (no owner).
const SHARED: &[&str] = &[
    "/api/v1/jobs/{id}",
    "/api/v1/jobs/{id}/score",
    // A rejection is the caller's own, of a job everyone sees.
    "/api/v1/jobs/{id}/rejection",
];

pub(super) struct Op {
    pub(super) method: Method,
    pub(super) path: String,
    pub(super) key: String,
    operation: Value,
}

pub(super) fn operations(document: &Value) -> Vec<Op> {
    let mut ops = Vec::new();
    for (path, item) in document["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().unwrap() {
            let Ok(m) = method.to_uppercase().parse::<Method>() else {
                continue;
            };
            if !matches!(
                m,
                Method::GET | Method::POST | Method::PUT | Method::PATCH | Method::DELETE
            ) {
                continue;
            }
            ops.push(Op {
                key: format!("{m} {path}"),
                method: m,
                path: path.clone(),
                operation: operation.clone(),
            });
        }
    }
    ops
}

fn resolve<'a>(document: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => {
            let name = reference.rsplit('/').next().unwrap();
            resolve(document, &document["components"]["schemas"][name])
        }
        None => schema,
    }
}

/// A value of `schema`'s shape with every required property filled, so the body
/// parses and the handler's own checks decide the answer.
fn sample(document: &Value, schema: &Value, depth: usize) -> Value {
    let schema = resolve(document, schema);
    if let Some(options) = schema
        .get("oneOf")
        .or_else(|| schema.get("anyOf"))
        .or_else(|| schema.get("allOf"))
        .and_then(Value::as_array)
    {
        return options
            .first()
            .map_or(json!({}), |s| sample(document, s, depth + 1));
    }
    let kind = match &schema["type"] {
        Value::Array(kinds) => kinds
            .iter()
            .filter_map(Value::as_str)
            .find(|k| *k != "null")
            .unwrap_or("null")
            .to_string(),
        Value::String(kind) => kind.clone(),
        _ if schema.get("properties").is_some() => "object".into(),
        _ => "null".into(),
    };
    match kind.as_str() {
        "object" if depth < 6 => {
            let mut out = serde_json::Map::new();
            let required: Vec<&str> = schema["required"]
                .as_array()
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            for name in required {
                out.insert(
                    name.to_string(),
                    sample(document, &schema["properties"][name], depth + 1),
                );
            }
            Value::Object(out)
        }
        "string" => schema["enum"].get(0).cloned().unwrap_or_else(|| json!("x")),
        "integer" | "number" => json!(1),
        "boolean" => json!(true),
        "array" => json!([]),
        _ => Value::Null,
    }
}

/// What a request to `op` carries, besides its token.
#[derive(Debug)]
pub(super) enum Body {
    None,
    Json(Value),
    Multipart,
    /// Text that is no JSON at all, sent as JSON.
    NotJson,
}

/// Valid bodies where the schema's required fields are not enough to pass the
/// handler's validation, so the walk reaches the ownership check.
fn valid_body(key: &str) -> Option<Value> {
    match key {
        "PUT /api/v1/employer/jobs/{id}" => Some(job_body("Changed by someone else")),
        "PUT /api/v1/employer/applications/{id}/comment" => {
            Some(json!({ "private_note": "Written by someone else", "employer_comment": "Hi" }))
        }
        "POST /api/v1/employer/applications/{id}/reject" => Some(json!({ "reason": "other" })),
        "POST /api/v1/employer/applications/{id}/stage" => Some(json!({ "stage": "screening" })),
        _ => None,
    }
}

pub(super) fn body_of(document: &Value, op: &Op) -> Body {
    let content = &op.operation["requestBody"]["content"];
    if let Some(body) = valid_body(&op.key) {
        Body::Json(body)
    } else if let Some(json) = content.get("application/json") {
        Body::Json(sample(document, &json["schema"], 0))
    } else if content.get("multipart/form-data").is_some() {
        Body::Multipart
    } else {
        Body::None
    }
}

pub(super) async fn call(
    app: &TestApp,
    op: &Op,
    path: &str,
    body: &Body,
    token: Option<&str>,
) -> (u16, String) {
    let mut request = app.client.request(op.method.clone(), app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request = match body {
        Body::None => request,
        Body::Json(value) => request.json(value),
        Body::Multipart => request.multipart(Form::new().text("document_type", "resume")),
        Body::NotJson => request
            .header("content-type", "application/json")
            .body("{\"reason\": "),
    };
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

/// Fills `{param}`s from `ids`; `None` when a parameter has no value there.
pub(super) fn fill(path: &str, ids: &BTreeMap<&str, String>) -> Option<String> {
    let mut out = String::new();
    let mut rest = path;
    while let Some(start) = rest.find('{') {
        let end = rest[start..].find('}')? + start;
        out.push_str(&rest[..start]);
        out.push_str(ids.get(&rest[start + 1..end])?);
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    Some(out)
}

/// Another user's things: employer A's job, the application of candidate C1 to it,
/// C1's document and share link.
struct Victims {
    employer: User,
    candidate: User,
    job: String,
    /// The id of a stage of the job's own.
    stage: String,
    application: String,
    document: String,
    share_link: String,
    share_token: String,
    /// The id of C1's session.
    session: String,
    /// A pending invitation of the employer's company.
    invitation: String,
}

async fn victims(app: &TestApp) -> Victims {
    let employer = crate::feed::employer(app, "victim@acme.co").await;
    let candidate = crate::feed::candidate(app, "victim@example.com").await;
    let job = post_job(app, &employer.token, job_body("Victim job")).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let upload = app
        .client
        .post(app.url("/api/v1/documents"))
        .bearer_auth(&candidate.token)
        .multipart(
            Form::new()
                .text("document_type", "resume")
                .part("file", file(PDF, "cv.pdf")),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(upload.status(), 201);
    let document = upload.json::<Value>().await.unwrap()["document"]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let link = app
        .post_json_auth(
            &format!("/api/v1/documents/{document}/share-links"),
            &candidate.token,
            &json!({}),
        )
        .await;
    assert_eq!(link.status(), 201);
    let link: Value = link.json().await.unwrap();
    let link = if link.get("share_link").is_some() {
        link["share_link"].clone()
    } else {
        link
    };
    let share_link = link["id"].as_str().unwrap().to_string();
    let share_token = link["url"]
        .as_str()
        .or_else(|| link["token"].as_str())
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .to_string();
    let application = app
        .insert_application(&candidate.id, &job, DirectScores::TYPICAL, app.clock_now())
        .await;
    let stage = app
        .post_json_auth(
            &format!("/api/v1/employer/jobs/{job}/stages"),
            &employer.token,
            &json!({ "name": "Site visit", "after": "screening" }),
        )
        .await;
    assert_eq!(stage.status(), 201);
    let stage = stage.json::<Value>().await.unwrap()["stage"]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let sessions: Value = app
        .get_auth("/api/v1/auth/sessions", &candidate.token)
        .await
        .json()
        .await
        .unwrap();
    let session = sessions["sessions"][0]["id"].as_str().unwrap().to_string();
    let invitation = app
        .post_json_auth(
            "/api/v1/employer/team/invitations",
            &employer.token,
            &json!({ "email": "colleague@acme.co", "role": "recruiter" }),
        )
        .await;
    assert_eq!(invitation.status(), 201);
    let invitation = invitation.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    Victims {
        employer,
        candidate,
        job,
        stage,
        application,
        document,
        share_link,
        share_token,
        session,
        invitation,
    }
}

impl Victims {
    /// Path parameter → the victim's id, for routes of the given area.
    fn ids(&self, path: &str) -> BTreeMap<&'static str, String> {
        let mut ids = BTreeMap::new();
        if path.starts_with("/api/v1/employer/jobs/") {
            ids.insert("id", self.job.clone());
            ids.insert("stage", self.stage.clone());
        } else if path.starts_with("/api/v1/employer/applications/") {
            ids.insert("id", self.application.clone());
            ids.insert("doc", self.document.clone());
        } else if path.starts_with("/api/v1/documents/") {
            ids.insert("id", self.document.clone());
        } else if path.starts_with("/api/v1/share-links/") {
            ids.insert("id", self.share_link.clone());
        } else if path.starts_with("/api/v1/auth/sessions/") {
            ids.insert("id", self.session.clone());
        } else if path.starts_with("/api/v1/applications/") {
            ids.insert("id", self.application.clone());
        } else if path.starts_with("/api/v1/employer/team/invitations/") {
            ids.insert("id", self.invitation.clone());
        } else if path.starts_with("/api/v1/employer/team/members/") {
            ids.insert("id", self.employer.id.clone());
        }
        ids
    }

    /// Everything is still there and unchanged for its owners.
    async fn unharmed(&self, app: &TestApp) {
        let job = app
            .get_auth(
                &format!("/api/v1/employer/jobs/{}", self.job),
                &self.employer.token,
            )
            .await;
        assert_eq!(job.status(), 200);
        let job: Value = job.json().await.unwrap();
        assert_eq!(job["job"]["is_active"], true);
        assert_eq!(job["job"]["job_title"], "Victim job");
        let stages: Value = app
            .get_auth(
                &format!("/api/v1/employer/jobs/{}/stages", self.job),
                &self.employer.token,
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(stages["stages"][0]["name"], "Site visit", "{stages}");
        assert_eq!(stages["stages"].as_array().unwrap().len(), 1);
        let application = app
            .get_auth(
                &format!(
                    "/api/v1/employer/applications/{}/candidate",
                    self.application
                ),
                &self.employer.token,
            )
            .await;
        assert_eq!(application.status(), 200);
        let apps: Value = app
            .get_auth("/api/v1/employer/applications", &self.employer.token)
            .await
            .json()
            .await
            .unwrap();
        let mine = &apps["applications"][0];
        assert_eq!(mine["status"], "applied");
        assert!(mine["employer_comment"].is_null(), "{mine}");
        assert!(mine["private_note"].is_null(), "{mine}");
        let download = app
            .get_auth(
                &format!("/api/v1/documents/{}/download", self.document),
                &self.candidate.token,
            )
            .await;
        assert_eq!(download.status(), 200);
        assert_eq!(download.bytes().await.unwrap().as_ref(), PDF);
        let shared = app
            .get(&format!("/api/v1/share/{}", self.share_token))
            .await;
        assert_eq!(shared.status(), 200, "the share link still opens");
        let team: Value = app
            .get_auth("/api/v1/employer/team", &self.employer.token)
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(team["your_role"], "admin", "{team}");
        assert_eq!(
            team["invitations"][0]["id"],
            self.invitation.as_str(),
            "{team}"
        );
    }
}

#[tokio::test]
#[allow(clippy::too_many_lines)]
async fn every_operation_enforces_sign_in_role_and_ownership() {
    let app = spawn_app().await;
    let document: Value = app
        .get("/api/v1/openapi.json")
        .await
        .json()
        .await
        .expect("the OpenAPI document");
    let ops = operations(&document);
    assert!(ops.len() >= 50, "only {} operations", ops.len());
    for public in PUBLIC {
        assert!(
            ops.iter().any(|op| op.key == *public),
            "{public} is not in the document"
        );
    }

    let victims = victims(&app).await;
    let employer = crate::feed::employer(&app, "intruder@other.co").await;
    let candidate = crate::feed::candidate(&app, "intruder@example.com").await;
    let fresh = uuid::Uuid::new_v4().to_string();
    let fresh_ids: BTreeMap<&str, String> = ["id", "doc", "token", "name", "stage"]
        .into_iter()
        .map(|k| (k, fresh.clone()))
        .collect();

    let mut failures = Vec::new();
    for op in &ops {
        let public = PUBLIC.contains(&op.key.as_str());
        let employer_only =
            op.path.starts_with("/api/v1/employer/") || EMPLOYER_ONLY.contains(&op.key.as_str());
        let declares_security = op.operation["security"]
            .as_array()
            .is_some_and(|s| !s.is_empty());
        if public == declares_security {
            failures.push(format!(
                "{}: the document's security disagrees (public: {public})",
                op.key
            ));
        }
        let body = body_of(&document, op);
        let path_fresh = fill(&op.path, &fresh_ids).expect("every parameter named");

        // 1. No token.
        let (status, text) = call(&app, op, &path_fresh, &body, None).await;
        if public {
            if status == 401
                && op.key != "POST /api/v1/auth/signin"
                && op.key != "POST /api/v1/auth/employer/signin"
                && op.key != "POST /api/v1/auth/refresh"
            {
                failures.push(format!("{}: public but 401", op.key));
            }
            if status >= 500 {
                failures.push(format!("{}: {status} {text}", op.key));
            }
            continue;
        }
        if status != 401 {
            failures.push(format!("{} without a token: {status} {text}", op.key));
        }
        // Who calls is checked before what they sent: an empty or broken body, or JSON sent to
        // a form, changes nothing.
        let broken_bodies = if matches!(body, Body::Json(_) | Body::Multipart) {
            vec![Body::Json(json!({})), Body::NotJson]
        } else {
            Vec::new()
        };
        for broken in &broken_bodies {
            let (status, text) = call(&app, op, &path_fresh, broken, None).await;
            if status != 401 {
                failures.push(format!(
                    "{} without a token, body {broken:?}: {status} {text}",
                    op.key
                ));
            }
        }

        // 2. The other role.
        if employer_only {
            let (status, text) = call(&app, op, &path_fresh, &body, Some(&candidate.token)).await;
            if status != 403 {
                failures.push(format!("{} as a candidate: {status} {text}", op.key));
            }
            for broken in &broken_bodies {
                let (status, text) =
                    call(&app, op, &path_fresh, broken, Some(&candidate.token)).await;
                if status != 403 {
                    failures.push(format!(
                        "{} as a candidate, body {broken:?}: {status} {text}",
                        op.key
                    ));
                }
            }
        }
        let own = if employer_only { &employer } else { &candidate };

        // 3. A fresh id, and 4. the victim's id.
        if op.path.contains('{') {
            let (status, text) = call(&app, op, &path_fresh, &body, Some(&own.token)).await;
            if status != 404 {
                failures.push(format!("{} with a fresh id: {status} {text}", op.key));
            }
            if SHARED.contains(&op.path.as_str()) {
                continue;
            }
            let Some(path) = fill(&op.path, &victims.ids(&op.path)) else {
                failures.push(format!(
                    "{}: no victim id for its parameters; name one",
                    op.key
                ));
                continue;
            };
            let (status, text) = call(&app, op, &path, &body, Some(&own.token)).await;
            if status != 404 {
                failures.push(format!(
                    "{} with another user's id: {status} {text}",
                    op.key
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    victims.unharmed(&app).await;
}

#[tokio::test]
async fn sign_up_cannot_choose_a_role() {
    let app = spawn_app().await;
    let response = app
        .post_json(
            "/api/v1/auth/signup",
            &json!({
                "email": "climber@example.com", "password": "sadza-nyama-2024", "full_name": "Climber",
                "role": "employer", "roles": ["employer"], "is_admin": true,
                "company_name": "Mine Now", "id": "chosen-id",
            }),
        )
        .await;
    assert_eq!(response.status(), 201);
    let session: Value = response.json().await.unwrap();
    assert_eq!(session["user"]["roles"], json!(["candidate"]));
    assert_ne!(session["user"]["id"], "chosen-id");
    let token = session["access_token"].as_str().unwrap();
    assert_eq!(
        app.get_auth("/api/v1/employer/jobs", token).await.status(),
        403
    );
}

#[tokio::test]
async fn a_job_post_cannot_set_its_owner_state_or_history() {
    let app = spawn_app().await;
    let a = crate::feed::employer(&app, "owner-a@acme.co").await;
    let b = crate::feed::employer(&app, "owner-b@other.co").await;
    let mut body = job_body("Planted");
    for (field, value) in [
        ("employer_id", json!(a.id)),
        ("id", json!("chosen-id")),
        ("is_active", json!(false)),
        ("created_at", json!(0)),
        ("updated_at", json!(0)),
        ("views", json!(9999)),
        ("applications_count", json!(9999)),
        ("score_percentage", json!(100)),
    ] {
        body[field] = value;
    }
    let before = app.clock_now();
    let job = post_job(&app, &b.token, body).await;
    assert_eq!(job["employer_id"], b.id.as_str());
    assert_ne!(job["id"], "chosen-id");
    assert_eq!(job["is_active"], true);
    assert!(job["created_at"].as_i64().unwrap() >= before);
    let a_jobs: Value = app
        .get_auth("/api/v1/employer/jobs", &a.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(a_jobs["jobs"], json!([]), "nothing was planted on A");
    let b_jobs: Value = app
        .get_auth("/api/v1/employer/jobs", &b.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(b_jobs["jobs"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn onboarding_cannot_change_role_email_or_identity() {
    let app = spawn_app().await;
    let user = crate::feed::candidate(&app, "steady@example.com").await;
    let form = crate::profile::form()
        .text("role", "employer")
        .text("roles", "employer")
        .text("email", "other@example.com")
        .text("id", "chosen-id")
        .text("user_id", "chosen-id")
        .part("resume", file(PDF, "cv.pdf"));
    let response = app
        .client
        .post(app.url("/api/v1/profile/onboarding"))
        .bearer_auth(&user.token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = response.status();
    assert_eq!(status, 200, "{}", response.text().await.unwrap());
    let me: Value = app
        .get_auth("/api/v1/auth/session", &user.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(me["user"]["id"], user.id.as_str());
    assert_eq!(me["user"]["email"], "steady@example.com");
    assert_eq!(me["user"]["roles"], json!(["candidate"]));
    let profile: Value = app
        .get_auth("/api/v1/profile", &user.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        profile["profile"]["email"], "steady@example.com",
        "{profile}"
    );
    assert_eq!(
        send(
            &app,
            Method::GET,
            "/api/v1/employer/jobs",
            Some(&user.token),
            None
        )
        .await
        .status(),
        403
    );
}

use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};

pub const PDF: &[u8] =
    b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
pub const PNG: &[u8] =
    b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

/// Signs up a candidate and returns only its access token.
pub async fn candidate(app: &TestApp, email: &str) -> String {
    crate::feed::candidate(app, email).await.token
}

/// A complete onboarding form without files.
pub fn form() -> Form {
    Form::new()
        .text("full_name", "Tendai Moyo")
        .text("degree_class", "2.1 Class")
        .text("university", "NUST")
        .text("skills", "SQL, Python, Power BI")
        .text("experience_years", "2")
        .text("preferred_location", "Harare")
        .text("min_salary", "1000")
        .text("max_salary", "2500")
        .text("job_types", "Full-time")
        .text("job_types", "Remote")
}

pub fn file(bytes: &[u8], name: &str) -> Part {
    Part::bytes(bytes.to_vec()).file_name(name.to_string())
}

async fn onboard(app: &TestApp, token: &str, form: Form) -> reqwest::Response {
    app.client
        .post(app.url("/api/v1/profile/onboarding"))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap()
}

async fn message(response: reqwest::Response) -> String {
    let body: Value = response.json().await.unwrap();
    body["error"]["message"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[tokio::test]
async fn onboarding_saves_profile_preferences_and_files_together() {
    let app = spawn_app().await;
    let token = candidate(&app, "onb@example.com").await;
    let form = form()
        .part("avatar", file(PNG, "me.png"))
        .part("resume", file(PDF, "../../My CV.pdf"))
        .part("certificates", file(PDF, "aws.pdf"))
        .part("certificates", file(PNG, "award.png"));
    let response = onboard(&app, &token, form).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    let profile = &body["profile"];
    assert_eq!(profile["degree_class"], "2.1 Class");
    assert_eq!(profile["skills"], json!(["SQL", "Python", "Power BI"]));
    assert_eq!(profile["experience_years"], 2);
    assert_eq!(profile["has_avatar"], true);
    assert_eq!(profile["default_resume"]["file_name"], "My CV.pdf");
    assert_eq!(
        body["preferences"]["job_types"],
        json!(["Full-time", "Remote"])
    );
    assert_eq!(
        body["preferences"]["preferred_locations"],
        json!(["Harare"])
    );

    let files = app.stored_files().await;
    assert_eq!(files.len(), 4, "{files:?}");
    assert!(
        files.iter().all(|f| !f.contains("My CV")),
        "paths are the server's: {files:?}"
    );

    let avatar = app.get_auth("/api/v1/profile/avatar", &token).await;
    assert_eq!(avatar.status(), 200);
    assert_eq!(avatar.headers()["content-type"], "image/png");
    assert_eq!(&avatar.bytes().await.unwrap()[..], PNG);

    let me: Value = app
        .get_auth("/api/v1/auth/session", &token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(me["user"]["onboarded"], true);
}

#[tokio::test]
async fn each_step_rule_is_enforced_with_the_spec_message() {
    let app = spawn_app().await;
    let token = candidate(&app, "steps@example.com").await;
    let no_resume = onboard(&app, &token, form()).await;
    assert_eq!(no_resume.status(), 422);
    assert_eq!(message(no_resume).await, "Please upload your resume");

    let academic = Form::new()
        .text("full_name", "T")
        .text("university", "NUST")
        .text("skills", "SQL")
        .text("experience_years", "2")
        .part("resume", file(PDF, "cv.pdf"));
    let response = onboard(&app, &token, academic).await;
    assert_eq!(
        message(response).await,
        "Please fill in all academic information"
    );

    let preferences = Form::new()
        .text("full_name", "T")
        .text("degree_class", "2.1 Class")
        .text("university", "NUST")
        .text("skills", "SQL")
        .text("experience_years", "2")
        .text("preferred_location", "Harare")
        .part("resume", file(PDF, "cv.pdf"));
    let response = onboard(&app, &token, preferences).await;
    assert_eq!(message(response).await, "Please fill in all preferences");
    assert!(
        app.stored_files().await.is_empty(),
        "a refused form stores nothing"
    );
}

#[tokio::test]
async fn a_resume_of_exactly_10_mb_is_accepted_and_one_byte_more_refused() {
    let app = spawn_app().await;
    let token = candidate(&app, "size@example.com").await;
    let mut big = PDF.to_vec();
    big.resize(10 * 1024 * 1024 + 1, b' ');
    let over = onboard(&app, &token, form().part("resume", file(&big, "big.pdf"))).await;
    assert_eq!(over.status(), 413);
    assert_eq!(message(over).await, "Resume must be at most 10 MB");
    assert!(app.stored_files().await.is_empty(), "nothing left behind");

    big.truncate(10 * 1024 * 1024);
    let exact = onboard(&app, &token, form().part("resume", file(&big, "big.pdf"))).await;
    assert_eq!(exact.status(), 200);
    assert_eq!(app.stored_files().await.len(), 1);
}

#[tokio::test]
async fn files_are_judged_by_content_not_by_name() {
    let app = spawn_app().await;
    let token = candidate(&app, "exe@example.com").await;
    let elf = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x02\0>\0".to_vec();
    let response = onboard(
        &app,
        &token,
        form().part("resume", file(&elf, "resume.pdf")),
    )
    .await;
    assert_eq!(response.status(), 415);
    assert_eq!(
        message(response).await,
        "Resume must be a PDF, DOC or DOCX file"
    );

    let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>"#;
    let response = onboard(
        &app,
        &token,
        form()
            .part("resume", file(PDF, "cv.pdf"))
            .part("avatar", file(svg, "me.png")),
    )
    .await;
    assert_eq!(response.status(), 415);
    assert!(message(response).await.contains("SVG"));
    assert!(app.stored_files().await.is_empty());
}

#[tokio::test]
async fn a_failed_insert_leaves_no_file_behind() {
    let app = spawn_app().await;
    let token = candidate(&app, "fail@example.com").await;
    // Make the documents insert fail inside the transaction.
    let ddl: &[&str] = if app.db_kind == "sqlite" {
        &[
            "CREATE TRIGGER fail_docs BEFORE INSERT ON user_documents BEGIN SELECT RAISE(ABORT, 'injected failure'); END",
        ]
    } else {
        &[
            "CREATE FUNCTION fail_docs() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$ LANGUAGE plpgsql",
            "CREATE TRIGGER fail_docs BEFORE INSERT ON user_documents FOR EACH ROW EXECUTE FUNCTION fail_docs()",
        ]
    };
    for statement in ddl {
        jobtap_api::on_db!(&app.db, pool => { sqlx::query(*statement).execute(pool).await.map(|_| ()) }).unwrap();
    }
    let response = onboard(
        &app,
        &token,
        form()
            .part("resume", file(PDF, "cv.pdf"))
            .part("avatar", file(PNG, "a.png")),
    )
    .await;
    assert_eq!(response.status(), 500);
    let body: Value = response.json().await.unwrap();
    assert!(body["error"]["requestId"].is_string(), "{body}");
    assert!(
        !body.to_string().contains("injected failure"),
        "no SQL details leak: {body}"
    );
    let left = app.stored_files().await;
    assert!(left.is_empty(), "{left:?}");
    let profile: Value = app
        .get_auth("/api/v1/profile", &token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        profile["profile"]["has_avatar"], false,
        "the profile was not half-saved"
    );
    assert!(profile["profile"]["degree_class"].is_null());
}

#[tokio::test]
async fn a_second_onboarding_keeps_the_resume_and_replaces_the_avatar() {
    let app = spawn_app().await;
    let token = candidate(&app, "again@example.com").await;
    let first = onboard(
        &app,
        &token,
        form()
            .part("resume", file(PDF, "cv.pdf"))
            .part("avatar", file(PNG, "a.png")),
    )
    .await;
    assert_eq!(first.status(), 200);
    let second = onboard(&app, &token, form().part("avatar", file(PNG, "b.png"))).await;
    assert_eq!(
        second.status(),
        200,
        "no resume needed once a default exists"
    );
    let files = app.stored_files().await;
    assert_eq!(
        files.iter().filter(|f| f.starts_with("avatars/")).count(),
        1,
        "old avatar removed: {files:?}"
    );
}

#[tokio::test]
async fn onboarding_is_for_signed_in_candidates_only() {
    let app = spawn_app().await;
    let anonymous = app
        .client
        .post(app.url("/api/v1/profile/onboarding"))
        .multipart(form())
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), 401);
    let body = json!({ "email": "boss@acme.co", "password": "sadza-nyama-2024", "full_name": "Boss", "company_name": "Acme" });
    let session: Value = app
        .post_json("/api/v1/auth/employer/signup", &body)
        .await
        .json()
        .await
        .unwrap();
    let employer = session["access_token"].as_str().unwrap();
    let response = onboard(&app, employer, form().part("resume", file(PDF, "cv.pdf"))).await;
    assert_eq!(response.status(), 403);
    assert!(app.stored_files().await.is_empty());
}

#[tokio::test]
async fn orphan_files_are_removed_by_the_clean_up_once_past_the_grace() {
    let app = spawn_app().await;
    let token = candidate(&app, "orphan@example.com").await;
    assert_eq!(
        onboard(&app, &token, form().part("resume", file(PDF, "cv.pdf")))
            .await
            .status(),
        200
    );
    // A file written without its row, as a crash between the two leaves it.
    let orphan = "documents/crashed/resume_1.pdf";
    app.state
        .storage
        .put(orphan, bytes::Bytes::from_static(PDF))
        .await
        .unwrap();
    let storage = &*app.state.storage;
    let grace_ms = 900_000;
    let kept = jobtap_api::storage::remove_orphans(storage, &app.db, grace_ms)
        .await
        .unwrap();
    assert_eq!(
        kept, 0,
        "a fresh file may be another instance's upload in flight"
    );
    assert!(app.stored_files().await.contains(&orphan.to_string()));
    let removed = jobtap_api::storage::remove_orphans(storage, &app.db, 0)
        .await
        .unwrap();
    assert_eq!(removed, 1);
    let left = app.stored_files().await;
    assert!(!left.contains(&orphan.to_string()), "{left:?}");
    assert_eq!(left.len(), 1, "the file with a row stays");
}

#[tokio::test]
async fn onboarding_keeps_to_the_storage_quota_and_saves_nothing_when_over_it() {
    let app = crate::helpers::spawn_app_with_quota_mb(1).await;
    let token = candidate(&app, "quota-onb@example.com").await;
    let big = crate::documents::pdf_of(600 * 1024);
    let both = form()
        .part("resume", file(&big, "cv.pdf"))
        .part("certificates", file(&big, "degree.pdf"));
    let response = onboard(&app, &token, both).await;
    assert_eq!(response.status(), 413);
    assert!(
        message(response)
            .await
            .starts_with("Your files would take more than your 1 MB of storage"),
    );
    assert_eq!(app.stored_files().await, Vec::<String>::new());
    let profile: Value = app
        .get_auth("/api/v1/profile", &token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        profile["profile"]["default_resume"],
        Value::Null,
        "{profile}"
    );
    // Within the quota the same onboarding goes through.
    let response = onboard(&app, &token, form().part("resume", file(&big, "cv.pdf"))).await;
    assert_eq!(response.status(), 200);
}

/// [`form`] with `field` set to `value` instead.
fn form_with(field: &str, value: &str) -> Form {
    let fields = [
        ("full_name", "Tendai Moyo"),
        ("degree_class", "2.1 Class"),
        ("degree_field", "Pharmacy"),
        ("university", "NUST"),
        ("skills", "SQL, Python, Power BI"),
        ("experience_years", "2"),
        ("preferred_location", "Harare"),
        ("min_salary", "1000"),
        ("max_salary", "2500"),
    ];
    let mut form = Form::new();
    for (name, default) in fields {
        form = form.text(
            name,
            if name == field { value } else { default }.to_string(),
        );
    }
    form.text("job_types", "Full-time")
}

#[tokio::test]
async fn a_persons_text_is_kept_whole_and_never_hides_characters() {
    use jobtap_core::job_limits::MSG_HIDDEN_CHARACTERS;
    use jobtap_core::onboarding::{MSG_LOCATION_TOO_LONG, MSG_SKILL_TOO_LONG};
    let app = spawn_app().await;
    let token = candidate(&app, "hidden@example.com").await;
    let long_skill = "Preparing sterile total parenteral nutrition bags in an isolator";
    for (field, value, expected) in [
        (
            "skills",
            "Dispensing, \u{202e}gnp.pdf".to_string(),
            MSG_HIDDEN_CHARACTERS,
        ),
        (
            "skills",
            format!("Dispensing, {long_skill}"),
            MSG_SKILL_TOO_LONG,
        ),
        (
            "university",
            "UZ\u{2066}".to_string(),
            MSG_HIDDEN_CHARACTERS,
        ),
        (
            "degree_field",
            "Pharmacy\u{0}".to_string(),
            MSG_HIDDEN_CHARACTERS,
        ),
        (
            "preferred_location",
            "Harare\u{1b}[2J".to_string(),
            MSG_HIDDEN_CHARACTERS,
        ),
        (
            "preferred_location",
            "Bulawayo ".repeat(20),
            MSG_LOCATION_TOO_LONG,
        ),
    ] {
        let form = form_with(field, &value).part("resume", file(PDF, "cv.pdf"));
        let response = onboard(&app, &token, form).await;
        assert_eq!(response.status(), 422, "{field}: {value:?}");
        assert_eq!(message(response).await, expected, "{field}: {value:?}");
    }
    assert!(
        app.stored_files().await.is_empty(),
        "a refused form stores nothing"
    );

    // A university typed by the person is kept as typed; a file's name loses what reorders it.
    let own = "Chinhoyi University of Technology, School of Agricultural Sciences and Technology";
    let form = form_with("university", own).part("resume", file(PDF, "\u{202e}fdp.exe.pdf"));
    let response = onboard(&app, &token, form).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["profile"]["university"], own);
    assert_eq!(
        body["profile"]["default_resume"]["file_name"],
        "fdp.exe.pdf"
    );
}

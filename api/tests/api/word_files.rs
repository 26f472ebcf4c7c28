//! Word files from several writers, through every route that takes one: the
//! onboarding resume (its roles read for the fit score), My Documents as a resume and as a
//! certificate, and the resume analysis.

use base64::Engine as _;
use serde_json::{Value, json};

use crate::documents::upload;
use crate::helpers::spawn_app;
use crate::profile::{candidate, file, form};

const DOCX_MIME: &str = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/// (file under fixtures/resumes, a line of its text, a role its resume holds)
const WRITERS: [(&str, &str, &str); 4] = [
    (
        "writers/nurse.python-docx.docx",
        "RUDO MHLANGA",
        "Staff Nurse",
    ),
    (
        "writers/developer.pandoc.docx",
        "Tinashe Chirwa",
        "Software Developer",
    ),
    (
        "writers/accountant.libreoffice-order.docx",
        "NYASHA DUBE",
        "Accountant",
    ),
    (
        "strong-developer.docx",
        "TINASHE CHIRWA",
        "Full Stack Developer",
    ),
];

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/../fixtures/resumes/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn base_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

#[tokio::test]
async fn word_files_of_every_writer_are_taken_everywhere_and_read() {
    let app = spawn_app().await;
    for (n, (path, line, role)) in WRITERS.into_iter().enumerate() {
        let bytes = fixture(path);
        let name = base_name(path);
        let token = candidate(&app, &format!("writer{n}@example.com")).await;

        let onboarded = app
            .client
            .post(app.url("/api/v1/profile/onboarding"))
            .bearer_auth(&token)
            .multipart(form().part("resume", file(&bytes, name)))
            .send()
            .await
            .unwrap();
        assert_eq!(onboarded.status(), 200, "{path}");
        let session: Value = app
            .get_auth("/api/v1/auth/session", &token)
            .await
            .json()
            .await
            .unwrap();
        let user_id = session["user"]["id"].as_str().unwrap().to_string();
        let facts: Option<String> = jobtap_api::on_db!(&app.db, pool => {
            sqlx::query_scalar("SELECT CAST(resume_facts AS TEXT) FROM profiles WHERE id = $1")
                .bind(&user_id)
                .fetch_one(pool)
                .await
        })
        .unwrap();
        let facts = facts.unwrap_or_default();
        assert!(facts.contains(role), "{path}: the roles read are {facts}");

        for kind in ["resume", "certificate"] {
            let response = upload(&app, &token, kind, &bytes, name).await;
            assert_eq!(response.status(), 201, "{path} as a {kind}");
        }

        let analysed = app
            .post_json_auth(
                "/api/v1/functions/analyze-resume",
                &token,
                &json!({ "resumeFile": format!("data:{DOCX_MIME};base64,{}", base64::engine::general_purpose::STANDARD.encode(&bytes)) }),
            )
            .await;
        assert_eq!(analysed.status(), 200, "{path}");
        let body: Value = analysed.json().await.unwrap();
        assert!(
            body["resumeText"].as_str().unwrap().contains(line),
            "{path}: {body}"
        );
    }
}

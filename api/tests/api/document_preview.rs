//! Reading a candidate's Word file in the page: the employer gets its text as HTML that holds
//! nothing but the text, only for documents sent with an application to their jobs.

use jobtap_api::jobs::row::JobFields;
use serde_json::{Value, json};

use crate::documents::upload;
use crate::feed::{applicant, employer, error, insert, job};
use crate::helpers::spawn_app;
use crate::profile::PDF;

const WORD: &[u8] = include_bytes!("../../../fixtures/resumes/writers/nurse.python-docx.docx");

#[tokio::test]
async fn a_word_file_sent_with_an_application_reads_in_the_page_and_nothing_else_does() {
    let app = spawn_app().await;
    let clinic = employer(&app, "hr@clinic.example").await;
    let other = employer(&app, "hr@other.example").await;
    insert(
        &app,
        &[JobFields {
            employer_id: Some(clinic.id.clone()),
            ..job(&app, "nurse", 5)
        }],
    )
    .await;
    let rudo = applicant(&app, "rudo@example.com").await;
    let mut ids = Vec::new();
    for (kind, bytes, name) in [
        ("resume", WORD, "Rudo CV.docx"),
        ("certificate", PDF, "licence.pdf"),
        ("certificate", PDF, "not-sent.pdf"),
    ] {
        let uploaded = upload(&app, &rudo.token, kind, bytes, name).await;
        assert_eq!(uploaded.status(), 201);
        let body: Value = uploaded.json().await.unwrap();
        ids.push(body["document"]["id"].as_str().unwrap().to_string());
    }
    let applied = app
        .post_json_auth(
            "/api/v1/applications",
            &rudo.token,
            &json!({ "job_id": "nurse", "document_ids": [ids[0], ids[1]] }),
        )
        .await;
    assert_eq!(applied.status(), 201);
    let application: Value = applied.json().await.unwrap();
    let application = application["id"].as_str().unwrap();
    let preview =
        |doc: &str| format!("/api/v1/employer/applications/{application}/documents/{doc}/preview");

    let read = app.get_auth(&preview(&ids[0]), &clinic.token).await;
    assert_eq!(read.status(), 200);
    let html = read.json::<Value>().await.unwrap()["html"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(html.contains("RUDO MHLANGA"), "{html}");
    assert!(html.contains("Cut medication errors by 40% with a double-check round at handover"));
    assert!(!html.contains("<script") && !html.contains(" src=") && !html.contains(" href="));
    let viewed: i64 = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT COUNT(*) FROM audit_log WHERE event = 'document_viewed' AND subject = $1")
            .bind(&ids[0])
            .fetch_one(pool)
            .await
    })
    .unwrap();
    assert_eq!(viewed, 1);

    // A PDF is read in the browser's viewer from the download; a file not sent, another
    // employer and a candidate get nothing.
    let pdf = error(app.get_auth(&preview(&ids[1]), &clinic.token).await, 422).await;
    assert_eq!(
        pdf["message"],
        "This file has no preview: download it to read it."
    );
    error(app.get_auth(&preview(&ids[2]), &clinic.token).await, 404).await;
    error(app.get_auth(&preview(&ids[0]), &other.token).await, 404).await;
    error(app.get_auth(&preview(&ids[0]), &rudo.token).await, 403).await;
}

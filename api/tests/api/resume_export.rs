//! The upgraded resume as a Word file (`POST /api/v1/resume/docx`), read back by python-docx,
//! and lines the upgrade left out put back (`keep` on `upgrade-resume`).

use serde_json::{Value, json};

use crate::feed::{candidate, employer, error};
use crate::helpers::{TestApp, spawn_app};

const DOCX: &str = "/api/v1/resume/docx";
const UPGRADE: &str = "/api/v1/functions/upgrade-resume";
const DOCX_MIME: &str = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const WEAK: &str = include_str!("../../../fixtures/resumes/weak-analyst.txt");

/// The paragraphs python-docx reads from `bytes`: (text, all bold, list item).
fn python_docx(bytes: &[u8]) -> Vec<(String, bool, bool)> {
    let read = crate::support::python_reads("docx_paragraphs.py", bytes, "resume.docx", &[]);
    let paragraphs: Vec<Value> = serde_json::from_value(read).unwrap();
    paragraphs
        .iter()
        .map(|p| {
            (
                p["text"].as_str().unwrap().to_owned(),
                p["bold"].as_bool().unwrap(),
                p["listItem"].as_bool().unwrap(),
            )
        })
        .collect()
}

async fn upgrade(app: &TestApp, token: &str, keep: &[String]) -> Value {
    let response = app
        .post_json_auth(
            UPGRADE,
            token,
            &json!({ "resumeText": WEAK, "targetRole": "Data Analyst", "keep": keep }),
        )
        .await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

fn strings(value: &Value) -> Vec<String> {
    serde_json::from_value(value.clone()).unwrap()
}

#[tokio::test]
async fn a_left_out_line_can_be_put_back() {
    let app = spawn_app().await;
    let user = candidate(&app, "keep@example.com").await;
    let first = upgrade(&app, &user.token, &[]).await;
    let left_out = strings(&first["leftOut"]);
    let hobbies = "I like reading and netball and I go to church.".to_owned();
    assert!(left_out.contains(&hobbies), "{left_out:?}");
    assert!(
        !first["upgradedResume"]
            .as_str()
            .unwrap()
            .contains("netball")
    );

    let again = upgrade(&app, &user.token, std::slice::from_ref(&hobbies)).await;
    assert!(
        again["upgradedResume"]
            .as_str()
            .unwrap()
            .contains("netball")
    );
    let still_out = strings(&again["leftOut"]);
    assert_eq!(still_out.len(), left_out.len() - 1, "{still_out:?}");
    assert!(!still_out.contains(&hobbies));
    // The personal line costs its points again, and the scores say so.
    assert!(again["score"].as_u64() < first["score"].as_u64());
    assert_eq!(again["previousScore"], first["previousScore"]);

    let too_many = vec![hobbies; 101];
    let response = app
        .post_json_auth(
            UPGRADE,
            &user.token,
            &json!({ "resumeText": WEAK, "keep": too_many }),
        )
        .await;
    assert_eq!(
        error(response, 422).await["fields"]["keep"][0],
        "At most 100 left-out lines can be kept"
    );
}

#[tokio::test]
async fn the_word_file_has_the_resumes_paragraphs_headings_and_bullets() {
    let app = spawn_app().await;
    let user = candidate(&app, "word@example.com").await;
    let text = "Zoë Müller-Øberg\nzoe@example.com | +49 30 1234567\n\nSUMMARY\nKrankenpflegerin with ten years on a cardiology ward in Łódź and 東京.\n\nEXPERIENCE\nSenior Nurse | Charité | 2019 - Present\n- Led a team of 12 nurses on a 30-bed ward, cutting medication errors by 40%\n  with a double-check routine\n• Trained 25 students <b>& \"mentors\"</b>\n1. Audited 300 charts\n\nSKILLS\nTriage, ECG\n";
    let response = app
        .post_json_auth(DOCX, &user.token, &json!({ "text": text }))
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], DOCX_MIME);
    assert!(
        response.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment")
    );
    let bytes = response.bytes().await.unwrap();
    let paragraphs = python_docx(&bytes);
    let p = |text: &str, bold, list| (text.to_owned(), bold, list);
    assert_eq!(
        paragraphs,
        [
            p("Zoë Müller-Øberg", true, false),
            p("zoe@example.com | +49 30 1234567", false, false),
            p("SUMMARY", true, false),
            p(
                "Krankenpflegerin with ten years on a cardiology ward in Łódź and 東京.",
                false,
                false
            ),
            p("EXPERIENCE", true, false),
            p("Senior Nurse | Charité | 2019 - Present", false, false),
            // A bullet is a list item (Word draws the mark); its second line joins it.
            p(
                "Led a team of 12 nurses on a 30-bed ward, cutting medication errors by 40% with a double-check routine",
                false,
                true
            ),
            p("Trained 25 students <b>& \"mentors\"</b>", false, true),
            p("1.\tAudited 300 charts", false, false),
            p("SKILLS", true, false),
            p("Triage, ECG", false, false),
        ]
    );

    // The upgrade's own text, through the same route: every non-blank line is a paragraph.
    let upgraded = upgrade(&app, &user.token, &[]).await;
    let upgraded = upgraded["upgradedResume"].as_str().unwrap();
    let response = app
        .post_json_auth(DOCX, &user.token, &json!({ "text": upgraded }))
        .await;
    let paragraphs = python_docx(&response.bytes().await.unwrap());
    let expected: Vec<String> = upgraded
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| l.strip_prefix("- ").unwrap_or(l).to_owned())
        .collect();
    let texts: Vec<String> = paragraphs.iter().map(|(t, _, _)| t.clone()).collect();
    assert_eq!(texts, expected);
    for heading in ["SUMMARY", "EXPERIENCE", "EDUCATION", "SKILLS"] {
        assert!(
            paragraphs.iter().any(|(t, bold, _)| t == heading && *bold),
            "{heading} in bold: {paragraphs:?}"
        );
    }
}

#[tokio::test]
async fn the_word_export_is_for_candidates_with_a_text() {
    let app = spawn_app().await;
    let user = candidate(&app, "word-limits@example.com").await;
    let boss = employer(&app, "word-boss@example.com").await;
    let response = app.post_json(DOCX, &json!({ "text": "Jane" })).await;
    assert_eq!(response.status(), 401);
    let response = app
        .post_json_auth(DOCX, &boss.token, &json!({ "text": "Jane" }))
        .await;
    assert_eq!(response.status(), 403);
    for (text, message) in [
        (" \n ".to_owned(), "Please provide the resume text"),
        (
            "a".repeat(100_001),
            "The resume text must be at most 100,000 characters",
        ),
    ] {
        let response = app
            .post_json_auth(DOCX, &user.token, &json!({ "text": text }))
            .await;
        assert_eq!(error(response, 422).await["fields"]["text"][0], message);
    }
}

//! The employer's decision e-mail templates: JobTap's wording until they set their own; a
//! saved template is what the candidate's e-mail says, placeholders filled, escaped in HTML
//! and plain in text; the preview is that e-mail to the byte; a template that breaks a rule
//! is refused with core's message and nothing is saved; one employer's wording is theirs only.

use reqwest::Method;
use serde_json::{Value, json};

use jobtap_core::decision_template::{self, MSG_BODY_TOO_LONG, MSG_SUBJECT_TOO_LONG};

use crate::employer::send;
use crate::feed::{User, applicant, employer, error};
use crate::helpers::{TestApp, spawn_app};
use crate::pipeline::{applied_id, open_job};
use crate::support::smtp::Received;

const SETTING: &str = "/api/v1/employer/settings/email-templates";
const PREVIEW: &str = "/api/v1/employer/settings/email-templates/preview";

const REJECTION_BODY: &str = "Dear {name},\n\nThank you for the time you gave us for the {job} \
    role.\n\n{feedback}\n\nWarm regards,\nThe {company} hiring team";

/// The one decision e-mail queued for `email`, as it will be sent.
async fn decision_mail(app: &TestApp, email: &str) -> Received {
    let rows: Vec<Vec<u8>> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar(
            "SELECT message FROM mail_outbox WHERE recipient = $1 AND kind LIKE 'application_%'",
        )
        .bind(email)
        .fetch_all(pool)
        .await
        .unwrap()
    });
    assert_eq!(rows.len(), 1, "one decision e-mail to {email}");
    Received {
        envelope_to: email.to_string(),
        raw: String::from_utf8(rows[0].clone()).unwrap(),
    }
}

async fn rename(app: &TestApp, who: &User, full_name: &str) {
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query("UPDATE profiles SET full_name = $2 WHERE id = $1")
            .bind(&who.id)
            .bind(full_name)
            .execute(pool)
            .await
            .unwrap();
    });
}

async fn put(app: &TestApp, boss: &User, body: Value) -> reqwest::Response {
    send(app, Method::PUT, SETTING, &boss.token, Some(body)).await
}

async fn preview(app: &TestApp, boss: &User, body: Value) -> reqwest::Response {
    send(app, Method::POST, PREVIEW, &boss.token, Some(body)).await
}

async fn templates(app: &TestApp, boss: &User) -> Value {
    let response = app.get_auth(SETTING, &boss.token).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

async fn reject(app: &TestApp, boss: &User, id: &str, feedback: &str) {
    let noted = send(
        app,
        Method::PUT,
        &format!("/api/v1/employer/applications/{id}/comment"),
        &boss.token,
        Some(json!({ "employer_comment": feedback })),
    )
    .await;
    assert_eq!(noted.status(), 200);
    let rejected = send(
        app,
        Method::POST,
        &format!("/api/v1/employer/applications/{id}/reject"),
        &boss.token,
        Some(json!({ "reason": "stronger_candidate" })),
    )
    .await;
    assert_eq!(rejected.status(), 200);
}

#[tokio::test]
async fn with_no_template_the_e_mail_is_jobtap_s_and_the_preview_is_what_is_sent() {
    let app = spawn_app().await;
    let boss = employer(&app, "rudo.chikwanha@acme.co.zw").await;
    let job = open_job(&app, &boss, "Data Analyst").await;
    let tendai = applicant(&app, "tendai.moyo@gmail.com").await;
    let id = applied_id(&app, &tendai, &json!({ "job_id": job })).await;

    let saved = templates(&app, &boss).await;
    for kind in decision_template::Kind::ALL {
        let template = &saved[kind.as_str()];
        assert_eq!(template["subject"], "", "{saved}");
        assert_eq!(template["body"], "", "{saved}");
        assert_eq!(template["default_subject"], kind.default_subject());
        assert_eq!(template["default_body"], kind.default_body());
    }

    let feedback = "Strong SQL, but we need someone who has run month-end reporting alone.";
    let noted = send(
        &app,
        Method::PUT,
        &format!("/api/v1/employer/applications/{id}/comment"),
        &boss.token,
        Some(json!({ "employer_comment": feedback })),
    )
    .await;
    assert_eq!(noted.status(), 200);
    let shown: Value = preview(
        &app,
        &boss,
        json!({ "kind": "rejection", "application_id": id }),
    )
    .await
    .json()
    .await
    .unwrap();
    reject(&app, &boss, &id, feedback).await;
    let mail = decision_mail(&app, "tendai.moyo@gmail.com").await;
    assert!(
        mail.text().starts_with(
            "Hi Tendai Moyo,\n\nAcme has decided not to go ahead with your application for Data \
             Analyst. Thank you for applying. There are more jobs waiting for you in your feed.\n\n\
             Feedback from Acme:\nStrong SQL, but we need someone who has run month-end reporting alone.\n\n"
        ),
        "{}",
        mail.text()
    );
    assert_eq!(
        mail.header("Subject").unwrap(),
        "Your application for Data Analyst"
    );
    assert_eq!(shown["subject"], "Your application for Data Analyst");
    assert_eq!(shown["text"], mail.text());
    assert_eq!(shown["html"], mail.part("text/html"));
}

/// Reaching Offer is an acceptance: `boss`'s message under JobTap's subject; `rival`'s candidate
/// hears JobTap's wording.
async fn acceptance_and_other_employers(
    app: &TestApp,
    boss: &User,
    rival: &User,
    nyasha_id: &str,
    tariro_id: &str,
) {
    let moved = send(
        app,
        Method::POST,
        &format!("/api/v1/employer/applications/{nyasha_id}/stage"),
        &boss.token,
        Some(json!({ "stage": "offer" })),
    )
    .await;
    assert_eq!(moved.status(), 200);
    let accepted = decision_mail(app, "nyasha.banda@gmail.com").await;
    assert_eq!(
        accepted.header("Subject").unwrap(),
        "Your application for Data Analyst was accepted"
    );
    assert!(
        accepted
            .text()
            .starts_with("Dear Tendai Moyo,\n\nWelcome aboard the Data Analyst team at Acme!\n\n"),
        "{}",
        accepted.text()
    );

    // The other employer's candidate hears JobTap's wording.
    reject(app, rival, tariro_id, "We filled the role internally.").await;
    let theirs = decision_mail(app, "tariro.sibanda@gmail.com").await.text();
    assert!(
        theirs.starts_with("Hi Tendai Moyo,\n\nAcme has decided not to go ahead"),
        "{theirs}"
    );
    assert!(theirs.contains("Feedback from Acme:\nWe filled the role internally."));
}

#[tokio::test]
async fn a_saved_template_is_the_e_mail_sent_escaped_in_html_and_only_for_its_employer() {
    let app = spawn_app().await;
    let boss = employer(&app, "rudo.chikwanha@acme.co.zw").await;
    let rival = employer(&app, "farai.ncube@zimtalent.co.zw").await;
    let job = open_job(&app, &boss, "Data Analyst").await;
    let rival_job = open_job(&app, &rival, "Data Analyst").await;
    let chipo = applicant(&app, "chipo.obrien@gmail.com").await;
    rename(&app, &chipo, "Chipo <O'Brien> & Sons").await;
    let chipo_id = applied_id(&app, &chipo, &json!({ "job_id": job })).await;
    let nyasha = applicant(&app, "nyasha.banda@gmail.com").await;
    let nyasha_id = applied_id(&app, &nyasha, &json!({ "job_id": job })).await;
    let tariro = applicant(&app, "tariro.sibanda@gmail.com").await;
    let tariro_id = applied_id(&app, &tariro, &json!({ "job_id": rival_job })).await;

    let saved = put(
        &app,
        &boss,
        json!({
            // JobTap's own subject, as the form shows it: kept as blank, so it follows JobTap's.
            "acceptance": { "subject": " Your application for {job} was accepted ", "body": "Dear {name},\r\n\r\nWelcome aboard the {job} team at {company}!" },
            "rejection": { "subject": "{job} at {company}: our decision", "body": REJECTION_BODY },
        }),
    )
    .await;
    assert_eq!(saved.status(), 200);
    let saved: Value = saved.json().await.unwrap();
    assert_eq!(saved["acceptance"]["subject"], "", "JobTap's wording");
    assert_eq!(
        saved["acceptance"]["body"],
        "Dear {name},\n\nWelcome aboard the {job} team at {company}!"
    );
    assert_eq!(templates(&app, &boss).await, saved);
    assert_eq!(templates(&app, &rival).await["rejection"]["body"], "");

    let feedback = "Your case study on <b>churn</b> was thorough & clear.";
    let noted = send(
        &app,
        Method::PUT,
        &format!("/api/v1/employer/applications/{chipo_id}/comment"),
        &boss.token,
        Some(json!({ "employer_comment": feedback })),
    )
    .await;
    assert_eq!(noted.status(), 200);
    let shown = preview(
        &app,
        &boss,
        json!({ "kind": "rejection", "application_id": chipo_id }),
    )
    .await;
    assert_eq!(shown.status(), 200);
    let shown: Value = shown.json().await.unwrap();
    reject(&app, &boss, &chipo_id, feedback).await;

    let mail = decision_mail(&app, "chipo.obrien@gmail.com").await;
    let text = mail.text();
    let html = mail.part("text/html");
    assert!(
        text.starts_with(
            "Dear Chipo <O'Brien> & Sons,\n\nThank you for the time you gave us for the Data Analyst \
             role.\n\nYour case study on <b>churn</b> was thorough & clear.\n\nWarm regards,\nThe Acme hiring team\n\n\
             See your applications: "
        ),
        "{text}"
    );
    assert!(!text.contains("Feedback from"), "placed once: {text}");
    assert!(
        html.contains("<p>Dear Chipo &lt;O&#39;Brien&gt; &amp; Sons,</p>"),
        "{html}"
    );
    assert!(
        html.contains(
            "<p>Your case study on &lt;b&gt;churn&lt;/b&gt; was thorough &amp; clear.</p>"
        )
    );
    assert!(
        html.contains("<p>Warm regards,<br>The Acme hiring team</p>"),
        "{html}"
    );
    assert!(!html.contains("<b>churn") && !html.contains("<O'Brien>"));
    assert_eq!(
        mail.header("Subject").unwrap(),
        "Data Analyst at Acme: our decision"
    );
    assert_eq!(shown["subject"], "Data Analyst at Acme: our decision");
    assert_eq!(shown["text"], text);
    assert_eq!(shown["html"], html);

    acceptance_and_other_employers(&app, &boss, &rival, &nyasha_id, &tariro_id).await;
}

#[tokio::test]
async fn a_template_breaking_a_rule_is_refused_with_core_s_message_and_nothing_is_saved() {
    let app = spawn_app().await;
    let boss = employer(&app, "rudo.chikwanha@acme.co.zw").await;
    let rival = employer(&app, "farai.ncube@zimtalent.co.zw").await;
    let rival_job = open_job(&app, &rival, "Data Analyst").await;
    let tariro = applicant(&app, "tariro.sibanda@gmail.com").await;
    let theirs = applied_id(&app, &tariro, &json!({ "job_id": rival_job })).await;

    let unknown = put(
        &app,
        &boss,
        json!({
            "acceptance": { "subject": "Welcome to {company}", "body": "" },
            "rejection": { "subject": "", "body": "Dear {name}, the {salary} band was filled." },
        }),
    )
    .await;
    let err = error(unknown, 422).await;
    let message = decision_template::unknown_placeholder("salary");
    assert!(
        message.starts_with("{salary} is not a placeholder"),
        "{message}"
    );
    assert_eq!(
        err["fields"]["rejection.body"][0],
        message.as_str(),
        "{err}"
    );
    assert_eq!(err["message"], message.as_str());

    let too_long = put(
        &app,
        &boss,
        json!({
            "acceptance": { "subject": "a".repeat(decision_template::SUBJECT_MAX_CHARS + 1), "body": "" },
            "rejection": { "subject": "", "body": "b".repeat(decision_template::BODY_MAX_CHARS + 1) },
        }),
    )
    .await;
    let err = error(too_long, 422).await;
    assert_eq!(err["fields"]["acceptance.subject"][0], MSG_SUBJECT_TOO_LONG);
    assert_eq!(err["fields"]["rejection.body"][0], MSG_BODY_TOO_LONG);
    let saved = templates(&app, &boss).await;
    assert_eq!(saved["acceptance"]["subject"], "", "nothing saved: {saved}");

    let draft = preview(
        &app,
        &boss,
        json!({ "kind": "rejection", "body": "About {Job}" }),
    )
    .await;
    assert_eq!(
        error(draft, 422).await["fields"]["rejection.body"][0],
        decision_template::unknown_placeholder("Job").as_str()
    );
    let kind = preview(&app, &boss, json!({ "kind": "offer" })).await;
    assert_eq!(
        error(kind, 422).await["fields"]["kind"][0],
        decision_template::MSG_KIND
    );
    let stranger = preview(
        &app,
        &boss,
        json!({ "kind": "rejection", "application_id": theirs }),
    )
    .await;
    assert_eq!(stranger.status(), 404, "another employer's application");

    // A draft with sample values: the employer's company, and sample feedback after it.
    let sample = preview(
        &app,
        &boss,
        json!({ "kind": "acceptance", "subject": "Good news from {company}", "body": "" }),
    )
    .await;
    assert_eq!(sample.status(), 200);
    let sample: Value = sample.json().await.unwrap();
    assert_eq!(sample["subject"], "Good news from Acme");
    let text = sample["text"].as_str().unwrap();
    assert!(
        text.starts_with("Hi Tendai Moyo,\n\nGood news: Acme accepted"),
        "{text}"
    );
    assert!(text.contains("\n\nFeedback from Acme:\n"), "{text}");

    let candidate = applicant(&app, "chipo.obrien@gmail.com").await;
    assert_eq!(app.get_auth(SETTING, &candidate.token).await.status(), 403);
    assert_eq!(
        preview(&app, &candidate, json!({ "kind": "rejection" }))
            .await
            .status(),
        403
    );
}

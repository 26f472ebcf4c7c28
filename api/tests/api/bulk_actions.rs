//! Bulk actions on the employer's applicants: one request moves or rejects many in one
//! transaction, each exactly as its own route would (move row, bell row, one e-mail, audit
//! row), skipping and naming those it cannot touch; and the export of only those selected.

use reqwest::Method;
use serde_json::{Value, json};

use crate::employer::send;
use crate::feed::{User, applicant, employer, error};
use crate::helpers::{TestApp, TestOptions, spawn_app, spawn_app_with_env};
use crate::pipeline::{applied_id, open_job};
use crate::support::smtp::SmtpSink;

const BULK: &str = "/api/v1/employer/applications/bulk";

/// The people who apply in these tests, as they wrote their names.
const PEOPLE: [(&str, &str); 10] = [
    ("Tendai Chiedza Moyo", "tendai.moyo@example.com"),
    ("Rudo Nyasha Mutasa", "rudo.mutasa@example.com"),
    ("Farai Tinashe Ncube", "farai.ncube@example.com"),
    ("Chipo Rumbidzai Dube", "chipo.dube@example.com"),
    ("Tatenda Kudakwashe Sibanda", "tatenda.sibanda@example.com"),
    ("Nyasha Vimbai Mhlanga", "nyasha.mhlanga@example.com"),
    ("Kudzai Tapiwa Banda", "kudzai.banda@example.com"),
    ("Rutendo Chengetai Zulu", "rutendo.zulu@example.com"),
    ("Tafadzwa Simbarashe Phiri", "tafadzwa.phiri@example.com"),
    ("Munyaradzi Takudzwa Gumbo", "munya.gumbo@example.com"),
];

/// A candidate who can apply, under their own name.
async fn person(app: &TestApp, name: &str, email: &str) -> User {
    let user = applicant(app, email).await;
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query("UPDATE profiles SET full_name = $2 WHERE id = $1")
            .bind(&user.id)
            .bind(name)
            .execute(pool)
            .await
            .unwrap();
    });
    user
}

async fn bulk(app: &TestApp, who: &User, body: Value) -> reqwest::Response {
    send(app, Method::POST, BULK, &who.token, Some(body)).await
}

async fn bulk_ok(app: &TestApp, who: &User, body: Value) -> Value {
    let response = bulk(app, who, body).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

async fn count(app: &TestApp, sql: &'static str) -> i64 {
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar::<_, i64>(sql).fetch_one(pool).await.unwrap()
    })
}

async fn stage_of(app: &TestApp, id: &str) -> String {
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT stage FROM applications WHERE id = $1")
            .bind(id)
            .fetch_one(pool)
            .await
            .unwrap()
    })
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

fn failures(body: &Value) -> Vec<(String, String)> {
    body["failed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["id"].as_str().unwrap().to_string(),
                f["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// An employer with five jobs, each applied to by all ten people: 50 applications.
async fn fifty_applications(app: &TestApp) -> (User, Vec<String>) {
    let boss = employer(app, "hiring@harare-general.example").await;
    let mut jobs = Vec::new();
    for title in [
        "Staff Nurse",
        "Ward Manager",
        "Theatre Nurse",
        "Night Sister",
        "Clinic Receptionist",
    ] {
        jobs.push(open_job(app, &boss, title).await);
    }
    let mut ids = Vec::new();
    for (name, email) in PEOPLE {
        let who = person(app, name, email).await;
        for job in &jobs {
            ids.push(applied_id(app, &who, &json!({ "job_id": job })).await);
        }
    }
    assert_eq!(ids.len(), 50);
    (boss, ids)
}

#[tokio::test]
async fn fifty_rejected_in_one_request_get_one_email_bell_move_and_audit_row_each() {
    let sink = SmtpSink::start();
    // Ten people sign up from one address in a moment.
    let app = spawn_app_with_env(
        TestOptions::default(),
        vec![
            ("JOBTAP_SMTP_URL", sink.url()),
            ("JOBTAP_RATE_LIMIT_FACTOR", "100".to_string()),
        ],
    )
    .await;
    let (boss, ids) = fifty_applications(&app).await;

    let body = bulk_ok(
        &app,
        &boss,
        json!({
            "ids": ids,
            "action": "reject",
            "reason": "position_filled",
            "detail": "Filled internally by a nurse returning from leave",
            "feedback": "Thank you for applying. We filled these posts from within, and would be glad to see you apply again.",
        }),
    )
    .await;
    assert_eq!(strings(&body["done"]), ids);
    assert!(failures(&body).is_empty());
    assert_eq!(body["message"], "Rejected 50 applications");

    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM applications WHERE stage = 'rejected' AND status = 'rejected' \
             AND hidden_from_employer AND rejection_reason = 'position_filled'"
        )
        .await,
        50
    );
    // One e-mail queued per application, never twice: each candidate once per job.
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM mail_outbox WHERE kind = 'application_rejected'"
        )
        .await,
        50
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM (SELECT recipient, subject FROM mail_outbox \
             WHERE kind = 'application_rejected' GROUP BY recipient, subject) AS once"
        )
        .await,
        50
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM notifications WHERE kind = 'application_rejected'"
        )
        .await,
        50
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(DISTINCT application_id) FROM application_stage_moves \
             WHERE from_stage = 'applied' AND to_stage = 'rejected' AND actor_id IS NOT NULL"
        )
        .await,
        50
    );
    let audited: Vec<String> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar(
            "SELECT subject FROM audit_log WHERE event = 'application_status_changed' ORDER BY subject",
        )
        .fetch_all(pool)
        .await
        .unwrap()
    });
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(audited, sorted);

    // And they arrive: five to each person, one per job, with the feedback and not the detail.
    for (_, email) in PEOPLE {
        let received = sink.wait_for_to(email, "Your application for", 5).await;
        assert_eq!(received.len(), 5, "{email}");
        for mail in &received {
            assert!(
                mail.text().contains("would be glad to see you apply again"),
                "{}",
                mail.text()
            );
            assert!(!mail.raw.contains("returning from leave"), "{}", mail.raw);
            assert!(
                !mail.text().contains("returning from leave"),
                "{}",
                mail.text()
            );
        }
    }
}

/// Another employer's bulk requests on `first` and `second` find nothing and change nothing.
async fn a_stranger_changes_nothing(app: &TestApp, other: &User, first: &str, second: &str) {
    let body = bulk_ok(
        app,
        other,
        json!({ "ids": [first, second], "action": "reject", "reason": "other" }),
    )
    .await;
    assert!(strings(&body["done"]).is_empty());
    assert_eq!(
        failures(&body),
        [
            (first.to_string(), "Application not found".to_string()),
            (second.to_string(), "Application not found".to_string()),
        ]
    );
    assert_eq!(body["message"], "Could not reject 2 applications");
    assert_eq!(stage_of(app, first).await, "applied");
    assert_eq!(stage_of(app, second).await, "applied");
    let body = bulk_ok(
        app,
        other,
        json!({ "ids": [first], "action": "move", "to": "interview" }),
    )
    .await;
    assert_eq!(
        failures(&body),
        [(first.to_string(), "Application not found".to_string())]
    );
    assert_eq!(stage_of(app, first).await, "applied");
}

#[tokio::test]
async fn a_partial_failure_names_the_skipped_and_does_the_rest() {
    let app = spawn_app().await;
    let boss = employer(&app, "hiring@harare-general.example").await;
    let other = employer(&app, "people@bulawayo-clinic.example").await;
    let job = open_job(&app, &boss, "Staff Nurse").await;
    let theirs = open_job(&app, &other, "Porter").await;
    let tendai = person(&app, PEOPLE[0].0, PEOPLE[0].1).await;
    let rudo = person(&app, PEOPLE[1].0, PEOPLE[1].1).await;
    let farai = person(&app, PEOPLE[2].0, PEOPLE[2].1).await;
    let first = applied_id(&app, &tendai, &json!({ "job_id": job })).await;
    let second = applied_id(&app, &rudo, &json!({ "job_id": job })).await;
    let decided = applied_id(&app, &farai, &json!({ "job_id": job })).await;
    let elsewhere = applied_id(&app, &tendai, &json!({ "job_id": theirs })).await;
    let rejected = send(
        &app,
        Method::POST,
        &format!("/api/v1/employer/applications/{decided}/reject"),
        &boss.token,
        Some(json!({ "reason": "not_enough_experience" })),
    )
    .await;
    assert_eq!(rejected.status(), 200);

    a_stranger_changes_nothing(&app, &other, &first, &second).await;

    // The boss's: another employer's id and an already rejected one are named; a repeated id counts once.
    let body = bulk_ok(
        &app,
        &boss,
        json!({
            "ids": [first, elsewhere, second, decided, first],
            "action": "reject",
            "reason": "stronger_candidate",
            "feedback": "We went with more theatre experience this time.",
        }),
    )
    .await;
    assert_eq!(strings(&body["done"]), [first.clone(), second.clone()]);
    assert_eq!(
        failures(&body),
        [
            (elsewhere.clone(), "Application not found".to_string()),
            (
                decided.clone(),
                "This application has already been decided".to_string()
            ),
        ]
    );
    assert_eq!(body["message"], "2 rejected; 2 could not be rejected");
    assert_eq!(stage_of(&app, &first).await, "rejected");
    assert_eq!(stage_of(&app, &second).await, "rejected");
    assert_eq!(stage_of(&app, &elsewhere).await, "applied");
    // The single rejection's e-mail and the two of the bulk one; none for the others' or twice.
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM mail_outbox WHERE kind = 'application_rejected'"
        )
        .await,
        3
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM audit_log WHERE event = 'application_status_changed'"
        )
        .await,
        3
    );
    // A candidate may not.
    error(
        bulk(
            &app,
            &tendai,
            json!({ "ids": [first], "action": "reject", "reason": "other" }),
        )
        .await,
        403,
    )
    .await;
}

#[tokio::test]
async fn a_bulk_move_writes_a_move_each_and_an_offer_tells_the_candidate() {
    let app = spawn_app().await;
    let boss = employer(&app, "hiring@harare-general.example").await;
    let job = open_job(&app, &boss, "Theatre Nurse").await;
    let mut ids = Vec::new();
    for (name, email) in &PEOPLE[..3] {
        let who = person(&app, name, email).await;
        ids.push(applied_id(&app, &who, &json!({ "job_id": job })).await);
    }
    let accepted = send(
        &app,
        Method::POST,
        &format!("/api/v1/employer/applications/{}/accept", ids[2]),
        &boss.token,
        None,
    )
    .await;
    assert_eq!(accepted.status(), 200);

    let body = bulk_ok(
        &app,
        &boss,
        json!({ "ids": ids, "action": "move", "to": "interview" }),
    )
    .await;
    assert_eq!(strings(&body["done"]), ids[..2]);
    assert_eq!(
        failures(&body),
        [(
            ids[2].clone(),
            "An accepted application moves only from Offer to Hired".to_string()
        )]
    );
    assert_eq!(body["message"], "2 moved; 1 could not be moved");
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM application_stage_moves WHERE from_stage = 'applied' \
             AND to_stage = 'interview' AND actor_id IS NOT NULL"
        )
        .await,
        2
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM audit_log WHERE event = 'application_stage_changed'"
        )
        .await,
        2
    );
    // Moving on to Offer accepts: the candidate's e-mail, as the single move would queue it.
    let body = bulk_ok(
        &app,
        &boss,
        json!({ "ids": [ids[0]], "action": "move", "to": "offer" }),
    )
    .await;
    assert_eq!(body["message"], "Moved 1 application");
    assert_eq!(stage_of(&app, &ids[0]).await, "offer");
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM mail_outbox WHERE kind = 'application_accepted'"
        )
        .await,
        2
    );
}

#[tokio::test]
async fn bad_requests_are_422_with_cores_message_and_write_nothing() {
    let app = spawn_app().await;
    let boss = employer(&app, "hiring@harare-general.example").await;
    let job = open_job(&app, &boss, "Ward Manager").await;
    let who = person(&app, PEOPLE[3].0, PEOPLE[3].1).await;
    let id = applied_id(&app, &who, &json!({ "job_id": job })).await;
    let too_many: Vec<String> = (0..=200).map(|i| format!("application-{i}")).collect();
    let cases = [
        (
            json!({ "ids": [], "action": "reject", "reason": "other" }),
            "ids",
            "Please select at least one application",
        ),
        (
            json!({ "ids": [" ", ""], "action": "reject", "reason": "other" }),
            "ids",
            "Please select at least one application",
        ),
        (
            json!({ "ids": too_many, "action": "reject", "reason": "other" }),
            "ids",
            "Select at most 200 applications at a time",
        ),
        (
            json!({ "ids": [id], "action": "export" }),
            "action",
            "Choose to move or to reject the selected applications",
        ),
        (
            json!({ "ids": [id], "action": "move" }),
            "to",
            "Please choose a stage",
        ),
        (
            json!({ "ids": [id], "action": "move", "to": "rejected" }),
            "to",
            "Reject the application to move it to Rejected",
        ),
        (
            json!({ "ids": [id], "action": "reject" }),
            "reason",
            "Please choose a reason",
        ),
        (
            json!({ "ids": [id], "action": "reject", "reason": "Skills" }),
            "reason",
            "Please choose a reason",
        ),
        (
            json!({ "ids": [id], "action": "reject", "reason": "other", "feedback": "a".repeat(2001) }),
            "feedback",
            "A note can be at most 2,000 characters",
        ),
    ];
    for (body, field, message) in cases {
        let answer = error(bulk(&app, &boss, body.clone()).await, 422).await;
        assert_eq!(answer["fields"][field][0], message, "{body}");
    }
    assert_eq!(stage_of(&app, &id).await, "applied");
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM application_stage_moves").await,
        0
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM mail_outbox WHERE kind = 'application_rejected'"
        )
        .await,
        0
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM audit_log WHERE event IN \
             ('application_status_changed', 'application_stage_changed')"
        )
        .await,
        0
    );
}

#[tokio::test]
async fn the_export_of_a_selection_holds_exactly_the_callers_selected_rows() {
    let app = spawn_app().await;
    let boss = employer(&app, "hiring@harare-general.example").await;
    let other = employer(&app, "people@bulawayo-clinic.example").await;
    let job = open_job(&app, &boss, "Staff Nurse").await;
    let theirs = open_job(&app, &other, "Porter").await;
    let mut ids = Vec::new();
    for (name, email) in &PEOPLE[..3] {
        let who = person(&app, name, email).await;
        ids.push(applied_id(&app, &who, &json!({ "job_id": job })).await);
    }
    let stranger = person(&app, PEOPLE[4].0, PEOPLE[4].1).await;
    let elsewhere = applied_id(&app, &stranger, &json!({ "job_id": theirs })).await;

    let path = format!(
        "/api/v1/employer/applications/export.csv?ids={},{},{elsewhere}",
        ids[0], ids[2]
    );
    let response = app.get_auth(&path, &boss.token).await;
    assert_eq!(response.status(), 200);
    let csv = response.text().await.unwrap();
    let lines: Vec<&str> = csv.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(lines.len(), 3, "{csv}");
    assert!(
        csv.contains(PEOPLE[0].1) && csv.contains(PEOPLE[2].1),
        "{csv}"
    );
    assert!(
        !csv.contains(PEOPLE[1].1) && !csv.contains(PEOPLE[4].1),
        "{csv}"
    );

    // Without a selection, the filters as before: all three.
    let all = app
        .get_auth("/api/v1/employer/applications/export.csv", &boss.token)
        .await
        .text()
        .await
        .unwrap();
    assert_eq!(all.lines().filter(|l| !l.is_empty()).count(), 4, "{all}");

    let answer = error(
        app.get_auth("/api/v1/employer/applications/export.csv?ids=", &boss.token)
            .await,
        422,
    )
    .await;
    assert_eq!(
        answer["fields"]["ids"][0],
        "Please select at least one application"
    );
    let many: Vec<String> = (0..=200).map(|i| format!("a{i}")).collect();
    let answer = error(
        app.get_auth(
            &format!(
                "/api/v1/employer/applications/export.csv?ids={}",
                many.join(",")
            ),
            &boss.token,
        )
        .await,
        422,
    )
    .await;
    assert_eq!(
        answer["fields"]["ids"][0],
        "Select at most 200 applications at a time"
    );
}

#[tokio::test]
async fn a_database_failure_midway_writes_nothing_for_any() {
    let app = spawn_app().await;
    let boss = employer(&app, "hiring@harare-general.example").await;
    let job = open_job(&app, &boss, "Night Sister").await;
    let mut ids = Vec::new();
    for (name, email) in &PEOPLE[..3] {
        let who = person(&app, name, email).await;
        ids.push(applied_id(&app, &who, &json!({ "job_id": job })).await);
    }
    // The database refuses the third application's move row, after the first two were written.
    let trigger = if app.db_kind == "postgres" {
        format!(
            "CREATE FUNCTION refuse_move() RETURNS trigger AS $$ BEGIN \
             IF NEW.application_id = '{third}' THEN RAISE EXCEPTION 'disk full'; END IF; \
             RETURN NEW; END $$ LANGUAGE plpgsql; \
             CREATE TRIGGER refuse_move BEFORE INSERT ON application_stage_moves \
             FOR EACH ROW EXECUTE FUNCTION refuse_move();",
            third = ids[2]
        )
    } else {
        format!(
            "CREATE TRIGGER refuse_move BEFORE INSERT ON application_stage_moves \
             WHEN NEW.application_id = '{third}' BEGIN SELECT RAISE(ABORT, 'disk full'); END;",
            third = ids[2]
        )
    };
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::raw_sql(sqlx::AssertSqlSafe(trigger.clone()))
            .execute(pool)
            .await
            .unwrap();
    });

    let response = bulk(
        &app,
        &boss,
        json!({ "ids": ids, "action": "reject", "reason": "position_filled", "feedback": "Thank you." }),
    )
    .await;
    assert_eq!(response.status(), 500);
    for id in &ids {
        assert_eq!(stage_of(&app, id).await, "applied");
    }
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM application_stage_moves").await,
        0
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM mail_outbox WHERE kind = 'application_rejected'"
        )
        .await,
        0
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM notifications WHERE kind = 'application_rejected'"
        )
        .await,
        0
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM audit_log WHERE event = 'application_status_changed'"
        )
        .await,
        0
    );
}

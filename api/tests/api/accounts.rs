//! Deleting an account: the password is asked again; afterwards no table holds the user's id
//! or e-mail address (the audit log keeps its rows under a pseudonym), their files are gone
//! from the store, every session has ended, and employers no longer see their application.

use jobtap_api::db::DbKind;
use jobtap_api::jobs::store::JobFields;
use serde_json::{Value, json};

use crate::documents::upload;
use crate::feed::{User, applicant, employer, error, insert, job};
use crate::helpers::{TestApp, spawn_app};
use crate::profile::PDF;

const PASSWORD: &str = "sadza-nyama-2024";

async fn delete(app: &TestApp, token: &str, password: &str) -> reqwest::Response {
    app.post_json_auth(
        "/api/v1/account/delete",
        token,
        &json!({ "password": password }),
    )
    .await
}

/// Every value of every column of every table, as text: (table, column, value).
async fn every_value(app: &TestApp) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let tables: Vec<String> = jobtap_api::on_db!(&app.db, pool => {
        match app.db.kind() {
            DbKind::Sqlite => sqlx::query_scalar(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
            ),
            DbKind::Postgres => sqlx::query_scalar(
                "SELECT table_name::text FROM information_schema.tables \
                 WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
            ),
        }
        .fetch_all(pool)
        .await
        .unwrap()
    });
    assert!(tables.len() >= 25, "{tables:?}");
    for table in tables {
        let columns: Vec<(String, String)> = jobtap_api::on_db!(&app.db, pool => {
            match app.db.kind() {
                DbKind::Sqlite => {
                    sqlx::query_as("SELECT name, type FROM pragma_table_info($1)")
                }
                DbKind::Postgres => sqlx::query_as(
                    "SELECT column_name::text, data_type::text FROM information_schema.columns \
                     WHERE table_schema = current_schema() AND table_name = $1",
                ),
            }
            .bind(&table)
            .fetch_all(pool)
            .await
            .unwrap()
        });
        for (column, kind) in columns {
            // As bytes: some columns hold binary (token hashes, e-mail messages).
            let as_bytes = match (app.db.kind(), kind.as_str()) {
                (DbKind::Postgres, "bytea") => format!("\"{column}\""),
                (DbKind::Postgres, _) => format!("convert_to(\"{column}\"::text, 'UTF8')"),
                (DbKind::Sqlite, _) => format!("CAST(\"{column}\" AS BLOB)"),
            };
            // Names read from the schema itself, quoted.
            let sql = format!("SELECT {as_bytes} FROM \"{table}\"");
            let values: Vec<Option<Vec<u8>>> = jobtap_api::on_db!(&app.db, pool => {
                sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone())).fetch_all(pool).await.unwrap()
            });
            for value in values.into_iter().flatten() {
                let text = String::from_utf8_lossy(&value).into_owned();
                out.push((table.clone(), column.clone(), text));
            }
        }
    }
    out
}

/// The places (table.column) where `needle` appears.
fn found(values: &[(String, String, String)], needle: &str) -> Vec<String> {
    values
        .iter()
        .filter(|(_, _, v)| v.contains(needle))
        .map(|(t, c, _)| format!("{t}.{c}"))
        .collect()
}

/// A candidate with a profile picture, a resume, an application with it attached, a share
/// link, a job alert and a notification: as much as a candidate can leave behind.
pub(crate) async fn busy_candidate(app: &TestApp, employer: &User) -> (User, String) {
    insert(
        app,
        &[JobFields {
            employer_id: Some(employer.id.clone()),
            ..job(app, "nurse", 5)
        }],
    )
    .await;
    let user = applicant(app, "leaver@example.com").await;
    let uploaded = upload(app, &user.token, "resume", PDF, "cv.pdf").await;
    assert_eq!(uploaded.status(), 201);
    let document: Value = uploaded.json().await.unwrap();
    let document_id = document["document"]["id"].as_str().unwrap().to_string();
    let link = app
        .post_json_auth(
            &format!("/api/v1/documents/{document_id}/share-links"),
            &user.token,
            &json!({}),
        )
        .await;
    assert!(link.status().is_success(), "{}", link.status());
    let applied = app
        .post_json_auth(
            "/api/v1/applications",
            &user.token,
            &json!({ "job_id": "nurse", "document_ids": [document_id] }),
        )
        .await;
    assert_eq!(applied.status(), 201);
    let application: Value = applied.json().await.unwrap();
    let alert = app
        .post_json_auth(
            "/api/v1/job-alerts",
            &user.token,
            &json!({ "email": "leaver@example.com" }),
        )
        .await;
    assert!(alert.status().is_success(), "{}", alert.status());
    (user, application["id"].as_str().unwrap().to_string())
}

#[tokio::test]
async fn a_deleted_candidate_leaves_no_personal_row_or_file_and_their_application_is_counted_anonymised()
 {
    let app = spawn_app().await;
    let boss = employer(&app, "boss@example.com").await;
    let (user, application_id) = busy_candidate(&app, &boss).await;
    // A copy of their data, ready for download: its row and its file go too.
    crate::data_export::prepare(&app, &user.token).await;
    let before = every_value(&app).await;
    assert!(!found(&before, &user.id).is_empty());
    let files_before = app.stored_files().await;
    let own_files: Vec<_> = files_before
        .iter()
        .filter(|p| p.contains(&user.id))
        .collect();
    assert!(!own_files.is_empty(), "{files_before:?}");

    // A wrong password changes nothing.
    let err = error(delete(&app, &user.token, "not-it").await, 422).await;
    assert_eq!(
        err["fields"]["password"][0],
        jobtap_core::validate::MSG_PASSWORD_WRONG
    );
    assert_eq!(app.stored_files().await, files_before);

    let response = delete(&app, &user.token, PASSWORD).await;
    assert_eq!(response.status(), 204);

    let after = every_value(&app).await;
    assert_eq!(
        found(&after, &user.id),
        Vec::<String>::new(),
        "the user's id"
    );
    assert_eq!(
        found(&after, "leaver@example.com"),
        Vec::<String>::new(),
        "the user's address"
    );
    // Their application stays for the employer's counts, under a stand-in that names no one,
    // with nothing the person wrote; the audit log and the employer's bell still point at it.
    let mut application_left = found(&after, &application_id);
    application_left.sort();
    assert_eq!(
        application_left,
        [
            "applications.id",
            "audit_log.subject",
            "notifications.application_id"
        ]
    );
    let pseudonym = jobtap_api::accounts::delete::pseudonym(&user.id);
    assert!(
        found(&after, &pseudonym).iter().all(|place| {
            place.starts_with("audit_log.")
                || place == "users.id"
                || place == "applications.user_id"
        }),
        "the pseudonym names audit rows and the stand-in only"
    );
    let (letter, hidden): (String, bool) = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_as("SELECT cover_letter, hidden_from_employer FROM applications WHERE id = $1")
            .bind(&application_id)
            .fetch_one(pool)
            .await
    })
    .unwrap();
    assert_eq!((letter.as_str(), hidden), ("", true));
    let analytics: Value = app
        .get_auth("/api/v1/employer/analytics", &boss.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(analytics["totalApplications"], 1, "{analytics}");
    assert_eq!(analytics["fromDeletedAccounts"], 1, "{analytics}");
    assert_eq!(analytics["pendingCount"], 1, "{analytics}");
    assert_eq!(
        analytics["locationDistribution"]["Unknown"], 1,
        "{analytics}"
    );
    assert!(
        found(&after, &pseudonym).len() >= 2,
        "the audit log keeps its rows"
    );
    let files_after = app.stored_files().await;
    assert!(
        files_after.iter().all(|p| !p.contains(&user.id)),
        "{files_after:?}"
    );

    // Signed out everywhere, and the employer no longer sees the application.
    assert_eq!(
        app.get_auth("/api/v1/profile", &user.token).await.status(),
        401
    );
    let listed: Value = app
        .get_auth("/api/v1/employer/applications", &boss.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(listed["applications"], json!([]), "{listed}");
    // The address may sign up again, as anyone new.
    crate::feed::candidate(&app, "leaver@example.com").await;
}

#[tokio::test]
async fn a_deleted_employers_jobs_close_and_their_applicants_keep_their_applications() {
    let app = spawn_app().await;
    let boss = employer(&app, "boss@example.com").await;
    let (candidate, _) = busy_candidate(&app, &boss).await;

    assert_eq!(delete(&app, &boss.token, PASSWORD).await.status(), 204);

    let after = every_value(&app).await;
    assert_eq!(
        found(&after, &boss.id),
        Vec::<String>::new(),
        "the employer's id"
    );
    assert_eq!(found(&after, "boss@example.com"), Vec::<String>::new());
    // The job left the feed; the candidate still has the application, closed.
    let feed: Value = app
        .get_auth("/api/v1/jobs", &candidate.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(feed["jobs"], json!([]), "{feed}");
    let mine: Value = app
        .get_auth("/api/v1/applications", &candidate.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(mine["applications"].as_array().unwrap().len(), 1, "{mine}");
    assert_eq!(mine["applications"][0]["status"], "rejected", "{mine}");
}

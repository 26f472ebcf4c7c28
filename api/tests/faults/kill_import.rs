//! SIGKILL in the middle of a 10,000-row bulk import: the employer has all of the jobs or
//! none, and the same Idempotency-Key retried after the restart imports exactly once.

use jobtap_api::on_db;
use reqwest::multipart::{Form, Part};
use serde_json::Value;

use crate::harness::{Engine, Server, Target};

const ROWS: i64 = 10_000;
const KEY: &str = "faults-import-0001";

#[tokio::test]
async fn sqlite_kill_mid_import_is_all_or_nothing_and_the_key_imports_once() {
    kill_mid_import(Engine::Sqlite).await;
}

#[tokio::test]
async fn postgres_kill_mid_import_is_all_or_nothing_and_the_key_imports_once() {
    kill_mid_import(Engine::Postgres).await;
}

async fn kill_mid_import(engine: Engine) {
    let target = Target::new(engine).await;
    let csv = csv_with_rows(ROWS);

    // 1. Killed with rows inserted inside the open transaction.
    let mut server = target
        .start(&[("JOBTAP_TEST_PAUSE_AT", "import_chunk")])
        .await;
    let (employer_id, token) = server.sign_up("kill-import@example.com", true).await;
    let request = send_import(&server, &token, csv.clone());
    server.wait_for_pause("import_chunk").await;
    assert_eq!(
        counts(&target, &employer_id).await,
        (0, 0),
        "nothing is visible mid-transaction"
    );
    server.kill9().await;
    assert!(request.await.unwrap().is_err(), "the client got no answer");

    // 2. After the restart nothing is there; the retry commits, then is killed before it answers.
    let mut server = target
        .start(&[("JOBTAP_TEST_PAUSE_AT", "import_committed")])
        .await;
    assert_eq!(
        counts(&target, &employer_id).await,
        (0, 0),
        "the killed import left no job and no key"
    );
    let request = send_import(&server, &token, csv.clone());
    server.wait_for_pause("import_committed").await;
    assert_eq!(counts(&target, &employer_id).await, (ROWS, 1));
    server.kill9().await;
    assert!(request.await.unwrap().is_err(), "the client got no answer");

    // 3. The client retries once more with the same key: the first result, nothing new.
    let server = target.start(&[]).await;
    assert_eq!(counts(&target, &employer_id).await, (ROWS, 1));
    let response = send_import(&server, &token, csv).await.unwrap().unwrap();
    assert_eq!(response.status(), 200, "a replay");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["replayed"], true);
    assert_eq!(body["imported"], ROWS);
    assert_eq!(counts(&target, &employer_id).await, (ROWS, 1));
    server.kill9().await;
}

/// A CSV with `rows` valid jobs.
fn csv_with_rows(rows: i64) -> Vec<u8> {
    use std::fmt::Write as _;
    let mut text =
        String::from("company_name,job_title,job_description,location,job_type,skills\n");
    for n in 1..=rows {
        writeln!(
            text,
            "Acme,Job {n},Build things.,Harare,Full-time,SQL;Python"
        )
        .unwrap();
    }
    text.into_bytes()
}

/// Posts the import in the background, so the test can watch the server meanwhile.
fn send_import(
    server: &Server,
    token: &str,
    csv: Vec<u8>,
) -> tokio::task::JoinHandle<reqwest::Result<reqwest::Response>> {
    let request = server
        .client
        .post(server.url("/api/v1/employer/jobs/import"))
        .bearer_auth(token)
        .header("Idempotency-Key", KEY)
        .multipart(
            Form::new().part(
                "file",
                Part::bytes(csv)
                    .file_name("jobs.csv")
                    .mime_str("text/csv")
                    .unwrap(),
            ),
        );
    tokio::spawn(request.send())
}

/// The employer's jobs and import keys, as committed.
async fn counts(target: &Target, employer_id: &str) -> (i64, i64) {
    let db = target.db().await;
    let counts = on_db!(&db, pool => {
        let jobs: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM jobs WHERE employer_id = $1")
            .bind(employer_id)
            .fetch_one(pool)
            .await
            .unwrap();
        let keys: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM job_imports WHERE employer_id = $1")
            .bind(employer_id)
            .fetch_one(pool)
            .await
            .unwrap();
        (jobs, keys)
    });
    db.close().await;
    counts
}

//! `POST /api/v1/employer/jobs/import`: the server parses the CSV itself and stores the valid
//! rows in one transaction; import keys make retries safe.

use jobtap_api::job_import::store::CHUNK_ROWS;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

use crate::feed::{candidate, employer, error};
use crate::helpers::{TestApp, TestOptions, spawn_app, spawn_app_with_env};

const IMPORT: &str = "/api/v1/employer/jobs/import";
const HEADER: &str = "company_name,job_title,job_description,location,job_type,skills";

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/../fixtures/csv/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A CSV with `rows` valid jobs titled `Job 1`, `Job 2`, ….
fn csv_with_rows(rows: usize) -> Vec<u8> {
    let mut text = format!("{HEADER}\n");
    for n in 1..=rows {
        text += "Acme,Job ";
        text += &n.to_string();
        text += ",Build things.,Harare,Full-time,SQL;Python\n";
    }
    text.into_bytes()
}

async fn import(
    app: &TestApp,
    token: Option<&str>,
    key: Option<&str>,
    file_name: &str,
    bytes: Vec<u8>,
) -> reqwest::Response {
    let form = Form::new().part(
        "file",
        Part::bytes(bytes)
            .file_name(file_name.to_string())
            .mime_str("text/csv")
            .unwrap(),
    );
    let mut request = app.client.post(app.url(IMPORT)).multipart(form);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    request.send().await.expect("request")
}

async fn job_count(app: &TestApp) -> i64 {
    jobtap_api::jobs::store::count(&app.db).await.unwrap()
}

async fn employer_jobs(app: &TestApp, token: &str) -> Vec<Value> {
    let response = app.get_auth("/api/v1/employer/jobs", token).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    body["jobs"].as_array().unwrap().clone()
}

fn ids(list: &[Value]) -> Vec<String> {
    let mut ids: Vec<String> = list
        .iter()
        .map(|j| j["id"].as_str().unwrap().to_string())
        .collect();
    ids.sort();
    ids
}

fn job_ids(body: &Value) -> Vec<String> {
    let mut ids: Vec<String> = body["jobIds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| id.as_str().unwrap().to_string())
        .collect();
    ids.sort();
    ids
}

#[tokio::test]
async fn only_valid_rows_are_imported_and_show_to_the_employer_and_in_the_feed() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@acme.example").await;
    let before = app.clock_now();
    let response = import(
        &app,
        Some(&boss.token),
        None,
        "row-errors.csv",
        fixture("row-errors.csv"),
    )
    .await;
    let after = app.clock_now();
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["imported"], 2);
    assert_eq!(body["invalidCount"], 9);
    assert_eq!(body["replayed"], false);
    assert_eq!(body["message"], "Successfully imported 2 jobs!");
    let rows: Vec<u64> = body["invalidRows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rowNumber"].as_u64().unwrap())
        .collect();
    assert_eq!(rows, (3..=11).collect::<Vec<u64>>());
    assert_eq!(
        body["invalidRows"][0]["errors"][0],
        "Row 3: Company name is required"
    );
    assert_eq!(
        body["invalidRows"][6]["errors"].as_array().unwrap().len(),
        2
    );
    assert_eq!(job_count(&app).await, 2);

    let listed = employer_jobs(&app, &boss.token).await;
    assert_eq!(ids(&listed), job_ids(&body));
    let writer = listed
        .iter()
        .find(|j| j["job_title"] == "Technical Writer")
        .expect("row 12 imported");
    assert_eq!(writer["company_name"], "Umoja Remote");
    assert_eq!(writer["job_type"], "Remote");
    assert_eq!(writer["employer_id"], boss.id.as_str());
    assert_eq!(writer["is_active"], true);
    let posted_at = writer["posted_at"].as_i64().unwrap();
    assert!(
        (before..=after).contains(&posted_at),
        "posted when imported"
    );
    assert_eq!(writer["minimum_score_threshold"], 20.0);
    assert!(writer["expires_at"].is_null());
    assert!(writer["required_degree_classes"].is_null());

    let seeker = candidate(&app, "seeker@example.com").await;
    let feed: Value = app
        .get_auth("/api/v1/jobs?limit=50", &seeker.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(ids(feed["jobs"].as_array().unwrap()), job_ids(&body));
}

#[tokio::test]
async fn optional_columns_and_lists_are_stored() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@acme.example").await;
    let response = import(
        &app,
        Some(&boss.token),
        None,
        "valid-basic.csv",
        fixture("valid-basic.csv"),
    )
    .await;
    assert_eq!(response.status(), 201);
    let listed = employer_jobs(&app, &boss.token).await;
    assert_eq!(listed.len(), 3);
    let lodge = listed
        .iter()
        .find(|j| j["job_type"] == "Part-time")
        .unwrap();
    assert_eq!(lodge["salary_min"], 450.5);
    assert!(lodge["experience_years"].is_null());
    assert_eq!(lodge["benefits"], serde_json::json!([]));
    assert_eq!(lodge["linkedin_url"], "reservations@hwange-lodge.example");
    let club = listed.iter().find(|j| j["job_type"] == "Contract").unwrap();
    assert_eq!(
        club["company_logo"],
        "https://cdn.example.com/logos/mbare-code-club.png"
    );
}

#[tokio::test]
async fn formula_cells_are_stored_as_text() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@acme.example").await;
    let response = import(
        &app,
        Some(&boss.token),
        None,
        "formula-cells.csv",
        fixture("formula-cells.csv"),
    )
    .await;
    assert_eq!(response.status(), 201);
    let listed = employer_jobs(&app, &boss.token).await;
    let hyperlink = listed
        .iter()
        .find(|j| j["company_name"] == r#"=HYPERLINK("http://evil.example/x","Click me")"#)
        .expect("kept verbatim");
    assert_eq!(
        hyperlink["skills"],
        serde_json::json!(["=SUM(A1:A2)", "Excel"])
    );
    assert_eq!(hyperlink["qualifications"], "-");
    assert_eq!(
        hyperlink["requirements"],
        serde_json::json!(["@mention the hiring manager in your cover note"])
    );
    assert!(
        listed.iter().any(|j| j["job_title"] == "=1+1"),
        "never evaluated to 2"
    );
    let ventures = listed
        .iter()
        .find(|j| j["company_name"] == "+263 Ventures")
        .unwrap();
    assert_eq!(ventures["location"], "-");
    assert_eq!(ventures["benefits"], serde_json::json!(["@home"]));
}

#[tokio::test]
async fn a_failure_midway_rolls_back_every_row_and_the_key() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@acme.example").await;
    // A row in the second chunk fails, after the first chunk was inserted.
    let ddl: &[&str] = if app.db_kind == "sqlite" {
        &[
            "CREATE TRIGGER fail_jobs BEFORE INSERT ON jobs WHEN NEW.job_title = 'Fails here' \
             BEGIN SELECT RAISE(ABORT, 'injected failure'); END",
        ]
    } else {
        &[
            "CREATE FUNCTION fail_jobs() RETURNS trigger AS $$ BEGIN \
             IF NEW.job_title = 'Fails here' THEN RAISE EXCEPTION 'injected failure'; END IF; \
             RETURN NEW; END $$ LANGUAGE plpgsql",
            "CREATE TRIGGER fail_jobs BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION fail_jobs()",
        ]
    };
    for statement in ddl {
        jobtap_api::on_db!(&app.db, pool => { sqlx::query(*statement).execute(pool).await.map(|_| ()) }).unwrap();
    }
    let rows = CHUNK_ROWS + 50;
    let mut csv = String::from_utf8(csv_with_rows(rows)).unwrap();
    csv = csv.replace(&format!(",Job {},", CHUNK_ROWS + 20), ",Fails here,");
    let response = import(
        &app,
        Some(&boss.token),
        Some("batch-1"),
        "big.csv",
        csv.clone().into_bytes(),
    )
    .await;
    assert_eq!(response.status(), 500);
    let body: Value = response.json().await.unwrap();
    assert!(
        !body.to_string().contains("injected failure"),
        "no SQL details leak: {body}"
    );
    assert_eq!(job_count(&app).await, 0, "nothing half-written");

    let drop = if app.db_kind == "sqlite" {
        "DROP TRIGGER fail_jobs"
    } else {
        "DROP TRIGGER fail_jobs ON jobs"
    };
    jobtap_api::on_db!(&app.db, pool => { sqlx::query(drop).execute(pool).await.map(|_| ()) })
        .unwrap();
    let retry = import(
        &app,
        Some(&boss.token),
        Some("batch-1"),
        "big.csv",
        csv.into_bytes(),
    )
    .await;
    assert_eq!(
        retry.status(),
        201,
        "the key was not kept by the failed try"
    );
    let body: Value = retry.json().await.unwrap();
    assert_eq!(body["replayed"], false);
    assert_eq!(body["imported"], rows);
    assert_eq!(job_count(&app).await, i64::try_from(rows).unwrap());
}

#[tokio::test]
async fn the_same_key_and_file_twice_imports_once_and_replays_the_result() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@acme.example").await;
    let bytes = fixture("row-errors.csv");
    let first = import(
        &app,
        Some(&boss.token),
        Some("k-1"),
        "jobs.csv",
        bytes.clone(),
    )
    .await;
    assert_eq!(first.status(), 201);
    let first: Value = first.json().await.unwrap();
    let again = import(&app, Some(&boss.token), Some("k-1"), "jobs.csv", bytes).await;
    assert_eq!(again.status(), 200);
    let again: Value = again.json().await.unwrap();
    assert_eq!(again["replayed"], true);
    assert_eq!(again["jobIds"], first["jobIds"]);
    assert_eq!(again["invalidRows"], first["invalidRows"]);
    assert_eq!(again["message"], "Successfully imported 2 jobs!");
    assert_eq!(job_count(&app).await, 2);
}

#[tokio::test]
async fn concurrent_requests_with_one_key_insert_one_set_of_rows() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@acme.example").await;
    let bytes = csv_with_rows(20);
    let requests = (0..5).map(|_| {
        import(
            &app,
            Some(&boss.token),
            Some("once"),
            "jobs.csv",
            bytes.clone(),
        )
    });
    let responses = futures_util::future::join_all(requests).await;
    let mut statuses: Vec<u16> = responses.iter().map(|r| r.status().as_u16()).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 200, 200, 200, 201]);
    assert_eq!(job_count(&app).await, 20);
}

#[tokio::test]
async fn the_same_key_with_another_file_is_a_conflict() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@acme.example").await;
    let first = import(
        &app,
        Some(&boss.token),
        Some("k-1"),
        "a.csv",
        csv_with_rows(2),
    )
    .await;
    assert_eq!(first.status(), 201);
    let other = import(
        &app,
        Some(&boss.token),
        Some("k-1"),
        "a.csv",
        csv_with_rows(3),
    )
    .await;
    let err = error(other, 409).await;
    assert_eq!(
        err["message"],
        "This import key was already used for a different file. Use a new Idempotency-Key for a new file."
    );
    assert_eq!(job_count(&app).await, 2);
    // Keys belong to one employer: another may use the same one.
    let rival = employer(&app, "hr@rival.example").await;
    let theirs = import(
        &app,
        Some(&rival.token),
        Some("k-1"),
        "a.csv",
        csv_with_rows(3),
    )
    .await;
    assert_eq!(theirs.status(), 201);
    assert_eq!(job_count(&app).await, 5);
}

/// Imports `bytes` with the "post again" row numbers `post_again`.
async fn import_again(
    app: &TestApp,
    token: &str,
    bytes: Vec<u8>,
    post_again: &str,
) -> reqwest::Response {
    let form = Form::new()
        .part(
            "file",
            Part::bytes(bytes)
                .file_name("again.csv")
                .mime_str("text/csv")
                .unwrap(),
        )
        .text("post_again", post_again.to_string());
    app.client
        .post(app.url(IMPORT))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .expect("request")
}

// The same jobs imported again, as another program's export, are skipped as already posted
// and counted in the answer; ticked rows are posted again; another employer's are theirs.
#[tokio::test]
async fn rows_already_live_are_skipped_unless_posted_again() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@parirenyatwa.example").await;
    let folder = format!("{}/../fixtures/csv/real-world", env!("CARGO_MANIFEST_DIR"));
    let read = |name: &str| std::fs::read(format!("{folder}/{name}")).unwrap();
    let first = import(
        &app,
        Some(&boss.token),
        None,
        "jobs.txt.csv",
        read("excel-unicode-text.csv"),
    )
    .await;
    assert_eq!(first.status(), 201);
    let first: Value = first.json().await.unwrap();
    let posted = usize::try_from(first["imported"].as_u64().unwrap()).unwrap();
    assert_eq!(posted, 4, "{first}");

    let again = import(
        &app,
        Some(&boss.token),
        None,
        "jobs-semicolon.csv",
        read("excel-semicolon-windows-1252.csv"),
    )
    .await;
    assert_eq!(again.status(), 200, "nothing created");
    let again: Value = again.json().await.unwrap();
    assert_eq!(again["imported"], 0);
    let skipped = again["alreadyPosted"].as_array().unwrap();
    assert_eq!(skipped.len(), posted, "{again}");
    assert_eq!(skipped[0]["rowNumber"], 2);
    assert_eq!(skipped[0]["jobTitle"], "Staff Nurse");
    assert_eq!(
        again["message"],
        format!("No new jobs: {posted} already posted: skipped")
    );
    assert_eq!(employer_jobs(&app, &boss.token).await.len(), posted);

    // One new row beside the old ones; and one old row ticked to post again.
    let mut text = String::from_utf8(read("excel-csv-utf8.csv")).unwrap();
    text.push_str("Parirenyatwa Hospital,Theatre Nurse,Scrub and circulate in main theatre.,Harare,Full-time,1000,1500,3,Scrub nursing,RGN,Medical aid\n");
    let mixed = import_again(&app, &boss.token, text.into_bytes(), "2").await;
    assert_eq!(mixed.status(), 201);
    let mixed: Value = mixed.json().await.unwrap();
    assert_eq!(mixed["imported"], 2, "{mixed}");
    assert_eq!(
        mixed["message"],
        "Successfully imported 2 jobs! 1 already posted: skipped."
    );
    assert_eq!(employer_jobs(&app, &boss.token).await.len(), posted + 2);

    let bad = import_again(&app, &boss.token, read("excel-csv-utf8.csv"), "two").await;
    let bad = error(bad, 422).await;
    assert_eq!(
        bad["fields"]["post_again"][0],
        "post_again lists row numbers separated by commas"
    );

    // Another employer's jobs are never theirs to skip.
    let other = employer(&app, "hr@mpilo.example").await;
    let theirs = import(
        &app,
        Some(&other.token),
        None,
        "jobs.csv",
        read("excel-csv-utf8.csv"),
    )
    .await;
    assert_eq!(theirs.status(), 201);
}

// Before importing, the preview asks by its rows' keys which repeat live jobs: exactly the rows
// the import then skips; another employer's jobs never count; keys are checked.
#[tokio::test]
async fn the_preview_learns_which_rows_are_already_posted_before_importing() {
    use jobtap_core::csv_import::{ImportLimits, import_row_keys};
    const ASK: &str = "/api/v1/employer/jobs/import/already-posted";
    let app = spawn_app().await;
    let boss = employer(&app, "hr@parirenyatwa.example").await;
    let folder = format!("{}/../fixtures/csv/real-world", env!("CARGO_MANIFEST_DIR"));
    let read = |name: &str| std::fs::read(format!("{folder}/{name}")).unwrap();
    let first = import(
        &app,
        Some(&boss.token),
        None,
        "jobs.csv",
        read("excel-unicode-text.csv"),
    )
    .await;
    assert_eq!(first.status(), 201);

    // The same jobs as another program's export, as the browser's worker reads it.
    let export = read("excel-semicolon-windows-1252.csv");
    let rows = import_row_keys("jobs-semicolon.csv", &export, &ImportLimits::default()).unwrap();
    let mut keys = rows.keys.clone();
    keys.push("0123456789abcdef".into());
    let ask = |token: &str, keys: Value| {
        app.client
            .post(app.url(ASK))
            .bearer_auth(token.to_string())
            .json(&json!({ "keys": keys }))
            .send()
    };
    let answer = ask(&boss.token, json!(keys)).await.unwrap();
    assert_eq!(answer.status(), 200);
    let answer: Value = answer.json().await.unwrap();
    assert_eq!(
        answer["keys"],
        json!(rows.keys),
        "every row but the made-up key"
    );

    let skipped = import(&app, Some(&boss.token), None, "jobs-semicolon.csv", export).await;
    let skipped: Value = skipped.json().await.unwrap();
    let skipped_rows: Vec<u64> = skipped["alreadyPosted"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["rowNumber"].as_u64().unwrap())
        .collect();
    let asked_rows: Vec<u64> = rows.row_numbers.iter().map(|n| u64::from(*n)).collect();
    assert_eq!(
        skipped_rows, asked_rows,
        "the import skips the rows the preview marked"
    );

    let other = employer(&app, "hr@mpilo.example").await;
    let theirs: Value = ask(&other.token, json!(keys))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(theirs["keys"], json!([]));

    for bad in [
        json!(["NOT-A-KEY"]),
        json!(vec![
            "0123456789abcdef";
            ImportLimits::default().max_rows + 1
        ]),
    ] {
        let refused = error(ask(&boss.token, bad).await.unwrap(), 422).await;
        assert_eq!(
            refused["fields"]["keys"][0],
            jobtap_core::job_dedupe::MSG_KEYS
        );
    }
    let tariro = candidate(&app, "tariro@example.com").await;
    assert_eq!(ask(&tariro.token, json!([])).await.unwrap().status(), 403);
}

#[tokio::test]
async fn a_key_over_100_characters_is_refused() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@acme.example").await;
    let key = "k".repeat(101);
    let response = import(
        &app,
        Some(&boss.token),
        Some(&key),
        "a.csv",
        csv_with_rows(1),
    )
    .await;
    let err = error(response, 400).await;
    assert_eq!(
        err["message"],
        "Idempotency-Key must be 1 to 100 characters"
    );
    let ok = import(
        &app,
        Some(&boss.token),
        Some(&key[..100]),
        "a.csv",
        csv_with_rows(1),
    )
    .await;
    assert_eq!(ok.status(), 201);
    assert_eq!(job_count(&app).await, 1);
}

async fn small_limits_app() -> TestApp {
    spawn_app_with_env(
        TestOptions::default(),
        vec![
            ("JOBTAP_IMPORT_MAX_ROWS", "3".into()),
            ("JOBTAP_IMPORT_MAX_BYTES", "1024".into()),
        ],
    )
    .await
}

#[tokio::test]
async fn the_settings_tell_the_browser_this_servers_import_limits() {
    let app = small_limits_app().await;
    let response = app.get("/api/v1/settings").await;
    assert_eq!(response.status(), 200);
    let settings: serde_json::Value = response.json().await.unwrap();
    assert_eq!(
        settings,
        serde_json::json!({
            "import_limits": { "maxRows": 3, "maxBytes": 1024 },
            "preview_limits": { "maxRows": 30, "maxBytes": 10240 },
            "import_limits_text": "3 jobs and 1 KB",
        })
    );
}

#[tokio::test]
async fn a_file_over_the_row_limit_is_refused_with_advice_to_split_it() {
    let app = small_limits_app().await;
    let boss = employer(&app, "hr@acme.example").await;
    let response = import(&app, Some(&boss.token), None, "a.csv", csv_with_rows(4)).await;
    let err = error(response, 413).await;
    assert_eq!(
        err["message"],
        "This file has more than 3 job rows. Split it into files of at most 3 rows."
    );
    assert_eq!(job_count(&app).await, 0);
    let three = import(&app, Some(&boss.token), None, "a.csv", csv_with_rows(3)).await;
    assert_eq!(three.status(), 201);
}

#[tokio::test]
async fn a_file_over_the_byte_limit_is_refused_and_one_at_the_limit_accepted() {
    let app = small_limits_app().await;
    let boss = employer(&app, "hr@acme.example").await;
    let mut bytes = csv_with_rows(1);
    bytes.truncate(bytes.len() - 1);
    bytes.resize(1024 - 1, b' ');
    bytes.push(b'\n');
    assert_eq!(bytes.len(), 1024);
    let mut over = bytes.clone();
    over.push(b'\n');

    let response = import(&app, Some(&boss.token), None, "a.csv", over).await;
    let err = error(response, 413).await;
    assert_eq!(
        err["message"],
        "This file is larger than 1 KB. Split it into smaller files."
    );
    assert_eq!(job_count(&app).await, 0);

    let exact = import(&app, Some(&boss.token), None, "a.csv", bytes).await;
    assert_eq!(exact.status(), 201);
    assert_eq!(job_count(&app).await, 1);
}

#[tokio::test]
async fn a_huge_body_is_refused_from_its_length_before_it_is_sent() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@acme.example").await;
    let address = app.address.trim_start_matches("http://").to_string();
    let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
    // Only the head of a 1 GB upload: the answer must come without the body.
    let head = format!(
        "POST {IMPORT} HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {}\r\n\
         Content-Type: multipart/form-data; boundary=XYZ\r\nContent-Length: 1073741824\r\n\r\n",
        boss.token
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut received = Vec::new();
    let mut buf = [0u8; 4096];
    let text = loop {
        let n = stream.read(&mut buf).await.unwrap();
        assert!(n > 0, "closed without an answer");
        received.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&received).to_string();
        if text.contains("Split it into smaller files.") {
            break text;
        }
    };
    assert!(text.starts_with("HTTP/1.1 413"), "{text}");
    assert!(text.contains("This file is larger than 5 MB"), "{text}");
    assert_eq!(job_count(&app).await, 0);
}

#[tokio::test]
async fn a_file_not_named_csv_is_refused() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@acme.example").await;
    let response = import(
        &app,
        Some(&boss.token),
        None,
        "not-a-csv.txt",
        fixture("not-a-csv.txt"),
    )
    .await;
    let err = error(response, 400).await;
    assert_eq!(err["message"], "Please upload a CSV file");
    assert_eq!(job_count(&app).await, 0);
}

#[tokio::test]
async fn unreadable_and_empty_files_are_refused_with_the_core_messages() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@acme.example").await;
    let header_only = import(
        &app,
        Some(&boss.token),
        None,
        "header-only.csv",
        fixture("header-only.csv"),
    )
    .await;
    let err = error(header_only, 400).await;
    assert_eq!(
        err["message"],
        "CSV file must contain headers and at least one job"
    );
    let garbage = import(
        &app,
        Some(&boss.token),
        None,
        "binary-garbage.csv",
        fixture("binary-garbage.csv"),
    )
    .await;
    let err = error(garbage, 400).await;
    assert!(
        err["message"]
            .as_str()
            .unwrap()
            .starts_with("This looks like a spreadsheet workbook"),
        "{err}"
    );
    assert_eq!(job_count(&app).await, 0);
}

#[tokio::test]
async fn a_file_without_a_valid_row_imports_nothing() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@acme.example").await;
    let response = import(
        &app,
        Some(&boss.token),
        Some("k-1"),
        "missing-required-columns.csv",
        fixture("missing-required-columns.csv"),
    )
    .await;
    let err = error(response, 422).await;
    assert_eq!(err["message"], "No valid jobs to import");
    assert_eq!(err["kind"], "no_valid_jobs");
    assert_eq!(
        err["fields"]["rows"],
        serde_json::json!([
            "Row 2: Job type is required",
            "Row 3: Job type is required",
            "Row 4: Job type is required"
        ])
    );
    assert_eq!(job_count(&app).await, 0);
    // The failed try did not use up the key.
    let fixed = import(
        &app,
        Some(&boss.token),
        Some("k-1"),
        "a.csv",
        csv_with_rows(1),
    )
    .await;
    assert_eq!(fixed.status(), 201);
}

#[tokio::test]
async fn a_form_without_a_file_is_refused() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@acme.example").await;
    let response = app
        .client
        .post(app.url(IMPORT))
        .bearer_auth(&boss.token)
        .multipart(Form::new().text("note", "hello"))
        .send()
        .await
        .unwrap();
    let err = error(response, 400).await;
    assert!(
        err["message"].as_str().unwrap().contains("\"file\""),
        "{err}"
    );
    let empty = app
        .client
        .post(app.url(IMPORT))
        .bearer_auth(&boss.token)
        .multipart(Form::new())
        .send()
        .await
        .unwrap();
    let err = error(empty, 400).await;
    assert!(
        err["message"]
            .as_str()
            .unwrap()
            .starts_with("The upload could not be read"),
        "{err}"
    );
    let text_not_file = app
        .client
        .post(app.url(IMPORT))
        .bearer_auth(&boss.token)
        .multipart(Form::new().text("file", "company_name\nAcme"))
        .send()
        .await
        .unwrap();
    let err = error(text_not_file, 400).await;
    assert_eq!(err["message"], "Please upload a CSV file");
    let json = app
        .post_json_auth(IMPORT, &boss.token, &serde_json::json!({ "jobs": [] }))
        .await;
    let err = error(json, 415).await;
    assert!(
        err["message"]
            .as_str()
            .unwrap()
            .contains("multipart/form-data"),
        "{err}"
    );
    assert_eq!(job_count(&app).await, 0);
}

#[tokio::test]
async fn candidates_are_refused_and_signed_out_callers_must_sign_in() {
    let app = spawn_app().await;
    let seeker = candidate(&app, "seeker@example.com").await;
    let response = import(&app, Some(&seeker.token), None, "a.csv", csv_with_rows(1)).await;
    let err = error(response, 403).await;
    assert_eq!(err["message"], "Access denied. Employer account required.");
    let response = import(&app, None, None, "a.csv", csv_with_rows(1)).await;
    let err = error(response, 401).await;
    assert_eq!(err["message"], "Please sign in to continue");
    let not_multipart = app
        .post_json(IMPORT, &serde_json::json!({ "jobs": [] }))
        .await;
    error(not_multipart, 401).await;
    assert_eq!(job_count(&app).await, 0);
}

#[tokio::test]
async fn spreadsheet_exports_of_every_kind_import_their_valid_rows() {
    let app = spawn_app().await;
    let folder = format!("{}/../fixtures/csv/real-world", env!("CARGO_MANIFEST_DIR"));
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{folder}/expected.json")).unwrap())
            .unwrap();
    let mut total = 0;
    let mut titles: Vec<String> = Vec::new();
    // The files hold the same jobs: each goes to its own employer, or it would be skipped as
    // already posted.
    for (n, (name, want)) in expected.as_object().unwrap().iter().enumerate() {
        let boss = employer(&app, &format!("sheets{n}@acme.co")).await;
        let bytes = std::fs::read(format!("{folder}/{name}")).unwrap();
        let response = import(&app, Some(&boss.token), None, name, bytes).await;
        if let Some(refused) = want.get("refused") {
            let err = error(response, 400).await;
            assert_eq!(err["message"], *refused, "{name}");
            continue;
        }
        assert_eq!(response.status(), 201, "{name}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["imported"], want["valid"], "{name}");
        total += want["valid"].as_i64().unwrap();
        titles.extend(
            employer_jobs(&app, &boss.token)
                .await
                .iter()
                .map(|j| j["job_title"].as_str().unwrap().to_string()),
        );
    }
    assert_eq!(job_count(&app).await, total);
    // Windows-1252 and UTF-16 texts arrive as the characters they were.
    assert!(
        titles.iter().any(|t| t == "Barista – weekends"),
        "{titles:?}"
    );
}

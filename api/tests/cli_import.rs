//! `jobtap import-jobs`: the built binary against a fresh SQLite data folder.

use std::path::Path;
use std::process::{Command, Output};

use jobtap_api::accounts::store::{NewAccount, Role, create};
use jobtap_api::db::Db;

const EMPLOYER: &str = "hr@acme.example";
const CANDIDATE: &str = "seeker@example.com";

/// A migrated database in `dir` with one employer and one candidate; returns the employer's id.
async fn prepare(dir: &Path) -> (Db, String) {
    let db = Db::connect(&database_url(dir), 2).await.unwrap();
    db.migrate().await.unwrap();
    for (id, email, role) in [
        ("employer-1", EMPLOYER, Role::Employer),
        ("candidate-1", CANDIDATE, Role::Candidate),
    ] {
        let account = NewAccount {
            id,
            email,
            password_hash: "not-a-real-hash",
            full_name: "Rudo",
            company_name: Some("Acme"),
            role,
            // The operator's command imports for any employer, confirmed or not.
            email_confirmed_at: None,
            link: None,
        };
        create(&db, &account, 1).await.unwrap();
    }
    (db, "employer-1".into())
}

fn database_url(dir: &Path) -> String {
    format!("sqlite://{}", dir.join("jobtap.db").display())
}

fn fixture(name: &str) -> String {
    format!("{}/../fixtures/csv/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn jobtap(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jobtap"))
        .args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("JOBTAP_DATA_DIR", dir)
        .env("DATABASE_URL", database_url(dir))
        .output()
        .expect("the jobtap binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

async fn titles(db: &Db, employer_id: &str) -> Vec<String> {
    jobtap_api::on_db!(db, pool => {
        sqlx::query_scalar::<_, String>(
            "SELECT job_title FROM jobs WHERE employer_id = $1 AND is_active ORDER BY job_title",
        )
        .bind(employer_id)
        .fetch_all(pool)
        .await
        .unwrap()
    })
}

#[tokio::test]
async fn imports_the_valid_rows_and_prints_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    let (db, employer_id) = prepare(dir.path()).await;
    let file = fixture("row-errors.csv");
    let args = [
        "import-jobs",
        &file,
        "--employer",
        "HR@Acme.example",
        "--import-key",
        "batch-1",
    ];

    let first = jobtap(dir.path(), &args);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let stdout = text(&first.stdout);
    assert!(
        stdout.starts_with(
            "Imported 2 jobs for hr@acme.example; 9 invalid rows skipped:\n  Row 3: Company name is required\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout
            .contains("  Row 9: Job type must be one of: Full-time, Part-time, Contract, Remote\n"),
        "{stdout}"
    );
    assert_eq!(
        stdout.lines().count(),
        1 + 10,
        "one line per row error: {stdout}"
    );
    assert_eq!(
        titles(&db, &employer_id).await,
        ["Data Analyst", "Technical Writer"]
    );

    let again = jobtap(dir.path(), &args);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert!(
        text(&again.stdout).starts_with(
            "Import key \"batch-1\" was already used for this file; nothing new was imported.\n\
             Earlier: Imported 2 jobs for hr@acme.example; 9 invalid rows skipped:\n"
        ),
        "{}",
        text(&again.stdout)
    );
    assert_eq!(
        titles(&db, &employer_id).await.len(),
        2,
        "nothing imported twice"
    );
}

#[tokio::test]
async fn rows_repeating_live_jobs_are_skipped_unless_listed_to_post_again() {
    let dir = tempfile::tempdir().unwrap();
    let (db, employer_id) = prepare(dir.path()).await;
    let file = fixture("row-errors.csv");
    let first = jobtap(
        dir.path(),
        &["import-jobs", &file, "--employer", "hr@acme.example"],
    );
    assert!(first.status.success(), "{}", text(&first.stderr));

    // The same file again, without a key: both valid rows repeat live jobs.
    let again = jobtap(
        dir.path(),
        &["import-jobs", &file, "--employer", "hr@acme.example"],
    );
    assert!(again.status.success(), "{}", text(&again.stderr));
    let stdout = text(&again.stdout);
    assert!(
        stdout.starts_with("Imported 0 jobs for hr@acme.example"),
        "{stdout}"
    );
    assert!(
        stdout.contains("2 already posted: skipped (the employer has these jobs live):\n"),
        "{stdout}"
    );
    let hint = stdout
        .lines()
        .find_map(|line| line.strip_prefix("To post them again: --post-again "))
        .unwrap_or_else(|| panic!("no post-again hint: {stdout}"))
        .to_string();
    assert_eq!(titles(&db, &employer_id).await.len(), 2);

    // Posting the first of them again, by the row number the summary named.
    let first_row = hint.split(',').next().unwrap().to_string();
    let forced = jobtap(
        dir.path(),
        &[
            "import-jobs",
            &file,
            "--employer",
            "hr@acme.example",
            "--post-again",
            &first_row,
        ],
    );
    assert!(forced.status.success(), "{}", text(&forced.stderr));
    assert!(
        text(&forced.stdout).contains("1 already posted: skipped"),
        "{}",
        text(&forced.stdout)
    );
    assert_eq!(
        titles(&db, &employer_id).await.len(),
        3,
        "one row posted again"
    );

    let refused = jobtap(
        dir.path(),
        &[
            "import-jobs",
            &file,
            "--employer",
            "hr@acme.example",
            "--post-again",
            "two",
        ],
    );
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert!(text(&refused.stderr).contains("--post-again lists row numbers"));
}

#[tokio::test]
async fn an_unknown_employer_or_a_candidate_is_refused_with_exit_code_1() {
    let dir = tempfile::tempdir().unwrap();
    let (db, _) = prepare(dir.path()).await;
    let file = fixture("valid-basic.csv");

    let unknown = jobtap(
        dir.path(),
        &["import-jobs", &file, "--employer", "nobody@acme.example"],
    );
    assert_eq!(unknown.status.code(), Some(1));
    assert_eq!(
        text(&unknown.stderr).trim(),
        "Error: No account uses the e-mail nobody@acme.example"
    );

    let seeker = jobtap(dir.path(), &["import-jobs", &file, "--employer", CANDIDATE]);
    assert_eq!(seeker.status.code(), Some(1));
    assert_eq!(
        text(&seeker.stderr).trim(),
        format!("Error: {CANDIDATE} is not an employer account")
    );
    assert_eq!(jobtap_api::jobs::store::count(&db).await.unwrap(), 0);
}

#[tokio::test]
async fn file_problems_exit_with_1_and_the_core_message() {
    let dir = tempfile::tempdir().unwrap();
    let (db, _) = prepare(dir.path()).await;

    let not_csv = jobtap(
        dir.path(),
        &[
            "import-jobs",
            &fixture("not-a-csv.txt"),
            "--employer",
            EMPLOYER,
        ],
    );
    assert_eq!(not_csv.status.code(), Some(1));
    assert_eq!(
        text(&not_csv.stderr).trim(),
        "Error: Please upload a CSV file"
    );

    let none_valid = jobtap(
        dir.path(),
        &[
            "import-jobs",
            &fixture("missing-required-columns.csv"),
            "--employer",
            EMPLOYER,
        ],
    );
    assert_eq!(none_valid.status.code(), Some(1));
    let stderr = text(&none_valid.stderr);
    assert!(
        stderr.contains("  Row 2: Job type is required\n"),
        "{stderr}"
    );
    assert!(
        stderr
            .trim_end()
            .ends_with("Error: No valid jobs to import"),
        "{stderr}"
    );

    let usage = jobtap(dir.path(), &["import-jobs", &fixture("valid-basic.csv")]);
    assert_eq!(usage.status.code(), Some(2));
    assert!(text(&usage.stderr).contains("--employer EMAIL"));
    assert_eq!(jobtap_api::jobs::store::count(&db).await.unwrap(), 0);
}

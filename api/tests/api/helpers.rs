//! `spawn_app()`: the real application on port 0 with its own database and data folder.
//! Files go to the local disk, or to a fresh bucket on a local S3 server (moto) when
//! `JOBTAP_TEST_STORAGE=s3`.

use std::path::PathBuf;
use std::sync::Arc;

use jobtap_api::clock::OffsetClock;
use jobtap_api::config::Config;
use jobtap_api::startup::Application;
use tokio::sync::oneshot;

use crate::support::{moto::Moto, postgres};

/// A running server and what a test needs to talk to it.
pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub clock: Arc<OffsetClock>,
    pub data_dir: PathBuf,
    pub db_kind: &'static str,
    /// The app's own pool, to check what a request left in the database.
    pub db: jobtap_api::db::Db,
    pub state: jobtap_api::state::AppState,
    _shutdown: oneshot::Sender<()>,
    _dir: tempfile::TempDir,
}

/// Options for [`spawn_app_with`].
#[derive(Default)]
pub struct TestOptions {
    pub demo: bool,
}

/// Starts the app with a storage quota of `megabytes` per account.
pub async fn spawn_app_with_quota_mb(megabytes: u64) -> TestApp {
    spawn_app_with_env(
        TestOptions::default(),
        vec![("JOBTAP_STORAGE_QUOTA_MB", megabytes.to_string())],
    )
    .await
}

/// Starts the app without demo content.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(TestOptions::default()).await
}

/// Starts the app with `options`.
pub async fn spawn_app_with(options: TestOptions) -> TestApp {
    spawn_app_with_env(options, Vec::new()).await
}

/// Starts the app sending e-mail through the SMTP server `sink`, with links in its messages to
/// `https://jobs.example`.
pub async fn spawn_app_with_smtp(sink: &crate::support::smtp::SmtpSink) -> TestApp {
    spawn_app_with_env(
        TestOptions::default(),
        vec![
            ("JOBTAP_SMTP_URL", sink.url()),
            ("JOBTAP_PUBLIC_URL", "https://jobs.example".into()),
        ],
    )
    .await
}

/// Starts the app with `options` and more `JOBTAP_…` variables (e.g. small import limits).
pub async fn spawn_app_with_env(options: TestOptions, env: Vec<(&'static str, String)>) -> TestApp {
    let dir = tempfile::tempdir().expect("temp dir");
    let web_dir = dir.path().join("web");
    std::fs::create_dir_all(web_dir.join("assets")).unwrap();
    std::fs::write(
        web_dir.join("index.html"),
        "<!doctype html><title>JobTap</title><div id=root></div>",
    )
    .unwrap();
    std::fs::write(web_dir.join("assets/app-1234.js"), "console.log('jobtap')").unwrap();

    let (database_url, db_kind) = match postgres::configured_base() {
        Some(base) => (postgres::fresh_database(&base).await, "postgres"),
        None => (
            format!("sqlite://{}", dir.path().join("jobtap.db").display()),
            "sqlite",
        ),
    };
    let data_dir = dir.path().join("data");
    let mut vars = vec![
        ("JOBTAP_ADDR", "127.0.0.1:0".to_string()),
        ("JOBTAP_DATA_DIR", data_dir.display().to_string()),
        ("DATABASE_URL", database_url),
        ("JOBTAP_WEB_DIR", web_dir.display().to_string()),
        (
            "JOBTAP_DEMO",
            if options.demo { "1" } else { "0" }.to_string(),
        ),
        ("JOBTAP_DB_MAX_CONNECTIONS", "8".to_string()),
        // The tests run the scheduled e-mails themselves (`run_once`), when they choose.
        ("JOBTAP_SCHEDULED_MAIL", "0".to_string()),
    ];
    let storage = std::env::var("JOBTAP_TEST_STORAGE").unwrap_or_default();
    match storage.as_str() {
        "" | "local" => {}
        "s3" => {
            let moto = Moto::shared();
            let bucket = moto.create_bucket().await;
            vars.extend(moto.storage_env(&bucket, "jobtap"));
        }
        other => panic!("JOBTAP_TEST_STORAGE must be local or s3, not {other:?}"),
    }
    vars.extend(env);
    // The last value wins, so a test's own variables override the defaults above.
    let config =
        Config::from_lookup(|k| vars.iter().rfind(|(n, _)| *n == k).map(|(_, v)| v.clone()))
            .expect("test config");
    let clock = Arc::new(OffsetClock::default());
    let app = Application::build_with_clock(config, clock.clone())
        .await
        .expect("app builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    let db = app.state().db.clone();
    let state = app.state().clone();
    let (tx, rx) = oneshot::channel::<()>();
    tokio::spawn(app.run_until(async {
        let _ = rx.await;
    }));
    TestApp {
        address,
        client: crate::support::http_client_builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap(),
        clock,
        data_dir,
        db_kind,
        db,
        state,
        _shutdown: tx,
        _dir: dir,
    }
}

/// The fit scores of an application written by [`TestApp::insert_application`].
#[derive(Clone, Copy, Debug)]
pub struct DirectScores {
    pub degree: f64,
    pub experience: f64,
    pub total: f64,
    pub percentage: f64,
}

impl DirectScores {
    /// 16.0 raw, 81.6 %.
    pub const TYPICAL: Self = Self {
        degree: 4.0,
        experience: 4.0,
        total: 16.0,
        percentage: 81.6,
    };
}

impl TestApp {
    /// Writes an application of `candidate_id` to `job_id` straight into the database,
    /// as the apply route would (the score rules are tested elsewhere), with the employer
    /// already told of it (the tests of new-applicant e-mails apply through the route);
    /// returns its id.
    pub async fn insert_application(
        &self,
        candidate_id: &str,
        job_id: &str,
        scores: DirectScores,
        applied_at: i64,
    ) -> String {
        let id = uuid::Uuid::new_v4().to_string();
        jobtap_api::on_db!(&self.db, pool => {
            sqlx::query(
                "INSERT INTO applications (id, user_id, job_id, status, cover_letter, email_subject, degree_score, skills_score, \
                 university_score, experience_score, total_raw_score, score_percentage, applied_at, updated_at, employer_id, \
                 employer_mailed_at) \
                 VALUES ($1, $2, $3, 'applied', 'Dear team', 'Application', $4, 3.0, 5.0, $5, $6, $7, $8, $8, (SELECT employer_id FROM jobs WHERE id = $3), $8)",
            )
            .bind(&id)
            .bind(candidate_id)
            .bind(job_id)
            .bind(scores.degree)
            .bind(scores.experience)
            .bind(scores.total)
            .bind(scores.percentage)
            .bind(applied_at)
            .execute(pool)
            .await
            .map(|_| ())
        })
        .unwrap();
        id
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// Now, as the app's clock sees it.
    pub fn clock_now(&self) -> i64 {
        use jobtap_api::clock::Clock as _;
        self.clock.now_ms()
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request")
    }

    pub async fn get_auth(&self, path: &str, token: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .bearer_auth(token)
            .send()
            .await
            .expect("request")
    }

    /// Every stored file's path (documents, avatars, logos), sorted, from whichever
    /// store the app uses.
    pub async fn stored_files(&self) -> Vec<String> {
        crate::support::stored_paths(&*self.state.storage).await
    }

    pub async fn post_json(&self, path: &str, body: &serde_json::Value) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .expect("request")
    }
}

impl TestApp {
    /// The plain text of every confirmation e-mail queued for `email` (sign-up, sent again, or a
    /// new address), oldest first: the messages as the server's outbox will send them.
    pub async fn confirmation_mails(&self, email: &str) -> Vec<String> {
        let rows: Vec<(Vec<u8>,)> = jobtap_api::on_db!(&self.db, pool => {
            sqlx::query_as(
                "SELECT message FROM mail_outbox WHERE recipient = $1 \
                 AND kind IN ('email_confirmation', 'email_change_confirmation') \
                 ORDER BY created_at",
            )
            .bind(email)
            .fetch_all(pool)
            .await
            .unwrap()
        });
        rows.into_iter()
            .map(|(bytes,)| {
                crate::support::smtp::Received {
                    envelope_to: email.to_string(),
                    raw: String::from_utf8(bytes).unwrap(),
                }
                .text()
            })
            .collect()
    }

    /// How many messages wait and how many were sent, but for sign-up's confirmations (every
    /// test account has one; `email_confirmation.rs` counts them).
    pub async fn mail_counts(&self) -> jobtap_api::mail::outbox::Counts {
        jobtap_api::on_db!(&self.db, pool => {
            sqlx::query_as(
                "SELECT COALESCE(SUM(CASE WHEN sent_at IS NULL THEN 1 ELSE 0 END), 0) AS waiting, \
                 COALESCE(SUM(CASE WHEN sent_at IS NULL THEN 0 ELSE 1 END), 0) AS sent \
                 FROM mail_outbox WHERE kind <> 'email_confirmation'",
            )
            .fetch_one(pool)
            .await
            .unwrap()
        })
    }

    /// The token of the latest confirmation link e-mailed to `email`.
    pub async fn confirmation_token(&self, email: &str) -> String {
        let mails = self.confirmation_mails(email).await;
        let text = mails
            .last()
            .unwrap_or_else(|| panic!("no confirmation e-mail to {email}"));
        token_after(text, "/confirm-email#token=")
    }

    /// Follows the latest confirmation link e-mailed to `email`, as its owner would.
    pub async fn confirm_email(&self, email: &str) {
        let token = self.confirmation_token(email).await;
        let response = self
            .post_json(
                "/api/v1/auth/confirm-email",
                &serde_json::json!({ "token": token }),
            )
            .await;
        assert_eq!(response.status(), 200, "the confirmation link works");
    }
}

/// The token of the first link in `text` whose address has `marker` (`/page#token=`) before it.
pub fn token_after(text: &str, marker: &str) -> String {
    let start = text
        .find(marker)
        .unwrap_or_else(|| panic!("no {marker} link in:\n{text}"))
        + marker.len();
    text[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

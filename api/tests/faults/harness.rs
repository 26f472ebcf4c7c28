//! The real `jobtap` binary as a child process on its own port, data folder and database,
//! so a test can SIGKILL it and start it again on the same state.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use jobtap_api::db::Db;
use serde_json::{Value, json};
use tokio::io::AsyncBufReadExt as _;
use tokio::process::{Child, Command};
use tokio::sync::mpsc;

use crate::support::{free_port, postgres};

pub const PASSWORD: &str = "faults-pass-123";
/// How long a server may take to come up, or to reach a pause point (a busy 2-core machine).
const START_DEADLINE: Duration = Duration::from_secs(60);

/// Which database engine a target runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

/// One data folder and one database, which successive server processes share.
pub struct Target {
    pub database_url: String,
    pub data_dir: PathBuf,
    _dir: tempfile::TempDir,
}

impl Target {
    /// A fresh SQLite file, or a fresh database on the shared PostgreSQL server
    /// (`JOBTAP_TEST_POSTGRES_URL`, default `postgres://postgres@127.0.0.1:5432`).
    pub async fn new(engine: Engine) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let data_dir = dir.path().join("data");
        let database_url = match engine {
            Engine::Sqlite => format!("sqlite://{}", data_dir.join("jobtap.db").display()),
            Engine::Postgres => postgres::fresh_database(&postgres::base()).await,
        };
        Self::with_url(database_url, dir)
    }

    /// A target on a database that already exists at `database_url`.
    pub fn with_url(database_url: String, dir: tempfile::TempDir) -> Self {
        Self {
            database_url,
            data_dir: dir.path().join("data"),
            _dir: dir,
        }
    }

    /// Where the server keeps uploaded files.
    pub fn files_dir(&self) -> PathBuf {
        self.data_dir.join("files")
    }

    /// Starts the server with `extra` environment variables and waits until it answers.
    pub async fn start(&self, extra: &[(&str, &str)]) -> Server {
        Server::spawn(self, extra).await
    }

    /// A small pool of the test's own, to look at what the server left behind.
    pub async fn db(&self) -> Db {
        Db::connect(&self.database_url, 2)
            .await
            .expect("the test connects to the database")
    }
}

/// A running `jobtap serve`.
pub struct Server {
    child: Child,
    pub port: u16,
    pub client: reqwest::Client,
    stderr: mpsc::UnboundedReceiver<String>,
    seen: Vec<String>,
    database_url: String,
}

impl Server {
    async fn spawn(target: &Target, extra: &[(&str, &str)]) -> Self {
        let port = free_port();
        let mut command = Command::new(env!("CARGO_BIN_EXE_jobtap"));
        command
            .arg("serve")
            .env("JOBTAP_ADDR", format!("127.0.0.1:{port}"))
            .env("JOBTAP_DATA_DIR", &target.data_dir)
            .env("DATABASE_URL", &target.database_url)
            .env("JOBTAP_WEB_DIR", target.data_dir.join("no-web"))
            .env("JOBTAP_DEMO", "0")
            // Every orphan is removed at start, however young (the kill was a moment ago).
            .env("JOBTAP_ORPHAN_GRACE_SECS", "0")
            .env("JOBTAP_RATE_LIMIT_FACTOR", "1000")
            .env("JOBTAP_LOG", "warn,sqlx=error")
            .env_remove("JOBTAP_TEST_PAUSE_AT")
            .env_remove("JOBTAP_FILES_DIR")
            .env_remove("JOBTAP_AI_BASE_URL")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        for (name, value) in extra {
            command.env(name, value);
        }
        let mut child = command.spawn().expect("start jobtap");
        let (tx, rx) = mpsc::unbounded_channel();
        let mut lines = tokio::io::BufReader::new(child.stderr.take().unwrap()).lines();
        tokio::spawn(async move {
            while let Ok(Some(line)) = lines.next_line().await {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut server = Self {
            child,
            port,
            client: crate::support::http_client_builder()
                .timeout(Duration::from_secs(60))
                .build()
                .unwrap(),
            stderr: rx,
            seen: Vec::new(),
            database_url: target.database_url.clone(),
        };
        server.wait_until_up().await;
        server
    }

    async fn wait_until_up(&mut self) {
        let deadline = Instant::now() + START_DEADLINE;
        loop {
            let health = self
                .client
                .get(self.url("/api/v1/health"))
                .timeout(Duration::from_secs(2))
                .send()
                .await;
            if health.is_ok_and(|r| r.status().is_success()) {
                return;
            }
            self.drain();
            if let Some(exit) = self.child.try_wait().unwrap() {
                panic!("the server exited ({exit}): {:#?}", self.seen);
            }
            assert!(
                Instant::now() < deadline,
                "the server did not come up: {:#?}",
                self.seen
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    fn drain(&mut self) {
        while let Ok(line) = self.stderr.try_recv() {
            self.seen.push(line);
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    /// Waits until the server prints that it paused at `point`; returns the pause's detail.
    pub async fn wait_for_pause(&mut self, point: &str) -> String {
        let marker = format!("JOBTAP_TEST_PAUSED {point} ");
        let deadline = tokio::time::Instant::now() + START_DEADLINE;
        loop {
            match tokio::time::timeout_at(deadline, self.stderr.recv()).await {
                Ok(Some(line)) => {
                    if let Some(detail) = line.strip_prefix(&marker) {
                        return detail.to_string();
                    }
                    self.seen.push(line);
                }
                Ok(None) => panic!("the server closed stderr: {:#?}", self.seen),
                Err(elapsed) => panic!(
                    "the server never paused at {point} ({elapsed}): {:#?}",
                    self.seen
                ),
            }
        }
    }

    /// SIGKILL: no shutdown code runs, as in a crash or an OOM kill.
    pub async fn kill9(mut self) {
        self.child.start_kill().expect("SIGKILL the server");
        let status = self.child.wait().await.expect("reap the server");
        assert!(!status.success(), "killed, not exited: {status}");
    }

    /// Signs up through the API and returns `(user id, access token)`.
    pub async fn sign_up(&self, email: &str, employer: bool) -> (String, String) {
        let (path, body) = if employer {
            (
                "/api/v1/auth/employer/signup",
                json!({ "email": email, "password": PASSWORD, "full_name": "Rudo", "company_name": "Acme" }),
            )
        } else {
            (
                "/api/v1/auth/signup",
                json!({ "email": email, "password": PASSWORD, "full_name": "Tendai Moyo" }),
            )
        };
        let response = self
            .client
            .post(self.url(path))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 201, "sign-up of {email}");
        let session = session(response).await;
        self.confirm_email(email).await;
        session
    }

    /// Follows the confirmation link e-mailed to `email` at sign-up, as its owner would before
    /// applying or publishing: read from the message queued in the server's outbox, which is
    /// there whether or not it was sent yet.
    pub async fn confirm_email(&self, email: &str) {
        let db = Db::connect(&self.database_url, 2)
            .await
            .expect("the test connects");
        let message: Vec<u8> = jobtap_api::on_db!(&db, pool => {
            sqlx::query_scalar(
                "SELECT message FROM mail_outbox WHERE recipient = $1 AND kind = 'email_confirmation'",
            )
            .bind(email)
            .fetch_one(pool)
            .await
        })
        .expect("a confirmation e-mail is queued with the account");
        let text = crate::support::smtp::Received {
            envelope_to: email.to_string(),
            raw: String::from_utf8(message).expect("a message is text"),
        }
        .text();
        let marker = "/confirm-email#token=";
        let start = text.find(marker).expect("a confirmation link") + marker.len();
        let token: String = text[start..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        let response = self
            .client
            .post(self.url("/api/v1/auth/confirm-email"))
            .json(&json!({ "token": token }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "the confirmation link of {email}");
    }

    /// Signs in through the API and returns `(user id, access token)`.
    pub async fn sign_in(&self, email: &str) -> (String, String) {
        let response = self
            .client
            .post(self.url("/api/v1/auth/signin"))
            .json(&json!({ "email": email, "password": PASSWORD }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "sign-in of {email}");
        session(response).await
    }
}

async fn session(response: reqwest::Response) -> (String, String) {
    let body: Value = response.json().await.unwrap();
    (
        body["user"]["id"].as_str().unwrap().to_string(),
        body["access_token"].as_str().unwrap().to_string(),
    )
}

/// A valid PDF (by its signature) of about `size` bytes.
pub fn pdf(size: usize) -> Vec<u8> {
    let mut bytes = b"%PDF-1.4\n".to_vec();
    let line = b"% padding so the upload takes a while to stream\n";
    while bytes.len() + line.len() < size {
        bytes.extend_from_slice(line);
    }
    bytes.extend_from_slice(b"%%EOF\n");
    bytes
}

/// Every regular file under `root`, relative, `/`-separated.
pub fn files_under(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path.strip_prefix(root).unwrap();
                out.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

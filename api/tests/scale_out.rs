//! Two real `jobtap serve` processes on one PostgreSQL database and one S3 bucket
//! (moto), as behind a load balancer: whatever one instance does, the other sees.
//!
//! Always PostgreSQL: `JOBTAP_TEST_POSTGRES_URL`, or `postgres://postgres@127.0.0.1:5432`.

#![cfg(unix)]

mod support;

use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use jobtap_api::storage::Storage as _;
use jobtap_api::storage::object::ObjectStorage;
use serde_json::{Value, json};
use sqlx::Connection as _;

use support::moto::Moto;
use support::postgres;

/// Both instances and what they share.
struct Cluster {
    a: Instance,
    b: Instance,
    database_url: String,
    /// The bucket both instances use, seen directly.
    bucket: ObjectStorage,
    client: reqwest::Client,
    data_dirs: [PathBuf; 2],
    _dir: tempfile::TempDir,
}

/// One `jobtap serve` child process, killed when dropped.
struct Instance {
    name: &'static str,
    child: Child,
    base: String,
    log: Arc<Mutex<Vec<String>>>,
}

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An instance started, not known to be serving yet.
struct Starting {
    name: &'static str,
    child: Child,
    log: Arc<Mutex<Vec<String>>>,
    address: mpsc::Receiver<String>,
}

impl Instance {
    fn start(name: &'static str, env: &[(&str, String)], data_dir: &Path) -> Instance {
        Self::spawn(name, env, data_dir).serving()
    }

    fn spawn(name: &'static str, env: &[(&str, String)], data_dir: &Path) -> Starting {
        let mut command = Command::new(env!("CARGO_BIN_EXE_jobtap"));
        command
            .arg("serve")
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("JOBTAP_DATA_DIR", data_dir)
            .env("NO_COLOR", "1")
            .env("JOBTAP_LOG", "info,sqlx=warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (key, value) in env {
            command.env(key, value);
        }
        let mut child = command.spawn().expect("start jobtap serve");
        let log = Arc::new(Mutex::new(Vec::new()));
        let (found, address) = mpsc::channel();
        // Both streams are read to the end so the child never blocks on a full pipe.
        let stdout = child.stdout.take().expect("stdout");
        let stderr = child.stderr.take().expect("stderr");
        for stream in [
            Box::new(stdout) as Box<dyn std::io::Read + Send>,
            Box::new(stderr),
        ] {
            let log = log.clone();
            let found = found.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    if let Some(at) = line.split("JobTap is running at ").nth(1) {
                        let _ = found.send(at.split_whitespace().next().unwrap_or("").to_string());
                    }
                    log.lock().unwrap().push(line);
                }
            });
        }
        drop(found);
        Starting {
            name,
            child,
            log,
            address,
        }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

impl Starting {
    /// Waits until the instance serves; panics with its log if it exits or takes too long.
    fn serving(self) -> Instance {
        let Starting {
            name,
            mut child,
            log,
            address,
        } = self;
        // Connecting, migrating and the start-up work happen before the line is logged.
        let Ok(base) = address.recv_timeout(Duration::from_secs(60)) else {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "instance {name} did not start:\n{}",
                log.lock().unwrap().join("\n")
            );
        };
        Instance {
            name,
            child,
            base,
            log,
        }
    }
}

impl Cluster {
    /// A fresh database and bucket, then instance A, then instance B.
    async fn start() -> Cluster {
        let moto = Moto::shared();
        let bucket_name = moto.create_bucket().await;
        let database_url = postgres::fresh_database(&postgres::base()).await;
        let dir = tempfile::tempdir().unwrap();
        let web_dir = dir.path().join("web");
        std::fs::create_dir_all(&web_dir).unwrap();
        std::fs::write(
            web_dir.join("index.html"),
            "<!doctype html><title>JobTap</title>",
        )
        .unwrap();
        let secret = uuid::Uuid::new_v4().simple().to_string();
        let mut env = vec![
            ("JOBTAP_ADDR", "127.0.0.1:0".to_string()),
            ("DATABASE_URL", database_url.clone()),
            ("JOBTAP_WEB_DIR", web_dir.display().to_string()),
            ("JOBTAP_DEMO", "0".to_string()),
            ("JOBTAP_DB_MAX_CONNECTIONS", "4".to_string()),
            // Every instance signs and checks access tokens with the same key.
            ("JOBTAP_TOKEN_SECRET", secret),
            // As behind a load balancer: the client's address comes in X-Forwarded-For.
            ("JOBTAP_TRUST_PROXY", "1".to_string()),
        ];
        env.extend(moto.storage_env(&bucket_name, "jobtap"));
        // The same bucket and prefix, opened by the test itself.
        let bucket = moto.store(&bucket_name, "jobtap");
        let a = Instance::start("A", &env, &dir.path().join("a"));
        // A file A has written whose row is not committed yet: B's start-up clean-up
        // (default grace 15 minutes) must leave it alone.
        bucket
            .put(
                "documents/in-flight/resume_1.pdf",
                Bytes::from_static(b"%PDF-1.4 upload in flight"),
            )
            .await
            .unwrap();
        let b = Instance::start("B", &env, &dir.path().join("b"));
        Cluster {
            a,
            b,
            database_url,
            bucket,
            client: support::http_client(),
            data_dirs: [dir.path().join("a"), dir.path().join("b")],
            _dir: dir,
        }
    }

    async fn post(&self, on: &Instance, path: &str, body: &Value) -> reqwest::Response {
        self.client
            .post(on.url(path))
            .json(body)
            .send()
            .await
            .unwrap_or_else(|e| panic!("{} {path}: {e}", on.name))
    }

    async fn get(&self, on: &Instance, path: &str, token: Option<&str>) -> reqwest::Response {
        let mut request = self.client.get(on.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request
            .send()
            .await
            .unwrap_or_else(|e| panic!("{} {path}: {e}", on.name))
    }

    async fn sign_up(&self, on: &Instance, email: &str) -> Value {
        let response = self
            .post(
                on,
                "/api/v1/auth/signup",
                &json!({ "email": email, "password": "sadza-nyama-2024", "full_name": "Tendai Moyo" }),
            )
            .await;
        assert_eq!(response.status(), 201, "sign-up on {}", on.name);
        response.json().await.unwrap()
    }

    async fn refresh(&self, on: &Instance, token: &str) -> reqwest::Response {
        self.post(
            on,
            "/api/v1/auth/refresh",
            &json!({ "refresh_token": token }),
        )
        .await
    }

    /// Dumps both instances' logs when a test fails, to see which side went wrong.
    fn logs(&self) -> String {
        [&self.a, &self.b]
            .iter()
            .map(|i| format!("--- {} ---\n{}", i.name, i.log.lock().unwrap().join("\n")))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[tokio::test]
async fn a_session_made_on_one_instance_works_on_the_other_and_dies_on_both() {
    let cluster = Cluster::start().await;
    let (a, b) = (&cluster.a, &cluster.b);

    let first = cluster.sign_up(a, "scale@example.com").await;
    let access = first["access_token"].as_str().unwrap();
    let on_b = cluster.get(b, "/api/v1/auth/session", Some(access)).await;
    assert_eq!(on_b.status(), 200, "{}", cluster.logs());
    let me: Value = on_b.json().await.unwrap();
    assert_eq!(me["user"]["id"], first["user"]["id"]);

    // Rotate on A; B sees the rotation (a second tab within the grace gets the twin).
    let old = first["refresh_token"].as_str().unwrap();
    let rotated: Value = cluster.refresh(a, old).await.json().await.unwrap();
    let new = rotated["refresh_token"].as_str().unwrap();
    assert_ne!(new, old);
    let twin: Value = cluster.refresh(b, old).await.json().await.unwrap();
    assert_eq!(twin["refresh_token"], new, "B knows A's rotation");

    // Time passes beyond the grace: moved in the shared database, as both instances
    // read their clocks from the system.
    let mut db = sqlx::PgConnection::connect(&cluster.database_url)
        .await
        .unwrap();
    let aged = sqlx::query(
        "UPDATE refresh_tokens SET used_at = used_at - 60000 WHERE used_at IS NOT NULL",
    )
    .execute(&mut db)
    .await
    .unwrap()
    .rows_affected();
    assert_eq!(aged, 1);

    // The old token replayed on B is a theft signal: refused, and the family is dead on A too.
    let replay = cluster.refresh(b, old).await;
    assert_eq!(replay.status(), 401, "{}", cluster.logs());
    assert_eq!(
        cluster.refresh(a, new).await.status(),
        401,
        "the newest token died"
    );
    let rotated_access = rotated["access_token"].as_str().unwrap();
    assert_eq!(
        cluster
            .get(a, "/api/v1/auth/session", Some(rotated_access))
            .await
            .status(),
        401,
        "the session ended on A"
    );

    // A new sign-in on B, signed out on A, is over on B at once.
    let signed_in: Value = cluster
        .post(
            b,
            "/api/v1/auth/signin",
            &json!({ "email": "scale@example.com", "password": "sadza-nyama-2024" }),
        )
        .await
        .json()
        .await
        .unwrap();
    let token = signed_in["access_token"].as_str().unwrap();
    let out = cluster
        .client
        .post(a.url("/api/v1/auth/signout"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(out.status(), 204);
    assert_eq!(
        cluster
            .get(b, "/api/v1/auth/session", Some(token))
            .await
            .status(),
        401
    );
}

/// A PDF with enough varied bytes that a truncated or re-encoded copy would show.
fn sample_pdf() -> Vec<u8> {
    let mut pdf = b"%PDF-1.4\n".to_vec();
    let mut x: u32 = 0x9E37_79B9;
    for _ in 0..256 * 1024 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        pdf.push(b' ' + (x % 94) as u8);
    }
    pdf.extend_from_slice(b"\n%%EOF\n");
    pdf
}

#[tokio::test]
async fn a_file_uploaded_through_one_instance_downloads_through_the_other() {
    let cluster = Cluster::start().await;
    let (a, b) = (&cluster.a, &cluster.b);
    let in_flight = "documents/in-flight/resume_1.pdf";
    assert!(
        cluster.bucket.get(in_flight).await.is_ok(),
        "B's start-up clean-up kept the file A had just written"
    );

    let session = cluster.sign_up(a, "files@example.com").await;
    let token = session["access_token"].as_str().unwrap();
    let pdf = sample_pdf();
    let form = reqwest::multipart::Form::new()
        .text("document_type", "resume")
        .part(
            "file",
            reqwest::multipart::Part::bytes(pdf.clone()).file_name("cv.pdf"),
        );
    let uploaded = cluster
        .client
        .post(a.url("/api/v1/documents"))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(uploaded.status(), 201, "{}", cluster.logs());
    let body: Value = uploaded.json().await.unwrap();
    let id = body["document"]["id"].as_str().unwrap();

    let download = cluster
        .get(b, &format!("/api/v1/documents/{id}/download"), Some(token))
        .await;
    assert_eq!(download.status(), 200, "{}", cluster.logs());
    let bytes = download.bytes().await.unwrap();
    assert!(
        bytes[..] == pdf[..],
        "byte-identical on B ({} bytes)",
        bytes.len()
    );

    let stored = support::stored_paths(&cluster.bucket).await;
    assert_eq!(
        stored.len(),
        2,
        "the upload and the in-flight file: {stored:?}"
    );
    for data_dir in &cluster.data_dirs {
        assert!(
            !data_dir.join("files").exists(),
            "no file went to an instance's local disk"
        );
    }

    // A share link made on A opens on B, for anyone holding it.
    let created = cluster
        .client
        .post(a.url(&format!("/api/v1/documents/{id}/share-links")))
        .bearer_auth(token)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
    let link: Value = created.json().await.unwrap();
    let opened = cluster.get(b, link["path"].as_str().unwrap(), None).await;
    assert_eq!(opened.status(), 200, "{}", cluster.logs());
    assert!(opened.bytes().await.unwrap()[..] == pdf[..]);

    // Deleted through B: gone from the bucket, and A no longer serves it.
    let deleted = cluster
        .client
        .delete(b.url(&format!("/api/v1/documents/{id}")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), 204);
    assert_eq!(
        cluster
            .get(a, &format!("/api/v1/documents/{id}/download"), Some(token))
            .await
            .status(),
        404
    );
    let left = support::stored_paths(&cluster.bucket).await;
    assert_eq!(left, [in_flight]);
}

/// Sign-in attempts from one client, alternating A and B, until one is refused.
/// Returns how many were let through and which instance refused.
async fn sign_ins_until_refused(cluster: &Cluster, client_ip: &str) -> (usize, &'static str) {
    for attempt in 0..100 {
        let on = if attempt % 2 == 0 {
            &cluster.a
        } else {
            &cluster.b
        };
        let response = cluster
            .client
            .post(on.url("/api/v1/auth/signin"))
            .header("x-forwarded-for", client_ip)
            // A different unknown e-mail each time: only the per-address limit applies.
            .json(&json!({ "email": format!("nobody{attempt}@example.com"), "password": "sadza-nyama-2024" }))
            .send()
            .await
            .unwrap();
        match response.status().as_u16() {
            401 => {}
            429 => return (attempt, on.name),
            other => panic!(
                "attempt {attempt} on {}: {other}\n{}",
                on.name,
                cluster.logs()
            ),
        }
    }
    panic!(
        "100 sign-in attempts were never limited:\n{}",
        cluster.logs()
    );
}

#[tokio::test]
async fn a_rate_limit_is_counted_across_instances() {
    let cluster = Cluster::start().await;
    // The limit is 30 sign-in attempts per address per fixed 5-minute window. Should a
    // window end during the run, the count restarts; run again, in the fresh window.
    let window = |ms: i64| ms / (5 * 60 * 1000);
    for (run, client_ip) in ["203.0.113.7", "203.0.113.8"].into_iter().enumerate() {
        let started = window(now_ms());
        let (allowed, refused_by) = sign_ins_until_refused(&cluster, client_ip).await;
        if window(now_ms()) != started && run == 0 {
            continue;
        }
        assert_eq!(
            allowed, 30,
            "one shared limit of 30 (15 on each instance), not 30 on each"
        );
        assert_eq!(refused_by, "A", "attempt 31 went to A");
        let on_b = cluster
            .client
            .post(cluster.b.url("/api/v1/auth/signin"))
            .header("x-forwarded-for", client_ip)
            .json(&json!({ "email": "someone@example.com", "password": "sadza-nyama-2024" }))
            .send()
            .await
            .unwrap();
        assert_eq!(on_b.status(), 429, "B refuses too");
        assert!(on_b.headers().contains_key("retry-after"));
        let other_client = cluster
            .client
            .post(cluster.b.url("/api/v1/auth/signin"))
            .header("x-forwarded-for", "198.51.100.1")
            .json(&json!({ "email": "someone@example.com", "password": "sadza-nyama-2024" }))
            .send()
            .await
            .unwrap();
        assert_eq!(
            other_client.status(),
            401,
            "other addresses are not limited"
        );
        return;
    }
    panic!("two windows ended during two runs");
}

/// Three replicas started at the same moment on an empty database, demo content on (the
/// default): all three come up, and the demo employer and each demo job exist once.
#[tokio::test]
async fn three_instances_started_together_on_an_empty_database_all_serve_and_seed_once() {
    let database_url = postgres::fresh_database(&postgres::base()).await;
    let dir = tempfile::tempdir().unwrap();
    let env = vec![
        ("JOBTAP_ADDR", "127.0.0.1:0".to_string()),
        ("DATABASE_URL", database_url.clone()),
        ("JOBTAP_WEB_DIR", dir.path().display().to_string()),
        ("JOBTAP_DB_MAX_CONNECTIONS", "4".to_string()),
        (
            "JOBTAP_TOKEN_SECRET",
            uuid::Uuid::new_v4().simple().to_string(),
        ),
    ];
    let names = ["A", "B", "C"];
    let starting: Vec<Starting> = names
        .iter()
        .map(|name| Instance::spawn(name, &env, &dir.path().join(name)))
        .collect();
    let instances: Vec<Instance> = starting.into_iter().map(Starting::serving).collect();
    let client = support::http_client();
    for instance in &instances {
        let health = client
            .get(instance.url("/api/v1/health"))
            .send()
            .await
            .unwrap();
        assert_eq!(health.status(), 200, "instance {}", instance.name);
    }

    let mut conn = sqlx::PgConnection::connect(&database_url).await.unwrap();
    let demo: Value =
        serde_json::from_str(include_str!("../../fixtures/jobs/demo-employer.json")).unwrap();
    let employers: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE email = $1")
        .bind(demo["email"].as_str().unwrap().to_lowercase())
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(employers, 1, "one demo employer");
    let demo_jobs: Vec<Value> =
        serde_json::from_str(include_str!("../../fixtures/jobs/demo-jobs.json")).unwrap();
    let copies: Vec<(String, i64)> = sqlx::query_as(
        "SELECT job_title, COUNT(*) FROM jobs GROUP BY job_title, company_name, location",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap();
    assert_eq!(
        copies.len(),
        demo_jobs.len(),
        "every demo job, each once: {copies:?}"
    );
    assert!(copies.iter().all(|(_, n)| *n == 1), "{copies:?}");
    let logs: Vec<String> = instances
        .iter()
        .map(|i| i.log.lock().unwrap().join("\n"))
        .collect();
    assert_eq!(
        logs.iter()
            .filter(|log| log.contains("loaded demo content"))
            .count(),
        1,
        "one instance loaded the demo content:\n{}",
        logs.join("\n---\n")
    );
}

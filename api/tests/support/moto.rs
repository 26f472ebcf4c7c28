//! A local S3-compatible server for the tests: moto from PyPI, installed into the
//! workspace's `.venv` by `scripts/setup.sh test`. One server per test process is
//! shared ([`Moto::shared`]); a test that stops its server starts its own ([`Moto::start`]).
//!
//! The server runs under a small `sh` wrapper that kills it when its stdin closes,
//! so it goes with the test process however that ends (panic, abort, Ctrl-C).

use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use jobtap_api::storage::config::{StorageBackend, StorageConfig};
use jobtap_api::storage::object::ObjectStorage;

use super::free_port;

/// Where `scripts/setup.sh test` installs moto (relative to the workspace root).
const MOTO_SERVER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../.venv/bin/moto_server");

/// Runs `"$@"` (moto) and kills it when this script's stdin reaches end of file.
const WRAPPER: &str = r#"exec 3<&0
"$@" </dev/null &
server=$!
(read -r _ <&3; kill "$server" 2>/dev/null) </dev/null &
wait "$server""#;

/// A running moto server.
pub struct Moto {
    endpoint: String,
    wrapper: Child,
    /// Closing it stops the server.
    stdin: Option<ChildStdin>,
    log: PathBuf,
    _dir: tempfile::TempDir,
}

impl Moto {
    /// The process-wide server, started on first use.
    pub fn shared() -> &'static Moto {
        static SHARED: OnceLock<Moto> = OnceLock::new();
        SHARED.get_or_init(Moto::start)
    }

    /// Starts a server of its own on a free port and waits until it answers.
    /// Panics with the reason when moto is missing or does not come up: S3 tests
    /// never skip.
    pub fn start() -> Moto {
        let server = PathBuf::from(MOTO_SERVER);
        assert!(
            server.exists(),
            "moto_server not found at {}: run `bash scripts/setup.sh test` (it installs \
             scripts/requirements-test.txt into .venv) — the S3 tests need it",
            server.display()
        );
        // A port picked free can be taken before moto binds it: try a few.
        let mut last_failure = String::new();
        for _ in 0..3 {
            match Moto::try_start(&server) {
                Ok(moto) => return moto,
                Err(failure) => last_failure = failure,
            }
        }
        panic!("moto_server did not start: {last_failure}");
    }

    fn try_start(server: &Path) -> Result<Moto, String> {
        let dir = tempfile::tempdir().expect("temp dir");
        let log = dir.path().join("moto.log");
        let out = std::fs::File::create(&log).expect("moto log file");
        let port = free_port();
        let mut wrapper = Command::new("sh")
            .args(["-c", WRAPPER, "moto-wrapper"])
            .arg(server)
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::from(out.try_clone().expect("log handle")))
            .stderr(Stdio::from(out))
            .spawn()
            .map_err(|e| format!("could not run sh: {e}"))?;
        let stdin = wrapper.stdin.take();
        let mut moto = Moto {
            endpoint: format!("http://127.0.0.1:{port}"),
            wrapper,
            stdin,
            log,
            _dir: dir,
        };
        // moto takes a second or two to import; a loaded machine may need more.
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if answers(port) {
                return Ok(moto);
            }
            if let Ok(Some(status)) = moto.wrapper.try_wait() {
                return Err(format!("it exited ({status}): {}", moto.log_tail()));
            }
            if Instant::now() > deadline {
                let tail = moto.log_tail();
                moto.stop();
                return Err(format!("no answer within 60 s: {tail}"));
            }
            std::thread::park_timeout(Duration::from_millis(100));
        }
    }

    /// `http://127.0.0.1:<port>`.
    pub fn endpoint(&self) -> &str {
        &self.endpoint
    }

    /// Creates a bucket with a fresh name and returns the name.
    pub async fn create_bucket(&self) -> String {
        let bucket = format!(
            "jobtap-test-{}",
            &uuid::Uuid::new_v4().simple().to_string()[..16]
        );
        // moto accepts unsigned requests: no S3 client is needed to make a bucket.
        let response = super::http_client()
            .put(format!("{}/{bucket}", self.endpoint))
            .send()
            .await
            .expect("moto answers");
        assert!(
            response.status().is_success(),
            "create bucket {bucket}: {}",
            response.status()
        );
        bucket
    }

    /// The variables that point JobTap at `bucket` under `prefix` on this server.
    pub fn storage_env(&self, bucket: &str, prefix: &str) -> Vec<(&'static str, String)> {
        vec![
            ("JOBTAP_STORAGE_URL", format!("s3://{bucket}/{prefix}")),
            ("AWS_ENDPOINT_URL", self.endpoint.clone()),
            ("AWS_ALLOW_HTTP", "1".into()),
            ("AWS_ACCESS_KEY_ID", "testing".into()),
            ("AWS_SECRET_ACCESS_KEY", "testing".into()),
            ("AWS_REGION", "us-east-1".into()),
        ]
    }

    /// The store JobTap opens from [`Moto::storage_env`], opened by the test itself to see
    /// (or seed) what the app stores.
    pub fn store(&self, bucket: &str, prefix: &str) -> ObjectStorage {
        let env = self.storage_env(bucket, prefix);
        let config = StorageConfig::from_lookup(
            |k| env.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone()),
            Path::new("unused"),
        )
        .expect("storage config");
        let StorageBackend::S3(s3) = config.backend else {
            panic!("expected an S3 configuration");
        };
        ObjectStorage::s3(&s3).expect("S3 store")
    }

    /// Stops the server and waits until it has gone.
    pub fn stop(&mut self) {
        drop(self.stdin.take());
        let _ = self.wrapper.wait();
    }

    fn log_tail(&self) -> String {
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        let start = log.len().saturating_sub(2000);
        log.get(start..).unwrap_or(&log).to_string()
    }
}

impl Drop for Moto {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Whether an S3 server answers `GET /` (list buckets) with 200 on `port`.
fn answers(port: u16) -> bool {
    let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    if write!(
        stream,
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .is_err()
    {
        return false;
    }
    let mut head = [0_u8; 12];
    stream.read_exact(&mut head).is_ok() && head.starts_with(b"HTTP/1.") && &head[9..12] == b"200"
}

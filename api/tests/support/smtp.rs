//! A real SMTP server for the tests: aiosmtpd from PyPI (in the workspace's `.venv`, installed
//! by `scripts/setup.sh test`), run by `smtp_sink.py`, which saves what it receives as files.

use std::io::{BufRead as _, BufReader};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine as _;

const PYTHON: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../.venv/bin/python");
const SINK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/support/smtp_sink.py");

/// The subject of the e-mail sign-up sends to confirm the address.
const SIGN_UP_CONFIRMATION: &str = "Confirm your JobTap e-mail address";
/// A running SMTP server; it stops when dropped.
pub struct SmtpSink {
    pub port: u16,
    child: Child,
    stdin: Option<ChildStdin>,
    dir: tempfile::TempDir,
}

/// One received message: the envelope's recipients and the message as sent.
#[derive(Debug, Clone)]
pub struct Received {
    pub envelope_to: String,
    pub raw: String,
}

impl Received {
    /// The value of header `name` (first occurrence, unfolded).
    pub fn header(&self, name: &str) -> Option<String> {
        let head = self.raw.split("\r\n\r\n").next()?;
        let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
        let prefix = format!("{}:", name.to_ascii_lowercase());
        unfolded
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with(&prefix))
            .map(|l| l[prefix.len()..].trim().to_string())
    }
}

impl Received {
    /// The plain-text part, decoded from its transfer encoding (quoted-printable, base64 or
    /// none), with CRLF line ends as LF.
    pub fn text(&self) -> String {
        self.part("text/plain")
    }

    /// The multipart boundaries named in the message (an alternative part may sit inside a
    /// mixed one).
    fn boundaries(&self) -> Vec<&str> {
        self.raw
            .split("boundary=")
            .skip(1)
            .filter_map(|after| {
                let after = after.strip_prefix('"').unwrap_or(after);
                after.split(['"', '\r', '\n', ';']).next()
            })
            .filter(|b| !b.is_empty())
            .collect()
    }

    /// The first part of content type `content_type` (an attachment too), decoded as
    /// [`Self::text`] decodes.
    pub fn part(&self, content_type: &str) -> String {
        let part = self
            .raw
            .split(&format!("Content-Type: {content_type}"))
            .nth(1)
            .unwrap_or_else(|| panic!("no {content_type} part in:\n{}", self.raw));
        let (head, rest) = part.split_once("\r\n\r\n").expect("the part's body");
        // The part ends at one of the message's boundaries, not at any line starting "--": a
        // quoted-printable soft break can put one inside a link's token.
        let boundaries = self.boundaries();
        let end = boundaries
            .iter()
            .filter_map(|b| rest.find(&format!("\r\n--{b}")))
            .min()
            .or_else(|| boundaries.is_empty().then(|| rest.find("\r\n--")).flatten())
            .unwrap_or(rest.len());
        let body = &rest[..end];
        let head = head.to_ascii_lowercase();
        let bytes = if head.contains("content-transfer-encoding: quoted-printable") {
            decode_quoted_printable(body)
        } else if head.contains("content-transfer-encoding: base64") {
            base64::engine::general_purpose::STANDARD
                .decode(body.replace("\r\n", ""))
                .expect("base64 body")
        } else {
            body.as_bytes().to_vec()
        };
        String::from_utf8(bytes)
            .expect("a UTF-8 text part")
            .replace("\r\n", "\n")
    }
}

/// RFC 2045 quoted-printable: `=` at a line's end joins it to the next, `=XX` is a byte.
fn decode_quoted_printable(body: &str) -> Vec<u8> {
    let joined = body.replace("=\r\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
            if let Ok(byte) = u8::from_str_radix(hex, 16) {
                out.push(byte);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

impl SmtpSink {
    /// Starts a server on a free port.
    pub fn start() -> Self {
        Self::start_on(super::free_port())
    }

    /// Starts a server on `port` and waits until it listens. Panics when aiosmtpd is missing:
    /// the e-mail tests never skip.
    pub fn start_on(port: u16) -> Self {
        assert!(
            std::path::Path::new(PYTHON).exists(),
            "{PYTHON} not found: run `bash scripts/setup.sh test` (it installs aiosmtpd into .venv)"
        );
        let dir = tempfile::tempdir().expect("temp dir");
        let mut child = Command::new(PYTHON)
            .arg(SINK)
            .arg(port.to_string())
            .arg(dir.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the SMTP sink starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the SMTP sink speaks");
        assert_eq!(line.trim(), "ready", "the SMTP sink did not start");
        let stdin = child.stdin.take();
        Self {
            port,
            child,
            stdin,
            dir,
        }
    }

    /// `smtp://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// What arrived so far, in order, but for sign-up's "Confirm your JobTap e-mail address":
    /// every test account gets one and the shared sign-up helper follows its link from the
    /// outbox, so the tests of other e-mails read past it (`email_confirmation.rs` tests it).
    pub fn received(&self) -> Vec<Received> {
        self.received_all()
            .into_iter()
            .filter(|m| m.header("Subject").as_deref() != Some(SIGN_UP_CONFIRMATION))
            .collect()
    }

    /// Every message that arrived so far, in order.
    pub fn received_all(&self) -> Vec<Received> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(self.dir.path())
            .expect("sink folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "eml"))
            .collect();
        paths.sort();
        paths
            .iter()
            .map(|p| {
                let text = std::fs::read_to_string(p).expect("a received message");
                let (first, raw) = text.split_once("\r\n").expect("the envelope line");
                Received {
                    envelope_to: first.trim_start_matches("X-Envelope-To: ").to_string(),
                    raw: raw.to_string(),
                }
            })
            .collect()
    }

    /// Waits until `count` messages have arrived (at most 30 s) and returns them; sign-up's
    /// confirmations are not counted, as in [`Self::received`].
    pub async fn wait_for(&self, count: usize) -> Vec<Received> {
        wait_until(count, || self.received()).await
    }

    /// [`Self::wait_for`] counting every message, sign-up's confirmations too.
    pub async fn wait_for_all(&self, count: usize) -> Vec<Received> {
        wait_until(count, || self.received_all()).await
    }

    /// Waits until `count` messages to `to` whose subject starts with `subject` have arrived
    /// (at most 30 s) and returns them; other messages may come and go meanwhile.
    pub async fn wait_for_to(&self, to: &str, subject: &str, count: usize) -> Vec<Received> {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let matching: Vec<Received> = self
                .received()
                .into_iter()
                .filter(|m| {
                    m.envelope_to == to
                        && m.header("Subject").is_some_and(|s| s.starts_with(subject))
                })
                .collect();
            if matching.len() >= count {
                return matching;
            }
            assert!(
                Instant::now() < deadline,
                "{} message(s) to {to} on \"{subject}\" arrived, {count} expected",
                matching.len()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}

/// Polls `received` until it holds `count` messages (at most 30 s) and returns them.
async fn wait_until(count: usize, received: impl Fn() -> Vec<Received>) -> Vec<Received> {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let received = received();
        if received.len() >= count {
            return received;
        }
        assert!(
            Instant::now() < deadline,
            "{} message(s) arrived, {count} expected",
            received.len()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

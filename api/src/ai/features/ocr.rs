//! Text from resume images (PNG, JPG) with Debian's tesseract, run as
//! `tesseract stdin stdout` so no file is written.

use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::process::Command;

/// The longest one recognition may take: a page-sized scan takes a few seconds.
pub const OCR_TIMEOUT: Duration = Duration::from_secs(60);
/// The most text taken from one image; a resume is far shorter.
const MAX_OUTPUT: u64 = 1024 * 1024;

/// Why no text came out of an image.
#[derive(Debug, thiserror::Error)]
pub enum OcrError {
    /// tesseract is not installed on this server.
    #[error("tesseract is not installed")]
    Missing,
    #[error("text recognition took longer than {0:?}")]
    TimedOut(Duration),
    #[error("tesseract failed: {0}")]
    Failed(String),
}

/// The program run, found on `PATH` (Debian's `tesseract-ocr` package).
pub const TESSERACT: &str = "tesseract";

/// The text `program` (normally [`TESSERACT`]) reads in `image` (PNG or JPG bytes),
/// within `timeout`.
pub async fn read_image(
    program: &str,
    image: &[u8],
    timeout: Duration,
) -> Result<String, OcrError> {
    let mut child = Command::new(program)
        .args(["stdin", "stdout"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // A timed-out run must not outlive the request.
        .kill_on_drop(true)
        .spawn()
        .map_err(|err| match err.kind() {
            std::io::ErrorKind::NotFound => OcrError::Missing,
            _ => OcrError::Failed(err.to_string()),
        })?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let mut stdout = child
        .stdout
        .take()
        .expect("stdout is piped")
        .take(MAX_OUTPUT);
    let mut stderr = child
        .stderr
        .take()
        .expect("stderr is piped")
        .take(64 * 1024);
    let run = async {
        // Writing and reading at once: a large image could fill both pipes otherwise.
        let write = async {
            let result = stdin.write_all(image).await;
            drop(stdin);
            result
        };
        let mut text = Vec::new();
        let mut errors = Vec::new();
        let read = stdout.read_to_end(&mut text);
        let read_errors = stderr.read_to_end(&mut errors);
        let (written, read, _) = tokio::join!(write, read, read_errors);
        let status = child.wait().await;
        (written, read, status, text, errors)
    };
    let (written, read, status, text, errors) = tokio::time::timeout(timeout, run)
        .await
        .map_err(|_| OcrError::TimedOut(timeout))?;
    let status = status.map_err(|e| OcrError::Failed(e.to_string()))?;
    if !status.success() {
        let message = String::from_utf8_lossy(&errors);
        return Err(OcrError::Failed(
            message
                .lines()
                .last()
                .unwrap_or("no message")
                .trim()
                .to_string(),
        ));
    }
    written.map_err(|e| OcrError::Failed(format!("could not send the image: {e}")))?;
    read.map_err(|e| OcrError::Failed(e.to_string()))?;
    Ok(String::from_utf8_lossy(&text).into_owned())
}

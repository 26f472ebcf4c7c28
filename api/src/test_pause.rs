//! Test-only pause points, for the fault tests in `api/tests/faults`.
//!
//! `JOBTAP_TEST_PAUSE_AT=<point>` makes the server stop for [`PAUSE`] when it reaches that
//! point, after printing `JOBTAP_TEST_PAUSED <point> <detail>` on stderr. A test waits for the
//! line and then kills the process with SIGKILL, so it crashes exactly inside the window a
//! crash-safety rule is about, instead of hoping a timed kill lands there. Unset (the default
//! and the only sane production value) every point is a no-op.
//!
//! The points:
//! - `after_store`: an upload's file is in storage, its row is not yet written.
//! - `import_chunk`: a bulk import has inserted rows inside its open transaction.
//! - `import_committed`: a bulk import has committed, the client has no answer yet.
//! - `mail_before_send`: a queued e-mail is claimed by the sender, not yet handed over.

use std::sync::OnceLock;
use std::time::Duration;

/// Long enough for any test to notice and kill; short enough that a forgotten setting
/// only slows a server down instead of hanging it.
const PAUSE: Duration = Duration::from_secs(30);

/// Process-wide, because the points sit deep in storage and import code that has no
/// configuration at hand; set once at start-up and never changed.
static PAUSE_AT: OnceLock<String> = OnceLock::new();

/// Arms `point` (from `Config::test_pause_at`); a later call cannot re-arm another one.
pub fn install(point: Option<&str>) {
    if let Some(point) = point {
        tracing::warn!(
            point,
            "JOBTAP_TEST_PAUSE_AT is set: a test-only pause is armed"
        );
        let _ = PAUSE_AT.set(point.to_string());
    }
}

/// Pauses here if `point` is the armed one.
pub async fn at(point: &str, detail: &str) {
    if PAUSE_AT.get().is_some_and(|armed| armed == point) {
        // stderr, not the log: the test reads it whatever the log filter says.
        eprintln!("JOBTAP_TEST_PAUSED {point} {detail}");
        tokio::time::sleep(PAUSE).await;
    }
}

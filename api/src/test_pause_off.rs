//! The test pause points as production builds have them: nothing. The fault suite's build
//! (feature `test-hooks`) has the real ones, in `test_pause.rs`.

/// A build without test hooks ignores `JOBTAP_TEST_PAUSE_AT`, and says so.
pub fn install(point: Option<&str>) {
    if let Some(point) = point {
        tracing::warn!(
            point,
            "JOBTAP_TEST_PAUSE_AT is set, but this build has no test hooks: ignored"
        );
    }
}

/// A point the server passes; never pauses here.
#[allow(
    clippy::unused_async,
    reason = "the same signature as the test build's pause point"
)]
pub async fn at(_point: &str, _detail: &str) {}

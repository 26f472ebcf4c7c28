//! The AI layer, in two parts:
//! - [`engine`]: model access, one trait with the built-in and the OpenAI-compatible engines;
//! - [`features`]: the assistant functions of the spec (`/api/v1/functions/…`) that use it.
//!
//! [`markdown`] writes and renders the markdown both parts answer in; [`limits`] and
//! [`check_limit`] cap each user's calls, since each may cost a paid model request.

pub mod engine;
pub mod features;
pub mod markdown;

use crate::auth::rate_limit::{self, Limit};
use crate::error::{ApiError, error_responses};
use crate::state::AppState;

/// Per-user limits on the AI functions: each call may cost a paid model request.
pub mod limits {
    use super::Limit;

    /// `max` calls in any minute, counted under `name`.
    const fn per_minute(name: &'static str, max: i64) -> Limit {
        Limit {
            name,
            max,
            window_ms: 60 * 1000,
        }
    }

    /// `swipejob-chat`.
    pub const CHAT: Limit = per_minute("ai-chat", 30);
    /// `analyze-resume` and `upgrade-resume` (large bodies, OCR).
    pub const RESUME: Limit = per_minute("ai-resume", 10);
    /// `generate-application` and `ai-job-assistance`.
    pub const WRITING: Limit = per_minute("ai-writing", 30);
    /// `analyze-interview`: one per finished interview, which takes minutes.
    pub const INTERVIEW: Limit = per_minute("ai-interview", 10);
}

error_responses! {
    /// The 429 of a route counted against [`limits::WRITING`].
    pub OverWritingLimit {
        429 => "Over the writing limit",
    }
}

/// Counts one call of `user_id` against `limit`; past it, 429 with `Retry-After`.
pub async fn check_limit(state: &AppState, limit: Limit, user_id: &str) -> Result<(), ApiError> {
    rate_limit::hit(&state.db, limit, user_id, state.now_ms())
        .await
        .map_err(|err| match err {
            ApiError::TooManyRequests {
                retry_after_secs, ..
            } => ApiError::TooManyRequests {
                message: format!(
                    "Too many AI requests. Please wait {retry_after_secs} second{} and try again.",
                    if retry_after_secs == 1 { "" } else { "s" }
                ),
                retry_after_secs,
            },
            other => other,
        })
}

//! The AI engine: writes cover letters (and, later, chat answers and analyses).
//!
//! Handlers reach it through [`engine`] as a trait object, so a remote model
//! can replace the built-in one without touching them.

pub mod builtin;
pub mod job_assistance;
pub mod routes;

use std::fmt::Debug;

use futures_util::future::BoxFuture;

use jobtap_core::cover_letter::{CoverLetter, CoverLetterJob, CoverLetterProfile};

use crate::error::ApiError;
use crate::state::AppState;

/// What a cover letter is written from.
#[derive(Debug, Clone)]
pub struct CoverLetterInput {
    pub profile: CoverLetterProfile,
    pub job: CoverLetterJob,
}

/// Why the engine could not answer.
#[derive(Debug, thiserror::Error)]
pub enum AiError {
    /// The engine is down or over its limits; the caller may retry.
    #[error("the AI engine is unavailable: {0}")]
    Unavailable(String),
    /// Anything else (a malformed answer, a bug).
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

impl From<AiError> for ApiError {
    fn from(err: AiError) -> Self {
        match err {
            AiError::Unavailable(reason) => {
                tracing::warn!(%reason, "AI engine unavailable");
                Self::Unavailable(
                    "The AI service is temporarily unavailable. Please try again.".into(),
                )
            }
            AiError::Other(err) => Self::Internal(err.context("AI engine failed")),
        }
    }
}

/// An engine that writes text for the candidate. Object-safe, so the state can hold
/// any implementation as `Arc<dyn AiEngine>`.
pub trait AiEngine: Send + Sync + Debug {
    /// A cover letter and e-mail subject for one application.
    fn cover_letter<'a>(
        &'a self,
        input: &'a CoverLetterInput,
    ) -> BoxFuture<'a, Result<CoverLetter, AiError>>;
}

/// The engine handlers use. For now always the built-in one; it is meant to move
/// into [`AppState`] (configured at start) without changing callers.
pub fn engine(_state: &AppState) -> &'static dyn AiEngine {
    static BUILTIN: builtin::BuiltinEngine = builtin::BuiltinEngine;
    &BUILTIN
}

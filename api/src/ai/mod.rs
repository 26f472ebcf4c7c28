//! The AI engine: cover letters, chat answers, job-posting help and resume
//! feedback, behind one trait with two implementations chosen at start.
//!
//! - [`builtin::BuiltinEngine`] (the default): deterministic, offline, composed
//!   from `jobtap_core`'s rules and the caller's real data.
//! - [`openai::OpenAiEngine`]: any OpenAI-compatible chat-completions server;
//!   every answer it cannot get or cannot trust falls back to the built-in one.
//!
//! Handlers reach the configured engine through [`engine`].

pub mod builtin;
pub mod chat;
pub mod config;
pub mod interview;
pub mod job_assistance;
pub mod knowledge;
pub mod markdown;
pub mod ocr;
pub mod openai;
pub mod resume_tools;
pub mod routes;
pub mod swipejob_chat;

use std::fmt::Debug;
use std::sync::Arc;

use futures_util::future::BoxFuture;

use jobtap_core::cover_letter::{CoverLetter, CoverLetterJob, CoverLetterProfile};

use crate::auth::rate_limit::{self, Limit};
use crate::error::ApiError;
use crate::state::AppState;

pub use chat::{ChatContext, ChatMessage};

/// What a cover letter is written from.
#[derive(Debug, Clone)]
pub struct CoverLetterInput {
    pub profile: CoverLetterProfile,
    pub job: CoverLetterJob,
    /// 0 for the first letter; each "Regenerate" in the apply dialog asks for the next.
    pub regeneration: u32,
}

/// What an employer typed into the post form so far (spec, employer side §7
/// `ai-job-assistance`); each kind of help reads the fields it needs.
#[derive(Debug, Clone, Default)]
pub struct JobDraft {
    pub job_title: String,
    pub company_name: String,
    pub job_type: String,
    /// "Not specified" or blank when the employer chose none.
    pub experience_level: String,
    pub description: String,
    /// Comma-joined, as the form sends them.
    pub requirements: String,
    /// Comma-joined, as the form sends them.
    pub skills: String,
}

/// A resume's rubric result, for a readable account of it.
#[derive(Debug, Clone)]
pub struct ResumeFeedbackInput {
    /// The rubric's score, 0–100; never the model's.
    pub score: u32,
    /// The role the resume was judged against, if any.
    pub target: Option<String>,
    /// Rules the resume passed, by title.
    pub strengths: Vec<String>,
    /// Recommendations of the rules it failed, most points first.
    pub recommendations: Vec<String>,
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

/// An engine that writes text for candidates and employers. Object-safe, so the
/// state holds whichever was configured as `Arc<dyn AiEngine>`.
pub trait AiEngine: Send + Sync + Debug {
    /// A cover letter and e-mail subject for one application.
    fn cover_letter<'a>(
        &'a self,
        input: &'a CoverLetterInput,
    ) -> BoxFuture<'a, Result<CoverLetter, AiError>>;

    /// The assistant's markdown answer to the last user message of `messages`.
    fn chat<'a>(
        &'a self,
        messages: &'a [ChatMessage],
        context: &'a ChatContext,
    ) -> BoxFuture<'a, Result<String, AiError>>;

    /// A job description from the title, company, type and level.
    fn job_description<'a>(&'a self, draft: &'a JobDraft)
    -> BoxFuture<'a, Result<String, AiError>>;

    /// Skills to ask for, from the title and description.
    fn job_skills<'a>(&'a self, draft: &'a JobDraft)
    -> BoxFuture<'a, Result<Vec<String>, AiError>>;

    /// A minimum talent score in percent, from how demanding the posting is.
    fn talent_score<'a>(&'a self, draft: &'a JobDraft) -> BoxFuture<'a, Result<f64, AiError>>;

    /// A short markdown account of a resume's rubric result.
    fn resume_feedback<'a>(
        &'a self,
        input: &'a ResumeFeedbackInput,
    ) -> BoxFuture<'a, Result<String, AiError>>;

    /// An interview report's summary, action plan and resources, tied to its weak metrics.
    fn interview_narrative<'a>(
        &'a self,
        input: &'a interview::InterviewInput,
    ) -> BoxFuture<'a, Result<jobtap_core::interview::Narrative, AiError>>;
}

/// The engine the configuration names: the built-in one unless a remote server is set.
pub fn from_config(config: &config::AiConfig) -> anyhow::Result<Arc<dyn AiEngine>> {
    Ok(match &config.remote {
        None => {
            tracing::info!("AI engine: built-in");
            Arc::new(builtin::BuiltinEngine)
        }
        Some(remote) => Arc::new(openai::OpenAiEngine::new(remote.clone())?),
    })
}

/// The engine handlers use.
pub fn engine(state: &AppState) -> &dyn AiEngine {
    state.ai.as_ref()
}

/// Per-user limits on the AI functions: each call may cost a paid model request.
pub mod limits {
    use super::Limit;

    const MINUTE: i64 = 60 * 1000;

    /// `swipejob-chat`.
    pub const CHAT: Limit = Limit {
        name: "ai-chat",
        max: 30,
        window_ms: MINUTE,
    };
    /// `analyze-resume` and `upgrade-resume` (large bodies, OCR).
    pub const RESUME: Limit = Limit {
        name: "ai-resume",
        max: 10,
        window_ms: MINUTE,
    };
    /// `generate-application` and `ai-job-assistance`.
    pub const WRITING: Limit = Limit {
        name: "ai-writing",
        max: 30,
        window_ms: MINUTE,
    };
    /// `analyze-interview`: one per finished interview, which takes minutes.
    pub const INTERVIEW: Limit = Limit {
        name: "ai-interview",
        max: 10,
        window_ms: MINUTE,
    };
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

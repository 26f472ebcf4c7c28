//! Model access: cover letters, chat answers, job-posting help, resume feedback and interview
//! narratives, behind one trait with two implementations chosen at start.
//!
//! - [`builtin::BuiltinEngine`] (the default): deterministic, offline, composed
//!   from `jobtap_core`'s rules and the caller's real data.
//! - [`openai::OpenAiEngine`]: any OpenAI-compatible chat-completions server;
//!   every answer it cannot get or cannot trust falls back to the built-in one.
//!
//! The assistant features (`super::features`) reach the configured engine as `state.ai`.

pub mod builtin;
pub mod chat;
pub mod config;
pub mod openai;

use std::fmt::Debug;
use std::sync::Arc;

use futures_util::future::BoxFuture;

use jobtap_core::cover_letter::{CoverLetter, CoverLetterJob, CoverLetterProfile};
use jobtap_core::interview::{InterviewScores, JobTitle};

use crate::error::ApiError;

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

/// A practice interview's figures, for its narrative.
#[derive(Debug, Clone)]
pub struct InterviewInput {
    pub job_title: JobTitle,
    /// Computed by the server from the measurements, never taken from the client.
    pub scores: InterviewScores,
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

    /// A reworded `upgraded` resume (core's rewrite), or `None` to keep it as it is. The
    /// caller checks the answer's facts against `upgraded` before using it.
    fn resume_rewording<'a>(
        &'a self,
        upgraded: &'a str,
        target: Option<&'a str>,
    ) -> BoxFuture<'a, Result<Option<String>, AiError>>;

    /// An interview report's summary, action plan and resources, tied to its weak metrics.
    fn interview_narrative<'a>(
        &'a self,
        input: &'a InterviewInput,
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

//! The OpenAI-compatible engine: `POST {base}/chat/completions`, which OpenAI,
//! Ollama, vLLM and llama.cpp's server all speak.
//!
//! ## How it behaves
//! Each request has the configured timeout and is retried once after a
//! timeout, a connection failure or a 5xx answer. Prompts carry the profile
//! and job data the answer needs. Structured answers (letters, skills, scores)
//! are asked for as JSON and checked; a cover letter is also checked for claims
//! the profile does not support. When the model fails or answers out of shape,
//! a warning is logged and the built-in engine answers instead, so a feature
//! never breaks because a model did.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::time::Duration;

mod answers;
mod prompts;

use anyhow::Context as _;
use futures_util::future::BoxFuture;
use secrecy::ExposeSecret as _;
use serde::{Deserialize, Serialize};

use jobtap_core::cover_letter::CoverLetter;
use jobtap_core::interview::Narrative;
use jobtap_core::interview::advice;

use super::builtin::BuiltinEngine;
use super::chat::{ChatContext, ChatMessage, Role};
use super::config::RemoteAiConfig;
use super::{AiEngine, AiError, CoverLetterInput, InterviewInput, JobDraft, ResumeFeedbackInput};
use answers::{
    InterviewAnswer, LetterAnswer, check_interview, check_letter, linked_job_ids, numbers_before,
    parse_json, parse_score, parse_skills, strip_fences,
};
use prompts::{
    INTERVIEW_RULES, chat_data, chat_rules, interview_facts, letter_facts, or_unspecified, quoted,
};

/// Conversation turns sent to the model; older ones are left out.
pub const HISTORY_SENT: usize = 20;
/// The log line when a skills answer is not a JSON list (the spec's own words).
pub const MSG_UNPARSABLE_SKILLS: &str = "Unable to parse AI suggestions";

/// Why a remote answer could not be used.
#[derive(Debug, thiserror::Error)]
pub enum RemoteError {
    #[error("the model did not answer within {0:?}")]
    Timeout(Duration),
    #[error("could not reach the model server: {0}")]
    Transport(String),
    #[error("the model server answered HTTP {status}: {body}")]
    Status { status: u16, body: String },
    #[error("the model's answer is out of shape: {0}")]
    Malformed(String),
}

impl RemoteError {
    /// Worth one more try: the server may answer next time.
    fn is_transient(&self) -> bool {
        match self {
            Self::Timeout(_) | Self::Transport(_) => true,
            Self::Status { status, .. } => *status >= 500,
            Self::Malformed(_) => false,
        }
    }
}

/// A chat-completions client that falls back to [`BuiltinEngine`].
#[derive(Debug)]
pub struct OpenAiEngine {
    client: reqwest::Client,
    endpoint: String,
    config: RemoteAiConfig,
}

#[derive(Debug, Serialize)]
struct CompletionRequest<'a> {
    model: &'a str,
    messages: &'a [Message<'a>],
    // No `temperature`: some models (OpenAI's reasoning ones) refuse any but their default.
    stream: bool,
}

/// One message of a prompt.
#[derive(Debug, Serialize)]
struct Message<'a> {
    role: &'static str,
    content: Cow<'a, str>,
}

impl<'a> Message<'a> {
    fn system(content: impl Into<Cow<'a, str>>) -> Self {
        Self {
            role: "system",
            content: content.into(),
        }
    }
    fn user(content: impl Into<Cow<'a, str>>) -> Self {
        Self {
            role: "user",
            content: content.into(),
        }
    }
}

#[derive(Debug, Deserialize)]
struct CompletionResponse {
    choices: Vec<Choice>,
}

#[derive(Debug, Deserialize)]
struct Choice {
    message: ChoiceMessage,
}

#[derive(Debug, Deserialize)]
struct ChoiceMessage {
    content: Option<String>,
}

impl OpenAiEngine {
    /// A client for the server `config` names.
    pub fn new(config: RemoteAiConfig) -> anyhow::Result<Self> {
        let client = crate::tls::http_client_builder()
            .connect_timeout(config.timeout.min(Duration::from_secs(10)))
            .user_agent(concat!("JobTap/", env!("CARGO_PKG_VERSION")))
            .build()
            .context("Failed to build the AI model's HTTP client")?;
        tracing::info!(base_url = %config.base_url, model = %config.model, "AI engine: OpenAI-compatible server");
        Ok(Self {
            client,
            endpoint: format!("{}/chat/completions", config.base_url),
            config,
        })
    }

    /// The model's answer to `messages`, retried once on a transient failure.
    async fn complete(&self, messages: &[Message<'_>]) -> Result<String, RemoteError> {
        match self.attempt(messages).await {
            Err(err) if err.is_transient() => {
                tracing::info!(error = %err, "retrying the AI model once");
                self.attempt(messages).await
            }
            other => other,
        }
    }

    async fn attempt(&self, messages: &[Message<'_>]) -> Result<String, RemoteError> {
        let body = CompletionRequest {
            model: &self.config.model,
            messages,
            stream: false,
        };
        let mut request = self
            .client
            .post(&self.endpoint)
            .timeout(self.config.timeout)
            .json(&body);
        if let Some(key) = &self.config.api_key {
            request = request.bearer_auth(key.expose_secret());
        }
        let transport = |err: reqwest::Error| {
            if err.is_timeout() {
                RemoteError::Timeout(self.config.timeout)
            } else {
                RemoteError::Transport(err.to_string())
            }
        };
        let response = request.send().await.map_err(transport)?;
        let status = response.status();
        if !status.is_success() {
            let text = response.text().await.unwrap_or_default();
            return Err(RemoteError::Status {
                status: status.as_u16(),
                body: text.chars().take(300).collect(),
            });
        }
        let bytes = response.bytes().await.map_err(transport)?;
        let parsed: CompletionResponse = serde_json::from_slice(&bytes)
            .map_err(|e| RemoteError::Malformed(format!("not a chat completion: {e}")))?;
        parsed
            .choices
            .into_iter()
            .next()
            .and_then(|c| c.message.content)
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty())
            .ok_or_else(|| RemoteError::Malformed("no message content".into()))
    }

    /// The model's cover letter, if it is well formed and claims nothing unsupported.
    pub async fn remote_letter(
        &self,
        input: &CoverLetterInput,
    ) -> Result<CoverLetter, RemoteError> {
        let prompt = [
            Message::system(
                "You write cover letters that are sent in the candidate's name. Use only the \
                 facts given about the candidate: never claim a skill, qualification, employer or \
                 number of years that is not listed. Answer with JSON only, in the form \
                 {\"subject\": \"...\", \"body\": \"...\"}. The body is plain text (no markdown), \
                 150 to 300 words, ends with the candidate's name, and the subject reads \
                 \"Application for <job title> – <candidate name>\".",
            ),
            Message::user(letter_facts(input)),
        ];
        let answer = self.complete(&prompt).await?;
        let letter: LetterAnswer = parse_json(&answer)?;
        check_letter(input, &letter)
    }

    /// The model's chat answer, if every job it links is one of the caller's ranked jobs.
    pub async fn remote_chat(
        &self,
        messages: &[ChatMessage],
        context: &ChatContext,
    ) -> Result<String, RemoteError> {
        let mut prompt = vec![
            Message::system(chat_rules(context)),
            Message::system(chat_data(messages, context)),
        ];
        let start = messages.len().saturating_sub(HISTORY_SENT);
        prompt.extend(messages[start..].iter().map(|m| Message {
            role: match m.role {
                Role::User => "user",
                Role::Assistant => "assistant",
            },
            content: Cow::Borrowed(m.content.as_str()),
        }));
        let answer = self.complete(&prompt).await?;
        if answer.chars().count() > 8000 {
            return Err(RemoteError::Malformed("the answer is too long".into()));
        }
        if let Some(unknown) = linked_job_ids(&answer)
            .into_iter()
            .find(|id| !context.jobs.iter().any(|j| &j.id == id))
        {
            return Err(RemoteError::Malformed(format!(
                "the answer links a job that is not in the list: {unknown}"
            )));
        }
        Ok(answer)
    }

    /// The model's job description, if it is of a sensible length.
    pub async fn remote_description(&self, draft: &JobDraft) -> Result<String, RemoteError> {
        let prompt = [
            Message::system(
                "You write job postings. Write plain text without markdown headings, 120 to 300 \
                 words: an opening paragraph, the main duties as lines starting with \"- \", and \
                 who should apply. Use only the facts given: do not invent a salary, benefits, \
                 location or company facts.",
            ),
            Message::user(format!(
                "Job title: {}\nCompany: {}\nJob type: {}\nExperience level: {}",
                draft.job_title.trim(),
                draft.company_name.trim(),
                draft.job_type.trim(),
                or_unspecified(&draft.experience_level),
            )),
        ];
        let answer = strip_fences(&self.complete(&prompt).await?).to_string();
        let chars = answer.chars().count();
        if !(80..=6000).contains(&chars) {
            return Err(RemoteError::Malformed(format!(
                "a description of {chars} characters"
            )));
        }
        Ok(answer)
    }

    /// The model's skills, if they are a JSON list of short names.
    pub async fn remote_skills(&self, draft: &JobDraft) -> Result<Vec<String>, RemoteError> {
        let prompt = [
            Message::system(
                "You suggest the skills a job posting should ask for. Answer with a JSON array of \
                 3 to 8 short skill names and nothing else, for example [\"SQL\", \"Excel\", \
                 \"Power BI\"].",
            ),
            Message::user(format!(
                "Job title: {}\nDescription: {}",
                draft.job_title.trim(),
                quoted(&draft.description)
            )),
        ];
        let answer = self.complete(&prompt).await?;
        parse_skills(&answer)
    }

    /// The model's talent score, if it is a number from 0 to 100.
    pub async fn remote_score(&self, draft: &JobDraft) -> Result<f64, RemoteError> {
        let prompt = [
            Message::system(
                "You suggest the minimum talent score (a fit percentage from 0 to 100) candidates \
                 must reach to apply to a job. Most jobs use 20 to 75: higher for senior and \
                 demanding roles, lower for junior ones. Answer with JSON only: {\"score\": <number>}.",
            ),
            Message::user(format!(
                "Job title: {}\nDescription: {}\nRequirements: {}\nSkills: {}",
                draft.job_title.trim(),
                quoted(&draft.description),
                draft.requirements.trim(),
                draft.skills.trim()
            )),
        ];
        let answer = self.complete(&prompt).await?;
        parse_score(&answer)
    }

    /// The model's account of a rubric result, if it does not restate another score.
    pub async fn remote_feedback(
        &self,
        input: &ResumeFeedbackInput,
    ) -> Result<String, RemoteError> {
        let mut findings = format!("ATS score: {}/100\n", input.score);
        if let Some(target) = &input.target {
            let _ = writeln!(findings, "Target role: {target}");
        }
        findings.push_str("Passed:\n");
        for s in &input.strengths {
            let _ = writeln!(findings, "- {s}");
        }
        findings.push_str("Recommendations:\n");
        for r in &input.recommendations {
            let _ = writeln!(findings, "- {r}");
        }
        let prompt = [
            Message::system(
                "You explain an applicant-tracking-system (ATS) review of a resume to its owner. \
                 Write Markdown, under 200 words: what works, then what to improve, using only the \
                 findings given. Do not change the score.",
            ),
            Message::user(findings),
        ];
        let answer = self.complete(&prompt).await?;
        let stated = numbers_before(&answer, "/100");
        if stated.iter().any(|n| *n != input.score) {
            return Err(RemoteError::Malformed(
                "the answer states another score".into(),
            ));
        }
        if answer.chars().count() > 4000 {
            return Err(RemoteError::Malformed("the answer is too long".into()));
        }
        Ok(answer)
    }

    /// The model's rewording of an upgraded resume: plain text of about the same length.
    /// Whether it keeps the facts is the caller's check ([`jobtap_core::resume::upgrade::fact_check`]).
    pub async fn remote_rewording(
        &self,
        upgraded: &str,
        target: Option<&str>,
    ) -> Result<String, RemoteError> {
        let mut request = String::new();
        if let Some(target) = target {
            let _ = writeln!(request, "Target role: {target}\n");
        }
        request.push_str(upgraded);
        let prompt = [
            Message::system(
                "You polish the wording of a resume for applicant tracking systems. Keep its \
                 headings, its order and one line per line; keep every name, employer, school, \
                 place, date, number and skill exactly as written, and add none. Start bullets \
                 with \"- \" and a strong verb. Answer with the resume as plain text only.",
            ),
            Message::user(request),
        ];
        let answer = self.complete(&prompt).await?;
        let answer = answer.trim();
        if answer.is_empty() || answer.chars().count() > 2 * upgraded.chars().count() + 500 {
            return Err(RemoteError::Malformed(
                "the answer is empty or far longer than the resume".into(),
            ));
        }
        Ok(format!("{answer}\n"))
    }

    /// The model's coaching text for an interview report, if it states no other
    /// score and links only curated resources of the weak metrics.
    pub async fn remote_interview(&self, input: &InterviewInput) -> Result<Narrative, RemoteError> {
        let allowed = advice::curated_for(&input.scores);
        let prompt = [
            Message::system(INTERVIEW_RULES),
            Message::user(interview_facts(input, &allowed)),
        ];
        let answer = self.complete(&prompt).await?;
        let parsed: InterviewAnswer = parse_json(&answer)?;
        check_interview(input, &allowed, parsed)
    }
}

/// The model's answer from `remote`, or, when it fails or answers out of shape, the built-in
/// engine's (`builtin`) after a warning: a feature never breaks because a model did.
async fn or_builtin<T>(
    task: &'static str,
    remote: impl Future<Output = Result<T, RemoteError>>,
    builtin: impl FnOnce() -> T,
) -> Result<T, AiError> {
    Ok(remote.await.unwrap_or_else(|err| {
        let reason = if task == "job_skills" && matches!(err, RemoteError::Malformed(_)) {
            MSG_UNPARSABLE_SKILLS
        } else {
            "the AI model failed"
        };
        tracing::warn!(task, error = %err, "{reason}; using the built-in engine");
        builtin()
    }))
}

impl AiEngine for OpenAiEngine {
    fn cover_letter<'a>(
        &'a self,
        input: &'a CoverLetterInput,
    ) -> BoxFuture<'a, Result<CoverLetter, AiError>> {
        Box::pin(or_builtin(
            "cover_letter",
            self.remote_letter(input),
            || BuiltinEngine::letter(input),
        ))
    }

    fn chat<'a>(
        &'a self,
        messages: &'a [ChatMessage],
        context: &'a ChatContext,
    ) -> BoxFuture<'a, Result<String, AiError>> {
        Box::pin(or_builtin(
            "chat",
            self.remote_chat(messages, context),
            || BuiltinEngine::chat_answer(messages, context),
        ))
    }

    fn job_description<'a>(
        &'a self,
        draft: &'a JobDraft,
    ) -> BoxFuture<'a, Result<String, AiError>> {
        Box::pin(or_builtin(
            "job_description",
            self.remote_description(draft),
            || BuiltinEngine::description(draft),
        ))
    }

    fn job_skills<'a>(
        &'a self,
        draft: &'a JobDraft,
    ) -> BoxFuture<'a, Result<Vec<String>, AiError>> {
        Box::pin(or_builtin("job_skills", self.remote_skills(draft), || {
            BuiltinEngine::skills(draft)
        }))
    }

    fn talent_score<'a>(&'a self, draft: &'a JobDraft) -> BoxFuture<'a, Result<f64, AiError>> {
        Box::pin(or_builtin("talent_score", self.remote_score(draft), || {
            BuiltinEngine::score(draft)
        }))
    }

    fn resume_feedback<'a>(
        &'a self,
        input: &'a ResumeFeedbackInput,
    ) -> BoxFuture<'a, Result<String, AiError>> {
        Box::pin(or_builtin(
            "resume_feedback",
            self.remote_feedback(input),
            || BuiltinEngine::feedback(input),
        ))
    }

    fn resume_rewording<'a>(
        &'a self,
        upgraded: &'a str,
        target: Option<&'a str>,
    ) -> BoxFuture<'a, Result<Option<String>, AiError>> {
        // No built-in rewording: the upgrade stands as the core wrote it.
        let remote = async move { self.remote_rewording(upgraded, target).await.map(Some) };
        Box::pin(or_builtin("resume_rewording", remote, || None))
    }

    fn interview_narrative<'a>(
        &'a self,
        input: &'a InterviewInput,
    ) -> BoxFuture<'a, Result<Narrative, AiError>> {
        Box::pin(or_builtin(
            "interview_narrative",
            self.remote_interview(input),
            || BuiltinEngine::interview(input),
        ))
    }
}

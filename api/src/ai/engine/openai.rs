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

use anyhow::Context as _;
use futures_util::future::BoxFuture;
use secrecy::ExposeSecret as _;
use serde::{Deserialize, Serialize};

use jobtap_core::cover_letter::{self, CoverLetter};
use jobtap_core::interview::Narrative;
use jobtap_core::interview::advice::{self, CuratedResource};
use jobtap_core::score::{normalise_skill, skills_in_text};

use super::builtin::BuiltinEngine;
use super::chat::{self, ChatContext, ChatMessage, Intent, ResumeContext, Role, plain_words};
use super::config::RemoteAiConfig;
use super::{AiEngine, AiError, CoverLetterInput, InterviewInput, JobDraft, ResumeFeedbackInput};

/// Conversation turns sent to the model; older ones are left out.
pub const HISTORY_SENT: usize = 20;
/// Longest job description quoted in a prompt, in characters.
const DESCRIPTION_QUOTED: usize = 3000;
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

/// Logs why the model's answer was not used; the built-in answer follows.
fn fall_back(task: &'static str, err: &RemoteError) {
    let reason = if task == "job_skills" && matches!(err, RemoteError::Malformed(_)) {
        MSG_UNPARSABLE_SKILLS
    } else {
        "the AI model failed"
    };
    tracing::warn!(task, error = %err, "{reason}; using the built-in engine");
}

impl AiEngine for OpenAiEngine {
    fn cover_letter<'a>(
        &'a self,
        input: &'a CoverLetterInput,
    ) -> BoxFuture<'a, Result<CoverLetter, AiError>> {
        Box::pin(async move {
            Ok(self.remote_letter(input).await.unwrap_or_else(|err| {
                fall_back("cover_letter", &err);
                BuiltinEngine::letter(input)
            }))
        })
    }

    fn chat<'a>(
        &'a self,
        messages: &'a [ChatMessage],
        context: &'a ChatContext,
    ) -> BoxFuture<'a, Result<String, AiError>> {
        Box::pin(async move {
            Ok(self
                .remote_chat(messages, context)
                .await
                .unwrap_or_else(|err| {
                    fall_back("chat", &err);
                    BuiltinEngine::chat_answer(messages, context)
                }))
        })
    }

    fn job_description<'a>(
        &'a self,
        draft: &'a JobDraft,
    ) -> BoxFuture<'a, Result<String, AiError>> {
        Box::pin(async move {
            Ok(self.remote_description(draft).await.unwrap_or_else(|err| {
                fall_back("job_description", &err);
                BuiltinEngine::description(draft)
            }))
        })
    }

    fn job_skills<'a>(
        &'a self,
        draft: &'a JobDraft,
    ) -> BoxFuture<'a, Result<Vec<String>, AiError>> {
        Box::pin(async move {
            Ok(self.remote_skills(draft).await.unwrap_or_else(|err| {
                fall_back("job_skills", &err);
                BuiltinEngine::skills(draft)
            }))
        })
    }

    fn talent_score<'a>(&'a self, draft: &'a JobDraft) -> BoxFuture<'a, Result<f64, AiError>> {
        Box::pin(async move {
            Ok(self.remote_score(draft).await.unwrap_or_else(|err| {
                fall_back("talent_score", &err);
                BuiltinEngine::score(draft)
            }))
        })
    }

    fn resume_feedback<'a>(
        &'a self,
        input: &'a ResumeFeedbackInput,
    ) -> BoxFuture<'a, Result<String, AiError>> {
        Box::pin(async move {
            Ok(self.remote_feedback(input).await.unwrap_or_else(|err| {
                fall_back("resume_feedback", &err);
                BuiltinEngine::feedback(input)
            }))
        })
    }

    fn resume_rewording<'a>(
        &'a self,
        upgraded: &'a str,
        target: Option<&'a str>,
    ) -> BoxFuture<'a, Result<Option<String>, AiError>> {
        Box::pin(async move {
            Ok(match self.remote_rewording(upgraded, target).await {
                Ok(reworded) => Some(reworded),
                Err(err) => {
                    fall_back("resume_rewording", &err);
                    None
                }
            })
        })
    }

    fn interview_narrative<'a>(
        &'a self,
        input: &'a InterviewInput,
    ) -> BoxFuture<'a, Result<Narrative, AiError>> {
        Box::pin(async move {
            Ok(self.remote_interview(input).await.unwrap_or_else(|err| {
                fall_back("interview_narrative", &err);
                BuiltinEngine::interview(input)
            }))
        })
    }
}

// ---------------------------------------------------------------------------
// Prompts
// ---------------------------------------------------------------------------

fn or_unspecified(value: &str) -> &str {
    let value = value.trim();
    if value.is_empty() {
        "Not specified"
    } else {
        value
    }
}

/// `text` trimmed and cut to [`DESCRIPTION_QUOTED`] characters.
fn quoted(text: &str) -> String {
    text.trim().chars().take(DESCRIPTION_QUOTED).collect()
}

fn letter_facts(input: &CoverLetterInput) -> String {
    let p = &input.profile;
    let j = &input.job;
    let name = if p.full_name.trim().is_empty() {
        cover_letter::DEFAULT_NAME
    } else {
        p.full_name.trim()
    };
    let none = "(none listed)";
    let mut out = String::from("Candidate:\n");
    let _ = writeln!(out, "- Name: {name}");
    let _ = writeln!(
        out,
        "- Skills: {}",
        if p.skills.is_empty() {
            none.to_string()
        } else {
            p.skills.join(", ")
        }
    );
    let _ = writeln!(
        out,
        "- Years of experience: {}",
        p.experience_years
            .filter(|y| *y > 0)
            .map_or_else(|| "(not stated)".to_string(), |y| y.to_string())
    );
    let _ = writeln!(
        out,
        "- Degree class: {}",
        p.degree_class.as_deref().unwrap_or(none)
    );
    let _ = writeln!(
        out,
        "- University: {}",
        p.university.as_deref().unwrap_or(none)
    );
    let common = cover_letter::skills_in_common(p, j);
    let _ = writeln!(
        out,
        "- Skills the candidate has that the job asks for: {}",
        if common.is_empty() {
            none.to_string()
        } else {
            common.join(", ")
        }
    );
    if let Some(field) = p.degree_field.as_deref().filter(|f| !f.trim().is_empty()) {
        let _ = writeln!(out, "- Field of study: {}", field.trim());
    }
    for role in &p.roles {
        let _ = writeln!(
            out,
            "- Role held: {} ({} months){}",
            role.title.trim(),
            role.months,
            if role.bullets.is_empty() { "" } else { ":" }
        );
        for bullet in &role.bullets {
            let _ = writeln!(out, "  - {}", bullet.trim());
        }
    }
    match j.fit_percentage {
        Some(fit) => {
            let _ = writeln!(
                out,
                "- Fit for this job: {fit:.1}% (say \"{}\" only from {}%)",
                cover_letter::STRONG_MATCH_PHRASE,
                cover_letter::STRONG_MATCH_FROM
            );
        }
        None => {
            let _ = writeln!(
                out,
                "- Fit for this job: not known (do not call it \"{}\")",
                cover_letter::STRONG_MATCH_PHRASE
            );
        }
    }
    out.push_str("\nJob:\n");
    let _ = writeln!(out, "- Title: {}", j.job_title.trim());
    let _ = writeln!(out, "- Company: {}", j.company_name.trim());
    if !j.skills.is_empty() {
        let _ = writeln!(out, "- Skills wanted: {}", j.skills.join(", "));
    }
    if !j.requirements.is_empty() {
        let _ = writeln!(out, "- Requirements: {}", j.requirements.join("; "));
    }
    if let Some(years) = j.experience_years {
        let _ = writeln!(out, "- Years asked for: {years}");
    }
    let _ = writeln!(out, "- Description: {}", quoted(&j.job_description));
    if input.regeneration > 0 {
        let _ = writeln!(
            out,
            "\nThe candidate asked for another draft (number {}): open and close the letter \
             differently from a standard one; the facts stay the same.",
            input.regeneration + 1
        );
    }
    out
}

fn chat_rules(context: &ChatContext) -> String {
    let who = if context.is_employer {
        "employers"
    } else {
        "job seekers"
    };
    format!(
        "You are SwipeJob AI, the assistant inside JobTap, a swipe-style job-matching app. You \
         help {who} find matching jobs, compare their resume with jobs, and answer career \
         questions. Rules: answer in Markdown, briefly (under 250 words). Mention only jobs from \
         the data below and link each with the link given there; never invent jobs, companies, \
         scores or facts about the user. Fit scores are JobTap's own. If you cannot help, say so \
         honestly and say what you can do: find jobs ranked by fit score, match the default \
         resume against them, and give career advice."
    )
}

/// What the model may rely on: the profile, the ranked jobs, the resume comparison
/// and the knowledge base's answer, each as the built-in engine would put it.
fn chat_data(messages: &[ChatMessage], context: &ChatContext) -> String {
    let p = &context.profile;
    let mut out = String::from("Data about the user (from JobTap):\n");
    if !context.first_name.is_empty() {
        let _ = writeln!(out, "- First name: {}", context.first_name);
    }
    let _ = writeln!(
        out,
        "- Skills: {}",
        if p.skills.is_empty() {
            "(none listed)".to_string()
        } else {
            p.skills.join(", ")
        }
    );
    let _ = writeln!(
        out,
        "- Years of experience: {}",
        p.experience_years
            .map_or_else(|| "(not stated)".into(), |y| y.to_string())
    );
    let _ = writeln!(
        out,
        "- Degree class: {}",
        p.degree_class.as_deref().unwrap_or("(not stated)")
    );
    let _ = writeln!(
        out,
        "- University: {}",
        p.university.as_deref().unwrap_or("(not stated)")
    );
    out.push_str("\nOpen jobs ranked by the user's fit score:\n\n");
    out.push_str(&chat::answer(Intent::FindJobs, context));
    if context.resume != ResumeContext::NotRead {
        out.push_str("\n\nThe user's default resume compared with those jobs:\n\n");
        out.push_str(&chat::answer(Intent::MatchResume, context));
    }
    if let Intent::Advice(Some(topic)) = chat::intent_of(messages) {
        out.push_str("\n\nJobTap's advice on this topic, to draw on:\n\n");
        out.push_str(topic.answer);
    }
    out
}

// ---------------------------------------------------------------------------
// Reading answers
// ---------------------------------------------------------------------------

/// `answer` without a surrounding markdown code fence.
fn strip_fences(answer: &str) -> &str {
    let trimmed = answer.trim();
    let Some(rest) = trimmed.strip_prefix("```") else {
        return trimmed;
    };
    // Drop the info string (`json`) on the opening line.
    let rest = rest.split_once('\n').map_or("", |(_, body)| body);
    rest.trim_end().strip_suffix("```").unwrap_or(rest).trim()
}

/// The JSON value in `answer`, tolerating a code fence or words around it.
fn parse_json<T: serde::de::DeserializeOwned>(answer: &str) -> Result<T, RemoteError> {
    let body = strip_fences(answer);
    if let Ok(value) = serde_json::from_str(body) {
        return Ok(value);
    }
    let start = body.find(['{', '[']);
    let end = body.rfind(['}', ']']);
    match (start, end) {
        (Some(s), Some(e)) if s < e => serde_json::from_str(&body[s..=e])
            .map_err(|err| RemoteError::Malformed(format!("invalid JSON: {err}"))),
        _ => Err(RemoteError::Malformed("no JSON in the answer".into())),
    }
}

#[derive(Debug, Deserialize)]
struct LetterAnswer {
    subject: String,
    body: String,
}

/// Skills as a JSON list of short names (or `{"skills": [...]}`).
fn parse_skills(answer: &str) -> Result<Vec<String>, RemoteError> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Skills {
        List(Vec<String>),
        Object { skills: Vec<String> },
    }
    let list = match parse_json::<Skills>(answer)? {
        Skills::List(list) | Skills::Object { skills: list } => list,
    };
    let mut out: Vec<String> = Vec::new();
    for skill in list {
        let skill = skill.trim().to_string();
        if skill.is_empty() || skill.chars().count() > 60 {
            return Err(RemoteError::Malformed(format!(
                "not a skill name: {skill:?}"
            )));
        }
        if !out.iter().any(|s| s.eq_ignore_ascii_case(&skill)) {
            out.push(skill);
        }
    }
    if out.is_empty() || out.len() > 15 {
        return Err(RemoteError::Malformed(format!("{} skills", out.len())));
    }
    out.truncate(8);
    Ok(out)
}

/// A score as `{"score": n}` or a bare number (a `%` allowed), 0–100, rounded.
fn parse_score(answer: &str) -> Result<f64, RemoteError> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Score {
        Number(f64),
        Object {
            #[serde(alias = "talentScore", alias = "talent_score")]
            score: f64,
        },
    }
    let body = strip_fences(answer);
    let bare = body.trim_end_matches('%').trim().parse::<f64>().ok();
    let value = match bare {
        Some(n) => n,
        None => match parse_json::<Score>(body)? {
            Score::Number(n) | Score::Object { score: n } => n,
        },
    };
    if value.is_finite() && (0.0..=100.0).contains(&value) {
        Ok(value.round())
    } else {
        Err(RemoteError::Malformed(format!("a score of {value}")))
    }
}

/// The letter if it is well formed and claims no skill or years the profile lacks.
fn check_letter(
    input: &CoverLetterInput,
    letter: &LetterAnswer,
) -> Result<CoverLetter, RemoteError> {
    let subject = letter.subject.trim().to_string();
    let body = letter.body.trim().to_string();
    if !(5..=200).contains(&subject.chars().count()) || subject.contains('\n') {
        return Err(RemoteError::Malformed(
            "the subject is missing or too long".into(),
        ));
    }
    if !(100..=6000).contains(&body.chars().count()) {
        return Err(RemoteError::Malformed(
            "the letter is too short or too long".into(),
        ));
    }
    let words = format!(" {} ", plain_words(&body));
    for skill in lacking_skills(input) {
        let phrase = plain_words(&skill);
        if !phrase.is_empty() && words.contains(&format!(" {phrase} ")) {
            return Err(RemoteError::Malformed(format!(
                "the letter claims a skill the profile lacks: {skill}"
            )));
        }
    }
    let allowed = [input.profile.experience_years, input.job.experience_years];
    let tokens: Vec<&str> = words.split_whitespace().collect();
    for pair in tokens.windows(2) {
        let years_word = pair[1].starts_with("year") || pair[1] == "yrs";
        if let (true, Ok(n)) = (years_word, pair[0].trim_end_matches('+').parse::<i64>())
            && !allowed.contains(&Some(n))
        {
            return Err(RemoteError::Malformed(format!(
                "the letter claims {n} years the profile does not hold"
            )));
        }
    }
    // The same fact check the built-in letter is held to.
    let problems = cover_letter::unsupported_claims(&body, &input.profile, &input.job);
    if let Some(problem) = problems.first() {
        return Err(RemoteError::Malformed(format!(
            "the letter makes a claim the facts do not hold: {problem}"
        )));
    }
    Ok(CoverLetter { subject, body })
}

/// The job's wanted skills that the profile does not hold.
fn lacking_skills(input: &CoverLetterInput) -> Vec<String> {
    let job = &input.job;
    let wanted: Vec<String> = if job.skills.is_empty() {
        let text = format!("{}. {}", job.requirements.join(". "), job.job_description);
        skills_in_text(&text)
            .into_iter()
            .map(|(_, display)| display.to_string())
            .collect()
    } else {
        job.skills.clone()
    };
    let held: Vec<String> = input
        .profile
        .skills
        .iter()
        .map(|s| normalise_skill(s))
        .collect();
    wanted
        .into_iter()
        .filter(|w| !held.contains(&normalise_skill(w)))
        .collect()
}

/// Ids of the job pages `answer` links to (`/job/{id}`).
fn linked_job_ids(answer: &str) -> Vec<String> {
    answer
        .match_indices("/job/")
        .map(|(at, m)| {
            answer[at + m.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect::<String>()
        })
        .filter(|id| !id.is_empty())
        .collect()
}

const INTERVIEW_RULES: &str = "You coach a candidate after a practice video interview. \
Only the figures given were measured, in the candidate's browser: nobody saw the video or heard \
the words, so never comment on what was said, on appearance or on anything not in the figures. \
A metric that was not measured must not be scored or guessed. Do not state any score other than \
those given. Answer with JSON only, in the form {\"summary\": \"...\", \"actionPlan\": \
[\"...\"], \"resourceIds\": [\"...\"]}. The summary is 2 to 4 plain sentences naming the \
overall score and the weak metrics. The action plan has 2 to 6 concrete steps, the weak metrics \
first, each citing the figure it should improve. resourceIds are picked only from the ids listed. \
Write no URLs.";

/// The measured figures and the resources the model may pick, as the prompt's user message.
fn interview_facts(input: &InterviewInput, allowed: &[CuratedResource]) -> String {
    let scores = &input.scores;
    let mut out = format!("Position: {}\n", input.job_title.as_str());
    let _ = writeln!(
        out,
        "Overall score: {}",
        scores
            .overall_score
            .map_or_else(|| "not measured".to_string(), |s| format!("{s}/100"))
    );
    out.push_str("Metrics (0 to 10):\n");
    for metric in &scores.metrics {
        let value = metric
            .score
            .map_or_else(|| "not measured".to_string(), |s| format!("{s:.1}/10"));
        let _ = writeln!(out, "- {}: {value}. {}", metric.label, metric.basis);
    }
    let weak: Vec<&str> = scores.weak_metrics.iter().map(|m| m.label()).collect();
    let _ = writeln!(
        out,
        "Weak metrics (below 7/10): {}",
        if weak.is_empty() {
            "none".to_string()
        } else {
            weak.join(", ")
        }
    );
    out.push_str("Answers:\n");
    for a in &scores.answers {
        let _ = writeln!(
            out,
            "- Question {}: {:.1} s long, speaking {}, longest silence {}",
            a.question,
            a.duration_seconds,
            a.speaking_percent
                .map_or_else(|| "not measured".to_string(), |p| format!("{p}%")),
            a.longest_silence_seconds
                .map_or_else(|| "not measured".to_string(), |s| format!("{s:.1} s")),
        );
    }
    out.push_str("Resources you may pick (id: title):\n");
    for r in allowed {
        let _ = writeln!(out, "- {}: {}", r.id, r.title);
    }
    out
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct InterviewAnswer {
    summary: String,
    action_plan: Vec<String>,
    #[serde(default)]
    resource_ids: Vec<String>,
}

/// The model's coaching text, if it keeps to the figures and the curated links.
fn check_interview(
    input: &InterviewInput,
    allowed: &[CuratedResource],
    answer: InterviewAnswer,
) -> Result<Narrative, RemoteError> {
    let malformed = |why: &str| Err(RemoteError::Malformed(why.to_string()));
    let summary = answer.summary.trim().to_string();
    if !(20..=1500).contains(&summary.chars().count()) {
        return malformed("the summary is empty or too long");
    }
    let action_plan: Vec<String> = answer
        .action_plan
        .into_iter()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    if !(2..=8).contains(&action_plan.len()) || action_plan.iter().any(|s| s.chars().count() > 400)
    {
        return malformed("the action plan is not 2 to 8 short steps");
    }
    if std::iter::once(&summary)
        .chain(&action_plan)
        .any(|t| t.contains("://") || t.contains("www."))
    {
        return malformed("the text carries a link of its own");
    }
    let stated = numbers_before(&summary, "/100");
    if stated
        .iter()
        .any(|n| Some(*n) != input.scores.overall_score)
    {
        return malformed("the summary states another overall score");
    }
    let mut resources = Vec::new();
    for id in &answer.resource_ids {
        let Some(resource) = allowed.iter().find(|r| r.id == id.trim()) else {
            return malformed("a resource that is not one of the weak metrics' curated ones");
        };
        if !resources.contains(&resource.to_resource()) {
            resources.push(resource.to_resource());
        }
    }
    if resources.is_empty() {
        resources = allowed.iter().map(|r| r.to_resource()).collect();
    }
    Ok(Narrative {
        summary,
        action_plan,
        resources,
    })
}

/// The whole numbers written right before `suffix` ("72/100").
fn numbers_before(text: &str, suffix: &str) -> Vec<u32> {
    text.match_indices(suffix)
        .filter_map(|(at, _)| {
            let digits: String = text[..at]
                .chars()
                .rev()
                .take_while(char::is_ascii_digit)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            digits.parse().ok()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use jobtap_core::cover_letter::{CoverLetterJob, CoverLetterProfile};

    #[test]
    fn skills_must_be_a_json_list_of_names() {
        assert_eq!(
            parse_skills("```json\n[\"SQL\", \"Excel\", \"sql\"]\n```").unwrap(),
            vec!["SQL", "Excel"]
        );
        assert_eq!(
            parse_skills("{\"skills\": [\"Rust\"]}").unwrap(),
            vec!["Rust"]
        );
        assert!(parse_skills("SQL, Excel and Python").is_err());
        assert!(parse_skills("[]").is_err());
        assert!(parse_skills("[1, 2]").is_err());
    }

    #[test]
    fn scores_must_be_numbers_from_0_to_100() {
        assert!((parse_score("{\"score\": 42.4}").unwrap() - 42.0).abs() < f64::EPSILON);
        assert!((parse_score("55%").unwrap() - 55.0).abs() < f64::EPSILON);
        assert!(parse_score("about fifty").is_err());
        assert!(parse_score("{\"score\": 140}").is_err());
    }

    fn input(skills: &[&str], years: Option<i64>) -> CoverLetterInput {
        CoverLetterInput {
            profile: CoverLetterProfile {
                full_name: "Rudo Moyo".into(),
                skills: skills.iter().map(|s| (*s).to_string()).collect(),
                experience_years: years,
                ..Default::default()
            },
            job: CoverLetterJob {
                job_title: "Data Analyst".into(),
                company_name: "Acme".into(),
                skills: vec!["SQL".into(), "Power BI".into()],
                ..Default::default()
            },
            regeneration: 0,
        }
    }

    fn letter(body: &str) -> LetterAnswer {
        LetterAnswer {
            subject: "Application for Data Analyst – Rudo Moyo".into(),
            body: format!(
                "Dear Acme team, {body} {}",
                "I look forward to hearing from you. ".repeat(3)
            ),
        }
    }

    #[test]
    fn letters_claiming_what_the_profile_lacks_are_refused() {
        let held = input(&["SQL"], Some(2));
        assert!(
            check_letter(
                &held,
                &letter("I use SQL daily with 2 years of experience.")
            )
            .is_ok()
        );
        assert!(check_letter(&held, &letter("I am an expert in Power BI.")).is_err());
        assert!(check_letter(&held, &letter("I bring 7 years of experience.")).is_err());
    }

    #[test]
    fn answers_are_read_through_fences_and_links_are_found() {
        assert_eq!(strip_fences("```\nhello\n```"), "hello");
        assert_eq!(
            linked_job_ids("[a](/job/abc-1) and [b](/job/x_2)"),
            vec!["abc-1", "x_2"]
        );
        assert_eq!(
            numbers_before("Score 72/100, not 9/100", "/100"),
            vec![72, 9]
        );
    }
}

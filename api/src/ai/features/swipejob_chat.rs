//! `POST /api/v1/functions/swipejob-chat`: the assistant (spec, candidate side
//! §7; employer side §7). The body is `{ messages: [{role, content}], userId }`;
//! the answer `{ message, html }` holds the markdown and its safe HTML.
//!
//! The caller's data is gathered here, so both engines answer from the same
//! facts: the profile, live jobs ranked by the caller's fit score, and (for
//! "Match my resume") the default resume compared with the best of them.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::reply::Response;

use jobtap_core::resume::{AtsTarget, analyze};
use jobtap_core::sample_job::is_sample_job;
use jobtap_core::score::{CandidateProfile, score_many, skills_in_text};

use crate::accounts::store::Role as AccountRole;
use crate::auth::extract::{AuthUser, Bearer, bearer};
use crate::documents::store as documents;
use crate::error::{ApiError, ErrorBody};
use crate::feed::{requirements_of, store as feed_store};
use crate::http::{Json, json_body, route, under};
use crate::jobs::store::{self as jobs, LiveJobs};
use crate::state::AppState;

use super::resume_tools;
use crate::ai::engine::chat::{
    self, ChatContext, ChatMessage, JOBS_MATCHED, RankedJob, ResumeContext, ResumeMatch, Role,
    Search,
};
use crate::ai::{check_limit, limits, markdown};

/// Live jobs ranked per question: the newest this many (a bound on the work per message).
pub const JOBS_RANKED: i64 = 500;
/// Ranked jobs kept for the answer.
pub const JOBS_KEPT: usize = 10;
use jobtap_core::chat::Intent;
pub use jobtap_core::chat::MAX_MESSAGE_CHARS;
use jobtap_core::chat::too_long_message;
pub const MSG_EMPTY: &str = "Please enter a message";
pub const MSG_BAD_ROLE: &str = "Each message's role must be user or assistant";

/// The spec's body. Its `userId` is not read (unknown fields are ignored): the
/// token names the caller, so no one chats with another user's data.
#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
struct ChatBody {
    messages: Vec<RawMessage>,
}

// Serialize only so the document can show the body's default.
#[derive(Debug, Serialize, Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
struct RawMessage {
    /// `user` or `assistant`.
    role: String,
    content: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct ChatReply {
    /// Markdown, as the spec's `message`.
    message: String,
    /// The same, rendered to HTML with raw HTML and unsafe links removed.
    html: String,
}

/// POST /api/v1/functions/swipejob-chat
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    route!(under("functions", state);
        warp::path!("swipejob-chat"), warp::post(), bearer(), json_body() => swipejob_chat)
}

#[utoipa::path(post, path = "/api/v1/functions/swipejob-chat", tag = "ai",
    security(("bearer" = [])),
    request_body = ChatBody,
    responses(
        (status = 200, description = "The assistant's answer", body = ChatReply),
        (status = 422, description = "No message, a bad role or a message over the length limit (core's `chat::MAX_MESSAGE_CHARS`)", body = ErrorBody),
        (status = 429, description = "Over the chat limit", body = ErrorBody),
    ))]
async fn swipejob_chat(
    state: AppState,
    bearer: Bearer,
    body: Json<ChatBody>,
) -> Result<impl warp::Reply, ApiError> {
    let (user, body) = bearer.user_and_body(&state, body).await?;
    check_limit(&state, limits::CHAT, &user.id).await?;
    let messages = validate(body.messages)?;
    let intent = chat::intent_of(&messages);
    let question = messages.last().map_or("", |m| m.content.as_str());
    let context = gather(&state, &user, intent, question).await?;
    let message = state.ai.chat(&messages, &context).await?;
    let html = markdown::to_safe_html(&message);
    Ok(warp::reply::json(&ChatReply { message, html }))
}

fn validate(raw: Vec<RawMessage>) -> Result<Vec<ChatMessage>, ApiError> {
    let mut messages = Vec::with_capacity(raw.len());
    for m in raw {
        let role = match m.role.trim() {
            "user" => Role::User,
            "assistant" => Role::Assistant,
            _ => return Err(ApiError::field("messages", MSG_BAD_ROLE)),
        };
        if m.content.chars().count() > MAX_MESSAGE_CHARS {
            return Err(ApiError::field("messages", too_long_message()));
        }
        messages.push(ChatMessage {
            role,
            content: m.content,
        });
    }
    match messages.last() {
        Some(last) if last.role == Role::User && !last.content.trim().is_empty() => Ok(messages),
        _ => Err(ApiError::field("messages", MSG_EMPTY)),
    }
}

/// The caller's facts for the answer; the resume is read only when asked about.
async fn gather(
    state: &AppState,
    user: &AuthUser,
    intent: Intent,
    question: &str,
) -> Result<ChatContext, ApiError> {
    let profile = feed_store::scoring_profile(state, &user.id).await?;
    let first_name = profile
        .as_ref()
        .and_then(|p| p.full_name.split_whitespace().next().map(str::to_string))
        .unwrap_or_default();
    let candidate = profile.as_ref().map_or_else(
        CandidateProfile::default,
        feed_store::ScoringProfile::candidate,
    );
    let terms = if intent == Intent::FindJobs {
        jobtap_core::chat::search_terms(question)
    } else {
        Vec::new()
    };
    let (jobs, search) = ranked_jobs(state, user, &candidate, &terms).await?;
    let resume = if intent == Intent::MatchResume {
        resume_context(state, user, &jobs).await?
    } else {
        ResumeContext::NotRead
    };
    Ok(ChatContext {
        search,
        first_name,
        is_employer: user.has(AccountRole::Employer),
        profile: candidate,
        jobs,
        resume,
    })
}

/// Live jobs the caller has not applied to (samples left out), best fit first;
/// equal scores keep the feed's order, newest first. With search `terms`, only the jobs
/// they name, when any does; the search says which it was.
pub async fn ranked_jobs(
    state: &AppState,
    user: &AuthUser,
    candidate: &CandidateProfile,
    terms: &[String],
) -> Result<(Vec<RankedJob>, Option<Search>), ApiError> {
    let live = jobs::live_jobs_page(
        &state.db,
        LiveJobs::Feed(&user.id),
        state.now_ms(),
        None,
        JOBS_RANKED,
    )
    .await?;
    let mut open: Vec<_> = live
        .into_iter()
        .filter(|j| !j.applied && !is_sample_job(&j.fields.id))
        .collect();
    let search = (!terms.is_empty()).then(|| {
        let named: Vec<bool> = open
            .iter()
            .map(|job| {
                let mut texts = vec![
                    job.fields.job_title.as_str(),
                    job.fields.company_name.as_str(),
                    job.fields.location.as_str(),
                ];
                texts.extend(job.fields.skills.iter().map(String::as_str));
                jobtap_core::chat::names_job(terms, &texts)
            })
            .collect();
        let found = named.contains(&true);
        if found {
            let mut keep = named.into_iter();
            open.retain(|_| keep.next().unwrap_or(false));
        }
        Search {
            words: terms.to_vec(),
            found,
        }
    });
    let requirements: Vec<_> = open.iter().map(requirements_of).collect();
    let scores = score_many(candidate, &requirements);
    let mut ranked: Vec<RankedJob> = open
        .into_iter()
        .zip(scores)
        .map(|(job, fit)| {
            let wanted_skills = if job.fields.skills.is_empty() {
                skills_in_text(&job.fields.requirements.join(". "))
                    .into_iter()
                    .map(|(_, display)| display.to_string())
                    .collect()
            } else {
                job.fields.skills.clone()
            };
            RankedJob {
                id: job.fields.id,
                title: job.fields.job_title,
                company: job.fields.company_name,
                location: job.fields.location,
                job_type: job.fields.job_type,
                score_percentage: fit.score_percentage,
                meets_threshold: fit.meets_threshold,
                threshold: fit.threshold,
                missing_skills: fit.missing_skills,
                wanted_skills,
            }
        })
        .collect();
    ranked.sort_by(|a, b| b.score_percentage.total_cmp(&a.score_percentage));
    ranked.truncate(JOBS_KEPT);
    Ok((ranked, search))
}

/// The default resume read and compared with the best jobs.
async fn resume_context(
    state: &AppState,
    user: &AuthUser,
    jobs: &[RankedJob],
) -> Result<ResumeContext, ApiError> {
    let Some(document) = documents::list(&state.db, &user.id)
        .await?
        .into_iter()
        .find(|d| d.is_default)
    else {
        return Ok(ResumeContext::Missing);
    };
    let bytes = state
        .storage
        .get(&document.file_path)
        .await
        .map_err(ApiError::from)?;
    let text = match resume_tools::read_resume(&document.file_name, &bytes).await {
        Ok(text) => text,
        Err(err) => {
            return Ok(ResumeContext::Unreadable {
                file_name: document.file_name,
                reason: err.to_string(),
            });
        }
    };
    let best = &jobs[..jobs.len().min(JOBS_MATCHED)];
    // Judged against the best job, as the candidate would aim their resume.
    let target = best
        .first()
        .map_or_else(AtsTarget::default, |job| AtsTarget {
            role: job.title.clone(),
            job_types: Vec::new(),
            skills: job.wanted_skills.clone(),
        });
    let report = analyze(&text, &target);
    Ok(ResumeContext::Read(ResumeMatch {
        file_name: document.file_name,
        ats_score: Some(report.score),
        recommendations: resume_tools::recommendations(&report),
        jobs: chat::match_resume_to_jobs(&text, best),
    }))
}

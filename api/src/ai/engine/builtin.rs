//! The built-in engine: deterministic answers from the rules in `jobtap_core`
//! and the caller's data, with no network calls. Always available, so no
//! feature depends on a third party, and the remote engine's fall-back.

use std::fmt::Write as _;

use futures_util::future::BoxFuture;

use jobtap_core::cover_letter::{self, CoverLetter};
use jobtap_core::interview::{self, Narrative};
use jobtap_core::job_assist;
use jobtap_core::resume::ATS_TARGET_SCORE;

use super::chat::{self, ChatContext, ChatMessage};
use super::{AiEngine, AiError, CoverLetterInput, InterviewInput, JobDraft, ResumeFeedbackInput};
use crate::ai::markdown::text;

/// Composes every answer locally.
#[derive(Debug, Default, Clone, Copy)]
pub struct BuiltinEngine;

impl BuiltinEngine {
    /// The letter, written with [`cover_letter::compose_variant`].
    pub fn letter(input: &CoverLetterInput) -> CoverLetter {
        cover_letter::compose_variant(&input.profile, &input.job, input.regeneration)
    }

    /// The chat answer for the last user message.
    pub fn chat_answer(messages: &[ChatMessage], context: &ChatContext) -> String {
        chat::answer(chat::intent_of(messages), context)
    }

    /// A job description from the draft's title, company, type and level.
    pub fn description(draft: &JobDraft) -> String {
        job_assist::description(
            &draft.job_title,
            &draft.company_name,
            &draft.job_type,
            &draft.experience_level,
        )
    }

    /// Skills the draft names, then the role's usual ones.
    pub fn skills(draft: &JobDraft) -> Vec<String> {
        job_assist::skills(&draft.job_title, &draft.description)
    }

    /// A threshold matching how demanding the draft is.
    pub fn score(draft: &JobDraft) -> f64 {
        job_assist::talent_score(
            &draft.job_title,
            &draft.description,
            &draft.requirements,
            &draft.skills,
        )
    }

    /// The interview report's coaching text, from core's rules and curated resources.
    pub fn interview(input: &InterviewInput) -> Narrative {
        interview::builtin_narrative(&input.job_title, &input.scores)
    }

    /// A markdown account of the rubric's result.
    pub fn feedback(input: &ResumeFeedbackInput) -> String {
        let mut out = format!("**ATS score: {}/100**", input.score);
        if let Some(target) = input.target.as_deref().filter(|t| !t.trim().is_empty()) {
            let _ = write!(out, " for *{}*", text(target));
        }
        out.push_str(if input.score >= ATS_TARGET_SCORE {
            " — your resume is ATS-optimised.\n\n"
        } else {
            " — below the 85 that applicant tracking systems reward.\n\n"
        });
        if !input.strengths.is_empty() {
            out.push_str("**What works**\n\n");
            for s in &input.strengths {
                let _ = writeln!(out, "- {}", text(s));
            }
            out.push('\n');
        }
        // The recommendations are listed once, by the dialog, under this account.
        if input.recommendations.is_empty() {
            out.push_str("No changes are needed: every rule of the rubric passed.");
        } else {
            let _ = write!(
                out,
                "{} {} below.",
                input.recommendations.len(),
                if input.recommendations.len() == 1 {
                    "change is listed"
                } else {
                    "changes are listed"
                }
            );
        }
        out
    }
}

impl AiEngine for BuiltinEngine {
    fn cover_letter<'a>(
        &'a self,
        input: &'a CoverLetterInput,
    ) -> BoxFuture<'a, Result<CoverLetter, AiError>> {
        Box::pin(std::future::ready(Ok(Self::letter(input))))
    }

    fn chat<'a>(
        &'a self,
        messages: &'a [ChatMessage],
        context: &'a ChatContext,
    ) -> BoxFuture<'a, Result<String, AiError>> {
        Box::pin(std::future::ready(Ok(Self::chat_answer(messages, context))))
    }

    fn job_description<'a>(
        &'a self,
        draft: &'a JobDraft,
    ) -> BoxFuture<'a, Result<String, AiError>> {
        Box::pin(std::future::ready(Ok(Self::description(draft))))
    }

    fn job_skills<'a>(
        &'a self,
        draft: &'a JobDraft,
    ) -> BoxFuture<'a, Result<Vec<String>, AiError>> {
        Box::pin(std::future::ready(Ok(Self::skills(draft))))
    }

    fn talent_score<'a>(&'a self, draft: &'a JobDraft) -> BoxFuture<'a, Result<f64, AiError>> {
        Box::pin(std::future::ready(Ok(Self::score(draft))))
    }

    fn resume_feedback<'a>(
        &'a self,
        input: &'a ResumeFeedbackInput,
    ) -> BoxFuture<'a, Result<String, AiError>> {
        Box::pin(std::future::ready(Ok(Self::feedback(input))))
    }

    /// Core's rewrite is the built-in engine's upgrade: nothing to reword.
    fn resume_rewording<'a>(
        &'a self,
        _upgraded: &'a str,
        _target: Option<&'a str>,
    ) -> BoxFuture<'a, Result<Option<String>, AiError>> {
        Box::pin(std::future::ready(Ok(None)))
    }

    fn interview_narrative<'a>(
        &'a self,
        input: &'a InterviewInput,
    ) -> BoxFuture<'a, Result<Narrative, AiError>> {
        Box::pin(std::future::ready(Ok(Self::interview(input))))
    }
}

//! What the model is told: the rules and the facts of each request.

use std::fmt::Write as _;

use jobtap_core::cover_letter;
use jobtap_core::interview::advice::CuratedResource;

use jobtap_core::chat::Intent;

use super::super::chat::{self, ChatContext, ChatMessage, ResumeContext};
use super::super::{CoverLetterInput, InterviewInput};

/// Longest job description quoted in a prompt, in characters.
pub(super) const DESCRIPTION_QUOTED: usize = 3000;
pub(super) fn or_unspecified(value: &str) -> &str {
    let value = value.trim();
    if value.is_empty() {
        "Not specified"
    } else {
        value
    }
}

/// `items` joined by commas, or `none` when there are none.
fn listed<S: AsRef<str>>(items: &[S], none: &str) -> String {
    if items.is_empty() {
        return none.to_string();
    }
    items
        .iter()
        .map(AsRef::as_ref)
        .collect::<Vec<_>>()
        .join(", ")
}

/// `text` trimmed and cut to [`DESCRIPTION_QUOTED`] characters.
pub(super) fn quoted(text: &str) -> String {
    text.trim().chars().take(DESCRIPTION_QUOTED).collect()
}

pub(super) fn letter_facts(input: &CoverLetterInput) -> String {
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
    let _ = writeln!(out, "- Skills: {}", listed(&p.skills, none));
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
        listed(&common, none)
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

pub(super) fn chat_rules(context: &ChatContext) -> String {
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
pub(super) fn chat_data(messages: &[ChatMessage], context: &ChatContext) -> String {
    let p = &context.profile;
    let mut out = String::from("Data about the user (from JobTap):\n");
    if !context.first_name.is_empty() {
        let _ = writeln!(out, "- First name: {}", context.first_name);
    }
    let _ = writeln!(out, "- Skills: {}", listed(&p.skills, "(none listed)"));
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

pub(super) const INTERVIEW_RULES: &str = "You coach a candidate after a practice video interview. \
Only the figures given were measured, in the candidate's browser: nobody saw the video or heard \
the words, so never comment on what was said, on appearance or on anything not in the figures. \
A metric that was not measured must not be scored or guessed. Do not state any score other than \
those given. Answer with JSON only, in the form {\"summary\": \"...\", \"actionPlan\": \
[\"...\"], \"resourceIds\": [\"...\"]}. The summary is 2 to 4 plain sentences naming the \
overall score and the weak metrics. The action plan has 2 to 6 concrete steps, the weak metrics \
first, each citing the figure it should improve. resourceIds are picked only from the ids listed. \
Write no URLs.";

/// The measured figures and the resources the model may pick, as the prompt's user message.
pub(super) fn interview_facts(input: &InterviewInput, allowed: &[CuratedResource]) -> String {
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
    let _ = writeln!(out, "Weak metrics (below 7/10): {}", listed(&weak, "none"));
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

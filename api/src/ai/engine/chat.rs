//! The chat assistant's understanding of a message and the built-in engine's
//! answers (spec, candidate side §2 "AI chat widget", §7 `swipejob-chat`).
//!
//! ## What it answers
//! - "Find me a job": the caller's best live jobs, ranked by their fit score,
//!   with links to each job. A question that names what to look for ("any
//!   pharmacist jobs in Harare?") keeps the jobs whose title, skills, company or
//!   place name it ([`search_terms`]), ranked the same way; jobs under their
//!   employer's minimum fit are never listed as fits.
//! - "Match my resume": the default resume read and compared with those jobs
//!   (skills found and missing per job, and the resume's ATS score).
//! - "Career advice" and common questions: the curated [`knowledge`] base, with
//!   advice drawn from the caller's own data (skills their best jobs ask for).
//! - Anything else: an honest account of what the assistant can do.
//!
//! ## Why
//! The built-in engine runs offline, so it must not pretend: every job it names
//! exists and is live, every score is the server's, and it says so when it
//! cannot help.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use jobtap_core::resume::ATS_TARGET_SCORE;
use jobtap_core::score::text::percent_text;
use jobtap_core::score::{CandidateProfile, normalise_skill, skills_in_text};

use crate::ai::markdown::{job_link, text};
use jobtap_core::chat::knowledge::{self, Audience};
use jobtap_core::chat::{Intent, intent, plain_words};

/// Jobs listed for "Find me a job".
pub const JOBS_LISTED: usize = 5;
/// Jobs the resume is compared with for "Match my resume".
pub const JOBS_MATCHED: usize = 3;

/// Who wrote a chat message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    User,
    Assistant,
}

/// One message of the conversation (spec §3 "Chat message").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatMessage {
    pub role: Role,
    pub content: String,
}

/// A live job ranked for the caller.
#[derive(Debug, Clone, PartialEq)]
pub struct RankedJob {
    pub id: String,
    pub title: String,
    pub company: String,
    pub location: String,
    pub job_type: String,
    /// The caller's fit, one decimal.
    pub score_percentage: f64,
    pub meets_threshold: bool,
    /// The employer's minimum, percent.
    pub threshold: f64,
    /// The job's skills the caller's profile lacks.
    pub missing_skills: Vec<String>,
    /// The skills the job asks for (its list, or those its texts name).
    pub wanted_skills: Vec<String>,
}

/// The default resume compared with one job.
#[derive(Debug, Clone, PartialEq)]
pub struct JobMatch {
    pub job: RankedJob,
    /// Wanted skills the resume mentions.
    pub found: Vec<String>,
    /// Wanted skills the resume does not mention.
    pub missing: Vec<String>,
}

/// The default resume, read and compared with the best jobs.
#[derive(Debug, Clone, PartialEq)]
pub struct ResumeMatch {
    pub file_name: String,
    /// The rubric's ATS score, 0–100, against the best job's title.
    pub ats_score: Option<u32>,
    /// The rubric's recommendations, most points first.
    pub recommendations: Vec<String>,
    pub jobs: Vec<JobMatch>,
}

/// The default resume as far as the chat could get with it.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum ResumeContext {
    /// Not read: the question did not need it.
    #[default]
    NotRead,
    /// The caller has no default resume.
    Missing,
    /// It exists but no text could be read from it.
    Unreadable {
        file_name: String,
        reason: String,
    },
    Read(ResumeMatch),
}

/// What a job question asked for, and whether any live job answered it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Search {
    /// The question's own words that name what to look for, as typed.
    pub words: Vec<String>,
    /// Whether some live job matches them (else the jobs are the best overall).
    pub found: bool,
}

/// The caller's data the answer may use, gathered by the route.
#[derive(Debug, Clone, Default)]
pub struct ChatContext {
    /// What the last question looked for, when it named anything.
    pub search: Option<Search>,
    pub first_name: String,
    pub is_employer: bool,
    pub profile: CandidateProfile,
    /// Live jobs the caller has not applied to, best fit first.
    pub jobs: Vec<RankedJob>,
    pub resume: ResumeContext,
}

/// What the last user message in `messages` asks for.
pub fn intent_of(messages: &[ChatMessage]) -> Intent {
    messages
        .iter()
        .rev()
        .find(|m| m.role == Role::User)
        .map_or(Intent::Unknown, |m| intent(&m.content))
}

/// The built-in engine's markdown answer.
pub fn answer(intent: Intent, context: &ChatContext) -> String {
    match intent {
        Intent::FindJobs => find_jobs(context),
        Intent::MatchResume => match_resume(context),
        Intent::Advice(Some(topic)) => topic.answer.to_string(),
        Intent::Advice(None) => career_advice(context),
        Intent::Greeting => format!(
            "Hi{}! I'm **SwipeJob AI**, your job-matching helper.\n\n{}",
            name_suffix(context),
            capabilities(context)
        ),
        Intent::Thanks => "You're welcome! Ask me any time to *find me a job*, *match my resume* \
             or for *career advice*."
            .to_string(),
        Intent::Capabilities => format!(
            "I'm **SwipeJob AI**, JobTap's job-matching helper.\n\n{}",
            capabilities(context)
        ),
        Intent::Unknown => format!(
            "I'm sorry, I can't answer that one: I'm JobTap's built-in assistant and I only \
             know about your profile, the jobs on JobTap and careers, so I would rather say so \
             than guess.\n\n{}",
            capabilities(context)
        ),
    }
}

fn name_suffix(context: &ChatContext) -> String {
    if context.first_name.is_empty() {
        String::new()
    } else {
        format!(" {}", text(&context.first_name))
    }
}

/// What the assistant can do, with the topics it knows.
pub fn capabilities(context: &ChatContext) -> String {
    let audience = if context.is_employer {
        Audience::Employer
    } else {
        Audience::Candidate
    };
    let mut out = String::from("Here is what I can do:\n\n");
    out.push_str(
        "- **Find me a job** — I rank the open jobs by your fit score and link the best ones.\n\
         - **Match my resume** — I read your default resume and compare it with the jobs that fit you best.\n\
         - **Career advice** — ask me about:\n",
    );
    for title in knowledge::titles_for(audience) {
        let _ = writeln!(out, "  - {title}");
    }
    out
}

fn find_jobs(context: &ChatContext) -> String {
    if context.jobs.is_empty() {
        return "There are no open jobs I can match you with right now (I leave out jobs you \
                already applied to). New jobs arrive often: check [the feed](/jobs) again later, \
                or subscribe to job alerts when you reach its end."
            .to_string();
    }
    let mut out = String::new();
    let asked = context.search.as_ref().map(|s| text(&s.words.join(" ")));
    if let (Some(search), Some(asked)) = (&context.search, &asked)
        && !search.found
    {
        let _ = write!(
            out,
            "I found no open jobs matching \"{asked}\" (I leave out jobs you already applied \
             to). "
        );
    }
    let fitting: Vec<&RankedJob> = context.jobs.iter().filter(|j| j.meets_threshold).collect();
    let matching = context.search.as_ref().is_some_and(|s| s.found);
    let what = match (&asked, matching) {
        (Some(asked), true) => format!("open job{{s}} matching \"{asked}\""),
        _ => "open job{s}".to_string(),
    };
    if fitting.is_empty() {
        let closest = &context.jobs[..context.jobs.len().min(JOBS_LISTED)];
        let _ = write!(
            out,
            "None of the {} meets its employer's minimum fit for your profile yet, so you cannot \
             apply to {} now. The closest, by your fit score:\n\n",
            what.replace("{s}", "s"),
            if closest.len() == 1 { "it" } else { "them" },
        );
        list_jobs(&mut out, closest);
    } else {
        let shown = &fitting[..fitting.len().min(JOBS_LISTED)];
        let one = shown.len() == 1;
        let _ = write!(
            out,
            "Here {} the {} {} that fit{} your profile best, ranked by your fit score:\n\n",
            if one { "is" } else { "are" },
            shown.len(),
            what.replace("{s}", if one { "" } else { "s" }),
            if one { "s" } else { "" },
        );
        list_jobs(&mut out, shown.iter().copied());
    }
    out.push('\n');
    if context.profile.skills.is_empty() {
        out.push_str(
            "Your profile lists no skills yet, so no skill matches count towards these scores. \
             [Complete your profile](/onboarding) to get better matches.\n\n",
        );
    }
    out.push_str(
        "Open a job to read it in full, or double tap its card in [the feed](/jobs) to apply.",
    );
    out
}

/// Appends a numbered line per job: its link, place, type, fit and missing skills.
fn list_jobs<'a>(out: &mut String, jobs: impl IntoIterator<Item = &'a RankedJob>) {
    for (i, job) in jobs.into_iter().enumerate() {
        let _ = writeln!(
            out,
            "{}. {} — {} · {} · **{} fit**{}",
            i + 1,
            job_link(&job.id, &format!("{} at {}", job.title, job.company)),
            text(&job.location),
            text(&job.job_type),
            percent_text(job.score_percentage),
            if job.meets_threshold {
                " — you can apply".to_string()
            } else {
                format!(" — below the employer's {:.0}% minimum", job.threshold)
            }
        );
        if !job.missing_skills.is_empty() {
            let _ = writeln!(
                out,
                "   Skills it asks for that neither your profile nor your resume shows: {}",
                list(&job.missing_skills)
            );
        }
    }
}

fn match_resume(context: &ChatContext) -> String {
    let found = match &context.resume {
        ResumeContext::Read(found) => found,
        ResumeContext::Missing | ResumeContext::NotRead => {
            return "You have no default resume yet. Upload one in [My Documents](/documents) and \
                    choose **Set as default**, then ask me again to *match my resume*."
                .to_string();
        }
        ResumeContext::Unreadable { file_name, reason } => {
            return format!(
                "I could not read your default resume **{}**: {}\n\nUpload it again as a PDF or \
                 DOCX with selectable text in [My Documents](/documents) and set it as default.",
                text(file_name),
                text(reason)
            );
        }
    };
    let mut out = format!("I read your default resume **{}**", text(&found.file_name));
    if found.jobs.is_empty() {
        out.push_str(". There are no open jobs to compare it with right now.\n");
    } else {
        let _ = writeln!(
            out,
            " and compared it with the {} job{} that fit you best:\n",
            found.jobs.len(),
            if found.jobs.len() == 1 { "" } else { "s" }
        );
        for (i, m) in found.jobs.iter().enumerate() {
            let wanted = m.found.len() + m.missing.len();
            let _ = write!(
                out,
                "{}. {} ({} fit)",
                i + 1,
                job_link(&m.job.id, &format!("{} at {}", m.job.title, m.job.company)),
                percent_text(m.job.score_percentage)
            );
            if wanted == 0 {
                out.push_str(" — the posting names no specific skills.\n");
                continue;
            }
            let _ = writeln!(
                out,
                " — your resume mentions {} of the {} skills it asks for.",
                m.found.len(),
                wanted
            );
            if !m.found.is_empty() {
                let _ = writeln!(out, "   - Found: {}", list(&m.found));
            }
            if !m.missing.is_empty() {
                let _ = writeln!(out, "   - Not found: {}", list(&m.missing));
            }
        }
    }
    if let Some(score) = found.ats_score {
        let _ = write!(out, "\nIts **ATS score is {score}/100**");
        if score >= ATS_TARGET_SCORE {
            out.push_str(" — it is ATS-optimised.\n");
        } else {
            out.push_str(" (aim for 85 or more).\n");
        }
        if !found.recommendations.is_empty() {
            out.push_str("\nTo improve it:\n");
            for r in found.recommendations.iter().take(3) {
                let _ = writeln!(out, "- {}", text(r));
            }
        }
    }
    out.push_str(
        "\nAdd the missing skills only if you really have them. **Upgrade Resume** in the feed \
         rewrites your resume in an ATS-friendly layout, keeping every fact.",
    );
    out
}

fn career_advice(context: &ChatContext) -> String {
    let mut out = String::from("**Career advice for you**\n\n");
    let mut tips = Vec::new();
    // The skills the caller's best jobs ask for most often, that the profile lacks.
    let mut counts: Vec<(String, usize)> = Vec::new();
    for job in &context.jobs {
        for skill in &job.missing_skills {
            match counts
                .iter_mut()
                .find(|(s, _)| s.eq_ignore_ascii_case(skill))
            {
                Some((_, n)) => *n += 1,
                None => counts.push((skill.clone(), 1)),
            }
        }
    }
    counts.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    let in_demand: Vec<String> = counts
        .iter()
        .filter(|(_, n)| *n >= 2)
        .take(4)
        .map(|(s, _)| s.clone())
        .collect();
    if !in_demand.is_empty() {
        tips.push(format!(
            "Several of the jobs that fit you best ask for {}, which your profile does not list. \
             If you have them, add them to your profile; if not, they are the skills most worth learning next.",
            list(&in_demand)
        ));
    }
    let profile = &context.profile;
    if !context.is_employer {
        if profile.skills.is_empty() {
            tips.push(
                "Your profile lists no skills: add the ones you have in [your profile](/onboarding) \
                 — skills are a quarter of every fit score."
                    .to_string(),
            );
        }
        if profile.degree_class.is_none() || profile.university.is_none() {
            tips.push(
                "Your academic details are incomplete; filling them in lets the degree and \
                 university parts of the fit score count."
                    .to_string(),
            );
        }
        if let Some(best) = context.jobs.first().filter(|j| j.meets_threshold) {
            tips.push(format!(
                "Your best match right now is {} at {} — worth a look today.",
                job_link(&best.id, &format!("{} at {}", best.title, best.company)),
                percent_text(best.score_percentage)
            ));
        }
    }
    tips.push(
        "Tailor your resume's summary to the kind of role you want and keep its ATS score at 85 \
         or more (**Upgrade Resume** in the feed)."
            .to_string(),
    );
    tips.push(
        "Practise answers aloud with **Prepare Interview** before real interviews.".to_string(),
    );
    for tip in tips {
        let _ = writeln!(out, "- {tip}");
    }
    let audience = if context.is_employer {
        Audience::Employer
    } else {
        Audience::Candidate
    };
    let _ = write!(
        out,
        "\nAsk me about any of these for more: {}.",
        knowledge::titles_for(audience).join(", ")
    );
    out
}

/// The resume compared with each of `jobs`: which wanted skills it mentions.
/// A skill counts when the resume names it as the fit score would (synonyms
/// included) or spells its words out in order.
pub fn match_resume_to_jobs(resume: &str, jobs: &[RankedJob]) -> Vec<JobMatch> {
    let named: Vec<String> = skills_in_text(resume)
        .into_iter()
        .map(|(key, _)| key)
        .collect();
    let words = format!(" {} ", plain_words(resume));
    jobs.iter()
        .map(|job| {
            let (found, missing) = job.wanted_skills.iter().cloned().partition(|skill| {
                let phrase = plain_words(skill);
                named.contains(&normalise_skill(skill))
                    || (!phrase.is_empty() && words.contains(&format!(" {phrase} ")))
            });
            JobMatch {
                job: job.clone(),
                found,
                missing,
            }
        })
        .collect()
}

/// "a, b and c", each escaped for markdown.
fn list(items: &[String]) -> String {
    let escaped: Vec<String> = items.iter().map(|s| text(s)).collect();
    match escaped.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranked(title: &str, location: &str, score: f64, meets: bool) -> RankedJob {
        RankedJob {
            id: title.to_lowercase().replace(' ', "-"),
            title: title.into(),
            company: "Clinic".into(),
            location: location.into(),
            job_type: "Full-time".into(),
            score_percentage: score,
            meets_threshold: meets,
            threshold: 50.0,
            missing_skills: Vec::new(),
            wanted_skills: Vec::new(),
        }
    }

    #[test]
    fn jobs_under_their_minimum_are_never_listed_as_fits() {
        let context = ChatContext {
            jobs: vec![
                ranked("Hospital Pharmacist", "Harare", 71.0, true),
                ranked("Backend Developer", "Harare", 40.0, false),
            ],
            search: Some(Search {
                words: vec!["pharmacist".into(), "Harare".into()],
                found: true,
            }),
            ..ChatContext::default()
        };
        let answer = find_jobs(&context);
        assert!(
            answer.contains("Here is the 1 open job matching \"pharmacist Harare\""),
            "{answer}"
        );
        assert!(
            answer.contains("Hospital Pharmacist") && !answer.contains("Backend Developer"),
            "{answer}"
        );

        let none_fit = ChatContext {
            jobs: vec![ranked("Finance Manager", "Harare", 21.9, false)],
            search: Some(Search {
                words: vec!["pharmacist".into()],
                found: false,
            }),
            ..ChatContext::default()
        };
        let answer = find_jobs(&none_fit);
        assert!(
            answer.starts_with("I found no open jobs matching \"pharmacist\""),
            "{answer}"
        );
        assert!(
            answer.contains("None of the open jobs meets its employer's minimum fit"),
            "{answer}"
        );
        assert!(
            answer.contains("below the employer's 50% minimum"),
            "{answer}"
        );
        assert!(!answer.contains("that fit your profile best"), "{answer}");
    }

    #[test]
    fn the_last_user_message_decides() {
        let messages = [
            ChatMessage {
                role: Role::User,
                content: "Find me a job".into(),
            },
            ChatMessage {
                role: Role::Assistant,
                content: "Match my resume".into(),
            },
        ];
        assert_eq!(intent_of(&messages), Intent::FindJobs);
        assert_eq!(intent_of(&[]), Intent::Unknown);
    }
}

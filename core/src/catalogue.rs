//! The closed lists and limits the browser offers and checks, gathered from the modules that
//! own them, and their TypeScript form: `web/src/generated/catalogue.ts` is this module's
//! [`typescript`] output (written by `make generated`; core's tests fail when it is stale), so no
//! TypeScript file types a job type, a degree, a limit or a score constant again.

use std::fmt::Write as _;

use crate::application_status::StatusBucket;
use crate::chat::MAX_MESSAGE_CHARS;
use crate::files::{DocumentType, Slot};
use crate::interview_invite;
use crate::job_post::{DEGREE_CLASSES as POSTING_DEGREE_CLASSES, DEGREE_LEVELS, REQUIRED_DEGREES};
use crate::job_type::JOB_TYPES;
use crate::onboarding::{DEGREE_CLASSES as PROFILE_DEGREE_CLASSES, UNIVERSITIES};
use crate::pipeline::{
    MAX_APPLICATION_DOCUMENTS, MAX_BULK_APPLICATIONS, MSG_BULK_TOO_MANY, MSG_REASON_REQUIRED,
    NOTE_MAX_CHARS, RejectionReason, Stage,
};
use crate::resume::ats::ATS_TARGET_SCORE;
use crate::sample_job::SAMPLE_JOB_PREFIX;
use crate::score::{COMPONENT_MAX, DEFAULT_THRESHOLD, MAX_RAW_SCORE};

/// Where the generated file lives, from the repository's root.
pub const TYPESCRIPT_PATH: &str = "web/src/generated/catalogue.ts";

/// One exported constant: its name, what it is, and its TypeScript value.
struct Entry {
    name: &'static str,
    doc: &'static str,
    value: String,
}

fn list(items: &[&str]) -> String {
    let quoted: Vec<String> = items
        .iter()
        .map(|item| serde_json::to_string(item).unwrap_or_default())
        .collect();
    format!("[{}] as const", quoted.join(", "))
}

fn buckets() -> String {
    let items: Vec<String> = StatusBucket::ALL
        .iter()
        .map(|b| format!("{{ key: {:?}, label: {:?} }}", b.as_str(), b.label()))
        .collect();
    format!("[{}] as const", items.join(", "))
}

fn document_types() -> String {
    let items: Vec<String> = DocumentType::ALL
        .iter()
        .map(|t| format!("{{ key: {:?}, label: {:?} }}", t.as_str(), t.label()))
        .collect();
    format!("[{}] as const", items.join(", "))
}

fn rejection_reasons() -> String {
    let items: Vec<String> = RejectionReason::ALL
        .iter()
        .map(|r| format!("{{ key: {:?}, label: {:?} }}", r.as_str(), r.label()))
        .collect();
    format!("[{}] as const", items.join(", "))
}

fn stages() -> String {
    let items: Vec<String> = Stage::ALL
        .iter()
        .map(|s| format!("{{ key: {:?}, label: {:?} }}", s.as_str(), s.label()))
        .collect();
    format!("[{}] as const", items.join(", "))
}

/// The limits of the resume tools' target and of share links.
fn document_entries() -> Vec<Entry> {
    vec![
        Entry {
            name: "TARGET_TEXT_MAX_CHARS",
            doc: "The longest job ad the resume tools read as a target, in characters.",
            value: crate::resume::TARGET_TEXT_MAX_CHARS.to_string(),
        },
        Entry {
            name: "SHARE_LINK_DEFAULT_DAYS",
            doc: "How long a document's share link opens when its owner names no time, in days.",
            value: crate::files::SHARE_LINK_DEFAULT_DAYS.to_string(),
        },
        Entry {
            name: "SHARE_LINK_MAX_DAYS",
            doc: "The longest a share link may open, in days.",
            value: crate::files::SHARE_LINK_MAX_DAYS.to_string(),
        },
    ]
}

/// The feed search's limits and messages (`core::job_search`).
fn search_entries() -> Vec<Entry> {
    use crate::job_search as s;
    let text = |m: &str| serde_json::to_string(m).unwrap_or_default();
    vec![
        Entry {
            name: "SEARCH_KEYWORDS_MAX_CHARS",
            doc: "The longest search words of the feed, in characters.",
            value: s::KEYWORDS_MAX_CHARS.to_string(),
        },
        Entry {
            name: "SEARCH_PLACE_MAX_CHARS",
            doc: "The longest place of the feed search, in characters.",
            value: s::PLACE_MAX_CHARS.to_string(),
        },
        Entry {
            name: "SEARCH_POSTED_WITHIN_DAYS",
            doc: "The feed search's \"posted within\" choices, in days.",
            value: format!("{:?} as const", s::POSTED_WITHIN_DAYS),
        },
        Entry {
            name: "SEARCH_REMOTE_PLACE",
            doc: "The place that means remote jobs.",
            value: text(s::REMOTE_PLACE),
        },
        Entry {
            name: "MSG_SEARCH_KEYWORDS_TOO_LONG",
            doc: "Search words over the limit.",
            value: text(s::MSG_KEYWORDS_TOO_LONG),
        },
        Entry {
            name: "MSG_SEARCH_PLACE_TOO_LONG",
            doc: "A place over the limit.",
            value: text(s::MSG_PLACE_TOO_LONG),
        },
        Entry {
            name: "MSG_SEARCH_MIN_SALARY",
            doc: "A minimum salary that is no number of 0 or more.",
            value: text(s::MSG_MIN_SALARY),
        },
    ]
}

/// The employer pipeline's lists and limits (`core::pipeline`).
fn pipeline_entries() -> Vec<Entry> {
    vec![
        Entry {
            name: "PIPELINE_STAGES",
            doc: "The stages of the employer pipeline, in order, with their names.",
            value: stages(),
        },
        Entry {
            name: "CUSTOM_STAGE_ANCHORS",
            doc: "The stages a job's own stage can follow, in order.",
            value: format!(
                "[{}] as const",
                crate::job_stages::CUSTOM_STAGE_ANCHORS
                    .iter()
                    .map(|s| format!("{:?}", s.as_str()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        },
        Entry {
            name: "CUSTOM_STAGES_MAX",
            doc: "The most stages of its own one job has.",
            value: crate::job_stages::CUSTOM_STAGES_MAX.to_string(),
        },
        Entry {
            name: "CANDIDATE_CUSTOM_STAGE_LABEL",
            doc: "What the candidate's badge says of an application in a job's own stage.",
            value: serde_json::to_string(crate::job_stages::CANDIDATE_CUSTOM_LABEL)
                .unwrap_or_default(),
        },
        Entry {
            name: "STAGE_NAME_MAX_CHARS",
            doc: "The longest name of a job's own stage, in characters.",
            value: crate::job_stages::STAGE_NAME_MAX_CHARS.to_string(),
        },
        Entry {
            name: "APPLICANT_SEARCH_MAX_CHARS",
            doc: "The longest search over an employer's applicants, in characters.",
            value: crate::applicant_search::QUERY_MAX_CHARS.to_string(),
        },
        Entry {
            name: "REJECTION_REASONS",
            doc: "Why an employer rejects an application (the reject dialog's list; never shown to the candidate).",
            value: rejection_reasons(),
        },
        Entry {
            name: "MSG_REASON_REQUIRED",
            doc: "What a rejection without a reason is told.",
            value: serde_json::to_string(MSG_REASON_REQUIRED).unwrap_or_default(),
        },
        Entry {
            name: "NOTE_MAX_CHARS",
            doc: "The longest private note, feedback to a candidate or rejection detail, in characters.",
            value: NOTE_MAX_CHARS.to_string(),
        },
        Entry {
            name: "MAX_BULK_APPLICATIONS",
            doc: "The most applications one bulk action (move, reject, export) takes.",
            value: MAX_BULK_APPLICATIONS.to_string(),
        },
        Entry {
            name: "MSG_BULK_TOO_MANY",
            doc: "What a bulk action over more applications than that is told.",
            value: serde_json::to_string(MSG_BULK_TOO_MANY).unwrap_or_default(),
        },
        Entry {
            name: "MAX_APPLICATION_DOCUMENTS",
            doc: "The most documents one application carries.",
            value: MAX_APPLICATION_DOCUMENTS.to_string(),
        },
        Entry {
            name: "INTERVIEW_MAX_SLOTS",
            doc: "The most times one interview proposal offers.",
            value: interview_invite::MAX_SLOTS.to_string(),
        },
        Entry {
            name: "INTERVIEW_DURATIONS_MINUTES",
            doc: "The lengths an interview can be given, in minutes.",
            value: serde_json::to_string(&interview_invite::DURATIONS_MINUTES).unwrap_or_default(),
        },
        Entry {
            name: "INTERVIEW_DEFAULT_DURATION_MINUTES",
            doc: "The length the proposal form starts with, in minutes.",
            value: interview_invite::DEFAULT_DURATION_MINUTES.to_string(),
        },
        Entry {
            name: "INTERVIEW_LOCATION_MAX_CHARS",
            doc: "The longest interview place or video link, in characters.",
            value: interview_invite::LOCATION_MAX_CHARS.to_string(),
        },
        Entry {
            name: "MSG_INTERVIEW_NO_SLOTS",
            doc: "What a proposal without a time is told.",
            value: serde_json::to_string(interview_invite::MSG_NO_SLOTS).unwrap_or_default(),
        },
        Entry {
            name: "MSG_INTERVIEW_LOCATION_BLANK",
            doc: "What a proposal without a place or link is told.",
            value: serde_json::to_string(interview_invite::MSG_LOCATION_BLANK).unwrap_or_default(),
        },
    ]
}

fn entries() -> Vec<Entry> {
    let mut all = vec![
        Entry {
            name: "JOB_TYPES",
            doc: "Job types, for postings and a candidate's preferences alike.",
            value: list(&JOB_TYPES),
        },
        Entry {
            name: "DEGREE_LEVELS",
            doc: "Degree levels of the job form (stored as the job's experience level).",
            value: list(&DEGREE_LEVELS),
        },
        Entry {
            name: "POSTING_DEGREE_CLASSES",
            doc: "Minimum degree classes of the job form (the employer side's spelling).",
            value: list(&POSTING_DEGREE_CLASSES),
        },
        Entry {
            name: "PROFILE_DEGREE_CLASSES",
            doc: "Degree classes offered at onboarding (the candidate side's spelling).",
            value: list(&PROFILE_DEGREE_CLASSES),
        },
        Entry {
            name: "UNIVERSITIES",
            doc: "Universities offered at onboarding.",
            value: list(&UNIVERSITIES),
        },
        Entry {
            name: "REQUIRED_DEGREES",
            doc: "Suggested required degrees of a job, which are also the fields of study at onboarding.",
            value: list(&REQUIRED_DEGREES),
        },
        Entry {
            name: "STATUS_BUCKETS",
            doc: "The groups an application's status counts under (My Applications' tabs after All, the analytics), with their names.",
            value: buckets(),
        },
        Entry {
            name: "DOCUMENT_TYPES",
            doc: "What a stored document is, with its name on screen (\"other\" is in old data only).",
            value: document_types(),
        },
        Entry {
            name: "SAMPLE_JOB_PREFIX",
            doc: "The id prefix of a sample job: a demo card that takes no applications.",
            value: serde_json::to_string(SAMPLE_JOB_PREFIX).unwrap_or_default(),
        },
        Entry {
            name: "MAX_CHAT_MESSAGE_CHARS",
            doc: "The longest message the chat assistant takes, in characters.",
            value: MAX_MESSAGE_CHARS.to_string(),
        },
        Entry {
            name: "DEFAULT_THRESHOLD",
            doc: "The minimum fit score (percent) a job gets when none is given.",
            value: DEFAULT_THRESHOLD.to_string(),
        },
        Entry {
            name: "COMPONENT_MAX",
            doc: "The most points one part of the fit score (degree, skills, university, experience) gives.",
            value: COMPONENT_MAX.to_string(),
        },
        Entry {
            name: "MAX_RAW_SCORE",
            doc: "The most points a fit score's weighted total can reach.",
            value: MAX_RAW_SCORE.to_string(),
        },
        Entry {
            name: "ATS_TARGET_SCORE",
            doc: "The ATS score an upgraded resume aims for.",
            value: ATS_TARGET_SCORE.to_string(),
        },
        Entry {
            name: "MAX_DOCUMENT_BYTES",
            doc: "The largest resume or certificate the server takes.",
            value: Slot::Certificate.max_bytes().to_string(),
        },
        Entry {
            name: "MAX_DOCUMENT_SIZE_TEXT",
            doc: "The largest resume or certificate in words, for the pickers' hints (\"max 10MB\").",
            value: serde_json::to_string(&Slot::Certificate.max_size_text()).unwrap_or_default(),
        },
        Entry {
            name: "MAX_IMAGE_SIZE_TEXT",
            doc: "The largest profile picture or company logo in words, for the pickers' hints.",
            value: serde_json::to_string(&Slot::CompanyLogo.max_size_text()).unwrap_or_default(),
        },
        Entry {
            name: "MAX_IMAGE_BYTES",
            doc: "The largest profile picture or company logo the server takes.",
            value: Slot::CompanyLogo.max_bytes().to_string(),
        },
        Entry {
            name: "NEW_PASSWORD_HINT",
            doc: "What a form asking for a new password says under the field.",
            value: serde_json::to_string(crate::validate::NEW_PASSWORD_HINT).unwrap_or_default(),
        },
    ];
    let more = [company_entries(), pipeline_entries(), document_entries()];
    all.extend(more.into_iter().flatten().chain(search_entries()));
    all
}

/// A company's team roles (`team`) and its scorecards' scale and limits (`scorecard`).
fn team_entries() -> Vec<Entry> {
    use crate::scorecard;
    let roles: Vec<String> = crate::team::CompanyRole::ALL
        .iter()
        .map(|r| {
            format!(
                "{{ key: {:?}, label: {:?}, inSentence: {:?}, summary: {:?} }}",
                r.key(),
                r.label(),
                r.in_sentence(),
                r.summary()
            )
        })
        .collect();
    vec![
        Entry {
            name: "COMPANY_ROLES",
            doc: "The roles of a company's team members: what each is called and may do.",
            value: format!("[{}] as const", roles.join(", ")),
        },
        Entry {
            name: "MSG_RECRUITERS_ONLY",
            doc: "What the server answers an interviewer who asks for what only recruiters and admins do.",
            value: serde_json::to_string(crate::team::MSG_RECRUITERS_ONLY).unwrap_or_default(),
        },
        Entry {
            name: "SCORECARD_RATING_LABELS",
            doc: "What each scorecard rating means, from 1 to 4.",
            value: format!("{:?} as const", scorecard::RATING_LABELS),
        },
        Entry {
            name: "SCORECARD_MAX_CRITERIA",
            doc: "The most criteria a job's scorecard rates.",
            value: scorecard::MAX_CRITERIA.to_string(),
        },
        Entry {
            name: "SCORECARD_CRITERION_MAX_CHARS",
            doc: "The longest scorecard criterion, in characters.",
            value: scorecard::CRITERION_MAX_CHARS.to_string(),
        },
        Entry {
            name: "SCORECARD_NOTE_MAX_CHARS",
            doc: "The longest note on a scorecard, in characters.",
            value: scorecard::NOTE_MAX_CHARS.to_string(),
        },
    ]
}

/// The decision e-mail templates' placeholders and limits (`decision_template`).
fn template_entries() -> Vec<Entry> {
    use crate::decision_template::{BODY_MAX_CHARS, PLACEHOLDERS, SUBJECT_MAX_CHARS};
    let placeholders: Vec<String> = PLACEHOLDERS
        .iter()
        .map(|(key, help)| format!("{{ key: {key:?}, help: {help:?} }}"))
        .collect();
    vec![
        Entry {
            name: "EMAIL_TEMPLATE_PLACEHOLDERS",
            doc: "The placeholders of a decision e-mail template, with what each stands for.",
            value: format!("[{}] as const", placeholders.join(", ")),
        },
        Entry {
            name: "EMAIL_TEMPLATE_SUBJECT_MAX_CHARS",
            doc: "The longest subject of a decision e-mail template, in characters.",
            value: SUBJECT_MAX_CHARS.to_string(),
        },
        Entry {
            name: "EMAIL_TEMPLATE_BODY_MAX_CHARS",
            doc: "The longest message of a decision e-mail template, in characters.",
            value: BODY_MAX_CHARS.to_string(),
        },
    ]
}

/// The employer badges' texts and the company website's limit (`company`), and the company's
/// decision e-mail templates' ([`template_entries`]).
fn company_entries() -> Vec<Entry> {
    use crate::company;
    let text = |s: &str| serde_json::to_string(s).unwrap_or_default();
    let mut entries = vec![
        Entry {
            name: "BADGE_ADDRESS",
            doc: "The badge of an employer whose address JobTap confirmed.",
            value: text(company::BADGE_ADDRESS),
        },
        Entry {
            name: "BADGE_ADDRESS_TITLE",
            doc: "What the address badge says was checked.",
            value: text(company::BADGE_ADDRESS_TITLE),
        },
        Entry {
            name: "BADGE_DOMAIN",
            doc: "The badge of an employer whose confirmed address is on the company website's domain.",
            value: text(company::BADGE_DOMAIN),
        },
        Entry {
            name: "BADGE_DOMAIN_TITLE",
            doc: "What the domain badge says was checked; `{domain}` stands for the domain.",
            value: text(company::BADGE_DOMAIN_TITLE),
        },
        Entry {
            name: "COMPANY_WEBSITE_MAX_CHARS",
            doc: "The longest company website address, in characters.",
            value: company::WEBSITE_MAX_CHARS.to_string(),
        },
    ];
    entries.extend(template_entries());
    entries.extend(team_entries());
    entries
}

/// The TypeScript module of the catalogue, as `web/src/generated/catalogue.ts` holds it.
pub fn typescript() -> String {
    let mut out = String::from(
        "// Generated from core (core/src/catalogue.rs) by `make generated`; do not edit.\n",
    );
    for entry in entries() {
        let _ = write!(
            out,
            "\n/** {} */\nexport const {} = {}\n",
            entry.doc, entry.name, entry.value
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_list_and_limit_is_exported_once_with_its_values() {
        let ts = typescript();
        let names: Vec<&str> = entries().iter().map(|e| e.name).collect();
        for name in &names {
            assert_eq!(
                ts.matches(&format!("export const {name} = ")).count(),
                1,
                "{name}"
            );
        }
        assert!(ts.contains(
            r#"export const JOB_TYPES = ["Full-time", "Part-time", "Contract", "Remote"] as const"#
        ));
        assert!(ts.contains(r#"["1st Class", "2.1 Class", "2.2 Class", "3rd Class", "Diploma"]"#));
        assert!(ts.contains(r#""First Class", "Second Class Upper""#));
        assert!(ts.contains("export const DEFAULT_THRESHOLD = 20\n"));
        assert!(ts.contains("export const MAX_RAW_SCORE = 19.6\n"));
        assert!(ts.contains("export const COMPONENT_MAX = 5\n"));
        assert!(ts.contains("export const ATS_TARGET_SCORE = 85\n"));
        assert!(ts.contains("export const MAX_DOCUMENT_BYTES = 10485760\n"));
        assert!(ts.contains("export const MAX_IMAGE_BYTES = 2097152\n"));
        // The spec's hints: "max 10MB" for documents, "max 2MB" for images.
        assert!(ts.contains("export const MAX_DOCUMENT_SIZE_TEXT = \"10MB\"\n"));
        assert!(ts.contains("export const MAX_IMAGE_SIZE_TEXT = \"2MB\"\n"));
    }

    #[test]
    fn text_with_quotes_is_escaped() {
        assert_eq!(
            list(&["a \"b\"", "c\\d"]),
            r#"["a \"b\"", "c\\d"] as const"#
        );
    }
}

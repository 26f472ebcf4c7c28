//! The five practice questions, tailored to the job position (spec, candidate
//! side §3 "Interview question", §9: display times 7, 9, 8, 8 and 8 seconds).
//!
//! ## What it picks
//! | # | kind | from | shown |
//! |---|---|---|---|
//! | 1 | general | the opener, naming the position | 7 s |
//! | 2 | role-specific | the first question of the title's role family | 9 s |
//! | 3 | behavioural | one of [`BEHAVIOURAL`], chosen by the title | 8 s |
//! | 4 | role-specific | the second question of the role family | 8 s |
//! | 5 | general | the closer, naming the position | 8 s |
//!
//! The role family is the job card's ([`role_key`]): keywords of the title
//! matched as whole words, specialisms before generic roles, so "DevOps
//! Engineer" gets DevOps questions and "Team Lead" manager ones. A title with
//! no keyword gets questions any role can answer.
//!
//! The behavioural question is `BEHAVIOURAL[h % len]`, where `h` is the FNV-1a
//! hash of the title's lowercase words joined by single spaces.
//!
//! ## Why
//! The original asked five fixed questions whatever the position; the spec
//! keeps five and their display times. Tailoring needs no model call: the
//! family rules already exist for the job card, and a fixed bank is reviewable.
//! Same title, same questions: a candidate can practise one set again and
//! compare reports; different titles of one family still vary in question 3.
//! The hash is written out (not `std`'s `DefaultHasher`) so the browser and the
//! server pick the same question on every platform and release.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{DISPLAY_SECONDS, QUESTION_COUNT};
use crate::role_style::{RoleKey, role_key};

/// The message for a blank job position (spec §5, to the letter).
pub const MSG_JOB_TITLE: &str = "Please enter a job title";
/// The longest job position accepted, in characters.
pub const JOB_TITLE_MAX_CHARS: usize = 100;

/// Why a job position was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum JobTitleError {
    #[error("Please enter a job title")]
    Blank,
    #[error("Job title must be at most 100 characters")]
    TooLong,
}

/// A job position as the candidate typed it: trimmed, runs of white space made
/// one space, not blank and at most [`JOB_TITLE_MAX_CHARS`] characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobTitle(String);

impl JobTitle {
    pub fn parse(input: &str) -> Result<Self, JobTitleError> {
        let title = input.split_whitespace().collect::<Vec<_>>().join(" ");
        if title.is_empty() {
            return Err(JobTitleError::Blank);
        }
        if title.chars().count() > JOB_TITLE_MAX_CHARS {
            return Err(JobTitleError::TooLong);
        }
        Ok(Self(title))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Where a question comes from in the bank.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[cfg_attr(feature = "typescript", ts(rename = "InterviewQuestionKind"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum QuestionKind {
    General,
    Behavioural,
    RoleSpecific,
}

/// One question as the browser shows it (spec §3: id, question text, displayTime).
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[cfg_attr(feature = "typescript", ts(rename = "InterviewQuestion"))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Question {
    /// 1 to 5, in the order asked.
    pub id: u32,
    pub question: String,
    /// Seconds the question is shown before recording starts.
    pub display_time: u32,
    pub kind: QuestionKind,
}

/// Behavioural questions: past situations, answerable from any career.
pub const BEHAVIOURAL: [&str; 6] = [
    "Tell me about a time you faced a difficult problem at work or in your studies. What did you do, and what was the result?",
    "Describe a situation where you disagreed with a colleague. How did you handle it?",
    "Tell me about a mistake you made and what you learned from it.",
    "Give an example of a time you had to meet a tight deadline. How did you manage your time?",
    "Describe a time you had to learn something new quickly. How did you approach it?",
    "Tell me about a time you went beyond what was asked of you.",
];

/// The two role-specific questions of a family.
pub fn role_questions(key: RoleKey) -> [&'static str; 2] {
    match key {
        RoleKey::Developer => [
            "Walk me through a piece of software you built that you are proud of. What were the hardest technical decisions?",
            "How do you make sure the code you ship is reliable and easy for others to maintain?",
        ],
        RoleKey::Designer => [
            "Walk me through your design process on a recent project, from the first brief to the final design.",
            "How do you handle feedback on your designs that you disagree with?",
        ],
        RoleKey::Data => [
            "Tell me about an analysis you did that changed a decision. How did you get from raw data to a recommendation?",
            "How do you check that the data you report on is accurate and complete?",
        ],
        RoleKey::Manager => [
            "How do you set priorities for a team when everything seems urgent?",
            "Tell me how you would support a team member whose performance was slipping.",
        ],
        RoleKey::Marketing => [
            "Describe a campaign you planned or ran. How did you measure whether it worked?",
            "How would you find out what our customers care about before launching a campaign?",
        ],
        RoleKey::Sales => [
            "Walk me through how you move a prospect from a first contact to a closed deal.",
            "How do you handle a customer who says the price is too high?",
        ],
        RoleKey::Support => [
            "How do you calm down a customer who is angry about a problem you cannot fix right away?",
            "Tell me how you keep track of many open requests and make sure none are forgotten.",
        ],
        RoleKey::Writer => [
            "Walk me through how you research and write a piece from a blank page to publication.",
            "How do you adapt your writing for different audiences and channels?",
        ],
        RoleKey::DevOps => [
            "Describe a production incident you helped resolve. How did you find the cause, and what did you change afterwards?",
            "How would you design a deployment pipeline that lets a team release safely several times a day?",
        ],
        RoleKey::Medical => [
            "How do you keep patients safe when the ward is busy and you are short of time?",
            "Describe how you explain a diagnosis or a treatment to a worried patient or family.",
        ],
        RoleKey::Teacher => [
            "How do you plan a lesson so that learners at different levels all make progress?",
            "Describe how you handle a disruptive learner while keeping the class on track.",
        ],
        RoleKey::Product => [
            "How do you decide what goes into the next release when stakeholders want different things?",
            "Tell me about a product decision you made with data. What did you measure, and what happened?",
        ],
        RoleKey::Database => [
            "How would you find and fix a query that has suddenly become slow in production?",
            "How do you plan backups and recovery so that no important data can be lost?",
        ],
        RoleKey::Security => [
            "Walk me through how you would respond to a suspected data breach in its first hour.",
            "How do you convince developers to fix security issues without slowing them down too much?",
        ],
        RoleKey::Ai => [
            "Describe a machine learning model you built or improved. How did you know it was good enough to use?",
            "How would you explain a model's prediction, and its limits, to someone without a technical background?",
        ],
        RoleKey::Default => [
            "What skills from your past experience would help you most in this role, and why?",
            "How do you organise your work when you have several tasks with the same deadline?",
        ],
    }
}

/// The opener, naming the position.
fn opener(title: &str) -> String {
    format!("Tell me about yourself and why you are interested in this {title} position.")
}

/// The closer, naming the position.
fn closer(title: &str) -> String {
    format!(
        "Where do you see yourself in five years, and how does this {title} role fit into that plan?"
    )
}

/// FNV-1a (32 bits) over the title's lowercase words joined by single spaces.
fn title_hash(title: &str) -> u32 {
    let normalised = title.to_lowercase();
    let mut hash: u32 = 0x811c_9dc5;
    for byte in normalised.bytes() {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    hash
}

/// The index in [`BEHAVIOURAL`] a title gets.
pub fn behavioural_index(title: &JobTitle) -> usize {
    title_hash(title.as_str()) as usize % BEHAVIOURAL.len()
}

/// The five questions for a job position, in the order asked (see the module docs).
pub fn questions_for(title: &JobTitle) -> [Question; QUESTION_COUNT] {
    let [first_role, second_role] = role_questions(role_key(title.as_str()));
    let texts = [
        (QuestionKind::General, opener(title.as_str())),
        (QuestionKind::RoleSpecific, first_role.to_owned()),
        (
            QuestionKind::Behavioural,
            BEHAVIOURAL[behavioural_index(title)].to_owned(),
        ),
        (QuestionKind::RoleSpecific, second_role.to_owned()),
        (QuestionKind::General, closer(title.as_str())),
    ];
    let mut position = 0;
    texts.map(|(kind, question)| {
        let index = position;
        position += 1;
        Question {
            id: index as u32 + 1,
            question,
            display_time: DISPLAY_SECONDS[index],
            kind,
        }
    })
}

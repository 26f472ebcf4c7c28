//! The fit score: how well a candidate matches a job (spec, candidate side §9;
//! employer side §3). Apply is allowed only when the score meets the job's threshold.
//!
//! ## What it computes
//! Four components, each 0–5:
//! - **degree**: the candidate's class on a 0–5 scale (First 5, 2.1 4, 2.2 3,
//!   Third 2, Diploma 1, none 0). When the job sets a minimum class: 5 when it
//!   is met, else `5 × candidate ÷ required`. Without a minimum, the scale value.
//! - **skills**: `5 × matched ÷ wanted`, where *matched* are the wanted skills the candidate
//!   typed or their resume shows (`score/evidence.rs`), and *wanted* is the job's skills list
//!   (duplicates by canonical key counted once) or, when that list is empty, the
//!   skills named in its requirement texts: built-in vocabulary skills plus the
//!   candidate's own skills found there, matched as whole words as described at
//!   [`skills_in_text`]; soft skills any job may ask ([`generic`]) are not wanted. 5 when there
//!   is nothing to match.
//! - **university**: 5 for a listed university ([`LISTED_UNIVERSITIES`]), 3 for
//!   "Other" or any other name, 0 when missing.
//! - **experience**: 5 when the job needs no years, else `min(5, 5 × years ÷ required)`.
//!
//! `total = 1.0 × degree + 1.4 × skills + 0.52 × university + 1.0 × experience`
//! (at most 19.6) and `percentage = total ÷ 19.6 × 100`. The candidate meets the
//! threshold when the percentage, rounded to one decimal as shown, is at least
//! the job's `minimum_score_threshold` (20 when unset).
//!
//! ## Why
//! The weights and scales are fixed by the product. Components and the total
//! are rounded (two decimals) only on output, from exact values, so rounding
//! never compounds; the threshold is compared with the percentage the
//! candidate sees, so "20.0%" never fails a threshold of 20. Each component
//! also explains itself in one line so a refused candidate learns what to improve.
//!
//! Skills compare by a canonical key: lowercase words (letters, digits, `+`,
//! `#`; anything else separates), then a synonym table (JS = JavaScript,
//! K8s = Kubernetes, Node = Node.js, …). So "Node.js", "nodejs" and "NODE"
//! are one skill, and "C++" stays distinct from "C".

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::fmt::Write as _;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Range;
use std::str::FromStr;
use std::sync::LazyLock;

use serde::{Deserialize, Deserializer, Serialize};
use thiserror::Error;

use crate::resume::{ResumeFacts, WorkRole};
use crate::vocabulary::key::Keyer;
use evidence::{Evidence, Shown};
use relevance::{PreparedRole, RoleFit, prepare_roles, relevance, role_fit, title_stems};

mod evidence;
pub mod field;
pub mod generic;
mod prepared;
mod relevance;
pub mod terms;
pub mod text;
pub use evidence::QUOTE_MAX_CHARS;
pub use field::DegreeField;
pub use prepared::PreparedJobs;

/// Every component's maximum.
pub const COMPONENT_MAX: f64 = 5.0;
/// Weight of the degree component in the total.
pub const DEGREE_WEIGHT: f64 = 1.0;
/// Weight of the skills component in the total.
pub const SKILLS_WEIGHT: f64 = 1.4;
/// Weight of the university component in the total.
pub const UNIVERSITY_WEIGHT: f64 = 0.52;
/// Weight of the experience component in the total.
pub const EXPERIENCE_WEIGHT: f64 = 1.0;
/// The highest total: 5 × (1.0 + 1.4 + 0.52 + 1.0).
pub const MAX_RAW_SCORE: f64 = 19.6;
/// The threshold (percent) of a job that sets none (employer side §3).
pub const DEFAULT_THRESHOLD: f64 = 20.0;
/// University score for a named university not on the list, including "Other".
pub const OTHER_UNIVERSITY_SCORE: f64 = 3.0;
/// The onboarding's university options that score full marks (candidate side §3).
pub const LISTED_UNIVERSITIES: [&str; 6] = [
    "University of Zimbabwe (UZ)",
    "NUST",
    "HIT",
    "MSU",
    "GZU",
    "Chinhoyi",
];

// ---------------------------------------------------------------------------
// Degree class
// ---------------------------------------------------------------------------

/// A degree class, parsed from either side's spelling.
///
/// Candidates pick "1st Class", "2.1 Class", "2.2 Class", "3rd Class" or
/// "Diploma"; employers pick "First Class", "Second Class Upper", "Second Class
/// Lower" or "Third Class". Both land here, ordered lowest to highest.
///
/// In JSON it is the employer label ("Second Class Upper") and reads any
/// spelling [`DegreeClass::parse`] accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "&'static str")]
pub enum DegreeClass {
    Diploma,
    Third,
    SecondLower,
    SecondUpper,
    First,
}

/// A degree class text that matches no known spelling.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DegreeClassError {
    /// The text is not one of the candidate or employer spellings.
    #[error("unknown degree class {0:?}")]
    Unknown(String),
}

impl DegreeClass {
    /// Parses either side's spelling, ignoring case, spacing, the word "class"
    /// and ":" for "." (so "2:1", "upper second" and "Second Class Upper" agree).
    pub fn parse(text: &str) -> Result<Self, DegreeClassError> {
        let lower = text.to_lowercase().replace(':', ".");
        let words: Vec<&str> = lower
            .split(|c: char| c.is_whitespace() || matches!(c, '-' | '_' | '(' | ')' | ','))
            .filter(|w| !w.is_empty() && *w != "class")
            .collect();
        let class = match words.as_slice() {
            ["1st" | "first" | "1"] => Self::First,
            ["2.1"] | ["second" | "2nd", "upper"] | ["upper", "second" | "2nd"] => {
                Self::SecondUpper
            }
            ["2.2"] | ["second" | "2nd", "lower"] | ["lower", "second" | "2nd"] => {
                Self::SecondLower
            }
            ["3rd" | "third" | "3"] => Self::Third,
            ["diploma"] => Self::Diploma,
            _ => return Err(DegreeClassError::Unknown(text.trim().to_string())),
        };
        Ok(class)
    }

    /// The class on the 0–5 degree scale (no degree is 0).
    pub const fn value(self) -> u8 {
        match self {
            Self::Diploma => 1,
            Self::Third => 2,
            Self::SecondLower => 3,
            Self::SecondUpper => 4,
            Self::First => 5,
        }
    }

    /// The candidate side's spelling, e.g. "2.1 Class".
    pub const fn candidate_label(self) -> &'static str {
        match self {
            Self::Diploma => "Diploma",
            Self::Third => "3rd Class",
            Self::SecondLower => "2.2 Class",
            Self::SecondUpper => "2.1 Class",
            Self::First => "1st Class",
        }
    }

    /// The employer side's spelling, e.g. "Second Class Upper".
    pub const fn employer_label(self) -> &'static str {
        match self {
            Self::Diploma => "Diploma",
            Self::Third => "Third Class",
            Self::SecondLower => "Second Class Lower",
            Self::SecondUpper => "Second Class Upper",
            Self::First => "First Class",
        }
    }
}

impl FromStr for DegreeClass {
    type Err = DegreeClassError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl TryFrom<String> for DegreeClass {
    type Error = DegreeClassError;

    fn try_from(text: String) -> Result<Self, Self::Error> {
        Self::parse(&text)
    }
}

impl From<DegreeClass> for &'static str {
    fn from(class: DegreeClass) -> Self {
        class.employer_label()
    }
}

impl fmt::Display for DegreeClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.employer_label())
    }
}

// ---------------------------------------------------------------------------
// Inputs and output
// ---------------------------------------------------------------------------

/// What the score reads from a candidate's profile.
///
/// Field names are camelCase in JSON; the database's snake_case names are
/// accepted too, so a profile row deserialises directly.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CandidateProfile {
    #[serde(default, alias = "degree_class")]
    pub degree_class: Option<String>,
    /// The field of study: one of [`DegreeField`]'s labels or free text such as "BSc Nursing
    /// Science", read with [`DegreeField::read`].
    #[serde(default, alias = "degree_field")]
    pub degree_field: Option<String>,
    #[serde(default)]
    pub university: Option<String>,
    #[serde(default, deserialize_with = "null_as_empty")]
    pub skills: Vec<String>,
    #[serde(default, alias = "experience_years")]
    pub experience_years: Option<i64>,
    /// The roles of the candidate's default resume ([`crate::resume::resume_facts`]); the
    /// experience component counts the years of those that fit the job, and falls back to
    /// `experience_years` when there are none.
    #[serde(default)]
    pub roles: Vec<WorkRole>,
    /// The default resume's other lines ([`ResumeFacts::lines`]): read with the roles for
    /// the skills the candidate shows.
    #[serde(default)]
    pub resume_lines: Vec<String>,
}

impl CandidateProfile {
    /// This profile completed with what the default resume says: the resume's field of
    /// study when the profile names none, and the resume's roles.
    #[must_use]
    pub fn with_resume(mut self, facts: &ResumeFacts) -> Self {
        if non_blank(self.degree_field.as_deref()).is_none() {
            self.degree_field.clone_from(&facts.degree_field);
        }
        self.roles.clone_from(&facts.roles);
        self.resume_lines.clone_from(&facts.lines);
        self
    }

    /// Whether the profile says nothing the score could read (no degree, field, university,
    /// skill, years or role): a candidate who has not onboarded yet.
    pub fn is_blank(&self) -> bool {
        non_blank(self.degree_class.as_deref()).is_none()
            && non_blank(self.degree_field.as_deref()).is_none()
            && non_blank(self.university.as_deref()).is_none()
            && self.skills.iter().all(|s| s.trim().is_empty())
            && self.experience_years.is_none()
            && self.roles.is_empty()
    }
}

/// What the score reads from a job (snake_case names accepted, as for profiles).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JobRequirements {
    /// The minimum degree class, if any.
    #[serde(default, alias = "degree_class")]
    pub degree_class: Option<String>,
    /// The fields of study the job requires (the employer's required-degree options or
    /// custom entries); any one of them will do.
    #[serde(
        default,
        alias = "required_degree_classes",
        deserialize_with = "null_as_empty"
    )]
    pub required_degree_classes: Vec<String>,
    #[serde(default, deserialize_with = "null_as_empty")]
    pub skills: Vec<String>,
    /// Free-text requirements, read for skills only when `skills` is empty.
    #[serde(default, deserialize_with = "null_as_empty")]
    pub requirements: Vec<String>,
    #[serde(default, alias = "experience_years")]
    pub experience_years: Option<i64>,
    /// Percent, 0–100; `None` means [`DEFAULT_THRESHOLD`].
    #[serde(default, alias = "minimum_score_threshold")]
    pub minimum_score_threshold: Option<f64>,
    /// The job's title: read for skills without a skills list, and matched with the titles
    /// of the candidate's roles.
    #[serde(default, alias = "job_title")]
    pub title: Option<String>,
    /// The job's description, read for skills when it has no skills list.
    #[serde(default, alias = "job_description")]
    pub description: Option<String>,
}

fn null_as_empty<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    Option::<Vec<String>>::deserialize(d).map(Option::unwrap_or_default)
}

/// A candidate's fit for one job, as the API and the browser report it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FitScore {
    /// 0–5, two decimals.
    pub degree_score: f64,
    /// 0–5, two decimals.
    pub skills_score: f64,
    /// 0–5, two decimals.
    pub university_score: f64,
    /// 0–5, two decimals.
    pub experience_score: f64,
    /// Weighted total out of [`MAX_RAW_SCORE`], two decimals.
    pub total_raw_score: f64,
    /// Total as a percentage, one decimal.
    pub score_percentage: f64,
    /// Whether `score_percentage` reaches `threshold`.
    pub meets_threshold: bool,
    /// The threshold applied, in percent.
    pub threshold: f64,
    /// One line per component (degree, skills, university, experience).
    pub explanations: Vec<String>,
    /// Wanted skills the candidate lacks, as the job spells them.
    pub missing_skills: Vec<String>,
}

impl FitScore {
    /// The skills component's explanation (the second of `explanations`, which run degree,
    /// skills, university, experience): the skills shown, quoting the resume, and those missing.
    pub fn skills_explanation(&self) -> Option<&str> {
        self.explanations.get(1).map(String::as_str)
    }
}

/// A fit score's figures without its explanations: what ranking or filtering many
/// jobs needs. Each field is the [`FitScore`] field of the same name.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FitFigures {
    pub degree_score: f64,
    pub skills_score: f64,
    pub university_score: f64,
    pub experience_score: f64,
    pub total_raw_score: f64,
    pub score_percentage: f64,
    pub meets_threshold: bool,
    pub threshold: f64,
}

impl FitFigures {
    /// Weighs and rounds exact component values; `threshold` as [`threshold_of`] gives it.
    fn new(degree: f64, skills: f64, university: f64, experience: f64, threshold: f64) -> Self {
        let total = DEGREE_WEIGHT * degree
            + SKILLS_WEIGHT * skills
            + UNIVERSITY_WEIGHT * university
            + EXPERIENCE_WEIGHT * experience;
        let score_percentage = round_to(total / MAX_RAW_SCORE * 100.0, 1);
        Self {
            degree_score: round_to(degree, 2),
            skills_score: round_to(skills, 2),
            university_score: round_to(university, 2),
            experience_score: round_to(experience, 2),
            total_raw_score: round_to(total, 2),
            score_percentage,
            meets_threshold: score_percentage >= threshold,
            threshold,
        }
    }
}

impl From<&FitScore> for FitFigures {
    fn from(fit: &FitScore) -> Self {
        Self {
            degree_score: fit.degree_score,
            skills_score: fit.skills_score,
            university_score: fit.university_score,
            experience_score: fit.experience_score,
            total_raw_score: fit.total_raw_score,
            score_percentage: fit.score_percentage,
            meets_threshold: fit.meets_threshold,
            threshold: fit.threshold,
        }
    }
}

/// The refusal's description for a fit under the job's minimum: the real gap in points, and
/// the job's skills nothing the candidate wrote shows, which are what could raise the fit:
/// "Your fit is 19.9%, 30.1 points under this job's minimum of 50.0%. Skills it asks for that
/// your profile and resume do not show: SQL, Excel." (The spec's "Shortfall: {100 − fit}%"
/// measured the distance to 100 %, which no job asks for.)
pub fn shortfall_text(score_percentage: f64, threshold: f64, missing_skills: &[String]) -> String {
    let finite = |x: f64| {
        if x.is_finite() {
            x.clamp(0.0, 100.0)
        } else {
            0.0
        }
    };
    let (fit, minimum) = (finite(score_percentage), finite(threshold));
    let gap = round_to((round_to(minimum, 1) - round_to(fit, 1)).max(0.0), 1);
    let mut text = format!(
        "Your fit is {}, {gap:.1} points under this job's minimum of {}.",
        text::percent_text(fit),
        text::percent_text(minimum)
    );
    if !missing_skills.is_empty() {
        text.push_str(" Skills it asks for that your profile and resume do not show: ");
        text.push_str(&missing_skills.join(", "));
        text.push('.');
    }
    text
}

impl FitScore {
    /// [`shortfall_text`] of this score.
    pub fn shortfall_text(&self) -> String {
        shortfall_text(self.score_percentage, self.threshold, &self.missing_skills)
    }
}

// ---------------------------------------------------------------------------
// Scoring
// ---------------------------------------------------------------------------

/// Scores one candidate against one job.
pub fn score(profile: &CandidateProfile, job: &JobRequirements) -> FitScore {
    PreparedProfile::new(profile).score(job)
}

/// The candidate's resume roles that fit `job`, as indexes into `profile.roles` in resume
/// order: those whose years the experience component counts (see `relevance`).
pub fn fitting_roles(profile: &CandidateProfile, job: &JobRequirements) -> Vec<usize> {
    let prepared = PreparedProfile::new(profile);
    let Some(roles) = &prepared.roles else {
        return Vec::new();
    };
    let skills = prepared.skills_component(job, &mut Scratch::default());
    let stems = title_stems(job.title.as_deref().unwrap_or_default());
    role_fit(roles, &stems, |key| skills.keys.iter().any(|k| k == key))
        .fitting
        .iter()
        .map(|&i| roles[i].index)
        .collect()
}

/// Scores one candidate against many jobs, preparing the profile once.
pub fn score_many(profile: &CandidateProfile, jobs: &[JobRequirements]) -> Vec<FitScore> {
    let prepared = PreparedProfile::new(profile);
    let mut scratch = Scratch::default();
    jobs.iter()
        .map(|job| prepared.score_with(job, &mut scratch))
        .collect()
}

/// The candidate's side of the score, parsed and normalised once so scoring
/// many jobs does no per-comparison work on the profile.
#[derive(Debug, Clone)]
pub struct PreparedProfile {
    degree: CandidateDegree,
    field: Option<DegreeField>,
    /// The field as the candidate gave it, when it names none we know.
    field_text: Option<String>,
    university_score: f64,
    university_line: String,
    /// Canonical skill keys (see [`normalise_skill`]).
    skills: FastSet,
    /// Words that can start a skill phrase, the candidate's own included.
    starts: PhraseStarts,
    experience_years: i64,
    /// The resume's roles; `None` when it lists none (the profile's years are used).
    roles: Option<Vec<PreparedRole>>,
    /// The typed skills and resume lines, read for skills in other words.
    evidence: Evidence,
}

#[derive(Debug, Clone)]
enum CandidateDegree {
    Missing,
    Unrecognised(String),
    Class(DegreeClass),
}

impl CandidateDegree {
    fn value(&self) -> f64 {
        match self {
            Self::Class(class) => f64::from(class.value()),
            Self::Missing | Self::Unrecognised(_) => 0.0,
        }
    }

    fn describe(&self) -> String {
        match self {
            Self::Class(class) => class.candidate_label().to_string(),
            Self::Missing => "none given".to_string(),
            Self::Unrecognised(text) => format!("\"{text}\" (not a recognised class)"),
        }
    }
}

/// Reusable buffers so scoring a job allocates only what it returns.
#[derive(Debug, Default)]
struct Scratch {
    word_buf: String,
    words: Words,
    /// Canonical keys of the job's skills seen so far, back to back.
    keys: String,
    seen: Vec<Range<usize>>,
    keyer: Keyer,
    /// Whether each canonical key met so far is a generic skill: many jobs share their keys.
    generic: HashMap<Box<str>, bool>,
    /// Where the candidate shows each canonical key met so far.
    shown: HashMap<Box<str>, Option<Shown>>,
}

impl PreparedProfile {
    /// Parses and normalises a profile for scoring.
    pub fn new(profile: &CandidateProfile) -> Self {
        let degree = match non_blank(profile.degree_class.as_deref()) {
            None => CandidateDegree::Missing,
            Some(text) => DegreeClass::parse(text).map_or_else(
                |_| CandidateDegree::Unrecognised(text.to_string()),
                CandidateDegree::Class,
            ),
        };
        let field_text = non_blank(profile.degree_field.as_deref());
        let field = field_text.and_then(DegreeField::read);
        let (university_score, university_line) = university(profile.university.as_deref());
        let skills: FastSet = profile
            .skills
            .iter()
            .map(|s| normalise_skill(s).into_boxed_str())
            .filter(|k| !k.is_empty())
            .collect();
        let starts = LEXICON.starts.with(skills.iter().map(AsRef::as_ref));
        let roles = Some(prepare_roles(&profile.roles, &starts, &skills)).filter(|r| !r.is_empty());
        let blocks: Vec<Vec<&str>> = profile
            .roles
            .iter()
            .map(|role| {
                std::iter::once(role.title.as_str())
                    .chain(role.bullets.iter().map(String::as_str))
                    .collect()
            })
            .chain(profile.resume_lines.iter().map(|line| vec![line.as_str()]))
            .collect();
        let evidence = Evidence::new(&profile.skills, &blocks);
        Self {
            degree,
            field,
            field_text: field_text.filter(|_| field.is_none()).map(str::to_string),
            university_score,
            university_line,
            skills,
            starts,
            experience_years: profile.experience_years.unwrap_or(0).max(0),
            roles,
            evidence,
        }
    }

    /// Whether the candidate typed the skill of canonical key `key`.
    fn knows(&self, key: &str) -> bool {
        self.skills.contains(key)
    }

    /// Where the candidate shows the skill of canonical key `key`: typed in the profile as is
    /// or in other words, or in the resume (see [`evidence`]).
    fn shows(&self, key: &str, keyer: &mut Keyer) -> Option<Shown> {
        if self.knows(key) {
            Some(Shown::Profile)
        } else {
            self.evidence.shows(keyer, key)
        }
    }

    /// Scores this candidate against one job.
    pub fn score(&self, job: &JobRequirements) -> FitScore {
        self.score_with(job, &mut Scratch::default())
    }

    fn score_with(&self, job: &JobRequirements, scratch: &mut Scratch) -> FitScore {
        let fields = field::read_all(&job.required_degree_classes);
        let field_fit = field::fit(self.field, &fields);
        let skills = self.skills_component(job, scratch);
        let roles = self.roles.as_ref().map(|roles| {
            let stems = title_stems(job.title.as_deref().unwrap_or_default());
            role_fit(roles, &stems, |key| skills.keys.iter().any(|k| k == key))
        });
        let relevance = relevance(
            field_fit.map(|f| f.nearness),
            skills.matched,
            skills.total,
            roles.as_ref(),
        );
        let senior = seniority(
            skills.matched,
            skills.total,
            self.relevant_years(relevance, roles.as_ref()),
            required_years(job.experience_years),
        );
        let (degree, degree_line) = self.degree_component(
            job.degree_class.as_deref(),
            &fields,
            field_fit,
            relevance,
            senior,
        );
        let university = self.university_score * relevance * senior;
        let (experience, mut experience_line) =
            self.experience_component(job.experience_years, relevance, roles.as_ref());
        if senior < 1.0 {
            let _ = write!(
                experience_line,
                "; with none of the job's skills shown and under half the years it asks, your \
                 degree and university count {}%",
                round_to(senior * 100.0, 0)
            );
        }

        let figures = FitFigures::new(
            degree,
            skills.score,
            university,
            experience,
            threshold_of(job.minimum_score_threshold),
        );
        let mut university_line = self.university_line.clone();
        if self.university_score > 0.0 && relevance * senior < 1.0 {
            let _ = write!(
                university_line,
                "; counts {} of 5 for this job, as far as your field and skills fit it",
                round_to(university, 2)
            );
        }
        FitScore {
            degree_score: figures.degree_score,
            skills_score: figures.skills_score,
            university_score: figures.university_score,
            experience_score: figures.experience_score,
            total_raw_score: figures.total_raw_score,
            score_percentage: figures.score_percentage,
            meets_threshold: figures.meets_threshold,
            threshold: figures.threshold,
            explanations: vec![degree_line, skills.line, university_line, experience_line],
            missing_skills: skills.missing,
        }
    }

    fn degree_component(
        &self,
        required: Option<&str>,
        fields: &[DegreeField],
        fit: Option<field::FieldFit>,
        relevance: f64,
        senior: f64,
    ) -> (f64, String) {
        let candidate = self.degree.value();
        let mut described = self.degree.describe();
        match (self.field, &self.field_text) {
            (Some(field), _) => described = format!("{described} in {field}"),
            (None, Some(text)) => described = format!("{described} in \"{text}\""),
            (None, None) => {}
        }
        let required = required_degree(required);
        let points = self.degree_points(required, fit, relevance, senior);
        let mut line = match required {
            None => {
                format!("Degree: {described} ({candidate} of 5; the job sets no minimum class)")
            }
            Some(required) => {
                let label = required.employer_label();
                if candidate >= f64::from(required.value()) {
                    format!("Degree: {described} meets the required {label}")
                } else {
                    format!("Degree: {described} is below the required {label}")
                }
            }
        };
        if let Some(fit) = fit {
            line.push_str("; ");
            line.push_str(&self.describe_field_fit(fit, fields));
            let _ = write!(line, " ({} of 5)", round_to(points, 2));
        } else if relevance * senior < 1.0 && candidate > 0.0 {
            let _ = write!(
                line,
                "; counts {} of 5 for this job, as far as your skills and roles fit it",
                round_to(points, 2)
            );
        }
        (points, line)
    }

    /// How the candidate's field stands against the job's, in words.
    fn describe_field_fit(&self, fit: field::FieldFit, fields: &[DegreeField]) -> String {
        let wanted = fields
            .iter()
            .map(|f| f.label())
            .collect::<Vec<_>>()
            .join(" or ");
        match self.field {
            None => format!("field of study not known, the job wants {wanted}"),
            Some(field) if fit.nearness >= 1.0 => format!("{field} is the field the job wants"),
            Some(field) if fit.nearness > 0.0 => {
                format!("{field} is related to {}, which the job wants", fit.nearest)
            }
            Some(field) => format!("{field} is unrelated to the job's {wanted}"),
        }
    }

    /// The degree component against a job's minimum class, read by [`required_degree`], and
    /// its fields of study, read by [`field::read_all`]: the class's points scaled by how near
    /// the candidate's field is to the nearest wanted field, or, when the job names no field,
    /// by the candidate's relevance (a good class in another line of work is no fit); and by
    /// [`seniority`].
    fn degree_points(
        &self,
        required: Option<DegreeClass>,
        fit: Option<field::FieldFit>,
        relevance: f64,
        senior: f64,
    ) -> f64 {
        let candidate = self.degree.value();
        let class_points = match required {
            None => candidate,
            Some(required) => {
                let needed = f64::from(required.value());
                if candidate >= needed {
                    COMPONENT_MAX
                } else {
                    // Below the minimum, the class counts on its own scale and less the further
                    // it falls short: never more than where the job sets no minimum at all.
                    candidate * candidate / needed
                }
            }
        };
        class_points * fit.map_or(relevance, |fit| fit.nearness) * senior
    }

    /// The years of experience that count for a job: those of the resume's fitting roles,
    /// or, without resume roles, the profile's years as far as the candidate is relevant.
    fn relevant_years(&self, relevance: f64, roles: Option<&RoleFit>) -> f64 {
        match roles {
            Some(fit) => f64::from(fit.months) / 12.0,
            None => self.experience_years as f64 * relevance,
        }
    }

    /// The experience component against the years a job needs, read by [`required_years`]:
    /// `min(5, 5 × relevant years ÷ required)`, or 5 × relevance when it needs none.
    fn experience_points(
        &self,
        required: Option<i64>,
        relevance: f64,
        roles: Option<&RoleFit>,
    ) -> f64 {
        match required {
            None => COMPONENT_MAX * relevance,
            Some(needed) => {
                let have = self.relevant_years(relevance, roles);
                (COMPONENT_MAX * have / needed as f64).min(COMPONENT_MAX)
            }
        }
    }

    fn experience_component(
        &self,
        required: Option<i64>,
        relevance: f64,
        roles: Option<&RoleFit>,
    ) -> (f64, String) {
        let required = required_years(required);
        let points = self.experience_points(required, relevance, roles);
        let have = self.relevant_years(relevance, roles);
        let fitting = |fit: &RoleFit| {
            let all = self.roles.as_deref().unwrap_or_default();
            let titles: Vec<&str> = fit.fitting.iter().map(|&i| all[i].title.as_str()).collect();
            titles.join(", ")
        };
        let partly = relevance < 1.0;
        let line = match (required, roles) {
            (None, Some(fit)) if !fit.fitting.is_empty() => format!(
                "Experience: the job needs no minimum years; fitting roles: {}",
                fitting(fit)
            ),
            (None, _) if partly => format!(
                "Experience: the job needs no minimum years; counts {} of 5 for this job, as far \
                 as your field and skills fit it",
                round_to(points, 2)
            ),
            (None, _) => "Experience: the job needs no minimum years".to_string(),
            (Some(needed), Some(fit)) if fit.fitting.is_empty() => format!(
                "Experience: no role in your resume fits this job (0 of {} required)",
                years(needed)
            ),
            (Some(needed), Some(fit)) => {
                let verdict = if points >= COMPONENT_MAX {
                    "meets the"
                } else {
                    "of"
                };
                format!(
                    "Experience: {} in fitting roles ({}) {verdict} {} required",
                    years_f(have),
                    fitting(fit),
                    years(needed)
                )
            }
            (Some(needed), None) if partly => format!(
                "Experience: {} of {} required (your profile's {}, counted as far as your field \
                 and skills fit this job; no roles found in your resume)",
                years_f(have),
                years(needed),
                years(self.experience_years)
            ),
            (Some(needed), None) => {
                let have = self.experience_years;
                let line = if have >= needed {
                    format!("Experience: {} meets the {needed} required", years(have))
                } else {
                    format!("Experience: {have} of {} required", years(needed))
                };
                format!("{line} (from your profile: no roles found in your resume)")
            }
        };
        (points, line)
    }

    fn skills_component(&self, job: &JobRequirements, scratch: &mut Scratch) -> SkillsOutcome {
        if lists_skills(job) {
            self.listed_skills(&job.skills, scratch)
        } else {
            self.skills_from_texts(job, scratch)
        }
    }

    /// Skills against the job's own list, deduplicated by canonical key.
    fn listed_skills(&self, wanted: &[String], scratch: &mut Scratch) -> SkillsOutcome {
        let mut tally = Tally::default();
        let with_roles = self.roles.is_some();
        let mut wanted_keys: Vec<(String, String)> = Vec::new();
        scratch.each_wanted_key(wanted, |key, raw| {
            wanted_keys.push((key.to_string(), raw.clone()));
        });
        for (key, raw) in wanted_keys {
            if scratch.is_generic(&key) {
                tally.general.push(raw.trim().to_string());
                continue;
            }
            let shown = scratch.shows(self, &key).or_else(|| {
                bracket_alternative(&raw).and_then(|other| scratch.shows(self, &other))
            });
            if with_roles {
                tally.keys.push(key);
            }
            tally.count(raw.trim(), shown, &self.evidence);
        }
        SkillsOutcome::new(tally, "")
    }

    /// Skills named in the job's texts, for a job without a skills list.
    fn skills_from_texts(&self, job: &JobRequirements, scratch: &mut Scratch) -> SkillsOutcome {
        let mut wanted: Vec<(String, Option<&'static str>)> = Vec::new();
        for text in skill_texts(job) {
            scratch.words.read(text);
            self.find_skills_in(&scratch.words, &mut wanted);
        }
        let mut tally = Tally::default();
        for (key, display) in &wanted {
            // Only vocabulary skills can be missing: the candidate's own are matched.
            let name = display.unwrap_or(key.as_str());
            if scratch.is_generic(key) {
                tally.general.push(name.to_string());
                continue;
            }
            // The wanted keys are kept only to match resume roles against.
            if self.roles.is_some() {
                tally.keys.push(key.clone());
            }
            let shown = scratch.shows(self, key);
            tally.count(name, shown, &self.evidence);
        }
        SkillsOutcome::new(tally, " named in the job's text")
    }

    /// Appends to `found` the skills named in `words` for this candidate (see [`find_skills`]).
    fn find_skills_in(&self, words: &Words, found: &mut Vec<(String, Option<&'static str>)>) {
        find_skills(words, &self.starts, |key| self.knows(key), found);
    }
}

/// Words employers put in brackets to say how much of a skill they want, not what it is called.
const BRACKET_QUALIFIERS: &[&str] = &[
    "advanced",
    "advantage",
    "advantageous",
    "basic",
    "beginner",
    "certified",
    "desirable",
    "essential",
    "expert",
    "fluent",
    "intermediate",
    "mandatory",
    "minimum",
    "must",
    "native",
    "optional",
    "preferred",
    "proficient",
    "required",
];

/// What else shows a skill written with brackets: the one name in them, its short name or the
/// product it is done with ("Flameproof (FLP) equipment", "Integrated library system (Koha)"),
/// or the skill outside them when they only say how much of it is wanted ("Wiring (Advanced)").
/// Brackets of several other words qualify the skill ("TIG welding (stainless steel)"), and a
/// lowercase word is no name: both keep the whole skill.
fn bracket_alternative(raw: &str) -> Option<String> {
    let (before, rest) = raw.split_once('(')?;
    let (inside, after) = rest.split_once(')')?;
    let inside = inside.trim();
    let is_level = !inside.is_empty()
        && inside
            .split_whitespace()
            .all(|word| BRACKET_QUALIFIERS.contains(&word.to_lowercase().as_str()));
    let alternative = if is_level {
        normalise_skill(&format!("{before} {after}"))
    } else if !inside.contains(char::is_whitespace)
        && inside
            .chars()
            .any(|c| c.is_uppercase() || c.is_ascii_digit())
    {
        normalise_skill(inside)
    } else {
        return None;
    };
    (!alternative.is_empty()).then_some(alternative)
}

impl Scratch {
    /// Where `profile` shows the skill of canonical key `key` (see [`PreparedProfile::shows`]),
    /// remembered for the next job that asks it.
    fn shows(&mut self, profile: &PreparedProfile, key: &str) -> Option<Shown> {
        if let Some(&known) = self.shown.get(key) {
            return known;
        }
        let shown = profile.shows(key, &mut self.keyer);
        self.shown.insert(key.into(), shown);
        shown
    }

    /// Whether the skill of canonical key `key` is one every job could ask for.
    fn is_generic(&mut self, key: &str) -> bool {
        if let Some(&known) = self.generic.get(key) {
            return known;
        }
        let generic = generic::is_generic(&mut self.keyer, key);
        self.generic.insert(key.into(), generic);
        generic
    }

    /// Calls `each` with every canonical key of a job's skills list, once per key in
    /// list order, and the list entry that first gave it; blank entries give none.
    fn each_wanted_key(&mut self, wanted: &[String], mut each: impl FnMut(&str, &String)) {
        self.keys.clear();
        self.seen.clear();
        for raw in wanted {
            normalise_into(raw, &mut self.word_buf);
            let key = canonical(&self.word_buf);
            if key.is_empty() {
                continue;
            }
            let keys = &self.keys;
            if self.seen.iter().any(|r| &keys[r.clone()] == key) {
                continue;
            }
            let start = self.keys.len();
            self.keys.push_str(key);
            self.seen.push(start..self.keys.len());
            each(key, raw);
        }
    }
}

/// The texts read for a job's skills when it has no skills list: its requirements,
/// title and description.
fn skill_texts(job: &JobRequirements) -> impl Iterator<Item = &str> {
    job.requirements
        .iter()
        .map(String::as_str)
        .chain(job.title.as_deref())
        .chain(job.description.as_deref())
}

/// Whether a job's own skills list is what its skills are scored against (else its
/// texts are read for skills).
fn lists_skills(job: &JobRequirements) -> bool {
    job.skills.iter().any(|s| !s.trim().is_empty())
}

/// The minimum class a job sets. A job whose class text we cannot read is treated
/// as setting none, rather than refusing every candidate over a typo.
fn required_degree(text: Option<&str>) -> Option<DegreeClass> {
    non_blank(text).and_then(|t| DegreeClass::parse(t).ok())
}

/// The years a job needs; none when it asks for none (or a negative number).
fn required_years(years: Option<i64>) -> Option<i64> {
    years.filter(|&r| r > 0)
}

/// How the skills line names the candidate's resume to the candidate.
const FROM_YOUR_RESUME: &str = "from your resume";
/// ... and to the employer who received it.
const FROM_THEIR_RESUME: &str = "from the candidate's resume";

/// The skills explanation (`explanations[1]`) as the employer reads it: the same evidence, the
/// resume named as the candidate's.
pub fn skills_line_for_employer(line: &str) -> String {
    line.replacen(FROM_YOUR_RESUME, FROM_THEIR_RESUME, 1)
}

/// The job's skills as the candidate shows them, counted.
#[derive(Default)]
struct Tally {
    matched: usize,
    total: usize,
    /// Skills shown by the resume, with the line that shows each, quoted.
    from_resume: Vec<(String, String)>,
    missing: Vec<String>,
    /// Skills every job could ask for (see [`generic`]), not scored.
    general: Vec<String>,
    /// The canonical keys wanted (only when the candidate has resume roles to match).
    keys: Vec<String>,
}

impl Tally {
    fn count(&mut self, name: &str, shown: Option<Shown>, evidence: &Evidence) {
        self.total += 1;
        match shown {
            Some(Shown::Profile) => self.matched += 1,
            Some(Shown::Resume(line)) => {
                self.matched += 1;
                self.from_resume
                    .push((name.to_string(), evidence.quote(line)));
            }
            None => self.missing.push(name.to_string()),
        }
    }
}

struct SkillsOutcome {
    score: f64,
    line: String,
    missing: Vec<String>,
    matched: usize,
    total: usize,
    /// The canonical keys wanted (only when the candidate has resume roles to match).
    keys: Vec<String>,
}

impl SkillsOutcome {
    fn new(tally: Tally, source: &str) -> Self {
        let Tally {
            matched,
            total,
            from_resume,
            missing,
            general,
            keys,
        } = tally;
        let mut line = if total == 0 {
            "Skills: the job names no skills to match".to_string()
        } else {
            format!("Skills: {matched} of {total}{source}")
        };
        let mut parts = Vec::new();
        if !from_resume.is_empty() {
            let quoted: Vec<String> = from_resume
                .iter()
                .map(|(skill, quote)| format!("{skill} (\"{quote}\")"))
                .collect();
            parts.push(format!("{FROM_YOUR_RESUME}: {}", quoted.join(", ")));
        }
        if !missing.is_empty() {
            parts.push(format!("missing {}", missing.join(", ")));
        }
        if !parts.is_empty() {
            line.push_str(" — ");
            line.push_str(&parts.join("; "));
        }
        if !general.is_empty() {
            let _ = write!(
                line,
                "; not scored, as any job may ask them: {}",
                general.join(", ")
            );
        }
        Self {
            score: skills_points(matched, total),
            line,
            missing,
            matched,
            total,
            keys,
        }
    }
}

/// How far the degree and university count for a candidate who shows nothing of a job's work:
/// 1 with any of the job's skills, or at least half the years it asks, or when it asks neither;
/// else one half plus the share of the years they have. A graduate with none of a Finance
/// Manager's skills and 0 of 8 years keeps half their degree's points, not all.
fn seniority(matched: usize, total: usize, have_years: f64, required: Option<i64>) -> f64 {
    match required {
        Some(needed) if total > 0 && matched == 0 && have_years < needed as f64 / 2.0 => {
            0.5 + have_years / needed as f64
        }
        _ => 1.0,
    }
}

/// The skills component: `matched` of `total` wanted skills; full marks when none are wanted.
fn skills_points(matched: usize, total: usize) -> f64 {
    if total == 0 {
        COMPONENT_MAX
    } else {
        COMPONENT_MAX * matched as f64 / total as f64
    }
}

/// The threshold a job applies: its own, clamped to 0–100, or the default.
pub fn threshold_of(minimum_score_threshold: Option<f64>) -> f64 {
    minimum_score_threshold
        .filter(|t| t.is_finite())
        .map_or(DEFAULT_THRESHOLD, |t| t.clamp(0.0, 100.0))
}

/// Years with at most one decimal: "1 year", "2.5 years".
fn years_f(n: f64) -> String {
    let rounded = round_to(n, 1);
    if (rounded - 1.0).abs() < f64::EPSILON {
        "1 year".to_string()
    } else {
        format!("{rounded} years")
    }
}

fn years(n: i64) -> String {
    if n == 1 {
        "1 year".to_string()
    } else {
        format!("{n} years")
    }
}

fn non_blank(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|t| !t.is_empty())
}

/// Rounds half away from zero to `decimals` places.
fn round_to(value: f64, decimals: i32) -> f64 {
    let factor = 10f64.powi(decimals);
    (value * factor).round() / factor
}

// ---------------------------------------------------------------------------
// University
// ---------------------------------------------------------------------------

/// Other spellings of the listed universities (canonical word keys), each with its list label.
const UNIVERSITY_ALIASES: &[(&str, &str)] = &[
    ("chinhoyi", "Chinhoyi"),
    ("chinhoyi university", "Chinhoyi"),
    ("chinhoyi university of technology", "Chinhoyi"),
    ("cut", "Chinhoyi"),
    ("great zimbabwe university", "GZU"),
    ("gzu", "GZU"),
    ("harare institute of technology", "HIT"),
    ("hit", "HIT"),
    ("midlands state university", "MSU"),
    ("msu", "MSU"),
    ("national university of science and technology", "NUST"),
    ("nust", "NUST"),
    ("university of zimbabwe", "University of Zimbabwe (UZ)"),
    ("university of zimbabwe uz", "University of Zimbabwe (UZ)"),
    ("uz", "University of Zimbabwe (UZ)"),
];

/// The listed university a name refers to, if any (case and punctuation ignored).
pub fn listed_university(name: &str) -> Option<&'static str> {
    let mut key = String::new();
    normalise_into(name, &mut key);
    UNIVERSITY_ALIASES
        .binary_search_by(|(alias, _)| (*alias).cmp(key.as_str()))
        .ok()
        .map(|i| UNIVERSITY_ALIASES[i].1)
}

/// The university component and its explanation.
fn university(name: Option<&str>) -> (f64, String) {
    match non_blank(name) {
        None => (0.0, "University: not given".to_string()),
        Some(name) => match listed_university(name) {
            Some(label) => (COMPONENT_MAX, format!("University: {label}")),
            None => (
                OTHER_UNIVERSITY_SCORE,
                format!("University: {name} (3 of 5; listed universities score 5)"),
            ),
        },
    }
}

// ---------------------------------------------------------------------------
// Skills vocabulary and matching
// ---------------------------------------------------------------------------

/// Whether a character belongs to a word of a skill name. `+` and `#` do, so
/// "C++" and "C#" survive; `.`, `-` and `/` separate, so "Node.js" is "node js".
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '+' || c == '#'
}

/// Writes `raw` as lowercase words separated by single spaces into `out`,
/// calling `on_word` with each word's span in `out` and whether it was capitalised.
fn split_words(raw: &str, out: &mut String, mut on_word: impl FnMut(Range<usize>, bool)) {
    out.clear();
    let mut start: Option<(usize, bool)> = None;
    for c in raw.chars() {
        if is_word_char(c) {
            if start.is_none() {
                if !out.is_empty() {
                    out.push(' ');
                }
                start = Some((out.len(), c.is_uppercase()));
            }
            if c.is_ascii() {
                out.push(c.to_ascii_lowercase());
            } else {
                out.extend(c.to_lowercase());
            }
        } else if let Some((begin, capital)) = start.take() {
            on_word(begin..out.len(), capital);
        }
    }
    if let Some((begin, capital)) = start {
        on_word(begin..out.len(), capital);
    }
}

/// Writes `raw` as lowercase words separated by single spaces into `out`.
fn normalise_into(raw: &str, out: &mut String) {
    split_words(raw, out, |_, _| {});
}

/// A text split into lowercase words, kept so any run of words is one slice.
#[derive(Debug, Default)]
struct Words {
    text: String,
    /// Each word's span in `text` and whether it was written capitalised.
    spans: Vec<(Range<usize>, bool)>,
}

impl Words {
    fn read(&mut self, raw: &str) {
        self.spans.clear();
        let spans = &mut self.spans;
        split_words(raw, &mut self.text, |span, capital| {
            spans.push((span, capital));
        });
    }

    fn len(&self) -> usize {
        self.spans.len()
    }

    /// Words `i..i + n` as they appear in `text`, single-spaced.
    fn phrase(&self, i: usize, n: usize) -> &str {
        &self.text[self.spans[i].0.start..self.spans[i + n - 1].0.end]
    }
}

/// The canonical key of normalised words: its synonym target, or itself.
fn canonical(key: &str) -> &str {
    LEXICON.synonyms.get(key).copied().unwrap_or(key)
}

/// A skill's canonical key: "Node.js", "nodejs" and " NODE " all give "node".
pub fn normalise_skill(raw: &str) -> String {
    let mut words = String::new();
    normalise_into(raw, &mut words);
    canonical(&words).to_string()
}

/// How a vocabulary skill is displayed, by canonical key.
fn vocabulary_display(key: &str) -> Option<&'static str> {
    LEXICON.vocabulary.get(key).copied()
}

/// The skill tables as hash maps, built on first use: every job skill and
/// every phrase of a requirement text is looked up, and binary searches over
/// the tables were the largest cost in a profile of scoring 1,000 jobs.
struct Lexicon {
    synonyms: FastMap<&'static str>,
    vocabulary: FastMap<&'static str>,
    /// Phrase starts of the vocabulary and synonyms alone.
    starts: PhraseStarts,
}

type FastMap<V> = HashMap<&'static str, V, BuildHasherDefault<Fnv1a>>;

static LEXICON: LazyLock<Lexicon> = LazyLock::new(|| Lexicon {
    synonyms: SYNONYMS.iter().copied().collect(),
    vocabulary: VOCABULARY.iter().copied().collect(),
    starts: PhraseStarts::builtin(),
});

/// The skills named in free text: vocabulary skills, as (canonical key, display name).
///
/// ## What it checks
/// The text is split into words as skill names are. Scanning left to right,
/// the longest run of up to three words whose canonical key is in the built-in
/// vocabulary is taken, and scanning resumes after it; so "SQL Server" is one
/// skill, not also "SQL", and "Node.js" is not also "JS". Each skill is listed once.
///
/// Words that are also plain English ("Go", "React", "Excel", "Swift", "REST",
/// …) count only when capitalised and not the first word of the text, and the
/// one-letter languages "C" and "R" never count: "react quickly" and "Grade C"
/// name no skill.
pub fn skills_in_text(text: &str) -> Vec<(String, &'static str)> {
    let mut words = Words::default();
    words.read(text);
    let mut found = Vec::new();
    find_skills(&words, &LEXICON.starts, |_| false, &mut found);
    found
        .into_iter()
        .filter_map(|(key, display)| display.map(|d| (key, d)))
        .collect()
}

/// Appends to `found` (once each) the skills named in `words`: vocabulary
/// skills and keys the candidate knows (`known`, whose first words `starts`
/// includes). Known keys outside the vocabulary have no display name.
fn find_skills(
    words: &Words,
    starts: &PhraseStarts,
    known: impl Fn(&str) -> bool,
    found: &mut Vec<(String, Option<&'static str>)>,
) {
    let mut i = 0;
    while i < words.len() {
        // Most words start no skill: one lookup skips them.
        if !starts.contains(words.phrase(i, 1)) {
            i += 1;
            continue;
        }
        let longest = starts.max_words.min(words.len() - i);
        let hit = (1..=longest).rev().find_map(|n| {
            let phrase = words.phrase(i, n);
            if n == 1 && !plain_word_counts(phrase, i, words.spans[i].1) {
                return None;
            }
            let key = canonical(phrase);
            let display = vocabulary_display(key);
            (display.is_some() || known(key)).then_some((n, key, display))
        });
        match hit {
            Some((n, key, display)) => {
                if !found.iter().any(|(k, _)| k == key) {
                    found.push((key.to_string(), display));
                }
                i += n;
            }
            None => i += 1,
        }
    }
}

/// The words that can start a skill phrase (vocabulary keys, synonyms and a
/// candidate's own skills), sorted, and the longest phrase in words.
#[derive(Debug, Clone)]
struct PhraseStarts {
    words: FastSet,
    max_words: usize,
}

impl PhraseStarts {
    /// The starts of the built-in vocabulary and synonyms.
    fn builtin() -> Self {
        let none = Self {
            words: FastSet::default(),
            max_words: 0,
        };
        none.with(VOCABULARY.iter().chain(SYNONYMS).map(|(k, _)| *k))
    }

    /// These starts plus those of `extra_keys`.
    fn with<'a>(&self, extra_keys: impl Iterator<Item = &'a str>) -> Self {
        let mut more = self.clone();
        for key in extra_keys {
            let mut parts = key.split(' ');
            if let Some(first) = parts.next() {
                more.words.insert(first.into());
            }
            more.max_words = more.max_words.max(1 + parts.count());
        }
        more
    }

    fn contains(&self, word: &str) -> bool {
        self.words.contains(word)
    }
}

/// A set of short strings hashed with FNV-1a, several times faster than the
/// default SipHash for skill-sized keys. Hash flooding is no concern: the sets
/// hold only our vocabulary and the candidate's own skills, and untrusted job
/// text is only looked up, never inserted.
type FastSet = HashSet<Box<str>, BuildHasherDefault<Fnv1a>>;

/// The 64-bit FNV-1a hash.
struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv1a {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 ^= u64::from(*byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Whether a single lowercase `word` at `position`, `capitalised` or not as
/// written, may name a skill; see [`skills_in_text`].
fn plain_word_counts(word: &str, position: usize, capitalised: bool) -> bool {
    if word.chars().count() == 1 {
        return false;
    }
    if AMBIGUOUS_WORDS.binary_search(&word).is_err() {
        return true;
    }
    position > 0 && capitalised
}

/// Skill names that are also ordinary English words (lowercase, sorted).
pub(crate) const AMBIGUOUS_WORDS: &[&str] = &[
    "dart", "excel", "express", "go", "net", "node", "react", "rest", "ruby", "rust", "spark",
    "spring", "swift",
];

/// Built-in skills vocabulary: canonical key (sorted) and display name.
const VOCABULARY: &[(&str, &str)] = &[
    ("accounting", "Accounting"),
    ("advocacy", "Advocacy"),
    ("agile", "Agile"),
    ("agronomy", "Agronomy"),
    ("android", "Android"),
    ("angular", "Angular"),
    ("ansible", "Ansible"),
    ("artificial intelligence", "AI"),
    ("auditing", "Auditing"),
    ("autocad", "AutoCAD"),
    ("aws", "AWS"),
    ("azure", "Azure"),
    ("bash", "Bash"),
    ("basic life support", "Basic Life Support"),
    ("bookkeeping", "Bookkeeping"),
    ("brand management", "Brand Management"),
    ("budgeting", "Budgeting"),
    ("c", "C"),
    ("c#", "C#"),
    ("c++", "C++"),
    ("case management", "Case Management"),
    ("ci cd", "CI/CD"),
    ("classroom management", "Classroom Management"),
    ("clinical assessment", "Clinical Assessment"),
    ("communication", "Communication"),
    ("compliance", "Compliance"),
    ("contract drafting", "Contract Drafting"),
    ("conveyancing", "Conveyancing"),
    ("copywriting", "Copywriting"),
    ("corporate law", "Corporate Law"),
    ("counselling", "Counselling"),
    ("crm", "CRM"),
    ("crop production", "Crop Production"),
    ("css", "CSS"),
    ("curriculum development", "Curriculum Development"),
    ("customer service", "Customer Service"),
    ("cybersecurity", "Cybersecurity"),
    ("dart", "Dart"),
    ("data analysis", "Data Analysis"),
    ("data visualization", "Data Visualization"),
    ("deep learning", "Deep Learning"),
    ("digital marketing", "Digital Marketing"),
    ("django", "Django"),
    ("docker", "Docker"),
    ("due diligence", "Due Diligence"),
    ("emergency care", "Emergency Care"),
    ("excel", "Excel"),
    ("express", "Express"),
    ("figma", "Figma"),
    ("financial analysis", "Financial Analysis"),
    ("financial reporting", "Financial Reporting"),
    ("firebase", "Firebase"),
    ("first aid", "First Aid"),
    ("flask", "Flask"),
    ("flutter", "Flutter"),
    ("gis", "GIS"),
    ("git", "Git"),
    ("github", "GitHub"),
    ("gitlab", "GitLab"),
    ("go", "Go"),
    ("google analytics", "Google Analytics"),
    ("google cloud", "Google Cloud"),
    ("graphql", "GraphQL"),
    ("hadoop", "Hadoop"),
    ("horticulture", "Horticulture"),
    ("html", "HTML"),
    ("ifrs", "IFRS"),
    ("illustrator", "Illustrator"),
    ("infection control", "Infection Control"),
    ("ios", "iOS"),
    ("irrigation", "Irrigation"),
    ("java", "Java"),
    ("javascript", "JavaScript"),
    ("jenkins", "Jenkins"),
    ("jira", "Jira"),
    ("jquery", "jQuery"),
    ("kotlin", "Kotlin"),
    ("kubernetes", "Kubernetes"),
    ("labour law", "Labour Law"),
    ("laravel", "Laravel"),
    ("leadership", "Leadership"),
    ("legal drafting", "Legal Drafting"),
    ("legal research", "Legal Research"),
    ("lesson planning", "Lesson Planning"),
    ("linux", "Linux"),
    ("litigation", "Litigation"),
    ("livestock management", "Livestock Management"),
    ("machine learning", "Machine Learning"),
    ("market research", "Market Research"),
    ("marketing", "Marketing"),
    ("matlab", "MATLAB"),
    ("medication administration", "Medication Administration"),
    ("microsoft office", "Microsoft Office"),
    ("midwifery", "Midwifery"),
    ("mongodb", "MongoDB"),
    ("monitoring and evaluation", "Monitoring and Evaluation"),
    ("mysql", "MySQL"),
    ("natural language processing", "NLP"),
    ("negotiation", "Negotiation"),
    ("net", ".NET"),
    ("next js", "Next.js"),
    ("node", "Node.js"),
    ("nosql", "NoSQL"),
    ("numpy", "NumPy"),
    ("pandas", "Pandas"),
    ("patient care", "Patient Care"),
    ("payroll", "Payroll"),
    ("pest management", "Pest Management"),
    ("pharmacology", "Pharmacology"),
    ("phlebotomy", "Phlebotomy"),
    ("photoshop", "Photoshop"),
    ("php", "PHP"),
    ("postgresql", "PostgreSQL"),
    ("power bi", "Power BI"),
    ("problem solving", "Problem Solving"),
    ("project management", "Project Management"),
    ("psychological assessment", "Psychological Assessment"),
    ("public health", "Public Health"),
    ("public speaking", "Public Speaking"),
    ("python", "Python"),
    ("pytorch", "PyTorch"),
    ("quickbooks", "QuickBooks"),
    ("r", "R"),
    ("rails", "Ruby on Rails"),
    ("react", "React"),
    ("react native", "React Native"),
    ("reconciliation", "Reconciliation"),
    ("recruitment", "Recruitment"),
    ("redis", "Redis"),
    ("rest api", "REST APIs"),
    ("revit", "Revit"),
    ("risk management", "Risk Management"),
    ("ruby", "Ruby"),
    ("rust", "Rust"),
    ("sales", "Sales"),
    ("salesforce", "Salesforce"),
    ("sap", "SAP"),
    ("sas", "SAS"),
    ("scala", "Scala"),
    ("scikit learn", "scikit-learn"),
    ("scrum", "Scrum"),
    ("seo", "SEO"),
    ("site supervision", "Site Supervision"),
    ("social media", "Social Media"),
    ("soil science", "Soil Science"),
    ("solidworks", "SolidWorks"),
    ("spark", "Spark"),
    ("spring", "Spring"),
    ("spss", "SPSS"),
    ("sql", "SQL"),
    ("sql server", "SQL Server"),
    ("stata", "Stata"),
    ("statistics", "Statistics"),
    ("structural design", "Structural Design"),
    ("surveying", "Surveying"),
    ("swift", "Swift"),
    ("tableau", "Tableau"),
    ("taxation", "Taxation"),
    ("teamwork", "Teamwork"),
    ("tensorflow", "TensorFlow"),
    ("terraform", "Terraform"),
    ("time management", "Time Management"),
    ("triage", "Triage"),
    ("typescript", "TypeScript"),
    ("vue", "Vue.js"),
    ("wordpress", "WordPress"),
    ("wound care", "Wound Care"),
];

/// Other names of vocabulary skills: alias words (sorted) to canonical key.
const SYNONYMS: &[(&str, &str)] = &[
    ("ai", "artificial intelligence"),
    ("amazon web services", "aws"),
    ("audit", "auditing"),
    ("bls", "basic life support"),
    ("c sharp", "c#"),
    ("cicd", "ci cd"),
    ("clinical care", "patient care"),
    ("continuous integration", "ci cd"),
    ("counseling", "counselling"),
    ("cpp", "c++"),
    ("cpr", "basic life support"),
    ("csharp", "c#"),
    ("css3", "css"),
    ("customer care", "customer service"),
    ("customer relationship management", "crm"),
    ("data visualisation", "data visualization"),
    ("dotnet", "net"),
    ("ecmascript", "javascript"),
    ("es6", "javascript"),
    ("express js", "express"),
    ("expressjs", "express"),
    ("gcp", "google cloud"),
    ("golang", "go"),
    ("google cloud platform", "google cloud"),
    ("html5", "html"),
    ("js", "javascript"),
    ("k8s", "kubernetes"),
    ("labor law", "labour law"),
    ("m e", "monitoring and evaluation"),
    ("microsoft excel", "excel"),
    ("microsoft sql server", "sql server"),
    ("ml", "machine learning"),
    ("mongo", "mongodb"),
    ("ms excel", "excel"),
    ("ms office", "microsoft office"),
    ("ms sql", "sql server"),
    ("mssql", "sql server"),
    ("net core", "net"),
    ("nextjs", "next js"),
    ("nlp", "natural language processing"),
    ("node js", "node"),
    ("nodejs", "node"),
    ("nursing care", "patient care"),
    ("postgres", "postgresql"),
    ("powerbi", "power bi"),
    ("py", "python"),
    ("python3", "python"),
    ("react js", "react"),
    ("reactjs", "react"),
    ("rest", "rest api"),
    ("rest apis", "rest api"),
    ("restful", "rest api"),
    ("restful api", "rest api"),
    ("restful apis", "rest api"),
    ("ruby on rails", "rails"),
    ("sklearn", "scikit learn"),
    ("tax", "taxation"),
    ("team work", "teamwork"),
    ("tensor flow", "tensorflow"),
    ("ts", "typescript"),
    ("vue js", "vue"),
    ("vuejs", "vue"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use test_case::test_case;

    /// A candidate profile from plain values (also used by `prepared`'s tests).
    pub(crate) fn profile(
        degree: Option<&str>,
        university: Option<&str>,
        skills: &[&str],
        years: Option<i64>,
    ) -> CandidateProfile {
        CandidateProfile {
            degree_class: degree.map(str::to_string),
            university: university.map(str::to_string),
            skills: skills.iter().map(|s| (*s).to_string()).collect(),
            experience_years: years,
            ..CandidateProfile::default()
        }
    }

    /// Job requirements from plain values, without a threshold (also used by `prepared`'s tests).
    pub(crate) fn job(
        degree: Option<&str>,
        skills: &[&str],
        requirements: &[&str],
        years: Option<i64>,
    ) -> JobRequirements {
        JobRequirements {
            degree_class: degree.map(str::to_string),
            skills: skills.iter().map(|s| (*s).to_string()).collect(),
            requirements: requirements.iter().map(|s| (*s).to_string()).collect(),
            experience_years: years,
            minimum_score_threshold: None,
            ..JobRequirements::default()
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    /// A 2.1 candidate in `field` against a job without a minimum class that wants `wanted`.
    fn field_fit(field: Option<&str>, wanted: &[&str]) -> FitScore {
        let candidate = CandidateProfile {
            degree_field: field.map(str::to_string),
            ..profile(Some("2.1 Class"), Some("NUST"), &[], None)
        };
        let job = JobRequirements {
            required_degree_classes: wanted.iter().map(|w| (*w).to_string()).collect(),
            ..JobRequirements::default()
        };
        score(&candidate, &job)
    }

    #[test]
    fn a_job_naming_no_field_scores_the_class_alone() {
        let fit = field_fit(Some("Computer Science"), &[]);
        assert!(close(fit.degree_score, 4.0));
        assert_eq!(
            fit.explanations[0],
            "Degree: 2.1 Class in Computer Science (4 of 5; the job sets no minimum class)"
        );
    }

    #[test]
    fn the_wanted_field_keeps_the_class_points() {
        let fit = field_fit(Some("BSc Nursing Science"), &["Medicine", "Nursing"]);
        assert!(close(fit.degree_score, 4.0));
        assert!(
            fit.explanations[0].contains("Nursing is the field the job wants"),
            "{}",
            fit.explanations[0]
        );
    }

    #[test]
    fn a_related_field_keeps_part_of_the_class_points() {
        let fit = field_fit(Some("Software Engineering"), &["Computer Science"]);
        assert!(
            fit.degree_score > 3.0 && fit.degree_score < 4.0,
            "{}",
            fit.degree_score
        );
        assert!(
            fit.explanations[0].contains("Software Engineering is related to Computer Science"),
            "{}",
            fit.explanations[0]
        );
        let nurse = field_fit(Some("Nursing"), &["Medicine"]);
        assert!(
            nurse.degree_score > 0.0 && nurse.degree_score < 3.0,
            "{}",
            nurse.degree_score
        );
    }

    #[test]
    fn a_graduate_with_none_of_a_senior_jobs_skills_or_years_fails_the_default_threshold() {
        let finance_manager = JobRequirements {
            title: Some("Finance Manager".into()),
            required_degree_classes: vec!["Finance".into(), "Accounting".into()],
            ..job(
                Some("Second Class Upper"),
                &[
                    "IFRS reporting",
                    "Group consolidations",
                    "Treasury management",
                    "Budgeting",
                ],
                &[],
                Some(8),
            )
        };
        let graduate = CandidateProfile {
            degree_field: Some("BCom Finance".into()),
            ..profile(
                Some("1st Class"),
                Some("University of Zimbabwe (UZ)"),
                &["Excel"],
                Some(0),
            )
        };
        let fit = score(&graduate, &finance_manager);
        assert!(!fit.meets_threshold, "{fit:?}");
        assert!(
            fit.score_percentage < DEFAULT_THRESHOLD,
            "{}",
            fit.score_percentage
        );
        assert!(
            fit.explanations[3].ends_with(
                "with none of the job's skills shown and under half the years it asks, your \
                 degree and university count 50%"
            ),
            "{}",
            fit.explanations[3]
        );
        // Half the years, or one of the skills, and the degree counts in full again.
        let four_years = CandidateProfile {
            experience_years: Some(4),
            ..graduate.clone()
        };
        assert!(score(&four_years, &finance_manager).meets_threshold);
        let budgets = CandidateProfile {
            skills: vec!["budgeting".into()],
            ..graduate
        };
        let with_skill = score(&budgets, &finance_manager);
        assert!(with_skill.meets_threshold, "{with_skill:?}");
        assert!(!with_skill.explanations[3].contains("count 50%"));
    }

    #[test]
    fn an_unrelated_field_scores_no_degree_points_and_says_why() {
        let fit = field_fit(Some("Computer Science"), &["Medicine", "Nursing"]);
        assert!(close(fit.degree_score, 0.0));
        assert_eq!(
            fit.explanations[0],
            "Degree: 2.1 Class in Computer Science (4 of 5; the job sets no minimum class); \
             Computer Science is unrelated to the job's Medicine or Nursing (0 of 5)"
        );
    }

    #[test]
    fn an_unknown_field_scores_half_and_a_free_text_one_is_named() {
        let missing = field_fit(None, &["Law"]);
        assert!(close(missing.degree_score, 2.0));
        assert!(missing.explanations[0].contains("field of study not known, the job wants Law"));
        let custom = field_fit(Some("Basket weaving"), &["Law"]);
        assert!(close(custom.degree_score, 2.0));
        assert!(custom.explanations[0].starts_with("Degree: 2.1 Class in \"Basket weaving\""));
    }

    #[test_case("1st Class", DegreeClass::First)]
    #[test_case("First Class", DegreeClass::First)]
    #[test_case("first", DegreeClass::First)]
    #[test_case("2.1 Class", DegreeClass::SecondUpper)]
    #[test_case("2:1", DegreeClass::SecondUpper)]
    #[test_case("Second Class Upper", DegreeClass::SecondUpper)]
    #[test_case("upper second class", DegreeClass::SecondUpper)]
    #[test_case("2.2 Class", DegreeClass::SecondLower)]
    #[test_case("SECOND CLASS LOWER", DegreeClass::SecondLower)]
    #[test_case("Second-Class Lower", DegreeClass::SecondLower)]
    #[test_case("3rd Class", DegreeClass::Third)]
    #[test_case("  Third  Class ", DegreeClass::Third)]
    #[test_case("Diploma", DegreeClass::Diploma)]
    fn degree_class_parses_both_spellings(text: &str, expected: DegreeClass) {
        assert_eq!(DegreeClass::parse(text), Ok(expected));
        assert_eq!(text.parse::<DegreeClass>(), Ok(expected));
    }

    #[test_case("Masters")]
    #[test_case("")]
    #[test_case("2.3 Class")]
    #[test_case("Class")]
    fn degree_class_rejects_unknown_text(text: &str) {
        assert!(matches!(
            DegreeClass::parse(text),
            Err(DegreeClassError::Unknown(_))
        ));
    }

    #[test]
    fn degree_class_json_is_the_employer_label_and_reads_any_spelling() {
        let json = serde_json::to_string(&DegreeClass::SecondUpper).unwrap();
        assert_eq!(json, "\"Second Class Upper\"");
        let read: DegreeClass = serde_json::from_str("\"2.1 Class\"").unwrap();
        assert_eq!(read, DegreeClass::SecondUpper);
        assert!(serde_json::from_str::<DegreeClass>("\"Masters\"").is_err());
    }

    #[test]
    fn degree_labels_round_trip() {
        for class in [
            DegreeClass::Diploma,
            DegreeClass::Third,
            DegreeClass::SecondLower,
            DegreeClass::SecondUpper,
            DegreeClass::First,
        ] {
            assert_eq!(DegreeClass::parse(class.candidate_label()), Ok(class));
            assert_eq!(DegreeClass::parse(class.employer_label()), Ok(class));
            assert_eq!(class.to_string(), class.employer_label());
        }
    }

    #[test_case(Some("1st Class"), Some("Second Class Upper"), 5.0, "Degree: 1st Class meets the required Second Class Upper" ; "above the minimum")]
    #[test_case(Some("2.1 Class"), Some("Second Class Upper"), 5.0, "Degree: 2.1 Class meets the required Second Class Upper" ; "exactly the minimum")]
    #[test_case(Some("2.2 Class"), Some("Second Class Upper"), 2.25, "Degree: 2.2 Class is below the required Second Class Upper" ; "below the minimum")]
    #[test_case(Some("Diploma"), Some("First Class"), 0.2, "Degree: Diploma is below the required First Class" ; "diploma against first")]
    #[test_case(None, Some("Third Class"), 0.0, "Degree: none given is below the required Third Class" ; "no degree against a minimum")]
    #[test_case(Some("2.1 Class"), None, 4.0, "Degree: 2.1 Class (4 of 5; the job sets no minimum class)" ; "no minimum gives the scale value")]
    #[test_case(Some("3rd Class"), Some("Bachelors"), 2.0, "Degree: 3rd Class (2 of 5; the job sets no minimum class)" ; "unreadable minimum counts as none")]
    #[test_case(Some("Masters"), None, 0.0, "Degree: \"Masters\" (not a recognised class) (0 of 5; the job sets no minimum class)" ; "unrecognised candidate degree scores 0")]
    #[test_case(None, None, 0.0, "Degree: none given (0 of 5; the job sets no minimum class)" ; "nothing on either side")]
    fn degree_component(
        candidate: Option<&str>,
        required: Option<&str>,
        expected: f64,
        line: &str,
    ) {
        let fit = score(
            &profile(candidate, None, &[], None),
            &job(required, &[], &[], None),
        );
        assert!(close(fit.degree_score, expected), "{}", fit.degree_score);
        assert_eq!(fit.explanations[0], line);
    }

    #[test_case(&["React", "Docker"], &["React", "Docker", "Kubernetes", "Go"], 2.5, "Skills: 2 of 4 — missing Kubernetes, Go" ; "half matched")]
    #[test_case(&["js", "TS", "postgres", "k8s"], &["JavaScript", "TypeScript", "PostgreSQL", "Kubernetes"], 5.0, "Skills: 4 of 4" ; "synonyms")]
    #[test_case(&["NodeJS", "ReactJS", "Golang", "ML"], &["Node.js", "React", "Go", "Machine Learning"], 5.0, "Skills: 4 of 4" ; "more synonyms")]
    #[test_case(&["node"], &["Node", "node.js", "NODE JS"], 5.0, "Skills: 1 of 1" ; "duplicates in the job count once")]
    #[test_case(&["C"], &["C++", "C#"], 0.0, "Skills: 0 of 2 — missing C++, C#" ; "c is not c++ or c#")]
    #[test_case(&["Python"], &["  ", ""], 5.0, "Skills: the job names no skills to match" ; "blank skills and no requirements")]
    #[test_case(&[], &["Excel"], 0.0, "Skills: 0 of 1 — missing Excel" ; "candidate without skills")]
    #[test_case(&["  power   BI "], &["PowerBI", "Power-BI"], 5.0, "Skills: 1 of 1" ; "spacing and punctuation")]
    #[test_case(&["Python", "SQL", "Excel"], &["python", "SQL", "Tableau"], 3.333_333_333_333_333_5, "Skills: 2 of 3 — missing Tableau" ; "thirds")]
    fn skills_from_the_job_list(candidate: &[&str], wanted: &[&str], expected: f64, line: &str) {
        let fit = score(
            &profile(None, None, candidate, None),
            &job(None, wanted, &[], None),
        );
        assert!(
            close(fit.skills_score, round_to(expected, 2)),
            "{}",
            fit.skills_score
        );
        assert_eq!(fit.explanations[1], line);
    }

    #[test_case(&["Python"], &["3 years of Python and SQL"], 2.5, "Skills: 1 of 2 named in the job's text — missing SQL", &["SQL"] ; "vocabulary words")]
    #[test_case(&["Figma"], &["Expert in Figma and Docker"], 2.5, "Skills: 1 of 2 named in the job's text — missing Docker", &["Docker"] ; "candidate skill outside the vocabulary")]
    #[test_case(&["SQL"], &["Administer SQL Server clusters"], 0.0, "Skills: 0 of 1 named in the job's text — missing SQL Server", &["SQL Server"] ; "longest phrase wins")]
    #[test_case(&["Node.js"], &["Build APIs in Node.js."], 5.0, "Skills: 1 of 1 named in the job's text", &[] ; "node js is not also js")]
    #[test_case(&["React"], &["React quickly to incidents", "Excel in a team", "Grade C or better"], 5.0, "Skills: the job names no skills to match", &[] ; "english words do not count")]
    #[test_case(&["Go"], &["Services written in Go and Rust"], 2.5, "Skills: 1 of 2 named in the job's text — missing Rust", &["Rust"] ; "capitalised languages count")]
    #[test_case(&["Docker"], &["Docker; also docker compose", "docker!"], 5.0, "Skills: 1 of 1 named in the job's text", &[] ; "each skill once")]
    #[test_case(&["Leadership"], &["A friendly attitude"], 5.0, "Skills: the job names no skills to match", &[] ; "nothing to match")]
    fn skills_from_requirement_texts(
        candidate: &[&str],
        requirements: &[&str],
        expected: f64,
        line: &str,
        missing: &[&str],
    ) {
        let fit = score(
            &profile(None, None, candidate, None),
            &job(None, &[], requirements, None),
        );
        assert!(close(fit.skills_score, expected), "{}", fit.skills_score);
        assert_eq!(fit.explanations[1], line);
        assert_eq!(fit.missing_skills, missing);
    }

    #[test_case(Some("University of Zimbabwe (UZ)"), 5.0, "University: University of Zimbabwe (UZ)" ; "uz label")]
    #[test_case(Some("nust"), 5.0, "University: NUST" ; "case ignored")]
    #[test_case(Some("Harare Institute of Technology"), 5.0, "University: HIT" ; "full name")]
    #[test_case(Some("MSU"), 5.0, "University: MSU" ; "msu")]
    #[test_case(Some("GZU"), 5.0, "University: GZU" ; "gzu")]
    #[test_case(Some("Chinhoyi"), 5.0, "University: Chinhoyi" ; "chinhoyi")]
    #[test_case(Some("Other"), 3.0, "University: Other (3 of 5; listed universities score 5)" ; "other")]
    #[test_case(Some("University of Cape Town"), 3.0, "University: University of Cape Town (3 of 5; listed universities score 5)" ; "another name")]
    #[test_case(Some("   "), 0.0, "University: not given" ; "blank")]
    #[test_case(None, 0.0, "University: not given" ; "missing")]
    fn university_component(name: Option<&str>, expected: f64, line: &str) {
        let fit = score(&profile(None, name, &[], None), &job(None, &[], &[], None));
        assert!(close(fit.university_score, expected));
        assert_eq!(fit.explanations[2], line);
    }

    #[test_case(Some(2), Some(3), 3.33, "Experience: 2 of 3 years required (from your profile: no roles found in your resume)" ; "below")]
    #[test_case(Some(3), Some(3), 5.0, "Experience: 3 years meets the 3 required (from your profile: no roles found in your resume)" ; "exactly")]
    #[test_case(Some(10), Some(3), 5.0, "Experience: 10 years meets the 3 required (from your profile: no roles found in your resume)" ; "capped at 5")]
    #[test_case(Some(1), Some(4), 1.25, "Experience: 1 of 4 years required (from your profile: no roles found in your resume)" ; "quarter")]
    #[test_case(Some(0), Some(1), 0.0, "Experience: 0 of 1 year required (from your profile: no roles found in your resume)" ; "singular year")]
    #[test_case(None, Some(2), 0.0, "Experience: 0 of 2 years required (from your profile: no roles found in your resume)" ; "missing years count as 0")]
    #[test_case(Some(-3), Some(2), 0.0, "Experience: 0 of 2 years required (from your profile: no roles found in your resume)" ; "negative years count as 0")]
    #[test_case(Some(0), Some(0), 5.0, "Experience: the job needs no minimum years" ; "zero required")]
    #[test_case(Some(0), None, 5.0, "Experience: the job needs no minimum years" ; "none required")]
    fn experience_component(have: Option<i64>, needed: Option<i64>, expected: f64, line: &str) {
        let fit = score(
            &profile(None, None, &[], have),
            &job(None, &[], &[], needed),
        );
        assert!(
            close(fit.experience_score, expected),
            "{}",
            fit.experience_score
        );
        assert_eq!(fit.explanations[3], line);
    }

    #[test]
    fn perfect_candidate_scores_19_6_and_100_percent() {
        let fit = score(
            &profile(Some("1st Class"), Some("NUST"), &["Rust"], Some(5)),
            &job(Some("Second Class Upper"), &["rust"], &[], Some(3)),
        );
        assert!(close(fit.total_raw_score, MAX_RAW_SCORE));
        assert!(close(fit.score_percentage, 100.0));
        assert!(fit.meets_threshold);
        assert!(close(fit.threshold, DEFAULT_THRESHOLD));
    }

    #[test]
    fn empty_profile_against_an_open_job_scores_skills_and_experience_only() {
        // degree 0, skills 5 (nothing to match), university 0, experience 5:
        // 1.4 × 5 + 1.0 × 5 = 12 → 12 / 19.6 = 61.22…% → 61.2.
        let fit = score(&CandidateProfile::default(), &JobRequirements::default());
        assert!(close(fit.total_raw_score, 12.0));
        assert!(close(fit.score_percentage, 61.2));
        assert!(fit.missing_skills.is_empty());
    }

    #[test]
    fn weighted_total_and_percentage() {
        // skills 1 of 2 → 2.5, and with no field named and no resume roles, relevance is
        // that share, 0.5. degree 2.2 (3) vs 2.1 (4) → 3 × 3/4 = 2.25 × 0.5 = 1.125; Other →
        // 3 × 0.5 = 1.5; profile years 1 × 0.5 = 0.5 of 2 → 1.25.
        // total = 1.125 + 1.4 × 2.5 + 0.52 × 1.5 + 1.25 = 1.125 + 3.5 + 0.78 + 1.25 = 6.655
        // percentage = 6.655 / 19.6 × 100 = 33.954… → 34.0
        let fit = score(
            &profile(Some("2.2 Class"), Some("Other"), &["SQL"], Some(1)),
            &job(Some("Second Class Upper"), &["SQL", "Docker"], &[], Some(2)),
        );
        assert!(close(fit.degree_score, 1.13));
        assert!(close(fit.skills_score, 2.5));
        assert!(close(fit.university_score, 1.5));
        assert!(close(fit.experience_score, 1.25));
        assert!(close(fit.total_raw_score, 6.66));
        assert!(close(fit.score_percentage, 34.0));
        assert_eq!(fit.missing_skills, ["Docker"]);
    }

    #[test_case(None, 61.2, true ; "default threshold 20")]
    #[test_case(Some(61.2), 61.2, true ; "equal to the shown percentage meets")]
    #[test_case(Some(61.25), 61.2, false ; "just above fails")]
    #[test_case(Some(150.0), 61.2, false ; "clamped to 100")]
    #[test_case(Some(-5.0), 61.2, true ; "clamped to 0")]
    #[test_case(Some(f64::NAN), 61.2, true ; "nan uses the default")]
    fn threshold_compares_the_shown_percentage(threshold: Option<f64>, pct: f64, meets: bool) {
        let open_job = JobRequirements {
            minimum_score_threshold: threshold,
            ..JobRequirements::default()
        };
        let fit = score(&CandidateProfile::default(), &open_job);
        assert!(close(fit.score_percentage, pct));
        assert_eq!(fit.meets_threshold, meets);
    }

    #[test_case(
        19.9,
        50.0,
        "Your fit is 19.9%, 30.1 points under this job's minimum of 50.0%."
    )]
    #[test_case(19.95, 20.0, "Your fit is 20.0%, 0.0 points under this job's minimum of 20.0%." ; "rounded as shown")]
    #[test_case(f64::NAN, 35.0, "Your fit is 0.0%, 35.0 points under this job's minimum of 35.0%." ; "nan")]
    fn shortfall(pct: f64, threshold: f64, expected: &str) {
        assert_eq!(shortfall_text(pct, threshold, &[]), expected);
    }

    #[test]
    fn the_shortfall_names_the_skills_nothing_shows() {
        let missing = vec!["SQL".to_string(), "Power BI".to_string()];
        assert_eq!(
            shortfall_text(61.24, 75.0, &missing),
            "Your fit is 61.2%, 13.8 points under this job's minimum of 75.0%. Skills it asks \
             for that your profile and resume do not show: SQL, Power BI."
        );
    }

    #[test]
    fn fit_score_serialises_with_the_api_names() {
        let fit = score(&CandidateProfile::default(), &JobRequirements::default());
        let json = serde_json::to_value(&fit).unwrap();
        for key in [
            "degreeScore",
            "skillsScore",
            "universityScore",
            "experienceScore",
            "totalRawScore",
            "scorePercentage",
            "meetsThreshold",
            "threshold",
            "explanations",
            "missingSkills",
        ] {
            assert!(json.get(key).is_some(), "{key} missing in {json}");
        }
    }

    #[test]
    fn inputs_accept_camel_and_snake_case_and_nulls() {
        let camel: JobRequirements = serde_json::from_str(
            r#"{"degreeClass":"First Class","skills":null,"experienceYears":2,"minimumScoreThreshold":50,"title":"x"}"#,
        )
        .unwrap();
        let snake: JobRequirements = serde_json::from_str(
            r#"{"degree_class":"First Class","experience_years":2,"minimum_score_threshold":50,"job_title":"x"}"#,
        )
        .unwrap();
        assert_eq!(camel, snake);
        let person: CandidateProfile =
            serde_json::from_str(r#"{"degree_class":null,"skills":["SQL"],"experience_years":3}"#)
                .unwrap();
        assert_eq!(person.skills, ["SQL"]);
        assert_eq!(person.experience_years, Some(3));
    }

    #[test]
    fn score_many_matches_scoring_one_by_one() {
        let candidate = profile(Some("2.1 Class"), Some("HIT"), &["Python", "SQL"], Some(2));
        let jobs = [
            job(None, &["Python", "Go"], &[], Some(1)),
            job(
                Some("First Class"),
                &[],
                &["Strong SQL and Tableau"],
                Some(4),
            ),
            job(None, &["sql", "SQL", "python"], &[], None),
        ];
        let many = score_many(&candidate, &jobs);
        let one_by_one: Vec<FitScore> = jobs.iter().map(|j| score(&candidate, j)).collect();
        assert_eq!(many, one_by_one);
    }

    #[test_case("Node.js", "node")]
    #[test_case("  REACT.JS ", "react")]
    #[test_case("C++", "c++")]
    #[test_case("C#", "c#")]
    #[test_case(".NET Core", "net")]
    #[test_case("CI/CD", "ci cd")]
    #[test_case("Problem-Solving", "problem solving")]
    #[test_case("Amazon Web Services", "aws")]
    #[test_case("Cobol", "cobol")]
    fn normalise_skill_gives_canonical_keys(raw: &str, expected: &str) {
        assert_eq!(normalise_skill(raw), expected);
    }

    #[test]
    fn skills_in_text_lists_vocabulary_skills_once_in_order() {
        let found = skills_in_text("Kubernetes (K8s), Docker and PostgreSQL; Postgres tuning");
        let displays: Vec<&str> = found.iter().map(|(_, d)| *d).collect();
        assert_eq!(displays, ["Kubernetes", "Docker", "PostgreSQL"]);
    }

    #[test]
    fn lookup_tables_are_sorted_and_consistent() {
        fn assert_sorted(keys: &[&str]) {
            assert!(keys.windows(2).all(|w| w[0] < w[1]), "not sorted: {keys:?}");
        }
        assert_sorted(&VOCABULARY.iter().map(|(k, _)| *k).collect::<Vec<_>>());
        assert_sorted(&SYNONYMS.iter().map(|(k, _)| *k).collect::<Vec<_>>());
        assert_sorted(
            &UNIVERSITY_ALIASES
                .iter()
                .map(|(k, _)| *k)
                .collect::<Vec<_>>(),
        );
        assert_sorted(AMBIGUOUS_WORDS);
        let mut words = String::new();
        for (key, _) in VOCABULARY.iter().chain(SYNONYMS).chain(UNIVERSITY_ALIASES) {
            normalise_into(key, &mut words);
            assert_eq!(&words, key, "keys must already be normalised");
        }
        // skills_in_text documents phrases of up to three words.
        assert_eq!(LEXICON.starts.max_words, 3);
        for (_, target) in SYNONYMS {
            assert!(
                vocabulary_display(target).is_some(),
                "synonym target {target} not in the vocabulary"
            );
        }
        for label in LISTED_UNIVERSITIES {
            assert_eq!(listed_university(label), Some(label));
        }
        for word in AMBIGUOUS_WORDS {
            assert!(vocabulary_display(canonical(word)).is_some(), "{word}");
        }
    }

    #[test]
    fn brackets_holding_a_name_or_a_level_are_read_for_what_they_say() {
        let electrician = CandidateProfile {
            resume_lines: vec![
                "Inspected FLP motors, plugs and junction boxes every month".to_string(),
                "Ran the library on Koha".to_string(),
                "Welded stainless handrails".to_string(),
            ],
            ..profile(None, None, &["wiring"], Some(9))
        };
        let wanted = job(
            None,
            &[
                "Flameproof (FLP) equipment",
                "Integrated library system (Koha)",
                "TIG welding (stainless steel)",
                "Rewinding (advanced)",
                "Wiring (Advanced)",
            ],
            &[],
            None,
        );
        let fit = score(&electrician, &wanted);
        let line = fit.skills_explanation().unwrap_or_default().to_string();
        assert!(line.starts_with("Skills: 3 of 5"), "{line}");
        assert!(
            line.contains("missing TIG welding (stainless steel), Rewinding (advanced)"),
            "{line}"
        );
    }
}

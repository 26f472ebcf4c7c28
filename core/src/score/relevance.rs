//! How relevant a candidate is to a job: the signal that keeps the university and the
//! years of a working life from lifting a candidate of another line of work over a
//! job's threshold.
//!
//! ## What it computes
//! - **Relevant roles**: a resume role fits a job when its title shares a line-of-work
//!   word with the job's title (compared by stem, so "Staff Nurse" fits "Registered
//!   Nurse" and "Accountant" fits "Accounting Officer"; words such as "Senior",
//!   "Officer" or "Manager" say nothing of the field and are left out) or when its
//!   title and bullets name one of the skills the job wants.
//! - **Relevance** (0–1), from the field's nearness (when the job names fields,
//!   [`super::field::fit`]), the share of the job's skills the candidate has (when it names
//!   any) and whether a resume role fits:
//!   - with resume roles, the mean of the field and the fitting work, the better of the
//!     skills share and 1 for a fitting role (0 when none fits): what a candidate has done
//!     counts as much as what they studied, so a related degree with no fitting work is
//!     half relevant at most;
//!   - without resume roles, the better of the field and the skills share;
//!   - 1 when the job names neither a field nor a skill and there are no roles.
//!
//! ## Why
//! The product's weights (degree 1, skills 1.4, university 0.52, experience 1) give a
//! listed university and five years of anything 7.6 of 19.6 points, 38.8 %: without
//! relevance a developer passed a clinic's gate on those alone. Scaling the university
//! and the experience by relevance keeps both for the candidates they describe.

use super::{FastSet, PhraseStarts, Words, find_skills};
use crate::resume::WorkRole;

/// Title words that name a rank or a kind of post rather than a line of work (sorted).
const GENERIC_TITLE_WORDS: &[&str] = &[
    "a",
    "administrator",
    "agent",
    "an",
    "analyst",
    "and",
    "assistant",
    "associate",
    "at",
    "chief",
    "consultant",
    "contract",
    "coordinator",
    "deputy",
    "director",
    "engineer",
    "executive",
    "for",
    "full",
    "general",
    "graduate",
    "head",
    "i",
    "ii",
    "iii",
    "in",
    "intern",
    "internship",
    "iv",
    "junior",
    "lead",
    "manager",
    "of",
    "officer",
    "part",
    "principal",
    "remote",
    "representative",
    "senior",
    "specialist",
    "staff",
    "supervisor",
    "team",
    "technician",
    "temporary",
    "the",
    "time",
    "to",
    "trainee",
    "volunteer",
    "with",
];

/// Whether a title's word (any case) names a rank or a kind of post rather than a line of work.
pub(super) fn is_rank_word(word: &str) -> bool {
    GENERIC_TITLE_WORDS
        .binary_search(&word.to_lowercase().as_str())
        .is_ok()
}

/// Endings taken off a title word to compare stems ("nursing" and "nurse" are "nurs").
const SUFFIXES: &[&str] = &["ing", "ment", "ant", "ist", "ian", "er", "or", "s", "e"];

/// The stems of a title's line-of-work words.
pub(super) fn title_stems(title: &str) -> Vec<Box<str>> {
    let mut stems: Vec<Box<str>> = Vec::new();
    for word in title
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
    {
        if GENERIC_TITLE_WORDS.binary_search(&word.as_str()).is_ok() {
            continue;
        }
        let stem: Box<str> = stem(&word).into();
        if !stems.contains(&stem) {
            stems.push(stem);
        }
    }
    stems
}

/// `word` with its endings taken off while at least four letters remain.
fn stem(word: &str) -> &str {
    let mut stem = word;
    'strip: loop {
        for suffix in SUFFIXES {
            if let Some(shorter) = stem.strip_suffix(suffix)
                && shorter.chars().count() >= 4
            {
                stem = shorter;
                continue 'strip;
            }
        }
        return stem;
    }
}

/// A resume role read once for scoring.
#[derive(Debug, Clone)]
pub(super) struct PreparedRole {
    /// Its index in the profile's roles.
    pub index: usize,
    pub title: String,
    pub stems: Vec<Box<str>>,
    /// Canonical keys of the skills its title and text name.
    pub keys: Vec<Box<str>>,
    pub months: u32,
}

/// Reads roles' titles and skills, with the candidate's own skills counted as skills.
pub(super) fn prepare_roles(
    roles: &[WorkRole],
    starts: &PhraseStarts,
    knows: &FastSet,
) -> Vec<PreparedRole> {
    let mut words = Words::default();
    let mut found = Vec::new();
    roles
        .iter()
        .enumerate()
        .filter(|(_, role)| role.months > 0)
        .map(|(index, role)| {
            found.clear();
            for text in std::iter::once(&role.title).chain(&role.bullets) {
                words.read(text);
                find_skills(&words, starts, |key| knows.contains(key), &mut found);
            }
            PreparedRole {
                index,
                title: role.title.trim().to_string(),
                stems: title_stems(&role.title),
                keys: found.iter().map(|(key, _)| key.as_str().into()).collect(),
                months: role.months,
            }
        })
        .collect()
}

/// The roles that fit a job, by index into the prepared roles, and their months.
#[derive(Debug, Clone, Default)]
pub(super) struct RoleFit {
    pub months: u32,
    pub fitting: Vec<usize>,
}

/// Which of `roles` fit a job titled with `job_stems` that wants the skills `wants` accepts.
pub(super) fn role_fit(
    roles: &[PreparedRole],
    job_stems: &[Box<str>],
    wants: impl Fn(&str) -> bool,
) -> RoleFit {
    let mut fit = RoleFit::default();
    for (index, role) in roles.iter().enumerate() {
        let titled = role.stems.iter().any(|s| job_stems.contains(s));
        if titled || role.keys.iter().any(|k| wants(k)) {
            fit.months += role.months;
            fit.fitting.push(index);
        }
    }
    fit
}

/// The candidate's relevance to a job (0–1); see the module's documentation.
pub(super) fn relevance(
    field: Option<f64>,
    matched: usize,
    total: usize,
    roles: Option<&RoleFit>,
) -> f64 {
    let skills = (total > 0).then(|| matched as f64 / total as f64);
    let relevance = match roles {
        // What the candidate has done counts as much as what they studied.
        Some(roles) => {
            let role = if roles.fitting.is_empty() { 0.0 } else { 1.0 };
            let work = skills.unwrap_or(0.0).max(role);
            field.map_or(work, |field| f64::midpoint(field, work))
        }
        // Without resume roles, the field or the skills speak alone.
        None => match (field, skills) {
            (None, None) => 1.0,
            (a, b) => a.unwrap_or(0.0).max(b.unwrap_or(0.0)),
        },
    };
    relevance.clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generic_words_are_sorted() {
        assert!(GENERIC_TITLE_WORDS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn titles_compare_by_line_of_work_stems() {
        let stems = |t: &str| title_stems(t);
        assert_eq!(
            stems("Senior Staff Nurse"),
            ["nurs".into()] as [Box<str>; 1]
        );
        assert_eq!(stems("Nursing Officer"), stems("Registered Nurse")[1..]);
        assert_eq!(stems("Accountant")[0], stems("Accounting Clerk")[0]);
        assert_eq!(stems("Teacher")[0], stems("Teaching Assistant")[0]);
        assert_eq!(
            stems("Software Developer"),
            ["softwar".into(), "develop".into()] as [Box<str>; 2]
        );
        assert!(
            stems("Medical Officer")
                .iter()
                .all(|s| !stems("Media Officer").contains(s))
        );
        assert!(
            stems("Project Manager II")
                .iter()
                .all(|s| &**s == "project")
        );
    }

    #[test]
    fn relevance_is_the_best_signal_and_one_without_signals() {
        let none = RoleFit::default();
        let some = RoleFit {
            months: 24,
            fitting: vec![0],
        };
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        assert!(close(relevance(None, 0, 0, None), 1.0));
        // A resume without a fitting role is evidence against, even on a job naming nothing.
        assert!(close(relevance(None, 0, 0, Some(&none)), 0.0));
        assert!(close(relevance(None, 0, 0, Some(&some)), 1.0));
        assert!(close(relevance(Some(0.0), 0, 4, Some(&none)), 0.0));
        // With resume roles: the mean of the field and the better of skills and roles.
        assert!(close(relevance(Some(0.6), 0, 4, Some(&none)), 0.3));
        assert!(close(relevance(Some(0.5), 0, 4, Some(&some)), 0.75));
        assert!(close(relevance(Some(1.0), 1, 4, Some(&none)), 0.625));
        // Without: the better of the field and the skills.
        assert!(close(relevance(Some(0.0), 1, 4, None), 0.25));
        assert!(close(relevance(Some(1.0), 1, 4, None), 1.0));
        assert!(close(relevance(Some(0.6), 0, 0, None), 0.6));
    }
}

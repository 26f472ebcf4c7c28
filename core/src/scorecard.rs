//! Scorecards: each member who interviews an applicant rates them on the job's criteria, 1 to 4,
//! with a note. The criteria come from the job's skills and requirements until a recruiter
//! edits them. Recruiters read every scorecard and their summary; the candidate never does.

use crate::job_limits::{LIST_ENTRY_MAX_CHARS, too_long};

/// The most criteria a job's scorecard rates.
pub const MAX_CRITERIA: usize = 8;
/// Longest criterion, in characters (a job's list entry).
pub const CRITERION_MAX_CHARS: usize = LIST_ENTRY_MAX_CHARS;
/// Longest note on a scorecard, in characters.
pub const NOTE_MAX_CHARS: usize = 2_000;
/// The lowest and highest rating.
pub const RATING_MIN: u8 = 1;
pub const RATING_MAX: u8 = 4;

/// What each rating means, from 1 to 4: an even scale, so every rating leans one way.
pub const RATING_LABELS: [&str; 4] = ["Strong no", "No", "Yes", "Strong yes"];

/// The author a scorecard names once its author's account is deleted.
pub const FORMER_MEMBER: &str = "A former member";

/// The criteria of a job with no skills or requirements stated.
pub const FALLBACK_CRITERIA: [&str; 3] = [
    "Experience for the role",
    "Communication",
    "Motivation for this job",
];

pub const MSG_NO_RATING: &str = "Rate the applicant on at least one criterion.";
pub const MSG_RATING_RANGE: &str = "Each rating is from 1 (Strong no) to 4 (Strong yes).";
pub const MSG_UNKNOWN_CRITERION: &str =
    "Rate this job's criteria only: the list has changed, so reload the page.";
pub const MSG_CRITERION_TWICE: &str = "Rate each criterion once.";
pub const MSG_NOTE_TOO_LONG: &str = "The note can be at most 2,000 characters.";
pub const MSG_NO_CRITERIA: &str = "Keep at least one criterion.";
pub const MSG_TOO_MANY_CRITERIA: &str = "A scorecard can rate at most 8 criteria.";
pub const MSG_CRITERION_TOO_LONG: &str = "Each criterion can be at most 200 characters.";
pub const MSG_CRITERIA_REPEAT: &str = "Each criterion can be listed once.";

/// The label of `rating`, or `None` outside 1–4.
#[must_use]
pub fn rating_label(rating: u8) -> Option<&'static str> {
    (RATING_MIN..=RATING_MAX)
        .contains(&rating)
        .then(|| RATING_LABELS[usize::from(rating - RATING_MIN)])
}

fn same(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

/// The criteria a job's scorecard rates before anyone edits them: its skills, then its
/// requirements, each once (whatever its case), at most [`MAX_CRITERIA`]; a job that states
/// neither gets [`FALLBACK_CRITERIA`].
#[must_use]
pub fn default_criteria(skills: &[String], requirements: &[String]) -> Vec<String> {
    let mut criteria: Vec<String> = Vec::new();
    for entry in skills.iter().chain(requirements) {
        let entry = entry.trim();
        if entry.is_empty() || criteria.iter().any(|c| same(c, entry)) {
            continue;
        }
        if criteria.len() == MAX_CRITERIA {
            break;
        }
        criteria.push(entry.to_string());
    }
    if criteria.is_empty() {
        criteria = FALLBACK_CRITERIA.iter().map(|c| (*c).to_string()).collect();
    }
    criteria
}

/// A recruiter's edited list of criteria, trimmed, or the message of what is wrong with it.
pub fn check_criteria(criteria: &[String]) -> Result<Vec<String>, &'static str> {
    let kept: Vec<String> = criteria
        .iter()
        .map(|c| c.trim().to_string())
        .filter(|c| !c.is_empty())
        .collect();
    if kept.is_empty() {
        return Err(MSG_NO_CRITERIA);
    }
    if kept.len() > MAX_CRITERIA {
        return Err(MSG_TOO_MANY_CRITERIA);
    }
    if kept.iter().any(|c| too_long(c, CRITERION_MAX_CHARS)) {
        return Err(MSG_CRITERION_TOO_LONG);
    }
    for (i, c) in kept.iter().enumerate() {
        if kept[..i].iter().any(|earlier| same(earlier, c)) {
            return Err(MSG_CRITERIA_REPEAT);
        }
    }
    Ok(kept)
}

/// One criterion's rating on a scorecard.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    pub criterion: String,
    pub rating: u8,
}

/// A scorecard's ratings against the job's `criteria`, in the criteria's order, or the
/// message of what is wrong with them; and its note, which must be at most
/// [`NOTE_MAX_CHARS`].
pub fn check_scorecard(
    criteria: &[String],
    ratings: &[Rating],
    note: &str,
) -> Result<Vec<Rating>, &'static str> {
    if ratings.is_empty() {
        return Err(MSG_NO_RATING);
    }
    if too_long(note, NOTE_MAX_CHARS) {
        return Err(MSG_NOTE_TOO_LONG);
    }
    let mut kept: Vec<Rating> = Vec::with_capacity(ratings.len());
    for rating in ratings {
        if rating_label(rating.rating).is_none() {
            return Err(MSG_RATING_RANGE);
        }
        let Some(criterion) = criteria.iter().find(|c| same(c, &rating.criterion)) else {
            return Err(MSG_UNKNOWN_CRITERION);
        };
        if kept.iter().any(|k| same(&k.criterion, criterion)) {
            return Err(MSG_CRITERION_TWICE);
        }
        kept.push(Rating {
            criterion: criterion.clone(),
            rating: rating.rating,
        });
    }
    kept.sort_by_key(|r| criteria.iter().position(|c| c == &r.criterion));
    Ok(kept)
}

/// How a criterion was rated across the scorecards.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CriterionSummary {
    pub criterion: String,
    /// The mean rating, to one decimal; `None` when no scorecard rated it.
    pub average: Option<f64>,
    pub ratings: usize,
}

/// What the scorecards of one application say together.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Summary {
    pub scorecards: usize,
    /// The mean of every rating given, to one decimal; `None` with no scorecard.
    pub average: Option<f64>,
    /// [`RATING_LABELS`] of the rounded mean.
    pub leaning: Option<&'static str>,
    /// The job's criteria first, in order, then any that earlier scorecards rated and the
    /// list no longer has.
    pub criteria: Vec<CriterionSummary>,
}

fn mean(values: &[u8]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let sum: u32 = values.iter().map(|v| u32::from(*v)).sum();
    #[allow(clippy::cast_precision_loss)]
    let mean = f64::from(sum) / values.len() as f64;
    Some((mean * 10.0).round() / 10.0)
}

/// The summary of `scorecards` (each a list of ratings) over the job's `criteria`.
#[must_use]
pub fn summarize(criteria: &[String], scorecards: &[Vec<Rating>]) -> Summary {
    let mut names: Vec<String> = criteria.to_vec();
    for rating in scorecards.iter().flatten() {
        if !names.iter().any(|n| same(n, &rating.criterion)) {
            names.push(rating.criterion.clone());
        }
    }
    let per_criterion = names
        .into_iter()
        .map(|criterion| {
            let given: Vec<u8> = scorecards
                .iter()
                .flatten()
                .filter(|r| same(&r.criterion, &criterion))
                .map(|r| r.rating)
                .collect();
            CriterionSummary {
                average: mean(&given),
                ratings: given.len(),
                criterion,
            }
        })
        .collect();
    let all: Vec<u8> = scorecards.iter().flatten().map(|r| r.rating).collect();
    let average = mean(&all);
    Summary {
        scorecards: scorecards.len(),
        leaning: average.and_then(|a| {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let rounded = a.round() as u8;
            rating_label(rounded)
        }),
        average,
        criteria: per_criterion,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_string()).collect()
    }

    fn rating(criterion: &str, rating: u8) -> Rating {
        Rating {
            criterion: criterion.into(),
            rating,
        }
    }

    #[test]
    fn criteria_come_from_the_jobs_skills_then_its_requirements_once_each() {
        let criteria = default_criteria(
            &strings(&["Dispensing", "Patient counselling", " "]),
            &strings(&["dispensing", "Registered with the Pharmacy Council"]),
        );
        assert_eq!(
            criteria,
            strings(&[
                "Dispensing",
                "Patient counselling",
                "Registered with the Pharmacy Council"
            ])
        );
        let many: Vec<String> = (0..20).map(|i| format!("Skill {i}")).collect();
        assert_eq!(default_criteria(&many, &[]).len(), MAX_CRITERIA);
        assert_eq!(default_criteria(&[], &[]), strings(&FALLBACK_CRITERIA));
    }

    #[test]
    fn edited_criteria_are_trimmed_and_checked() {
        assert_eq!(
            check_criteria(&strings(&[" Stock control ", "", "Night shifts"])),
            Ok(strings(&["Stock control", "Night shifts"]))
        );
        assert_eq!(check_criteria(&strings(&["", " "])), Err(MSG_NO_CRITERIA));
        assert_eq!(
            check_criteria(&strings(&["Triage", "triage"])),
            Err(MSG_CRITERIA_REPEAT)
        );
        let nine: Vec<String> = (0..9).map(|i| format!("C{i}")).collect();
        assert_eq!(check_criteria(&nine), Err(MSG_TOO_MANY_CRITERIA));
        assert_eq!(
            check_criteria(&["x".repeat(201)]),
            Err(MSG_CRITERION_TOO_LONG)
        );
    }

    #[test]
    fn a_scorecard_rates_the_jobs_criteria_from_one_to_four() {
        let criteria = strings(&["Dispensing", "Communication"]);
        let checked = check_scorecard(
            &criteria,
            &[rating("communication", 3), rating("Dispensing", 4)],
            "",
        )
        .unwrap();
        assert_eq!(
            checked,
            vec![rating("Dispensing", 4), rating("Communication", 3)],
            "kept in the criteria's order and spelling"
        );
        assert_eq!(check_scorecard(&criteria, &[], ""), Err(MSG_NO_RATING));
        assert_eq!(
            check_scorecard(&criteria, &[rating("Dispensing", 5)], ""),
            Err(MSG_RATING_RANGE)
        );
        assert_eq!(
            check_scorecard(&criteria, &[rating("Dispensing", 0)], ""),
            Err(MSG_RATING_RANGE)
        );
        assert_eq!(
            check_scorecard(&criteria, &[rating("Typing", 2)], ""),
            Err(MSG_UNKNOWN_CRITERION)
        );
        assert_eq!(
            check_scorecard(
                &criteria,
                &[rating("Dispensing", 2), rating("dispensing", 3)],
                ""
            ),
            Err(MSG_CRITERION_TWICE)
        );
        assert_eq!(
            check_scorecard(&criteria, &[rating("Dispensing", 2)], &"a".repeat(2001)),
            Err(MSG_NOTE_TOO_LONG)
        );
    }

    #[test]
    fn the_summary_averages_each_criterion_and_all_ratings() {
        let criteria = strings(&["Dispensing", "Communication", "Stock control"]);
        let cards = vec![
            vec![rating("Dispensing", 4), rating("Communication", 3)],
            vec![rating("Dispensing", 3), rating("Night shifts", 1)],
        ];
        let summary = summarize(&criteria, &cards);
        assert_eq!(summary.scorecards, 2);
        assert_eq!(summary.average, Some(2.8));
        assert_eq!(summary.leaning, Some("Yes"));
        assert_eq!(summary.criteria[0].average, Some(3.5));
        assert_eq!(summary.criteria[0].ratings, 2);
        assert_eq!(
            summary.criteria[2].average, None,
            "nobody rated stock control"
        );
        assert_eq!(summary.criteria[3].criterion, "Night shifts");
        let empty = summarize(&criteria, &[]);
        assert_eq!((empty.average, empty.leaning), (None, None));
    }
}

//! Presentation rules of the job card (spec, candidate side §2 "Job card", §9).
//!
//! Salary and date lines live in [`crate::format`], the logo fallback's icon and
//! gradient in [`crate::role_style`].

use serde::{Deserialize, Serialize};

/// How long a description preview may be when it has no sentence ending.
pub const PREVIEW_CHARS: usize = 100;

/// The card's description preview: the first sentence, or else the first
/// 100 characters followed by "..." (spec §9, "Description preview").
///
/// A sentence ends at `.`, `!` or `?` followed by white space or the end of
/// the text, so "Node.js" or "3.5 years" do not cut a sentence short.
pub fn description_preview(description: &str) -> String {
    let text = description.trim();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if matches!(c, '.' | '!' | '?') {
            let at_boundary = chars.peek().is_none_or(|&(_, next)| next.is_whitespace());
            if at_boundary {
                return text[..i + c.len_utf8()].to_string();
            }
        }
    }
    if text.chars().count() <= PREVIEW_CHARS {
        return text.to_string();
    }
    let cut: String = text.chars().take(PREVIEW_CHARS).collect();
    format!("{}...", cut.trim_end())
}

/// How many requirements the collapsed card shows (spec §9).
pub const REQUIREMENTS_SHOWN: usize = 2;
/// How many benefit tags the card shows (spec §9).
pub const BENEFITS_SHOWN: usize = 4;

/// The first few entries of a list and, when some are hidden, the note saying how many.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CollapsedList {
    /// Entries to show, trimmed, in their original order.
    pub shown: Vec<String>,
    /// E.g. "+3 more"; `None` when nothing is hidden.
    pub more_note: Option<String>,
}

/// The collapsed requirements: the first 2, then
/// "+N more requirements (click magnifier to view all)" (spec §9).
///
/// Blank entries are dropped before counting. The note keeps the spec's exact
/// wording even for N = 1, so the product reads as specified.
pub fn collapse_requirements(requirements: &[String]) -> CollapsedList {
    collapse(requirements, REQUIREMENTS_SHOWN, |n| {
        format!("+{n} more requirements (click magnifier to view all)")
    })
}

/// The benefit tags: at most 4, then "+N more" (spec §9). Blank entries are dropped.
pub fn benefit_tags(benefits: &[String]) -> CollapsedList {
    collapse(benefits, BENEFITS_SHOWN, |n| format!("+{n} more"))
}

fn collapse(items: &[String], keep: usize, note: impl Fn(usize) -> String) -> CollapsedList {
    let mut entries = items.iter().map(|s| s.trim()).filter(|s| !s.is_empty());
    let shown: Vec<String> = entries.by_ref().take(keep).map(str::to_string).collect();
    let hidden = entries.count();
    CollapsedList {
        shown,
        more_note: (hidden > 0).then(|| note(hidden)),
    }
}

/// A job as its card shows it, every line formatted by the rules above: the server sends it
/// with each job, so a phone paints the first card before its own copy of the core has loaded.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CardText {
    /// [`format_salary_range`](crate::format::format_salary_range).
    pub salary: String,
    /// [`format_posted`](crate::format::format_posted).
    pub posted: String,
    pub description_preview: String,
    pub requirements: CollapsedList,
    pub benefits: CollapsedList,
    /// The logo fallback's icon and gradient.
    pub role: crate::role_style::RoleStyle,
}

/// The fields of a job its card formats.
#[derive(Debug, Clone, Copy)]
pub struct CardFields<'a> {
    pub job_title: &'a str,
    pub salary_min: Option<f64>,
    pub salary_max: Option<f64>,
    pub posted_at_ms: i64,
    pub description: &'a str,
    pub requirements: &'a [String],
    pub benefits: &'a [String],
}

/// The card's text for `job`.
pub fn card_text(job: CardFields<'_>) -> CardText {
    CardText {
        salary: crate::format::format_salary_range(job.salary_min, job.salary_max),
        posted: crate::format::format_posted(job.posted_at_ms),
        description_preview: description_preview(job.description),
        requirements: collapse_requirements(job.requirements),
        benefits: benefit_tags(job.benefits),
        role: crate::role_style::role_style(job.job_title),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use test_case::test_case;

    #[test_case("Build APIs. Ship fast.", "Build APIs." ; "first sentence")]
    #[test_case("Are you curious? Join us.", "Are you curious?" ; "question mark ends a sentence")]
    #[test_case("Work with Node.js daily. Then rest.", "Work with Node.js daily." ; "dot inside a word is not an ending")]
    #[test_case("  Lead the team!  ", "Lead the team!" ; "trimmed")]
    #[test_case("Short text without an ending", "Short text without an ending" ; "short text kept whole")]
    #[test_case("", "" ; "empty")]
    fn preview_picks_the_first_sentence(input: &str, expected: &str) {
        assert_eq!(description_preview(input), expected);
    }

    #[test]
    fn preview_without_sentence_ending_cuts_at_100_chars() {
        let long = "word ".repeat(40);
        let preview = description_preview(&long);
        assert!(preview.ends_with("..."));
        assert!(preview.chars().count() <= PREVIEW_CHARS + 3);
        assert!(long.starts_with(preview.trim_end_matches("...")));
    }

    #[test]
    fn preview_counts_characters_not_bytes() {
        let long = "é".repeat(150);
        let preview = description_preview(&long);
        assert_eq!(preview.chars().count(), PREVIEW_CHARS + 3);
    }

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_string()).collect()
    }

    #[test_case(&[], &[], None ; "no requirements")]
    #[test_case(&["A"], &["A"], None ; "one")]
    #[test_case(&["A", "B"], &["A", "B"], None ; "exactly two")]
    #[test_case(&["A", "B", "C"], &["A", "B"], Some("+1 more requirements (click magnifier to view all)") ; "one hidden")]
    #[test_case(&["A", "B", "C", "D", "E"], &["A", "B"], Some("+3 more requirements (click magnifier to view all)") ; "three hidden")]
    #[test_case(&[" A ", "", "  ", "B", "C"], &["A", "B"], Some("+1 more requirements (click magnifier to view all)") ; "blanks dropped and entries trimmed")]
    fn requirements_collapse_to_two(input: &[&str], shown: &[&str], note: Option<&str>) {
        let collapsed = collapse_requirements(&strings(input));
        assert_eq!(collapsed.shown, strings(shown));
        assert_eq!(collapsed.more_note.as_deref(), note);
    }

    #[test_case(&["Medical", "Pension"], &["Medical", "Pension"], None ; "few benefits")]
    #[test_case(&["A", "B", "C", "D"], &["A", "B", "C", "D"], None ; "exactly four")]
    #[test_case(&["A", "B", "C", "D", "E", "F"], &["A", "B", "C", "D"], Some("+2 more") ; "two hidden")]
    fn benefits_show_at_most_four(input: &[&str], shown: &[&str], note: Option<&str>) {
        let tags = benefit_tags(&strings(input));
        assert_eq!(tags.shown, strings(shown));
        assert_eq!(tags.more_note.as_deref(), note);
    }

    #[test]
    fn collapsed_list_serialises_in_camel_case() {
        let json =
            serde_json::to_value(benefit_tags(&strings(&["A", "B", "C", "D", "E"]))).unwrap();
        assert_eq!(
            json,
            serde_json::json!({ "shown": ["A", "B", "C", "D"], "moreNote": "+1 more" })
        );
    }

    #[test]
    fn a_card_text_is_each_rule_applied_to_its_field() {
        let requirements: Vec<String> = ["A", "B", "C"].map(String::from).to_vec();
        let benefits: Vec<String> = ["Gym"].map(String::from).to_vec();
        let card = card_text(CardFields {
            job_title: "Registered Nurse",
            salary_min: Some(40_000.0),
            salary_max: Some(55_000.0),
            posted_at_ms: 1_741_132_800_000,
            description: "Care for patients. Work nights.",
            requirements: &requirements,
            benefits: &benefits,
        });
        assert_eq!(
            card.salary,
            crate::format::format_salary_range(Some(40_000.0), Some(55_000.0))
        );
        assert_eq!(card.posted, "Posted Mar 5, 2025");
        assert_eq!(card.description_preview, "Care for patients.");
        assert_eq!(card.requirements, collapse_requirements(&requirements));
        assert_eq!(card.requirements.shown, ["A", "B"]);
        assert_eq!(card.benefits.more_note, None);
        assert_eq!(card.role, crate::role_style::role_style("Registered Nurse"));
        let json = serde_json::to_value(&card).expect("serializes");
        assert!(json.get("descriptionPreview").is_some());
        assert!(json["requirements"].get("moreNote").is_some());
    }
}

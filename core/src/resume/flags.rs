//! What a recruiter flags on sight, deducted from the rubric's score: the same achievement
//! said more than once, lines that do not belong on a resume (hobbies, faith, family,
//! "references on request"), empty self-praise, first-person narration, roles without
//! dates, and one keyword stuffed in again and again. Each flag names the lines it is about,
//! as written, so the reader can find them and the upgrade can leave them out.
//!
//! | flag | points off | for |
//! |---|---|---|
//! | `repeated-bullets` | 6 for each repeat, at most 18 | an achievement (≥ 4 words) said again in a section of the same kind, word for word or sharing three of every four of their words |
//! | `personal-lines` | 4 a sentence, at most 12 | hobbies, religion, family, identity numbers, "references available on request" |
//! | `filler` | 3 a sentence, at most 9 | self-praise a reader cannot check ("hardworking", "fast learner", "team player") |
//! | `first-person` | 1 a sentence, at most 4 | sentences told with "I", "me", "my" |
//! | `role-dates` | 3 a role, at most 9 | an experience entry with no year or "Present" |
//! | `role-titles` | 3 a role, at most 9 | an experience entry whose role (its lines before the bullets) names no role ("Engineer", "Nurse", "Pharmacist") |
//! | `keyword-stuffing` | 8 | one word of the skills vocabulary more than 8 times |

use std::collections::BTreeMap;

use serde::Serialize;

use super::section_kind::SectionKind;
use super::sections::{Item, Parsed, count_dates, tokens};
use super::vocabulary::ROLE_WORDS;

/// Two achievements this alike (shared words over all words) are one said twice.
pub(super) const SAME_ACHIEVEMENT: f64 = 0.75;
/// Shorter items are labels, not achievements, and may repeat.
pub(super) const MIN_ACHIEVEMENT_WORDS: usize = 4;
/// A skill named more often than this is stuffed.
const MAX_KEYWORD_REPEATS: usize = 8;
/// Lines a flag lists, at most.
const MAX_LINES: usize = 5;

/// Phrases of lines that do not belong on a resume, matched on whole words.
const PERSONAL: &[&str] = &[
    "hobbies",
    "hobby",
    "my interests",
    "interests include",
    "i like reading",
    "i enjoy reading",
    "i go to church",
    "religion",
    "marital status",
    "married with",
    "date of birth",
    "d o b",
    "national id",
    "id number",
    "passport number",
    "gender",
    "references are available",
    "references available",
    "available on request",
    "available upon request",
];

/// Pastimes that are work for some: a sports coach's netball, a pastor's church. Flagged
/// only outside the sections of work, skills and learning.
const PASTIMES: &[&str] = &["netball", "church"];

/// Self-praise a reader cannot check.
const FILLER: &[&str] = &[
    "hardworking",
    "hard working",
    "hard-working",
    "motivated person",
    "self-motivated",
    "fast learner",
    "quick learner",
    "team player",
    "under pressure",
    "always on time",
    "go-getter",
    "good at working with people",
    "people person",
    "grow with the company",
];

/// First-person words.
const FIRST_PERSON: &[&str] = &["i", "me", "my", "myself"];

/// One flag of a resume.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AtsFlag {
    /// Stable id, e.g. `repeated-bullets`.
    pub id: &'static str,
    pub title: &'static str,
    /// Points taken off the score.
    pub points: u32,
    /// The lines it is about, as written (at most five).
    pub lines: Vec<String>,
    /// What to change.
    pub recommendation: String,
}

/// Sentences of an item's text: split after ".", "!" or "?" followed by a space.
fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, b) in bytes.iter().enumerate() {
        if matches!(b, b'.' | b'!' | b'?') && bytes.get(i + 1).is_none_or(|n| *n == b' ') {
            let s = text[start..=i].trim();
            if !s.is_empty() {
                out.push(s.to_string());
            }
            start = i + 1;
        }
    }
    let rest = text[start..].trim();
    if !rest.is_empty() {
        out.push(rest.to_string());
    }
    out
}

/// A header sentence without the name and contact details it opens with (a resume written
/// as one paragraph runs them into its first sentence).
fn without_contacts(sentence: &str) -> &str {
    let phone_part = |t: &str| t.chars().all(|c| c.is_ascii_digit() || "+-()".contains(c));
    let mut rest = sentence;
    let mut offset = 0;
    // After an e-mail address, the groups of a phone number that follow it are contacts too.
    let mut in_contacts = false;
    for token in sentence.split_whitespace() {
        let at = sentence[offset..]
            .find(token)
            .map_or(offset, |i| offset + i);
        offset = at + token.len();
        in_contacts = token.contains('@') || in_contacts && phone_part(token);
        if in_contacts {
            rest = &sentence[offset..];
        }
    }
    rest.trim()
}

/// Whether `phrase` (lower case, words) occurs in `words` as whole words.
fn has_phrase(words: &[String], phrase: &str) -> bool {
    let wanted: Vec<String> = tokens(phrase).collect();
    !wanted.is_empty() && words.windows(wanted.len()).any(|w| w == wanted.as_slice())
}

/// Every sentence of the resume (header and sections, entry lines aside), with its section's
/// kind.
fn all_sentences(parsed: &Parsed) -> Vec<(Option<SectionKind>, String)> {
    let header = parsed.header.iter().map(|i| (None, i.text()));
    // An entry line ("IT Volunteer | St Mary's Church | 2022") names a role, not a habit.
    let sections = parsed.sections.iter().flat_map(|s| {
        s.items
            .iter()
            .filter(|i| !i.is_entry())
            .map(move |i| (Some(s.kind), i.text()))
    });
    header
        .chain(sections)
        .flat_map(|(kind, text)| sentences(&text).into_iter().map(move |s| (kind, s)))
        .map(|(kind, s)| (kind, without_contacts(&s).to_string()))
        .filter(|(_, s)| !s.is_empty())
        .collect()
}

/// The sentences that do not belong: personal ones anywhere, pastimes outside the sections
/// of work, skills and learning.
fn personal(sentences: &[(Option<SectionKind>, String)]) -> Vec<String> {
    let mut out = matching(sentences, PERSONAL);
    let leisure: Vec<(Option<SectionKind>, String)> = sentences
        .iter()
        .filter(|(kind, _)| {
            !matches!(
                kind,
                Some(
                    SectionKind::Experience
                        | SectionKind::Projects
                        | SectionKind::Skills
                        | SectionKind::Certifications
                        | SectionKind::Education
                )
            )
        })
        .cloned()
        .collect();
    for sentence in matching(&leisure, PASTIMES) {
        if !out.contains(&sentence) {
            out.push(sentence);
        }
    }
    out
}

/// The sentences matching one of `phrases`.
fn matching(sentences: &[(Option<SectionKind>, String)], phrases: &[&str]) -> Vec<String> {
    sentences
        .iter()
        .filter(|(_, s)| {
            let words: Vec<String> = tokens(s).collect();
            phrases.iter().any(|p| has_phrase(&words, p))
        })
        .map(|(_, s)| s.clone())
        .collect()
}

fn flag(
    id: &'static str,
    title: &'static str,
    each: u32,
    most: u32,
    lines: Vec<String>,
    recommendation: String,
) -> Option<AtsFlag> {
    if lines.is_empty() {
        return None;
    }
    let count = u32::try_from(lines.len()).unwrap_or(u32::MAX);
    Some(AtsFlag {
        id,
        title,
        points: each.saturating_mul(count).min(most),
        lines: lines.into_iter().take(MAX_LINES).collect(),
        recommendation,
    })
}

pub(super) fn word_set(text: &str) -> Vec<String> {
    let mut words: Vec<String> = tokens(text).collect();
    words.sort();
    words.dedup();
    words
}

/// How alike two achievements are: shared distinct words over all distinct words.
pub(super) fn likeness(a: &[String], b: &[String]) -> f64 {
    let shared = a.iter().filter(|w| b.binary_search(w).is_ok()).count();
    let all = a.len() + b.len() - shared;
    if all == 0 {
        0.0
    } else {
        shared as f64 / all as f64
    }
}

/// The achievements said before in a section of the same kind, each time it is said again
/// (as written there).
pub(super) fn repeats(parsed: &Parsed) -> Vec<String> {
    let header = parsed.header.iter().map(|i| (None, i));
    let sections = parsed
        .sections
        .iter()
        .flat_map(|s| s.items.iter().map(move |i| (Some(s.kind), i)));
    let mut seen: Vec<(Option<SectionKind>, Vec<String>)> = Vec::new();
    let mut again = Vec::new();
    for (kind, item) in header.chain(sections).filter(|(_, i)| !i.is_entry()) {
        if item.word_count() < MIN_ACHIEVEMENT_WORDS {
            continue;
        }
        let text = item.text();
        let words = word_set(&text);
        if seen
            .iter()
            .any(|(k, s)| *k == kind && likeness(s, &words) >= SAME_ACHIEVEMENT)
        {
            again.push(text);
        } else {
            seen.push((kind, words));
        }
    }
    again
}

/// The sentences the upgrade leaves out: personal lines and self-praise.
pub(super) fn out_of_place(parsed: &Parsed) -> Vec<String> {
    let all = all_sentences(parsed);
    let mut out = personal(&all);
    for s in matching(&all, FILLER) {
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

/// The flags of a parsed resume, in the table's order.
pub(super) fn flags(
    parsed: &Parsed,
    text: &str,
    skills: &[(String, &'static str)],
) -> Vec<AtsFlag> {
    let all = all_sentences(parsed);
    let mut found = Vec::new();

    let again = repeats(parsed);
    found.extend(flag(
        "repeated-bullets",
        "Repeated achievements",
        6,
        18,
        again.clone(),
        again.first().map_or_else(String::new, |first| {
            format!(
                "Say each achievement once, under the role where it happened: \"{}\" appears {} times.",
                first,
                again.iter().filter(|a| *a == first).count() + 1
            )
        }),
    ));

    let personal = personal(&all);
    found.extend(flag(
        "personal-lines",
        "Lines that do not belong",
        4,
        12,
        personal,
        "Leave out hobbies, faith, family, identity numbers and \"references on request\": they take space and invite bias."
            .to_string(),
    ));

    let filler = matching(&all, FILLER);
    found.extend(flag(
        "filler",
        "Self-praise without evidence",
        3,
        9,
        filler,
        "Replace self-praise (\"hardworking\", \"fast learner\") with what you did and its result."
            .to_string(),
    ));

    let narrated: Vec<String> = all
        .iter()
        .filter(|(kind, s)| {
            // A header line is the name and contacts; a summary may speak.
            kind.is_some_and(|k| k != SectionKind::Summary)
                || kind.is_none() && tokens(s).count() > 8
        })
        .filter(|(_, s)| tokens(s).any(|w| FIRST_PERSON.contains(&w.as_str())))
        .map(|(_, s)| s.clone())
        .collect();
    found.extend(flag(
        "first-person",
        "Told in the first person",
        1,
        4,
        narrated,
        "Start achievements with a verb (\"Built…\", \"Led…\") instead of \"I\".".to_string(),
    ));

    let undated: Vec<String> = parsed
        .sections
        .iter()
        .filter(|s| s.kind == SectionKind::Experience)
        .flat_map(|s| &s.items)
        .filter(|i| i.is_entry() && count_dates(&i.text()) == 0)
        .map(super::sections::Item::text)
        .collect();
    found.extend(flag(
        "role-dates",
        "Roles without dates",
        3,
        9,
        undated,
        "Give each role its dates (\"2021 – 2023\", \"2024 – Present\"): ATS work out experience from them."
            .to_string(),
    ));

    let untitled = untitled_roles(parsed);
    found.extend(flag(
        "role-titles",
        "Roles without a title",
        3,
        9,
        untitled,
        "Name each role's title (\"Staff Nurse\", \"Data Analyst\") on its line: ATS and recruiters match on titles."
            .to_string(),
    ));

    found.extend(stuffing(text, skills));
    found
}

/// Whether `text` names a role: a word of [`ROLE_WORDS`] (or the last part of a hyphenated
/// one, "Co-founder"), or one ending in "-ist" or "-ian" ("Pharmacist", "Statistician").
pub(super) fn names_role(text: &str) -> bool {
    tokens(text).any(|w| {
        let last = w.rsplit('-').next().unwrap_or(&w);
        ROLE_WORDS.contains(&last)
            || last.len() >= 6 && (last.ends_with("ist") || last.ends_with("ian"))
    })
}

/// The experience entries whose role names no title. A role is a run of lines that are not
/// bullets (title, company, dates, in any order and on any number of lines) before its
/// bullets; it has a title when any of its lines names a role.
fn untitled_roles(parsed: &Parsed) -> Vec<String> {
    let mut found = Vec::new();
    for section in parsed
        .sections
        .iter()
        .filter(|s| s.kind == SectionKind::Experience)
    {
        for role in section.items.split(|i| i.bullet) {
            if role.iter().any(|i| names_role(&i.text())) {
                continue;
            }
            found.extend(role.iter().filter(|i| i.is_entry()).map(Item::text));
        }
    }
    found
}

/// One skill of `skills` named more than [`MAX_KEYWORD_REPEATS`] times in `text`.
fn stuffing(text: &str, skills: &[(String, &'static str)]) -> Option<AtsFlag> {
    let words: Vec<String> = tokens(text).collect();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for (_, display) in skills {
        let wanted: Vec<String> = tokens(display).collect();
        if wanted.is_empty() {
            continue;
        }
        let times = words
            .windows(wanted.len())
            .filter(|w| *w == wanted.as_slice())
            .count();
        counts.insert((*display).to_string(), times);
    }
    let stuffed: Vec<String> = counts
        .into_iter()
        .filter(|(_, n)| *n > MAX_KEYWORD_REPEATS)
        .map(|(skill, n)| format!("{skill} ({n} times)"))
        .collect();
    if stuffed.is_empty() {
        return None;
    }
    Some(AtsFlag {
        id: "keyword-stuffing",
        title: "Keyword stuffing",
        points: 8,
        recommendation: format!(
            "Name {} where you used it, not over and over: readers and ATS both mark stuffing down.",
            stuffed[0].split(" (").next().unwrap_or_default()
        ),
        lines: stuffed.into_iter().take(MAX_LINES).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_split_after_stops_but_not_inside_numbers() {
        assert_eq!(
            sentences("Grew sales 12.5% in 2024. I like reading! Done"),
            ["Grew sales 12.5% in 2024.", "I like reading!", "Done"]
        );
    }

    #[test]
    fn a_paragraphs_first_sentence_loses_the_name_and_contacts_before_it() {
        assert_eq!(
            without_contacts("Ann Dube ann@example.com +263 77 123 4567 I am a fast learner."),
            "I am a fast learner."
        );
        assert_eq!(without_contacts("Led a team of 4."), "Led a team of 4.");
    }

    #[test]
    fn near_repeats_count_and_short_labels_do_not() {
        let a = word_set("Built the monthly sales dashboard in Power BI for 12 managers");
        let b = word_set("Built a monthly sales dashboard in Power BI for 12 managers");
        assert!(likeness(&a, &b) >= SAME_ACHIEVEMENT);
        let c = word_set("Trained 40 nurses on the new triage protocol");
        assert!(likeness(&a, &c) < SAME_ACHIEVEMENT);
    }
}

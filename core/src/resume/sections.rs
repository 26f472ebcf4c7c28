//! A resume's structure as the rubric and the upgrade read it: a header (the lines
//! before the first heading), then sections under headings, each a list of items.
//!
//! An item is a bullet with its continuation lines, an entry line ("Title | Company |
//! 2021 – 2023"), or a paragraph of wrapped lines. Lines are kept as written, so the
//! upgrade can reuse them verbatim.

use super::section_kind::SectionKind;
use super::vocabulary::{HEADINGS, ONGOING};

/// Characters that open a bullet line.
const BULLET_MARKS: &[char] = &[
    '-', '•', '*', '·', '▪', '●', '◦', '‣', '–', '—', '➢', '►', '■', '□', '✓', '✔', '>',
];
/// Longest line read as a heading.
const MAX_HEADING_CHARS: usize = 40;
/// Longest entry line ("Title | Company | dates"), in words.
const MAX_ENTRY_WORDS: usize = 20;
/// A wrapped paragraph line is at least this long; shorter lines stand alone.
const MIN_WRAPPED_WORDS: usize = 6;

/// One item: a bullet, an entry line or a paragraph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Item {
    /// Trimmed lines as written; the first without its bullet mark.
    pub lines: Vec<String>,
    pub bullet: bool,
}

impl Item {
    /// The item on one line.
    pub fn text(&self) -> String {
        self.lines.join(" ")
    }

    /// A title/company/dates line rather than prose.
    pub fn is_entry(&self) -> bool {
        !self.bullet && looks_like_entry(&self.text())
    }

    pub fn word_count(&self) -> usize {
        self.lines.iter().map(|l| word_count(l)).sum()
    }
}

/// Items under one heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Section {
    pub kind: SectionKind,
    /// The heading as written, without a trailing colon.
    pub heading: String,
    pub items: Vec<Item>,
}

/// The header and the sections, in reading order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Parsed {
    pub header: Vec<Item>,
    pub sections: Vec<Section>,
}

impl Parsed {
    /// Every item, header first.
    pub fn items(&self) -> impl Iterator<Item = &Item> {
        self.header
            .iter()
            .chain(self.sections.iter().flat_map(|s| &s.items))
    }

    /// Whether a section of `kind` has at least one item.
    pub fn has(&self, kind: SectionKind) -> bool {
        self.sections
            .iter()
            .any(|s| s.kind == kind && !s.items.is_empty())
    }

    /// Items describing work done: those of experience and project sections, or every
    /// bullet when the resume has neither section. Entry lines are not achievements.
    pub fn achievements(&self) -> Vec<&Item> {
        let work = |kind| matches!(kind, SectionKind::Experience | SectionKind::Projects);
        let mut found: Vec<&Item> = self
            .sections
            .iter()
            .filter(|s| work(s.kind))
            .flat_map(|s| &s.items)
            .filter(|i| !i.is_entry())
            .collect();
        if !self.sections.iter().any(|s| work(s.kind)) {
            found = self.items().filter(|i| i.bullet).collect();
        }
        found
    }
}

/// Splits `text` into header and sections.
pub(super) fn parse(text: &str) -> Parsed {
    let mut parsed = Parsed::default();
    let mut current: Option<Section> = None;
    let mut open = false;
    for raw in text.lines() {
        let line = raw.trim();
        if line.is_empty() {
            open = false;
            continue;
        }
        if let Some((kind, heading, rest)) = heading_of(line, current.is_some()) {
            if let Some(done) = current.take() {
                parsed.sections.push(done);
            }
            let mut section = Section {
                kind,
                heading,
                items: Vec::new(),
            };
            open = false;
            if let Some(rest) = rest {
                add_line(&mut section.items, &rest, false, &mut open);
            }
            current = Some(section);
            continue;
        }
        let items = match current.as_mut() {
            Some(section) => &mut section.items,
            None => &mut parsed.header,
        };
        let indented = raw.starts_with([' ', '\t']);
        add_line(items, line, indented, &mut open);
    }
    if let Some(done) = current {
        parsed.sections.push(done);
    }
    parsed
}

/// Adds a non-blank line: a new bullet, a continuation of the open item, or a new item.
fn add_line(items: &mut Vec<Item>, line: &str, indented: bool, open: &mut bool) {
    if let Some(rest) = strip_bullet(line) {
        items.push(Item {
            lines: vec![rest.to_owned()],
            bullet: true,
        });
        *open = true;
        return;
    }
    if *open
        && let Some(item) = items.last_mut()
        && continues(item, line, indented)
    {
        item.lines.push(line.to_owned());
        return;
    }
    items.push(Item {
        lines: vec![line.to_owned()],
        bullet: false,
    });
    *open = true;
}

/// Whether `line` carries on the item before it (a wrapped bullet or paragraph).
fn continues(item: &Item, line: &str, indented: bool) -> bool {
    let Some(previous) = item.lines.last() else {
        return false;
    };
    if looks_like_entry(line) || ends_sentence(previous) && !indented {
        return false;
    }
    if item.bullet {
        return true;
    }
    !item.is_entry() && word_count(previous) >= MIN_WRAPPED_WORDS
}

fn ends_sentence(line: &str) -> bool {
    line.trim_end().ends_with(['.', '!', '?', ':', ';'])
}

/// The text after a bullet mark ("- ", "• ", "1. ", "2) "), if the line is a bullet.
pub(super) fn strip_bullet(line: &str) -> Option<&str> {
    let line = line.trim_start();
    let mut chars = line.chars();
    let first = chars.next()?;
    let rest = if BULLET_MARKS.contains(&first) {
        chars.as_str()
    } else if first.is_ascii_digit() {
        let digits = line.find(|c: char| !c.is_ascii_digit())?;
        let after = &line[digits..];
        if digits > 2 {
            return None;
        }
        after.strip_prefix(['.', ')'])?
    } else {
        return None;
    };
    // "-" must be followed by a space: "-5%" or "--" are not bullets.
    let spaced = rest.starts_with([' ', '\t']);
    let rest = rest.trim_start();
    (spaced || (first != '-' && first != '*' && first != '>' && !first.is_ascii_digit()))
        .then_some(rest)
        .filter(|r| r.chars().any(char::is_alphanumeric))
}

/// The section a line heads, its heading text and any text after "Heading:".
/// All-capital lines count as (other) headings only once a section has begun, so a
/// name written in capitals stays in the header.
pub(super) fn heading_of(
    line: &str,
    in_body: bool,
) -> Option<(SectionKind, String, Option<String>)> {
    if strip_bullet(line).is_some() {
        return None;
    }
    let (head, rest) = match line.split_once(':') {
        Some((head, rest)) if !rest.trim().is_empty() => (head.trim(), Some(rest.trim())),
        _ => (line.trim_end_matches(':').trim(), None),
    };
    if head.chars().count() > MAX_HEADING_CHARS {
        return None;
    }
    let known = heading_key(head).and_then(|key| known_heading(&key));
    match (known, rest) {
        (Some(kind), None) => Some((kind, head.to_owned(), None)),
        // "Skills: Excel, SQL" opens a section; "Languages: Go" inside skills does not.
        (Some(kind), Some(rest)) if kind != SectionKind::Other && word_count(head) <= 3 => {
            Some((kind, head.to_owned(), Some(rest.to_owned())))
        }
        (None, None) if in_body && is_caps_heading(head) => {
            Some((SectionKind::Other, head.to_owned(), None))
        }
        _ => None,
    }
}

/// The kind of a heading key: a known heading, or known headings joined by "and"
/// ("Education and Qualifications", "Licences and Training"), which take the first's kind.
fn known_heading(key: &str) -> Option<SectionKind> {
    let alias = |part: &str| {
        HEADINGS
            .iter()
            .find(|(alias, _)| *alias == part)
            .map(|(_, kind)| *kind)
    };
    alias(key).or_else(|| {
        let parts: Vec<Option<SectionKind>> = key.split(" and ").map(alias).collect();
        if parts.len() > 1 && parts.iter().all(Option::is_some) {
            parts[0]
        } else {
            None
        }
    })
}

/// Lowercase letters and single spaces, `&` read as "and"; `None` without letters.
fn heading_key(head: &str) -> Option<String> {
    let mut key = String::new();
    for word in head
        .split(|c: char| !c.is_alphabetic() && c != '&')
        .filter(|w| !w.is_empty())
    {
        if !key.is_empty() {
            key.push(' ');
        }
        if word == "&" {
            key.push_str("and");
        } else {
            key.extend(
                word.chars()
                    .filter(|c| c.is_alphabetic())
                    .flat_map(char::to_lowercase),
            );
        }
    }
    (!key.is_empty()).then_some(key)
}

fn is_caps_heading(head: &str) -> bool {
    let letters = head.chars().filter(|c| c.is_alphabetic()).count();
    letters >= 3
        && head
            .chars()
            .all(|c| !c.is_lowercase() && !c.is_ascii_digit())
        && !head.contains(['@', '|', ',', '.'])
        && word_count(head) <= 4
}

/// A short line with dates or " | " separators that does not end a sentence.
pub(super) fn looks_like_entry(text: &str) -> bool {
    let text = text.trim();
    word_count(text) <= MAX_ENTRY_WORDS
        && !text.ends_with('.')
        && (count_dates(text) > 0 || text.contains(" | "))
}

/// Words: whitespace-separated tokens holding a letter or digit.
pub(super) fn word_count(text: &str) -> usize {
    text.split_whitespace()
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .count()
}

/// Lowercase alphanumeric tokens of `text` ("Node.js" gives "node", "js").
pub(super) fn tokens(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric() && c != '-')
        .map(|t| t.trim_matches('-'))
        .filter(|t| !t.is_empty())
        .map(str::to_lowercase)
}

fn is_year(token: &str) -> bool {
    token.len() == 4
        && token.bytes().all(|b| b.is_ascii_digit())
        && token
            .parse::<u16>()
            .is_ok_and(|y| (1950..=2039).contains(&y))
}

/// Dates in `text`: years (1950–2039, alone or after a month) and "Present"-style ends
/// of a running range.
pub(super) fn count_dates(text: &str) -> usize {
    let mut count = 0;
    let mut after_dash = false;
    for raw in text.split_whitespace() {
        let word = raw.trim_matches(|c: char| !c.is_alphanumeric());
        let lower = word.to_lowercase();
        let years = word
            .split(['-', '–', '/', '.'])
            .filter(|part| is_year(part))
            .count();
        count += years;
        if years == 0 && after_dash && ONGOING.contains(&lower.as_str()) {
            count += 1;
        }
        after_dash = matches!(raw, "-" | "–" | "—" | "to") || raw.ends_with(['-', '–']);
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_bullets_entries_and_paragraphs() {
        let parsed = parse(
            "JANE DOE\nData Analyst\n\nSUMMARY\nAnalyst with five years of work in retail and\nbanking data.\n\nExperience:\nAnalyst | Acme | 2020 - Present\n- Built dashboards used by\n  40 managers\n• Cut costs 10%.\n\nSkills: Excel, SQL\nINTERESTS\nChess",
        );
        assert_eq!(parsed.header.len(), 2, "{parsed:#?}");
        let kinds: Vec<_> = parsed.sections.iter().map(|s| s.kind).collect();
        assert_eq!(
            kinds,
            [
                SectionKind::Summary,
                SectionKind::Experience,
                SectionKind::Skills,
                SectionKind::Other
            ]
        );
        assert_eq!(parsed.sections[0].items.len(), 1, "a wrapped paragraph");
        let experience = &parsed.sections[1].items;
        assert_eq!(experience.len(), 3);
        assert!(experience[0].is_entry());
        assert_eq!(experience[1].text(), "Built dashboards used by 40 managers");
        assert!(experience[2].bullet);
        assert_eq!(parsed.sections[2].items[0].text(), "Excel, SQL");
        assert_eq!(parsed.achievements().len(), 2);
    }

    #[test]
    fn bullets_need_a_mark_and_text() {
        assert_eq!(strip_bullet("- Led a team"), Some("Led a team"));
        assert_eq!(strip_bullet("•Led"), Some("Led"));
        assert_eq!(strip_bullet("2) Shipped"), Some("Shipped"));
        assert_eq!(strip_bullet("-5% costs"), None);
        assert_eq!(strip_bullet("2021 - 2023"), None);
        assert_eq!(strip_bullet("- "), None);
    }

    #[test]
    fn dates_are_years_and_running_ranges() {
        assert_eq!(count_dates("March 2024 - Present"), 2);
        assert_eq!(count_dates("2017-2021"), 2);
        assert_eq!(
            count_dates("+263 77 123 4567, 40,000 users, 1.2 million"),
            0
        );
        assert_eq!(count_dates("present in 12 cities"), 0);
    }
}

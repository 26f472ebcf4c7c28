//! The upgraded resume: the same facts under standard headings, with bullet points and
//! a skills section, in plain text an applicant tracking system reads without guessing.
//!
//! ## What it does
//! - Keeps the header (name, headline, contact lines) as written. A header that runs
//!   into prose (a resume written as one paragraph) is split: the name and contact
//!   details stay on top, and the prose is cut into sentences, each placed in the
//!   section its words point to (studied → EDUCATION, worked → EXPERIENCE, …).
//! - Renames headings to SUMMARY, EXPERIENCE, EDUCATION, SKILLS, CERTIFICATIONS and
//!   PROJECTS, in that order, merging sections of one kind; other sections (References,
//!   Interests, …) follow under their own heading in capitals.
//! - Entry lines ("Title | Company | dates") stay as they are; every other item of a
//!   work, education, certification or project section becomes a "- " bullet, one per
//!   sentence, with wrapped lines joined. A leading "I" is dropped from bullets made of
//!   loose sentences ("I studied at NUST" → "Studied at NUST").
//! - Builds a SKILLS section when there is none, from the vocabulary skills the text
//!   names (everyday words such as "sales" only when a skills section lists them), and
//!   composes a SUMMARY when there is none from the headline or latest job title and
//!   those skills.
//!
//! ## What it never does
//! Add an employer, date, number, skill or degree: every line of the result is a line,
//! a sentence or a list of skills of the original, or a heading.
//!
//! ## Why the fall-backs
//! The result must never score lower than the original. The rewrite is checked with
//! [`analyze`]; if a heuristic misjudged an odd input, a gentler rewrite (without the
//! composed summary), then the original lines under standard headings, and finally the
//! original text are used instead.

use super::ats::{
    AtsReport, AtsTarget, analyze, contact_details, is_email, phones_in, text_skills,
};
use super::extract::normalise;
use super::flags;
use super::section_kind::SectionKind;
use super::sections::{
    Item, Parsed, Section, count_dates, heading_of, looks_like_entry, parse, strip_bullet,
    word_count,
};
use super::vocabulary::{GENERIC_SKILLS, INTERESTS_WORDS, PLACEMENT, REFERENCES_WORDS};

/// Header items longer than this are prose, not a name, headline or contact line.
const MAX_HEADER_WORDS: usize = 14;
/// Items up to this many words without a full stop read as titles, not achievements.
const MAX_TITLE_WORDS: usize = 8;
/// Longest line read as a role line ("Title, Employer, Town").
const MAX_ENTRY_LINE_WORDS: usize = 20;
/// Skills named in a composed summary.
const SUMMARY_SKILLS: usize = 5;
/// Abbreviations after which a full stop does not end a sentence.
const ABBREVIATIONS: &[&str] = &[
    "co", "dr", "e.g", "eg", "etc", "i.e", "ie", "inc", "jr", "ltd", "mr", "mrs", "ms", "no",
    "prof", "sr", "st", "vs",
];

/// Most left-out lines one upgrade can be asked to keep.
pub const KEEP_MAX: usize = 100;
pub const MSG_KEEP_TOO_MANY: &str = "At most 100 left-out lines can be kept";

/// `text` rewritten for applicant tracking systems. `report` is `analyze(text, target)`:
/// its score is the floor the result must reach.
pub fn upgrade(text: &str, report: &AtsReport, target: &AtsTarget) -> String {
    upgrade_keeping(text, report, target, &[])
}

/// [`upgrade`], keeping the sentences of `keep` that it would leave out (as [`left_out`]
/// lists them): the candidate chose to keep them.
pub fn upgrade_keeping(
    text: &str,
    report: &AtsReport,
    target: &AtsTarget,
    keep: &[String],
) -> String {
    let tidy = without_flagged(&normalise(text), keep);
    let document = Document::read(&tidy);
    // Again after rewriting: sentences split into bullets can repeat one another. Then, in
    // case leaving repeats out cost more (a resume left too short) than they did, the rewrites
    // with everything kept.
    let whole = normalise(text);
    let kept_all = Document::read(&whole);
    let candidates = [
        without_flagged(&document.render(true), keep),
        without_flagged(&document.render(false), keep),
        without_flagged(&headings_only(&parse(&tidy)), keep),
        kept_all.render(true),
        kept_all.render(false),
        headings_only(&parse(&whole)),
    ];
    candidates
        .into_iter()
        .find(|candidate| analyze(candidate, target).score >= report.score)
        .unwrap_or_else(|| text.to_owned())
}

/// `text` without what the flags say does not belong: each achievement said again (its
/// first telling stays), and the personal and self-praising sentences. A heading left
/// with nothing under it goes too. Sentences in `keep` stay.
fn without_flagged(text: &str, keep: &[String]) -> String {
    let parsed = parse(text);
    let out_of_place = flags::out_of_place(&parsed);
    // Achievements told so far, with the kind of section each was told in.
    let mut seen: Vec<(Option<SectionKind>, Vec<String>, String)> = Vec::new();
    let mut kept: Vec<String> = Vec::new();
    let mut headings = parsed.sections.iter().peekable();
    let mut kind: Option<SectionKind> = None;
    for line in text.lines() {
        if let Some(next) = headings.peek()
            && line.trim().trim_end_matches(':') == next.heading
        {
            kind = Some(next.kind);
            headings.next();
            kept.push(line.trim_end().to_owned());
            continue;
        }
        let mut line = line.to_owned();
        // A flagged sentence that names something ("Volunteer IT support for St Mary's
        // Church, 200 users") stays: the upgrade drops no fact.
        for sentence in out_of_place
            .iter()
            .filter(|s| facts_in(s).is_empty() && !keep.contains(s))
        {
            if line.contains(sentence.as_str()) {
                let indent = &line[..line.len() - line.trim_start().len()];
                let rest = line.replacen(sentence.as_str(), "", 1);
                line = format!(
                    "{indent}{}",
                    rest.split_whitespace().collect::<Vec<_>>().join(" ")
                );
            }
        }
        let body = strip_bullet(&line).unwrap_or(&line).trim().to_owned();
        if body.is_empty() || !body.chars().any(char::is_alphanumeric) {
            // A line that held only what was left out goes; a blank line stays a break.
            if line.trim().is_empty() && !kept.last().is_some_and(|l| l.trim().is_empty()) {
                kept.push(String::new());
            }
            continue;
        }
        if word_count(&body) >= flags::MIN_ACHIEVEMENT_WORDS && !looks_like_entry(&body) {
            let words = flags::word_set(&body);
            // A telling goes when one like it came before in a section of its kind (which so
            // keeps its heading) and it adds no fact: "for 3 clients" stays. One the candidate
            // keeps stays too.
            let again = seen.iter().any(|(earlier_kind, earlier, text)| {
                *earlier_kind == kind
                    && flags::likeness(earlier, &words) >= flags::SAME_ACHIEVEMENT
                    && adds_no_fact(&body, text)
            });
            if !again {
                seen.push((kind, words, body.clone()));
            } else if !keep.contains(&body) {
                continue;
            }
        }
        kept.push(line.trim_end().to_owned());
    }
    let rest = kept.join("\n");
    // The headings of sections left empty go; each heading line is matched to its own
    // section in order, as two sections may share a heading.
    let sections = parse(&rest).sections;
    let mut sections = sections.iter().peekable();
    let mut out: Vec<&str> = Vec::new();
    for line in rest.lines() {
        if let Some(next) = sections.peek()
            && line.trim().trim_end_matches(':') == next.heading
        {
            let empty = next.items.is_empty();
            sections.next();
            if empty {
                continue;
            }
        }
        out.push(line);
    }
    let mut result = out.join("\n");
    if text.ends_with('\n') {
        result.push('\n');
    }
    result
}

/// The facts of `text`: words with a digit, and capitalised words but the first and "I"
/// (names of people, places, employers, schools, tools).
fn facts_in(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .enumerate()
        .filter(|(i, w)| {
            w.chars().any(|c| c.is_ascii_digit())
                || (*i > 0 && *w != "I" && w.chars().next().is_some_and(char::is_uppercase))
        })
        .map(|(_, w)| w)
        .collect()
}

/// Whether every fact of `text` is already in `earlier`.
fn adds_no_fact(text: &str, earlier: &str) -> bool {
    let known: Vec<&str> = earlier
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    facts_in(text).iter().all(|w| known.contains(w))
}

/// What a rewording of a resume changed in its facts: names, places, employers, schools,
/// tools (capitalised words past a sentence's start) and anything with a digit.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FactCheck {
    /// Facts of the rewording the source never states.
    pub invented: Vec<String>,
    /// Facts of the source the rewording no longer states.
    pub dropped: Vec<String>,
}

impl FactCheck {
    /// The rewording states the source's facts and no other.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.invented.is_empty() && self.dropped.is_empty()
    }
}

/// How `rewritten` (a model's rewording of `source`) differs from it in facts. Facts are
/// the vocabulary's skills (in any letter case), entry lines ("Title | Employer | dates"),
/// words with a digit, and capitalised words that do not open a line or a sentence (other
/// than "I"; a word after "|" or "," counts). Words are compared without letter case, so
/// "Led" for "led" is no fact, and "Spearheaded" opening a bullet is none either.
#[must_use]
pub fn fact_check(source: &str, rewritten: &str) -> FactCheck {
    let lower_words = |text: &str| -> std::collections::BTreeSet<String> {
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let (source_words, rewritten_words) = (lower_words(source), lower_words(rewritten));
    let missing = |facts: Vec<String>, words: &std::collections::BTreeSet<String>| {
        let mut out: Vec<String> = Vec::new();
        for fact in facts {
            if !words.contains(&fact.to_lowercase()) && !out.contains(&fact) {
                out.push(fact);
            }
        }
        out
    };
    let mut check = FactCheck {
        invented: missing(stated_facts(rewritten), &source_words),
        dropped: missing(stated_facts(source), &rewritten_words),
    };
    // Skills by the vocabulary, whatever their case ("python" is as much a claim as "Python").
    let skills = |text: &str| -> Vec<String> {
        crate::score::skills_in_text(text)
            .into_iter()
            .map(|(key, _)| key)
            .collect()
    };
    let (source_skills, rewritten_skills) = (skills(source), skills(rewritten));
    for skill in &rewritten_skills {
        if !source_skills.contains(skill) && !check.invented.contains(skill) {
            check.invented.push(skill.clone());
        }
    }
    for skill in &source_skills {
        if !rewritten_skills.contains(skill) && !check.dropped.contains(skill) {
            check.dropped.push(skill.clone());
        }
    }
    // Entry lines name a role, an employer and dates together: they stay as written.
    let entries = |text: &str| -> Vec<String> {
        text.lines()
            .map(str::trim)
            .filter(|l| strip_bullet(l).is_none() && looks_like_entry(l))
            .map(str::to_owned)
            .collect()
    };
    let (source_entries, rewritten_entries) = (entries(source), entries(rewritten));
    check.invented.extend(
        rewritten_entries
            .iter()
            .filter(|e| !source_entries.contains(e))
            .cloned(),
    );
    check.dropped.extend(
        source_entries
            .iter()
            .filter(|e| !rewritten_entries.contains(e))
            .cloned(),
    );
    check
}

/// The facts `text` states, in order: each word with a digit, and each capitalised word
/// that does not start a line or a sentence, other than "I".
fn stated_facts(text: &str) -> Vec<String> {
    let mut facts = Vec::new();
    for line in text.lines() {
        // A heading names a section, which a rewording may rename ("Work History").
        if heading_of(line.trim(), true)
            .is_some_and(|(kind, _, rest)| kind != SectionKind::Other && rest.is_none())
        {
            continue;
        }
        let line = strip_bullet(line).unwrap_or(line);
        let mut sentence_start = true;
        for raw in line.split_whitespace() {
            let starts =
                std::mem::replace(&mut sentence_start, raw.ends_with(['.', '!', '?', ':']));
            for word in raw
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
            {
                let digit = word.chars().any(|c| c.is_ascii_digit());
                let capital = word.chars().next().is_some_and(char::is_uppercase);
                if digit || capital && !starts && word != "I" {
                    facts.push(word.to_owned());
                }
            }
        }
    }
    facts
}

/// The sentences of `original` its upgrade left out: the personal and self-praising ones,
/// and each achievement that was said more than once (said once now). None when the
/// upgrade kept the text as it was.
#[must_use]
pub fn left_out(original: &str, upgraded: &str) -> Vec<String> {
    if original == upgraded {
        return Vec::new();
    }
    let parsed = parse(&normalise(original));
    let mut out: Vec<String> = flags::out_of_place(&parsed)
        .into_iter()
        .filter(|s| !upgraded.contains(s.as_str()))
        .collect();
    // A repeat was left out when the upgrade says it fewer times than the original.
    for again in flags::repeats(&parsed) {
        let said = |text: &str| text.matches(again.as_str()).count();
        if said(upgraded) < said(original) && !out.contains(&again) {
            out.push(again);
        }
    }
    out
}

/// A section of the upgrade: its heading and its lines' sources.
#[derive(Debug)]
struct Part {
    kind: SectionKind,
    heading: String,
    items: Vec<Item>,
    /// Whether the items came from loose prose (a leading "I" may go).
    loose: Vec<bool>,
    /// A skills section built from the skills the text names.
    built: bool,
}

/// The resume regrouped: header lines, then parts in output order.
#[derive(Debug)]
struct Document {
    header: Vec<String>,
    parts: Vec<Part>,
    /// Skills for a built skills section, and for a composed summary.
    skills: Vec<String>,
    /// A headline or latest job title for a composed summary.
    title: Option<String>,
}

impl Document {
    fn read(text: &str) -> Self {
        let parsed = parse(text);
        let (header, loose) = split_header(&parsed.header);
        let mut parts: Vec<Part> = Vec::new();
        for section in &parsed.sections {
            add_section(&mut parts, section);
        }
        place_loose(&mut parts, &loose);
        let skills = listed_skills(text, &parsed);
        if !skills.is_empty() && !parts.iter().any(|p| p.kind == SectionKind::Skills) {
            parts.push(Part {
                kind: SectionKind::Skills,
                heading: SectionKind::Skills.heading().to_owned(),
                items: vec![Item {
                    lines: vec![skills.join(", ")],
                    bullet: false,
                }],
                loose: vec![false],
                built: true,
            });
        }
        parts.sort_by_key(|p| order(p.kind));
        let title = title_of(&header, &parts);
        Self {
            header,
            parts,
            skills,
            title,
        }
    }

    fn render(&self, compose_summary: bool) -> String {
        let mut out: Vec<String> = self.header.clone();
        let has = |kind| self.parts.iter().any(|p| p.kind == kind);
        if compose_summary
            && !has(SectionKind::Summary)
            && let Some(summary) = self.summary()
        {
            push_heading(&mut out, SectionKind::Summary.heading());
            out.push(summary);
        }
        for part in &self.parts {
            push_heading(&mut out, &part.heading);
            render_items(&mut out, part);
            if part.kind == SectionKind::Skills && !part.built {
                self.render_more_skills(&mut out, part);
            }
        }
        let mut text = out.join("\n");
        text.push('\n');
        text
    }

    /// Skills the text names elsewhere that the skills section does not list.
    fn render_more_skills(&self, out: &mut Vec<String>, part: &Part) {
        let listed = section_skills(&part.items);
        let more: Vec<&str> = self
            .skills
            .iter()
            .filter(|s| !listed.contains(s))
            .map(String::as_str)
            .collect();
        if !more.is_empty() {
            out.push(String::new());
            out.push(format!("Also: {}", more.join(", ")));
        }
    }

    /// "{Title}. Skilled in A, B and C." from the headline and skills; `None` without both.
    fn summary(&self) -> Option<String> {
        let skills = &self.skills[..self.skills.len().min(SUMMARY_SKILLS)];
        let mut sentences = Vec::new();
        if let Some(title) = &self.title {
            sentences.push(format!("{title}."));
        }
        match skills {
            [] => {}
            [one] => sentences.push(format!("Skilled in {one}.")),
            [rest @ .., last] => {
                sentences.push(format!("Skilled in {} and {last}.", rest.join(", ")));
            }
        }
        (!sentences.is_empty()).then(|| sentences.join(" "))
    }
}

fn push_heading(out: &mut Vec<String>, heading: &str) {
    if !out.is_empty() {
        out.push(String::new());
    }
    out.push(heading.to_owned());
}

/// Output order of the sections; other sections keep their relative order.
fn order(kind: SectionKind) -> u8 {
    match kind {
        SectionKind::Summary => 0,
        SectionKind::Experience => 1,
        SectionKind::Education => 2,
        SectionKind::Skills => 3,
        SectionKind::Certifications => 4,
        SectionKind::Projects => 5,
        SectionKind::Other => 6,
    }
}

/// The gentlest rewrite: every line as written, each section under its standard heading.
fn headings_only(parsed: &Parsed) -> String {
    fn push_item(out: &mut Vec<String>, item: &Item) {
        for (i, line) in item.lines.iter().enumerate() {
            out.push(if i == 0 && item.bullet {
                format!("- {line}")
            } else {
                line.clone()
            });
        }
    }
    let mut out: Vec<String> = Vec::new();
    for item in &parsed.header {
        push_item(&mut out, item);
    }
    for section in &parsed.sections {
        out.push(String::new());
        out.push(heading_for(section.kind, &section.heading));
        for item in &section.items {
            push_item(&mut out, item);
        }
    }
    out.join("\n")
}

/// The heading a section gets: standard, or the original in capitals.
fn heading_for(kind: SectionKind, original: &str) -> String {
    match kind {
        SectionKind::Other => original.to_uppercase(),
        _ => kind.heading().to_owned(),
    }
}

/// Appends a section's items to the part of the same kind (and heading), or a new part.
fn add_section(parts: &mut Vec<Part>, section: &Section) {
    if section.items.is_empty() {
        return;
    }
    let heading = heading_for(section.kind, &section.heading);
    let part = part_for(parts, section.kind, &heading);
    part.loose.extend(section.items.iter().map(|_| false));
    part.items.extend(section.items.iter().cloned());
}

fn part_for<'a>(parts: &'a mut Vec<Part>, kind: SectionKind, heading: &str) -> &'a mut Part {
    let index = parts
        .iter()
        .position(|p| p.kind == kind && p.heading == heading)
        .unwrap_or_else(|| {
            parts.push(Part {
                kind,
                heading: heading.to_owned(),
                items: Vec::new(),
                loose: Vec::new(),
                built: false,
            });
            parts.len() - 1
        });
    &mut parts[index]
}

/// Writes a part's items: entries and titles as lines, summaries and other sections as
/// paragraphs, everything else as bullets (one per sentence).
fn render_items(out: &mut Vec<String>, part: &Part) {
    let bulleted = matches!(
        part.kind,
        SectionKind::Experience
            | SectionKind::Education
            | SectionKind::Certifications
            | SectionKind::Projects
    );
    // What the previous item was written as: `Some(true)` for bullets, `Some(false)`
    // for an entry or title line, `None` for a paragraph or nothing yet.
    let mut previous: Option<bool> = None;
    for (index, (item, &loose)) in part.items.iter().zip(&part.loose).enumerate() {
        let as_bullets = item.bullet || (bulleted && !item.is_entry() && !is_title(item));
        // Bullets stay together under their entry; anything else starts after a blank
        // line, so a re-read never takes it for a wrapped line of the bullet before.
        if index > 0 && !(as_bullets && previous.is_some()) && part.kind != SectionKind::Summary {
            out.push(String::new());
        }
        if as_bullets {
            // A paragraph told as "I did …" becomes bullets of what was done.
            let told = loose || !item.bullet;
            for sentence in sentences(&item.text()) {
                let sentence = if told {
                    drop_first_person(&sentence)
                } else {
                    sentence
                };
                out.push(format!("- {sentence}"));
            }
        } else if part.kind == SectionKind::Skills || item.is_entry() || is_title(item) {
            out.extend(item.lines.iter().cloned());
        } else {
            out.extend(sentences_or_paragraph(item));
        }
        previous = if as_bullets {
            Some(true)
        } else if item.is_entry() || is_title(item) {
            Some(false)
        } else {
            None
        };
    }
}

/// A paragraph on one line, or one sentence a line when it is long.
fn sentences_or_paragraph(item: &Item) -> Vec<String> {
    if item.word_count() > 80 {
        sentences(&item.text())
    } else {
        vec![item.text()]
    }
}

/// A short line without a full stop: a job title or a company on its own line, or a
/// longer one opening with a role ("Grade 6 and 7 Teacher, Mzilikazi Primary School").
fn is_title(item: &Item) -> bool {
    let text = item.text();
    let role_line = || {
        let title = job_title(&text);
        // The role closes the title ("… Teacher"), as a duty naming one ("Coach the team")
        // does not.
        let last = title.split_whitespace().last().unwrap_or_default();
        title.len() < text.trim().len()
            && word_count(&title) <= MAX_TITLE_WORDS
            && flags::names_role(last)
    };
    !item.bullet
        && !text.trim_end().ends_with('.')
        && (item.word_count() <= MAX_TITLE_WORDS
            || (word_count(&text) <= MAX_ENTRY_LINE_WORDS && role_line()))
}

/// "I studied at X" → "Studied at X"; "I also know" → "Also know". Other text unchanged,
/// and so is "I was …" or "I have …": without its "I" it no longer reads as a sentence.
fn drop_first_person(sentence: &str) -> String {
    let Some(rest) = sentence.strip_prefix("I ") else {
        return sentence.to_owned();
    };
    let rest = rest.trim_start();
    let next = rest.split_whitespace().next().unwrap_or_default();
    if matches!(next, "am" | "was" | "have" | "had") {
        return sentence.to_owned();
    }
    let mut chars = rest.chars();
    match chars.next() {
        Some(first) if first.is_lowercase() => first.to_uppercase().chain(chars).collect(),
        _ => sentence.to_owned(),
    }
}

/// Sentences of `text`: split after `.`, `!` or `?` followed by a space and a capital
/// letter or digit, except after abbreviations and initials.
pub(super) fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(at, c)) in bytes.iter().enumerate() {
        if !matches!(c, '.' | '!' | '?') {
            continue;
        }
        let next_is_space = bytes.get(k + 1).is_some_and(|&(_, n)| n == ' ');
        let then_capital = bytes
            .get(k + 2)
            .is_some_and(|&(_, n)| n.is_uppercase() || n.is_ascii_digit());
        if !(next_is_space && then_capital) || (c == '.' && is_abbreviation(&text[start..at])) {
            continue;
        }
        let sentence = text[start..=at].trim();
        if !sentence.is_empty() {
            out.push(sentence.to_owned());
        }
        start = at + 1;
    }
    let rest = text[start..].trim();
    if !rest.is_empty() {
        out.push(rest.to_owned());
    }
    out
}

/// Whether the text before a full stop ends in an abbreviation or an initial.
fn is_abbreviation(before: &str) -> bool {
    let word = before
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or("")
        .to_lowercase();
    word.chars().count() == 1 || ABBREVIATIONS.contains(&word.as_str())
}

// ---------------------------------------------------------------------------
// The header and loose prose
// ---------------------------------------------------------------------------

/// Header lines to keep on top, and the prose found in the header.
fn split_header(items: &[Item]) -> (Vec<String>, Vec<String>) {
    let mut header = Vec::new();
    let mut loose: Vec<String> = Vec::new();
    for item in items {
        let contact = || {
            let found = contact_details(&item.text());
            !(found.emails.is_empty() && found.phones.is_empty() && found.links.is_empty())
        };
        if item.word_count() <= MAX_HEADER_WORDS && !item.bullet {
            // Past the prose, a short line is the story's (an employer's line above what was
            // done there), unless it is a way to reach the candidate.
            if loose.is_empty() || contact() {
                header.extend(item.lines.iter().cloned());
            } else {
                loose.push(item.text());
            }
            continue;
        }
        let text = item.text();
        let (lead, prose) = split_contact_lead(&text);
        header.extend(lead);
        loose.extend(sentences(prose));
    }
    (header, loose)
}

/// Splits "Jane Doe jane@x.com +1 555 0100 I am a …" into its name and contact lines and
/// the prose after them. Without contact details near the start, it is all prose.
fn split_contact_lead(text: &str) -> (Vec<String>, &str) {
    let words: Vec<(usize, &str)> = text
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
        .collect();
    let contact_at = |(_, w): &(usize, &str)| {
        let token = w.trim_matches(|c: char| "()<>[],;:|".contains(c));
        is_email(token.trim_end_matches('.')) || !phones_in(token).is_empty()
    };
    let window = &words[..words.len().min(MAX_HEADER_WORDS)];
    let Some(first) = window.iter().position(contact_at) else {
        return (Vec::new(), text);
    };
    let last = window.iter().rposition(contact_at).unwrap_or(first);
    let end = words[last].0 + words[last].1.len();
    let mut lead = Vec::new();
    let name = text[..words[first].0].trim();
    if !name.is_empty() {
        lead.push(name.to_owned());
    }
    lead.push(text[words[first].0..end].trim().to_owned());
    (lead, &text[end..])
}

/// Puts each loose sentence into the part its words point to.
fn place_loose(parts: &mut Vec<Part>, loose: &[String]) {
    let mut previous: Option<(SectionKind, &'static str)> = None;
    for sentence in loose {
        // An entry line ("Employer | 2016 – Present") opens a job unless its words say
        // otherwise; what follows it is told of that job.
        let (kind, heading) = if looks_like_entry(sentence) {
            placement(sentence, Some((SectionKind::Experience, "")))
        } else {
            placement(sentence, previous)
        };
        let heading = if heading.is_empty() {
            kind.heading()
        } else {
            heading
        };
        let part = part_for(parts, kind, heading);
        part.items.push(Item {
            lines: vec![sentence.clone()],
            bullet: false,
        });
        part.loose.push(true);
        previous = Some((kind, heading));
    }
}

/// The section a loose sentence belongs to: the kind with most signal words (a sentence
/// opening "I am" leans to the summary); ties and no signal follow the sentence before.
fn placement(
    sentence: &str,
    previous: Option<(SectionKind, &'static str)>,
) -> (SectionKind, &'static str) {
    let words: Vec<String> = sentence
        .split(|c: char| !c.is_alphanumeric() && c != '-')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let hits = |list: &[&str]| words.iter().filter(|w| list.contains(&w.as_str())).count();
    if hits(REFERENCES_WORDS) > 0 {
        return (SectionKind::Other, "REFERENCES");
    }
    let opens_i_am = sentence.starts_with("I am ") || sentence.starts_with("I'm ");
    let mut scores: Vec<((SectionKind, &'static str), usize)> = PLACEMENT
        .iter()
        .map(|(kind, list)| {
            let bonus = if *kind == SectionKind::Summary && opens_i_am {
                2
            } else {
                0
            };
            ((*kind, ""), hits(list) + bonus)
        })
        .collect();
    scores.push(((SectionKind::Other, "INTERESTS"), hits(INTERESTS_WORDS)));
    let best = scores.iter().map(|(_, s)| *s).max().unwrap_or(0);
    let fallback = previous.unwrap_or((SectionKind::Summary, ""));
    if best == 0 {
        return fallback;
    }
    let tied: Vec<(SectionKind, &'static str)> = scores
        .iter()
        .filter(|(_, s)| *s == best)
        .map(|(k, _)| *k)
        .collect();
    if tied.contains(&fallback) {
        fallback
    } else {
        tied[0]
    }
}

// ---------------------------------------------------------------------------
// Skills and the summary
// ---------------------------------------------------------------------------

/// Skills to list: vocabulary skills of the text, without everyday words ("sales")
/// unless the resume's own skills section names them.
fn listed_skills(text: &str, parsed: &Parsed) -> Vec<String> {
    let items: Vec<Item> = parsed
        .sections
        .iter()
        .filter(|s| s.kind == SectionKind::Skills)
        .flat_map(|s| s.items.iter().cloned())
        .collect();
    let in_section = section_skills(&items);
    text_skills(text)
        .into_iter()
        .filter(|(key, display)| {
            !GENERIC_SKILLS.contains(&key.as_str()) || in_section.iter().any(|s| s == display)
        })
        .map(|(_, display)| display.to_owned())
        .collect()
}

/// The vocabulary skills a skills section names, as displayed.
fn section_skills(items: &[Item]) -> Vec<String> {
    // Not the first word of a text, so "Excel, SQL" counts Excel.
    let text: Vec<String> = items.iter().map(Item::text).collect();
    let text = format!("Skills:\n{}", text.join("\n"));
    text_skills(&text)
        .into_iter()
        .map(|(_, display)| display.to_owned())
        .collect()
}

/// A headline under the name, or else the first job title of the experience section.
fn title_of(header: &[String], parts: &[Part]) -> Option<String> {
    // A headline names a role: not the name under "CURRICULUM VITAE", nor a town.
    let headline = header.iter().skip(1).find(|line| {
        let contact = contact_details(line);
        contact.emails.is_empty()
            && contact.phones.is_empty()
            && contact.links.is_empty()
            && !line.contains([',', '|'])
            && (1..=6).contains(&word_count(line))
            && flags::names_role(line)
    });
    // Of an entry line, the part naming the role: "Hwange Colliery Company | 2016 – Present"
    // names an employer and dates, no title, and so gives none.
    let first_job = || {
        parts
            .iter()
            .find(|p| p.kind == SectionKind::Experience)?
            .items
            .iter()
            .filter(|i| i.is_entry() || is_title(i))
            .find_map(|i| role_of(&i.text()))
    };
    headline
        .cloned()
        .or_else(first_job)
        .filter(|t| (1..=MAX_TITLE_WORDS).contains(&word_count(t)))
}

/// The first part of an entry line (split at its separators) that names a role and holds no
/// date.
fn role_of(entry: &str) -> Option<String> {
    let mut parts = vec![entry];
    for separator in [" | ", " - ", " – ", " — ", ", ", " at ", " (", ")", "\t"] {
        parts = parts.iter().flat_map(|p| p.split(separator)).collect();
    }
    parts
        .into_iter()
        .map(str::trim)
        .find(|part| {
            let last = part.split_whitespace().last().unwrap_or_default();
            count_dates(part) == 0 && flags::names_role(last)
        })
        .map(str::to_owned)
}

/// The title part of an entry line: up to the first separator.
fn job_title(entry: &str) -> String {
    let cut = [" | ", " - ", " – ", " — ", ", ", " at ", " (", "\t"]
        .iter()
        .filter_map(|sep| entry.find(sep))
        .min()
        .unwrap_or(entry.len());
    entry[..cut].trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_split_on_full_stops_before_capitals_only() {
        assert_eq!(
            sentences("Led 3 teams. Cut costs by 1.5 million, e.g. Harare. Dr. Moyo said so! Yes"),
            [
                "Led 3 teams.",
                "Cut costs by 1.5 million, e.g. Harare.",
                "Dr. Moyo said so!",
                "Yes"
            ]
        );
    }

    #[test]
    fn first_person_is_dropped_only_before_a_lowercase_word() {
        assert_eq!(drop_first_person("I studied at NUST."), "Studied at NUST.");
        assert_eq!(drop_first_person("I SQL"), "I SQL");
        assert_eq!(drop_first_person("In 2020 I led"), "In 2020 I led");
    }

    #[test]
    fn contact_details_are_split_from_the_prose_after_them() {
        let (lead, prose) = split_contact_lead("Jane Doe jane@example.com I am an analyst.");
        assert_eq!(lead, ["Jane Doe", "jane@example.com"]);
        assert_eq!(prose.trim(), "I am an analyst.");
        let (lead, prose) = split_contact_lead("I am an analyst.");
        assert!(lead.is_empty());
        assert_eq!(prose, "I am an analyst.");
    }

    #[test]
    fn loose_sentences_follow_their_words() {
        let place = |s: &str| placement(s, None).0;
        assert_eq!(
            place("I studied maths at university."),
            SectionKind::Education
        );
        assert_eq!(
            place("I worked at a bank for a year."),
            SectionKind::Experience
        );
        assert_eq!(place("I am a motivated person."), SectionKind::Summary);
        assert_eq!(
            placement("I like reading.", None),
            (SectionKind::Other, "INTERESTS")
        );
        assert_eq!(
            placement("References on request.", None),
            (SectionKind::Other, "REFERENCES")
        );
        let previous = Some((SectionKind::Experience, ""));
        assert_eq!(
            placement("Then it rained.", previous).0,
            SectionKind::Experience
        );
    }

    #[test]
    fn job_titles_stop_at_the_first_separator() {
        assert_eq!(
            job_title("Senior Developer | Acme, Harare | 2021 - Present"),
            "Senior Developer"
        );
        assert_eq!(job_title("Analyst at Acme"), "Analyst");
    }
}

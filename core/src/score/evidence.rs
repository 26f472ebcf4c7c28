//! Where a candidate shows a job's skill: the skills typed in the profile, and the lines of the
//! default resume (its roles' titles and bullets, its skills, summary, education and
//! certificates), read in the person's own words.
//!
//! ## What it checks
//! Each resume line is cut into clauses (at `;` `|` `•` and the end of a sentence), and each
//! typed skill is a clause of its own. A job skill is shown, in this order of trying, by:
//! 1. a clause that holds every content word of the skill, stemmed ([`crate::vocabulary::key`]):
//!    "Menu planning" by "Planned weekly menus for a 120-seat restaurant", "Bank
//!    reconciliations" by "Reconciled the bank every month";
//! 2. a clause that holds its rarer words, when the others are words many skills share (in
//!    [`COMMON_STEM`] vocabulary concepts or more): "Antenatal care" by "Booked pregnant women
//!    at the antenatal clinic";
//! 3. one role (its title and bullets) or one line outside the roles that holds every word
//!    between its lines, quoted where the rarest is;
//! 4. a clause that holds every word of another label of a concept the skill names in the
//!    vocabulary: "Registered General Nurse" by "RGN", CRM by "Salesforce", "Plan menus" by
//!    "menu design".
//!
//! A skill that is one ordinary English word as well ("Excel", "Go", "React") counts only when
//! written capitalised past the clause's start, or as a clause of its own; a one-letter skill
//! ("C", "R") only as a clause of its own.
//!
//! ## Why
//! People type two skills at onboarding and show the rest in their resume, in their own words.
//! Matching the employer's exact words against the typed skills told a pharmacist whose resume
//! shows every skill a job asks for that she had none.

use std::collections::HashMap;

use super::AMBIGUOUS_WORDS;
use crate::vocabulary::{self, key::Keyer};

/// A stem in the labels of this many vocabulary concepts or more says little of any one skill
/// ("care" is in 276, "manag" in 1,167; "antenat" in 2).
pub(super) const COMMON_STEM: u64 = 100;

/// The longest quote of a resume line in an explanation, in characters.
pub const QUOTE_MAX_CHARS: usize = 100;

/// Where a candidate shows a skill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// A skill typed in the profile says it, in other words.
    Profile,
    /// The resume line at this index of [`Evidence::lines`] shows it.
    Resume(usize),
}

/// A candidate's clauses, indexed by stem.
#[derive(Debug, Clone, Default)]
pub struct Evidence {
    /// The resume lines clauses come from, as written.
    lines: Vec<String>,
    clauses: Vec<Clause>,
    /// Each stem, and the clauses holding it as a bit set.
    stems: HashMap<Box<str>, Vec<u64>>,
    /// Each stem, and the blocks (a role, or a line outside roles) holding it as a bit set.
    block_stems: HashMap<Box<str>, Vec<u64>>,
    /// Each block's lines, a range of `lines`.
    blocks: Vec<std::ops::Range<usize>>,
}

#[derive(Debug, Clone)]
struct Clause {
    /// The clause as written, trimmed.
    text: Box<str>,
    /// Its key (see [`Keyer::key`] without the word limit): stems sorted, once each.
    key: Box<str>,
    source: Shown,
}

impl Evidence {
    /// The clauses of typed `skills` and of the resume's `blocks`: each a role's title and
    /// bullets, or one line outside the roles.
    pub fn new(skills: &[String], blocks: &[Vec<&str>]) -> Self {
        let mut evidence = Self::default();
        let mut keyer = Keyer::default();
        for skill in skills {
            evidence.add_clause(&mut keyer, skill, Shown::Profile);
        }
        for block in blocks {
            let first = evidence.lines.len();
            let block_index = evidence.blocks.len();
            for line in block {
                let line = line.trim();
                if line.is_empty() {
                    continue;
                }
                let index = evidence.lines.len();
                evidence.lines.push(line.to_string());
                for clause in clauses(line) {
                    evidence.add_clause(&mut keyer, clause, Shown::Resume(index));
                }
                keyer.stems(line, |stem, _| {
                    set_bit(
                        evidence.block_stems.entry(stem.into()).or_default(),
                        block_index,
                    );
                });
            }
            evidence.blocks.push(first..evidence.lines.len());
        }
        evidence
    }

    fn add_clause(&mut self, keyer: &mut Keyer, text: &str, source: Shown) {
        let text = text.trim();
        let mut stems: Vec<String> = Vec::new();
        keyer.stems(text, |stem, _| stems.push(stem.to_string()));
        if stems.is_empty() {
            return;
        }
        let index = self.clauses.len();
        for stem in &stems {
            set_bit(self.stems.entry(stem.as_str().into()).or_default(), index);
        }
        stems.sort_unstable();
        stems.dedup();
        self.clauses.push(Clause {
            text: text.into(),
            key: stems.join(" ").into(),
            source,
        });
    }

    /// The resume line at `index`, cut to [`QUOTE_MAX_CHARS`] at a word break.
    pub fn quote(&self, index: usize) -> String {
        let line = self.lines.get(index).map_or("", String::as_str);
        if line.chars().count() <= QUOTE_MAX_CHARS {
            return line.to_string();
        }
        let cut: String = line.chars().take(QUOTE_MAX_CHARS).collect();
        let kept = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
        format!("{}…", kept.trim_end_matches([',', ';', ' ']))
    }

    /// Where the candidate shows the skill whose normalised words are `skill` (lowercase,
    /// single-spaced: see [`super::normalise_skill`]), if anywhere.
    pub fn shows(&self, keyer: &mut Keyer, skill: &str) -> Option<Shown> {
        if self.clauses.is_empty() {
            return None;
        }
        let key = keyer.key(skill);
        if key.is_empty() {
            return None;
        }
        let strict = strictness(skill);
        if let Some(found) = self.clause_holding(&key, strict) {
            return Some(found);
        }
        // "Antenatal care" is shown by "antenatal clinic": words that many skills share
        // ("care", "management", "control") may be left unsaid when the rarer ones are there.
        let rare: Vec<&str> = key
            .split(' ')
            .filter(|stem| vocabulary::concepts_using(stem) < COMMON_STEM)
            .collect();
        if !rare.is_empty()
            && rare.len() < key.split(' ').count()
            && let Some(found) = self.clause_holding(&rare.join(" "), Strict::No)
        {
            return Some(found);
        }
        // A role whose bullets between them hold every word: "Coded welding (6G)" by a welder's
        // "Coded 6G welder" certificate line under a role of plate work.
        if let Some(found) = self.block_holding(&key, keyer) {
            return Some(found);
        }
        for concept in vocabulary::concepts(&key) {
            for label in vocabulary::label_keys(concept) {
                if label != key
                    && let Some(found) = self.clause_holding(label, Strict::No)
                {
                    return Some(found);
                }
            }
        }
        None
    }

    /// The first block holding every stem of `key` (of two or more), shown by its first line
    /// holding the stem fewest concepts use.
    fn block_holding(&self, key: &str, keyer: &mut Keyer) -> Option<Shown> {
        if !key.contains(' ') {
            return None;
        }
        let block = first_bit(&holding(&self.block_stems, key)?)?;
        let rarest = key
            .split(' ')
            .min_by_key(|stem| vocabulary::concepts_using(stem))?;
        self.blocks[block].clone().find_map(|index| {
            let mut has = false;
            keyer.stems(&self.lines[index], |stem, _| has |= stem == rarest);
            has.then_some(Shown::Resume(index))
        })
    }

    /// The first clause (typed skills first) holding every stem of `key`.
    fn clause_holding(&self, key: &str, strict: Strict<'_>) -> Option<Shown> {
        holding(&self.stems, key)?
            .iter()
            .enumerate()
            .flat_map(|(w, bits)| {
                (0..64)
                    .filter(move |b| bits & (1 << b) != 0)
                    .map(move |b| w * 64 + b)
            })
            .map(|index| &self.clauses[index])
            .find(|clause| strict.allows(clause))
            .map(|clause| clause.source)
    }
}

fn set_bit(bits: &mut Vec<u64>, index: usize) {
    if bits.len() <= index / 64 {
        bits.resize(index / 64 + 1, 0);
    }
    bits[index / 64] |= 1 << (index % 64);
}

fn first_bit(bits: &[u64]) -> Option<usize> {
    bits.iter()
        .enumerate()
        .find(|(_, word)| **word != 0)
        .map(|(w, word)| w * 64 + word.trailing_zeros() as usize)
}

/// The set of units (clauses or blocks, by `index`) holding every stem of `key`.
fn holding(index: &HashMap<Box<str>, Vec<u64>>, key: &str) -> Option<Vec<u64>> {
    let mut stems = key.split(' ');
    let mut holding = index.get(stems.next()?)?.clone();
    for stem in stems {
        let bits = index.get(stem)?;
        holding.truncate(bits.len());
        for (word, more) in holding.iter_mut().zip(bits) {
            *word &= more;
        }
    }
    Some(holding)
}

/// How strictly a one-word skill must be written to count.
#[derive(Debug, Clone, Copy)]
enum Strict<'a> {
    No,
    /// An ordinary English word too: capitalised past the clause's start, or alone.
    Capitalised(&'a str),
    /// One letter: only alone.
    Alone,
}

impl Strict<'_> {
    fn allows(&self, clause: &Clause) -> bool {
        match *self {
            Self::No => true,
            Self::Alone => !clause.key.contains(' '),
            Self::Capitalised(word) => {
                !clause.key.contains(' ')
                    || clause
                        .text
                        .split(|c: char| !crate::vocabulary::key::is_word_char(c))
                        .filter(|w| !w.is_empty())
                        .skip(1)
                        .any(|w| {
                            w.to_lowercase() == word
                                && w.chars().next().is_some_and(char::is_uppercase)
                        })
            }
        }
    }
}

fn strictness(skill: &str) -> Strict<'_> {
    if skill.contains(' ') {
        Strict::No
    } else if skill.chars().count() == 1 {
        Strict::Alone
    } else if AMBIGUOUS_WORDS.binary_search(&skill).is_ok() {
        Strict::Capitalised(skill)
    } else {
        Strict::No
    }
}

/// A line's clauses: cut at `;` `|` `•` `·` and at a full stop before a space.
fn clauses(line: &str) -> impl Iterator<Item = &str> {
    line.split([';', '|', '•', '·'])
        .flat_map(|part| part.split(". "))
        .map(str::trim)
        .filter(|c| !c.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evidence(skills: &[&str], lines: &[&str]) -> Evidence {
        let skills: Vec<String> = skills.iter().map(|s| (*s).to_string()).collect();
        let blocks: Vec<Vec<&str>> = lines.iter().map(|line| vec![*line]).collect();
        Evidence::new(&skills, &blocks)
    }

    fn shows(evidence: &Evidence, skill: &str) -> Option<Shown> {
        evidence.shows(&mut Keyer::default(), &crate::score::normalise_skill(skill))
    }

    #[test]
    fn resume_lines_show_skills_in_other_words_and_forms() {
        let chef = evidence(
            &["Grill"],
            &[
                "Ran the pastry section for banquets of 400 guests",
                "Planned weekly menus for a 120-seat restaurant; trained 6 commis chefs",
                "HACCP Level 3",
            ],
        );
        assert_eq!(shows(&chef, "Pastry"), Some(Shown::Resume(0)));
        assert_eq!(shows(&chef, "Menu planning"), Some(Shown::Resume(1)));
        assert_eq!(
            shows(&chef, "Food safety"),
            Some(Shown::Resume(2)),
            "HACCP, hand list"
        );
        assert_eq!(shows(&chef, "Grilling"), Some(Shown::Profile));
        assert_eq!(shows(&chef, "Payroll"), None);
        assert_eq!(
            shows(&chef, "Menu costing"),
            None,
            "every word must be shown"
        );
        assert_eq!(
            chef.quote(1),
            "Planned weekly menus for a 120-seat restaurant; trained 6 commis chefs"
        );
    }

    #[test]
    fn a_skill_must_be_shown_within_one_role_or_line() {
        let nurse = evidence(
            &[],
            &["Wound care", "Patient records and theatre scheduling"],
        );
        assert_eq!(shows(&nurse, "Wound care"), Some(Shown::Resume(0)));
        assert_eq!(
            shows(&nurse, "Patient care"),
            None,
            "'patient' and 'care' are on two lines"
        );
        let skills: Vec<String> = Vec::new();
        let role = vec![
            "Boilermaker | Hwange Colliery | 2019 – Present",
            "Coded 6G",
            "Welded chute liners",
        ];
        let welder = Evidence::new(&skills, &[role]);
        assert_eq!(
            welder.shows(&mut Keyer::default(), "coded welding"),
            Some(Shown::Resume(2)),
            "one role's lines between them, quoted where the rarer word is ('weld')"
        );
    }

    #[test]
    fn abbreviations_and_tools_show_the_skill_they_stand_for() {
        let nurse = evidence(&[], &["RGN, BLS certified"]);
        assert_eq!(
            shows(&nurse, "Registered General Nurse"),
            Some(Shown::Resume(0))
        );
        assert_eq!(shows(&nurse, "Basic life support"), Some(Shown::Resume(0)));
        let sales = evidence(&[], &["Kept 300 accounts up to date in Salesforce"]);
        assert_eq!(shows(&sales, "CRM"), Some(Shown::Resume(0)));
        let crm = evidence(&["CRM"], &[]);
        assert_eq!(
            shows(&crm, "Salesforce"),
            None,
            "a CRM user need not know Salesforce"
        );
    }

    #[test]
    fn ordinary_words_count_only_as_skills_are_written() {
        let cook = evidence(
            &[],
            &[
                "Go to person for the night shift",
                "React quickly to rushes",
            ],
        );
        assert_eq!(shows(&cook, "Go"), None);
        assert_eq!(shows(&cook, "React"), None);
        let analyst = evidence(&[], &["Built dashboards in Excel", "C"]);
        assert_eq!(shows(&analyst, "Excel"), Some(Shown::Resume(0)));
        assert_eq!(shows(&analyst, "C"), Some(Shown::Resume(1)));
        let grade = evidence(&[], &["Grade C in mathematics"]);
        assert_eq!(shows(&grade, "C"), None);
    }

    #[test]
    fn long_lines_are_quoted_to_a_word_break() {
        let long = "Supervised ".to_string() + &"the night shift on a busy ward ".repeat(8);
        let e = evidence(&[], &[long.as_str()]);
        let quote = e.quote(0);
        assert!(quote.chars().count() <= QUOTE_MAX_CHARS + 1, "{quote}");
        assert!(
            quote.ends_with('…') && quote.starts_with("Supervised the night"),
            "{quote}"
        );
        assert_eq!(evidence(&[], &[]).quote(3), "");
    }
}

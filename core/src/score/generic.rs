//! Skills every job could ask for: communication, teamwork, hard work. They say nothing of a
//! line of work, so the skills component leaves them out: a missing one never lowers a score,
//! and the explanation names them as not scored.
//!
//! Phrases compare by their vocabulary key ([`crate::vocabulary::key`]) without the words
//! "skill", "ability", "good", "strong" and "excellent", so "Communication", "communication skills"
//! and "Strong communication skills" are one phrase; the list holds the common spellings.

use std::collections::HashSet;
use std::sync::LazyLock;

use crate::vocabulary::key::Keyer;

/// Soft skills as employers write them (a phrase per entry, any case and form).
pub const GENERIC_SKILLS: &[&str] = &[
    "Adaptability",
    "Analytical thinking",
    "Attention to detail",
    "Can work under pressure",
    "Communication",
    "Computer literacy",
    "Computer literate",
    "Creativity",
    "Critical thinking",
    "Dedication",
    "Dependable",
    "Detail oriented",
    "Flexibility",
    "Good communicator",
    "Hard working",
    "Hardworking",
    "Honesty",
    "Initiative",
    "Integrity",
    "Interpersonal",
    "Motivated",
    "Multitasking",
    "Organisation",
    "Organised",
    "Positive attitude",
    "Problem solving",
    "Professionalism",
    "Punctuality",
    "Reliability",
    "Reliable",
    "Self motivated",
    "Self starter",
    "Team player",
    "Teamwork",
    "Time management",
    "Verbal and written communication",
    "Willingness to learn",
    "Work ethic",
    "Working independently",
    "Working under pressure",
    "Written communication",
];

/// Words that only say "this is a skill".
const FILLER: &[&str] = &["abil", "good", "skill", "strong", "excel"];

static KEYS: LazyLock<HashSet<String>> = LazyLock::new(|| {
    let mut keyer = Keyer::default();
    GENERIC_SKILLS.iter().map(|s| key(&mut keyer, s)).collect()
});

fn key(keyer: &mut Keyer, text: &str) -> String {
    keyer
        .key(text)
        .split(' ')
        .filter(|stem| !FILLER.contains(stem))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The stems of those phrases' words, and of the words that only say "this is a skill".
static WORDS: LazyLock<HashSet<String>> = LazyLock::new(|| {
    let mut keyer = Keyer::default();
    // "excel" says "excellent" and also names Microsoft Excel: a skill.
    let mut words: HashSet<String> = FILLER
        .iter()
        .filter(|w| **w != "excel")
        .map(|w| (*w).to_string())
        .collect();
    for skill in GENERIC_SKILLS {
        keyer.stems(skill, |stem, _| {
            words.insert(stem.to_string());
        });
    }
    words
});

/// Whether a stem ([`Keyer::stems`]) is a word of a skill every job could ask for, or one that
/// only says "this is a skill": "communic", "team", "detail", "strong".
pub fn is_generic_word(stem: &str) -> bool {
    WORDS.contains(stem)
}

/// Whether `skill` (any form) is a skill every job could ask for.
pub fn is_generic(keyer: &mut Keyer, skill: &str) -> bool {
    let key = key(keyer, skill);
    !key.is_empty() && KEYS.contains(&key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn soft_skills_are_generic_in_any_form_and_field_skills_are_not() {
        let mut keyer = Keyer::default();
        for soft in [
            "Teamwork",
            "Communication skills",
            "Excellent communication skills",
            "hard-working",
            "Strong work ethic",
            "Team Player",
            "Time-management",
            "Problem-solving skills",
        ] {
            assert!(is_generic(&mut keyer, soft), "{soft}");
        }
        for specific in [
            "Excel",
            "Patient communication",
            "Pastry",
            "Payroll",
            "Team leadership",
            "Microsoft Office",
            "Customer service",
        ] {
            assert!(!is_generic(&mut keyer, specific), "{specific}");
        }
    }
}

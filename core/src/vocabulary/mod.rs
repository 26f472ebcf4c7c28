//! The skills vocabulary: which skill concept a phrase names, and every way each concept is
//! written, from ESCO's 13,896 skills and their alternative labels, plus a short hand list of
//! what ESCO lacks (data/skill-synonyms.txt: "RGN", "Class 1 licence", Salesforce as CRM).
//!
//! Phrases are compared by [`key::Keyer::key`]: stemmed content words as a set, so "menu
//! planning", "plan menus" and "planned a menu" are one key. Core's build script keys every
//! label into an `fst` map (key → concepts) and a table of each concept's label keys; this
//! module reads them in place from the binary.
//!
//! Only the server links these tables: the browser's package exports nothing that scores.

pub mod key;

pub use key::Keyer;

use std::sync::LazyLock;

use fst::Map;

static MAP: LazyLock<Map<&'static [u8]>> = LazyLock::new(|| {
    Map::new(&include_bytes!(concat!(env!("OUT_DIR"), "/skills.fst"))[..])
        .expect("build.rs writes a valid fst")
});
static STEMS: LazyLock<Map<&'static [u8]>> = LazyLock::new(|| {
    Map::new(&include_bytes!(concat!(env!("OUT_DIR"), "/skill_stems.fst"))[..])
        .expect("build.rs writes a valid fst")
});
static CONCEPTS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/skill_concepts.bin"));
static LABELS: &str = include_str!(concat!(env!("OUT_DIR"), "/skill_labels.txt"));
static LABEL_OFFSETS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/skill_label_offsets.bin"));

fn u32_at(bytes: &[u8], index: usize) -> u32 {
    let at = index * 4;
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// The concepts a phrase's key names (see [`key::Keyer::key`]); none for an unknown key.
pub fn concepts(key: &str) -> impl Iterator<Item = u32> {
    let (offset, count) = MAP
        .get(key)
        .map_or((0, 0), |v| ((v >> 16) as usize, (v & 0xffff) as usize));
    (offset..offset + count).map(|i| u32_at(CONCEPTS, i))
}

/// Every key that shows `concept`: its labels' keys and those of what shows it one way.
pub fn label_keys(concept: u32) -> impl Iterator<Item = &'static str> {
    let i = concept as usize;
    let span = if (i + 1) * 4 < LABEL_OFFSETS.len() {
        u32_at(LABEL_OFFSETS, i) as usize..u32_at(LABEL_OFFSETS, i + 1) as usize
    } else {
        0..0
    };
    LABELS[span].lines()
}

/// In how many concepts' labels a stem occurs: how little it says of any one skill ("manag"
/// is in thousands, "partograph" in none).
pub fn concepts_using(stem: &str) -> u64 {
    STEMS.get(stem).unwrap_or(0)
}

/// The phrases of `text` that name a skill of the vocabulary, as written (first letter
/// capitalised), in text order, each once: runs of two to four words that start and end with a
/// content word, the longest first where runs overlap. "… support the hospital antimicrobial
/// stewardship committee and report adverse drug reactions" gives "Antimicrobial stewardship"
/// and "Report adverse drug reactions".
pub fn phrases_in(text: &str) -> Vec<String> {
    let words: Vec<&str> = text
        .split(|c: char| !(key::is_word_char(c) || c == '-' || c == '\''))
        .filter(|w| !w.is_empty())
        .collect();
    let mut keyer = Keyer::default();
    let mut taken = vec![false; words.len()];
    let mut found: Vec<(usize, String, String)> = Vec::new();
    for n in (2..=4).rev() {
        for start in 0..words.len().saturating_sub(n - 1) {
            let run = &words[start..start + n];
            if taken[start..start + n].iter().any(|&t| t)
                || key::is_stop_word(run[0])
                || key::is_stop_word(run[n - 1])
            {
                continue;
            }
            let phrase = run.join(" ");
            let phrase_key = keyer.key(&phrase);
            if phrase_key.split(' ').count() < 2
                || concepts(&phrase_key).next().is_none()
                || found.iter().any(|(_, k, _)| *k == phrase_key)
            {
                continue;
            }
            taken[start..start + n].iter_mut().for_each(|t| *t = true);
            // Lowercase but for abbreviations ("HACCP", "PLC"), then a capital first letter.
            let words: Vec<String> = run
                .iter()
                .map(|w| {
                    if w.len() > 1 && w.chars().all(|c| !c.is_lowercase()) {
                        (*w).to_string()
                    } else {
                        w.to_lowercase()
                    }
                })
                .collect();
            let lower = words.join(" ");
            let mut chars = lower.chars();
            let shown: String = chars
                .next()
                .map(|first| first.to_uppercase().chain(chars).collect())
                .unwrap_or_default();
            found.push((start, phrase_key, shown));
        }
    }
    found.sort_by_key(|(start, _, _)| *start);
    found.into_iter().map(|(_, _, shown)| shown).collect()
}

/// How many concepts the vocabulary holds.
pub fn concept_count() -> usize {
    LABEL_OFFSETS.len() / 4 - 1
}

#[cfg(test)]
mod tests {
    use super::key::Keyer;
    use super::*;

    fn key(text: &str) -> String {
        Keyer::default().key(text)
    }

    #[test]
    fn keys_ignore_order_case_inflection_and_small_words() {
        assert_eq!(key("Menu planning"), "menu plan");
        assert_eq!(key("plan a MENU"), "menu plan");
        assert_eq!(key("planned the weekly menus"), "menu plan week");
        assert_eq!(key("Bank reconciliations"), key("reconciled the bank"));
        assert_eq!(key("Triage"), key("triaged"));
        assert_eq!(key("organize events"), key("organised events"));
        assert_eq!(key("Driving license"), key("drove with a licence"));
        assert_eq!(key("Taught biology"), key("teaching biology"));
        assert_eq!(key("the of and"), "");
        assert_eq!(
            key("two three four five six seven eight"),
            "",
            "a sentence is no skill"
        );
    }

    #[test]
    fn short_forms_key_as_the_words_they_stand_for() {
        assert_eq!(key("Practical laboratory work"), key("practical lab work"));
        assert_eq!(key("Haematology"), key("haem"));
        assert_eq!(key("Physio and rehab"), key("physiotherapy rehabilitation"));
        assert_eq!(key("Labs"), key("laboratories"));
        assert_ne!(key("micro"), key("microbiology"), "micro- is many things");
        assert!(
            super::key::SHORT_FORMS.windows(2).all(|w| w[0].0 < w[1].0),
            "sorted for the binary search"
        );
    }

    #[test]
    fn esco_and_hand_labels_name_concepts_and_list_their_other_labels() {
        assert!(concept_count() > 13_896);
        let plan_menus: Vec<u32> = concepts(&key("menu planning")).collect();
        assert!(!plan_menus.is_empty(), "ESCO's 'plan menus'");
        let rgn: Vec<u32> = concepts(&key("RGN")).collect();
        assert_eq!(rgn.len(), 1);
        let labels: Vec<&str> = label_keys(rgn[0]).collect();
        assert!(
            labels.contains(&key("registered general nurse").as_str()),
            "{labels:?}"
        );
        // Salesforce shows CRM, but does not name it: a CRM user need not know Salesforce.
        assert_eq!(concepts(&key("Salesforce")).count(), 0);
        let crm: Vec<u32> = concepts(&key("customer relationship management")).collect();
        assert!(
            crm.iter()
                .any(|&c| label_keys(c).any(|k| k == key("Salesforce")))
        );
        assert_eq!(concepts("no such skill anywhere").count(), 0);
        assert_eq!(
            phrases_in(
                "The pharmacist will support the hospital antimicrobial stewardship committee and \
                 report adverse drug reactions to MCAZ."
            ),
            ["Antimicrobial stewardship", "Report adverse drug reactions"]
        );
        assert_eq!(
            phrases_in(
                "Our hotel needs a cook to plan menus for banquets and keep HACCP food safety standards."
            ),
            ["Plan menus", "Food safety standards"]
        );
        assert_eq!(label_keys(u32::MAX).count(), 0);
    }
}

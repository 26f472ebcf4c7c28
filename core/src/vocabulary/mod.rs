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
        assert_eq!(label_keys(u32::MAX).count(), 0);
    }
}

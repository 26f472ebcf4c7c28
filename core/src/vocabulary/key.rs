//! How a skill phrase is keyed: its content words, lowercased, spelled one way and stemmed, as a
//! sorted set. "Menu planning", "planned menus" and "plan a menu" all key to `menu plan`.
//!
//! Core's build script includes this file to key the taxonomy's labels, and the score keys job
//! skills and resume lines with it at run time, so both sides always key alike. It may use
//! only `std` and `rust_stemmers`, the build script's dependencies.

use rust_stemmers::{Algorithm, Stemmer};

/// Labels and phrases of more content words than this are not keyed: the taxonomy's longest
/// useful labels have six, and a longer "skill" is a sentence.
pub const MAX_KEY_WORDS: usize = 6;

/// Words that carry no skill (sorted): articles, prepositions, pronouns and auxiliaries, and
/// "based", which in "play-based learning" or "evidence-based practice" says how, not what.
const STOP_WORDS: &[&str] = &[
    "a", "about", "across", "all", "am", "an", "and", "any", "are", "as", "at", "based", "be",
    "been", "being", "by", "etc", "for", "from", "had", "has", "have", "he", "her", "his", "i",
    "in", "into", "is", "it", "its", "me", "my", "of", "on", "one", "onto", "or", "our", "own",
    "per", "s", "she", "that", "the", "their", "them", "these", "they", "this", "those", "to",
    "under", "up", "us", "via", "was", "we", "were", "which", "who", "with", "within", "you",
    "your",
];

/// Past forms the stemmer leaves alone, and the verb each is a form of (sorted).
const IRREGULAR: &[(&str, &str)] = &[
    ("began", "begin"),
    ("bought", "buy"),
    ("brought", "bring"),
    ("built", "build"),
    ("chose", "choose"),
    ("did", "do"),
    ("done", "do"),
    ("driven", "drive"),
    ("drove", "drive"),
    ("fed", "feed"),
    ("found", "find"),
    ("gave", "give"),
    ("given", "give"),
    ("grew", "grow"),
    ("grown", "grow"),
    ("held", "hold"),
    ("kept", "keep"),
    ("led", "lead"),
    ("made", "make"),
    ("met", "meet"),
    ("oversaw", "oversee"),
    ("overseen", "oversee"),
    ("paid", "pay"),
    ("ran", "run"),
    ("sent", "send"),
    ("sold", "sell"),
    ("spent", "spend"),
    ("spoke", "speak"),
    ("spoken", "speak"),
    ("taken", "take"),
    ("taught", "teach"),
    ("thought", "think"),
    ("told", "tell"),
    ("took", "take"),
    ("understood", "understand"),
    ("won", "win"),
    ("wrote", "write"),
    ("written", "write"),
];

/// Whether `word` (any case) carries no skill: an article, preposition, pronoun or auxiliary.
/// Words people shorten and any reader expands without thinking, as written in resumes and
/// job posts ("ran the lab", "haem, chemistry and micro", "physio and rehab"), each with its
/// full form. Only forms that mean one thing in work: "micro", "tech" and "eng" do not.
pub(crate) const SHORT_FORMS: &[(&str, &str)] = &[
    ("admin", "administration"),
    ("bio", "biology"),
    ("chem", "chemistry"),
    ("comms", "communications"),
    ("dept", "department"),
    ("govt", "government"),
    ("haem", "haematology"),
    ("lab", "laboratory"),
    ("labs", "laboratories"),
    ("maths", "mathematics"),
    ("mgmt", "management"),
    ("physio", "physiotherapy"),
    ("physios", "physiotherapists"),
    ("rehab", "rehabilitation"),
    ("stats", "statistics"),
    ("topo", "topographic"),
];

pub fn is_stop_word(word: &str) -> bool {
    STOP_WORDS
        .binary_search(&word.to_lowercase().as_str())
        .is_ok()
}

/// Whether a character belongs to a word: letters, digits, `+` and `#` ("C++", "C#").
pub fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '+' || c == '#'
}

/// Stems content words. Building the stemmer is cheap, but callers keep one to reuse its buffers.
pub struct Keyer {
    stemmer: Stemmer,
    word: String,
}

impl std::fmt::Debug for Keyer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keyer")
    }
}

impl Default for Keyer {
    fn default() -> Self {
        Self {
            stemmer: Stemmer::create(Algorithm::English),
            word: String::new(),
        }
    }
}

impl Keyer {
    /// Calls `each` with the stem of every content word of `text`, in order, and the word's
    /// byte range in `text`.
    pub fn stems(&mut self, text: &str, mut each: impl FnMut(&str, std::ops::Range<usize>)) {
        let mut start = None;
        for (i, c) in text
            .char_indices()
            .chain(std::iter::once((text.len(), ' ')))
        {
            if i < text.len() && is_word_char(c) {
                start.get_or_insert(i);
                continue;
            }
            if let Some(begin) = start.take() {
                let raw = &text[begin..i];
                self.word.clear();
                self.word.extend(raw.chars().flat_map(char::to_lowercase));
                if let Some(stem) = self.stem() {
                    each(&stem, begin..i);
                }
            }
        }
    }

    /// The key of `text`: its content stems, sorted and each once, joined by spaces. Empty
    /// when it has no content word or more than [`MAX_KEY_WORDS`].
    pub fn key(&mut self, text: &str) -> String {
        let mut stems: Vec<String> = Vec::new();
        self.stems(text, |stem, _| stems.push(stem.to_string()));
        stems.sort_unstable();
        stems.dedup();
        if stems.len() > MAX_KEY_WORDS {
            return String::new();
        }
        stems.join(" ")
    }

    /// The stem of `self.word` (lowercase), or none for a stop word.
    fn stem(&mut self) -> Option<String> {
        let word = self.word.as_str();
        if STOP_WORDS.binary_search(&word).is_ok() {
            return None;
        }
        if let Ok(i) = IRREGULAR.binary_search_by(|(form, _)| (*form).cmp(word)) {
            return Some(IRREGULAR[i].1.to_string());
        }
        let word = SHORT_FORMS
            .binary_search_by(|(short, _)| (*short).cmp(word))
            .map_or(word, |i| SHORT_FORMS[i].1);
        // One spelling: "organize" as "organise", "license" as "licence" (British, as the
        // taxonomy writes them).
        let spelled = if word.starts_with("licens") {
            word.replacen("licens", "licenc", 1)
        } else if let Some(at) = word.find("iz").or_else(|| word.find("yz")) {
            let next = word[at + 2..].chars().next();
            if matches!(next, Some('e' | 'i' | 'a')) {
                format!("{}s{}", &word[..=at], &word[at + 2..])
            } else {
                word.to_string()
            }
        } else {
            word.to_string()
        };
        // Words of three letters or fewer are mostly abbreviations ("BLS", "KYC", "AMS"): the
        // stemmer would cut "ams" to "am".
        if spelled.chars().count() <= 3 {
            return Some(spelled);
        }
        let mut stem = self.stemmer.stem(&spelled).into_owned();
        // The stemmer keeps "-us" ("menus") and stems "reconciliation" to "reconcili" but
        // "reconciled" to "reconcil": trim both so plural and verb meet their noun.
        if stem.len() > 3 && stem.ends_with("us") {
            stem.pop();
        }
        if stem.len() > 4 && stem.ends_with('i') {
            stem.pop();
        }
        Some(stem)
    }
}

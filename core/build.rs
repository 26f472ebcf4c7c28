//! Compiles the skills vocabulary (src/vocabulary/): ESCO's skill labels (data/esco/) and the hand
//! list of synonyms (data/skill-synonyms.txt), keyed by src/vocabulary/key.rs, into:
//! - `skills.fst`: an `fst` map from a label's key to its concepts: `offset << 16 | count` into
//! - `skill_concepts.bin`: concept numbers, little-endian `u32`;
//! - `skill_labels.txt` and `skill_label_offsets.bin`: each concept's label keys, one per line,
//!   concept `i` spanning `offsets[i]..offsets[i + 1]`;
//! - `skill_stems.fst`: an `fst` map from each stem to the number of concepts whose labels use it.
//!
//! It also compiles the lists of common passwords (data/passwords/) into `common_passwords.fst`
//! (build/common_passwords.rs).
//!
//! The data is public and versioned with the code; compiling it here keeps the run free of
//! downloads and the table in the form the score reads, with no parsing at start-up.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::{BufWriter, Read, Write};
use std::path::Path;

#[path = "src/vocabulary/key.rs"]
#[allow(dead_code)]
mod key;

#[path = "build/common_passwords.rs"]
mod common_passwords;

fn main() {
    for input in [
        "data/esco/skills.tsv.gz",
        "data/skill-synonyms.txt",
        "src/vocabulary/key.rs",
    ] {
        println!("cargo::rerun-if-changed={input}");
    }
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let mut keyer = key::Keyer::default();
    let mut vocabulary = Vocabulary::default();

    let mut esco = String::new();
    flate2::read::GzDecoder::new(fs::File::open("data/esco/skills.tsv.gz").expect("ESCO extract"))
        .read_to_string(&mut esco)
        .expect("ESCO extract is gzip of UTF-8");
    for line in esco.lines() {
        let labels = line.splitn(3, '\t').nth(2).expect("id, kind, labels");
        let concept = vocabulary.new_concept();
        for label in labels.split('|') {
            vocabulary.add_label(concept, &keyer.key(label), true);
        }
    }

    let synonyms = fs::read_to_string("data/skill-synonyms.txt").expect("hand synonyms");
    for line in synonyms.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some((showers, shown)) = line.split_once('>') {
            let target = keyer.key(shown);
            let concepts: Vec<u32> = if let Some(found) = vocabulary.concepts.get(&target) {
                found.iter().copied().collect()
            } else {
                let concept = vocabulary.new_concept();
                vocabulary.add_label(concept, &target, true);
                vec![concept]
            };
            for shower in showers.split(',') {
                let key = keyer.key(shower);
                for &concept in &concepts {
                    vocabulary.add_label(concept, &key, false);
                }
            }
        } else {
            let concept = vocabulary.new_concept();
            for label in line.split('|') {
                vocabulary.add_label(concept, &keyer.key(label), true);
            }
        }
    }
    vocabulary.write(Path::new(&out));
    common_passwords::compile(Path::new(&out));
}

#[derive(Default)]
struct Vocabulary {
    /// Each key that names concepts, and the concepts it names.
    concepts: BTreeMap<String, BTreeSet<u32>>,
    /// Each concept's label keys, those that show it one way included.
    labels: Vec<BTreeSet<String>>,
}

impl Vocabulary {
    fn new_concept(&mut self) -> u32 {
        self.labels.push(BTreeSet::new());
        u32::try_from(self.labels.len() - 1).expect("fewer than 2^32 concepts")
    }

    /// Adds a label's key to a concept; `names` when the key also names it (else it only
    /// shows it, as "Salesforce" shows CRM).
    fn add_label(&mut self, concept: u32, key: &str, names: bool) {
        if key.is_empty() {
            return;
        }
        if names {
            self.concepts
                .entry(key.to_string())
                .or_default()
                .insert(concept);
        }
        self.labels[concept as usize].insert(key.to_string());
    }

    fn write(&self, out: &Path) {
        let mut map = fst::MapBuilder::new(BufWriter::new(
            fs::File::create(out.join("skills.fst")).expect("write skills.fst"),
        ))
        .expect("fst builder");
        let mut postings = Vec::new();
        for (key, concepts) in &self.concepts {
            let offset = (postings.len() / 4) as u64;
            let count = concepts.len() as u64;
            assert!(count < 1 << 16, "{key}: too many concepts");
            for concept in concepts {
                postings.extend_from_slice(&concept.to_le_bytes());
            }
            map.insert(key, offset << 16 | count)
                .expect("keys in order");
        }
        map.finish().expect("finish skills.fst");
        fs::write(out.join("skill_concepts.bin"), postings).expect("write skill_concepts.bin");

        let mut labels = BufWriter::new(
            fs::File::create(out.join("skill_labels.txt")).expect("write skill_labels.txt"),
        );
        let mut offsets = Vec::with_capacity(4 * (self.labels.len() + 1));
        let mut at = 0u32;
        for keys in &self.labels {
            offsets.extend_from_slice(&at.to_le_bytes());
            for key in keys {
                labels.write_all(key.as_bytes()).expect("write label");
                labels.write_all(b"\n").expect("write label");
                at += u32::try_from(key.len() + 1).expect("labels under 4 GiB");
            }
        }
        offsets.extend_from_slice(&at.to_le_bytes());
        labels.flush().expect("write skill_labels.txt");
        fs::write(out.join("skill_label_offsets.bin"), offsets)
            .expect("write skill_label_offsets.bin");

        let mut frequency: BTreeMap<&str, u64> = BTreeMap::new();
        for keys in &self.labels {
            let stems: BTreeSet<&str> = keys.iter().flat_map(|k| k.split(' ')).collect();
            for stem in stems {
                *frequency.entry(stem).or_default() += 1;
            }
        }
        let mut stems = fst::MapBuilder::new(BufWriter::new(
            fs::File::create(out.join("skill_stems.fst")).expect("write skill_stems.fst"),
        ))
        .expect("fst builder");
        for (stem, count) in frequency {
            stems.insert(stem, count).expect("stems in order");
        }
        stems.finish().expect("finish skill_stems.fst");
    }
}

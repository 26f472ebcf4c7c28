//! Compiles the lists of common passwords (data/passwords/, whose README names their sources)
//! into `common_passwords.fst`: an `fst` set of every listed password, lower-cased, that is long
//! enough to be a new password at all (a shorter one is refused for its length first).

use std::collections::BTreeSet;
use std::fs;
use std::io::{BufWriter, Read};
use std::path::Path;

const ZXCVBN: &str = "data/passwords/zxcvbn-ts-passwords.json.gz";
const DJANGO: &str = "data/passwords/django-common-passwords.txt.gz";
/// Core's `validate::PASSWORD_MIN_CHARS`; its tests check that the two agree.
const SHORTEST: usize = 8;

fn gunzip(path: &str) -> String {
    let mut text = String::new();
    flate2::read::GzDecoder::new(fs::File::open(path).expect(path))
        .read_to_string(&mut text)
        .expect("gzip of UTF-8");
    text
}

/// Writes `common_passwords.fst` into `out`.
pub fn compile(out: &Path) {
    for input in [ZXCVBN, DJANGO, "build/common_passwords.rs"] {
        println!("cargo::rerun-if-changed={input}");
    }
    let zxcvbn: Vec<String> =
        serde_json::from_str(&gunzip(ZXCVBN)).expect("zxcvbn-ts's list is a JSON array of strings");
    let django = gunzip(DJANGO);
    let passwords: BTreeSet<String> = zxcvbn
        .iter()
        .map(String::as_str)
        .chain(django.lines().map(str::trim))
        .map(str::to_lowercase)
        .filter(|p| p.chars().count() >= SHORTEST)
        .collect();
    let mut set = fst::SetBuilder::new(BufWriter::new(
        fs::File::create(out.join("common_passwords.fst")).expect("write common_passwords.fst"),
    ))
    .expect("fst builder");
    set.extend_iter(&passwords).expect("passwords in order");
    set.finish().expect("finish common_passwords.fst");
}

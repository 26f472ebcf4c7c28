//! Limits on what a job posting may hold, the same for the post form, the
//! API and the bulk import: lengths a listing can show, list sizes, a sane salary, a
//! posting date no later than tomorrow (a later one would sit first in every feed), and
//! no characters that spoof text. Every candidate is shown what a posting holds, so
//! the limits are refusals, never silent cuts.

/// Longest job title, in characters.
pub const JOB_TITLE_MAX_CHARS: usize = 150;
/// Longest company name, in characters.
pub const COMPANY_NAME_MAX_CHARS: usize = 100;
/// Longest location, in characters.
pub const LOCATION_MAX_CHARS: usize = 150;
/// Longest job description, in characters.
pub const DESCRIPTION_MAX_CHARS: usize = 20_000;
/// Most entries of a list (requirements, skills, benefits, degrees).
pub const LIST_MAX_ENTRIES: usize = 50;
/// Longest entry of a list, in characters.
pub const LIST_ENTRY_MAX_CHARS: usize = 200;
/// Highest salary accepted, in the posting's currency a year: above any real pay, below
/// what breaks sorting and display.
pub const SALARY_MAX: f64 = 100_000_000.0;
/// How far ahead of now a posting may be dated: a day, for time zones.
pub const POSTED_AHEAD_MAX_MS: i64 = 86_400_000;

pub const MSG_TITLE_TOO_LONG: &str = "Job title must be at most 150 characters";
pub const MSG_COMPANY_TOO_LONG: &str = "Company name must be at most 100 characters";
pub const MSG_LOCATION_TOO_LONG: &str = "Location must be at most 150 characters";
pub const MSG_DESCRIPTION_TOO_LONG: &str = "Job description must be at most 20,000 characters";
pub const MSG_LIST_TOO_LONG: &str = "A list can have at most 50 entries";
pub const MSG_ENTRY_TOO_LONG: &str = "Each entry can be at most 200 characters";
pub const MSG_SALARY_TOO_HIGH: &str = "Salary must be at most 100,000,000";
pub const MSG_POSTED_IN_FUTURE: &str = "The posted date cannot be later than tomorrow";
pub const MSG_HIDDEN_CHARACTERS: &str =
    "Remove the hidden control or text-direction characters from this field";

/// Whether `text` has more than `max` characters (counting only when its bytes could).
#[must_use]
pub fn too_long(text: &str, max: usize) -> bool {
    text.len() > max && text.chars().count() > max
}

/// Whether `text` holds a character that hides or reorders text: NUL and other control
/// characters (tabs and line ends aside), and the bidirectional embeddings, overrides
/// and isolates, which make "gpj.exe" show as "exe.jpg" in a dashboard or an export.
///
/// Read in UTF-8 bytes, as it runs over every cell of a bulk import: the C0 controls and DEL are
/// single bytes, the C1 controls (U+0080–U+009F) are `C2 80`–`C2 9F`, and the direction marks
/// start with `E2`; only those two lead bytes are looked at further.
#[must_use]
pub fn has_hidden_characters(text: &str) -> bool {
    let bytes = text.as_bytes();
    let control = |b: u8| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) || b == 0x7F;
    if bytes.iter().fold(false, |found, &b| found | control(b)) {
        return true;
    }
    hiding_characters(bytes).next().is_some()
}

/// Where the C1 controls and direction marks of UTF-8 text start, in bytes. Control characters
/// below U+0080 are not looked for: they are single bytes, found faster by a byte scan.
pub fn hiding_characters(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    memchr::memchr2_iter(0xC2, 0xE2, bytes).filter(|&at| hides_at(bytes, at))
}

/// Whether a C1 control or a direction mark starts at `bytes[at]` (a `C2` or `E2` byte).
#[must_use]
pub fn hides_at(bytes: &[u8], at: usize) -> bool {
    matches!(
        (bytes[at], bytes.get(at + 1), bytes.get(at + 2)),
        (0xC2, Some(0x80..=0x9F), _)
            | (0xE2, Some(0x80), Some(0xAA..=0xAE))
            | (0xE2, Some(0x81), Some(0xA6..=0xA9))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_count_characters_not_bytes() {
        assert!(!too_long(&"é".repeat(150), JOB_TITLE_MAX_CHARS));
        assert!(too_long(&"é".repeat(151), JOB_TITLE_MAX_CHARS));
        assert!(!too_long("", 0));
    }

    #[test]
    fn nul_and_direction_overrides_are_hidden_characters() {
        assert!(has_hidden_characters("Acme\0"));
        assert!(has_hidden_characters("invoice\u{202E}gpj.exe"));
        assert!(has_hidden_characters("a\u{2067}b"));
        assert!(!has_hidden_characters("Line one\n\tLine two\r\n"));
        assert!(!has_hidden_characters("مطور برمجيات – Zürich"));
    }

    proptest::proptest! {
        #[test]
        fn hidden_characters_are_the_controls_and_direction_marks(text in "\\PC*|[\\x00-\\x{A0}\\x{2000}-\\x{2070}]{0,12}") {
            let by_chars = text.chars().any(|c| {
                (c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
                    || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
            });
            proptest::prop_assert_eq!(has_hidden_characters(&text), by_chars);
        }
    }
}

//! "Download my data": what the archive is called, how its files are named inside it,
//! how long it is offered and how its progress counts. The server builds the archive and says
//! these; the settings page shows them.

use crate::job_listing::iso_datetime;

/// The version of the archive's JSON document (`docs/data-export.md`); raised when a field
/// changes meaning or goes, not when one is added.
pub const SCHEMA_VERSION: u32 = 1;

/// The JSON document's name inside the archive.
pub const DATA_FILE: &str = "jobtap-data.json";

/// The folder of the user's own files inside the archive.
pub const FILES_FOLDER: &str = "files";

/// How long a prepared archive is offered for download: a day.
pub const AVAILABLE_FOR_MS: i64 = 24 * 60 * 60 * 1000;

/// How many archives a user may ask for in [`ASK_WINDOW_MS`]: each reads all their files.
pub const ASKS_PER_WINDOW: i64 = 5;
/// The window of [`ASKS_PER_WINDOW`]: an hour.
pub const ASK_WINDOW_MS: i64 = 60 * 60 * 1000;

/// A preparation with no progress for this long is taken as lost (its server stopped); asking
/// again starts a new one.
pub const STALLED_AFTER_MS: i64 = 2 * 60 * 1000;

/// The archive's download name, by the day it was prepared (UTC): `jobtap-data-2026-11-28.zip`.
pub fn archive_name(prepared_at_ms: i64) -> String {
    format!("jobtap-data-{}.zip", &iso_datetime(prepared_at_ms)[..10])
}

/// The name of file `index` (from 1) inside the archive: `files/03-Resume.pdf`. The user's
/// name for it is kept as far as it is safe in every unzip tool: no folders, no dots leading,
/// no control characters, at most 100 characters; the index keeps two files of one name apart.
pub fn file_entry_name(index: usize, original: &str) -> String {
    let cleaned: String = original
        .chars()
        .map(|c| match c {
            '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|' => '_',
            c if c.is_control() => '_',
            c => c,
        })
        .collect();
    let trimmed = cleaned.trim().trim_start_matches('.');
    let mut name: String = trimmed.chars().take(100).collect();
    if name.is_empty() {
        name.push_str("file");
    }
    format!("{FILES_FOLDER}/{index:02}-{name}")
}

/// The progress bar's value, 0–100: `done` of `total` steps (the JSON document and each file).
pub fn percent(done: u64, total: u64) -> u8 {
    if total == 0 {
        return 0;
    }
    let value = done.min(total) * 100 / total;
    u8::try_from(value).unwrap_or(100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_archive_is_named_by_its_day() {
        // 2026-11-28 09:30 UTC.
        assert_eq!(
            archive_name(1_795_858_200_000),
            "jobtap-data-2026-11-28.zip"
        );
    }

    #[test]
    fn file_names_are_safe_in_any_unzip_tool_and_kept_apart() {
        assert_eq!(file_entry_name(1, "Resume.pdf"), "files/01-Resume.pdf");
        assert_eq!(
            file_entry_name(2, "../../etc/passwd"),
            "files/02-_.._etc_passwd"
        );
        assert_eq!(file_entry_name(3, "..hidden"), "files/03-hidden");
        assert_eq!(file_entry_name(4, "a\u{0}b\nc.txt"), "files/04-a_b_c.txt");
        assert_eq!(file_entry_name(5, "  "), "files/05-file");
        assert_eq!(
            file_entry_name(12, "Lebenslauf Müller.docx"),
            "files/12-Lebenslauf Müller.docx"
        );
        let long = "x".repeat(300);
        assert_eq!(
            file_entry_name(6, &long).chars().count(),
            "files/06-".len() + 100
        );
    }

    #[test]
    fn progress_is_a_percentage_that_ends_at_100() {
        assert_eq!(percent(0, 0), 0);
        assert_eq!(percent(0, 4), 0);
        assert_eq!(percent(1, 3), 33);
        assert_eq!(percent(3, 3), 100);
        assert_eq!(percent(5, 3), 100);
    }
}

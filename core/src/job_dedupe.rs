//! Which postings are the same job: an employer who posts a job twice, or
//! imports the same CSV row again, shows candidates one card, not two.
//!
//! Two postings are the same when their company, title and location are equal and their
//! descriptions are near-identical: equal once case, punctuation, white space and the
//! order-free noise of formatting (bullets, markdown marks) are ignored. The key is a
//! stable hash of that normal form, stored with each job, so the feed can leave out all
//! but the newest of a group in the database query itself.

/// A key's length: 16 hexadecimal digits.
pub const KEY_LEN: usize = 16;

/// Why a list of keys sent to ask which rows are already posted is refused.
pub const MSG_KEYS: &str =
    "keys lists the rows' 16-digit keys, at most one per row an import takes";

/// Whether `key` has the shape of a [`duplicate_key`].
pub fn is_key(key: &str) -> bool {
    key.len() == KEY_LEN
        && key
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}

/// The key of a posting: equal for postings that are the same job. 16 hex digits.
pub fn duplicate_key(company: &str, title: &str, location: &str, description: &str) -> String {
    let mut hash = FNV_OFFSET;
    for part in [company, title, location, description] {
        for word in words(part) {
            hash = fnv(hash, word.as_bytes());
            hash = fnv(hash, b" ");
        }
        // A field boundary, so "A B" + "C" differs from "A" + "B C".
        hash = fnv(hash, b"\x1f");
    }
    format!("{hash:016x}")
}

/// The key of a job as the CSV import reads it: the same as its posting's.
pub fn imported_key(job: &crate::csv_import::ImportedJob) -> String {
    duplicate_key(
        &job.company_name,
        &job.job_title,
        &job.location,
        &job.job_description,
    )
}

/// What the import's answer adds for rows skipped because the employer already has them live.
pub fn skipped_text(count: usize) -> String {
    format!("{count} already posted: skipped")
}

/// The import's answer when every valid row was already posted.
pub fn nothing_new_text(count: usize) -> String {
    format!("No new jobs: {}", skipped_text(count))
}

/// Why a job posted by hand waits for a second "Post again".
pub const MSG_ALREADY_LIVE: &str =
    "You already have this job live, with the same title, place and description. Post it again?";

/// The row numbers of a "post again" list as the import form sends them ("4, 9"): `None` for
/// anything but whole numbers.
pub fn parse_row_numbers(text: &str) -> Option<Vec<usize>> {
    text.split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(|part| part.parse().ok())
        .collect()
}

/// Of the rows with these keys, in file order, the row numbers to skip: each row whose key one
/// of the employer's `live` jobs already has, unless its number is in `post_again`.
pub fn already_posted<'a, S: std::hash::BuildHasher>(
    rows: impl IntoIterator<Item = (usize, &'a str)>,
    live: &std::collections::HashSet<String, S>,
    post_again: &[usize],
) -> Vec<usize> {
    rows.into_iter()
        .filter(|(row, key)| live.contains(*key) && !post_again.contains(row))
        .map(|(row, _)| row)
        .collect()
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a: stable across builds and platforms, unlike the standard library's hasher.
fn fnv(hash: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(hash, |h, &b| (h ^ u64::from(b)).wrapping_mul(FNV_PRIME))
}

/// The words of `text`, lower-case, with everything but letters and digits as separators.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DESCRIPTION: &str =
        "We are hiring a nurse for the children's ward.\n\n- Night shifts\n- Medical aid";

    fn key(company: &str, title: &str, location: &str, description: &str) -> String {
        duplicate_key(company, title, location, description)
    }

    #[test]
    fn a_repost_with_other_spacing_case_and_bullets_is_the_same_job() {
        let first = key(
            "Parirenyatwa Hospital",
            "Staff Nurse",
            "Harare",
            DESCRIPTION,
        );
        let again = key(
            "  PARIRENYATWA hospital ",
            "Staff nurse",
            "harare",
            "We are hiring a nurse for the children’s ward. * Night shifts * Medical aid!",
        );
        assert_eq!(first, again);
        assert_eq!(first.len(), 16);
    }

    #[test]
    fn rows_live_already_are_skipped_unless_posted_again() {
        let live: std::collections::HashSet<String> = ["k1".to_string(), "k2".to_string()].into();
        let rows = [(2, "k1"), (3, "new"), (4, "k2"), (5, "k1")];
        assert_eq!(already_posted(rows, &live, &[]), [2, 4, 5]);
        assert_eq!(already_posted(rows, &live, &[4]), [2, 5]);
        assert_eq!(parse_row_numbers(" 4, 9 ,"), Some(vec![4, 9]));
        assert_eq!(parse_row_numbers(""), Some(vec![]));
        assert_eq!(parse_row_numbers("4; 9"), None);
        assert_eq!(skipped_text(3), "3 already posted: skipped");
        assert_eq!(
            nothing_new_text(2),
            "No new jobs: 2 already posted: skipped"
        );
    }

    #[test]
    fn another_company_title_place_or_description_is_another_job() {
        let first = key(
            "Parirenyatwa Hospital",
            "Staff Nurse",
            "Harare",
            DESCRIPTION,
        );
        for other in [
            key("Mpilo Hospital", "Staff Nurse", "Harare", DESCRIPTION),
            key(
                "Parirenyatwa Hospital",
                "Senior Staff Nurse",
                "Harare",
                DESCRIPTION,
            ),
            key(
                "Parirenyatwa Hospital",
                "Staff Nurse",
                "Bulawayo",
                DESCRIPTION,
            ),
            key(
                "Parirenyatwa Hospital",
                "Staff Nurse",
                "Harare",
                "Day shifts on the maternity ward.",
            ),
        ] {
            assert_ne!(first, other);
        }
        // Words do not move between fields unnoticed.
        assert_ne!(
            key("Acme Data", "Analyst", "", ""),
            key("Acme", "Data Analyst", "", "")
        );
    }
}

//! Which postings are the same job: an employer who posts a job twice, or
//! imports the same CSV row again, shows candidates one card, not two.
//!
//! Two postings are the same when their company, title and location are equal and their
//! descriptions are near-identical: equal once case, punctuation, white space and the
//! order-free noise of formatting (bullets, markdown marks) are ignored. The key is a
//! stable hash of that normal form, stored with each job, so the feed can leave out all
//! but the newest of a group in the database query itself.

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

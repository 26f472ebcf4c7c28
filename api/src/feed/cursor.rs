//! The feed's paging cursor: an opaque string naming the last job of a page by
//! its sort key `(posted_at, id)`, so the next page starts strictly after it.
//!
//! A position (not an offset) keeps pages free of duplicates and gaps while
//! jobs are added or removed between requests.

use crate::error::error_responses;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

error_responses! {
    /// The 400 of a paged list's query.
    pub BadPage {
        400 => "The cursor or a query value is invalid",
    }
}

/// Encodes the position after the job posted at `posted_at` with id `id`.
pub fn encode(posted_at: i64, id: &str) -> String {
    URL_SAFE_NO_PAD.encode(format!("{posted_at}:{id}"))
}

/// The position a cursor names, or `None` when it was not made by [`encode`].
pub fn decode(cursor: &str) -> Option<(i64, String)> {
    let bytes = URL_SAFE_NO_PAD.decode(cursor.trim()).ok()?;
    let text = String::from_utf8(bytes).ok()?;
    let (posted_at, id) = text.split_once(':')?;
    let posted_at = posted_at.parse().ok()?;
    (!id.is_empty()).then(|| (posted_at, id.to_string()))
}

#[cfg(test)]
mod tests {
    use super::{decode, encode};

    #[test]
    fn round_trips_ids_with_colons_and_negative_times() {
        for (at, id) in [(1_700_000_000_000, "b2f1-x"), (-5, "mock:a:b"), (0, "é")] {
            assert_eq!(decode(&encode(at, id)), Some((at, id.to_string())));
        }
    }

    #[test]
    fn rejects_anything_else() {
        for bad in ["", "!!!", "bm9jb2xvbg", &encode(1, "")] {
            assert_eq!(decode(bad), None, "{bad}");
        }
    }
}

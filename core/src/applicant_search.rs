//! Searching an employer's own applicants: what a search may ask and how its words are
//! matched (the server runs it over the applications to the employer's jobs only).

/// The longest search text, in characters.
pub const QUERY_MAX_CHARS: usize = 100;

/// Candidates per page when the client names no limit; the most one page holds.
pub const DEFAULT_LIMIT: i64 = 20;
pub const MAX_LIMIT: i64 = 50;

pub const MSG_QUERY_TOO_LONG: &str = "A search can be at most 100 characters";
pub const MSG_SCORE_RANGE: &str = "Scores go from 0 to 100, the lowest first";
pub const MSG_SORT: &str = "Sort by score or by date";

/// The order of the results: each candidate by their best application's score, or by their
/// latest application.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortBy {
    #[default]
    Score,
    Date,
}

impl SortBy {
    /// The order named `value` (`score`, `date`; none is by score).
    ///
    /// # Errors
    /// [`MSG_SORT`] for anything else.
    pub fn parse(value: Option<&str>) -> Result<Self, &'static str> {
        match value.map(str::trim) {
            None | Some("" | "score") => Ok(Self::Score),
            Some("date") => Ok(Self::Date),
            Some(_) => Err(MSG_SORT),
        }
    }
}

/// The SQL `LIKE` pattern (with `\` as its escape) that finds `text` anywhere in a lowercased
/// column: `None` for a blank search. Letters are lowercased as SQLite's `LOWER` does (ASCII),
/// and `%`, `_` and `\` in the text match themselves.
///
/// # Errors
/// [`MSG_QUERY_TOO_LONG`].
pub fn like_pattern(text: &str) -> Result<Option<String>, &'static str> {
    let text = text.trim();
    if text.chars().count() > QUERY_MAX_CHARS {
        return Err(MSG_QUERY_TOO_LONG);
    }
    if text.is_empty() {
        return Ok(None);
    }
    let mut pattern = String::with_capacity(text.len() + 2);
    pattern.push('%');
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c.to_ascii_lowercase());
    }
    pattern.push('%');
    Ok(Some(pattern))
}

/// The score range asked for, as percentages: 0–100 when left open.
///
/// # Errors
/// [`MSG_SCORE_RANGE`] outside 0–100, not a number, or the lowest above the highest.
pub fn score_range(min: Option<f64>, max: Option<f64>) -> Result<(f64, f64), &'static str> {
    let (min, max) = (min.unwrap_or(0.0), max.unwrap_or(100.0));
    let inside = |v: f64| (0.0..=100.0).contains(&v);
    if inside(min) && inside(max) && min <= max {
        Ok((min, max))
    } else {
        Err(MSG_SCORE_RANGE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_matches_its_words_literally_anywhere() {
        assert_eq!(like_pattern("  SQL "), Ok(Some("%sql%".into())));
        assert_eq!(
            like_pattern("100%_a\\b"),
            Ok(Some("%100\\%\\_a\\\\b%".into()))
        );
        assert_eq!(like_pattern(" \t"), Ok(None));
        assert_eq!(
            like_pattern(&"é".repeat(QUERY_MAX_CHARS)).map(|p| p.map(|p| p.chars().count())),
            Ok(Some(QUERY_MAX_CHARS + 2))
        );
        assert_eq!(
            like_pattern(&"a".repeat(QUERY_MAX_CHARS + 1)),
            Err(MSG_QUERY_TOO_LONG)
        );
    }

    #[test]
    fn scores_and_sorting_are_checked() {
        assert_eq!(score_range(None, None), Ok((0.0, 100.0)));
        assert_eq!(score_range(Some(60.0), None), Ok((60.0, 100.0)));
        assert_eq!(score_range(Some(80.0), Some(60.0)), Err(MSG_SCORE_RANGE));
        assert_eq!(score_range(Some(-1.0), None), Err(MSG_SCORE_RANGE));
        assert_eq!(score_range(Some(f64::NAN), None), Err(MSG_SCORE_RANGE));
        assert_eq!(SortBy::parse(None), Ok(SortBy::Score));
        assert_eq!(SortBy::parse(Some("date")), Ok(SortBy::Date));
        assert_eq!(SortBy::parse(Some("name")), Err(MSG_SORT));
    }
}

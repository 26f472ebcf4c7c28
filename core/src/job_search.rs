//! Searching the feed: the candidate's search words and filters (place, remote, minimum
//! salary, job type, how recently posted, "fits my profile"), their limits and messages, and
//! the rules the server's queries apply.
//!
//! ## Search words
//! The words are matched by the database's own full-text engine (SQLite FTS5 with the porter
//! stemmer, PostgreSQL's `english` text search), so "nurse" finds "Nursing Sister". What a
//! person types is first cut into [`search_terms`]: runs of letters and digits, lower-cased,
//! without the English words PostgreSQL does not index ([`STOP_WORDS`]). No term holds a
//! quote, `*`, `-` or any other character either engine reads as an operator, so `C++`,
//! `"`, `NEAR` or `-` never make a query fail, and both engines get the same words to match
//! (every term must occur).

use crate::format::format_dollars;
use crate::job_type::{self, JobType};

/// The most characters of search words.
pub const KEYWORDS_MAX_CHARS: usize = 100;
/// The most characters of a place.
pub const PLACE_MAX_CHARS: usize = 100;
/// The most search terms used; later ones are dropped.
pub const MAX_TERMS: usize = 10;
/// The "posted within" choices, in days.
pub const POSTED_WITHIN_DAYS: [i64; 5] = [1, 3, 7, 14, 30];
/// The place that means "remote jobs" rather than a town.
pub const REMOTE_PLACE: &str = "Remote";

/// Too many characters of search words.
pub const MSG_KEYWORDS_TOO_LONG: &str = "Search words must be at most 100 characters";
/// Too many characters of place.
pub const MSG_PLACE_TOO_LONG: &str = "Place must be at most 100 characters";
/// A minimum salary that is no number of zero or more.
pub const MSG_MIN_SALARY: &str = "Minimum salary must be a number of 0 or more";
/// A "posted within" that is none of [`POSTED_WITHIN_DAYS`].
pub const MSG_POSTED_WITHIN: &str = "Posted within must be 1, 3, 7, 14 or 30 days";
/// A job type that is none of the list.
pub const MSG_JOB_TYPE: &str = job_type::MSG_UNKNOWN;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// The English words PostgreSQL's `english` configuration leaves out of its index
/// (`tsearch_data/english.stop`): dropped from the terms on both engines, so that "nurse in
/// Harare" asks SQLite for no "in" that PostgreSQL would ignore.
pub const STOP_WORDS: [&str; 127] = [
    "i",
    "me",
    "my",
    "myself",
    "we",
    "our",
    "ours",
    "ourselves",
    "you",
    "your",
    "yours",
    "yourself",
    "yourselves",
    "he",
    "him",
    "his",
    "himself",
    "she",
    "her",
    "hers",
    "herself",
    "it",
    "its",
    "itself",
    "they",
    "them",
    "their",
    "theirs",
    "themselves",
    "what",
    "which",
    "who",
    "whom",
    "this",
    "that",
    "these",
    "those",
    "am",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "being",
    "have",
    "has",
    "had",
    "having",
    "do",
    "does",
    "did",
    "doing",
    "a",
    "an",
    "the",
    "and",
    "but",
    "if",
    "or",
    "because",
    "as",
    "until",
    "while",
    "of",
    "at",
    "by",
    "for",
    "with",
    "about",
    "against",
    "between",
    "into",
    "through",
    "during",
    "before",
    "after",
    "above",
    "below",
    "to",
    "from",
    "up",
    "down",
    "in",
    "out",
    "on",
    "off",
    "over",
    "under",
    "again",
    "further",
    "then",
    "once",
    "here",
    "there",
    "when",
    "where",
    "why",
    "how",
    "all",
    "any",
    "both",
    "each",
    "few",
    "more",
    "most",
    "other",
    "some",
    "such",
    "no",
    "nor",
    "not",
    "only",
    "own",
    "same",
    "so",
    "than",
    "too",
    "very",
    "s",
    "t",
    "can",
    "will",
    "just",
    "don",
    "should",
    "now",
];

/// The words to search for in `text`: runs of letters and digits, lower-cased, stop words and
/// repeats dropped, at most [`MAX_TERMS`].
#[must_use]
pub fn search_terms(text: &str) -> Vec<String> {
    let mut terms: Vec<String> = Vec::new();
    for word in text.split(|c: char| !c.is_alphanumeric()) {
        let word = word.to_lowercase();
        if word.is_empty() || STOP_WORDS.contains(&word.as_str()) || terms.contains(&word) {
            continue;
        }
        terms.push(word);
        if terms.len() == MAX_TERMS {
            break;
        }
    }
    terms
}

/// The terms as an FTS5 query: each quoted (a phrase of one word, so no operator), all required.
#[must_use]
pub fn fts5_query(terms: &[String]) -> String {
    terms
        .iter()
        .map(|t| format!("\"{}\"", t.replace('"', "")))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether a job is remote: its type is Remote, or its location says "remote".
#[must_use]
pub fn is_remote(job_type: &str, location: &str) -> bool {
    JobType::from_label(job_type) == Some(JobType::Remote)
        || location.to_lowercase().contains("remote")
}

/// Whether a salary range offers at least `wanted`: its top (the minimum when no maximum is
/// given) reaches it. A job without a salary offers nothing to compare, so it does not.
#[must_use]
pub fn offers_at_least(salary_min: Option<f64>, salary_max: Option<f64>, wanted: f64) -> bool {
    salary_max.or(salary_min).is_some_and(|top| top >= wanted)
}

/// A `LIKE` pattern (escape `\`) for locations containing `place`, lower-cased.
#[must_use]
pub fn place_pattern(place: &str) -> String {
    let mut pattern = String::from("%");
    for c in place.trim().to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// The search as typed (query parameters), before it is checked.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SearchInput {
    pub q: Option<String>,
    pub place: Option<String>,
    pub remote: bool,
    pub min_salary: Option<f64>,
    pub job_type: Option<String>,
    pub posted_within_days: Option<i64>,
    pub fits: bool,
}

impl SearchInput {
    /// The search from query parameters (`q`, `place`, `remote`, `min_salary`, `job_type`,
    /// `posted_within_days`, `fits`; others are ignored), as a saved search keeps them.
    /// A number that does not read as one gets its filter's message.
    pub fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, SearchError> {
        let mut input = Self::default();
        for (name, value) in pairs {
            let value = value.trim();
            match name {
                "q" => input.q = Some(value.to_string()),
                "place" => input.place = Some(value.to_string()),
                "remote" => input.remote = value == "true",
                "min_salary" if !value.is_empty() => {
                    input.min_salary = Some(value.parse().map_err(|_| SearchError::MinSalary)?);
                }
                "job_type" => input.job_type = Some(value.to_string()),
                "posted_within_days" if !value.is_empty() => {
                    input.posted_within_days =
                        Some(value.parse().map_err(|_| SearchError::PostedWithin)?);
                }
                "fits" => input.fits = value == "true",
                _ => {}
            }
        }
        Ok(input)
    }
}

/// A checked search. The default searches nothing: every live job.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Search {
    /// The search words as typed (trimmed): what a saved search shows and sends again.
    pub words: String,
    /// Every term must occur in the title, company, description or skills.
    pub terms: Vec<String>,
    /// A town or area the location must contain (not "Remote": see `remote`).
    pub place: Option<String>,
    /// Only remote jobs ([`is_remote`]).
    pub remote: bool,
    /// Only jobs that [`offers_at_least`] this.
    pub min_salary: Option<f64>,
    pub job_type: Option<JobType>,
    /// Only jobs posted within this many days.
    pub posted_within_days: Option<i64>,
    /// Only jobs whose fit score for the reader meets the job's threshold (as for applying).
    pub fits: bool,
}

/// A search the server refuses, with its message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    #[error("{MSG_KEYWORDS_TOO_LONG}")]
    KeywordsTooLong,
    #[error("{MSG_PLACE_TOO_LONG}")]
    PlaceTooLong,
    #[error("{MSG_MIN_SALARY}")]
    MinSalary,
    #[error("{MSG_JOB_TYPE}")]
    JobType,
    #[error("{MSG_POSTED_WITHIN}")]
    PostedWithin,
}

impl Search {
    /// Checks `input`: blank values are no filter; a place of "remote" is the remote filter.
    pub fn parse(input: &SearchInput) -> Result<Self, SearchError> {
        let q = input.q.as_deref().map(str::trim).unwrap_or_default();
        if q.chars().count() > KEYWORDS_MAX_CHARS {
            return Err(SearchError::KeywordsTooLong);
        }
        let place = input.place.as_deref().map(str::trim).unwrap_or_default();
        if place.chars().count() > PLACE_MAX_CHARS {
            return Err(SearchError::PlaceTooLong);
        }
        let place_is_remote = place.eq_ignore_ascii_case(REMOTE_PLACE);
        if input.min_salary.is_some_and(|s| !s.is_finite() || s < 0.0) {
            return Err(SearchError::MinSalary);
        }
        let job_type = match input.job_type.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(text) => Some(JobType::parse(text).ok_or(SearchError::JobType)?),
        };
        if input
            .posted_within_days
            .is_some_and(|d| !POSTED_WITHIN_DAYS.contains(&d))
        {
            return Err(SearchError::PostedWithin);
        }
        Ok(Self {
            words: q.to_string(),
            terms: search_terms(q),
            place: Some(place.to_string()).filter(|p| !p.is_empty() && !place_is_remote),
            remote: input.remote || place_is_remote,
            min_salary: input.min_salary.filter(|s| *s > 0.0),
            job_type,
            posted_within_days: input.posted_within_days,
            fits: input.fits,
        })
    }

    /// Whether this narrows the feed at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// The search as query parameters in a fixed order, blank filters left out: the feed's
    /// address for it, and how a job alert keeps it. Parsing them gives this search again.
    #[must_use]
    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if !self.terms.is_empty() {
            pairs.push(("q", self.words.clone()));
        }
        if let Some(place) = &self.place {
            pairs.push(("place", place.clone()));
        }
        if self.remote {
            pairs.push(("remote", "true".to_string()));
        }
        if let Some(salary) = self.min_salary {
            pairs.push(("min_salary", salary.to_string()));
        }
        if let Some(job_type) = self.job_type {
            pairs.push(("job_type", job_type.label().to_string()));
        }
        if let Some(days) = self.posted_within_days {
            pairs.push(("posted_within_days", days.to_string()));
        }
        if self.fits {
            pairs.push(("fits", "true".to_string()));
        }
        pairs
    }

    /// The search in words, for the job alert made from it: "“pharmacist”, in Bulawayo,
    /// paying $1,000 or more, Full-time". Empty when it searches nothing.
    #[must_use]
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        if !self.terms.is_empty() {
            parts.push(format!("“{}”", self.words));
        }
        if let Some(place) = &self.place {
            parts.push(format!("in {place}"));
        }
        if self.remote {
            parts.push("remote".to_string());
        }
        if let Some(salary) = self.min_salary {
            parts.push(format!("paying {} or more", format_dollars(salary)));
        }
        if let Some(job_type) = self.job_type {
            parts.push(job_type.label().to_string());
        }
        if let Some(days) = self.posted_within_days {
            parts.push(if days == 1 {
                "posted in the last 24 hours".to_string()
            } else {
                format!("posted in the last {days} days")
            });
        }
        if self.fits {
            parts.push("that fit your profile".to_string());
        }
        parts.join(", ")
    }

    /// The earliest posting time shown at `now` (epoch ms), when limited.
    #[must_use]
    pub fn posted_since(&self, now: i64) -> Option<i64> {
        self.posted_within_days.map(|days| now - days * DAY_MS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_are_words_without_operators_stop_words_or_repeats() {
        assert_eq!(
            search_terms("  Nurse in HARARE, nurse! "),
            ["nurse", "harare"]
        );
        assert_eq!(search_terms("C++ developer"), ["c", "developer"]);
        assert_eq!(search_terms("\"* - NEAR( AND OR NOT ^ :"), ["near"]);
        assert_eq!(
            search_terms("full-time pharmacist's"),
            ["full", "time", "pharmacist"]
        );
        assert!(search_terms("the of and").is_empty());
        assert!(search_terms("\"\"\"").is_empty());
        assert_eq!(
            search_terms("Médecin Gesundheitsförderung"),
            ["médecin", "gesundheitsförderung"]
        );
        let many = (1..=20)
            .map(|n| format!("w{n}"))
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(search_terms(&many).len(), MAX_TERMS);
    }

    #[test]
    fn the_fts5_query_quotes_every_term() {
        let terms = search_terms("near nurse");
        assert_eq!(fts5_query(&terms), "\"near\" \"nurse\"");
        assert_eq!(fts5_query(&[]), "");
    }

    #[test]
    fn remote_is_the_type_or_the_location() {
        assert!(is_remote("Remote", "Harare"));
        assert!(is_remote("Full-time", "Remote (Zimbabwe)"));
        assert!(is_remote("Contract", "Harare or remotely"));
        assert!(!is_remote("Full-time", "Bulawayo"));
    }

    #[test]
    fn a_salary_is_compared_by_the_top_of_its_range() {
        assert!(offers_at_least(Some(1500.0), Some(2000.0), 1000.0));
        assert!(offers_at_least(Some(300.0), Some(1000.0), 1000.0));
        assert!(offers_at_least(Some(1200.0), None, 1000.0));
        assert!(!offers_at_least(Some(300.0), Some(400.0), 1000.0));
        assert!(!offers_at_least(None, None, 1.0));
    }

    #[test]
    fn place_patterns_escape_like_wildcards() {
        assert_eq!(place_pattern(" Bulawayo "), "%bulawayo%");
        assert_eq!(place_pattern("50%_off\\"), "%50\\%\\_off\\\\%");
    }

    #[test]
    fn blank_values_are_no_filter_and_remote_is_a_place() {
        let blank = Search::parse(&SearchInput {
            q: Some("   ".into()),
            place: Some(" ".into()),
            job_type: Some(String::new()),
            min_salary: Some(0.0),
            ..SearchInput::default()
        })
        .unwrap();
        assert!(blank.is_empty());
        let remote = Search::parse(&SearchInput {
            place: Some(" remote ".into()),
            ..SearchInput::default()
        })
        .unwrap();
        assert!(remote.remote);
        assert_eq!(remote.place, None);
        let typed = Search::parse(&SearchInput {
            q: Some("Pharmacist".into()),
            place: Some("Bulawayo".into()),
            job_type: Some("full-time".into()),
            posted_within_days: Some(7),
            min_salary: Some(1000.0),
            fits: true,
            ..SearchInput::default()
        })
        .unwrap();
        assert_eq!(typed.terms, ["pharmacist"]);
        assert_eq!(typed.place.as_deref(), Some("Bulawayo"));
        assert_eq!(typed.job_type, Some(JobType::FullTime));
        assert_eq!(typed.posted_since(8 * DAY_MS), Some(DAY_MS));
        assert!(typed.fits && !typed.is_empty());
    }

    #[test]
    fn a_search_saved_as_query_pairs_reads_back_the_same_and_says_what_it_is() {
        let typed = Search::parse(&SearchInput {
            q: Some("  Pharmacist dispensing ".into()),
            place: Some("Bulawayo".into()),
            remote: true,
            min_salary: Some(1000.0),
            job_type: Some("full-time".into()),
            posted_within_days: Some(1),
            fits: true,
        })
        .unwrap();
        let pairs = typed.query_pairs();
        assert_eq!(
            pairs.iter().map(|(k, _)| *k).collect::<Vec<_>>(),
            [
                "q",
                "place",
                "remote",
                "min_salary",
                "job_type",
                "posted_within_days",
                "fits"
            ]
        );
        let again = SearchInput::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).unwrap();
        assert_eq!(Search::parse(&again).unwrap(), typed);
        assert_eq!(
            typed.describe(),
            "“Pharmacist dispensing”, in Bulawayo, remote, paying $1,000 or more, Full-time, \
             posted in the last 24 hours, that fit your profile"
        );
        let nothing =
            Search::parse(&SearchInput::from_pairs([("order", "best")]).unwrap()).unwrap();
        assert!(nothing.is_empty() && nothing.query_pairs().is_empty());
        assert_eq!(nothing.describe(), "");
        assert_eq!(
            SearchInput::from_pairs([("min_salary", "lots")]),
            Err(SearchError::MinSalary)
        );
        assert_eq!(
            SearchInput::from_pairs([("posted_within_days", "7.5")]),
            Err(SearchError::PostedWithin)
        );
        let remote =
            Search::parse(&SearchInput::from_pairs([("place", "Remote")]).unwrap()).unwrap();
        assert_eq!(remote.describe(), "remote");
    }

    #[test]
    fn bad_values_are_refused_with_their_message() {
        let cases = [
            (
                SearchInput {
                    q: Some("x".repeat(101)),
                    ..SearchInput::default()
                },
                MSG_KEYWORDS_TOO_LONG,
            ),
            (
                SearchInput {
                    place: Some("y".repeat(101)),
                    ..SearchInput::default()
                },
                MSG_PLACE_TOO_LONG,
            ),
            (
                SearchInput {
                    min_salary: Some(-1.0),
                    ..SearchInput::default()
                },
                MSG_MIN_SALARY,
            ),
            (
                SearchInput {
                    min_salary: Some(f64::NAN),
                    ..SearchInput::default()
                },
                MSG_MIN_SALARY,
            ),
            (
                SearchInput {
                    job_type: Some("Internship".into()),
                    ..SearchInput::default()
                },
                MSG_JOB_TYPE,
            ),
            (
                SearchInput {
                    posted_within_days: Some(2),
                    ..SearchInput::default()
                },
                MSG_POSTED_WITHIN,
            ),
        ];
        for (input, message) in cases {
            assert_eq!(Search::parse(&input).unwrap_err().to_string(), message);
        }
        assert!(
            Search::parse(&SearchInput {
                q: Some("é".repeat(100)),
                ..SearchInput::default()
            })
            .is_ok()
        );
    }

    #[test]
    fn the_posted_within_message_names_every_choice() {
        let days: Vec<String> = POSTED_WITHIN_DAYS.iter().map(ToString::to_string).collect();
        let (last, rest) = days.split_last().unwrap();
        assert_eq!(
            MSG_POSTED_WITHIN,
            format!("Posted within must be {} or {last} days", rest.join(", "))
        );
    }
}

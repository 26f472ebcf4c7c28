//! The search a job alert follows, kept as the feed's query parameters (`q=nurse&place=Harare`):
//! the same text the feed's address holds, so a digest links back to that search.

use jobtap_core::job_search::{Search, SearchError, SearchInput};

/// The checked search of `query` (URL-encoded parameters; others than the search's are ignored).
pub fn parse(query: &str) -> Result<Search, SearchError> {
    let pairs: Vec<(String, String)> =
        url::form_urlencoded::parse(query.trim_start_matches('?').as_bytes())
            .into_owned()
            .collect();
    Search::parse(&SearchInput::from_pairs(
        pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    )?)
}

/// `search` as the query the subscription keeps: its parameters in core's fixed order.
pub fn query(search: &Search) -> String {
    url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(search.query_pairs())
        .finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_reads_back_as_the_same_search() {
        let search = parse("?place=Bulawayo&q=theatre+nurse%21&order=best&min_salary=800").unwrap();
        assert_eq!(search.terms, ["theatre", "nurse"]);
        assert_eq!(
            query(&search),
            "q=theatre+nurse%21&place=Bulawayo&min_salary=800"
        );
        assert_eq!(parse(&query(&search)).unwrap(), search);
        assert!(parse("").unwrap().is_empty());
        assert_eq!(parse("min_salary=-5"), Err(SearchError::MinSalary));
    }
}

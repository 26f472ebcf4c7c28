//! The public feeds' answers, kept for a minute: crawlers and job boards poll them, and each
//! is a page of jobs read and written out as XML. A job posted, edited or paused shows in
//! the feeds within [`MAX_AGE_MS`] (the job's own page is read fresh every time).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// How long an answer is reused.
pub const MAX_AGE_MS: i64 = 60_000;
/// Answers kept at most; when full the cache starts over.
const CAPACITY: usize = 256;

/// A feed's page as answered: the document and the next page's address.
#[derive(Debug)]
pub struct FeedAnswer {
    pub body: String,
    pub next_url: Option<String>,
}

/// Answers by request (path and query), with when each was made.
#[derive(Debug, Default)]
pub struct FeedCache {
    entries: Mutex<HashMap<String, (i64, Arc<FeedAnswer>)>>,
}

impl FeedCache {
    /// The answer to `key` made at most [`MAX_AGE_MS`] before `now`.
    pub fn get(&self, key: &str, now: i64) -> Option<Arc<FeedAnswer>> {
        let entries = self
            .entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        entries
            .get(key)
            .filter(|(made, _)| now - made < MAX_AGE_MS && *made <= now)
            .map(|(_, body)| body.clone())
    }

    /// Keeps `body` as the answer to `key`, made at `now`.
    pub fn put(&self, key: String, now: i64, answer: Arc<FeedAnswer>) {
        let mut entries = self
            .entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if entries.len() >= CAPACITY && !entries.contains_key(&key) {
            entries.clear();
        }
        entries.insert(key, (now, answer));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_reused_for_a_minute_only() {
        let cache = FeedCache::default();
        let answer = Arc::new(FeedAnswer {
            body: "x".into(),
            next_url: None,
        });
        cache.put("a".into(), 1_000, answer);
        assert_eq!(cache.get("a", 1_000 + MAX_AGE_MS - 1).unwrap().body, "x");
        assert!(cache.get("a", 1_000 + MAX_AGE_MS).is_none());
        assert!(
            cache.get("a", 999).is_none(),
            "a clock set back does not serve the future"
        );
        assert!(cache.get("b", 1_000).is_none());
    }
}

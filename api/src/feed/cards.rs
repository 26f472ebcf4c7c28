//! Feed pages assembled from job cards serialized once and shared by every reader.
//!
//! A page is the same jobs for everyone but for the `applied` flag, and decoding
//! ~25 columns a job (three JSON lists among them) and serializing them again
//! for every request was most of the feed's cost (docs/benchmarks.md). So a page
//! is read in two steps: [`jobs::feed_keys_in_session`] gives its jobs' ids, versions and
//! the caller's applied flags; when every card is cached at that version, the
//! page is stitched together from the cached JSON. Otherwise the full rows are
//! read and the cards stored.
//!
//! A card is keyed by the job's `updated_at`, which every write to a job moves
//! forward (`employer::jobs`), so a card is never served after its job changed,
//! on this instance or any other sharing the database; an expired or deactivated
//! job drops out of the keys query itself.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use jobtap_core::company::EmployerChecks;

use crate::jobs::store::{FeedKey, LiveJob};

use super::JobView;

/// Cards kept at most; when full the cache starts over (a few MB at most, and
/// the live jobs of a busy feed fit many times over).
const CAPACITY: usize = 4_096;

/// The end of a serialized [`JobView`]: `applied` is its last field, so a card
/// is the JSON object with this suffix cut off, and each page appends the
/// reader's own flag.
const APPLIED_FALSE_TAIL: &str = ",\"applied\":false}";

#[derive(Debug, Default)]
pub struct CardCache {
    cards: Mutex<HashMap<String, Card>>,
}

#[derive(Debug, Clone)]
struct Card {
    updated_at: i64,
    checks: EmployerChecks,
    /// The job's JSON object without its `applied` field and closing brace.
    head: Arc<str>,
}

impl CardCache {
    /// The cards of `keys` in order, or `None` unless every one is cached at its version.
    pub fn get_all(&self, keys: &[FeedKey]) -> Option<Vec<Arc<str>>> {
        let cards = self
            .cards
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        keys.iter()
            .map(|key| {
                cards
                    .get(&key.id)
                    .filter(|card| card.updated_at == key.updated_at && card.checks == key.checks)
                    .map(|card| card.head.clone())
            })
            .collect()
    }

    /// Serializes `jobs` into cards, stores them, and returns them in order.
    pub fn put_all(&self, jobs: Vec<LiveJob>) -> Vec<(Arc<str>, bool)> {
        let made: Vec<(String, Card, bool)> = jobs
            .into_iter()
            .map(|job| {
                let (id, updated_at, applied) =
                    (job.fields.id.clone(), job.updated_at, job.applied);
                let checks = job.owner.checks();
                let head = card_head(&JobView::from(LiveJob {
                    applied: false,
                    ..job
                }));
                (
                    id,
                    Card {
                        updated_at,
                        checks,
                        head,
                    },
                    applied,
                )
            })
            .collect();
        let mut cards = self
            .cards
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if cards.len() + made.len() > CAPACITY {
            cards.clear();
        }
        made.into_iter()
            .map(|(id, card, applied)| {
                let head = card.head.clone();
                cards.insert(id, card);
                (head, applied)
            })
            .collect()
    }
}

fn card_head(view: &JobView) -> Arc<str> {
    let json = serde_json::to_string(view).expect("a job view always serializes");
    let head = json
        .strip_suffix(APPLIED_FALSE_TAIL)
        .expect("`applied` is the last field of JobView");
    Arc::from(head)
}

/// The feed page's JSON, `{"jobs":[…],"next_cursor":…}`, from cards and flags.
pub fn page_json<'a>(
    cards: impl ExactSizeIterator<Item = (&'a str, bool)>,
    next_cursor: Option<&str>,
) -> String {
    let mut out = String::with_capacity(cards.len() * 2_048 + 64);
    out.push_str("{\"jobs\":[");
    for (i, (head, applied)) in cards.enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(head);
        out.push_str(if applied {
            ",\"applied\":true}"
        } else {
            ",\"applied\":false}"
        });
    }
    out.push_str("],\"next_cursor\":");
    match next_cursor {
        Some(cursor) => {
            out.push_str(&serde_json::to_string(cursor).expect("a string always serializes"));
        }
        None => out.push_str("null"),
    }
    out.push('}');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::feed::routes::FeedPage;
    use crate::jobs::store::{JobFields, JobOwner};

    fn job(id: &str, updated_at: i64, applied: bool) -> LiveJob {
        LiveJob {
            fields: JobFields {
                id: id.into(),
                employer_id: Some("emp-1".into()),
                company_name: "Acme \"Quoted\" & Co".into(),
                company_logo: String::new(),
                job_title: "Rust <Engineer>".into(),
                job_type: "Full-time".into(),
                job_description: "Line one\nLine two — ünïcode".into(),
                location: "Leeds".into(),
                salary_min: Some(30_000.5),
                salary_max: None,
                experience_years: Some(2),
                qualifications: None,
                degree_class: Some("2:1".into()),
                required_degree_classes: None,
                experience_level: None,
                minimum_score_threshold: 70.0,
                skills: vec!["Rust".into(), "SQL".into()],
                requirements: vec![],
                benefits: vec!["Remote".into()],
                industry: None,
                linkedin_url: Some("mailto:jobs@acme.co".into()),
                application_email: None,
                posted_at: 1_700_000_000_000,
                expires_at: None,
                is_active: true,
            },
            updated_at,
            owner: JobOwner::default(),
            applied,
        }
    }

    fn key(job: &LiveJob) -> FeedKey {
        FeedKey {
            id: job.fields.id.clone(),
            posted_at: job.fields.posted_at,
            updated_at: job.updated_at,
            applied: job.applied,
            checks: job.owner.checks(),
        }
    }

    #[test]
    fn a_stitched_page_is_the_documented_json() {
        let jobs = vec![job("a", 1, true), job("b", 2, false)];
        let expected = serde_json::to_string(&FeedPage {
            jobs: jobs.iter().cloned().map(JobView::from).collect(),
            next_cursor: Some("cur\"sor".into()),
        })
        .unwrap();
        let cache = CardCache::default();
        let made = cache.put_all(jobs.clone());
        let fresh = page_json(made.iter().map(|(c, a)| (&**c, *a)), Some("cur\"sor"));
        assert_eq!(fresh, expected);

        // From the cache, with each reader's own flags.
        let keys: Vec<FeedKey> = jobs.iter().map(key).collect();
        let cached = cache.get_all(&keys).expect("both cards are cached");
        let stitched = page_json(
            cached
                .iter()
                .map(|c| &**c)
                .zip(keys.iter().map(|k| k.applied)),
            Some("cur\"sor"),
        );
        assert_eq!(stitched, expected);
        assert_eq!(
            page_json(std::iter::empty(), None),
            r#"{"jobs":[],"next_cursor":null}"#
        );
    }

    #[test]
    fn a_card_is_served_only_at_its_version() {
        let cache = CardCache::default();
        cache.put_all(vec![job("a", 1, false), job("b", 1, false)]);
        let mut keys = vec![key(&job("a", 1, false)), key(&job("b", 1, false))];
        assert!(cache.get_all(&keys).is_some());
        keys[1].updated_at = 2;
        assert!(
            cache.get_all(&keys).is_none(),
            "a changed job is read again"
        );
        keys[1] = key(&job("c", 1, false));
        assert!(cache.get_all(&keys).is_none(), "an unknown job is read");
    }

    #[test]
    fn a_full_cache_starts_over_instead_of_growing() {
        let cache = CardCache::default();
        for chunk in 0..(CAPACITY / 100 + 2) {
            cache.put_all(
                (0..100)
                    .map(|i| job(&format!("{chunk}-{i}"), 1, false))
                    .collect(),
            );
        }
        let held = cache.cards.lock().unwrap().len();
        assert!(held <= CAPACITY, "{held}");
        assert!(held >= 100, "the last chunk is kept: {held}");
    }
}

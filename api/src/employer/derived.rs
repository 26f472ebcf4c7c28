//! What the dashboard derives from all of an employer's applications and jobs (the
//! analytics, the jobs list with its per-job counts), kept while nothing it comes
//! from changed.
//!
//! Each takes a scan of every application to the employer's jobs: ~20 ms on SQLite
//! and more on PostgreSQL for an employer with 20,000, which a dashboard asks for on
//! every visit (docs/benchmarks.md). Before reusing a value, its
//! [`Stamp`] is read again: the number of the employer's applications and jobs and
//! the latest change to each, from two small indexes (~1.5 ms). Every write to an
//! application or a job moves its `updated_at`, and an insert or a delete moves a
//! count, so a change made through any instance sharing the database shows on the
//! next read. A candidate's profile is not in the stamp (their location feeds the
//! analytics), hence [`MAX_AGE_MS`].

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};

use crate::db::Db;
use crate::on_db;

/// A value is recomputed at least this often even when its stamp holds, so that a
/// change the stamp cannot see (an applicant's new location) shows within a minute.
pub const MAX_AGE_MS: i64 = 60_000;

/// Employers kept at most; when full the cache starts over.
const CAPACITY: usize = 1_024;

/// What a derived value was computed from, as far as a cheap read can tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct Stamp {
    applications: i64,
    applications_changed: Option<i64>,
    jobs: i64,
    jobs_changed: Option<i64>,
}

impl Stamp {
    /// The stamp of `employer_id` now (`applications_employer_updated`, `jobs_employer`).
    pub async fn read(db: &Db, employer_id: &str) -> Result<Self, sqlx::Error> {
        on_db!(db, pool => {
            sqlx::query_as::<_, Stamp>(
                "SELECT (SELECT COUNT(*) FROM applications WHERE employer_id = $1) AS applications, \
                 (SELECT MAX(updated_at) FROM applications WHERE employer_id = $1) AS applications_changed, \
                 (SELECT COUNT(*) FROM jobs WHERE employer_id = $1) AS jobs, \
                 (SELECT MAX(updated_at) FROM jobs WHERE employer_id = $1) AS jobs_changed",
            )
            .bind(employer_id)
            .fetch_one(pool)
            .await
        })
    }
}

#[derive(Debug)]
struct Entry<T> {
    stamp: Stamp,
    /// What else the value depends on (the analytics: the current day).
    key: i64,
    computed_at: i64,
    value: Arc<T>,
}

/// The derived values the dashboard reads.
#[derive(Debug, Default)]
pub struct DerivedCache {
    pub analytics: Derived<crate::employer::analytics::Analytics>,
    /// The jobs list's JSON (every job, with its count of applications on the list):
    /// besides the counts, decoding 200 full jobs and serializing them again on every
    /// visit was most of the list's cost and of the server's peak memory.
    pub jobs_list: Derived<bytes::Bytes>,
}

/// One kind of derived value, per employer.
#[derive(Debug)]
pub struct Derived<T> {
    entries: Mutex<HashMap<String, Entry<T>>>,
}

impl<T> Default for Derived<T> {
    fn default() -> Self {
        Self {
            entries: Mutex::new(HashMap::new()),
        }
    }
}

impl<T> Derived<T> {
    /// The value for `employer_id` and `key` at `now`: the kept one while its stamp
    /// holds and it is younger than [`MAX_AGE_MS`], else `compute`'s, which is kept.
    ///
    /// The stamp is read before `compute` runs, so a change that lands meanwhile
    /// leaves a stamp older than the data, and the next read computes again.
    pub async fn get<F, Fut, E>(
        &self,
        db: &Db,
        employer_id: &str,
        key: i64,
        now: i64,
        compute: F,
    ) -> Result<Arc<T>, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<T, E>>,
        E: From<sqlx::Error>,
    {
        let stamp = Stamp::read(db, employer_id).await?;
        if let Some(value) = self.kept(employer_id, stamp, key, now) {
            return Ok(value);
        }
        let value = Arc::new(compute().await?);
        self.keep(employer_id, stamp, key, now, value.clone());
        Ok(value)
    }

    fn kept(&self, employer_id: &str, stamp: Stamp, key: i64, now: i64) -> Option<Arc<T>> {
        let entries = self
            .entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let entry = entries.get(employer_id)?;
        let fresh = entry.stamp == stamp
            && entry.key == key
            && (0..MAX_AGE_MS).contains(&(now - entry.computed_at));
        fresh.then(|| entry.value.clone())
    }

    fn keep(&self, employer_id: &str, stamp: Stamp, key: i64, now: i64, value: Arc<T>) {
        let mut entries = self
            .entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if entries.len() >= CAPACITY && !entries.contains_key(employer_id) {
            entries.clear();
        }
        entries.insert(
            employer_id.to_string(),
            Entry {
                stamp,
                key,
                computed_at: now,
                value,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stamp(applications: i64, changed: i64) -> Stamp {
        Stamp {
            applications,
            applications_changed: Some(changed),
            jobs: 1,
            jobs_changed: Some(1),
        }
    }

    #[test]
    fn a_value_is_reused_only_at_its_stamp_key_and_age() {
        let cache = Derived::<u32>::default();
        cache.keep("e", stamp(3, 100), 7, 1_000, Arc::new(42));
        assert_eq!(
            cache.kept("e", stamp(3, 100), 7, 1_000).as_deref(),
            Some(&42)
        );
        assert_eq!(
            cache
                .kept("e", stamp(3, 100), 7, 1_000 + MAX_AGE_MS - 1)
                .as_deref(),
            Some(&42)
        );
        // Another employer, a new application, a later change, another day, too old,
        // or a clock that went back: computed again.
        assert!(cache.kept("f", stamp(3, 100), 7, 1_000).is_none());
        assert!(cache.kept("e", stamp(4, 100), 7, 1_000).is_none());
        assert!(cache.kept("e", stamp(3, 101), 7, 1_000).is_none());
        assert!(cache.kept("e", stamp(3, 100), 8, 1_000).is_none());
        assert!(
            cache
                .kept("e", stamp(3, 100), 7, 1_000 + MAX_AGE_MS)
                .is_none()
        );
        assert!(cache.kept("e", stamp(3, 100), 7, 999).is_none());
    }

    #[test]
    fn the_cache_is_capped() {
        let cache = Derived::<u32>::default();
        for i in 0..=CAPACITY {
            cache.keep(&format!("e{i}"), stamp(1, 1), 0, 0, Arc::new(1));
        }
        assert_eq!(cache.entries.lock().unwrap().len(), 1);
    }
}

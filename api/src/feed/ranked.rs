//! The feed in "Best match" order (`GET /api/v1/jobs?order=best_match`): the caller's live
//! jobs ranked by their fit score for the caller's stored profile.
//!
//! The pool scored is [`RANKED_POOL`] live jobs (those a search finds, when there is one): the
//! [`SHARING_POOL`] that share most match terms with the caller's profile
//! (`jobtap_core::score::terms`, looked up through the `job_match_terms` index, so a job is
//! found whatever its age), then the newest, so a profile without terms still gets a feed and
//! a page scores no more jobs than the newest-only pool did. Jobs the caller applied to or
//! rejected, older twins and sample jobs (which take no applications) are left out, as in the
//! feed. The pool is scored with core's prepared scoring and ordered by percentage, then newest
//! first, then id. The cursor names the last job's place in that
//! order (percentage in tenths, posted time, id), so the next page starts strictly after it
//! even when jobs come and go between pages; the same data gives the same pool.

use std::collections::HashSet;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use jobtap_core::job_search::Search;
use jobtap_core::sample_job::is_sample_job;
use jobtap_core::score::terms::profile_terms;
use jobtap_core::score::{CandidateProfile, PreparedJobs, PreparedProfile};

use crate::jobs::search as found;
use crate::jobs::store::{self as jobs, LiveJob, LiveJobs};

use super::requirements_of;

/// How many live jobs the ranking reads: a page scores them all, so this bounds its cost.
pub const RANKED_POOL: i64 = 1000;

/// How many of those may be the jobs sharing most match terms with the caller; the newest
/// fill the rest.
pub const SHARING_POOL: i64 = 750;

/// A job's place in the ranking: (percentage in tenths, posted time, id), best first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub tenths: i64,
    pub posted_at: i64,
    pub id: String,
}

impl Place {
    /// Whether `self` comes strictly after `other` in the ranking.
    fn after(&self, other: &Self) -> bool {
        (other.tenths, other.posted_at, other.id.as_str())
            > (self.tenths, self.posted_at, self.id.as_str())
    }
}

/// Encodes the place after which the next page starts.
pub fn encode(place: &Place) -> String {
    URL_SAFE_NO_PAD.encode(format!(
        "best:{}:{}:{}",
        place.tenths, place.posted_at, place.id
    ))
}

/// The place a cursor names, or `None` when it was not made by [`encode`].
pub fn decode(cursor: &str) -> Option<Place> {
    let bytes = URL_SAFE_NO_PAD.decode(cursor.trim()).ok()?;
    let text = String::from_utf8(bytes).ok()?;
    let rest = text.strip_prefix("best:")?;
    let mut parts = rest.splitn(3, ':');
    let tenths = parts.next()?.parse().ok()?;
    let posted_at = parts.next()?.parse().ok()?;
    let id = parts.next()?;
    (!id.is_empty()).then(|| Place {
        tenths,
        posted_at,
        id: id.to_string(),
    })
}

/// The page after `after` (from the top when `None`) of at most `limit` jobs, and the
/// place of its last job when more follow.
pub async fn page(
    db: &crate::db::Db,
    user_id: &str,
    candidate: &CandidateProfile,
    search: &Search,
    now: i64,
    after: Option<&Place>,
    limit: usize,
) -> Result<(Vec<LiveJob>, Option<Place>), sqlx::Error> {
    let terms = profile_terms(candidate);
    let sharing = found::sharing(db, user_id, now, search, &terms, SHARING_POOL).await?;
    // The newest fill the rest of the pool; one of them that shares terms too is counted
    // once, so the pool may hold fewer than RANKED_POOL. Reading only the rest keeps a page's
    // cost to RANKED_POOL rows whatever the board's size.
    let rest = RANKED_POOL - i64::try_from(sharing.len()).unwrap_or(RANKED_POOL);
    let newest = if search.is_empty() {
        jobs::live_jobs_page(db, LiveJobs::Feed(user_id), now, None, rest).await?
    } else {
        found::page(db, user_id, now, search, None, rest).await?
    };
    let mut seen = HashSet::new();
    let pool: Vec<LiveJob> = sharing
        .into_iter()
        .chain(newest)
        .filter(|job| seen.insert(job.fields.id.clone()))
        .take(usize::try_from(RANKED_POOL).unwrap_or(usize::MAX))
        .filter(|job| !is_sample_job(&job.fields.id))
        .collect();
    Ok(rank(pool, candidate, after, limit, search.fits))
}

/// Orders `pool` for `candidate` and cuts the page after `after`.
fn rank(
    pool: Vec<LiveJob>,
    candidate: &CandidateProfile,
    after: Option<&Place>,
    limit: usize,
    fits_only: bool,
) -> (Vec<LiveJob>, Option<Place>) {
    let prepared = PreparedJobs::new(pool.iter().map(requirements_of).collect());
    let figures = prepared.score_all(&PreparedProfile::new(candidate));
    let mut ranked: Vec<(Place, LiveJob)> = pool
        .into_iter()
        .zip(figures)
        .filter(|(_, fit)| !fits_only || fit.meets_threshold)
        .map(|(job, fit)| {
            // The percentage has one decimal: in tenths it is exact and totally ordered.
            #[allow(clippy::cast_possible_truncation)]
            let tenths = (fit.score_percentage * 10.0).round() as i64;
            let place = Place {
                tenths,
                posted_at: job.fields.posted_at,
                id: job.fields.id.clone(),
            };
            (place, job)
        })
        .filter(|(place, _)| after.is_none_or(|a| place.after(a)))
        .collect();
    ranked.sort_by(|(a, _), (b, _)| {
        (b.tenths, b.posted_at, b.id.as_str()).cmp(&(a.tenths, a.posted_at, a.id.as_str()))
    });
    let more = ranked.len() > limit;
    ranked.truncate(limit);
    let next = ranked.last().filter(|_| more).map(|(p, _)| p.clone());
    (ranked.into_iter().map(|(_, job)| job).collect(), next)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_refuse_the_newest_orders() {
        let place = Place {
            tenths: 873,
            posted_at: 1_700_000_000_000,
            id: "a:b".into(),
        };
        assert_eq!(decode(&encode(&place)), Some(place));
        assert_eq!(decode(&super::super::cursor::encode(1, "x")), None);
        assert_eq!(decode("!!"), None);
    }

    #[test]
    fn places_after_are_lower_scores_then_older_then_smaller_ids() {
        let at = |tenths, posted_at, id: &str| Place {
            tenths,
            posted_at,
            id: id.into(),
        };
        let cursor = at(500, 10, "m");
        assert!(at(499, 99, "z").after(&cursor));
        assert!(at(500, 9, "z").after(&cursor));
        assert!(at(500, 10, "a").after(&cursor));
        assert!(!at(500, 10, "m").after(&cursor));
        assert!(!at(501, 0, "a").after(&cursor));
    }
}

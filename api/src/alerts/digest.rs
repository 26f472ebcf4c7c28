//! The daily job alert: for each confirmed subscription that is due, the new live jobs posted
//! since it was confirmed that the alert's search finds, that fit the subscriber and were never
//! sent to it, newest first.

use std::time::Duration;

use jobtap_core::alerts::{DIGEST_MAX_JOBS, fits};
use jobtap_core::format::format_salary_range;
use jobtap_core::sample_job::is_sample_job;

use crate::feed::requirements_of;
use crate::feed::store::scoring_profile;
use crate::jobs;
use crate::jobs::store::{LiveJobs, live_jobs_page};
use crate::mail::outbox::NewRow;
use crate::mail::scheduled;
use crate::mail::texts::{self, DigestJob};
use crate::state::AppState;

use super::saved_search;
use super::store::{self, Due};

/// How often due digests are looked for. A digest goes at most once a day per subscriber;
/// this only bounds how late after its day it goes.
pub const TICK: Duration = Duration::from_secs(10 * 60);
/// Subscriptions read per query.
const BATCH: i64 = 200;
/// The newest live jobs read per subscriber: new jobs come first, and a day rarely brings
/// more to one feed.
const NEWEST: i64 = 200;

/// Sends every digest that is due now; returns how many were queued. Safe beside other
/// instances doing the same: each digest is claimed in the transaction that queues it.
pub async fn run_once(state: &AppState) -> anyhow::Result<usize> {
    let now = state.now_ms();
    let mut queued = 0;
    let mut after = String::new();
    loop {
        let due = store::due(&state.db, now, &after, BATCH).await?;
        let Some(last) = due.last() else { break };
        after.clone_from(&last.id);
        queued +=
            scheduled::round(state, "job alert", &due, |s| &s.id, |s| one(state, s, now)).await;
    }
    Ok(queued)
}

/// Looks for due digests every [`TICK`] until the task is aborted.
pub async fn run(state: AppState) {
    scheduled::every(TICK, "job alerts", || run_once(&state)).await;
}

/// Queues `subscription`'s digest if it has new fitting jobs; false when it has none.
async fn one(state: &AppState, subscription: &Due, now: i64) -> anyhow::Result<bool> {
    let user_id = subscription.user_id.as_deref().unwrap_or_default();
    let profile = scoring_profile(state, user_id)
        .await?
        .map(|p| p.candidate())
        .filter(|p| !p.is_blank());
    // A search stored unreadable (by an older rule) falls back to every new job rather than
    // silencing the alert.
    let search = saved_search::parse(&subscription.search).unwrap_or_default();
    let newest = if search.is_empty() {
        live_jobs_page(&state.db, LiveJobs::Feed(user_id), now, None, NEWEST).await?
    } else {
        jobs::search::page(&state.db, user_id, now, &search, None, NEWEST).await?
    };
    let mut fresh: Vec<_> = newest
        .into_iter()
        .take_while(|job| job.fields.posted_at > subscription.confirmed_at)
        .filter(|job| {
            !job.applied
                && !is_sample_job(&job.fields.id)
                && fits(profile.as_ref(), &requirements_of(job))
        })
        .collect();
    let ids: Vec<String> = fresh.iter().map(|job| job.fields.id.clone()).collect();
    let sent = store::already_sent(&state.db, &subscription.id, &ids).await?;
    fresh.retain(|job| !sent.contains(&job.fields.id));
    if fresh.is_empty() {
        return Ok(false);
    }
    let more = fresh.len().saturating_sub(DIGEST_MAX_JOBS);
    fresh.truncate(DIGEST_MAX_JOBS);
    let jobs: Vec<DigestJob> = fresh
        .into_iter()
        .map(|job| DigestJob {
            salary: format_salary_range(job.fields.salary_min, job.fields.salary_max),
            id: job.fields.id,
            title: job.fields.job_title,
            company: job.fields.company_name,
            location: job.fields.location,
        })
        .collect();
    let mail = &state.config.mail;
    let unsubscribe_url = format!(
        "{}/alerts/unsubscribe?token={}",
        mail.public_url, subscription.unsubscribe_token
    );
    let message = texts::digest(&texts::Digest {
        to_address: &subscription.email,
        name: &subscription.full_name,
        by_fit: profile.is_some(),
        search: &search.describe(),
        search_query: &saved_search::query(&search),
        jobs: &jobs,
        more,
        unsubscribe_url: &unsubscribe_url,
        public_url: &mail.public_url,
    });
    let row = NewRow::new(&message, mail, now)?;
    let ids: Vec<String> = jobs.into_iter().map(|job| job.id).collect();
    Ok(store::record_digest(&state.db, &subscription.id, &ids, &row, now).await?)
}

//! The feed narrowed by a search (`GET /api/v1/jobs?q=…&place=…`): the query parameters, and
//! pages of the newest-first feed through [`jobs::search::page`], with the "fits my profile"
//! filter applied to the rows it returns.
//!
//! Search results stay newest first, with the feed's keyset cursor, rather than by text rank:
//! a candidate swipes them as they swipe the feed, a page is found through the index without
//! ranking every match, and "Best match" ([`super::ranked`]) orders a search by fit instead.

use jobtap_core::job_search::{Search, SearchInput};
use jobtap_core::sample_job::is_sample_job;
use jobtap_core::score::{CandidateProfile, PreparedJobs, PreparedProfile};

use crate::error::ApiError;
use crate::jobs::search as jobs;
use crate::jobs::store::LiveJob;
use crate::state::AppState;

use super::{cards, cursor, requirements_of, store};

/// How many matching jobs the fit filter reads at once.
const FIT_BATCH: i64 = 200;
/// The most matching jobs one page of the fit filter reads: a page may end short of its limit
/// (with a cursor to go on) rather than score the whole feed in one request.
const FIT_SCAN_MAX: usize = 1_000;

/// The search's query parameters as sent: numbers as text, so a bad one gets core's message.
#[derive(Debug, serde::Deserialize, Default, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub(super) struct SearchQuery {
    /// Search words, matched (stemmed) in the title, company, description and skills; every
    /// word must occur. At most 100 characters.
    q: Option<String>,
    /// A town or area the job's location contains; "Remote" means remote jobs.
    place: Option<String>,
    /// Only remote jobs: of type Remote, or whose location says remote.
    remote: Option<bool>,
    /// Only jobs whose salary range reaches this (its maximum, or its minimum when it has none).
    #[param(value_type = Option<f64>, minimum = 0)]
    min_salary: Option<String>,
    /// Only jobs of this type: Full-time, Part-time, Contract or Remote.
    job_type: Option<String>,
    /// Only jobs posted within this many days: 1, 3, 7, 14 or 30.
    #[param(value_type = Option<i64>)]
    posted_within_days: Option<String>,
    /// Only jobs whose fit score for the caller meets the job's threshold (as for applying).
    fits: Option<bool>,
}

impl SearchQuery {
    /// The checked search, or a 400 with core's message.
    pub(super) fn search(&self) -> Result<Search, ApiError> {
        use jobtap_core::job_search::{MSG_MIN_SALARY, MSG_POSTED_WITHIN};
        let min_salary = number(self.min_salary.as_deref(), MSG_MIN_SALARY)?;
        let posted_within_days = number(self.posted_within_days.as_deref(), MSG_POSTED_WITHIN)?;
        Search::parse(&SearchInput {
            q: self.q.clone(),
            place: self.place.clone(),
            remote: self.remote.unwrap_or(false),
            min_salary,
            job_type: self.job_type.clone(),
            posted_within_days,
            fits: self.fits.unwrap_or(false),
        })
        .map_err(|e| ApiError::BadRequest(e.to_string()))
    }
}

/// `text` read as a number (none when blank), or a 400 with `message`.
fn number<T: std::str::FromStr>(text: Option<&str>, message: &str) -> Result<Option<T>, ApiError> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => t
            .parse()
            .map(Some)
            .map_err(|_| ApiError::BadRequest(message.into())),
    }
}

/// A page of the newest-first feed narrowed by `search`, after the cursor `after`.
pub(super) async fn page(
    state: &AppState,
    user_id: &str,
    search: &Search,
    after: Option<(i64, &str)>,
    page_size: usize,
) -> Result<String, ApiError> {
    // The main pool, which plans each search with its values (`jobs::search`); the feed's
    // pool keeps one generic plan for every statement.
    let db = &state.db;
    let now = state.now_ms();
    let (rows, next) = if search.fits {
        let candidate = store::scoring_profile(state, user_id)
            .await?
            .map(|profile| profile.candidate())
            .unwrap_or_default();
        fitting(db, user_id, now, search, &candidate, after, page_size).await?
    } else {
        let limit = i64::try_from(page_size + 1).unwrap_or(i64::MAX);
        let mut rows = jobs::page(db, user_id, now, search, after, limit).await?;
        let more = rows.len() > page_size;
        rows.truncate(page_size);
        let next = rows
            .last()
            .filter(|_| more)
            .map(|j| (j.fields.posted_at, j.fields.id.clone()));
        (rows, next)
    };
    let next_cursor = next.map(|(at, id)| cursor::encode(at, &id));
    let cards = state.cards.put_all(rows);
    Ok(cards::page_json(
        cards.iter().map(|(c, applied)| (&**c, *applied)),
        next_cursor.as_deref(),
    ))
}

/// The matching jobs `candidate` fits (sample jobs, which take no applications, left out): up
/// to `page_size` of them, and the position to go on from when more may follow.
async fn fitting(
    db: &crate::db::Db,
    user_id: &str,
    now: i64,
    search: &Search,
    candidate: &CandidateProfile,
    after: Option<(i64, &str)>,
    page_size: usize,
) -> Result<(Vec<LiveJob>, Option<(i64, String)>), ApiError> {
    let profile = PreparedProfile::new(candidate);
    let mut position = after.map(|(at, id)| (at, id.to_string()));
    let mut kept: Vec<LiveJob> = Vec::new();
    let mut read = 0;
    loop {
        let at = position.as_ref().map(|(at, id)| (*at, id.as_str()));
        let batch = jobs::page(db, user_id, now, search, at, FIT_BATCH).await?;
        let exhausted = batch.len() < usize::try_from(FIT_BATCH).unwrap_or(usize::MAX);
        let prepared = PreparedJobs::new(batch.iter().map(requirements_of).collect());
        let figures = prepared.score_all(&profile);
        for (job, fit) in batch.into_iter().zip(figures) {
            read += 1;
            position = Some((job.fields.posted_at, job.fields.id.clone()));
            if fit.meets_threshold && !is_sample_job(&job.fields.id) {
                kept.push(job);
            }
            if kept.len() > page_size {
                kept.truncate(page_size);
                let last = kept
                    .last()
                    .map(|j| (j.fields.posted_at, j.fields.id.clone()));
                return Ok((kept, last));
            }
        }
        if exhausted {
            return Ok((kept, None));
        }
        if read >= FIT_SCAN_MAX {
            return Ok((kept, position));
        }
    }
}

//! `/api/v1/jobs…` (the feed, one job, its fit score) and `/api/v1/functions/calculate-score`. Every route needs a signed-in user of either role.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::reply::Response;

use jobtap_core::job_search::Search;
use jobtap_core::score::{CandidateProfile, FitScore};

use crate::auth::extract::{AuthUser, Bearer, bearer, session_ended};
use crate::error::{ApiError, ErrorBody};
use crate::feed::store::NoSuchLiveJob;
use crate::http::{Answer, Json, json_body, route, with_state};
use crate::jobs::store::{self as jobs, LiveJob, LiveJobs};
use crate::state::AppState;

use super::search::{self, SearchQuery};
use super::store::live_job_or_404;
use super::{JobView, cards, cursor, fit, ranked, store};

/// Jobs per page when the client names no limit.
pub const DEFAULT_LIMIT: i64 = 20;
/// The most jobs one page holds; larger limits are lowered to it.
pub const MAX_LIMIT: i64 = 50;

#[derive(Debug, Deserialize, Default, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
struct FeedQuery {
    /// Jobs per page, 1–50 (others are clamped); 20 when left out.
    limit: Option<i64>,
    /// `next_cursor` of the previous page (of the same order).
    cursor: Option<String>,
    /// `newest` (the default) or `best_match`.
    #[param(inline)]
    order: FeedOrder,
}

/// The feed's order: newest posted first (the spec's), or by the caller's fit score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
enum FeedOrder {
    #[default]
    Newest,
    /// Up to `RANKED_POOL` live jobs (those sharing most match terms with the caller's
    /// profile, then the newest) by fit percentage, then newest first.
    BestMatch,
}

/// The page's JSON as documented; [`cards::page_json`] writes it (a test holds them equal).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct FeedPage {
    pub(super) jobs: Vec<JobView>,
    /// Pass back as `cursor` for the next page; `None` on the last page.
    pub(super) next_cursor: Option<String>,
}

/// The spec's `calculate-score` body; `userId` is ignored: callers score themselves.
#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
struct ScoreBody {
    #[serde(alias = "job_id")]
    job_id: String,
}

/// The feed, job and score routes.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let state_for_rejections = state.clone();
    let state = with_state(state.clone());
    // GET /api/v1/jobs?limit=20&cursor=…&q=…&place=…
    let feed = route!(warp::path!("jobs");
        warp::get(), state.clone(), warp::query::<FeedQuery>(), warp::query::<SearchQuery>(),
        bearer() => feed);
    // GET /api/v1/jobs/{id}
    let job = route!(warp::path!("jobs" / String); warp::get(), state.clone(), bearer() => job);
    // GET /api/v1/jobs/{id}/score
    let job_score = route!(warp::path!("jobs" / String / "score");
        warp::get(), state.clone(), bearer() => job_score);
    // POST /api/v1/functions/calculate-score
    let calculate = route!(warp::path!("functions" / "calculate-score");
        warp::post(), state.clone(), bearer(), json_body() => calculate_score);
    feed.or(job)
        .unify()
        .or(job_score.boxed())
        .unify()
        .or(calculate.boxed())
        .unify()
        .or(super::rejections::routes(&state_for_rejections))
        .unify()
}

#[utoipa::path(get, path = "/api/v1/jobs", tag = "feed",
    security(("bearer" = [])),
    params(FeedQuery, SearchQuery),
    responses(
        (status = 200, description = "A page of live jobs (those the search finds, when one is given), newest first or best match first", body = FeedPage),
        (status = 400, description = "The cursor or a query value is invalid", body = ErrorBody),
    ))]
async fn feed(
    state: AppState,
    query: FeedQuery,
    search_query: SearchQuery,
    bearer: Bearer,
) -> Answer<impl warp::Reply> {
    // The session is checked by the keys query itself (one statement, not two).
    let claims = bearer.claims(&state)?;
    let search = search_query.search()?;
    let limit = query.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
    if query.order == FeedOrder::BestMatch {
        let body =
            best_match_page(&state, &bearer, query.cursor.as_deref(), limit, &search).await?;
        return Ok(warp::reply::with_header(
            body,
            "content-type",
            "application/json",
        ));
    }
    let after = match query
        .cursor
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        None => None,
        Some(text) => Some(
            cursor::decode(text).ok_or_else(|| ApiError::BadRequest("Invalid cursor".into()))?,
        ),
    };
    let after = after.as_ref().map(|(at, id)| (*at, id.as_str()));
    let now = state.now_ms();
    let page_size = usize::try_from(limit).expect("the limit is clamped to 1..=50");
    if !search.is_empty() {
        let user = bearer.user(&state).await?;
        let body = search::page(&state, &user.id, &search, after, page_size).await?;
        return Ok(warp::reply::with_header(
            body,
            "content-type",
            "application/json",
        ));
    }
    let db = &state.db.for_feed();
    // One more than asked tells whether another page exists.
    let Some(keys) =
        jobs::feed_keys_in_session(db, &claims.sid, &claims.sub, now, after, limit + 1).await?
    else {
        return Err(session_ended(&state, &claims).await);
    };
    let shown = &keys[..keys.len().min(page_size)];
    let body = if let Some(cards) = state.cards.get_all(shown) {
        let next_cursor = shown
            .last()
            .filter(|_| keys.len() > page_size)
            .map(|k| cursor::encode(k.posted_at, &k.id));
        cards::page_json(
            cards
                .iter()
                .map(|c| &**c)
                .zip(shown.iter().map(|k| k.applied)),
            next_cursor.as_deref(),
        )
    } else {
        // A job changed or was never cached: read the page whole (its own snapshot).
        let mut rows =
            jobs::live_jobs_page(db, LiveJobs::Feed(&claims.sub), now, after, limit + 1).await?;
        let more = rows.len() > page_size;
        rows.truncate(page_size);
        let next_cursor = rows
            .last()
            .filter(|_| more)
            .map(|j| cursor::encode(j.fields.posted_at, &j.fields.id));
        let cards = state.cards.put_all(rows);
        cards::page_json(
            cards.iter().map(|(c, applied)| (&**c, *applied)),
            next_cursor.as_deref(),
        )
    };
    Ok(warp::reply::with_header(
        body,
        "content-type",
        "application/json",
    ))
}

/// A page of the feed in "Best match" order (see [`ranked`]).
async fn best_match_page(
    state: &AppState,
    bearer: &Bearer,
    cursor: Option<&str>,
    limit: i64,
    search: &Search,
) -> Result<String, ApiError> {
    let user = bearer.user(state).await?;
    let after = match cursor.map(str::trim).filter(|c| !c.is_empty()) {
        None => None,
        Some(text) => Some(
            ranked::decode(text).ok_or_else(|| ApiError::BadRequest("Invalid cursor".into()))?,
        ),
    };
    let candidate = store::scoring_profile(state, &user.id)
        .await?
        .map(|profile| profile.candidate())
        .unwrap_or_default();
    let page_size = usize::try_from(limit).expect("the limit is clamped to 1..=50");
    // The main pool: its statements (`jobs::search`) are planned with their values.
    let (rows, next) = ranked::page(
        &state.db,
        &user.id,
        &candidate,
        search,
        state.now_ms(),
        after.as_ref(),
        page_size,
    )
    .await?;
    let next_cursor = next.as_ref().map(ranked::encode);
    let cards = state.cards.put_all(rows);
    Ok(cards::page_json(
        cards.iter().map(|(c, applied)| (&**c, *applied)),
        next_cursor.as_deref(),
    ))
}

#[utoipa::path(get, path = "/api/v1/jobs/{id}", tag = "feed",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The job's id")),
    responses(
        (status = 200, description = "The live job", body = JobView),
        NoSuchLiveJob,
    ))]
async fn job(id: String, state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    let job = live_job_or_404(&state, &user, &id).await?;
    Ok(warp::reply::json(&JobView::from(job)))
}

/// The caller's fit for a live job, from their stored profile.
pub async fn fit_for(
    state: &AppState,
    user: &AuthUser,
    job: &LiveJob,
) -> Result<FitScore, ApiError> {
    let candidate = store::scoring_profile(state, &user.id)
        .await?
        .map_or_else(CandidateProfile::default, |p| p.candidate());
    Ok(fit(&candidate, job))
}

#[utoipa::path(get, path = "/api/v1/jobs/{id}/score", tag = "feed",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The job's id")),
    responses(
        (status = 200, description = "The caller's fit for the job", body = crate::http::core_schemas::FitScoreSchema),
        NoSuchLiveJob,
    ))]
async fn job_score(job_id: String, state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    score(state, user, job_id).await
}

#[utoipa::path(post, path = "/api/v1/functions/calculate-score", tag = "feed",
    security(("bearer" = [])),
    request_body = ScoreBody,
    responses(
        (status = 200, description = "The caller's fit for the job", body = crate::http::core_schemas::FitScoreSchema),
        NoSuchLiveJob,
    ))]
async fn calculate_score(
    state: AppState,
    bearer: Bearer,
    body: Json<ScoreBody>,
) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    let body = body.read().await?;
    score(state, user, body.job_id).await
}

async fn score(state: AppState, user: AuthUser, job_id: String) -> Answer<impl warp::Reply> {
    let job = live_job_or_404(&state, &user, &job_id).await?;
    Ok(warp::reply::json(&fit_for(&state, &user, &job).await?))
}

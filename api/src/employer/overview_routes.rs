//! What the employer learns across their applications: candidate search
//! (`/api/v1/employer/candidates`), the recommendation and the analytics.

use serde::Serialize;
use warp::Filter;
use warp::reply::Response;

use jobtap_core::pipeline::{self, Stage};

use crate::auth::extract::{Bearer, EmployerOnly, bearer};
use crate::clock::DAY_MS;
use crate::error::{ApiError, ErrorBody};
use crate::feed::cursor::BadPage;
use crate::http::{Answer, one_of, route, under};
use crate::state::AppState;

use super::applications::{self as apps, Filters};
use super::paging::Page;
use super::{analytics, candidates};

#[derive(Serialize, utoipa::ToSchema)]
struct Recommendation {
    application_id: String,
    candidate_name: String,
    job_title: String,
    total_raw_score: f64,
    score_percentage: f64,
    /// "{name} scored {x}/19.6 ({y}%)", for the "AI Recommendation Generated" toast.
    summary: String,
}

#[derive(Serialize, utoipa::ToSchema)]
struct CandidatesBody {
    /// One page of people, each once with their matching applications.
    candidates: Vec<candidates::CandidateHit>,
    /// Pass back as `cursor` for the next page; `None` on the last page.
    next_cursor: Option<String>,
}

/// Candidate search, the recommendation and the analytics.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let emp = || under("employer", state);
    // GET /api/v1/employer/recommendation?days&min_experience&min_degree
    let recommend = route!(emp();
        warp::path!("recommendation"), warp::get(), bearer(), crate::http::query::<Filters>() => recommend);
    // GET /api/v1/employer/analytics
    let analytics_route = route!(emp();
        warp::path!("analytics"), warp::get(), bearer() => analytics);
    // GET /api/v1/employer/candidates?q&stage&job_id&min_score&max_score&sort&limit&cursor
    let find = route!(emp();
        warp::path!("candidates"), warp::get(), bearer(), crate::http::query::<candidates::SearchParams>() => find_candidates);
    one_of!(find, recommend, analytics_route)
}

#[utoipa::path(get, path = "/api/v1/employer/candidates", tag = "employer",
    security(("bearer" = [])),
    params(candidates::SearchParams),
    responses(
        (status = 200, description = "One page of the people who applied to the caller's jobs and match", body = CandidatesBody),
        BadPage,
        EmployerOnly,
        (status = 422, description = "The search text is too long, the score range or the stage is not valid", body = ErrorBody),
    ))]
async fn find_candidates(
    state: AppState,
    bearer: Bearer,
    params: Result<candidates::SearchParams, ApiError>,
) -> Answer<impl warp::Reply> {
    use jobtap_core::applicant_search as rules;
    let member = bearer.recruiter(&state).await?;
    let params = params?;
    let pattern = rules::like_pattern(params.q.as_deref().unwrap_or_default())
        .map_err(|why| ApiError::field("q", why))?
        .unwrap_or_default();
    let only_stage = match params.stage.as_deref().map(str::trim) {
        None | Some("") => String::new(),
        Some(name) => Stage::parse(name)
            .ok_or_else(|| ApiError::field("stage", pipeline::MSG_STAGE_UNKNOWN))?
            .as_str()
            .to_string(),
    };
    let (min_score, max_score) = rules::score_range(params.min_score, params.max_score)
        .map_err(|why| ApiError::field("min_score", why))?;
    let sort =
        rules::SortBy::parse(params.sort.as_deref()).map_err(|why| ApiError::field("sort", why))?;
    let page = Page::read(
        params.limit,
        params.cursor.as_deref(),
        rules::DEFAULT_LIMIT,
        rules::MAX_LIMIT,
    )?;
    let search = candidates::Search {
        pattern,
        stage: only_stage,
        job_id: params.job_id.unwrap_or_default().trim().to_string(),
        min_score,
        max_score,
        sort,
        limit: page.rows(),
        after: page.after().map(|(key, id)| (key, id.to_owned())),
    };
    let mut found = candidates::search(&state.db, &member.company, &search).await?;
    let next_cursor = page.next_cursor(&mut found, |hit| candidates::position(hit, sort));
    Ok(warp::reply::json(&CandidatesBody {
        candidates: found,
        next_cursor,
    }))
}

#[utoipa::path(get, path = "/api/v1/employer/recommendation", tag = "employer",
    security(("bearer" = [])),
    params(Filters),
    responses(
        (status = 200, description = "The best-scoring applicant", body = Recommendation),
        EmployerOnly,
        (status = 404, description = "No applications to recommend yet", body = ErrorBody),
    ))]
async fn recommend(
    state: AppState,
    bearer: Bearer,
    filters: Result<Filters, ApiError>,
) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    let filters = filters?;
    let top = apps::top(&state.db, &member.company, &filters, state.now_ms())
        .await?
        .ok_or_else(|| ApiError::NotFound("No applications to recommend yet".into()))?;
    let summary = format!(
        "{} scored {} ({}) for {}",
        top.candidate_name,
        jobtap_core::score::text::total_text(top.total_raw_score),
        jobtap_core::score::text::percent_text(top.score_percentage),
        top.job_title
    );
    Ok(warp::reply::json(&Recommendation {
        application_id: top.id,
        candidate_name: top.candidate_name,
        job_title: top.job_title,
        total_raw_score: top.total_raw_score,
        score_percentage: top.score_percentage,
        summary,
    }))
}

#[utoipa::path(get, path = "/api/v1/employer/analytics", tag = "employer",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The dashboard's figures", body = analytics::Analytics),
        EmployerOnly,
    ))]
async fn analytics(state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    let now = state.now_ms();
    let figures = state
        .derived
        .analytics
        .get(
            &state.db,
            &member.company,
            now.div_euclid(DAY_MS),
            now,
            || analytics::compute(&state.db, &member.company, now),
        )
        .await?;
    Ok(warp::reply::json(&*figures))
}

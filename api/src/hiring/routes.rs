//! Hiring teams and scorecards: `GET`/`PUT /api/v1/employer/jobs/{id}/team`,
//! `GET`/`PUT /employer/jobs/{id}/scorecard-criteria`, `GET /employer/applications/{id}/scorecards`
//! and `PUT /employer/applications/{id}/scorecard`.
//!
//! Every member who reaches a job reads its team and criteria and writes their own scorecard
//! of its applicants; recruiters and admins set the team and the criteria, and read every
//! scorecard with their summary. A job an interviewer is not on is a 404, as for strangers.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::reply::Response;

use jobtap_core::scorecard::{self, Rating, Summary};
use jobtap_core::team::MSG_NOT_A_MEMBER;

use crate::auth::extract::{Bearer, EmployerOnly, bearer};
use crate::auth::member::Member;
use crate::employer::application_routes::{MSG_APPLICATION_NOT_FOUND, NoSuchApplication};
use crate::employer::job_routes::{MSG_JOB_NOT_FOUND, NoSuchJob};
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, Json, json_body, one_of, route, under};
use crate::state::AppState;

use super::store::{self, Criteria, NewScorecard, Scorecard, SetTeam, TeamMember};

/// A job's hiring team.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct JobTeamBody {
    pub members: Vec<TeamMember>,
}

/// The members to list on a job's hiring team (ids from the company's team).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct JobTeamUpdate {
    member_ids: Vec<String>,
}

/// A job's scorecard criteria as a recruiter edits them.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct CriteriaUpdate {
    criteria: Vec<String>,
}

/// A member's scorecard of an applicant.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct ScorecardUpdate {
    #[schema(value_type = Vec<store::RatingSchema>)]
    ratings: Vec<Rating>,
    note: String,
}

/// The scorecards of an application as the caller may read them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ScorecardsBody {
    /// What the job's scorecards rate, in order.
    pub criteria: Vec<String>,
    /// The caller's own scorecard, if they wrote one.
    pub mine: Option<Scorecard>,
    /// Every scorecard, first written first, for recruiters and admins; only the caller's own
    /// for an interviewer.
    pub scorecards: Vec<Scorecard>,
    /// What the scorecards say together; recruiters and admins only.
    #[schema(value_type = Option<store::SummarySchema>)]
    pub summary: Option<Summary>,
}

/// Every hiring route.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let emp = || under("employer", state);
    let read_team = route!(emp();
        warp::path!("jobs" / String / "team"), warp::get(), bearer() => job_team);
    let write_team = route!(emp();
        warp::path!("jobs" / String / "team"), warp::put(), bearer(), json_body() => set_job_team);
    let read_criteria = route!(emp();
        warp::path!("jobs" / String / "scorecard-criteria"), warp::get(), bearer() => job_criteria);
    let write_criteria = route!(emp();
        warp::path!("jobs" / String / "scorecard-criteria"), warp::put(), bearer(), json_body() => set_job_criteria);
    let read_cards = route!(emp();
        warp::path!("applications" / String / "scorecards"), warp::get(), bearer() => application_scorecards);
    let write_card = route!(emp();
        warp::path!("applications" / String / "scorecard"), warp::put(), bearer(), json_body() => write_scorecard);
    one_of!(
        read_team,
        write_team,
        read_criteria,
        write_criteria,
        read_cards,
        write_card
    )
}

fn no_job() -> ApiError {
    ApiError::NotFound(MSG_JOB_NOT_FOUND.into())
}

fn no_application() -> ApiError {
    ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into())
}

/// 404 unless job `job_id` is `member`'s company's and one they reach.
async fn reached_job(state: &AppState, member: &Member, job_id: &str) -> Result<(), ApiError> {
    if store::is_company_job(&state.db, &member.company, job_id).await?
        && member.reaches_job(&state.db, job_id).await?
    {
        Ok(())
    } else {
        Err(no_job())
    }
}

#[utoipa::path(get, path = "/api/v1/employer/jobs/{id}/team", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The job's id")),
    responses(
        (status = 200, description = "The members listed on the job's hiring team", body = JobTeamBody),
        EmployerOnly,
        NoSuchJob,
    ))]
pub(crate) async fn job_team(
    state: AppState,
    id: String,
    bearer: Bearer,
) -> Answer<impl warp::Reply> {
    let member = bearer.member(&state).await?;
    reached_job(&state, &member, &id).await?;
    Ok(warp::reply::json(&JobTeamBody {
        members: store::team(&state.db, &id).await?,
    }))
}

#[utoipa::path(put, path = "/api/v1/employer/jobs/{id}/team", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The job's id")),
    request_body = JobTeamUpdate,
    responses(
        (status = 200, description = "The job's hiring team, as now listed", body = JobTeamBody),
        EmployerOnly,
        NoSuchJob,
        (status = 422, description = "Someone listed is not on the company's team", body = ErrorBody),
    ))]
pub(crate) async fn set_job_team(
    state: AppState,
    id: String,
    bearer: Bearer,
    body: Json<JobTeamUpdate>,
) -> Answer<impl warp::Reply> {
    let (member, body) = bearer.recruiter_and_body(&state, body).await?;
    reached_job(&state, &member, &id).await?;
    let mut ids: Vec<String> = body
        .member_ids
        .iter()
        .map(|i| i.trim().to_string())
        .collect();
    ids.sort();
    ids.dedup();
    let now = state.now_ms();
    match store::set_team(&state.db, &member.company, &id, &ids, member.actor(), now).await? {
        SetTeam::Done => {}
        SetTeam::NotMembers => return Err(ApiError::field("member_ids", MSG_NOT_A_MEMBER)),
    }
    let detail = serde_json::json!({ "members": ids });
    member
        .audit(&state, "hiring_team_changed", &id, Some(detail))
        .await;
    Ok(warp::reply::json(&JobTeamBody {
        members: store::team(&state.db, &id).await?,
    }))
}

#[utoipa::path(get, path = "/api/v1/employer/jobs/{id}/scorecard-criteria", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The job's id")),
    responses(
        (status = 200, description = "What the job's scorecards rate", body = Criteria),
        EmployerOnly,
        NoSuchJob,
    ))]
pub(crate) async fn job_criteria(
    state: AppState,
    id: String,
    bearer: Bearer,
) -> Answer<impl warp::Reply> {
    let member = bearer.member(&state).await?;
    reached_job(&state, &member, &id).await?;
    let criteria = store::criteria(&state.db, &member.company, &id)
        .await?
        .ok_or_else(no_job)?;
    Ok(warp::reply::json(&criteria))
}

#[utoipa::path(put, path = "/api/v1/employer/jobs/{id}/scorecard-criteria", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The job's id")),
    request_body = CriteriaUpdate,
    responses(
        (status = 200, description = "The criteria, as now stored", body = Criteria),
        EmployerOnly,
        NoSuchJob,
        (status = 422, description = "None left, too many, too long or repeated", body = ErrorBody),
    ))]
pub(crate) async fn set_job_criteria(
    state: AppState,
    id: String,
    bearer: Bearer,
    body: Json<CriteriaUpdate>,
) -> Answer<impl warp::Reply> {
    let (member, body) = bearer.recruiter_and_body(&state, body).await?;
    reached_job(&state, &member, &id).await?;
    let criteria = scorecard::check_criteria(&body.criteria)
        .map_err(|why| ApiError::field("criteria", why))?;
    store::set_criteria(&state.db, &id, &criteria, member.actor(), state.now_ms()).await?;
    let detail = serde_json::json!({ "criteria": criteria });
    member
        .audit(&state, "scorecard_criteria_changed", &id, Some(detail))
        .await;
    Ok(warp::reply::json(&Criteria {
        criteria,
        edited: true,
    }))
}

/// The job of application `id` when `member` reaches it, on the list or in the rejected archive
/// (404 otherwise): a late scorecard still counts while the employer keeps the rejection.
async fn reached_application(
    state: &AppState,
    member: &Member,
    id: &str,
) -> Result<String, ApiError> {
    let job = store::job_of_application(&state.db, &member.company, id)
        .await?
        .ok_or_else(no_application)?;
    if !member.reaches_job(&state.db, &job).await? {
        return Err(no_application());
    }
    Ok(job)
}

/// The criteria of `member`'s company's job `job`.
async fn criteria_of(
    state: &AppState,
    member: &Member,
    job: &str,
) -> Result<Vec<String>, ApiError> {
    Ok(store::criteria(&state.db, &member.company, job)
        .await?
        .ok_or_else(no_application)?
        .criteria)
}

/// The scorecards of application `id`, rated on `criteria`, as `member` may read them.
async fn scorecards_for(
    state: &AppState,
    member: &Member,
    id: &str,
    criteria: Vec<String>,
) -> Result<ScorecardsBody, ApiError> {
    let every = member.role.works_every_job();
    let author = (!every).then_some(member.actor());
    let scorecards = store::scorecards(&state.db, id, author).await?;
    let mine = scorecards
        .iter()
        .find(|card| card.author_id.as_deref() == Some(member.actor()))
        .cloned();
    let summary = every.then(|| {
        let ratings: Vec<Vec<Rating>> = scorecards.iter().map(|c| c.ratings.clone()).collect();
        scorecard::summarize(&criteria, &ratings)
    });
    Ok(ScorecardsBody {
        criteria,
        mine,
        scorecards,
        summary,
    })
}

#[utoipa::path(get, path = "/api/v1/employer/applications/{id}/scorecards", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The application's id")),
    responses(
        (status = 200, description = "The job's criteria and the scorecards the caller may read", body = ScorecardsBody),
        EmployerOnly,
        NoSuchApplication,
    ))]
pub(crate) async fn application_scorecards(
    state: AppState,
    id: String,
    bearer: Bearer,
) -> Answer<impl warp::Reply> {
    let member = bearer.member(&state).await?;
    let job = reached_application(&state, &member, &id).await?;
    let criteria = criteria_of(&state, &member, &job).await?;
    Ok(warp::reply::json(
        &scorecards_for(&state, &member, &id, criteria).await?,
    ))
}

#[utoipa::path(put, path = "/api/v1/employer/applications/{id}/scorecard", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The application's id")),
    request_body = ScorecardUpdate,
    responses(
        (status = 200, description = "Saved; the scorecards the caller may read", body = ScorecardsBody),
        EmployerOnly,
        NoSuchApplication,
        (status = 422, description = "No rating, a rating outside 1–4, a criterion the job does not rate, or a note too long", body = ErrorBody),
    ))]
pub(crate) async fn write_scorecard(
    state: AppState,
    id: String,
    bearer: Bearer,
    body: Json<ScorecardUpdate>,
) -> Answer<impl warp::Reply> {
    let (member, body) = bearer.member_and_body(&state, body).await?;
    let job = reached_application(&state, &member, &id).await?;
    let criteria = criteria_of(&state, &member, &job).await?;
    let note = body.note.trim();
    let ratings = scorecard::check_scorecard(&criteria, &body.ratings, note).map_err(|why| {
        let field = if why == scorecard::MSG_NOTE_TOO_LONG {
            "note"
        } else {
            "ratings"
        };
        ApiError::field(field, why)
    })?;
    let (_, author_name) =
        crate::team::store::names(&state.db, &member.company, member.actor()).await?;
    let card = NewScorecard {
        application: &id,
        author: member.actor(),
        author_name: &author_name,
        ratings: &ratings,
        note,
    };
    store::save_scorecard(&state.db, card, state.now_ms()).await?;
    member.audit(&state, "scorecard_written", &id, None).await;
    Ok(warp::reply::json(
        &scorecards_for(&state, &member, &id, criteria).await?,
    ))
}

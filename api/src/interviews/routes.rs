//! `PUT|DELETE /api/v1/employer/applications/{id}/interview` (propose or cancel),
//! `POST /api/v1/applications/{id}/interview` (the candidate picks a time), and each side's
//! `…/interview.ics` download.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::reply::Response;

use jobtap_core::interview_invite as invite;

use crate::auth::extract::{Bearer, EmployerOnly, bearer};
use crate::auth::member::Member;
use crate::employer::application_routes::NoSuchApplication;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, Json, download::attachment, json_body, one_of, route, with_state};
use crate::state::AppState;

use super::store::{self, InterviewView, Outcome, Proposal, Scope};
use super::{ics, read, zone};

const MSG_APPLICATION_NOT_FOUND: &str = "Application not found";
const MSG_NO_INTERVIEW: &str = "No interview to cancel";
const MSG_NO_EVENT: &str = "No calendar event yet: it comes once a time is picked";

/// The employer's proposal: up to three times on the wall clock of `time_zone`.
#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
pub struct ProposeBody {
    /// An IANA time zone (`Africa/Harare`).
    time_zone: String,
    /// Each `YYYY-MM-DDTHH:MM` in `time_zone`, as a `datetime-local` field gives it.
    slots: Vec<String>,
    /// One of core's lengths (15, 30, 45, 60, 90 or 120).
    duration_minutes: u32,
    /// A place in words or a video link (`https://…`).
    location: String,
}

/// The candidate's pick.
#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
pub struct ChoiceBody {
    /// The `position` of one of the proposed times.
    position: Option<usize>,
}

/// The interview after a change, and what to tell the person.
#[derive(Serialize, utoipa::ToSchema)]
pub struct InterviewBody {
    interview: Option<InterviewView>,
    message: String,
}

/// The routes of both sides.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let with = {
        let state = state.clone();
        move || with_state(state.clone())
    };
    let propose_route = route!(warp::path!("employer" / "applications" / String / "interview");
        warp::put(), with(), bearer(), json_body() => propose);
    let cancel_route = route!(warp::path!("employer" / "applications" / String / "interview");
        warp::delete(), with(), bearer() => cancel);
    let employer_file = route!(warp::path!("employer" / "applications" / String / "interview.ics");
        warp::get(), with(), bearer() => employer_calendar);
    let choose_route = route!(warp::path!("applications" / String / "interview");
        warp::post(), with(), bearer(), json_body() => choose);
    let candidate_file = route!(warp::path!("applications" / String / "interview.ics");
        warp::get(), with(), bearer() => candidate_calendar);
    one_of!(
        propose_route,
        cancel_route,
        employer_file,
        choose_route,
        candidate_file
    )
}

/// The proposal as instants, checked by core's rules; a 422 on the field at fault.
fn read_proposal(body: &ProposeBody, now: i64) -> Result<Proposal, ApiError> {
    let zone = zone::parse(&body.time_zone)
        .ok_or_else(|| ApiError::field("time_zone", invite::MSG_TIME_ZONE))?;
    let starts = body
        .slots
        .iter()
        .filter(|s| !s.trim().is_empty())
        .map(|s| zone::instant(zone, s))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|why| ApiError::field("slots", why))?;
    let field = |why: &'static str| match why {
        invite::MSG_DURATION => "duration_minutes",
        invite::MSG_LOCATION_BLANK | invite::MSG_LOCATION_TOO_LONG | invite::MSG_LINK_SCHEME => {
            "location"
        }
        _ => "slots",
    };
    let place = invite::check_proposal(&starts, body.duration_minutes, &body.location, now)
        .map_err(|why| ApiError::field(field(why), why))?;
    Ok(Proposal {
        zone,
        starts,
        duration_minutes: body.duration_minutes,
        place,
    })
}

/// The interview of application `id` as `scope` sees it after a change of theirs, recorded as
/// `event` under the member who made it (`by`; the candidate where there is none); the change
/// may have queued e-mail.
async fn changed(
    state: &AppState,
    scope: Scope<'_>,
    by: Option<&Member>,
    id: &str,
    event: &'static str,
    detail: Option<serde_json::Value>,
    now: i64,
) -> Result<Option<InterviewView>, ApiError> {
    match by {
        Some(member) => member.audit_with_mail(state, event, id, detail).await,
        None => state.audit_with_mail(event, scope.user(), id, detail).await,
    }
    Ok(read::view(&state.db, scope, id, now).await?)
}

#[utoipa::path(put, path = "/api/v1/employer/applications/{id}/interview", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The application's id")),
    request_body = ProposeBody,
    responses(
        (status = 200, description = "Proposed (a new proposal replaces the last); the candidate is told", body = InterviewBody),
        EmployerOnly,
        NoSuchApplication,
        (status = 409, description = "The application is not in the Interview stage", body = ErrorBody),
        (status = 422, description = "A time, the time zone, the length or the place is not valid", body = ErrorBody),
    ))]
async fn propose(
    id: String,
    state: AppState,
    bearer: Bearer,
    body: Json<ProposeBody>,
) -> Answer<impl warp::Reply> {
    let (member, body) = bearer.recruiter_and_body(&state, body).await?;
    let now = state.now_ms();
    if !read::in_scope(&state.db, Scope::Employer(&member.company), &id).await? {
        return Err(ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into()));
    }
    let proposal = read_proposal(&body, now)?;
    match store::propose(
        &state.db,
        &state.config.mail,
        &member.company,
        member.actor(),
        &id,
        &proposal,
        now,
    )
    .await?
    {
        Outcome::Done => {}
        Outcome::NotFound => return Err(ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into())),
        Outcome::Refused(why) => return Err(ApiError::Conflict(why.into())),
    }
    let detail = serde_json::json!({
        "slots": proposal.starts.len(),
        "time_zone": proposal.zone.name(),
    });
    let scope = Scope::Employer(&member.company);
    let interview = changed(
        &state,
        scope,
        Some(&member),
        &id,
        "interview_proposed",
        Some(detail),
        now,
    )
    .await?;
    Ok(warp::reply::json(&InterviewBody {
        interview,
        message: "Interview times sent to the candidate".into(),
    }))
}

#[utoipa::path(delete, path = "/api/v1/employer/applications/{id}/interview", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The application's id")),
    responses(
        (status = 200, description = "Cancelled; an event already in calendars is cancelled there too", body = InterviewBody),
        EmployerOnly,
        (status = 404, description = "No such application, or no interview to cancel", body = ErrorBody),
    ))]
async fn cancel(id: String, state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    let now = state.now_ms();
    match store::cancel(&state.db, &state.config.mail, &member.company, &id, now).await? {
        Outcome::Done => {}
        Outcome::NotFound | Outcome::Refused(_) => {
            return Err(ApiError::NotFound(MSG_NO_INTERVIEW.into()));
        }
    }
    let scope = Scope::Employer(&member.company);
    let interview = changed(
        &state,
        scope,
        Some(&member),
        &id,
        "interview_cancelled",
        None,
        now,
    )
    .await?;
    Ok(warp::reply::json(&InterviewBody {
        interview,
        message: "Interview cancelled".into(),
    }))
}

#[utoipa::path(post, path = "/api/v1/applications/{id}/interview", tag = "applications",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The application's id")),
    request_body = ChoiceBody,
    responses(
        (status = 200, description = "Booked: the calendar event goes to both sides", body = InterviewBody),
        (status = 404, description = "No such application of the caller's", body = ErrorBody),
        (status = 409, description = "No times to pick from now, or that time has passed", body = ErrorBody),
        (status = 422, description = "Not one of the proposed times", body = ErrorBody),
    ))]
async fn choose(
    id: String,
    state: AppState,
    bearer: Bearer,
    body: Json<ChoiceBody>,
) -> Answer<impl warp::Reply> {
    let (user, body) = bearer.user_and_body(&state, body).await?;
    let now = state.now_ms();
    if !read::in_scope(&state.db, Scope::Candidate(&user.id), &id).await? {
        return Err(ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into()));
    }
    let position = body
        .position
        .ok_or_else(|| ApiError::field("position", invite::MSG_PICK_A_SLOT))?;
    match store::choose(&state.db, &state.config.mail, &user.id, &id, position, now).await? {
        Outcome::Done => {}
        Outcome::NotFound => return Err(ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into())),
        Outcome::Refused(invite::MSG_PICK_A_SLOT) => {
            return Err(ApiError::field("position", invite::MSG_PICK_A_SLOT));
        }
        Outcome::Refused(why) => return Err(ApiError::Conflict(why.into())),
    }
    let detail = serde_json::json!({ "position": position });
    let scope = Scope::Candidate(&user.id);
    let interview = changed(
        &state,
        scope,
        None,
        &id,
        "interview_scheduled",
        Some(detail),
        now,
    )
    .await?;
    let when = interview
        .as_ref()
        .and_then(|i| i.booked.as_ref())
        .map(|b| b.label.clone())
        .unwrap_or_default();
    Ok(warp::reply::json(&InterviewBody {
        interview,
        message: format!("Interview booked: {when}"),
    }))
}

#[utoipa::path(get, path = "/api/v1/employer/applications/{id}/interview.ics", tag = "employer",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The application's id")),
    responses(
        (status = 200, description = "The interview's calendar event as last issued (iCalendar)", content_type = "text/calendar"),
        EmployerOnly,
        (status = 404, description = "No such application, or no event yet", body = ErrorBody),
    ))]
async fn employer_calendar(id: String, state: AppState, bearer: Bearer) -> Answer<Response> {
    let member = bearer.member(&state).await?;
    if !member.reaches_application(&state.db, &id).await? {
        return Err(ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into()));
    }
    calendar(&state, Scope::Employer(&member.company), &id).await
}

#[utoipa::path(get, path = "/api/v1/applications/{id}/interview.ics", tag = "applications",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The application's id")),
    responses(
        (status = 200, description = "The interview's calendar event as last issued (iCalendar)", content_type = "text/calendar"),
        (status = 404, description = "No such application of the caller's, or no event yet", body = ErrorBody),
    ))]
async fn candidate_calendar(id: String, state: AppState, bearer: Bearer) -> Answer<Response> {
    let user = bearer.user(&state).await?;
    calendar(&state, Scope::Candidate(&user.id), &id).await
}

async fn calendar(state: &AppState, scope: Scope<'_>, id: &str) -> Answer<Response> {
    let (text, cancelled) =
        read::calendar_file(&state.db, scope, id, &state.config.mail.public_url)
            .await?
            .ok_or_else(|| ApiError::NotFound(MSG_NO_EVENT.into()))?;
    Ok(attachment(
        text.into_bytes().into(),
        ics::FILE_NAME,
        ics::content_type(cancelled),
        "private, no-store",
    ))
}

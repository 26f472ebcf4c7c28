//! `GET /api/v1/employer/applications/export.csv`: the applications to the caller's
//! jobs as a spreadsheet file, through the same filters as the dashboard. The cells
//! are made formula-safe by core ([`jobtap_core::csv_export`]).

use bytes::Bytes;
use warp::Filter;
use warp::reply::Response;

use jobtap_core::csv_export::{ApplicationRow, applications_csv};

use crate::accounts::store::Role;
use crate::auth::extract::{Bearer, EmployerOnly, bearer};
use crate::error::ApiError;
use crate::http::{Answer, download::attachment, route, with_state};
use crate::state::AppState;

use super::applications::{self as apps, EmployerApplication, Filters};

pub const FILE_NAME: &str = "applications.csv";
pub const CONTENT_TYPE: &str = "text/csv; charset=utf-8";

/// GET /api/v1/employer/applications/export.csv?days&min_experience&min_degree
pub fn route(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    route!(warp::path!("employer" / "applications" / "export.csv");
        warp::get(), with_state(state.clone()), bearer(), crate::http::query::<Filters>() => export_csv)
}

#[utoipa::path(get, path = "/api/v1/employer/applications/export.csv", tag = "employer",
    security(("bearer" = [])),
    params(Filters),
    responses(
        (status = 200, description = "The applications to the caller's jobs as CSV (job title, \
            candidate name, email, status, fit score, applied at, feedback to the candidate, private note); cells that would \
            start a spreadsheet formula are prefixed with '", content_type = "text/csv", body = String),
        EmployerOnly,
    ))]
pub(crate) async fn export_csv(
    state: AppState,
    bearer: Bearer,
    filters: Result<Filters, ApiError>,
) -> Answer<Response> {
    let user = bearer.user_with(&state, Role::Employer).await?;
    let filters = filters?;
    let list = apps::list_all(&state.db, &user.id, &filters, state.now_ms()).await?;
    let rows: Vec<ApplicationRow> = list.into_iter().map(row).collect();
    Ok(attachment(
        Bytes::from(applications_csv(&rows)),
        FILE_NAME,
        CONTENT_TYPE,
        "no-store",
    ))
}

fn row(application: EmployerApplication) -> ApplicationRow {
    ApplicationRow {
        job_title: application.job_title,
        candidate_name: application.candidate_name,
        email: application.candidate_email,
        status: application.status.status,
        fit_score: application.score_percentage,
        applied_at_ms: application.applied_at,
        comment: application.employer_comment,
        private_note: application.private_note,
    }
}

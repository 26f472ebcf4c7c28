//! `GET /api/v1/employer/applications/export.csv`: the applications to the caller's
//! jobs as a spreadsheet file, through the same filters as the dashboard, or only those
//! selected. The cells are made formula-safe by core ([`jobtap_core::csv_export`]).

use bytes::Bytes;
use serde::Deserialize;
use warp::Filter;
use warp::reply::Response;

use jobtap_core::csv_export::{ApplicationRow, applications_csv};
use jobtap_core::pipeline::bulk_ids;

use crate::auth::extract::{Bearer, EmployerOnly, bearer};
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, download::attachment, route, with_state};
use crate::state::AppState;

use super::applications::{self as apps, EmployerApplication, Filters};

pub const FILE_NAME: &str = "applications.csv";
pub const CONTENT_TYPE: &str = "text/csv; charset=utf-8";

/// The applications chosen in the list, instead of the filters.
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct Selection {
    /// The selected applications' ids, comma-separated (at most 200): only those of them that
    /// are the caller's are exported, and the filters are not applied.
    pub ids: Option<String>,
}

/// GET /api/v1/employer/applications/export.csv?days&min_experience&min_degree&ids
pub fn route(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    route!(warp::path!("employer" / "applications" / "export.csv");
        warp::get(), with_state(state.clone()), bearer(), crate::http::query::<Filters>(),
        crate::http::query::<Selection>() => export_csv)
}

#[utoipa::path(get, path = "/api/v1/employer/applications/export.csv", tag = "employer",
    security(("bearer" = [])),
    params(Filters, Selection),
    responses(
        (status = 200, description = "The applications to the caller's jobs as CSV (job title, \
            candidate name, email, status, fit score, applied at, feedback to the candidate, private note); cells that would \
            start a spreadsheet formula are prefixed with '", content_type = "text/csv", body = String),
        EmployerOnly,
        (status = 422, description = "`ids` given but empty, or more than 200", body = ErrorBody),
    ))]
pub(crate) async fn export_csv(
    state: AppState,
    bearer: Bearer,
    filters: Result<Filters, ApiError>,
    selection: Result<Selection, ApiError>,
) -> Answer<Response> {
    let member = bearer.recruiter(&state).await?;
    let filters = filters?;
    let selected = match selection?.ids {
        None => None,
        Some(ids) => {
            let ids: Vec<String> = ids.split(',').map(str::to_string).collect();
            Some(bulk_ids(&ids).map_err(|why| ApiError::field("ids", why))?)
        }
    };
    let list = match &selected {
        None => apps::list_all(&state.db, &member.company, &filters, state.now_ms()).await?,
        Some(ids) => {
            let mut all = apps::list_all(
                &state.db,
                &member.company,
                &Filters::default(),
                state.now_ms(),
            )
            .await?;
            all.retain(|a| ids.contains(&a.id));
            all
        }
    };
    // Who took which applicants out of JobTap, for the company's admins.
    let ids: Vec<&str> = list.iter().map(|a| a.id.as_str()).collect();
    let detail = serde_json::json!({ "count": ids.len(), "applications": ids });
    member
        .audit(
            &state,
            "applications_exported",
            &member.company,
            Some(detail),
        )
        .await;
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

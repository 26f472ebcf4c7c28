//! `GET /api/v1/settings`: what the server's configuration decides and the browser must know
//! before it sends anything (one import's limits, set by `JOBTAP_IMPORT_MAX_ROWS` and
//! `JOBTAP_IMPORT_MAX_BYTES`). Fixed lists and limits reach the browser through core's
//! generated catalogue instead; this answers only what a deployment can change.

use serde::Serialize;
use warp::Filter;
use warp::reply::Response;

use jobtap_core::csv_import::ImportLimits;

use crate::state::AppState;

/// The settings; the same for every caller, so public.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Settings {
    /// What one CSV import may hold; beyond it the import answers 413.
    #[schema(value_type = crate::http::core_schemas::ImportLimitsSchema)]
    import_limits: ImportLimits,
    /// What the browser previews of a chosen file (core's multiple of one import).
    #[schema(value_type = crate::http::core_schemas::ImportLimitsSchema)]
    preview_limits: ImportLimits,
    /// One import's limits in words, e.g. "10,000 jobs and 5 MB".
    import_limits_text: String,
}

/// GET /api/v1/settings.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let import_limits = state.config.import_limits;
    warp::path!("settings")
        .and(warp::get())
        .map(move || settings(import_limits))
}

#[utoipa::path(get, path = "/api/v1/settings", tag = "meta",
    responses((status = 200, description = "What this server's configuration decides", body = Settings)))]
fn settings(import_limits: ImportLimits) -> Response {
    use warp::Reply as _;
    // Like every API answer, not cached by HTTP: the web app keeps it for the visit instead.
    warp::reply::json(&Settings {
        import_limits,
        preview_limits: import_limits.for_preview(),
        import_limits_text: import_limits.describe(),
    })
    .into_response()
}

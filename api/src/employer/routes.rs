//! Every employer route (`/api/v1/employer/…`, employer role required, checked by each
//! handler) joined in one tree, and the public `/api/v1/logos/{name}`.

use warp::Filter;
use warp::reply::Response;

use crate::error::ErrorBody;
use crate::http::{Answer, one_of, route, with_state};
use crate::state::AppState;

use super::logos;

/// Every employer route, and the public logos.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    // GET /api/v1/logos/{name} (public)
    let logo = route!(warp::path!("logos" / String);
        warp::get(), with_state(state.clone()) => logo);
    // Before the applications: `export.csv`, `bulk` and `rejected` would otherwise be taken
    // for an id.
    one_of!(
        super::export::route(state),
        super::bulk_routes::routes(state),
        super::retention::routes(state),
        super::email_templates::routes(state),
        super::company::routes(state),
        super::stage_routes::routes(state),
        super::job_routes::routes(state),
        super::document_preview::routes(state),
        super::rejected_routes::routes(state),
        super::application_routes::routes(state),
        super::overview_routes::routes(state),
        logo,
    )
}

#[utoipa::path(get, path = "/api/v1/logos/{name}", tag = "employer",
    params(("name" = String, Path, description = "The logo's file name")),
    responses(
        (status = 200, description = "The logo", content_type = "image/*", body = [u8]),
        (status = 404, description = "No such logo", body = ErrorBody),
    ))]
async fn logo(name: String, state: AppState) -> Answer<Response> {
    logos::serve(&state, &name).await
}

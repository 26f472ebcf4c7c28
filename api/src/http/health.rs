//! Liveness and readiness.

use serde::Serialize;
use warp::http::StatusCode;
use warp::reply::Response;
use warp::{Filter, Reply};

use crate::db::DbKind;
use crate::state::AppState;

#[derive(Serialize, utoipa::ToSchema)]
struct Health {
    /// `ok`, or `degraded` when the database does not answer.
    status: &'static str,
    version: &'static str,
    database: DatabaseHealth,
}

#[derive(Serialize, utoipa::ToSchema)]
struct DatabaseHealth {
    kind: DbKind,
    reachable: bool,
}

/// GET /api/v1/health — the database kind and whether it answers (503 when not).
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    warp::path!("health")
        .and(warp::get())
        .and(super::with_state(state.clone()))
        .then(health)
}

#[utoipa::path(get, path = "/api/v1/health", tag = "meta",
    responses(
        (status = 200, description = "The server and its database answer", body = Health),
        (status = 503, description = "The database does not answer", body = Health),
    ))]
pub(crate) async fn health(state: AppState) -> Response {
    let reachable = state.db.ping().await.is_ok();
    let body = Health {
        status: if reachable { "ok" } else { "degraded" },
        version: env!("CARGO_PKG_VERSION"),
        database: DatabaseHealth {
            kind: state.db.kind(),
            reachable,
        },
    };
    let status = if reachable {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    warp::reply::with_status(warp::reply::json(&body), status).into_response()
}

//! Liveness and readiness.

use std::time::Duration;

use serde::Serialize;
use warp::http::StatusCode;
use warp::reply::Response;
use warp::{Filter, Reply};

use crate::db::DbKind;
use crate::http::one_of;
use crate::state::AppState;

/// How long readiness waits for each dependency: a load balancer's probe must get an answer.
const READY_CHECK_TIMEOUT: Duration = Duration::from_secs(2);

#[derive(Serialize, utoipa::ToSchema)]
struct Health {
    /// `ok` while the process serves; `degraded` when the database does not answer.
    status: &'static str,
    version: &'static str,
    database: DatabaseHealth,
}

#[derive(Serialize, utoipa::ToSchema)]
struct DatabaseHealth {
    kind: DbKind,
    reachable: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
struct Readiness {
    /// `ready` when the database and the file store both answer, else `not_ready`.
    status: &'static str,
    database: DatabaseHealth,
    storage: StorageHealth,
}

#[derive(Serialize, utoipa::ToSchema)]
struct StorageHealth {
    reachable: bool,
}

/// GET /api/v1/health (liveness) and GET /api/v1/ready (readiness).
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let health_route = warp::path!("health")
        .and(warp::get())
        .and(crate::http::with_state(state.clone()))
        .then(health);
    let ready_route = warp::path!("ready")
        .and(warp::get())
        .and(crate::http::with_state(state.clone()))
        .then(ready);
    one_of!(health_route, ready_route)
}

#[utoipa::path(get, path = "/api/v1/health", tag = "meta",
    responses(
        (status = 200, description = "The process serves (liveness); the body says whether the database answers", body = Health),
    ))]
pub(crate) async fn health(state: AppState) -> Response {
    let reachable = database_answers(&state).await;
    let body = Health {
        status: if reachable { "ok" } else { "degraded" },
        version: env!("CARGO_PKG_VERSION"),
        database: DatabaseHealth {
            kind: state.db.kind(),
            reachable,
        },
    };
    // Liveness: a lost database is not cured by restarting this process.
    warp::reply::json(&body).into_response()
}

#[utoipa::path(get, path = "/api/v1/ready", tag = "meta",
    responses(
        (status = 200, description = "The database and the file store answer: send traffic here", body = Readiness),
        (status = 503, description = "The database or the file store does not answer", body = Readiness),
    ))]
pub(crate) async fn ready(state: AppState) -> Response {
    let (database, storage) = tokio::join!(database_answers(&state), async {
        matches!(
            tokio::time::timeout(READY_CHECK_TIMEOUT, state.storage.ready()).await,
            Ok(Ok(()))
        )
    });
    let body = Readiness {
        status: if database && storage {
            "ready"
        } else {
            "not_ready"
        },
        database: DatabaseHealth {
            kind: state.db.kind(),
            reachable: database,
        },
        storage: StorageHealth { reachable: storage },
    };
    let status = if database && storage {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    warp::reply::with_status(warp::reply::json(&body), status).into_response()
}

async fn database_answers(state: &AppState) -> bool {
    matches!(
        tokio::time::timeout(READY_CHECK_TIMEOUT, state.db.ping()).await,
        Ok(Ok(()))
    )
}

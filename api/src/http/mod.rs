//! The HTTP toolbox every area uses: filters for the state, bodies and queries, downloads,
//! compression and the web app's files. It imports no area; the route tree (`crate::routes`)
//! joins the areas.

pub mod body;
pub mod compress;
pub mod core_schemas;
pub mod download;
pub mod web;

use std::convert::Infallible;
use std::marker::PhantomData;

use serde::de::DeserializeOwned;
use warp::Filter;

use crate::state::AppState;

/// Largest JSON body any route accepts; uploads use multipart with their own limits.
pub const JSON_BODY_LIMIT: u64 = 256 * 1024;

/// Injects the application state.
pub fn with_state(
    state: AppState,
) -> impl Filter<Extract = (AppState,), Error = Infallible> + Clone {
    warp::any().map(move || state.clone())
}

/// The start of every route of an area under `segment`: the path segment, then the state.
pub fn under(
    segment: &'static str,
    state: &AppState,
) -> impl Filter<Extract = (AppState,), Error = warp::Rejection> + Clone + use<> {
    warp::path(segment).and(with_state(state.clone()))
}

/// A JSON body of at most [`JSON_BODY_LIMIT`] bytes, sent with a length or chunked, still
/// unread: the handler checks the caller first and then [`Json::read`]s it, so a request
/// without a token gets 401 (and a wrong role 403) whatever its body, and nobody's body is
/// read before they are known.
pub fn json_body<T: DeserializeOwned + Send + 'static>()
-> impl Filter<Extract = (Json<T>,), Error = warp::Rejection> + Clone {
    body::raw().map(|raw| Json {
        raw,
        wanted: PhantomData,
    })
}

/// A request's JSON body as `T`, read when the handler asks.
pub struct Json<T> {
    raw: body::RawBody,
    wanted: PhantomData<fn() -> T>,
}

impl<T: DeserializeOwned> Json<T> {
    /// The body as `T`, or the 413, 415 or 400 that says why not.
    pub async fn read(self) -> Answer<T> {
        self.raw
            .json(JSON_BODY_LIMIT)
            .await
            .map_err(|err| crate::error::ApiError::from(&err))
    }
}

/// The query string as `T`, or the 400 to answer once the handler has checked the caller.
///
/// A plain `warp::query` rejects, and warp then prefers another route's 405 when the path also
/// matches a sibling's `{id}` (`/applications/export.csv` vs `DELETE /applications/{id}`).
pub fn query<T: DeserializeOwned + Send + 'static>()
-> impl Filter<Extract = (Result<T, crate::error::ApiError>,), Error = Infallible> + Clone {
    warp::query::<T>().map(Ok).or_else(|_| async {
        Ok::<_, Infallible>((Err(crate::error::ApiError::BadRequest(
            "Invalid query string".into(),
        )),))
    })
}

/// What a handler answers: a reply, or the error [`crate::error::reply`] turns into one.
pub type Answer<T> = Result<T, crate::error::ApiError>;

/// One route: `$base` (the area's prefix and the state), then each filter (the rest of the
/// path, the method, the caller, the body), answered by `$handler`, an async function of what
/// they extract in that order, through [`crate::error::reply`].
macro_rules! route {
    ($base:expr; $($filter:expr),+ => $handler:expr) => {
        $base$(.and($filter))+.then($handler).map($crate::error::reply)
    };
}

/// The first of `$route`s that matches, each boxed so the tree's type stays small.
macro_rules! one_of {
    ($first:expr $(, $route:expr)* $(,)?) => {
        $first.boxed()$(.or($route.boxed()).unify())*
    };
}
pub(crate) use {one_of, route};

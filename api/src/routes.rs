//! Every route of the server in one tree: the API's areas under `/api/v1`, the alert and
//! listing pages, then the web app. Areas never import it; it imports every area.

use std::convert::Infallible;

use warp::Filter;
use warp::http::HeaderValue;
use warp::reply::Response;

use crate::http::{compress, web};
use crate::state::AppState;

/// Every route: the API under `/api/v1`, then the web app.
///
/// Each area's routes, and the routes inside the larger areas, are boxed before they are joined:
/// nested unboxed, their filter types make the compiler instantiate the same generic code for
/// every level of nesting, most of the server's build time.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = Infallible> + Clone + use<> {
    let api = warp::path!("api" / "v1" / ..)
        .and(warp::header::optional::<String>("accept-encoding"))
        .and(
            crate::meta::health::routes(state)
                .boxed()
                .or(crate::openapi::routes().boxed())
                .unify()
                .or(crate::meta::settings::routes(state).boxed())
                .unify()
                .or(crate::auth::routes::routes(state).boxed())
                .unify()
                .or(crate::auth::reset_routes::routes(state).boxed())
                .unify()
                .or(crate::auth::confirm_routes::routes(state).boxed())
                .unify()
                .or(crate::auth::session_routes::routes(state).boxed())
                .unify()
                .or(crate::profile::routes::routes(state).boxed())
                .unify()
                .or(crate::documents::routes::routes(state).boxed())
                .unify()
                .or(crate::job_import::routes::routes(state).boxed())
                .unify()
                .or(crate::job_import::already_posted::routes(state).boxed())
                .unify()
                .or(crate::interviews::routes::routes(state).boxed())
                .unify()
                .or(crate::employer::routes::routes(state).boxed())
                .unify()
                .or(crate::team::routes::routes(state).boxed())
                .unify()
                .or(crate::team::join::routes(state).boxed())
                .unify()
                .or(crate::hiring::routes::routes(state).boxed())
                .unify()
                .or(crate::team::log::routes(state).boxed())
                .unify()
                .or(crate::feed::routes::routes(state).boxed())
                .unify()
                .or(crate::alerts::routes::routes(state).boxed())
                .unify()
                .or(crate::notifications::routes::routes(state).boxed())
                .unify()
                .or(crate::applications::routes::routes(state).boxed())
                .unify()
                .or(crate::ai::features::routes(state).boxed())
                .unify()
                .or(crate::resume_export::routes(state).boxed())
                .unify()
                .or(crate::accounts::routes::routes(state).boxed())
                .unify(),
        )
        .then(compress::answer)
        .map(|mut response: Response| {
            response
                .headers_mut()
                .insert("cache-control", HeaderValue::from_static("no-store"));
            response
        })
        // One type for the API's routes: their nested filter types otherwise outgrow the
        // compiler's limit on how deep a type's layout may go.
        .boxed();
    api.or(crate::alerts::pages::routes(state).boxed())
        .unify()
        .or(crate::listings::routes::routes(state).boxed())
        .unify()
        .or(web::routes(&state.config.web_dir).boxed())
        .unify()
        .recover(crate::error::recover)
        .unify()
        .map(security_headers)
}

/// Headers every response carries, API and web app alike.
fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    // A page may ask for less (the alert pages, whose address holds a token).
    headers
        .entry("referrer-policy")
        .or_insert(HeaderValue::from_static("strict-origin-when-cross-origin"));
    headers.insert("x-frame-options", HeaderValue::from_static("DENY"));
    response
}

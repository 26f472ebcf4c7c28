//! The pages the alert e-mails link to, served as plain HTML (they work without the app's code,
//! signed in or not, on any device the e-mail is read on):
//!
//! - `GET /alerts/confirm?token=…` asks to confirm; `POST` (its button) confirms. Opening the
//!   link alone changes nothing, so a mail scanner that fetches links cannot subscribe anyone.
//! - `GET /alerts/unsubscribe?token=…` asks to stop the alerts; `POST` stops them. The `POST` is
//!   also RFC 8058's one-click unsubscribe (`List-Unsubscribe-Post`), sent by mail apps.
//!
//! A link that is unknown or expired gets a page saying so and what to do, never an error.

use warp::Filter;
use warp::http::StatusCode;
use warp::reply::Response;

use jobtap_core::alerts::CONFIRM_LINK_DAYS;

use crate::mail::message::escape_html;
use crate::state::AppState;

use super::store::{self, Link};

/// The pages' routes.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let state = state.clone();
    // Pages, not API routes: outside `/api/v1` and its document.
    warp::path("alerts")
        .and(warp::path::param::<String>())
        .and(warp::path::end())
        .and(warp::method())
        .and(token())
        .and_then(
            move |page: String, method: warp::http::Method, token: String| {
                let state = state.clone();
                async move {
                    let post = method == warp::http::Method::POST;
                    if !(post
                        || method == warp::http::Method::GET
                        || method == warp::http::Method::HEAD)
                    {
                        return Err(warp::reject::not_found());
                    }
                    let answer = match page.as_str() {
                        "confirm" => confirm(&state, &token, post).await,
                        "unsubscribe" => unsubscribe(&state, &token, post).await,
                        _ => return Err(warp::reject::not_found()),
                    };
                    Ok(answer.unwrap_or_else(|err| {
                        tracing::error!(error = %err, "an alert page could not read the database");
                        page_response(
                            StatusCode::SERVICE_UNAVAILABLE,
                            "Please try again",
                            "<p>JobTap could not open this link just now. Nothing was changed. \
                         Please try again in a minute.</p>",
                            "",
                        )
                    }))
                }
            },
        )
}

/// The `token` of the query string, or "" without one.
fn token() -> impl Filter<Extract = (String,), Error = std::convert::Infallible> + Clone {
    warp::query::raw()
        .or(warp::any().map(String::new))
        .unify()
        .map(|query: String| {
            url::form_urlencoded::parse(query.as_bytes())
                .find(|(key, _)| key == "token")
                .map(|(_, value)| value.trim().to_string())
                .unwrap_or_default()
        })
}

async fn confirm(state: &AppState, token: &str, post: bool) -> Result<Response, sqlx::Error> {
    let now = state.now_ms();
    let link = if token.is_empty() {
        Link::Unknown
    } else if post {
        store::confirm(&state.db, token, now).await?
    } else {
        store::confirm_link(&state.db, token, now).await?
    };
    Ok(match link {
        Link::Live {
            email,
            confirmed: true,
        } => page_response(
            StatusCode::OK,
            "Your job alerts are on",
            &format!(
                "<p>JobTap will e-mail <strong>{}</strong> new jobs, at most once a day: those \
                 that fit your profile, or every new job until your profile is complete.</p>\
                 <p>Every alert has a link to stop them.</p>",
                escape_html(&email)
            ),
            "<a class=\"button\" href=\"/jobs\">Go to your feed</a>",
        ),
        Link::Live {
            email,
            confirmed: false,
        } => page_response(
            StatusCode::OK,
            "Confirm your job alerts",
            &format!(
                "<p>Start e-mails of new jobs to <strong>{}</strong>, at most once a day: those \
                 that fit your profile, or every new job until your profile is complete.</p>",
                escape_html(&email)
            ),
            &form("confirm", token, "Confirm job alerts"),
        ),
        Link::Expired => page_response(
            StatusCode::GONE,
            "This confirmation link has expired",
            &format!(
                "<p>Confirmation links work for {CONFIRM_LINK_DAYS} days. Subscribe again at \
                 the end of your JobTap feed to get a new one.</p>"
            ),
            "<a class=\"button\" href=\"/jobs\">Go to your feed</a>",
        ),
        Link::Unknown => page_response(
            StatusCode::NOT_FOUND,
            "This confirmation link is not valid",
            "<p>Check that the whole link was copied from the e-mail, or subscribe again at \
             the end of your JobTap feed.</p>",
            "<a class=\"button\" href=\"/jobs\">Go to your feed</a>",
        ),
    })
}

async fn unsubscribe(state: &AppState, token: &str, post: bool) -> Result<Response, sqlx::Error> {
    let email = if token.is_empty() {
        None
    } else if post {
        store::unsubscribe(&state.db, token).await?
    } else {
        store::unsubscribe_link(&state.db, token).await?
    };
    Ok(match email {
        Some(email) if post => page_response(
            StatusCode::OK,
            "You are unsubscribed",
            &format!(
                "<p>No more job alerts will be sent to <strong>{}</strong>.</p>",
                escape_html(&email)
            ),
            "<a class=\"button\" href=\"/\">Go to JobTap</a>",
        ),
        Some(email) => page_response(
            StatusCode::OK,
            "Stop job alerts?",
            &format!(
                "<p>JobTap will stop e-mailing new jobs to <strong>{}</strong>.</p>",
                escape_html(&email)
            ),
            &form("unsubscribe", token, "Unsubscribe"),
        ),
        None => page_response(
            StatusCode::NOT_FOUND,
            "This unsubscribe link is not valid",
            "<p>These alerts may be off already: an address that has unsubscribed gets no more \
             job alerts. Check that the whole link was copied from the e-mail.</p>",
            "<a class=\"button\" href=\"/\">Go to JobTap</a>",
        ),
    })
}

/// A button that posts back to this page's own link.
fn form(page: &str, token: &str, label: &str) -> String {
    let action: String = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("token", token)
        .finish();
    format!(
        "<form method=\"post\" action=\"/alerts/{page}?{}\"><button type=\"submit\">{}</button></form>",
        escape_html(&action),
        escape_html(label)
    )
}

/// The page frame: the product's name, a heading, the text and an action.
fn page_response(status: StatusCode, title: &str, body: &str, action: &str) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title} · JobTap</title><style>{STYLE}</style></head><body><main>\
         <p class=\"brand\">JobTap</p><h1>{title}</h1>{body}{action}</main></body></html>",
        title = escape_html(title),
    );
    let policy = crate::http::web::CONTENT_SECURITY_POLICY;
    crate::http::web::token_page(status, html, policy)
}

const STYLE: &str = "body{margin:0;font-family:system-ui,-apple-system,sans-serif;color:#0f172a;\
background:#f5f3ff;min-height:100vh;display:flex;align-items:center;justify-content:center}\
main{background:#fff;max-width:28rem;margin:1rem;padding:2rem;border-radius:1.5rem;\
box-shadow:0 10px 30px rgba(76,29,149,.12)}.brand{color:#7c3aed;font-weight:800;font-size:1.25rem;\
margin:0 0 1rem}h1{font-size:1.5rem;margin:0 0 .75rem}p{line-height:1.5;color:#334155}\
button,.button{display:inline-block;margin-top:.5rem;background:#7c3aed;color:#fff;border:0;\
border-radius:.75rem;padding:.75rem 1.25rem;font:inherit;font-weight:600;text-decoration:none;\
cursor:pointer;min-height:44px}button:focus-visible,.button:focus-visible{outline:3px solid #a78bfa;\
outline-offset:2px}";

//! The public pages and feeds of live jobs, outside `/api/v1` (they are read by crawlers and
//! job boards, not the app), answered to GET and HEAD:
//!
//! - `/job/{id}`: the app's page with the job's head ([`super::job_page`]).
//! - `/feeds/jobs.rss`: RSS 2.0 of every live job, newest first, [`FEED_PAGE_SIZE`] a page;
//!   `?cursor=` takes the position the previous page's `next` link names.
//! - `/feeds/employers/{id}/jobs.xml`: one employer's live jobs in the XML job boards ingest
//!   (Indeed's format), paged the same way; 404 for an id that is no employer.
//! - `/sitemap.xml`: the public pages and the newest live jobs' pages; `/robots.txt` names it.
//!
//! Feeds carry `ETag` (a repeat with `If-None-Match` gets 304) and may be cached for five
//! minutes by anyone; a page with more after it says so in a `Link: <…>; rel="next"` header.

use std::future::Future;
use std::sync::Arc;

use sha2::{Digest as _, Sha256};
use warp::Filter;
use warp::Reply as _;
use warp::http::{HeaderValue, StatusCode};
use warp::reply::Response;

use jobtap_core::job_listing::Listing;
use jobtap_core::job_listing::feeds::{
    Channel, FEED_PAGE_SIZE, SITEMAP_MAX_URLS, SitemapUrl, job_board_xml, rss, sitemap,
};

use crate::accounts::store as accounts;
use crate::error::{ApiError, reply};
use crate::feed::cursor;
use crate::http::compress;
use crate::http::web::CONTENT_SECURITY_POLICY;
use crate::jobs::store::{self as jobs, LiveJob, LiveJobs};
use crate::state::AppState;

use super::cache::FeedAnswer;
use super::{Addresses, job_page, job_page_url, listing, path_segment};

/// The feeds' content types.
const RSS: &str = "application/rss+xml; charset=utf-8";
const XML: &str = "application/xml; charset=utf-8";
/// How long anyone may keep a feed without asking again.
const FEED_CACHE_CONTROL: &str = "public, max-age=300";
/// The public pages the sitemap names beside the jobs (those prerendered for visitors).
const PUBLIC_PAGES: [&str; 4] = ["/", "/auth", "/employer/auth", "/hr-api"];

/// The public pages' and feeds' routes.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let with_state = crate::http::with_state(state.clone());
    let cursor = warp::query::raw()
        .or(warp::any().map(String::new))
        .unify()
        .map(|query: String| {
            url::form_urlencoded::parse(query.as_bytes())
                .find(|(key, _)| key == "cursor")
                .map(|(_, value)| value.into_owned())
        });
    let if_none_match = warp::header::optional::<String>("if-none-match");

    let job = warp::path!("job" / String)
        .and(with_state.clone())
        .and_then(|id: String, state: AppState| async move {
            job_page_answer(&state, &id)
                .await
                .ok_or_else(warp::reject::not_found)
        });
    let all_jobs = warp::path!("feeds" / "jobs.rss")
        .and(with_state.clone())
        .and(cursor)
        .and(if_none_match)
        .then(
            |state: AppState, cursor: Option<String>, tag: Option<String>| async move {
                reply(rss_answer(&state, cursor, tag.as_deref()).await)
            },
        );
    let employer_jobs = warp::path!("feeds" / "employers" / String / "jobs.xml")
        .and(with_state.clone())
        .and(cursor)
        .and(if_none_match)
        .then(
            |id: String, state: AppState, cursor: Option<String>, tag: Option<String>| async move {
                reply(board_answer(&state, &id, cursor, tag.as_deref()).await)
            },
        );
    let sitemap_xml = warp::path!("sitemap.xml")
        .and(with_state.clone())
        .and(if_none_match)
        .then(|state: AppState, tag: Option<String>| async move {
            reply(sitemap_answer(&state, tag.as_deref()).await)
        });
    let robots = warp::path!("robots.txt")
        .and(with_state)
        .map(|state: AppState| {
            let mut response = Response::new(robots_txt(&state.config.mail.public_url).into());
            response.headers_mut().insert(
                "content-type",
                HeaderValue::from_static("text/plain; charset=utf-8"),
            );
            response
        });
    warp::get()
        .or(warp::head())
        .unify()
        .and(
            job.or(all_jobs)
                .unify()
                .or(employer_jobs.boxed())
                .unify()
                .or(sitemap_xml.boxed())
                .unify()
                .or(robots.boxed())
                .unify(),
        )
        .and(warp::header::optional::<String>("accept-encoding"))
        .then(|response: Response, accept: Option<String>| compress::answer(accept, response))
}

/// What `robots.txt` says: crawl the pages, not the API, and where the sitemap is.
fn robots_txt(public_url: &str) -> String {
    format!("User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: {public_url}/sitemap.xml\n")
}

/// The job's page, or `None` when it is not live (or the app is not built): the plain
/// client route answers then.
async fn job_page_answer(state: &AppState, id: &str) -> Option<Response> {
    let now = state.now_ms();
    let found = match jobs::newer_twin(&state.db, id, now).await {
        Ok(Some(newer)) => return Some(moved_to(&job_page_url("", &newer))),
        Ok(None) => jobs::live_job(&state.db, id, "", now).await,
        Err(err) => Err(err),
    };
    let job = match found {
        Ok(job) => job?,
        Err(err) => {
            // The plain page still works: the app asks the API, which says what is wrong.
            tracing::warn!(error = %err, "a job page could not read its job");
            return None;
        }
    };
    let index = tokio::fs::read_to_string(state.config.web_dir.join("index.html"))
        .await
        .ok()?;
    let addresses = Addresses::of(&job, &state.config.mail.public_url);
    let head = job_page::head(&listing(&job, &addresses));
    let mut response = Response::new(job_page::with_head(&index, &head).into());
    let headers = response.headers_mut();
    headers.insert(
        "content-type",
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert("cache-control", HeaderValue::from_static("no-cache"));
    headers.insert(
        "content-security-policy",
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    Some(response)
}

/// A permanent move to `location`: an older posting of the same job answers with its newest.
fn moved_to(location: &str) -> Response {
    let mut response = Response::new(Vec::<u8>::new().into());
    *response.status_mut() = warp::http::StatusCode::MOVED_PERMANENTLY;
    if let Ok(value) = HeaderValue::from_str(location) {
        response.headers_mut().insert("location", value);
    }
    response
}

/// The position a `cursor` names, or 400.
fn position(cursor: Option<&str>) -> Result<Option<(i64, String)>, ApiError> {
    cursor
        .map(|c| cursor::decode(c).ok_or_else(|| ApiError::BadRequest("Invalid cursor".into())))
        .transpose()
}

/// Jobs read for one page: one more than a page, to know whether another follows.
#[allow(clippy::cast_possible_wrap, reason = "a page of 100")]
const PAGE_READ: i64 = FEED_PAGE_SIZE as i64 + 1;

/// One page of a feed: its jobs and the addresses of this page and the next.
struct Page {
    rows: Vec<LiveJob>,
    self_url: String,
    next_url: Option<String>,
}

impl Page {
    /// The page of `rows` (read [`PAGE_READ`] at a time) at `cursor` of the feed at `base`.
    fn of(mut rows: Vec<LiveJob>, base: &str, cursor: Option<&str>) -> Self {
        let page_url = |cursor: &str| format!("{base}?cursor={cursor}");
        let next = (rows.len() > FEED_PAGE_SIZE).then(|| {
            rows.truncate(FEED_PAGE_SIZE);
            rows.last()
                .map(|j| cursor::encode(j.fields.posted_at, &j.fields.id))
        });
        Self {
            next_url: next.flatten().as_deref().map(page_url),
            self_url: cursor.map_or_else(|| base.to_string(), page_url),
            rows,
        }
    }

    /// The feed's description of itself. Its date is the newest job's change (`now` for an
    /// empty page), so a page rebuilt without a change is the same document, same `ETag`.
    fn channel<'a>(
        &'a self,
        title: &'a str,
        description: &'a str,
        site: &'a str,
        now: i64,
    ) -> Channel<'a> {
        Channel {
            title,
            description,
            site_url: site,
            self_url: &self.self_url,
            next_url: self.next_url.as_deref(),
            built_at_ms: self.rows.iter().map(|j| j.updated_at).max().unwrap_or(now),
        }
    }
}

/// A feed's answer: kept under `key` for a minute when there is one (first pages only: anyone
/// can make cursors, and a cache of every one would hold nothing long), else made by `make`.
async fn feed_answer<F, Fut>(
    state: &AppState,
    key: Option<String>,
    content_type: &'static str,
    if_none_match: Option<&str>,
    make: F,
) -> Result<Response, ApiError>
where
    F: FnOnce() -> Fut,
    Fut: Future<Output = Result<FeedAnswer, ApiError>>,
{
    let now = state.now_ms();
    if let Some(answer) = key.as_deref().and_then(|key| state.listings.get(key, now)) {
        return Ok(feed_response(&answer, content_type, if_none_match));
    }
    let answer = Arc::new(make().await?);
    if let Some(key) = key {
        state.listings.put(key, now, answer.clone());
    }
    Ok(feed_response(&answer, content_type, if_none_match))
}

/// The jobs of `rows` as core's listings, with their `addresses`.
fn listings<'a>(rows: &'a [LiveJob], addresses: &'a [Addresses]) -> Vec<Listing<'a>> {
    rows.iter()
        .zip(addresses)
        .map(|(j, a)| listing(j, a))
        .collect()
}

async fn rss_answer(
    state: &AppState,
    cursor: Option<String>,
    if_none_match: Option<&str>,
) -> Result<Response, ApiError> {
    let after = position(cursor.as_deref())?;
    let key = cursor.is_none().then(|| "rss".to_string());
    feed_answer(state, key, RSS, if_none_match, || async {
        let now = state.now_ms();
        let after = after.as_ref().map(|(at, id)| (*at, id.as_str()));
        let rows =
            jobs::live_jobs_page(&state.db, LiveJobs::Feed(""), now, after, PAGE_READ).await?;
        let public = &state.config.mail.public_url;
        let page = Page::of(rows, &format!("{public}/feeds/jobs.rss"), cursor.as_deref());
        let addresses: Vec<Addresses> =
            page.rows.iter().map(|j| Addresses::of(j, public)).collect();
        let channel = page.channel(
            "JobTap jobs",
            "Jobs open on JobTap, newest first",
            public,
            now,
        );
        let body = rss(&channel, &listings(&page.rows, &addresses));
        Ok(FeedAnswer {
            body,
            next_url: page.next_url.clone(),
        })
    })
    .await
}

async fn board_answer(
    state: &AppState,
    employer_id: &str,
    cursor: Option<String>,
    if_none_match: Option<&str>,
) -> Result<Response, ApiError> {
    let after = position(cursor.as_deref())?;
    // A line end cannot be in a path segment, so no employer's key is another's.
    let key = cursor.is_none().then(|| format!("board\n{employer_id}"));
    feed_answer(state, key, XML, if_none_match, || async {
        let now = state.now_ms();
        let Some(company) = accounts::employer_company(&state.db, employer_id).await? else {
            return Err(ApiError::NotFound("No such employer".into()));
        };
        let after = after.as_ref().map(|(at, id)| (*at, id.as_str()));
        let rows = jobs::live_jobs_page(
            &state.db,
            LiveJobs::Employer(employer_id),
            now,
            after,
            PAGE_READ,
        )
        .await?;
        let public = &state.config.mail.public_url;
        let id = path_segment(employer_id);
        let base = format!("{public}/feeds/employers/{id}/jobs.xml");
        let page = Page::of(rows, &base, cursor.as_deref());
        let addresses: Vec<Addresses> =
            page.rows.iter().map(|j| Addresses::of(j, public)).collect();
        let title = match company.trim() {
            "" => "JobTap".to_string(),
            company => format!("{company} on JobTap"),
        };
        let body = job_board_xml(
            &page.channel(&title, "", public, now),
            &listings(&page.rows, &addresses),
        );
        Ok(FeedAnswer {
            body,
            next_url: page.next_url.clone(),
        })
    })
    .await
}

async fn sitemap_answer(
    state: &AppState,
    if_none_match: Option<&str>,
) -> Result<Response, ApiError> {
    feed_answer(
        state,
        Some("sitemap".into()),
        XML,
        if_none_match,
        || async {
            let public = &state.config.mail.public_url;
            let room = i64::try_from(SITEMAP_MAX_URLS - PUBLIC_PAGES.len()).unwrap_or(i64::MAX);
            let pages = jobs::live_pages(&state.db, state.now_ms(), room).await?;
            let mut urls: Vec<(String, Option<i64>)> = PUBLIC_PAGES
                .iter()
                .map(|path| (format!("{public}{path}"), None))
                .collect();
            urls.extend(
                pages
                    .iter()
                    .map(|p| (job_page_url(public, &p.id), Some(p.updated_at))),
            );
            let entries: Vec<SitemapUrl> = urls
                .iter()
                .map(|(url, changed)| SitemapUrl {
                    url,
                    changed_at_ms: *changed,
                })
                .collect();
            Ok(FeedAnswer {
                body: sitemap(&entries),
                next_url: None,
            })
        },
    )
    .await
}

/// A feed's answer: 304 when the client holds this version, else the body with its `ETag`.
fn feed_response(
    answer: &FeedAnswer,
    content_type: &'static str,
    if_none_match: Option<&str>,
) -> Response {
    let digest = Sha256::digest(answer.body.as_bytes());
    // Weak: the gzip answer and the plain one carry the same tag.
    let tag = format!("W/\"{}\"", hex::encode(&digest[..16]));
    let held = if_none_match.is_some_and(|value| {
        value.split(',').any(|t| {
            let t = t.trim();
            t == "*" || t.strip_prefix("W/").unwrap_or(t) == &tag[2..]
        })
    });
    let mut response = if held {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        Response::new(answer.body.clone().into())
    };
    let headers = response.headers_mut();
    headers.insert("content-type", HeaderValue::from_static(content_type));
    headers.insert(
        "cache-control",
        HeaderValue::from_static(FEED_CACHE_CONTROL),
    );
    if let Ok(value) = HeaderValue::from_str(&tag) {
        headers.insert("etag", value);
    }
    if let Some(next) = &answer.next_url
        && let Ok(value) = HeaderValue::from_str(&format!("<{next}>; rel=\"next\""))
    {
        headers.insert("link", value);
    }
    response
}

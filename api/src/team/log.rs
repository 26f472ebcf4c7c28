//! The company's log, for its admins: `GET /api/v1/employer/audit` a page at a time, newest
//! first, and `GET /api/v1/employer/audit.csv` the whole log as a spreadsheet file. It holds the
//! audit events recorded with the company (documents read, exports, decisions, moves, scorecards,
//! team changes), each under the member who acted.

use bytes::Bytes;
use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::reply::Response;

use jobtap_core::company_log::{self, DEFAULT_LIMIT, LogRow, MAX_LIMIT};

use crate::auth::extract::{AdminOnly, Bearer, bearer};
use crate::db::Db;
use crate::employer::paging::Page;
use crate::error::ApiError;
use crate::feed::cursor::BadPage;
use crate::http::download::attachment;
use crate::http::{Answer, one_of, route, under};
use crate::on_db;
use crate::state::AppState;

pub const FILE_NAME: &str = "company-log.csv";
pub const CONTENT_TYPE: &str = "text/csv; charset=utf-8";

/// Paging of the log: newest first.
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct LogPaging {
    /// Entries per page, 1–200 (others are clamped); 50 when left out.
    pub limit: Option<i64>,
    /// `next_cursor` of the previous page.
    pub cursor: Option<String>,
}

/// One entry of the company's log.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct LogEntry {
    /// The entry's place in the log (for paging).
    #[serde(skip)]
    pub id: i64,
    /// Epoch milliseconds.
    pub at: i64,
    /// The event's key (`document_download`, `scorecard_written`, …).
    pub event: String,
    /// What the log calls it ("Downloaded a candidate's document").
    #[sqlx(skip)]
    pub label: String,
    /// The member who acted; `None` for what the server did on its own (a retention period
    /// running out) or when their account is gone.
    pub actor_id: Option<String>,
    pub actor_name: String,
    pub actor_email: String,
    /// What the event was about: an application's, a document's, a job's or a member's id.
    pub subject: Option<String>,
    /// More about it, as recorded.
    #[schema(value_type = Object)]
    pub detail: sqlx::types::Json<serde_json::Value>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LogBody {
    pub entries: Vec<LogEntry>,
    /// Pass back as `cursor` for the next page; `None` on the last page.
    pub next_cursor: Option<String>,
}

/// The columns of [`LogEntry`] over `l` (the log), with the member's name and address.
macro_rules! entry_select {
    () => {
        "SELECT l.id, l.at, l.event, l.actor_id, COALESCE(p.full_name, '') AS actor_name, \
         COALESCE(u.email, '') AS actor_email, l.subject, l.detail FROM audit_log l \
         LEFT JOIN users u ON u.id = l.actor_id LEFT JOIN profiles p ON p.id = l.actor_id \
         WHERE l.company_id = $1 "
    };
}

/// Up to `limit` entries of `company`'s log strictly before position `(at, id)`, newest first.
async fn entries(
    db: &Db,
    company: &str,
    before: (i64, i64),
    limit: i64,
) -> Result<Vec<LogEntry>, sqlx::Error> {
    let mut rows: Vec<LogEntry> = on_db!(db, pool => {
        sqlx::query_as(concat!(
            entry_select!(),
            "AND (l.at, l.id) < ($2, $3) ORDER BY l.at DESC, l.id DESC LIMIT $4"
        ))
        .bind(company)
        .bind(before.0)
        .bind(before.1)
        .bind(limit)
        .fetch_all(pool)
        .await
    })?;
    for row in &mut rows {
        row.label = company_log::label(&row.event).to_string();
    }
    Ok(rows)
}

/// Every route of the company's log.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let base = || under("employer", state);
    let page = route!(base();
        warp::path!("audit"), warp::get(), bearer(), crate::http::query::<LogPaging>() => read_log);
    let file = route!(base(); warp::path!("audit.csv"), warp::get(), bearer() => export_log);
    one_of!(page, file)
}

#[utoipa::path(get, path = "/api/v1/employer/audit", tag = "employer",
    security(("bearer" = [])),
    params(LogPaging),
    responses(
        (status = 200, description = "One page of the company's log, newest first", body = LogBody),
        BadPage,
        AdminOnly,
    ))]
pub(crate) async fn read_log(
    state: AppState,
    bearer: Bearer,
    paging: Result<LogPaging, ApiError>,
) -> Answer<impl warp::Reply> {
    let admin = bearer.admin(&state).await?;
    let paging = paging?;
    let page = Page::read(
        paging.limit,
        paging.cursor.as_deref(),
        DEFAULT_LIMIT,
        MAX_LIMIT,
    )?;
    // The log's ids are numbers; the cursor carries one as text.
    let before = match page.after() {
        Some((at, id)) => (
            at,
            id.parse::<i64>()
                .map_err(|_| ApiError::BadRequest("Invalid cursor".into()))?,
        ),
        None => (i64::MAX, i64::MAX),
    };
    let mut list = entries(&state.db, &admin.company, before, page.rows()).await?;
    let next_cursor = page.next_cursor(&mut list, |e| (e.at, e.id.to_string()));
    Ok(warp::reply::json(&LogBody {
        entries: list,
        next_cursor,
    }))
}

#[utoipa::path(get, path = "/api/v1/employer/audit.csv", tag = "employer",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The company's whole log as CSV (when, member, their e-mail, what, subject, detail), newest first; cells that would start a spreadsheet formula are prefixed with '", content_type = "text/csv", body = String),
        AdminOnly,
    ))]
pub(crate) async fn export_log(state: AppState, bearer: Bearer) -> Answer<Response> {
    let admin = bearer.admin(&state).await?;
    let list = entries(&state.db, &admin.company, (i64::MAX, i64::MAX), i64::MAX).await?;
    let rows: Vec<LogRow> = list
        .into_iter()
        .map(|e| LogRow {
            at_ms: e.at,
            member_name: e.actor_name,
            member_email: e.actor_email,
            event: e.event,
            subject: e.subject.unwrap_or_default(),
            detail: e.detail.0.to_string(),
        })
        .collect();
    // The export itself is in the log, as any export of the company's data.
    let detail = serde_json::json!({ "entries": rows.len() });
    admin
        .audit(&state, "audit_log_exported", &admin.company, Some(detail))
        .await;
    Ok(attachment(
        Bytes::from(company_log::log_csv(&rows)),
        FILE_NAME,
        CONTENT_TYPE,
        "private, no-store",
    ))
}

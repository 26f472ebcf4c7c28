//! `POST /api/v1/employer/jobs/import`: the CSV upload, parsed and stored by the server.

use bytes::{Bytes, BytesMut};
use serde::Serialize;
use warp::http::StatusCode;
use warp::reply::Response;
use warp::{Filter, Reply as _};

use jobtap_core::csv_import::ImportError;
use jobtap_core::email_confirmation::MSG_CONFIRM_TO_PUBLISH;
use jobtap_core::job_dedupe;

use super::{ImportJobsError, ImportRequest, ImportSummary, check_key, import_jobs, is_csv_name};
use crate::auth::confirm;
use crate::auth::extract::{Bearer, bearer};
use crate::error::{ApiError, ErrorBody};
use crate::http::body::{self, BodyError, RawBody, form_error};
use crate::http::{Answer, route, with_state};
use crate::state::AppState;
use crate::uploads::FormData;
use jobtap_core::files::display_name;

/// Room for the multipart framing around the file (boundaries, part headers): a body may be
/// this much larger than the file limit before it is refused.
const FORM_OVERHEAD: u64 = 64 * 1024;

const MSG_POST_AGAIN: &str = "post_again lists row numbers separated by commas";

/// The answer to an import, first or replayed.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct ImportReply<'a> {
    #[serde(flatten)]
    summary: &'a ImportSummary,
    /// Whether this answers an earlier request with the same key (nothing was inserted).
    replayed: bool,
    message: String,
}

/// The import form, as the document describes it.
#[derive(utoipa::ToSchema)]
#[allow(dead_code, reason = "only describes the multipart form")]
struct ImportForm {
    /// A `.csv` file of jobs.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// Row numbers ("4, 9") to post even though the employer has the same job live; other
    /// such rows are skipped and listed in `alreadyPosted`.
    post_again: Option<String>,
}

/// POST /api/v1/employer/jobs/import (multipart: `file`; optional `Idempotency-Key` header)
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    // The body is read in the handler: the role is checked first, then an oversized body is
    // refused with the import's own message, from its declared length or as its bytes stream in.
    route!(warp::path!("employer" / "jobs" / "import");
        warp::post(), with_state(state.clone()), bearer(),
        warp::header::optional::<String>("idempotency-key"), body::raw() => import)
}

#[utoipa::path(post, path = "/api/v1/employer/jobs/import", tag = "employer",
    security(("bearer" = [])),
    params(("Idempotency-Key" = Option<String>, Header,
        description = "1 to 100 characters: the same key with the same file answers the first result again")),
    request_body(content = ImportForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The valid rows were imported, but for those already live", body = ImportReply),
        (status = 200, description = "Replayed (the key was used with this file before), or every valid row was already live", body = ImportReply),
        (status = 403, description = "Not an employer account, or its e-mail address is not \
            confirmed yet (kind `email_unconfirmed`)", body = ErrorBody),
        (status = 409, description = "The key was used with another file", body = ErrorBody),
        (status = 422, description = "No file, no valid row, or a post_again that is not row numbers", body = ErrorBody),
    ))]
async fn import(
    state: AppState,
    bearer: Bearer,
    key: Option<String>,
    body: RawBody,
) -> Answer<Response> {
    let member = bearer.recruiter(&state).await?;
    // Imported jobs are live at once: importing is publishing.
    confirm::require_confirmed(&state, member.actor(), MSG_CONFIRM_TO_PUBLISH).await?;
    if let Some(key) = &key {
        check_key(key)?;
    }
    let limits = state.config.import_limits;
    let too_large = || {
        ImportJobsError::File(ImportError::TooLarge {
            limit_bytes: limits.max_bytes,
        })
    };
    let form = body
        .multipart(limits.max_bytes as u64 + FORM_OVERHEAD)
        .map_err(|err| match err {
            BodyError::TooLarge { .. } => too_large().into(),
            BodyError::NotMultipart => ApiError::UnsupportedMediaType(
                "Send the CSV file as multipart/form-data in a field named \"file\"".into(),
            ),
            other => ApiError::from(other),
        })?;
    let (file_name, bytes, post_again) =
        read_upload(form, limits.max_bytes as u64, too_large).await?;
    let outcome = import_jobs(
        &state.db,
        &limits,
        ImportRequest {
            employer_id: &member.company,
            actor: member.actor(),
            file_name: &file_name,
            bytes,
            import_key: key.as_deref(),
            via: "api",
            post_again: &post_again,
        },
        state.now_ms(),
        &|_| {},
    )
    .await?;
    // Created only when jobs were: a replay, or a file of jobs all live already, makes none.
    let status = if outcome.replayed || outcome.summary.imported == 0 {
        StatusCode::OK
    } else {
        StatusCode::CREATED
    };
    let body = ImportReply {
        summary: &outcome.summary,
        replayed: outcome.replayed,
        message: outcome.summary.message(),
    };
    Ok(warp::reply::with_status(warp::reply::json(&body), status).into_response())
}

/// The one `file` part: its name and bytes, and the optional `post_again` part's row numbers.
/// The name is judged before any byte is read, and the bytes are refused as soon as they pass
/// `max_bytes`.
async fn read_upload(
    mut form: FormData,
    max_bytes: u64,
    too_large: impl Fn() -> ImportJobsError,
) -> Result<(String, Bytes, Vec<usize>), ApiError> {
    let mut upload = None;
    let mut post_again = Vec::new();
    while let Some(part) = form
        .next_field()
        .await
        .map_err(|e| unreadable(e, &too_large))?
    {
        let name = part.name().unwrap_or_default();
        if name == "post_again" {
            let text = part.text().await.map_err(|e| unreadable(e, &too_large))?;
            post_again = job_dedupe::parse_row_numbers(&text)
                .ok_or_else(|| ApiError::field("post_again", MSG_POST_AGAIN))?;
            continue;
        }
        if name != "file" {
            return Err(ApiError::BadRequest(format!(
                "Unexpected form field {name:?}: send the CSV file in a field named \"file\""
            )));
        }
        if upload.is_some() {
            return Err(ApiError::BadRequest("Send one CSV file per request".into()));
        }
        let file_name = part.file_name().map(display_name).unwrap_or_default();
        if !is_csv_name(&file_name) {
            return Err(ImportJobsError::File(ImportError::NotCsv).into());
        }
        let bytes = read_limited(part, max_bytes, &too_large)
            .await?
            .ok_or_else(|| ApiError::from(too_large()))?;
        upload = Some((file_name, bytes));
    }
    let (file_name, bytes) =
        upload.ok_or_else(|| ApiError::field("file", "Please choose a CSV file to upload"))?;
    Ok((file_name, bytes, post_again))
}

/// The part's bytes, or `None` as soon as they pass `limit`.
async fn read_limited(
    mut part: multer::Field<'static>,
    limit: u64,
    too_large: &impl Fn() -> ImportJobsError,
) -> Result<Option<Bytes>, ApiError> {
    let mut buf = BytesMut::new();
    while let Some(chunk) = part.chunk().await.map_err(|e| unreadable(e, too_large))? {
        if buf.len() as u64 + chunk.len() as u64 > limit {
            return Ok(None);
        }
        buf.extend_from_slice(&chunk);
    }
    Ok(Some(buf.freeze()))
}

/// A part that could not be read; past the form's limit, the import's own 413.
fn unreadable(err: multer::Error, too_large: &impl Fn() -> ImportJobsError) -> ApiError {
    match err {
        multer::Error::StreamSizeExceeded { .. } => too_large().into(),
        other => form_error(other),
    }
}

//! `POST /api/v1/resume/docx`: an upgraded resume as a Word file.
//!
//! The structure comes from core ([`jobtap_core::resume::layout`]), the same the
//! browser's PDF is set from; the file is written here because a Word writer would add
//! far more to the browser's WebAssembly than the PDF's few dozen lines.

mod docx;

use serde::Deserialize;
use warp::Filter;
use warp::reply::Response;

use crate::accounts::store::Role;
use crate::ai::features::resume_tools::{MAX_TEXT_CHARS, MSG_TEXT_TOO_LONG};
use crate::ai::{check_limit, limits};
use crate::auth::extract::{Bearer, CandidateOnly, bearer};
use crate::error::{ApiError, ErrorBody};
use crate::http::body::{self, RawBody};
use crate::http::download::attachment;
use crate::http::{Answer, route, with_state};
use crate::state::AppState;

/// The Word file's media type.
pub const DOCX_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
/// Name of the download; the browser saves it under the candidate's own name.
const FILE_NAME: &str = "resume.docx";
/// Largest body read: the longest resume text as UTF-8 (4 bytes a character) and its JSON.
const BODY_LIMIT: u64 = 4 * MAX_TEXT_CHARS as u64 + 1024;
pub const MSG_NO_TEXT: &str = "Please provide the resume text";

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocxBody {
    /// The resume as text, as the upgrade returned it (or as the candidate edited it).
    text: String,
}

/// POST /api/v1/resume/docx
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    route!(warp::path!("resume" / "docx");
        warp::post(), with_state(state.clone()), bearer(), body::raw() => resume_docx)
}

#[utoipa::path(post, path = "/api/v1/resume/docx", tag = "documents",
    security(("bearer" = [])),
    request_body = DocxBody,
    responses(
        (status = 200, description = "The resume as a Word file", content_type = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
        CandidateOnly,
        (status = 422, description = "No text, or a text too long", body = ErrorBody),
        (status = 429, description = "Over the resume limit", body = ErrorBody),
    ))]
async fn resume_docx(state: AppState, bearer: Bearer, body: RawBody) -> Answer<Response> {
    let user = bearer.user_with(&state, Role::Candidate).await?;
    // Counted with the resume analysis and upgrade it follows.
    check_limit(&state, limits::RESUME, &user.id).await?;
    let body: DocxBody = body.json(BODY_LIMIT).await?;
    if body.text.trim().is_empty() {
        return Err(ApiError::field("text", MSG_NO_TEXT));
    }
    if body.text.chars().count() > MAX_TEXT_CHARS {
        return Err(ApiError::field("text", MSG_TEXT_TOO_LONG));
    }
    // Building the file is CPU work: off the async threads.
    let bytes = tokio::task::spawn_blocking(move || docx::resume_docx(&body.text))
        .await
        .map_err(|e| ApiError::Internal(e.into()))??;
    Ok(attachment(bytes.into(), FILE_NAME, DOCX_TYPE, "no-store"))
}

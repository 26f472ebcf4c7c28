//! `GET /api/v1/employer/applications/{id}/documents/{doc}/preview`: a document the candidate
//! sent, to read in the page without downloading it (core's `resume::preview`: its text as
//! HTML holding nothing but the text). PDFs are read in the browser's own viewer from the
//! download, so they have no preview here.

use serde::Serialize;
use warp::Filter;
use warp::reply::Response;

use jobtap_core::resume::preview::preview_html;

use super::applications as apps;
use crate::auth::extract::{Bearer, EmployerOnly, bearer};
use crate::employer::application_routes::NoSuchSentDocument;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, route, under};
use crate::state::AppState;

const MSG_NO_PREVIEW: &str = "This file has no preview: download it to read it.";

/// A document's text as a page of its own.
#[derive(Debug, Serialize, utoipa::ToSchema)]
struct PreviewBody {
    /// A whole HTML document: the file's paragraphs, headings and lists, every character
    /// escaped, with no link, image or script. Show it in a sandboxed frame.
    html: String,
}

/// GET /api/v1/employer/applications/{id}/documents/{doc}/preview
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    route!(under("employer", state);
        warp::path!("applications" / String / "documents" / String / "preview"), warp::get(),
        bearer() => preview)
}

#[utoipa::path(get, path = "/api/v1/employer/applications/{id}/documents/{doc}/preview", tag = "employer",
    security(("bearer" = [])),
    params(
        ("id" = String, Path, description = "The application's id"),
        ("doc" = String, Path, description = "The candidate document's id"),
    ),
    responses(
        (status = 200, description = "The document's text as a sandboxable HTML page (Word, older Word and text files)", body = PreviewBody),
        EmployerOnly,
        NoSuchSentDocument,
        (status = 422, description = "A PDF, an image or a file whose text cannot be read: download it", body = ErrorBody),
    ))]
pub(crate) async fn preview(
    state: AppState,
    id: String,
    doc: String,
    bearer: Bearer,
) -> Answer<impl warp::Reply> {
    let member = bearer.member(&state).await?;
    if !member.reaches_application(&state.db, &id).await? {
        return Err(ApiError::NotFound(
            super::application_routes::MSG_APPLICATION_NOT_FOUND.into(),
        ));
    }
    let document = apps::candidate_documents(&state.db, &member.company, &id)
        .await?
        .ok_or_else(|| {
            ApiError::NotFound(super::application_routes::MSG_APPLICATION_NOT_FOUND.into())
        })?
        .into_iter()
        .find(|d| d.id == doc)
        .ok_or_else(|| ApiError::NotFound("Document not found".into()))?;
    if document.content_type == "application/pdf" {
        return Err(ApiError::field("doc", MSG_NO_PREVIEW));
    }
    let bytes = state
        .storage
        .get(&document.file_path)
        .await
        .map_err(ApiError::from)?;
    let html = preview_html(&document.file_name, &bytes)
        .map_err(|_| ApiError::field("doc", MSG_NO_PREVIEW))?;
    member
        .audit(
            &state,
            "document_viewed",
            &document.id,
            Some(serde_json::json!({ "application": id })),
        )
        .await;
    Ok(warp::reply::json(&PreviewBody { html }))
}

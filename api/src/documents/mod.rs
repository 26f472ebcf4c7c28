//! The candidate's documents, the default resume, and revocable share links.

pub mod routes;
pub mod share;
pub mod store;

use warp::reply::Response;

use crate::error::ApiError;
use crate::http::download::attachment;
use crate::state::AppState;

/// A stored document as its reader downloads it.
pub struct Sent<'a> {
    pub id: &'a str,
    pub file_path: &'a str,
    pub file_name: &'a str,
    pub content_type: &'a str,
}

/// Sends `document` to `reader_id` as an attachment, never cached, and records the download in
/// the audit log with `detail`: the candidate's own and the employer's downloads alike.
pub async fn send(
    state: &AppState,
    reader_id: &str,
    document: Sent<'_>,
    detail: Option<serde_json::Value>,
) -> Result<Response, ApiError> {
    let bytes = state
        .storage
        .get(document.file_path)
        .await
        .map_err(ApiError::from)?;
    state
        .audit("document_download", reader_id, document.id, detail)
        .await;
    Ok(attachment(
        bytes,
        document.file_name,
        document.content_type,
        "private, no-store",
    ))
}

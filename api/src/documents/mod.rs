//! The candidate's documents, the default resume, and revocable share links.

pub mod routes;
pub mod share;
pub mod store;

use warp::reply::Response;

use crate::auth::member::Member;
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

/// Who downloads a document: the candidate themself, or a member of the company it was sent
/// to (the download is then one of the company's events, for its admins).
pub enum Reader<'a> {
    Owner(&'a str),
    Member(&'a Member),
}

/// Sends `document` to `reader` as an attachment, never cached, and records the download in
/// the audit log with `detail`: the candidate's own and the employer's downloads alike.
pub async fn send(
    state: &AppState,
    reader: Reader<'_>,
    document: Sent<'_>,
    detail: Option<serde_json::Value>,
) -> Result<Response, ApiError> {
    let bytes = state
        .storage
        .get(document.file_path)
        .await
        .map_err(ApiError::from)?;
    match reader {
        Reader::Owner(user) => {
            state
                .audit("document_download", user, document.id, detail)
                .await;
        }
        Reader::Member(member) => {
            member
                .audit(state, "document_download", document.id, detail)
                .await;
        }
    }
    Ok(attachment(
        bytes,
        document.file_name,
        document.content_type,
        "private, no-store",
    ))
}

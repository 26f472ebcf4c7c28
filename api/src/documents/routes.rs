//! `/api/v1/documents…`, `/api/v1/share-links/…` and the public `/api/v1/share/{token}`.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::http::StatusCode;
use warp::reply::Response;

use jobtap_core::files::Slot;

use crate::audit::{self, Event};
use crate::auth::extract::{Bearer, bearer};
use crate::error::{ApiError, ErrorBody, error_responses, reply};
use crate::http::{
    Answer, Json, download::attachment, json_body, one_of, route, under, with_state,
};
use crate::state::AppState;
use crate::uploads::{self, UploadLimits, storage_path};

use super::share::{self, DEFAULT_DAYS, MAX_DAYS, Opened};
use super::store::{self, Document, SetDefault};

error_responses! {
    /// The 404 of a route about one document of the caller's.
    pub NoSuchDocument {
        404 => "No such document of the caller's",
    }
}

const MSG_NOT_FOUND: &str = "Document not found";
const MSG_DOCUMENT_TYPE: &str = "Choose the document type (resume or certificate) before the file";

#[derive(Serialize, utoipa::ToSchema)]
struct DocumentsBody {
    documents: Vec<Document>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct DocumentBody {
    document: Document,
}

#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(default)]
struct ShareBody {
    /// 1 to 30; 7 when left out.
    expires_in_days: Option<i64>,
}

#[derive(Serialize, utoipa::ToSchema)]
struct ShareLinksBody {
    share_links: Vec<share::ShareLink>,
}

/// The upload form, as the document describes it (the handler reads it field by field).
#[derive(utoipa::ToSchema)]
#[allow(dead_code, reason = "only describes the multipart form")]
struct UploadForm {
    /// `resume` or `certificate`; must come before `file`.
    document_type: String,
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// Every documents route.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let docs = || under("documents", state);
    // GET /api/v1/documents
    let list = route!(docs(); warp::path::end(), warp::get(), bearer() => list);
    // POST /api/v1/documents (multipart: document_type, file)
    let upload = route!(docs();
        warp::path::end(), warp::post(), bearer(), uploads::multipart() => upload);
    // GET /api/v1/documents/{id}/download
    let download = route!(docs();
        warp::path!(String / "download"), warp::get(), bearer() => download);
    // DELETE /api/v1/documents/{id}
    let delete = route!(docs(); warp::path!(String), warp::delete(), bearer() => delete);
    // PUT /api/v1/documents/{id}/default
    let set_default = route!(docs();
        warp::path!(String / "default"), warp::put(), bearer() => make_default);
    // POST /api/v1/documents/{id}/share-links
    let create_link = route!(docs();
        warp::path!(String / "share-links"), warp::post(), bearer(), json_body() => create_link);
    // GET /api/v1/documents/{id}/share-links
    let list_links = route!(docs();
        warp::path!(String / "share-links"), warp::get(), bearer() => list_links);
    // DELETE /api/v1/documents/{id}/share-links
    let revoke_all = route!(docs();
        warp::path!(String / "share-links"), warp::delete(), bearer() => revoke_all_links);
    // DELETE /api/v1/share-links/{id}
    let revoke = route!(warp::path!("share-links" / String);
        with_state(state.clone()), warp::delete(), bearer() => revoke_link);
    // GET /api/v1/share/{token} (public: whoever holds the link)
    let open = warp::path!("share" / String)
        .and(with_state(state.clone()))
        .and(warp::get())
        .and(warp::header::optional::<String>("accept"))
        .and(crate::http::query::<ShareQuery>())
        .then(
            |token, s, accept: Option<String>, query: Result<ShareQuery, ApiError>| async move {
                // A browser (a scanned QR code, a link in an e-mail) gets the page first;
                // its Download button, and any other client, get the file.
                let wants_page = accept.is_some_and(|a| a.contains("text/html"))
                    && !query.is_ok_and(|q| q.download.is_some());
                if wants_page {
                    share_page(s, token).await
                } else {
                    open_link(s, token).await
                }
            },
        );
    one_of!(
        list,
        upload,
        download,
        delete,
        set_default,
        create_link,
        list_links,
        revoke_all,
        revoke,
        open
    )
}

/// Document `id` of `user_id`, or the 404 every route answers for another's or none.
async fn owned(state: &AppState, user_id: &str, id: &str) -> Answer<Document> {
    store::get(&state.db, user_id, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))
}

#[utoipa::path(get, path = "/api/v1/documents", tag = "documents",
    security(("bearer" = [])),
    responses((status = 200, description = "The caller's documents, newest first", body = DocumentsBody)))]
async fn list(state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    Ok(warp::reply::json(&DocumentsBody {
        documents: store::list(&state.db, &user.id).await?,
    }))
}

#[utoipa::path(post, path = "/api/v1/documents", tag = "documents",
    security(("bearer" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The stored document", body = DocumentBody),
        (status = 422, description = "No type, no file or an empty file", body = ErrorBody),
        UploadLimits,
    ))]
async fn upload(
    state: AppState,
    bearer: Bearer,
    form: crate::uploads::Upload,
) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    let form = form.read()?;
    // The file is judged by the type chosen for it, so `document_type` must come first.
    let slot_for = |document_type: &str| match document_type {
        "resume" => Some(Slot::ResumeDocument),
        "certificate" => Some(Slot::Certificate),
        _ => None,
    };
    let form = uploads::receive(&state, &user.id, form, |field, so_far| {
        (field == "file")
            .then(|| slot_for(&so_far.text("document_type")))
            .flatten()
    })
    .await
    .map_err(|err| match err {
        ApiError::BadRequest(_) => ApiError::field("document_type", MSG_DOCUMENT_TYPE),
        other => other,
    })?;
    let document_type = form.text("document_type");
    if slot_for(&document_type).is_none() {
        return Err(ApiError::field("document_type", MSG_DOCUMENT_TYPE));
    }
    let file = uploads::one_file(&form, "file", "Please choose one file to upload")?;
    let now = state.now_ms();
    let path = storage_path("documents", &user.id, &document_type, now, file.kind);
    let document = uploads::stage_and_record(&state, &user.id, &[(file, path)], async |staged| {
        store::insert(&state.db, &user.id, &document_type, &staged[0], now).await
    })
    .await?;
    Ok(warp::reply::with_status(
        warp::reply::json(&DocumentBody { document }),
        StatusCode::CREATED,
    ))
}

#[utoipa::path(get, path = "/api/v1/documents/{id}/download", tag = "documents",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The document's id")),
    responses(
        (status = 200, description = "The file, as an attachment", content_type = "*/*", body = [u8]),
        NoSuchDocument,
    ))]
async fn download(state: AppState, id: String, bearer: Bearer) -> Answer<Response> {
    let user = bearer.user(&state).await?;
    let document = owned(&state, &user.id, &id).await?;
    let sent = super::Sent {
        id: &document.id,
        file_path: &document.file_path,
        file_name: &document.file_name,
        content_type: &document.content_type,
    };
    super::send(&state, super::Reader::Owner(&user.id), sent, None).await
}

#[utoipa::path(delete, path = "/api/v1/documents/{id}", tag = "documents",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The document's id")),
    responses(
        (status = 204, description = "Deleted"),
        NoSuchDocument,
    ))]
async fn delete(state: AppState, id: String, bearer: Bearer) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    let path = store::delete(&state.db, &user.id, &id)
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    if let Err(err) = state.storage.delete(&path).await {
        // The row is gone; the file is now an orphan the start-up clean-up removes.
        tracing::warn!(%path, error = %err, "could not delete a document's file");
    }
    // The deleted document may have been the default resume.
    crate::profile::resume_facts::refresh(&state, &user.id).await;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(put, path = "/api/v1/documents/{id}/default", tag = "documents",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The resume's id")),
    responses(
        (status = 200, description = "The new default resume", body = DocumentBody),
        NoSuchDocument,
        (status = 422, description = "The document is not a resume", body = ErrorBody),
    ))]
async fn make_default(state: AppState, id: String, bearer: Bearer) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    match store::set_default(&state.db, &user.id, &id, state.now_ms()).await? {
        SetDefault::Done => {
            crate::profile::resume_facts::refresh(&state, &user.id).await;
            let document = owned(&state, &user.id, &id).await?;
            Ok(warp::reply::json(&DocumentBody { document }))
        }
        SetDefault::NotFound => Err(ApiError::NotFound(MSG_NOT_FOUND.into())),
        SetDefault::NotAResume => Err(ApiError::field(
            "document_type",
            "Only a resume can be the default resume",
        )),
    }
}

#[utoipa::path(post, path = "/api/v1/documents/{id}/share-links", tag = "documents",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The resume's id")),
    request_body = ShareBody,
    responses(
        (status = 201, description = "The link, with its token (shown this once)", body = share::NewShareLink),
        NoSuchDocument,
        (status = 422, description = "Not a resume, or a lifetime out of range", body = ErrorBody),
    ))]
async fn create_link(
    state: AppState,
    id: String,
    bearer: Bearer,
    body: Json<ShareBody>,
) -> Answer<impl warp::Reply> {
    let (user, body) = bearer.user_and_body(&state, body).await?;
    let document = owned(&state, &user.id, &id).await?;
    if document.document_type != "resume" {
        return Err(ApiError::field(
            "document_type",
            "Only resumes can be shared by link",
        ));
    }
    let days = body.expires_in_days.unwrap_or(DEFAULT_DAYS);
    if !(1..=MAX_DAYS).contains(&days) {
        return Err(ApiError::field(
            "expires_in_days",
            format!("A share link lasts 1 to {MAX_DAYS} days"),
        ));
    }
    let link = share::create(&state.db, &user.id, &document.id, days, state.now_ms())
        .await?
        .ok_or_else(|| ApiError::NotFound(MSG_NOT_FOUND.into()))?;
    state
        .audit("share_link_created", &user.id, &link.link.id, None)
        .await;
    Ok(warp::reply::with_status(
        warp::reply::json(&link),
        StatusCode::CREATED,
    ))
}

#[utoipa::path(get, path = "/api/v1/documents/{id}/share-links", tag = "documents",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The document's id")),
    responses(
        (status = 200, description = "The document's share links", body = ShareLinksBody),
        NoSuchDocument,
    ))]
async fn list_links(state: AppState, id: String, bearer: Bearer) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    owned(&state, &user.id, &id).await?;
    let links = share::list(&state.db, &user.id, &id).await?;
    Ok(warp::reply::json(&ShareLinksBody { share_links: links }))
}

/// How many links stopping sharing ended.
#[derive(Serialize, utoipa::ToSchema)]
struct RevokedLinksBody {
    /// Links that still opened and now do not.
    revoked: u64,
}

#[utoipa::path(delete, path = "/api/v1/documents/{id}/share-links", tag = "documents",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The document's id")),
    responses(
        (status = 200, description = "Every link to the document that still opened is ended", body = RevokedLinksBody),
        NoSuchDocument,
    ))]
async fn revoke_all_links(state: AppState, id: String, bearer: Bearer) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    owned(&state, &user.id, &id).await?;
    let revoked = share::revoke_all(&state.db, &user.id, &id, state.now_ms()).await?;
    state
        .audit("share_links_revoked", &user.id, &id, None)
        .await;
    Ok(warp::reply::json(&RevokedLinksBody { revoked }))
}

#[utoipa::path(delete, path = "/api/v1/share-links/{id}", tag = "documents",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The share link's id")),
    responses(
        (status = 204, description = "Revoked"),
        (status = 404, description = "No such link of the caller's", body = ErrorBody),
    ))]
async fn revoke_link(id: String, state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    if !share::revoke(&state.db, &user.id, &id, state.now_ms()).await? {
        return Err(ApiError::NotFound("Share link not found".into()));
    }
    state.audit("share_link_revoked", &user.id, &id, None).await;
    Ok(StatusCode::NO_CONTENT)
}

/// `?download` on a share link: the file itself, even for a browser.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct ShareQuery {
    /// Present (any value): the file rather than the page.
    pub download: Option<String>,
}

/// The page a browser sees at a working link: whose document, its name and size, until when
/// the link works, and a Download button. Counts no use: the download does.
async fn share_page(state: AppState, token: String) -> Response {
    let now = state.now_ms();
    let peeked = match share::peek(&state.db, &token, now).await {
        Ok(peeked) => peeked,
        Err(e) => return reply(Err::<Response, _>(ApiError::from(e))),
    };
    match peeked {
        share::Peeked::Unknown => page(
            StatusCode::NOT_FOUND,
            "Link not found",
            "There is no shared document at this address. Check the link you were given.",
        ),
        share::Peeked::Gone { reason } => {
            page(StatusCode::GONE, "This link no longer works", reason)
        }
        share::Peeked::Document(preview) => preview_page(&preview),
    }
}

fn preview_page(preview: &share::Preview) -> Response {
    use crate::mail::message::escape_html;
    let kind = if preview.document_type == "certificate" {
        "certificate"
    } else {
        "resume"
    };
    let title = if preview.owner_name.trim().is_empty() {
        format!("A shared {kind}")
    } else {
        format!("{}'s {kind}", preview.owner_name.trim())
    };
    let size =
        jobtap_core::format::file_size_text(u64::try_from(preview.file_size).unwrap_or_default());
    let until = jobtap_core::format::format_date(preview.expires_at);
    let html = format!(
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>{title} · JobTap</title><body style=\"font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937\">\
         <h1>{title}</h1><p><strong>{file}</strong> · {size}</p>\
         <p><a href=\"?download=1\" download style=\"display:inline-block;padding:.75rem 1.5rem;border-radius:999px;background:#4f46e5;color:#fff;text-decoration:none;font-weight:600\">Download</a></p>\
         <p>This link works until {until}.</p><p><a href=\"/\">What is JobTap?</a></p></body></html>",
        title = escape_html(&title),
        file = escape_html(&preview.file_name),
    );
    html_page(StatusCode::OK, html)
}

/// Public: a browser gets a page (the document's, or why the link no longer works);
/// `?download` and other clients get the file.
#[utoipa::path(get, path = "/api/v1/share/{token}", tag = "documents",
    params(("token" = String, Path, description = "The link's secret token"), ShareQuery),
    responses(
        (status = 200, description = "The shared file as an attachment, or for a browser (Accept: text/html) without `download` its page", content_type = "*/*", body = [u8]),
        (status = 404, description = "No such link (a page for people)", content_type = "text/html", body = String),
        (status = 410, description = "The link expired or was revoked (a page for people)", content_type = "text/html", body = String),
    ))]
async fn open_link(state: AppState, token: String) -> Response {
    let now = state.now_ms();
    let result = async {
        match share::open(&state.db, &token, now).await? {
            Opened::Document {
                link_id,
                owner_id,
                path,
                file_name,
                content_type,
            } => {
                let bytes = state.storage.get(&path).await.map_err(ApiError::from)?;
                audit::record(
                    &state.db,
                    now,
                    Event {
                        event: "share_link_used",
                        actor_id: None,
                        subject: Some(&link_id),
                        detail: Some(serde_json::json!({ "owner": owner_id })),
                        ..Default::default()
                    },
                )
                .await;
                Ok(attachment(bytes, &file_name, &content_type, "no-store"))
            }
            Opened::Gone { reason } => {
                Ok(page(StatusCode::GONE, "This link no longer works", reason))
            }
            Opened::Unknown => Ok(page(
                StatusCode::NOT_FOUND,
                "Link not found",
                "There is no shared document at this address. Check the link you were given.",
            )),
        }
    }
    .await;
    reply(result)
}

fn page(status: StatusCode, title: &str, message: &str) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>{title} · JobTap</title><body style=\"font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937\">\
         <h1>{title}</h1><p>{message}</p><p>Ask the person who shared it for a new link.</p><p><a href=\"/\">Go to JobTap</a></p></body></html>"
    );
    html_page(status, html)
}

/// A share page's response: it runs nothing and loads nothing, and its policy says so (inline
/// styles only).
fn html_page(status: StatusCode, html: String) -> Response {
    crate::http::web::token_page(status, html, SHARE_PAGE_POLICY)
}

/// What a share page may load: nothing but its own inline styles.
const SHARE_PAGE_POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; \
form-action 'none'; frame-ancestors 'none'";

//! Reading request bodies: limited by the bytes actually read, not by a header.
//!
//! A body may come with a `Content-Length` or chunked (`Transfer-Encoding: chunked`, as
//! streaming clients send it). Either way it is read only up to its route's limit: a declared
//! length over the limit is refused before any byte is read, and a chunked body is refused as
//! soon as it passes the limit, without reading the rest.

use std::pin::Pin;

use bytes::{Bytes, BytesMut};
use futures_util::{Stream, TryStreamExt as _};
use serde::de::DeserializeOwned;
use warp::Filter;
use warp::filters::BoxedFilter;

use crate::error::ApiError;

/// A request body as a stream of bytes, not read yet.
pub type BodyStream = Pin<Box<dyn Stream<Item = Result<Bytes, warp::Error>> + Send>>;

pub use crate::error::BodyError;

/// A body not read yet, with what its headers say of it.
pub struct RawBody {
    content_type: Option<String>,
    length: Option<u64>,
    stream: BodyStream,
}

impl std::fmt::Debug for RawBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RawBody")
            .field("content_type", &self.content_type)
            .field("length", &self.length)
            .finish_non_exhaustive()
    }
}

/// The body, unread; never rejects, so a handler can check who is asking before reading it.
///
/// Boxed: every route with a body nests this filter in its own type; unboxed, it multiplies the
/// generic code the compiler instantiates for each of them.
pub fn raw() -> BoxedFilter<(RawBody,)> {
    warp::header::optional::<String>("content-type")
        .and(warp::header::optional::<u64>("content-length"))
        .and(warp::body::stream())
        .map(raw_body)
        .boxed()
}

fn raw_body<S, B>(content_type: Option<String>, length: Option<u64>, stream: S) -> RawBody
where
    S: Stream<Item = Result<B, warp::Error>> + Send + 'static,
    B: bytes::Buf,
{
    RawBody {
        content_type,
        length,
        stream: Box::pin(stream.map_ok(|mut buf| buf.copy_to_bytes(buf.remaining()))),
    }
}

impl RawBody {
    /// Whether the declared type is `essence` (parameters aside, any case).
    fn has_type(&self, essence: &str) -> bool {
        self.content_type.as_deref().is_some_and(|value| {
            value
                .split(';')
                .next()
                .is_some_and(|t| t.trim().eq_ignore_ascii_case(essence))
        })
    }

    /// Every byte of the body, at most `limit` of them.
    pub async fn bytes(mut self, limit: u64) -> Result<Bytes, BodyError> {
        if self.length.is_some_and(|n| n > limit) {
            return Err(BodyError::TooLarge { limit });
        }
        let mut buffer = BytesMut::new();
        while let Some(chunk) =
            self.stream.try_next().await.map_err(|e| {
                BodyError::Malformed(format!("The request body could not be read: {e}"))
            })?
        {
            if buffer.len() as u64 + chunk.len() as u64 > limit {
                return Err(BodyError::TooLarge { limit });
            }
            buffer.extend_from_slice(&chunk);
        }
        Ok(buffer.freeze())
    }

    /// The body as JSON: it must say it is JSON (`application/json` or a `+json` type) and
    /// hold at most `limit` bytes.
    pub async fn json<T: DeserializeOwned>(self, limit: u64) -> Result<T, BodyError> {
        let is_json = self.has_type("application/json")
            || self.content_type.as_deref().is_some_and(|value| {
                value
                    .split(';')
                    .next()
                    .is_some_and(|t| t.trim().to_ascii_lowercase().ends_with("+json"))
            });
        if !is_json {
            return Err(BodyError::NotJson);
        }
        let bytes = self.bytes(limit).await?;
        serde_json::from_slice(&bytes)
            .map_err(|e| BodyError::Malformed(format!("The request body is not valid: {e}")))
    }

    /// The body as a multipart form of at most `limit` bytes in all; each part is read as
    /// the handler asks for it.
    pub fn multipart(self, limit: u64) -> Result<multer::Multipart<'static>, BodyError> {
        if !self.has_type("multipart/form-data") {
            return Err(BodyError::NotMultipart);
        }
        let boundary = multer::parse_boundary(self.content_type.as_deref().unwrap_or_default())
            .map_err(|_| BodyError::NoBoundary)?;
        if self.length.is_some_and(|n| n > limit) {
            return Err(BodyError::TooLarge { limit });
        }
        let constraints =
            multer::Constraints::new().size_limit(multer::SizeLimit::new().whole_stream(limit));
        Ok(multer::Multipart::with_constraints(
            self.stream,
            boundary,
            constraints,
        ))
    }
}

/// A multipart form of at most `limit` bytes, handed to the handler unread: it reads it once it
/// has checked the caller, so no token is 401 and the other role 403 whatever was sent.
pub fn multipart(
    limit: u64,
) -> impl Filter<Extract = (Multipart,), Error = warp::Rejection> + Clone {
    raw().map(move |raw| Multipart { raw, limit })
}

/// A request's multipart body, not yet looked at.
pub struct Multipart {
    raw: RawBody,
    limit: u64,
}

impl Multipart {
    /// The form, its parts read as the handler asks for them; or the 413, 415 or 400 that says
    /// why not.
    pub fn read(self) -> Result<multer::Multipart<'static>, ApiError> {
        self.raw
            .multipart(self.limit)
            .map_err(|err| ApiError::from(&err))
    }
}

/// What reading a form's part failed on: over the form's limit (413) or not readable (400).
pub fn form_error(err: multer::Error) -> ApiError {
    match err {
        multer::Error::StreamSizeExceeded { limit } => BodyError::TooLarge { limit }.into(),
        other => ApiError::BadRequest(format!("The upload could not be read: {other}")),
    }
}

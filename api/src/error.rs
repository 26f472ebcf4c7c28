//! One error type for every API failure, mapped to HTTP here and nowhere else.
//!
//! Every failure answers `{ "error": { "code", "message", "kind"?, "fields"? } }`. A 500
//! is logged with a request id and shows the client only that id. A failure the client acts on
//! carries a [`ErrorKind`]: clients tell such failures apart by it, never by the message's words.

use std::collections::BTreeMap;
use std::convert::Infallible;

use serde::Serialize;
use utoipa::openapi::{ContentBuilder, RefOr, ResponseBuilder};
use warp::http::{HeaderValue, StatusCode};
use warp::reply::Response;
use warp::{Rejection, Reply};

/// Field name → messages, for 422 answers (forms and CSV rows).
pub type FieldErrors = BTreeMap<String, Vec<String>>;

/// The domain failures a client acts on, each with one status and one message (made where the
/// failure is raised, from the area's message constant).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// 409: the candidate already applied to this job.
    AlreadyApplied,
    /// 404: the job does not exist, is not active or has expired.
    JobGone,
    /// 422: one of the feed's sample jobs, which nobody can apply to.
    SampleJob,
    /// 422: the fit score is under the job's threshold.
    BelowThreshold,
    /// 422: not one row of the CSV file can be imported.
    NoValidJobs,
    /// 403: the account's e-mail address is not confirmed yet (no applying, no publishing);
    /// the client offers to send the link again.
    EmailUnconfirmed,
    /// 409: the employer already has this job live (core's `job_dedupe`); the client asks
    /// before posting it again.
    DuplicateJob,
}

/// Every way a request can fail.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: the request is malformed.
    #[error("{0}")]
    BadRequest(String),
    /// 401: no valid access token.
    #[error("{0}")]
    Unauthorized(String),
    /// 403: signed in, but the role does not allow this.
    #[error("{0}")]
    Forbidden(String),
    /// 404: no such thing, or not the caller's.
    #[error("{0}")]
    NotFound(String),
    /// 409: conflicts with what exists (duplicate application, e-mail in use).
    #[error("{0}")]
    Conflict(String),
    /// 410: existed, but is no longer available (expired or revoked links).
    #[error("{0}")]
    Gone(String),
    /// 413: the body or file is over its limit.
    #[error("{0}")]
    PayloadTooLarge(String),
    /// 415: the content type is not accepted.
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// 422: validation failed; `message` is the first field message.
    #[error("{message}")]
    Validation {
        message: String,
        fields: FieldErrors,
    },
    /// 429: over a rate limit.
    #[error("{message}")]
    TooManyRequests {
        message: String,
        retry_after_secs: u64,
    },
    /// 503: a dependency (the database) is unavailable; try again shortly.
    #[error("{0}")]
    Unavailable(String),
    /// 500: a bug or an unexpected failure; details go to the log only.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
    /// Another failure, named by its kind for the client.
    #[error("{error}")]
    Known {
        kind: ErrorKind,
        error: Box<ApiError>,
    },
}

impl ApiError {
    /// A 422 with one message for one field.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        let mut fields = FieldErrors::new();
        fields.insert(field.to_string(), vec![message.clone()]);
        Self::Validation { message, fields }
    }

    /// This failure, named by `kind` for the client.
    #[must_use]
    pub fn of_kind(self, kind: ErrorKind) -> Self {
        // Named once: a second name replaces the first instead of wrapping the wrapper.
        let error = match self {
            Self::Known { error, .. } => error,
            other => Box::new(other),
        };
        Self::Known { kind, error }
    }

    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            Self::Known { error, .. } => error.status(),
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::Gone(_) => StatusCode::GONE,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Validation { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            Self::Known { error, .. } => error.code(),
            Self::BadRequest(_) => "bad_request",
            Self::Unauthorized(_) => "unauthorized",
            Self::Forbidden(_) => "forbidden",
            Self::NotFound(_) => "not_found",
            Self::Conflict(_) => "conflict",
            Self::Gone(_) => "gone",
            Self::PayloadTooLarge(_) => "payload_too_large",
            Self::UnsupportedMediaType(_) => "unsupported_media_type",
            Self::Validation { .. } => "validation",
            Self::TooManyRequests { .. } => "rate_limited",
            Self::Unavailable(_) => "unavailable",
            Self::Internal(_) => "internal",
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        match err {
            // The pool could not get a connection in time: the database is down or
            // overloaded. Tell the client to retry instead of hiding it in a 500.
            sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) | sqlx::Error::PoolClosed => {
                tracing::warn!(error = %err, "database unavailable");
                Self::Unavailable(
                    "The service is temporarily unavailable. Please try again.".into(),
                )
            }
            other => Self::Internal(anyhow::Error::new(other).context("Database query failed")),
        }
    }
}

/// The body of every error answer (the OpenAPI document's one error schema).
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody<'a> {
    pub(crate) error: ErrorDetail<'a>,
}

impl ErrorBody<'_> {
    /// The OpenAPI response of an error answer that means `description`.
    pub fn response(description: &str) -> RefOr<utoipa::openapi::Response> {
        RefOr::T(
            ResponseBuilder::new()
                .description(description)
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(RefOr::Ref(utoipa::openapi::Ref::from_schema_name(
                            <ErrorBody as utoipa::ToSchema>::name(),
                        ))))
                        .build(),
                )
                .build(),
        )
    }
}

/// Declares error answers several routes give, each a status and what it means, as a type a
/// handler's `#[utoipa::path]` names in its `responses(..)` beside its own.
macro_rules! error_responses {
    ($($(#[$doc:meta])* $vis:vis $name:ident { $($status:literal => $description:expr),+ $(,)? })+) => {$(
        $(#[$doc])*
        $vis enum $name {}

        impl utoipa::IntoResponses for $name {
            fn responses() -> std::collections::BTreeMap<
                String,
                utoipa::openapi::RefOr<utoipa::openapi::response::Response>,
            > {
                [$(($status.to_string(), $crate::error::ErrorBody::response($description))),+].into()
            }
        }
    )+};
}
pub(crate) use error_responses;

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ErrorDetail<'a> {
    /// Machine-readable: `bad_request`, `unauthorized`, `forbidden`, `not_found`, `conflict`,
    /// `gone`, `payload_too_large`, `unsupported_media_type`, `validation`, `rate_limited`,
    /// `unavailable`, `internal`, `method_not_allowed`.
    #[schema(value_type = String)]
    code: &'a str,
    /// For people; on a 422 the first field's message.
    #[schema(value_type = String)]
    message: &'a str,
    /// A failure the client acts on (the message is for people only).
    #[serde(skip_serializing_if = "Option::is_none")]
    kind: Option<ErrorKind>,
    /// On a 422: field name → its messages.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<BTreeMap<String, Vec<String>>>)]
    fields: Option<&'a FieldErrors>,
    /// On a 500: the reference that is in the server log.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    request_id: Option<&'a str>,
}

impl Reply for ApiError {
    fn into_response(self) -> Response {
        let (kind, this) = match self {
            Self::Known { kind, error } => (Some(kind), *error),
            other => (None, other),
        };
        this.answer(kind)
    }
}

impl ApiError {
    fn answer(self, kind: Option<ErrorKind>) -> Response {
        let status = self.status();
        let (message, request_id) = match &self {
            Self::Internal(err) => {
                let id = uuid::Uuid::new_v4().simple().to_string();
                tracing::error!(request_id = %id, error = ?err, "request failed");
                (
                    format!("Something went wrong on our side. Reference: {id}"),
                    Some(id),
                )
            }
            other => (other.to_string(), None),
        };
        let fields = match &self {
            Self::Validation { fields, .. } => Some(fields),
            _ => None,
        };
        let body = ErrorBody {
            error: ErrorDetail {
                code: self.code(),
                message: &message,
                kind,
                fields,
                request_id: request_id.as_deref(),
            },
        };
        let mut response =
            warp::reply::with_status(warp::reply::json(&body), status).into_response();
        if let Self::TooManyRequests {
            retry_after_secs, ..
        } = &self
        {
            response.headers_mut().insert(
                "retry-after",
                HeaderValue::from_str(&retry_after_secs.to_string())
                    .expect("digits are a valid header"),
            );
        }
        response
    }
}

/// Turns a handler's result into a response, whichever way it went.
pub fn reply<T: Reply>(result: Result<T, ApiError>) -> Response {
    match result {
        Ok(ok) => ok.into_response(),
        Err(err) => err.into_response(),
    }
}

/// Maps warp's own rejections (no route, wrong method, body limits) to JSON errors.
pub async fn recover(rejection: Rejection) -> Result<Response, Infallible> {
    use warp::reject;
    let err = if rejection.is_not_found() {
        ApiError::NotFound("Not found".into())
    } else if let Some(e) = rejection.find::<BodyError>() {
        ApiError::from(e)
    } else if rejection.find::<reject::MethodNotAllowed>().is_some() {
        return Ok(warp::reply::with_status(
            warp::reply::json(&ErrorBody {
                error: ErrorDetail {
                    code: "method_not_allowed",
                    message: "Method not allowed",
                    kind: None,
                    fields: None,
                    request_id: None,
                },
            }),
            StatusCode::METHOD_NOT_ALLOWED,
        )
        .into_response());
    } else if let Some(e) = rejection.find::<reject::InvalidQuery>() {
        ApiError::BadRequest(format!("Invalid query string: {e}"))
    } else if let Some(e) = rejection.find::<reject::InvalidHeader>() {
        ApiError::BadRequest(e.to_string())
    } else if let Some(e) = rejection.find::<reject::MissingHeader>() {
        ApiError::BadRequest(e.to_string())
    } else {
        ApiError::Internal(anyhow::anyhow!("unhandled rejection: {rejection:?}"))
    };
    Ok(err.into_response())
}

/// Why a body was refused before its route's handler ran (a rejection; see [`recover`]); `crate::http::body` reads bodies.
#[derive(Debug)]
pub enum BodyError {
    /// 413: over `limit` bytes, declared or read.
    TooLarge { limit: u64 },
    /// 415: a JSON route got no `Content-Type`, or another type.
    NotJson,
    /// 415: a form route got a body that is not `multipart/form-data`.
    NotMultipart,
    /// 400: `multipart/form-data` without the boundary that separates its parts.
    NoBoundary,
    /// 400: the bytes could not be read, or are not what the route takes.
    Malformed(String),
}

impl warp::reject::Reject for BodyError {}

impl From<&BodyError> for ApiError {
    fn from(err: &BodyError) -> Self {
        match err {
            BodyError::TooLarge { limit } => Self::PayloadTooLarge(format!(
                "The request body is too large (at most {})",
                size(*limit)
            )),
            BodyError::NotJson => {
                Self::UnsupportedMediaType("Content-Type must be application/json".into())
            }
            BodyError::NotMultipart => {
                Self::UnsupportedMediaType("Send the form as multipart/form-data".into())
            }
            BodyError::NoBoundary => Self::BadRequest(
                "The Content-Type multipart/form-data has no boundary: let the HTTP client set it"
                    .into(),
            ),
            BodyError::Malformed(message) => Self::BadRequest(message.clone()),
        }
    }
}

impl From<BodyError> for ApiError {
    fn from(err: BodyError) -> Self {
        Self::from(&err)
    }
}

/// `bytes` in words: "256 KB", "64 MB".
fn size(bytes: u64) -> String {
    const MB: u64 = 1024 * 1024;
    if bytes >= MB && bytes.is_multiple_of(MB) {
        format!("{} MB", bytes / MB)
    } else {
        format!("{} KB", bytes.div_ceil(1024))
    }
}

/// Why the configuration could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{var} is not a valid {what}: {value:?}")]
    Invalid {
        var: &'static str,
        what: &'static str,
        value: String,
    },
}

//! File downloads: always an attachment, never sniffed, never cached by shared caches.

use std::fmt::Write as _;

use bytes::Bytes;
use warp::http::HeaderValue;
use warp::reply::Response;

use crate::error::ApiError;

/// A download of `bytes` named `file_name`, with the extension of the stored kind its
/// `content_type` names (core's `files::download_name`).
pub fn attachment(
    bytes: Bytes,
    file_name: &str,
    content_type: &str,
    cache: &'static str,
) -> Response {
    let mut response = Response::new(bytes.into());
    let headers = response.headers_mut();
    headers.insert(
        "content-type",
        HeaderValue::from_str(content_type)
            .unwrap_or(HeaderValue::from_static("application/octet-stream")),
    );
    let disposition =
        content_disposition(&jobtap_core::files::download_name(file_name, content_type));
    headers.insert(
        "content-disposition",
        HeaderValue::from_str(&disposition).unwrap_or(HeaderValue::from_static("attachment")),
    );
    headers.insert("cache-control", HeaderValue::from_static(cache));
    headers.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// A stored image shown in the page (an avatar, a logo): its type as recorded, and `cache`.
pub fn inline(bytes: Bytes, content_type: &str, cache: &'static str) -> Result<Response, ApiError> {
    let mut response = Response::new(bytes.into());
    let headers = response.headers_mut();
    headers.insert(
        "content-type",
        HeaderValue::from_str(content_type).map_err(|e| ApiError::Internal(e.into()))?,
    );
    headers.insert("cache-control", HeaderValue::from_static(cache));
    Ok(response)
}

/// `attachment; filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266).
pub fn content_disposition(file_name: &str) -> String {
    let ascii: String = file_name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let mut encoded = String::new();
    for byte in file_name.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            encoded.push(byte as char);
        } else {
            let _ = write!(encoded, "%{byte:02X}");
        }
    }
    format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_quoted_safely() {
        assert_eq!(
            content_disposition("CV \"final\".pdf"),
            "attachment; filename=\"CV _final_.pdf\"; filename*=UTF-8''CV%20%22final%22.pdf"
        );
        let unicode = content_disposition("Résumé.pdf");
        assert!(unicode.contains("filename=\"R_sum_.pdf\""), "{unicode}");
        assert!(unicode.contains("R%C3%A9sum%C3%A9.pdf"));
    }
}

//! Answers made per request compressed for clients that accept it: JSON, XML and HTML above a
//! small size, with gzip.
//!
//! The web app's files are compressed once at build time (`web.rs`); API answers are made per
//! request, so they are compressed here, quickly (gzip level 1: most of the saving of a JSON
//! list for a fraction of the CPU of a higher level), and only when it pays.

use std::io::Write as _;

use bytes::Bytes;
use flate2::Compression;
use flate2::write::GzEncoder;
use http_body_util::BodyExt as _;
use warp::http::HeaderValue;
use warp::http::header::{CONTENT_ENCODING, CONTENT_LENGTH, CONTENT_TYPE, VARY};
use warp::reply::Response;

/// Below this, compressing saves less than it costs (headers, a round of CPU).
pub const MIN_COMPRESSED_BYTES: usize = 1024;

/// Whether an `Accept-Encoding` value takes gzip: named (`gzip`, `gzip;q=0.5`) or through `*`,
/// unless refused with `q=0`; an explicit `gzip` weight wins over `*`.
fn accepts_gzip(accept_encoding: &str) -> bool {
    let mut named = None;
    let mut any = None;
    for coding in accept_encoding.split(',') {
        let mut parts = coding.split(';');
        let name = parts.next().unwrap_or_default().trim();
        let refused = parts.any(|p| {
            let p = p.trim();
            p.get(..2).is_some_and(|k| k.eq_ignore_ascii_case("q="))
                && p[2..].trim().parse::<f32>().is_ok_and(|q| q == 0.0)
        });
        if name.eq_ignore_ascii_case("gzip") {
            named = Some(!refused);
        } else if name == "*" {
            any = Some(!refused);
        }
    }
    named.or(any).unwrap_or(false)
}

/// Whether a content type is text worth compressing: JSON, XML (feeds, sitemaps), HTML made
/// per request (a job's page).
fn compressible(content_type: &str) -> bool {
    [
        "application/json",
        "application/xml",
        "application/rss+xml",
        "text/html",
    ]
    .iter()
    .any(|t| content_type.starts_with(t))
}

/// `response`, gzip-compressed when the client accepts it and it is JSON, XML or HTML of at least
/// [`MIN_COMPRESSED_BYTES`]; otherwise as it was. Either way it says it varies by encoding.
pub async fn answer(accept_encoding: Option<String>, response: Response) -> Response {
    let (mut parts, body) = response.into_parts();
    parts
        .headers
        .append(VARY, HeaderValue::from_static("accept-encoding"));
    let is_text = parts
        .headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(compressible);
    let wanted = accept_encoding.as_deref().is_some_and(accepts_gzip)
        && is_text
        && !parts.headers.contains_key(CONTENT_ENCODING);
    if !wanted {
        return Response::from_parts(parts, body);
    }
    // JSON answers are built whole in memory, so collecting them costs no extra wait.
    let bytes: Bytes = match body.collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(err) => {
            tracing::warn!(error = %err, "an API answer could not be read to compress it");
            return Response::from_parts(parts, Bytes::new().into());
        }
    };
    if bytes.len() < MIN_COMPRESSED_BYTES {
        return Response::from_parts(parts, bytes.into());
    }
    let mut encoder = GzEncoder::new(Vec::with_capacity(bytes.len() / 4), Compression::fast());
    let compressed = encoder.write_all(&bytes).and_then(|()| encoder.finish());
    match compressed {
        Ok(gzipped) => {
            parts
                .headers
                .insert(CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            parts.headers.remove(CONTENT_LENGTH);
            Response::from_parts(parts, gzipped.into())
        }
        Err(_) => Response::from_parts(parts, bytes.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::accepts_gzip;

    #[test]
    fn gzip_is_taken_unless_refused() {
        assert!(accepts_gzip("gzip, deflate, br"));
        assert!(accepts_gzip("br;q=1.0, gzip;q=0.8"));
        assert!(accepts_gzip("*"));
        assert!(!accepts_gzip("gzip;q=0"));
        assert!(!accepts_gzip("br, deflate"));
        assert!(!accepts_gzip("identity"));
        assert!(
            !accepts_gzip("gzip;q=0, *"),
            "an explicit refusal wins over *"
        );
        assert!(!accepts_gzip("gzip;Q=0"));
        assert!(!accepts_gzip("*;q=0"));
    }
}

//! Request bodies as HTTP/1.1 clients send them: with a length or chunked (no
//! `Content-Length`), limited by what is read; malformed ones named as such.

use std::time::Duration;

use bytes::Bytes;
use jobtap_api::ai::features::resume_tools::BODY_LIMIT as RESUME_BODY_LIMIT;
use jobtap_api::http::JSON_BODY_LIMIT;
use jobtap_api::uploads::FORM_LIMIT;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

use crate::feed::{candidate, employer, error};
use crate::helpers::{TestApp, TestOptions, spawn_app, spawn_app_with_env};

const BOUNDARY: &str = "jobtap-test-boundary";

/// `bytes` sent chunked, 64 KB at a time, with no `Content-Length`.
async fn send_chunked(
    app: &TestApp,
    path: &str,
    token: Option<&str>,
    content_type: Option<&str>,
    bytes: Vec<u8>,
) -> reqwest::Response {
    let chunks: Vec<Result<Bytes, std::io::Error>> = bytes
        .chunks(64 * 1024)
        .map(|c| Ok(Bytes::copy_from_slice(c)))
        .collect();
    let mut request = app
        .client
        .post(app.url(path))
        .body(reqwest::Body::wrap_stream(futures_util::stream::iter(
            chunks,
        )));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(content_type) = content_type {
        request = request.header("content-type", content_type);
    }
    request.send().await.expect("request")
}

/// A multipart body: text fields, then one file.
fn form(text: &[(&str, &str)], file: Option<(&str, &str, &[u8])>) -> Vec<u8> {
    let mut body = Vec::new();
    for (name, value) in text {
        body.extend_from_slice(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }
    if let Some((name, file_name, bytes)) = file {
        body.extend_from_slice(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{file_name}\"\r\n\
                 Content-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

fn multipart_type() -> String {
    format!("multipart/form-data; boundary={BOUNDARY}")
}

/// A JSON object of exactly `size` bytes: `{"email":…,"password":…}` padded with spaces.
fn json_of_size(body: &Value, size: u64) -> Vec<u8> {
    let mut bytes = serde_json::to_vec(body).unwrap();
    let size = usize::try_from(size).unwrap();
    assert!(bytes.len() <= size);
    bytes.resize(size, b' ');
    bytes
}

#[tokio::test]
async fn a_chunked_json_body_is_read_up_to_the_limit_and_refused_past_it() {
    let app = spawn_app().await;
    candidate(&app, "chunked@example.com").await;
    let sign_in = json!({ "email": "chunked@example.com", "password": "sadza-nyama-2024" });
    for (size, status) in [
        (100, 200),
        (JSON_BODY_LIMIT, 200),
        (JSON_BODY_LIMIT + 1, 413),
    ] {
        let response = send_chunked(
            &app,
            "/api/v1/auth/signin",
            None,
            Some("application/json"),
            json_of_size(&sign_in, size),
        )
        .await;
        assert_eq!(response.status(), status, "a chunked body of {size} bytes");
        if status == 413 {
            let body: Value = response.json().await.unwrap();
            assert_eq!(
                body["error"]["message"],
                "The request body is too large (at most 256 KB)"
            );
        }
    }
}

#[tokio::test]
async fn a_chunked_resume_body_is_read_after_the_role_check_up_to_its_own_limit() {
    let app = spawn_app().await;
    let user = candidate(&app, "resume-chunked@example.com").await;
    let text = "Tendai Moyo\ntendai@example.com\nExperience\nData analyst, 2019 - 2024\n";
    let resume = json!({ "resumeText": text });
    for (size, status) in [
        (1_000, 200),
        (RESUME_BODY_LIMIT, 200),
        (RESUME_BODY_LIMIT + 1, 413),
    ] {
        let response = send_chunked(
            &app,
            "/api/v1/functions/analyze-resume",
            Some(&user.token),
            Some("application/json"),
            json_of_size(&resume, size),
        )
        .await;
        assert_eq!(response.status(), status, "a chunked body of {size} bytes");
    }
}

#[tokio::test]
async fn a_chunked_upload_is_stored_like_any_other() {
    let app = spawn_app().await;
    let user = candidate(&app, "upload-chunked@example.com").await;
    let pdf = crate::profile::PDF;
    let response = send_chunked(
        &app,
        "/api/v1/documents",
        Some(&user.token),
        Some(&multipart_type()),
        form(
            &[("document_type", "certificate")],
            Some(("file", "cert.pdf", pdf)),
        ),
    )
    .await;
    assert_eq!(response.status(), 201);
    let list: Value = app
        .get_auth("/api/v1/documents", &user.token)
        .await
        .json()
        .await
        .unwrap();
    let id = list["documents"][0]["id"].as_str().unwrap().to_string();
    let download = app
        .get_auth(&format!("/api/v1/documents/{id}/download"), &user.token)
        .await;
    assert_eq!(download.status(), 200);
    assert_eq!(download.bytes().await.unwrap().as_ref(), pdf);
}

#[tokio::test]
async fn a_chunked_csv_import_is_taken_at_its_limit_and_refused_one_byte_past_it() {
    let limit = 4096;
    let app = spawn_app_with_env(
        TestOptions::default(),
        vec![("JOBTAP_IMPORT_MAX_BYTES", limit.to_string())],
    )
    .await;
    let user = employer(&app, "import-chunked@example.com").await;
    let mut csv = b"company_name,job_title,job_description,location,job_type,skills\n\
        Acme,Data Analyst,Build reports.,Harare,Full-time,SQL;Python\n"
        .to_vec();
    // Padded with blank lines to exactly the limit.
    csv.resize(limit, b'\n');
    let at = send_chunked(
        &app,
        "/api/v1/employer/jobs/import",
        Some(&user.token),
        Some(&multipart_type()),
        form(&[], Some(("file", "jobs.csv", &csv))),
    )
    .await;
    assert_eq!(at.status(), 201, "a file of exactly the limit");
    csv.push(b'\n');
    let past = send_chunked(
        &app,
        "/api/v1/employer/jobs/import",
        Some(&user.token),
        Some(&multipart_type()),
        form(&[], Some(("file", "jobs.csv", &csv))),
    )
    .await;
    let err = error(past, 413).await;
    assert!(
        err["message"].as_str().unwrap().contains("4 KB"),
        "the import's own message: {err}"
    );
}

/// Sends a chunked body that never ends, `preamble` then `repeated` again and again, and reads
/// the answer: the server must answer without reading the rest (a server that read to the end
/// would never answer).
async fn endless_chunked(
    app: &TestApp,
    path: &str,
    token: &str,
    content_type: &str,
    preamble: Vec<u8>,
    repeated: Vec<u8>,
) -> (u16, String) {
    let address = app.address.trim_start_matches("http://").to_string();
    let stream = tokio::net::TcpStream::connect(&address).await.unwrap();
    let (mut reader, mut writer) = stream.into_split();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: {content_type}\r\nTransfer-Encoding: chunked\r\n\r\n"
    );
    let frame =
        |bytes: &[u8]| [format!("{:x}\r\n", bytes.len()).as_bytes(), bytes, b"\r\n"].concat();
    let (first, again) = (frame(&preamble), frame(&repeated));
    let sender = tokio::spawn(async move {
        writer.write_all(head.as_bytes()).await?;
        if !preamble.is_empty() {
            writer.write_all(&first).await?;
        }
        loop {
            writer.write_all(&again).await?;
        }
        #[allow(unreachable_code)]
        Ok::<(), std::io::Error>(())
    });
    let answer = tokio::time::timeout(Duration::from_secs(60), async {
        let mut received = Vec::new();
        let mut buf = vec![0; 16 * 1024];
        loop {
            let n = reader.read(&mut buf).await.unwrap();
            received.extend_from_slice(&buf[..n]);
            let text = String::from_utf8_lossy(&received).to_string();
            if let Some(end) = text.find("\r\n\r\n")
                && text[end..].contains('}')
            {
                return text;
            }
            assert!(n > 0, "the server closed without an answer: {text}");
        }
    })
    .await
    .expect("an answer while the body is still being sent");
    sender.abort();
    let status = answer[9..12].parse().unwrap();
    (status, answer)
}

#[tokio::test]
async fn an_endless_chunked_file_is_refused_at_its_own_limit() {
    let app = spawn_app().await;
    let user = candidate(&app, "endless@example.com").await;
    let preamble = form(&[("document_type", "certificate")], None);
    // The closing boundary of `form` is cut off, and the file's part begins.
    let mut preamble = preamble[..preamble.len() - BOUNDARY.len() - 6].to_vec();
    preamble.extend_from_slice(
        format!(
            "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.pdf\"\r\n\r\n%PDF-1.4\n"
        )
        .as_bytes(),
    );
    let (status, answer) = endless_chunked(
        &app,
        "/api/v1/documents",
        &user.token,
        &multipart_type(),
        preamble,
        vec![b'x'; 256 * 1024],
    )
    .await;
    assert_eq!(status, 413, "{answer}");
    assert!(answer.contains("at most 10 MB"), "{answer}");
}

#[tokio::test]
async fn an_endless_chunked_form_is_refused_at_the_form_limit() {
    let app = spawn_app().await;
    let user = candidate(&app, "endless-form@example.com").await;
    // Text fields each under the field limit, without end: only the whole form's limit stops them.
    let mut field =
        format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\n")
            .into_bytes();
    field.extend_from_slice(&vec![b'x'; 32 * 1024]);
    field.extend_from_slice(b"\r\n");
    let (status, answer) = endless_chunked(
        &app,
        "/api/v1/documents",
        &user.token,
        &multipart_type(),
        Vec::new(),
        field,
    )
    .await;
    assert_eq!(status, 413, "{answer}");
    let limit_mb = FORM_LIMIT / (1024 * 1024);
    assert!(
        answer.contains(&format!("at most {limit_mb} MB")),
        "{answer}"
    );
}

/// A form of exactly `size` bytes: text fields of at most 32 KB (under the field limit), no file.
fn text_form_of_size(size: u64) -> Vec<u8> {
    const FIELD: usize = 32 * 1024;
    let size = usize::try_from(size).unwrap();
    let head = format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\n");
    // No line break after the closing boundary (it is optional): the form's last byte is one
    // the server must read to see the form end.
    let closing = format!("--{BOUNDARY}--");
    let framing = head.len() + 2;
    let mut body = Vec::with_capacity(size);
    let field = |body: &mut Vec<u8>, value: usize| {
        body.extend_from_slice(head.as_bytes());
        body.resize(body.len() + value, b'x');
        body.extend_from_slice(b"\r\n");
    };
    // Whole fields while a last one (of at most FIELD bytes) still fits after them.
    while size - body.len() - closing.len() > 2 * framing + FIELD {
        field(&mut body, FIELD);
    }
    let room = size - body.len() - closing.len();
    let last = room - framing;
    assert!(last <= FIELD);
    field(&mut body, last);
    body.extend_from_slice(closing.as_bytes());
    assert_eq!(body.len(), size, "the form is exactly {size} bytes");
    body
}

#[tokio::test]
async fn a_chunked_form_is_read_to_the_form_limit_and_refused_one_byte_past_it() {
    let app = spawn_app().await;
    let user = candidate(&app, "form-limit@example.com").await;
    for (size, status) in [(FORM_LIMIT, 422), (FORM_LIMIT + 1, 413)] {
        let response = send_chunked(
            &app,
            "/api/v1/documents",
            Some(&user.token),
            Some(&multipart_type()),
            text_form_of_size(size),
        )
        .await;
        // At the limit the whole form is read, and judged: it has no document type or file.
        assert_eq!(response.status(), status, "a chunked form of {size} bytes");
    }
}

#[tokio::test]
async fn an_endless_chunked_json_body_is_refused_at_its_limit() {
    let app = spawn_app().await;
    let user = candidate(&app, "endless-json@example.com").await;
    let (status, answer) = endless_chunked(
        &app,
        "/api/v1/functions/analyze-resume",
        &user.token,
        "application/json",
        b"{\"resumeText\": \"".to_vec(),
        vec![b'x'; 256 * 1024],
    )
    .await;
    assert_eq!(status, 413, "{answer}");
    assert!(answer.contains("at most 14 MB"), "{answer}");
}

#[tokio::test]
async fn malformed_bodies_are_named_not_taken_for_a_missing_route() {
    let app = spawn_app().await;
    let user = candidate(&app, "malformed@example.com").await;

    // multipart/form-data without its boundary: a 400 that says so (it was a 405).
    let no_boundary = app
        .client
        .post(app.url("/api/v1/documents"))
        .bearer_auth(&user.token)
        .header("content-type", "multipart/form-data")
        .body(form(&[("document_type", "certificate")], None))
        .send()
        .await
        .unwrap();
    let err = error(no_boundary, 400).await;
    assert!(
        err["message"].as_str().unwrap().contains("boundary"),
        "{err}"
    );

    // A JSON route with no Content-Type: 415 (it was parsed as JSON).
    let untyped = app
        .client
        .post(app.url("/api/v1/auth/signin"))
        .body(r#"{"email":"malformed@example.com","password":"sadza-nyama-2024"}"#)
        .send()
        .await
        .unwrap();
    let err = error(untyped, 415).await;
    assert_eq!(err["message"], "Content-Type must be application/json");

    // The same body with its type is taken.
    let typed = app
        .client
        .post(app.url("/api/v1/auth/signin"))
        .header("content-type", "application/json; charset=utf-8")
        .body(r#"{"email":"malformed@example.com","password":"sadza-nyama-2024"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(typed.status(), 200);

    // A form route sent JSON: 415.
    let json_to_form = app
        .client
        .post(app.url("/api/v1/documents"))
        .bearer_auth(&user.token)
        .json(&json!({ "document_type": "certificate" }))
        .send()
        .await
        .unwrap();
    error(json_to_form, 415).await;
}

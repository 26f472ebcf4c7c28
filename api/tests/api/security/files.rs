//! Uploads are judged by their bytes and sizes: renamed executables, SVG images,
//! a DOCX zip bomb, and files exactly at and one byte over each limit.

use base64::Engine as _;
use reqwest::multipart::Form;
use serde_json::{Value, json};

use crate::feed::error;
use crate::helpers::{TestApp, spawn_app};
use crate::profile::{PDF, PNG, file, form};

const MB: usize = 1024 * 1024;
const ANALYZE: &str = "/api/v1/functions/analyze-resume";
const ELF: &[u8] = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x02\0>\0\x01\0\0\0";
const PE: &[u8] = b"MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff\0\0\xb8\0\0\0\0\0\0\0@\0";
const SVG: &[u8] =
    br#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>"#;

fn data_url(mime: &str, bytes: &[u8]) -> String {
    format!(
        "data:{mime};base64,{}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    )
}

async fn multipart(app: &TestApp, path: &str, token: &str, form: Form) -> reqwest::Response {
    app.client
        .post(app.url(path))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap()
}

fn document(doc_type: &str, bytes: &[u8], name: &str) -> Form {
    Form::new()
        .text("document_type", doc_type.to_string())
        .part("file", file(bytes, name))
}

fn logo(bytes: &[u8], name: &str) -> Form {
    Form::new().part("file", file(bytes, name))
}

/// `head` padded with `fill` to exactly `len` bytes.
fn padded(head: &[u8], len: usize, fill: u8) -> Vec<u8> {
    let mut bytes = head.to_vec();
    bytes.resize(len, fill);
    bytes
}

#[tokio::test]
async fn executables_renamed_as_documents_or_images_are_refused_with_the_spec_wording() {
    let app = spawn_app().await;
    let candidate = crate::feed::candidate(&app, "exe@example.com").await;
    let boss = crate::feed::employer(&app, "exe@acme.co").await;
    for (what, exe) in [("ELF", ELF), ("PE", PE)] {
        let cases = [
            (
                multipart(&app, "/api/v1/documents", &candidate.token, document("resume", exe, "cv.pdf")).await,
                "Resume must be a PDF, DOC, DOCX or TXT file",
            ),
            (
                multipart(&app, "/api/v1/documents", &candidate.token, document("certificate", exe, "aws.png")).await,
                "Certificates must be PDF, DOC, DOCX, JPG or PNG files",
            ),
            (
                multipart(&app, "/api/v1/profile/onboarding", &candidate.token, form().part("resume", file(exe, "cv.pdf"))).await,
                "Resume must be a PDF, DOC or DOCX file",
            ),
            (
                multipart(&app, "/api/v1/profile/onboarding", &candidate.token, form().part("avatar", file(exe, "me.png"))).await,
                "Profile picture must be a JPG, PNG or WEBP image",
            ),
            (
                multipart(&app, "/api/v1/employer/logos", &boss.token, logo(exe, "logo.png")).await,
                "Please upload an image file",
            ),
            (
                app.post_json_auth(ANALYZE, &candidate.token, &json!({ "resumeFile": data_url("application/pdf", exe), "fileName": "cv.pdf" })).await,
                "Please upload a valid file: PDF, Word, PNG, JPG, or TXT",
            ),
        ];
        for (i, (response, message)) in cases.into_iter().enumerate() {
            assert_eq!(
                error(response, 415).await["message"],
                message,
                "{what} case {i}"
            );
        }
    }
    assert!(app.stored_files().await.is_empty());
}

#[tokio::test]
async fn an_svg_logo_is_refused_whatever_its_name_or_declared_type() {
    let app = spawn_app().await;
    let boss = crate::feed::employer(&app, "svg@acme.co").await;
    for name in ["logo.svg", "logo.png", "logo"] {
        let form = Form::new().part(
            "file",
            reqwest::multipart::Part::bytes(SVG.to_vec())
                .file_name(name)
                .mime_str("image/svg+xml")
                .unwrap(),
        );
        let response = multipart(&app, "/api/v1/employer/logos", &boss.token, form).await;
        let err = error(response, 415).await;
        assert!(
            err["message"].as_str().unwrap().contains("SVG"),
            "{name}: {err}"
        );
    }
    assert!(app.stored_files().await.is_empty());
}

/// Bits least significant first, as deflate packs them.
#[derive(Default)]
struct Bits {
    out: Vec<u8>,
    used: u32,
}

impl Bits {
    fn put(&mut self, value: u32, count: u32) {
        for i in 0..count {
            if self.used.is_multiple_of(8) {
                self.out.push(0);
            }
            *self.out.last_mut().unwrap() |= (((value >> i) & 1) as u8) << (self.used % 8);
            self.used += 1;
        }
    }

    /// A Huffman code, most significant bit first.
    fn code(&mut self, code: u32, len: u32) {
        for i in (0..len).rev() {
            self.put((code >> i) & 1, 1);
        }
    }
}

/// A raw deflate stream of `1 + 258 * matches` zeros in one dynamic block where each
/// "copy 258 bytes from 1 back" costs two bits: 1 GiB in about 1 MB (see core's
/// `docx` tests for the derivation).
fn zero_bomb(matches: u64) -> Vec<u8> {
    let mut b = Bits::default();
    b.put(1, 1);
    b.put(2, 2);
    b.put(29, 5);
    b.put(0, 5);
    b.put(14, 4);
    for len in [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2] {
        b.put(len, 3);
    }
    b.code(0b11, 2);
    b.code(0, 1);
    b.put(127, 7);
    b.code(0, 1);
    b.put(106, 7);
    b.code(0b11, 2);
    b.code(0, 1);
    b.put(17, 7);
    b.code(0b10, 2);
    b.code(0b10, 2);
    b.code(0b10, 2);
    for _ in 0..matches {
        b.code(0, 1);
        b.code(0, 1);
    }
    b.code(0b11, 2);
    b.out
}

/// The zip CRC-32 (IEEE, reflected) of `data`.
fn crc32(data: &[u8]) -> u32 {
    !data.iter().fold(!0u32, |crc, &byte| {
        (0..8).fold(crc ^ u32::from(byte), |c, _| {
            if c & 1 == 1 {
                (c >> 1) ^ 0xEDB8_8320
            } else {
                c >> 1
            }
        })
    })
}

/// A DOCX of two parts: `[Content_Types].xml` (stored), and `word/document.xml`, which is
/// `deflated` and declares `size`.
fn docx_bomb(deflated: &[u8], size: u32) -> Vec<u8> {
    const TYPES: &[u8] = b"<Types/>";
    struct Part<'a> {
        name: &'a [u8],
        method: u16,
        data: &'a [u8],
        crc: u32,
        declared: u32,
    }
    // The content types are read whole, so their CRC must hold; the bomb's is never reached,
    // its size is refused first.
    let parts = [
        Part {
            name: b"[Content_Types].xml",
            method: 0,
            data: TYPES,
            crc: crc32(TYPES),
            declared: TYPES.len() as u32,
        },
        Part {
            name: b"word/document.xml",
            method: 8,
            data: deflated,
            crc: 0,
            declared: size,
        },
    ];
    let mut out = Vec::new();
    let mut central = Vec::new();
    for Part {
        name,
        method,
        data,
        crc,
        declared,
    } in parts
    {
        let header = |buf: &mut Vec<u8>| {
            buf.extend(20u16.to_le_bytes());
            buf.extend(0u16.to_le_bytes());
            buf.extend(method.to_le_bytes());
            buf.extend(0u16.to_le_bytes());
            buf.extend(0x21u16.to_le_bytes());
            buf.extend(crc.to_le_bytes());
            buf.extend((data.len() as u32).to_le_bytes());
            buf.extend(declared.to_le_bytes());
            buf.extend((name.len() as u16).to_le_bytes());
            buf.extend(0u16.to_le_bytes());
        };
        let offset = out.len() as u32;
        out.extend(0x0403_4b50u32.to_le_bytes());
        header(&mut out);
        out.extend(name);
        out.extend(data);
        central.extend(0x0201_4b50u32.to_le_bytes());
        central.extend(20u16.to_le_bytes());
        header(&mut central);
        central.extend([0u8; 6]);
        central.extend(0u32.to_le_bytes());
        central.extend(offset.to_le_bytes());
        central.extend(name);
    }
    let central_at = out.len() as u32;
    out.extend(&central);
    out.extend(0x0605_4b50u32.to_le_bytes());
    out.extend([0, 0, 0, 0, 2, 0, 2, 0]);
    out.extend((central.len() as u32).to_le_bytes());
    out.extend(central_at.to_le_bytes());
    out.extend(0u16.to_le_bytes());
    out
}

#[tokio::test]
async fn a_docx_zip_bomb_is_refused_without_being_inflated() {
    let app = spawn_app().await;
    let user = crate::feed::candidate(&app, "bomb@example.com").await;
    // 1 GiB of zeros in about 1 MB.
    let stream = zero_bomb((1 << 30) / 258);
    assert!(stream.len() < 1_100_000, "{}", stream.len());
    let inflated = 1 + 258 * ((1u32 << 30) / 258);
    for (what, declared) in [("honest size", inflated), ("lying size", 4096)] {
        let bomb = docx_bomb(&stream, declared);
        let response = app
            .post_json_auth(
                ANALYZE,
                &user.token,
                &json!({ "resumeFile": data_url("application/vnd.openxmlformats-officedocument.wordprocessingml.document", &bomb), "fileName": "cv.docx" }),
            )
            .await;
        let err = error(response, 422).await;
        let message = err["fields"]["resumeFile"][0].as_str().unwrap();
        assert!(
            message.starts_with("We could not read this Word file (its document part is"),
            "{what}: {message}"
        );
    }
}

/// A 200-range answer, or an error that is not about size.
async fn accepted(what: &str, response: reqwest::Response) {
    let status = response.status().as_u16();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    assert_ne!(status, 413, "{what}: {body}");
    assert!(
        (200..300).contains(&status) || status == 422,
        "{what}: {status} {body}"
    );
}

#[tokio::test]
async fn uploads_exactly_at_each_limit_pass_and_one_byte_more_is_413() {
    let app = spawn_app().await;
    let candidate = crate::feed::candidate(&app, "limits@example.com").await;
    let boss = crate::feed::employer(&app, "limits@acme.co").await;

    let resume_at = padded(PDF, 10 * MB, b' ');
    let resume_over = padded(PDF, 10 * MB + 1, b' ');
    let png_at = padded(PNG, 2 * MB, 0);
    let png_over = padded(PNG, 2 * MB + 1, 0);

    let post_doc = |bytes: Vec<u8>| {
        multipart(
            &app,
            "/api/v1/documents",
            &candidate.token,
            document("resume", &bytes, "cv.pdf"),
        )
    };
    accepted("document at 10 MB", post_doc(resume_at.clone()).await).await;
    let err = error(post_doc(resume_over.clone()).await, 413).await;
    assert_eq!(err["message"], "Resume must be at most 10 MB");

    let post_avatar = |bytes: Vec<u8>| {
        multipart(
            &app,
            "/api/v1/profile/onboarding",
            &candidate.token,
            form().part("avatar", file(&bytes, "me.png")),
        )
    };
    accepted("avatar at 2 MB", post_avatar(png_at.clone()).await).await;
    let err = error(post_avatar(png_over.clone()).await, 413).await;
    assert_eq!(err["message"], "Profile picture must be at most 2 MB");

    let post_logo = |bytes: Vec<u8>| {
        multipart(
            &app,
            "/api/v1/employer/logos",
            &boss.token,
            logo(&bytes, "logo.png"),
        )
    };
    accepted("logo at 2 MB", post_logo(png_at).await).await;
    let err = error(post_logo(png_over).await, 413).await;
    assert_eq!(err["message"], "Image size must be less than 2MB");

    let analyze = async |bytes: Vec<u8>| {
        let body =
            json!({ "resumeFile": data_url("application/pdf", &bytes), "fileName": "cv.pdf" });
        app.post_json_auth(ANALYZE, &candidate.token, &body).await
    };
    accepted("analysis at 10 MB", analyze(resume_at).await).await;
    let err = error(analyze(resume_over).await, 413).await;
    assert_eq!(err["message"], "Resume must be at most 10 MB");
}

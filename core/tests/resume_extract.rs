//! Resume text extraction over the fixture files, damaged files and random bytes.

use std::io::Write;

use jobtap_core::resume::{ExtractError, ImageKind, ResumeFormat, extract_text};
use jobtap_core::resume_pdf::PdfError;
use lopdf::{Document, Object, Stream, dictionary};
use proptest::prelude::*;
use test_case::test_case;

const STRONG_TXT: &str = include_str!("../../fixtures/resumes/strong-developer.txt");
const STRONG_DOCX: &[u8] = include_bytes!("../../fixtures/resumes/strong-developer.docx");
const STRONG_PDF: &[u8] = include_bytes!("../../fixtures/resumes/strong-developer.pdf");
const STRONG_DOC: &[u8] = include_bytes!("../../fixtures/resumes/strong-developer.doc");

/// The non-blank lines, trimmed: what every format must give back.
fn lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect()
}

#[test_case("strong-developer.txt", STRONG_TXT.as_bytes(), ResumeFormat::Txt)]
#[test_case("strong-developer.docx", STRONG_DOCX, ResumeFormat::Docx)]
#[test_case("strong-developer.pdf", STRONG_PDF, ResumeFormat::Pdf)]
#[test_case("strong-developer.doc", STRONG_DOC, ResumeFormat::Doc)]
fn every_fixture_format_gives_back_the_resume_lines(
    name: &str,
    bytes: &[u8],
    format: ResumeFormat,
) {
    let read = extract_text(name, bytes).unwrap();
    assert_eq!(read.format, format);
    assert_eq!(lines(&read.text), lines(STRONG_TXT));
}

#[test]
fn the_content_decides_the_format_not_the_name() {
    let read = extract_text("resume.txt", STRONG_PDF).unwrap();
    assert_eq!(read.format, ResumeFormat::Pdf);
    let read = extract_text("no-extension", STRONG_DOCX).unwrap();
    assert_eq!(read.format, ResumeFormat::Docx);
}

#[test]
fn text_files_in_every_supported_encoding() {
    let expected = "Zoë Moyo\nCafé manager – 5 years";
    let utf8_bom = [b"\xEF\xBB\xBF", expected.as_bytes()].concat();
    let little_endian: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(expected.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let big_endian: Vec<u8> = [0xFE, 0xFF]
        .into_iter()
        .chain(expected.encode_utf16().flat_map(u16::to_be_bytes))
        .collect();
    let cp1252 = b"Zo\xEB Moyo\r\nCaf\xE9 manager \x96 5 years".to_vec();
    for bytes in [
        expected.as_bytes().to_vec(),
        utf8_bom,
        little_endian,
        big_endian,
        cp1252,
    ] {
        let read = extract_text("cv.txt", &bytes).unwrap();
        assert_eq!(read.text, expected, "{bytes:?}");
        assert_eq!(read.format, ResumeFormat::Txt);
    }
}

#[test]
fn page_breaks_in_text_files_read_as_line_breaks() {
    let read = extract_text("cv.txt", b"Page one\x0cPage two").unwrap();
    assert_eq!(read.text, "Page one\nPage two");
}

#[test]
fn binary_named_txt_is_an_unreadable_text_file() {
    let error = extract_text("cv.txt", b"MZ\x90\x00\x03\x00\x00\x00").unwrap_err();
    assert!(matches!(error, ExtractError::Text(_)), "{error:?}");
    assert!(error.to_string().contains("Please save it as UTF-8 text"));
}

#[test_case(b"" ; "no bytes")]
#[test_case(b"   \n\t\r\n  " ; "whitespace")]
fn empty_files_are_refused_with_a_clear_message(bytes: &[u8]) {
    for name in ["cv.txt", "cv.pdf", "cv.docx", "cv.doc", "cv"] {
        let error = extract_text(name, bytes).unwrap_err();
        assert!(matches!(error, ExtractError::Empty), "{name}: {error:?}");
        assert!(
            error
                .to_string()
                .starts_with("We could not read any text from this file"),
            "{error}"
        );
    }
}

#[test]
fn punctuation_only_text_is_empty() {
    let error = extract_text("cv.txt", "- - -\n•\n\u{200B}".as_bytes()).unwrap_err();
    assert!(matches!(error, ExtractError::Empty));
}

/// A one-page PDF whose page draws nothing: a scan without a text layer reads the same.
fn pdf_without_text() -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let content_id = doc.add_object(Stream::new(dictionary! {}, Vec::new()));
    let page = doc.add_object(dictionary! {
        "Type" => "Page",
        "Parent" => pages_id,
        "Contents" => content_id,
        "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
    });
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages",
            "Kids" => vec![page.into()],
            "Count" => 1,
        }),
    );
    let catalog_id = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog_id);
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    bytes
}

#[test]
fn a_pdf_without_a_text_layer_is_empty_not_made_up() {
    let error = extract_text("scan.pdf", &pdf_without_text()).unwrap_err();
    assert!(matches!(error, ExtractError::Empty), "{error:?}");
}

#[test]
fn a_docx_without_text_is_empty() {
    let docx = docx_with_document(
        "<w:document xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"><w:body><w:p/></w:body></w:document>",
    );
    let error = extract_text("cv.docx", &docx).unwrap_err();
    assert!(matches!(error, ExtractError::Empty), "{error:?}");
}

#[test]
fn a_truncated_pdf_is_refused_never_half_read() {
    // lopdf recovers what it can; either way no made-up or partial resume comes back.
    let error = extract_text("cv.pdf", &STRONG_PDF[..STRONG_PDF.len() / 2]).unwrap_err();
    assert!(
        matches!(error, ExtractError::Pdf(_) | ExtractError::Empty),
        "{error:?}"
    );
}

#[test_case(b"%PDF-1.4\n1 0 obj <</Type/Catalog" ; "header only")]
#[test_case(b"not a pdf at all" ; "no header")]
fn damaged_pdfs_are_a_pdf_error(bytes: &[u8]) {
    let error = extract_text("cv.pdf", bytes).unwrap_err();
    assert!(
        matches!(error, ExtractError::Pdf(PdfError::Read(_))),
        "{error:?}"
    );
    assert!(
        error
            .to_string()
            .starts_with("The file is not a readable PDF.")
    );
}

fn docx_with_document(xml: &str) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    zip.start_file("[Content_Types].xml", options).unwrap();
    zip.write_all(b"<Types/>").unwrap();
    zip.start_file("word/document.xml", options).unwrap();
    zip.write_all(xml.as_bytes()).unwrap();
    zip.finish().unwrap().into_inner()
}

#[test_case(&STRONG_DOCX[..STRONG_DOCX.len() / 2] ; "truncated zip")]
#[test_case(b"PK\x03\x04 not really a zip" ; "zip signature only")]
#[test_case(&docx_with_document("<w:document><w:p><w:t>open</w:p>") ; "malformed xml")]
#[test_case(&docx_with_document("<w:document><w:t>&nbsp;</w:t></w:document>") ; "unknown entity")]
fn damaged_docx_files_are_a_docx_error(bytes: &[u8]) {
    let error = extract_text("cv.docx", bytes).unwrap_err();
    assert!(matches!(error, ExtractError::Docx(_)), "{error:?}");
    assert!(
        error
            .to_string()
            .contains("Please save it again as .docx or PDF")
    );
}

#[test]
fn a_zip_without_a_document_part_is_a_docx_error() {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    zip.start_file("notes.txt", zip::write::SimpleFileOptions::default())
        .unwrap();
    zip.write_all(b"hello").unwrap();
    let bytes = zip.finish().unwrap().into_inner();
    let error = extract_text("cv.docx", &bytes).unwrap_err();
    assert_eq!(
        error.to_string(),
        "We could not read this Word file (it has no document part). Please save it again as .docx or PDF."
    );
}

#[test]
fn a_damaged_doc_asks_for_docx_or_pdf() {
    let mut bytes = STRONG_DOC[..512].to_vec();
    bytes.resize(4096, 0);
    let error = extract_text("cv.doc", &bytes).unwrap_err();
    assert!(matches!(error, ExtractError::Doc), "{error:?}");
    assert!(
        error
            .to_string()
            .contains("Please save the file as .docx or PDF")
    );
}

#[test]
fn images_need_ocr() {
    let png =
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x00\x00\x00\x00";
    let jpeg = b"\xFF\xD8\xFF\xE0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00";
    assert!(matches!(
        extract_text("scan.png", png),
        Err(ExtractError::NeedsOcr(ImageKind::Png))
    ));
    assert!(matches!(
        extract_text("photo.jpg", jpeg),
        Err(ExtractError::NeedsOcr(ImageKind::Jpeg))
    ));
}

#[test_case("cv.exe", b"MZ\x90\x00\x03\x00\x00\x00" ; "executable")]
#[test_case("cv.gif", b"GIF89a\x01\x00\x01\x00\x00\x00\x00" ; "gif")]
#[test_case("cv.rtf", b"{\\rtf1\\ansi Jane}" ; "rtf")]
fn other_kinds_get_the_spec_message(name: &str, bytes: &[u8]) {
    let error = extract_text(name, bytes).unwrap_err();
    assert!(matches!(error, ExtractError::Unsupported), "{error:?}");
    assert_eq!(
        error.to_string(),
        "Please upload a valid file: PDF, Word, PNG, JPG, or TXT"
    );
}

/// Flips `count` bytes of `bytes` at positions drawn from `seeds`.
fn corrupt(bytes: &[u8], seeds: &[(usize, u8)]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for &(at, value) in seeds {
        let at = at % out.len();
        out[at] ^= value | 1;
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Whatever the bytes and the name, extraction answers (text or error), never panics.
    #[test]
    fn random_bytes_never_panic(
        name in prop::sample::select(vec!["cv.pdf", "cv.docx", "cv.doc", "cv.txt", "cv.png", "cv"]),
        magic in prop::sample::select(vec![&b""[..], b"%PDF-1.4\n", b"PK\x03\x04", b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1"]),
        body in prop::collection::vec(any::<u8>(), 0..2048),
    ) {
        let bytes = [magic, &body[..]].concat();
        if let Ok(read) = extract_text(name, &bytes) {
            prop_assert!(read.text.chars().any(char::is_alphanumeric));
        }
    }

    /// Real files with a few bytes damaged: the parsers meet plausible structure.
    #[test]
    fn damaged_fixtures_never_panic(
        which in 0usize..3,
        seeds in prop::collection::vec((any::<usize>(), any::<u8>()), 1..8),
    ) {
        let (name, bytes) = [("cv.pdf", STRONG_PDF), ("cv.docx", STRONG_DOCX), ("cv.doc", STRONG_DOC)][which];
        let _ = extract_text(name, &corrupt(bytes, &seeds));
    }
}

#[test]
fn legacy_word_text_in_utf16_pieces_keeps_every_character() {
    let bytes = include_bytes!("../../fixtures/resumes/unicode-note.doc");
    let read = extract_text("note.doc", bytes).unwrap();
    assert_eq!(read.format, ResumeFormat::Doc);
    assert_eq!(
        read.text,
        "Zoë Moyo — Café manager ☺\nLed 5 baristas at Štefan’s café, 2021 – Present"
    );
}

//! Word files as different writers make them: each is recognised as a .docx by
//! its content, accepted in every slot that takes Word files, and read for its text and
//! roles, whatever the order of its zip entries.

use std::io::Write;

use jobtap_core::files::{FileKind, Slot, sniff};
use jobtap_core::format::escape_html;
use jobtap_core::resume::preview::preview_html;
use jobtap_core::resume::{ResumeFormat, YearMonth, extract_text, resume_facts};
use test_case::test_case;

const PYTHON_DOCX: &[u8] = include_bytes!("../../fixtures/resumes/writers/nurse.python-docx.docx");
const PANDOC: &[u8] = include_bytes!("../../fixtures/resumes/writers/developer.pandoc.docx");
const LIBREOFFICE_ORDER: &[u8] =
    include_bytes!("../../fixtures/resumes/writers/accountant.libreoffice-order.docx");
const OWN: &[u8] = include_bytes!("../../fixtures/resumes/strong-developer.docx");

#[test_case(PYTHON_DOCX, &["RUDO MHLANGA", "Cut medication errors by 40% with a double-check round at handover", "BSc Nursing Science, University of Zimbabwe, 2020"], "Staff Nurse" ; "python-docx")]
#[test_case(PANDOC, &["Tinashe Chirwa", "Software Developer | Harare"], "Developer" ; "pandoc")]
#[test_case(LIBREOFFICE_ORDER, &["NYASHA DUBE"], "Accountant" ; "libreoffice order with data descriptors")]
#[test_case(OWN, &["TINASHE CHIRWA", "Senior Full Stack Developer"], "Developer" ; "this repository's own")]
fn every_writers_docx_is_recognised_accepted_and_read(bytes: &[u8], lines: &[&str], role: &str) {
    assert_eq!(sniff(bytes), Some(FileKind::Docx));
    for slot in [Slot::Resume, Slot::ResumeDocument, Slot::Certificate] {
        assert_eq!(slot.check(bytes), Ok(FileKind::Docx), "{slot:?}");
    }
    let read = extract_text("resume.docx", bytes).unwrap();
    assert_eq!(read.format, ResumeFormat::Docx);
    for line in lines {
        assert!(read.text.contains(line), "{line:?} in {}", read.text);
    }
    let facts = resume_facts(
        &read.text,
        YearMonth {
            year: 2026,
            month: 11,
        },
    );
    assert!(
        facts
            .roles
            .iter()
            .any(|r| r.title.contains(role) && r.months > 0),
        "a {role} role in {:?}",
        facts.roles
    );
    // Read in the page as the file's own lines, escaped, with no markup of the file's.
    let html = preview_html("resume.docx", bytes).unwrap();
    for line in lines {
        assert!(html.contains(&escape_html(line)), "{line:?} in {html}");
    }
    assert!(html.contains("<li>") || html.contains("<h2>"), "{html}");
    assert!(!html.contains("<w:"), "{html}");
}

/// A zip of `parts` (name, content), stored without compression.
fn zip_of(parts: &[(&str, &str)]) -> Vec<u8> {
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, content) in parts {
        out.start_file(
            *name,
            zip::write::SimpleFileOptions::default()
                .compression_method(zip::CompressionMethod::Stored),
        )
        .unwrap();
        out.write_all(content.as_bytes()).unwrap();
    }
    out.finish().unwrap().into_inner()
}

const DOCUMENT: &str = r#"<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>"#;

fn types(main: &str, part: &str) -> String {
    format!(
        r#"<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/{part}" ContentType="{main}"/></Types>"#
    )
}

#[test]
fn the_main_part_is_wherever_the_content_types_say() {
    let main = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";
    let moved = zip_of(&[
        ("word/document2.xml", DOCUMENT),
        ("[Content_Types].xml", &types(main, "word/document2.xml")),
    ]);
    assert_eq!(sniff(&moved), Some(FileKind::Docx));
    assert_eq!(
        extract_text("cv.docx", &moved).unwrap().text.trim(),
        "Hello"
    );
}

#[test]
fn zips_that_are_not_word_documents_are_not_docx() {
    let macros = "application/vnd.ms-word.document.macroEnabled.main+xml";
    for bytes in [
        // A macro-enabled document (.docm).
        zip_of(&[
            ("word/document.xml", DOCUMENT),
            ("[Content_Types].xml", &types(macros, "word/document.xml")),
        ]),
        // A zip holding a Word-like part but no content types.
        zip_of(&[("word/document.xml", DOCUMENT)]),
        // Content types naming a part the archive does not hold.
        zip_of(&[(
            "[Content_Types].xml",
            &types(
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
                "word/document.xml",
            ),
        )]),
    ] {
        assert_eq!(sniff(&bytes), None);
        assert!(Slot::Resume.check(&bytes).is_err());
    }
}

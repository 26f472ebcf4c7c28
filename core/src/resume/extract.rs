//! The text of an uploaded resume: PDF, DOCX, legacy DOC and plain text.
//!
//! The file's kind is judged by its bytes first ([`crate::files::sniff`]) and by its
//! name only when the bytes have no signature (plain text, or a damaged file named
//! `.pdf`/`.docx`, which then fails with that format's own error). Images are not read
//! here: text recognition needs tesseract, which only the server has, so PNG and JPG
//! answer [`ExtractError::NeedsOcr`] and the caller brings the recognised text back
//! through [`ResumeText::from_plain`].

use serde::Serialize;

use super::{doc, docx};
use crate::files::{FileKind, sniff};
use crate::resume_pdf::{PdfError, pdf_text};
use crate::text_decode::{DecodeError, decode_text};

/// What a server without tesseract tells the user about an image resume.
pub const OCR_UNAVAILABLE: &str = "We cannot read text from images on this server yet. \
Please upload your resume as a PDF, Word or text file.";

/// The kind of file a resume's text came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ResumeFormat {
    Pdf,
    Docx,
    Doc,
    Txt,
    /// A PNG or JPG read by OCR.
    Image,
}

/// An image kind that needs OCR before it can be analysed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ImageKind {
    Png,
    Jpeg,
}

/// Readable resume text: normalised line endings, no control characters, no trailing
/// spaces, at most one blank line in a row, and at least one letter or digit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResumeText {
    pub text: String,
    pub format: ResumeFormat,
}

impl ResumeText {
    /// Text obtained some other way (OCR in the API): normalised and checked like
    /// extracted text, so empty OCR output is the same error as an empty file.
    pub fn from_plain(text: &str, format: ResumeFormat) -> Result<Self, ExtractError> {
        let text = normalise(text);
        if !text.chars().any(char::is_alphanumeric) {
            return Err(ExtractError::Empty);
        }
        Ok(Self { text, format })
    }
}

/// Why a resume's text could not be read. Messages are shown to the user as they are.
#[derive(Debug, thiserror::Error)]
pub enum ExtractError {
    /// Neither the bytes nor the name say PDF, Word, PNG, JPG or text (spec §5 wording).
    #[error("Please upload a valid file: PDF, Word, PNG, JPG, or TXT")]
    Unsupported,
    /// An image: the caller must run OCR and pass the text to [`ResumeText::from_plain`].
    #[error("This image must be read with text recognition (OCR).")]
    NeedsOcr(ImageKind),
    /// No letters or digits at all (a scan saved as PDF, an empty document, blank OCR).
    #[error(
        "We could not read any text from this file. If it is a scan or a photo, upload it as a \
         PNG or JPG image; otherwise upload a PDF, Word or text file with selectable text."
    )]
    Empty,
    /// A damaged or password-protected PDF.
    #[error("{0} Please upload an unlocked PDF, or a Word or text file.")]
    Pdf(#[from] PdfError),
    /// A damaged DOCX (bad zip, no document part, bad XML, or too large unpacked).
    #[error("We could not read this Word file ({0}). Please save it again as .docx or PDF.")]
    Docx(String),
    /// A legacy Word file whose text could not be found.
    #[error("We could not read this older Word file. Please save the file as .docx or PDF.")]
    Doc,
    /// A `.txt` file that is not text in a known encoding.
    #[error("We could not read this text file ({0}). Please save it as UTF-8 text.")]
    Text(DecodeError),
}

/// Which reader a file goes to.
enum Reader {
    Pdf,
    Docx,
    Doc,
    Txt,
    Image(ImageKind),
}

/// The text of the resume in `bytes`; `file_name` is consulted only when the bytes
/// carry no signature. Never panics, whatever the bytes.
pub fn extract_text(file_name: &str, bytes: &[u8]) -> Result<ResumeText, ExtractError> {
    let (text, format) = match reader_for(file_name, bytes)? {
        Reader::Pdf => (pdf_text(bytes)?, ResumeFormat::Pdf),
        Reader::Docx => (docx::docx_text(bytes)?, ResumeFormat::Docx),
        Reader::Doc => (doc::doc_text(bytes)?, ResumeFormat::Doc),
        Reader::Txt => (plain_text(bytes)?, ResumeFormat::Txt),
        Reader::Image(kind) => return Err(ExtractError::NeedsOcr(kind)),
    };
    ResumeText::from_plain(&text, format)
}

fn reader_for(file_name: &str, bytes: &[u8]) -> Result<Reader, ExtractError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ExtractError::Empty);
    }
    if let Some(kind) = sniff(bytes) {
        return match kind {
            FileKind::Pdf => Ok(Reader::Pdf),
            FileKind::Docx => Ok(Reader::Docx),
            FileKind::Doc => Ok(Reader::Doc),
            FileKind::Png => Ok(Reader::Image(ImageKind::Png)),
            FileKind::Jpeg => Ok(Reader::Image(ImageKind::Jpeg)),
            FileKind::Text => Ok(Reader::Txt),
            FileKind::Webp | FileKind::Gif => Err(ExtractError::Unsupported),
        };
    }
    // `infer` wants Word's own part order; any zip holding a Word document part is one.
    if bytes.starts_with(b"PK\x03\x04") && contains(bytes, b"word/document.xml") {
        return Ok(Reader::Docx);
    }
    let extension = file_name
        .rsplit_once('.')
        .map(|(_, ext)| ext.trim().to_ascii_lowercase())
        .unwrap_or_default();
    match extension.as_str() {
        "pdf" => Ok(Reader::Pdf),
        // A zip that `infer` does not take for Word (unusual part order) is still tried.
        "docx" => Ok(Reader::Docx),
        "doc" => Ok(Reader::Doc),
        "txt" | "text" => Ok(Reader::Txt),
        _ => Err(ExtractError::Unsupported),
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// A text file's content. Form feeds (page breaks from PDF-to-text tools) read as line
/// breaks; they are replaced on the bytes, which is safe in UTF-8 and Windows-1252.
fn plain_text(bytes: &[u8]) -> Result<String, ExtractError> {
    let utf16 = bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF");
    let owned;
    let bytes = if !utf16 && bytes.contains(&0x0C) {
        owned = bytes
            .iter()
            .map(|&b| if b == 0x0C { b'\n' } else { b })
            .collect::<Vec<u8>>();
        &owned[..]
    } else {
        bytes
    };
    decode_text(bytes)
        .map(std::borrow::Cow::into_owned)
        .map_err(ExtractError::Text)
}

/// Unix line endings, tabs as spaces, no other control or zero-width characters,
/// no trailing spaces, no blank lines at either end, at most one blank line in a row.
pub(super) fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank_run = 0usize;
    let unified = text.replace("\r\n", "\n").replace('\r', "\n");
    for raw in unified.split('\n') {
        let line: String = raw
            .chars()
            .map(|c| if c == '\t' || c == '\u{A0}' { ' ' } else { c })
            .filter(|c| !c.is_control() && !is_invisible(*c))
            .collect();
        let line = line.trim_end();
        if line.trim().is_empty() {
            blank_run += 1;
            continue;
        }
        if !out.is_empty() {
            out.push_str(if blank_run > 0 { "\n\n" } else { "\n" });
        }
        blank_run = 0;
        out.push_str(line);
    }
    out
}

/// Zero-width and byte-order-mark characters that PDF and Word text sometimes carries.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{AD}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalise_tidies_whitespace_and_blank_lines() {
        assert_eq!(
            normalise("\r\n\n  Name \t\r\n\r\n\r\n\nSKILLS\u{200B}\rRust  \n\n"),
            "  Name\n\nSKILLS\nRust"
        );
    }

    #[test]
    fn from_plain_refuses_text_without_letters_or_digits() {
        assert!(matches!(
            ResumeText::from_plain(" \n -- \u{FEFF} ", ResumeFormat::Image),
            Err(ExtractError::Empty)
        ));
        let read = ResumeText::from_plain("Jane Doe\n", ResumeFormat::Image).unwrap();
        assert_eq!(read.text, "Jane Doe");
    }
}

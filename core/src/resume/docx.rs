//! Text of a DOCX file: the `word/document.xml` part of the zip, one line per paragraph.
//!
//! Only the main document is read (headers, footers and text boxes in other parts are
//! not). Inside it: `w:t` is text, `w:tab` a space, `w:br`/`w:cr` a line break, `w:p` ends
//! a line, and table cells are separated by " | " so a row stays on one line. Deleted
//! revisions (`w:delText`) and field instructions (`w:instrText`) are not document text.

use std::io::Read;

use quick_xml::Reader;
use quick_xml::events::{BytesRef, Event};

use super::ExtractError;

/// Largest unpacked `document.xml` read, against zip bombs (a 10 MB upload of text
/// would unpack to far less).
const MAX_DOCUMENT_XML: u64 = 64 * 1024 * 1024;
const DOCUMENT_PART: &str = "word/document.xml";

fn docx_error(reason: &str) -> ExtractError {
    ExtractError::Docx(reason.to_owned())
}

/// The text of the DOCX in `bytes`.
pub(super) fn docx_text(bytes: &[u8]) -> Result<String, ExtractError> {
    let xml = document_xml(bytes)?;
    paragraphs(&xml)
}

/// The unpacked main document part, as UTF-8.
fn document_xml(bytes: &[u8]) -> Result<String, ExtractError> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes))
        .map_err(|_| docx_error("it is not a valid zip archive"))?;
    let part = archive
        .by_name(DOCUMENT_PART)
        .map_err(|_| docx_error("it has no document part"))?;
    let mut xml = Vec::new();
    part.take(MAX_DOCUMENT_XML + 1)
        .read_to_end(&mut xml)
        .map_err(|_| docx_error("its document part is damaged"))?;
    if xml.len() as u64 > MAX_DOCUMENT_XML {
        return Err(docx_error("its document part is too large"));
    }
    let xml = xml.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&xml);
    String::from_utf8(xml.to_vec()).map_err(|_| docx_error("its document part is not UTF-8"))
}

/// What the walk is inside of, for the elements whose text is skipped or kept.
#[derive(Default)]
struct Walk {
    out: String,
    /// Depth inside `w:t` (text kept).
    in_text: u32,
    /// Depth inside elements whose text is not document text.
    in_skipped: u32,
    /// Cells already written on the current table row.
    cells_in_row: u32,
}

impl Walk {
    fn start(&mut self, local: &str) {
        match local {
            "t" => self.in_text += 1,
            "delText" | "instrText" => self.in_skipped += 1,
            "tr" => self.cells_in_row = 0,
            "tc" => {
                if self.cells_in_row > 0 {
                    self.trim_end();
                    self.out.push_str(" | ");
                }
                self.cells_in_row += 1;
            }
            _ => {}
        }
    }

    fn end(&mut self, local: &str) {
        match local {
            "t" => self.in_text = self.in_text.saturating_sub(1),
            "delText" | "instrText" => self.in_skipped = self.in_skipped.saturating_sub(1),
            // A paragraph inside a cell ends the cell's line only at the row's end.
            "p" if self.cells_in_row == 0 => self.out.push('\n'),
            "p" => self.out.push(' '),
            "tr" => {
                self.trim_end();
                self.out.push('\n');
                self.cells_in_row = 0;
            }
            _ => {}
        }
    }

    fn trim_end(&mut self) {
        let kept = self.out.trim_end_matches(' ').len();
        self.out.truncate(kept);
    }

    fn empty(&mut self, local: &str) {
        match local {
            "tab" if self.in_skipped == 0 => self.out.push(' '),
            "br" | "cr" if self.in_skipped == 0 => self.out.push('\n'),
            "p" if self.cells_in_row == 0 => self.out.push('\n'),
            _ => {}
        }
    }

    fn text(&mut self, text: &str) {
        if self.in_text > 0 && self.in_skipped == 0 {
            self.out.push_str(text);
        }
    }

    fn reference(&mut self, reference: &BytesRef) -> Result<(), ExtractError> {
        let text = match reference.resolve_char_ref() {
            Ok(Some(c)) => c.to_string(),
            Ok(None) => quick_xml::escape::resolve_predefined_entity(reference)
                .ok_or_else(|| docx_error("its document part has an unknown entity"))?
                .to_owned(),
            Err(_) => return Err(docx_error("its document part has a bad character")),
        };
        self.text(&text);
        Ok(())
    }
}

/// Walks the WordprocessingML and writes one line per paragraph.
fn paragraphs(xml: &str) -> Result<String, ExtractError> {
    let mut reader = Reader::from_str(xml);
    let mut walk = Walk::default();
    let bad_xml = |_| docx_error("its document part is not well-formed XML");
    loop {
        match reader.read_event().map_err(bad_xml)? {
            Event::Start(e) => walk.start(e.local_name().as_ref()),
            Event::End(e) => walk.end(e.local_name().as_ref()),
            Event::Empty(e) => walk.empty(e.local_name().as_ref()),
            Event::Text(e) => walk.text(&e.xml10_content()),
            Event::CData(e) => walk.text(&e),
            Event::GeneralRef(e) => walk.reference(&e)?,
            Event::Eof => break,
            _ => {}
        }
    }
    Ok(walk.out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: &str = "xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"";

    fn body(inner: &str) -> String {
        format!("<?xml version=\"1.0\"?><w:document {W}><w:body>{inner}</w:body></w:document>")
    }

    #[test]
    fn paragraphs_tabs_breaks_and_entities() {
        let xml = body(
            "<w:p><w:r><w:t>Jane</w:t></w:r><w:r><w:tab/><w:t xml:space=\"preserve\">Doe &amp; Co &#x263A;</w:t></w:r></w:p>\
             <w:p/>\
             <w:p><w:r><w:t>one</w:t><w:br/><w:t>two</w:t></w:r></w:p>",
        );
        assert_eq!(paragraphs(&xml).unwrap(), "Jane Doe & Co ☺\n\none\ntwo\n");
    }

    #[test]
    fn deleted_text_and_field_codes_are_not_text() {
        let xml = body(
            "<w:p><w:r><w:delText>old</w:delText></w:r><w:r><w:instrText> HYPERLINK \"x\" </w:instrText></w:r><w:r><w:t>kept</w:t></w:r></w:p>",
        );
        assert_eq!(paragraphs(&xml).unwrap(), "kept\n");
    }

    #[test]
    fn table_rows_are_lines_with_cells_separated() {
        let xml = body(
            "<w:tbl><w:tr><w:tc><w:p><w:r><w:t>2021</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Acme</w:t></w:r></w:p></w:tc></w:tr></w:tbl>",
        );
        assert_eq!(paragraphs(&xml).unwrap(), "2021 | Acme\n");
    }

    #[test]
    fn malformed_xml_is_a_docx_error() {
        let xml = body("<w:p><w:t>open</w:p>");
        assert!(matches!(paragraphs(&xml), Err(ExtractError::Docx(_))));
    }
}

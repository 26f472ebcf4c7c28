//! The text layer of a PDF: what an applicant tracking system reads out of one.

use std::collections::BTreeMap;

use lopdf::content::{Content, Operation};
use lopdf::{Document, Encoding, Object};

use super::PdfError;

/// Decompressed content allowed per page when reading, against compression bombs.
const MAX_PAGE_CONTENT: usize = 32 * 1024 * 1024;

/// The text layer of a PDF, page by page, one line of text per line.
///
/// Walks each page's content stream and decodes strings through the page fonts'
/// encodings (WinAnsi, standard, differences, ToUnicode maps). Lines are told apart
/// by the text position (`Td`, `TD`, `Tm`, `T*`, `'`, `"`), and a large gap inside a
/// `TJ` array reads as a space. Text drawn inside form XObjects is not read.
pub fn pdf_text(bytes: &[u8]) -> Result<String, PdfError> {
    let doc = Document::load_mem(bytes).map_err(PdfError::Read)?;
    if doc.is_encrypted() {
        return Err(PdfError::Encrypted);
    }
    let mut sink = TextSink::default();
    for page_id in doc.get_pages().into_values() {
        let encodings: BTreeMap<Vec<u8>, Encoding> = doc
            .get_page_fonts(page_id)
            .map(|fonts| {
                fonts
                    .into_iter()
                    .filter_map(|(name, font)| Some((name, font.get_font_encoding(&doc).ok()?)))
                    .collect()
            })
            .unwrap_or_default();
        let content = doc
            .get_page_content_with_limit(page_id, MAX_PAGE_CONTENT)
            .map_err(PdfError::Read)?;
        // A damaged stream still yields the operations before the damage.
        let operations = Content::decode_iter(&content).map_while(Result::ok);
        read_page(operations, &encodings, &mut sink);
        sink.line_break(1);
    }
    Ok(sink.finish())
}

/// Where the text matrix has put the next string, enough to tell lines apart.
struct TextState<'a> {
    encoding: Option<&'a Encoding<'a>>,
    font_size: f32,
    scale: f32,
    leading: f32,
    /// Baseline of the next string, in unscaled text space.
    y: f32,
    /// Line starts seen since the last string (`T*` and friends).
    new_lines: u8,
    moved: bool,
    /// Baseline of the last string shown on this page.
    last_y: Option<f32>,
}

fn read_page<'a>(
    operations: impl Iterator<Item = Operation>,
    encodings: &'a BTreeMap<Vec<u8>, Encoding<'a>>,
    sink: &mut TextSink,
) {
    let mut state = TextState {
        encoding: None,
        font_size: 0.0,
        scale: 1.0,
        leading: 0.0,
        y: 0.0,
        new_lines: 0,
        moved: false,
        last_y: None,
    };
    for operation in operations {
        let num = |i: usize| {
            operation
                .operands
                .get(i)
                .and_then(|o| o.as_float().ok())
                .unwrap_or(0.0)
        };
        match operation.operator.as_str() {
            "BT" => {
                (state.y, state.scale) = (0.0, 1.0);
            }
            "Tf" => {
                state.encoding = operation
                    .operands
                    .first()
                    .and_then(|o| o.as_name().ok())
                    .and_then(|name| encodings.get(name));
                state.font_size = num(1);
            }
            "TL" => state.leading = num(0),
            "Td" | "TD" => {
                if operation.operator == "TD" {
                    state.leading = -num(1);
                }
                state.y += num(1) * state.scale;
                state.moved = true;
            }
            "Tm" => {
                state.scale = num(3).abs().max(f32::EPSILON);
                state.y = num(5);
                state.moved = true;
            }
            "T*" => next_line(&mut state),
            "Tj" | "TJ" | "'" | "\"" => {
                if operation.operator != "Tj" && operation.operator != "TJ" {
                    next_line(&mut state);
                }
                let shown = match operation.operator.as_str() {
                    "\"" => operation.operands.get(2..).unwrap_or_default(),
                    _ => &operation.operands[..],
                };
                let text = decode_shown(state.encoding, shown);
                if !text.is_empty() {
                    place(&mut state, sink);
                    sink.push(&text);
                }
            }
            _ => {}
        }
    }
}

fn next_line(state: &mut TextState) {
    state.y -= state.leading * state.scale;
    state.new_lines = state.new_lines.saturating_add(1);
    state.moved = true;
}

/// Separates the coming string from the text before it: a line break when the
/// baseline changed (two for a gap of more than two lines), a space after a move
/// along the same line, nothing when strings simply follow each other.
fn place(state: &mut TextState, sink: &mut TextSink) {
    if let Some(last_y) = state.last_y {
        let line_height = (state.font_size * state.scale).abs().max(1.0);
        let dy = (last_y - state.y).abs();
        if state.new_lines > 0 || dy > line_height * 0.5 {
            let gap_lines = if dy > line_height * 2.5 { 2 } else { 1 };
            sink.line_break(state.new_lines.clamp(1, 2).max(gap_lines));
        } else if state.moved {
            sink.space();
        }
    }
    state.last_y = Some(state.y);
    state.new_lines = 0;
    state.moved = false;
}

/// Text of the string operands of one show operator; in a `TJ` array a shift of more
/// than a fifth of an em to the right counts as a space.
fn decode_shown(encoding: Option<&Encoding>, operands: &[Object]) -> String {
    let mut text = String::new();
    for operand in operands {
        match operand {
            Object::String(bytes, _) => {
                match encoding.and_then(|e| e.bytes_to_string(bytes).ok()) {
                    Some(decoded) => text.push_str(&decoded),
                    // No usable font: read the bytes as Latin-1, the common case.
                    None => text.extend(bytes.iter().map(|&b| char::from(b))),
                }
            }
            Object::Array(items) => text.push_str(&decode_shown(encoding, items)),
            Object::Integer(_) | Object::Real(_)
                if operand.as_float().unwrap_or(0.0) < -200.0 && !text.ends_with(' ') =>
            {
                text.push(' ');
            }
            _ => {}
        }
    }
    text.retain(|c| c == ' ' || !c.is_control());
    text
}

/// Collects text with pending separators, so no line starts or ends with one.
#[derive(Default)]
struct TextSink {
    text: String,
    breaks: u8,
    space: bool,
}

impl TextSink {
    fn line_break(&mut self, count: u8) {
        self.breaks = self.breaks.max(count);
    }

    fn space(&mut self) {
        self.space = true;
    }

    fn push(&mut self, s: &str) {
        if !self.text.is_empty() {
            if self.breaks > 0 {
                self.trim_end();
                for _ in 0..self.breaks {
                    self.text.push('\n');
                }
            } else if self.space && !self.text.ends_with(' ') && !s.starts_with(' ') {
                self.text.push(' ');
            }
        }
        self.breaks = 0;
        self.space = false;
        self.text.push_str(s);
    }

    fn trim_end(&mut self) {
        let len = self.text.trim_end_matches(' ').len();
        self.text.truncate(len);
    }

    fn finish(mut self) -> String {
        self.trim_end();
        self.text
    }
}

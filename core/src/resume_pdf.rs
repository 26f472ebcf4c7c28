//! The upgraded resume as an A4 PDF (spec §9 "PDF export"), and the text layer of a PDF.
//!
//! The layout follows the original jsPDF export, in millimetres from the top-left
//! corner: the title "ATS-Optimized Resume" in Helvetica-Bold 16 at y = 20, the body
//! in Helvetica 10 from y = 35, wrapped to 170 mm, one line every 7 mm, and a new page
//! (restarting at y = 20) once a line would sit below y = 280. Helvetica is one of
//! the 14 standard fonts, so nothing is embedded and the text stays plain
//! WinAnsi-encoded strings that applicant tracking systems read back exactly.
//!
//! The writer is a few dozen lines of PDF syntax rather than lopdf: it runs in the
//! browser, where lopdf's writer would add ~45 KB (gzipped) to the wasm for a dozen
//! objects. Its output is deterministic (no dates, no document ID, uncompressed
//! content) and the tests load it back with lopdf in strict mode. Reading
//! ([`pdf_text`]) uses lopdf, since real-world PDFs need a real parser.

use std::collections::BTreeMap;

use lopdf::content::{Content, Operation};
use lopdf::{Document, Encoding, Object};

/// Download name of the exported resume (spec §7).
pub const PDF_FILE_NAME: &str = "upgraded-resume-ats.pdf";
/// The heading on the first page.
pub const PDF_TITLE: &str = "ATS-Optimized Resume";

/// Body font size in points.
pub const BODY_FONT_SIZE_PT: u32 = 10;
/// Title font size in points.
pub const TITLE_FONT_SIZE_PT: u32 = 16;
/// Width the body is wrapped to, in millimetres.
pub const TEXT_WIDTH_MM: u32 = 170;
/// Distance between body lines, in millimetres.
pub const LINE_STEP_MM: u32 = 7;
/// Lines of body text on the first page, below the title (36).
pub const LINES_FIRST_PAGE: usize = ((BOTTOM_Y_MM - BODY_Y_MM) / LINE_STEP_MM) as usize + 1;
/// Lines of body text on each later page (38).
pub const LINES_LATER_PAGE: usize = ((BOTTOM_Y_MM - TOP_Y_MM) / LINE_STEP_MM) as usize + 1;

const PAGE_WIDTH_MM: u32 = 210;
const PAGE_HEIGHT_MM: u32 = 297;
const LEFT_MM: u32 = 20;
const TITLE_Y_MM: u32 = 20;
const BODY_Y_MM: u32 = 35;
const TOP_Y_MM: u32 = 20;
/// A line whose baseline would fall below this goes to the next page ("near the bottom").
const BOTTOM_Y_MM: u32 = 280;
const TAB: &str = "    ";
/// Decompressed content allowed per page when reading, against compression bombs.
const MAX_PAGE_CONTENT: usize = 32 * 1024 * 1024;

/// Why a PDF could not be read.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// The bytes are not a PDF lopdf can read.
    #[error("The file is not a readable PDF.")]
    Read(#[source] lopdf::Error),
    /// The PDF is locked with a password.
    #[error("The PDF is password-protected.")]
    Encrypted,
}

/// A4 PDF of the upgraded resume: the title, then `text` wrapped to the text width.
/// Characters outside WinAnsi are replaced (see [`to_win_ansi`]).
///
/// It cannot fail today; the `Result` leaves room for limits without changing callers.
pub fn resume_pdf(text: &str) -> Result<Vec<u8>, PdfError> {
    let lines = wrap_lines(text);
    let pages = paginate(&lines);

    // Objects 1–4 are fixed; page i has its content at 5 + 2i and itself at 6 + 2i.
    let page_ids: Vec<usize> = (0..pages.len()).map(|i| 6 + 2 * i).collect();
    let mut pdf = PdfWriter::default();
    pdf.out.extend_from_slice(b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n");
    pdf.object(b"<</Type/Catalog/Pages 2 0 R>>");
    let mut page_tree = b"<</Type/Pages/Kids[".to_vec();
    for (i, id) in page_ids.iter().enumerate() {
        if i > 0 {
            page_tree.push(b' ');
        }
        push_int(&mut page_tree, *id);
        page_tree.extend_from_slice(b" 0 R");
    }
    page_tree.extend_from_slice(b"]/Count ");
    push_int(&mut page_tree, page_ids.len());
    page_tree.extend_from_slice(b"/Resources<</Font<</F1 3 0 R/F2 4 0 R>>>>/MediaBox[0 0 ");
    push_mpt(&mut page_tree, mm_to_mpt(PAGE_WIDTH_MM));
    page_tree.push(b' ');
    push_mpt(&mut page_tree, mm_to_mpt(PAGE_HEIGHT_MM));
    page_tree.extend_from_slice(b"]>>");
    pdf.object(&page_tree);
    pdf.object(b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>");
    pdf.object(b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica-Bold/Encoding/WinAnsiEncoding>>");
    for (index, page) in pages.iter().enumerate() {
        let content = page_content(index == 0, page);
        let mut stream = b"<</Length ".to_vec();
        push_int(&mut stream, content.len());
        stream.extend_from_slice(b">>\nstream\n");
        stream.extend_from_slice(&content);
        stream.extend_from_slice(b"\nendstream");
        pdf.object(&stream);
        pdf.object(
            format!("<</Type/Page/Parent 2 0 R/Contents {} 0 R>>", 5 + 2 * index).as_bytes(),
        );
    }
    Ok(pdf.finish())
}

/// Numbered objects in order, remembering each offset for the cross-reference table.
#[derive(Default)]
struct PdfWriter {
    out: Vec<u8>,
    offsets: Vec<usize>,
}

impl PdfWriter {
    fn object(&mut self, body: &[u8]) {
        self.offsets.push(self.out.len());
        push_int(&mut self.out, self.offsets.len());
        self.out.extend_from_slice(b" 0 obj\n");
        self.out.extend_from_slice(body);
        self.out.extend_from_slice(b"\nendobj\n");
    }

    fn finish(mut self) -> Vec<u8> {
        let xref = self.out.len();
        let size = self.offsets.len() + 1;
        self.out.extend_from_slice(b"xref\n0 ");
        push_int(&mut self.out, size);
        // Each entry is exactly 20 bytes.
        self.out.extend_from_slice(b"\n0000000000 65535 f \n");
        for offset in &self.offsets {
            let digits = offset.to_string();
            self.out.resize(self.out.len() + 10 - digits.len(), b'0');
            self.out.extend_from_slice(digits.as_bytes());
            self.out.extend_from_slice(b" 00000 n \n");
        }
        self.out.extend_from_slice(b"trailer\n<</Size ");
        push_int(&mut self.out, size);
        self.out.extend_from_slice(b"/Root 1 0 R>>\nstartxref\n");
        push_int(&mut self.out, xref);
        self.out.extend_from_slice(b"\n%%EOF\n");
        self.out
    }
}

/// The drawing operators of one page: on the first the title, then one text object
/// whose lines are one leading (`T*`, 7 mm) apart, blank lines included.
fn page_content(first: bool, lines: &[String]) -> Vec<u8> {
    let mut ops = Vec::with_capacity(lines.iter().map(|l| l.len() + 8).sum::<usize>() + 128);
    let mut top = TOP_Y_MM;
    if first {
        ops.extend_from_slice(b"BT\n/F2 ");
        push_int(&mut ops, TITLE_FONT_SIZE_PT as usize);
        ops.extend_from_slice(b" Tf\n");
        move_to(&mut ops, LEFT_MM, TITLE_Y_MM);
        show(&mut ops, PDF_TITLE);
        ops.extend_from_slice(b"ET\n");
        top = BODY_Y_MM;
    }
    debug_assert!(top + LINE_STEP_MM * (lines.len().max(1) as u32 - 1) <= BOTTOM_Y_MM);
    ops.extend_from_slice(b"BT\n/F1 ");
    push_int(&mut ops, BODY_FONT_SIZE_PT as usize);
    ops.extend_from_slice(b" Tf\n");
    push_mpt(&mut ops, mm_to_mpt(LINE_STEP_MM));
    ops.extend_from_slice(b" TL\n");
    move_to(&mut ops, LEFT_MM, top);
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            ops.extend_from_slice(b"T*\n");
        }
        if !line.is_empty() {
            show(&mut ops, line);
        }
    }
    ops.extend_from_slice(b"ET");
    ops
}

/// `Td` to a point given in millimetres from the top-left corner.
fn move_to(ops: &mut Vec<u8>, x_mm: u32, y_mm: u32) {
    push_mpt(ops, mm_to_mpt(x_mm));
    ops.push(b' ');
    push_mpt(ops, mm_to_mpt(PAGE_HEIGHT_MM - y_mm));
    ops.extend_from_slice(b" Td\n");
}

/// `(…) Tj` with the line as WinAnsi bytes, escaping what literal strings require.
fn show(ops: &mut Vec<u8>, line: &str) {
    ops.push(b'(');
    for c in line.chars() {
        let byte = win_ansi_byte(c).unwrap_or(b'?');
        if matches!(byte, b'(' | b')' | b'\\') {
            ops.push(b'\\');
        }
        ops.push(byte);
    }
    ops.extend_from_slice(b") Tj\n");
}

/// Millimetres to thousandths of a point, rounded (20 mm → 56693).
fn mm_to_mpt(mm: u32) -> u32 {
    (mm * 720_000 + 127) / 254
}

/// Writes thousandths of a point as a PDF number ("56.693", "841.89", "20").
fn push_mpt(out: &mut Vec<u8>, mpt: u32) {
    push_int(out, (mpt / 1000) as usize);
    let frac = mpt % 1000;
    if frac > 0 {
        let digits = [
            b'0' + (frac / 100) as u8,
            b'0' + (frac / 10 % 10) as u8,
            b'0' + (frac % 10) as u8,
        ];
        let len = 3 - digits.iter().rev().take_while(|&&d| d == b'0').count();
        out.push(b'.');
        out.extend_from_slice(&digits[..len]);
    }
}

fn push_int(out: &mut Vec<u8>, n: usize) {
    out.extend_from_slice(n.to_string().as_bytes());
}

/// The body as it will be printed: one entry per line, each at most
/// [`TEXT_WIDTH_MM`] wide in Helvetica 10. Blank lines are kept (they are spacing),
/// leading and trailing blank lines dropped, text already folded to WinAnsi.
pub fn wrap_lines(text: &str) -> Vec<String> {
    let text = to_win_ansi(text);
    let all: Vec<&str> = text.lines().map(str::trim_end).collect();
    let first = all.iter().position(|l| !l.is_empty()).unwrap_or(all.len());
    let last = all
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(first, |i| i + 1);
    let mut lines = Vec::new();
    for paragraph in &all[first..last] {
        wrap_paragraph(paragraph, &mut lines);
    }
    lines
}

/// Number of pages [`resume_pdf`] makes for `text`.
pub fn page_count(text: &str) -> usize {
    paginate(&wrap_lines(text)).len()
}

/// Width of `line` set in Helvetica 10, in millimetres, from the standard AFM widths.
/// Characters outside WinAnsi count as the "?" they will be printed as.
pub fn text_width_mm(line: &str) -> f64 {
    let units: u32 = line.chars().map(char_units).sum();
    f64::from(units) * f64::from(BODY_FONT_SIZE_PT) / 1000.0 * 25.4 / 72.0
}

/// Folds `text` into what WinAnsiEncoding (Helvetica's standard encoding) can print:
/// curly quotes become straight ones (as ATS parsers expect), other dashes, spaces,
/// bullets and ligatures their nearest WinAnsi form, zero-width and combining marks
/// disappear, tabs become four spaces, line ends become "\n", and anything else
/// becomes "?".
pub fn to_win_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut after_cr = false;
    for c in text.chars() {
        let was_cr = std::mem::replace(&mut after_cr, c == '\r');
        match c {
            '\n' if was_cr => {}
            '\n' | '\r' => out.push('\n'),
            '\t' => out.push_str(TAB),
            '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' => out.push('\''),
            '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' => out.push('"'),
            '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2212}' => out.push('-'),
            '\u{2015}' => out.push('\u{2014}'),
            '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}' => out.push(' '),
            '\u{2023}' | '\u{2043}' | '\u{2219}' | '\u{25A0}' | '\u{25AA}' | '\u{25B8}'
            | '\u{25BA}' | '\u{25C6}' | '\u{25CB}' | '\u{25CF}' | '\u{25E6}' | '\u{2713}'
            | '\u{2714}' | '\u{27A2}' => out.push('\u{2022}'),
            '\u{FB00}' => out.push_str("ff"),
            '\u{FB01}' => out.push_str("fi"),
            '\u{FB02}' => out.push_str("fl"),
            '\u{FB03}' => out.push_str("ffi"),
            '\u{FB04}' => out.push_str("ffl"),
            // Soft hyphen, zero-width characters, byte-order mark, combining accents.
            '\u{00AD}'
            | '\u{200B}'..='\u{200D}'
            | '\u{2060}'
            | '\u{FEFF}'
            | '\u{0300}'..='\u{036F}' => {}
            c if c.is_control() => {}
            c if win_ansi_byte(c).is_some() => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

/// The WinAnsiEncoding byte for `c`, if it has one.
fn win_ansi_byte(c: char) -> Option<u8> {
    let byte = match c {
        ' '..='~' | '\u{A0}'..='\u{FF}' => c as u8,
        '\u{20AC}' => 0x80,
        '\u{201A}' => 0x82,
        '\u{0192}' => 0x83,
        '\u{201E}' => 0x84,
        '\u{2026}' => 0x85,
        '\u{2020}' => 0x86,
        '\u{2021}' => 0x87,
        '\u{02C6}' => 0x88,
        '\u{2030}' => 0x89,
        '\u{0160}' => 0x8A,
        '\u{2039}' => 0x8B,
        '\u{0152}' => 0x8C,
        '\u{017D}' => 0x8E,
        '\u{2018}' => 0x91,
        '\u{2019}' => 0x92,
        '\u{201C}' => 0x93,
        '\u{201D}' => 0x94,
        '\u{2022}' => 0x95,
        '\u{2013}' => 0x96,
        '\u{2014}' => 0x97,
        '\u{02DC}' => 0x98,
        '\u{2122}' => 0x99,
        '\u{0161}' => 0x9A,
        '\u{203A}' => 0x9B,
        '\u{0153}' => 0x9C,
        '\u{017E}' => 0x9E,
        '\u{0178}' => 0x9F,
        _ => return None,
    };
    Some(byte)
}

/// Helvetica advance widths (1/1000 em) for WinAnsi bytes 0x20..=0xFF, from Adobe's
/// Core 14 AFM (Helvetica.afm, 1997). Bytes WinAnsi leaves undefined are 0.
#[rustfmt::skip]
const HELVETICA_WIDTHS: [u16; 224] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // 0x20
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0x30
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // 0x40
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // 0x50
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // 0x60
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0,   // 0x70
    556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,    // 0x80
    0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667,   // 0x90
    278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333, // 0xA0
    400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611, // 0xB0
    667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, // 0xC0
    722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611, // 0xD0
    556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, // 0xE0
    556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500, // 0xF0
];

fn char_units(c: char) -> u32 {
    let byte = win_ansi_byte(c).unwrap_or(b'?');
    u32::from(HELVETICA_WIDTHS[usize::from(byte - 0x20)])
}

/// Whether a line `units` (1/1000 em) wide fits the text width:
/// `units / 1000 × 10 pt × 25.4 / 72 ≤ 170 mm`, in integers.
fn fits(units: u32) -> bool {
    u64::from(units) * u64::from(BODY_FONT_SIZE_PT) * 254 <= u64::from(TEXT_WIDTH_MM) * 720_000
}

/// Greedy word wrap of one input line; a word wider than the whole text width is
/// broken between characters. Leading spaces (indentation) stay on the first line.
fn wrap_paragraph(paragraph: &str, lines: &mut Vec<String>) {
    let body = paragraph.trim_start_matches(' ');
    if body.is_empty() {
        lines.push(String::new());
        return;
    }
    let space = char_units(' ');
    let indent = &paragraph[..paragraph.len() - body.len()];
    let mut line = String::new();
    let mut width = 0;
    for ch in indent.chars() {
        if !fits(width + space) {
            break;
        }
        line.push(ch);
        width += space;
    }
    let mut has_word = false;
    for word in body.split(' ').filter(|w| !w.is_empty()) {
        let word_width: u32 = word.chars().map(char_units).sum();
        let gap = if has_word { space } else { 0 };
        if fits(width + gap + word_width) {
            if has_word {
                line.push(' ');
            }
            line.push_str(word);
            width += gap + word_width;
        } else if fits(word_width) {
            lines.push(std::mem::take(&mut line));
            line.push_str(word);
            width = word_width;
        } else {
            if has_word {
                lines.push(std::mem::take(&mut line));
                width = 0;
            }
            for ch in word.chars() {
                let w = char_units(ch);
                if !fits(width + w) && !line.trim_start().is_empty() {
                    lines.push(std::mem::take(&mut line));
                    width = 0;
                }
                line.push(ch);
                width += w;
            }
        }
        has_word = true;
    }
    lines.push(line);
}

/// Splits body lines into pages: [`LINES_FIRST_PAGE`] under the title, then
/// [`LINES_LATER_PAGE`] a page. Always at least one page.
fn paginate(lines: &[String]) -> Vec<&[String]> {
    let split = lines.len().min(LINES_FIRST_PAGE);
    let (first, rest) = lines.split_at(split);
    let mut pages = vec![first];
    pages.extend(rest.chunks(LINES_LATER_PAGE));
    pages
}

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

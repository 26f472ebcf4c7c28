//! The upgraded resume as an A4 PDF (spec §9 "PDF export"), and the text layer of a PDF.
//!
//! The layout keeps the original jsPDF export's measures, in millimetres from the
//! top-left corner: the title "ATS-Optimized Resume" in Helvetica-Bold 16 at y = 20,
//! the body in Helvetica 10 from y = 35, 170 mm wide, one row every 7 mm, and a new page
//! (restarting at y = 20) once a row would sit below y = 280. Within them the resume
//! shows its structure ([`crate::resume::layout`]): the name in bold 12, section headings
//! in bold, bullets with a hanging indent, lines broken between words.
//!
//! Helvetica is one of the 14 standard fonts, so nothing is embedded and the text stays
//! plain WinAnsi-encoded strings that applicant tracking systems read back exactly.
//! Characters WinAnsi lacks print as "?", and [`unprintable`] lists them so the reader
//! is told: embedding a font for them would add its glyphs to every browser's download.
//!
//! The writer is a few dozen lines of PDF syntax rather than lopdf: it runs in the
//! browser, where lopdf's writer would add ~45 KB (gzipped) to the wasm for a dozen
//! objects. Its output is deterministic (no dates, no document ID, uncompressed
//! content) and the tests load it back with lopdf in strict mode and with poppler's
//! `pdftotext`. Reading ([`pdf_text`]) uses lopdf, since real-world PDFs need a real
//! parser.

mod read;
mod win_ansi;

pub use read::pdf_text;
pub use win_ansi::{to_win_ansi, unprintable};

use crate::resume::layout::{Block, layout};
use win_ansi::{char_units, win_ansi_byte};

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
/// The name on the first row, in points (bold).
pub const NAME_FONT_SIZE_PT: u32 = 12;
/// How far a bullet's text sits right of its mark, in millimetres.
pub const BULLET_INDENT_MM: u32 = 4;

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

/// A4 PDF of the upgraded resume: the title, then `text` set as its structure says.
/// Characters outside WinAnsi are replaced (see [`to_win_ansi`]).
///
/// It cannot fail today; the `Result` leaves room for limits without changing callers.
pub fn resume_pdf(text: &str) -> Result<Vec<u8>, PdfError> {
    let rows = rows(text);
    let pages = paginate(&rows);

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

/// The drawing operators of one page: on the first the title in its own text object,
/// then one text object where each run is placed with `Tm` ([`LINE_STEP_MM`] a row,
/// blank rows included) and the font changes only when a run's font does.
fn page_content(first: bool, rows: &[Row]) -> Vec<u8> {
    let text_len: usize = rows.iter().flatten().map(|run| run.text.len() + 32).sum();
    let mut ops = Vec::with_capacity(text_len + 128);
    let mut top = TOP_Y_MM;
    if first {
        ops.extend_from_slice(b"BT\n");
        set_font(&mut ops, true, TITLE_FONT_SIZE_PT);
        place(&mut ops, mm_to_mpt(LEFT_MM), TITLE_Y_MM);
        show(&mut ops, PDF_TITLE);
        ops.extend_from_slice(b"ET\n");
        top = BODY_Y_MM;
    }
    debug_assert!(top + LINE_STEP_MM * (rows.len().max(1) as u32 - 1) <= BOTTOM_Y_MM);
    ops.extend_from_slice(b"BT\n");
    let mut font = None;
    for (i, row) in rows.iter().enumerate() {
        let y = top + LINE_STEP_MM * i as u32;
        let Some(first) = row.first() else { continue };
        if font != Some((first.bold, first.size)) {
            set_font(&mut ops, first.bold, first.size);
            font = Some((first.bold, first.size));
        }
        place(&mut ops, first.x_mpt, y);
        match row.get(1) {
            None => show(&mut ops, &first.text),
            // A bullet's mark and text are one string with a gap, so text extractors read
            // "- text" as one line rather than the marks as a column of their own.
            Some(text) => show_apart(&mut ops, first, text),
        }
    }
    ops.extend_from_slice(b"ET");
    ops
}

/// `/F1` (Helvetica) or `/F2` (Helvetica-Bold) at `size` points.
fn set_font(ops: &mut Vec<u8>, bold: bool, size: u32) {
    ops.extend_from_slice(if bold { b"/F2 " } else { b"/F1 " });
    push_int(ops, size as usize);
    ops.extend_from_slice(b" Tf\n");
}

/// `Tm` to `x_mpt` from the left edge and `y_mm` from the top.
fn place(ops: &mut Vec<u8>, x_mpt: u32, y_mm: u32) {
    ops.extend_from_slice(b"1 0 0 1 ");
    push_mpt(ops, x_mpt);
    ops.push(b' ');
    push_mpt(ops, mm_to_mpt(PAGE_HEIGHT_MM - y_mm));
    ops.extend_from_slice(b" Tm\n");
}

/// `(…) Tj` with the text as WinAnsi bytes.
fn show(ops: &mut Vec<u8>, text: &str) {
    push_string(ops, text);
    ops.extend_from_slice(b" Tj\n");
}

/// `[(mark) -gap (text)] TJ`: `text` starts at its own run's x, in the mark's font.
fn show_apart(ops: &mut Vec<u8>, mark: &Run, text: &Run) {
    let mark_units: u32 = mark.text.chars().map(|c| char_units(c, mark.bold)).sum();
    // Thousandths of an em: millipoints over the font size.
    let distance = (text.x_mpt - mark.x_mpt) / mark.size;
    let gap = distance.saturating_sub(mark_units).max(1);
    ops.push(b'[');
    push_string(ops, &mark.text);
    ops.extend_from_slice(b" -");
    push_int(ops, gap as usize);
    ops.push(b' ');
    push_string(ops, &text.text);
    ops.extend_from_slice(b"] TJ\n");
}

/// A literal string of WinAnsi bytes, escaping what literal strings require.
fn push_string(ops: &mut Vec<u8>, text: &str) {
    ops.push(b'(');
    for c in text.chars() {
        let byte = win_ansi_byte(c).unwrap_or(b'?');
        if matches!(byte, b'(' | b')' | b'\\') {
            ops.push(b'\\');
        }
        ops.push(byte);
    }
    ops.push(b')');
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

/// Text set in one font at one place on a row.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Run {
    bold: bool,
    size: u32,
    /// From the page's left edge, in thousandths of a point.
    x_mpt: u32,
    text: String,
}

/// One printed line: its runs, none for a blank line.
type Row = Vec<Run>;

/// The resume's blocks set as rows: the name in bold at [`NAME_FONT_SIZE_PT`], headings
/// in bold, bullets with their mark at the margin and their text (wrapped lines too)
/// [`BULLET_INDENT_MM`] in, or a space after a wider mark ("10."), other lines wrapped
/// at the margin. Text is folded to WinAnsi.
fn rows(text: &str) -> Vec<Row> {
    let run = |bold, size, x_mpt, text: String| Run {
        bold,
        size,
        x_mpt,
        text,
    };
    let left = mm_to_mpt(LEFT_MM);
    let full = mm_to_mpt(TEXT_WIDTH_MM);
    let size = BODY_FONT_SIZE_PT;
    let mut hang = mm_to_mpt(BULLET_INDENT_MM);
    let mut rows: Vec<Row> = Vec::new();
    // The structure is read from the text as written, as the Word export and the analysis
    // read it; each piece is then folded to what the font prints.
    for block in layout(text) {
        match block.map_text(to_win_ansi) {
            Block::Gap => rows.push(Vec::new()),
            Block::Name(name) => rows.extend(
                wrap(&name, true, NAME_FONT_SIZE_PT, full)
                    .into_iter()
                    .map(|line| vec![run(true, NAME_FONT_SIZE_PT, left, line)]),
            ),
            Block::Heading(heading) => rows.extend(
                wrap(&heading, true, size, full)
                    .into_iter()
                    .map(|line| vec![run(true, size, left, line)]),
            ),
            Block::Line(line) => rows.extend(
                wrap(&line, false, size, full)
                    .into_iter()
                    .map(|line| vec![run(false, size, left, line)]),
            ),
            Block::Bullet { mark, text, .. } => {
                let mark_units: u32 = mark.chars().map(|c| char_units(c, false)).sum();
                hang =
                    mm_to_mpt(BULLET_INDENT_MM).max((mark_units + char_units(' ', false)) * size);
                for (i, line) in wrap(&text, false, size, full - hang)
                    .into_iter()
                    .enumerate()
                {
                    let mut row = Vec::with_capacity(2);
                    if i == 0 {
                        row.push(run(false, size, left, mark.clone()));
                    }
                    row.push(run(false, size, left + hang, line));
                    rows.push(row);
                }
            }
            // Under the bullet's text, however wide its mark.
            Block::Continued(line) => rows.extend(
                wrap(&line, false, size, full - hang)
                    .into_iter()
                    .map(|line| vec![run(false, size, left + hang, line)]),
            ),
        }
    }
    rows
}

/// The body as it will be printed: one entry per row, its runs joined by a space (a
/// bullet's mark and its text). Blank lines are kept (they are spacing), leading and
/// trailing blank lines dropped, text already folded to WinAnsi.
pub fn wrap_lines(text: &str) -> Vec<String> {
    rows(text)
        .iter()
        .map(|row| {
            row.iter()
                .map(|run| run.text.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// Number of pages [`resume_pdf`] makes for `text`.
pub fn page_count(text: &str) -> usize {
    paginate(&rows(text)).len()
}

/// Width of `line` set in Helvetica 10, in millimetres, from the standard AFM widths.
/// Characters outside WinAnsi count as the "?" they will be printed as.
pub fn text_width_mm(line: &str) -> f64 {
    let units: u32 = line.chars().map(|c| char_units(c, false)).sum();
    f64::from(units) * f64::from(BODY_FONT_SIZE_PT) / 1000.0 * 25.4 / 72.0
}

/// Whether text `units` (1/1000 em) wide at `size` points fits `width_mpt` thousandths
/// of a point.
fn fits(units: u32, size: u32, width_mpt: u32) -> bool {
    u64::from(units) * u64::from(size) <= u64::from(width_mpt)
}

/// Greedy word wrap of one line to `width_mpt`; lines break only between words, and a
/// word wider than the whole width is broken between characters. Leading spaces
/// (indentation) stay on the first line.
fn wrap(paragraph: &str, bold: bool, size: u32, width_mpt: u32) -> Vec<String> {
    let mut lines = Vec::new();
    let units = |c| char_units(c, bold);
    let fits = |u| fits(u, size, width_mpt);
    let body = paragraph.trim_start_matches(' ');
    if body.is_empty() {
        lines.push(String::new());
        return lines;
    }
    let space = units(' ');
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
        let word_width: u32 = word.chars().map(units).sum();
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
                let w = units(ch);
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
    lines
}

/// Splits rows into pages: [`LINES_FIRST_PAGE`] under the title, then
/// [`LINES_LATER_PAGE`] a page. Always at least one page.
fn paginate(rows: &[Row]) -> Vec<&[Row]> {
    let split = rows.len().min(LINES_FIRST_PAGE);
    let (first, rest) = rows.split_at(split);
    let mut pages = vec![first];
    pages.extend(rest.chunks(LINES_LATER_PAGE));
    pages
}

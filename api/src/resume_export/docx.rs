//! The Word file: one paragraph per line of the resume, the name and headings in bold,
//! bullets as a real bulleted list (Word draws the mark), numbered lines with a hanging
//! indent, and a bullet's carried-on lines joined into its paragraph so Word wraps it.

use std::io::Cursor;

use docx_rs::{
    AbstractNumbering, Docx, IndentLevel, Level, LevelJc, LevelText, LineSpacing, NumberFormat,
    Numbering, NumberingId, Paragraph, Run, RunFonts, SpecialIndentType, Start,
};
use jobtap_core::resume::layout::{Block, layout};

use crate::error::ApiError;

/// docx-rs writes numbering 1 itself; the bullets are the next.
const BULLETS: usize = 2;
const FONT: &str = "Arial";
/// Sizes in half-points.
const BODY_SIZE: usize = 21;
const HEADING_SIZE: usize = 24;
const NAME_SIZE: usize = 32;
/// Indents and spacing in twentieths of a point.
const HANG: i32 = 360;
const BEFORE_HEADING: u32 = 240;
const AFTER_LINE: u32 = 60;

/// The `.docx` bytes of `text`.
pub fn resume_docx(text: &str) -> Result<Vec<u8>, ApiError> {
    let mut docx = Docx::new()
        .default_fonts(
            RunFonts::new()
                .ascii(FONT)
                .hi_ansi(FONT)
                .cs(FONT)
                .east_asia(FONT),
        )
        .default_size(BODY_SIZE)
        .add_abstract_numbering(
            AbstractNumbering::new(BULLETS).add_level(
                Level::new(
                    0,
                    Start::new(1),
                    NumberFormat::new("bullet"),
                    LevelText::new("•"),
                    LevelJc::new("left"),
                )
                .indent(
                    Some(HANG),
                    Some(SpecialIndentType::Hanging(HANG)),
                    None,
                    None,
                ),
            ),
        )
        .add_numbering(Numbering::new(BULLETS, BULLETS));
    for paragraph in paragraphs(text) {
        docx = docx.add_paragraph(paragraph);
    }
    let mut out = Cursor::new(Vec::new());
    docx.build()
        .pack(&mut out)
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e).context("Writing the Word file")))?;
    Ok(out.into_inner())
}

/// A bullet being collected, with its carried-on lines.
struct Open {
    mark: String,
    text: String,
    numbered: bool,
}

fn paragraphs(text: &str) -> Vec<Paragraph> {
    let mut out = Vec::new();
    let mut open: Option<Open> = None;
    for block in layout(text) {
        let block = block.map_text(printable);
        if let Block::Continued(more) = &block
            && let Some(bullet) = open.as_mut()
        {
            bullet.text.push(' ');
            bullet.text.push_str(more);
            continue;
        }
        if let Some(bullet) = open.take() {
            out.push(bullet_paragraph(bullet));
        }
        let spaced = |p: Paragraph| p.line_spacing(LineSpacing::new().after(AFTER_LINE));
        match block {
            Block::Name(name) => out.push(spaced(
                Paragraph::new().add_run(Run::new().add_text(name).bold().size(NAME_SIZE)),
            )),
            Block::Heading(heading) => out.push(
                Paragraph::new()
                    .keep_next(true)
                    .line_spacing(LineSpacing::new().before(BEFORE_HEADING).after(AFTER_LINE))
                    .add_run(Run::new().add_text(heading).bold().size(HEADING_SIZE)),
            ),
            Block::Bullet {
                mark,
                text,
                numbered,
            } => {
                open = Some(Open {
                    mark,
                    text,
                    numbered,
                });
            }
            Block::Continued(line) | Block::Line(line) => {
                out.push(spaced(
                    Paragraph::new().add_run(Run::new().add_text(line.trim())),
                ));
            }
            // Paragraph spacing stands for blank lines.
            Block::Gap => {}
        }
    }
    if let Some(bullet) = open {
        out.push(bullet_paragraph(bullet));
    }
    out
}

fn bullet_paragraph(bullet: Open) -> Paragraph {
    let paragraph = Paragraph::new().line_spacing(LineSpacing::new().after(AFTER_LINE));
    // A numbered line keeps its own number; Word draws the mark of any other bullet.
    if bullet.numbered {
        paragraph
            .indent(
                Some(HANG),
                Some(SpecialIndentType::Hanging(HANG)),
                None,
                None,
            )
            // The tab takes the text to the hanging indent, where its wrapped lines start.
            .add_run(
                Run::new()
                    .add_text(bullet.mark)
                    .add_tab()
                    .add_text(bullet.text),
            )
    } else {
        paragraph
            .numbering(NumberingId::new(BULLETS), IndentLevel::new(0))
            .add_run(Run::new().add_text(bullet.text))
    }
}

/// `text` without the control characters XML cannot hold; tabs become spaces.
fn printable(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

//! The preview table packed for JavaScript: one string and a few flat arrays.
//!
//! Handing the browser one object per row and one string per cell costs more than parsing the
//! file (each crossing the wasm boundary is an allocation and a decode in JavaScript). Packed,
//! the text and the arrays cross as plain memory copies (the text as its UTF-8 bytes, never
//! decoded as a whole); the page decodes only the cells it shows. The layout is
//! `web/src/lib/core-worker/import-preview.ts`'s.

use super::{
    CheckedRow, ImportError, ImportLimits, PreviewTable, RowSink, Rows, check_name, decode,
    parse_file, parse_text, summary,
};

/// The cells of one row, in order: company, job title, location, job type, salary, errors.
pub const CELLS_PER_ROW: usize = 6;

/// Separates a row's messages in its errors cell (messages never hold a line break).
pub const ERROR_SEPARATOR: char = '\n';

/// The preview table as one text plus flat arrays (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PackedPreview {
    /// Every row's [`CELLS_PER_ROW`] cells, one after another, errors joined by
    /// [`ERROR_SEPARATOR`].
    pub text: String,
    /// Where each cell starts in `text`, in bytes of its UTF-8, with one more entry than cells:
    /// cell `k` ends where `k + 1` starts.
    pub offsets: Vec<u32>,
    /// The row number a spreadsheet shows (header = 1), per row.
    pub row_numbers: Vec<u32>,
    /// 1 for a valid row, 0 for an invalid one.
    pub valid: Vec<u8>,
    /// Indexes (not row numbers) of the invalid rows, in file order.
    pub invalid_rows: Vec<u32>,
    pub valid_count: usize,
    pub invalid_count: usize,
    /// File-level notes such as `Unknown column "department" was ignored`.
    pub warnings: Vec<String>,
}

impl PackedPreview {
    /// How many rows the table holds.
    pub fn row_count(&self) -> usize {
        self.row_numbers.len()
    }

    /// The toast after parsing (spec §8): success when every row is valid, else a review warning.
    pub fn summary(&self) -> String {
        summary(self.valid_count, self.invalid_count)
    }
}

impl PreviewTable {
    /// The same table packed (see [`PackedPreview`]); refused only past what `u32` offsets and
    /// row numbers hold.
    pub fn packed(&self) -> Result<PackedPreview, ImportError> {
        let mut packer = Packer::default();
        packer.reserve(self.rows.len(), 0);
        for row in &self.rows {
            packer.push_row(
                row.row_number,
                row.valid,
                [
                    &[&row.company_name],
                    &[&row.job_title],
                    &[&row.location],
                    &[&row.job_type],
                    &[&row.salary],
                ],
                &row.errors,
            );
        }
        packer.finish(self.valid_count, self.invalid_count, self.warnings.clone())
    }
}

/// Writes rows into a [`PackedPreview`].
struct Packer {
    packed: PackedPreview,
    /// A row number or offset did not fit in `u32`: `finish` refuses the table.
    overflow: bool,
}

impl Default for Packer {
    fn default() -> Self {
        Self {
            packed: PackedPreview {
                offsets: vec![0],
                ..PackedPreview::default()
            },
            overflow: false,
        }
    }
}

impl Packer {
    fn reserve(&mut self, rows: usize, text_bytes: usize) {
        let packed = &mut self.packed;
        packed.offsets.reserve(rows * CELLS_PER_ROW);
        packed.row_numbers.reserve(rows);
        packed.valid.reserve(rows);
        packed.text.reserve(text_bytes);
    }

    /// One row: five cells, each given in pieces that are joined, then the errors cell.
    fn push_row(
        &mut self,
        row_number: usize,
        valid: bool,
        cells: [&[&str]; CELLS_PER_ROW - 1],
        errors: &[String],
    ) {
        let packed = &mut self.packed;
        let index = packed.row_numbers.len() as u32;
        self.overflow |= u32::try_from(row_number).is_err();
        packed.row_numbers.push(row_number as u32);
        packed.valid.push(u8::from(valid));
        if !valid {
            packed.invalid_rows.push(index);
        }
        let text = &mut packed.text;
        let mut ends = [0; CELLS_PER_ROW];
        for (end, parts) in ends.iter_mut().zip(cells) {
            for part in parts {
                text.push_str(part);
            }
            *end = text.len() as u32;
        }
        for (i, error) in errors.iter().enumerate() {
            if i > 0 {
                text.push(ERROR_SEPARATOR);
            }
            text.push_str(error);
        }
        ends[CELLS_PER_ROW - 1] = text.len() as u32;
        // The text only grows: when its length fits, every earlier offset did.
        self.overflow |= u32::try_from(text.len()).is_err();
        packed.offsets.extend_from_slice(&ends);
    }

    fn finish(
        mut self,
        valid_count: usize,
        invalid_count: usize,
        warnings: Vec<String>,
    ) -> Result<PackedPreview, ImportError> {
        // Every row adds text, so row indexes stay below the text's length.
        if self.overflow {
            return Err(ImportError::TooLargeToPreview);
        }
        self.packed.valid_count = valid_count;
        self.packed.invalid_count = invalid_count;
        self.packed.warnings = warnings;
        Ok(self.packed)
    }
}

/// Packs checked rows as they come, without a `String` per cell.
impl RowSink for Packer {
    fn reserve(&mut self, rows: usize, text_len: usize) {
        // The shown cells are a minority of a row's text (descriptions, lists and links are not).
        Packer::reserve(self, rows, text_len / 3);
    }

    fn push(&mut self, row: CheckedRow<'_>) {
        self.push_row(
            row.row_number,
            row.is_valid(),
            [
                &[row.company_name],
                &[row.job_title],
                &[row.location],
                &[row.job_type_display()],
                &row.salary_parts(),
            ],
            &row.errors,
        );
    }
}

/// [`super::preview_import`]'s table, packed as it is read (no `String` per cell): the same rules,
/// messages and errors.
pub fn preview_import_packed(
    file_name: &str,
    bytes: &[u8],
    limits: &ImportLimits,
) -> Result<PackedPreview, ImportError> {
    let mut sink = Packer::default();
    let parsed = parse_file(file_name, bytes, limits, &mut sink)?;
    sink.finish(parsed.valid_count, parsed.invalid_count, parsed.warnings)
}

/// The first rows of a file from the start of its bytes, to show while the whole file is parsed.
///
/// At most `max_rows` rows, with no error for more. Unless `is_whole_file`, the bytes are cut
/// after their last line break (a cut inside a character would change how the text decodes),
/// a last record still inside quotes there is dropped (it was cut short), and a start with no
/// complete row yet is an empty table rather than an error. The file's size is not checked:
/// the whole-file parse does that.
pub fn preview_import_head(
    file_name: &str,
    bytes: &[u8],
    max_rows: usize,
    is_whole_file: bool,
) -> Result<PackedPreview, ImportError> {
    check_name(file_name)?;
    let bytes = if is_whole_file {
        bytes
    } else {
        through_last_line_break(bytes)
    };
    let (text, survey) = decode::decode(bytes)?;
    let limit = Rows {
        max: max_rows,
        refuse_more: false,
        truncated: !is_whole_file,
    };
    let mut sink = Packer::default();
    match parse_text(&text, &survey, limit, &mut sink) {
        Ok(parsed) => sink.finish(parsed.valid_count, parsed.invalid_count, parsed.warnings),
        Err(ImportError::Empty | ImportError::HeaderOnly) if !is_whole_file => {
            Packer::default().finish(0, 0, Vec::new())
        }
        Err(error) => Err(error),
    }
}

const UTF16_LE_BOM: &[u8] = b"\xFF\xFE";
const UTF16_BE_BOM: &[u8] = b"\xFE\xFF";

/// `bytes` up to and including their last line break (`\n` or `\r`), or nothing without one.
///
/// In UTF-8 and Windows-1252 those bytes never sit inside a character; in UTF-16 (with a
/// byte-order mark) the line break is looked for as a whole code unit.
fn through_last_line_break(bytes: &[u8]) -> &[u8] {
    let unit = |pair: &[u8; 2]| -> u16 {
        if bytes.starts_with(UTF16_LE_BOM) {
            u16::from_le_bytes(*pair)
        } else {
            u16::from_be_bytes(*pair)
        }
    };
    if bytes.starts_with(UTF16_LE_BOM) || bytes.starts_with(UTF16_BE_BOM) {
        let (units, _) = bytes[2..].as_chunks::<2>();
        return units
            .iter()
            .rposition(|pair| matches!(unit(pair), 0x0A | 0x0D))
            .map_or(&[], |i| &bytes[..2 + 2 * (i + 1)]);
    }
    bytes
        .iter()
        .rposition(|&b| b == b'\n' || b == b'\r')
        .map_or(&[], |i| &bytes[..=i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_keeps_whole_lines_in_every_encoding() {
        assert_eq!(through_last_line_break(b"a,b\nc,d\ne,"), b"a,b\nc,d\n");
        assert_eq!(through_last_line_break(b"a\r\nb\r"), b"a\r\nb\r");
        assert_eq!(through_last_line_break(b"no line break"), b"");
        // "é" is 0xC3 0xA9 in UTF-8: a cut between them would leave invalid UTF-8.
        assert_eq!(
            through_last_line_break("a\né,\u{e9}".as_bytes()),
            b"a\n".as_slice()
        );
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("h\n\u{A0A}x\n".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        // U+0A0A's bytes are 0x0A 0x0A: not a line break unit.
        assert_eq!(through_last_line_break(&le[..le.len() - 1]), &le[..6]);
        assert_eq!(through_last_line_break(&le), &le[..]);
        let be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain("h\nx".encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(through_last_line_break(&be), &be[..6]);
        assert_eq!(through_last_line_break(&[0xFF, 0xFE, b'h']), b"");
    }
}

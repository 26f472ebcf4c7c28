//! Text of a legacy Word file (.doc, Word 97–2003): the main document text found
//! through the piece table, as [MS-DOC] describes it.
//!
//! A .doc is a Compound File (a small FAT file system, [MS-CFB]). Its `WordDocument`
//! stream starts with the FIB, which gives the length of the main text (`ccpText`)
//! and where the piece table (`Clx`) lies in the `0Table` or `1Table` stream. Each
//! piece maps a run of characters to bytes of `WordDocument`, either Windows-1252 (one
//! byte a character) or UTF-16LE. Word 6/95 files, encrypted files and anything
//! inconsistent answer [`ExtractError::Doc`], which asks for DOCX or PDF.
//!
//! Every offset read from the file is bounds-checked and every sector chain is cut at
//! the number of sectors in the file, so damaged or hostile files cannot loop or panic.

use super::ExtractError;
use crate::text_decode::windows_1252_char;

const SIGNATURE: &[u8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";
const END_OF_CHAIN: u32 = 0xFFFF_FFFE;
const FREE_SECTOR: u32 = 0xFFFF_FFFF;
const HEADER_DIFAT_ENTRIES: usize = 109;
const DIRECTORY_ENTRY: usize = 128;
/// FIB magic number of Word 97 and later.
const WORD_IDENT: u16 = 0xA5EC;
/// The oldest FIB version with a piece table in this layout (Word 97).
const MIN_NFIB: u16 = 101;
const FIB_ENCRYPTED: u16 = 0x0100;
const FIB_WHICH_TABLE: u16 = 0x0200;
/// Index of `fcClx` among the FIB's (fc, lcb) pairs.
const CLX_PAIR: usize = 33;

/// The text of the Word 97–2003 document in `bytes`.
pub(super) fn doc_text(bytes: &[u8]) -> Result<String, ExtractError> {
    read(bytes).ok_or(ExtractError::Doc)
}

fn read(bytes: &[u8]) -> Option<String> {
    let cfb = Cfb::open(bytes)?;
    let word = cfb.stream("WordDocument")?;
    let fib = Fib::read(&word)?;
    let table = cfb.stream(if fib.table_one { "1Table" } else { "0Table" })?;
    let clx = table.get(fib.clx.clone())?;
    let pieces = piece_table(clx)?;
    Some(main_text(&word, &pieces, fib.ccp_text))
}

fn u16_at(bytes: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(
        bytes.get(at..at.checked_add(2)?)?.try_into().ok()?,
    ))
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(
        bytes.get(at..at.checked_add(4)?)?.try_into().ok()?,
    ))
}

fn usize_at(bytes: &[u8], at: usize) -> Option<usize> {
    usize::try_from(u32_at(bytes, at)?).ok()
}

// ---------------------------------------------------------------------------
// Compound File
// ---------------------------------------------------------------------------

/// A Compound File's allocation tables and directory.
struct Cfb<'a> {
    bytes: &'a [u8],
    sector_size: usize,
    fat: Vec<u32>,
    mini_fat: Vec<u32>,
    /// The root entry's stream: where small streams live, 64 bytes a sector.
    mini_stream: Vec<u8>,
    mini_cutoff: usize,
    entries: Vec<Entry>,
}

struct Entry {
    name: String,
    is_stream: bool,
    start: u32,
    size: usize,
}

impl<'a> Cfb<'a> {
    fn open(bytes: &'a [u8]) -> Option<Self> {
        if !bytes.starts_with(SIGNATURE) || u16_at(bytes, 0x1C)? != 0xFFFE {
            return None;
        }
        let sector_size = match u16_at(bytes, 0x1E)? {
            9 => 512,
            12 => 4096,
            _ => return None,
        };
        let mut cfb = Self {
            bytes,
            sector_size,
            fat: Vec::new(),
            mini_fat: Vec::new(),
            mini_stream: Vec::new(),
            mini_cutoff: usize_at(bytes, 0x38)?,
            entries: Vec::new(),
        };
        cfb.fat = cfb.read_fat()?;
        let directory = cfb.chain_bytes(u32_at(bytes, 0x30)?, &cfb.fat, None)?;
        cfb.entries = directory
            .chunks_exact(DIRECTORY_ENTRY)
            .filter_map(Entry::read)
            .collect();
        let root = cfb.entries.first()?;
        cfb.mini_stream = cfb.chain_bytes(root.start, &cfb.fat, Some(root.size))?;
        let mini_fat_bytes = cfb.chain_bytes(u32_at(bytes, 0x3C)?, &cfb.fat, None)?;
        cfb.mini_fat = words(&mini_fat_bytes);
        Some(cfb)
    }

    fn sector(&self, id: u32) -> Option<&'a [u8]> {
        let start = (usize::try_from(id).ok()? + 1).checked_mul(self.sector_size)?;
        self.bytes.get(start..start.checked_add(self.sector_size)?)
    }

    /// The FAT: its sectors are listed in the header's DIFAT, then in DIFAT sectors.
    fn read_fat(&self) -> Option<Vec<u32>> {
        let mut fat_sectors: Vec<u32> = (0..HEADER_DIFAT_ENTRIES)
            .filter_map(|i| u32_at(self.bytes, 0x4C + 4 * i))
            .collect();
        let mut next = u32_at(self.bytes, 0x44)?;
        let per_sector = self.sector_size / 4 - 1;
        let limit = self.bytes.len() / self.sector_size;
        for _ in 0..limit {
            if next == END_OF_CHAIN || next == FREE_SECTOR {
                break;
            }
            let sector = self.sector(next)?;
            fat_sectors.extend((0..per_sector).filter_map(|i| u32_at(sector, 4 * i)));
            next = u32_at(sector, 4 * per_sector)?;
        }
        let count = usize_at(self.bytes, 0x2C)?;
        let mut fat = Vec::new();
        for &id in fat_sectors
            .iter()
            .filter(|&&id| id < END_OF_CHAIN - 3)
            .take(count)
        {
            fat.extend(words(self.sector(id)?));
        }
        Some(fat)
    }

    /// The bytes of the sector chain starting at `start`, cut to `size` when given.
    fn chain_bytes(&self, start: u32, fat: &[u32], size: Option<usize>) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        let mut id = start;
        for _ in 0..=fat.len() {
            if id == END_OF_CHAIN || id == FREE_SECTOR {
                break;
            }
            out.extend_from_slice(self.sector(id)?);
            id = *fat.get(usize::try_from(id).ok()?)?;
            if size.is_some_and(|s| out.len() >= s) {
                break;
            }
        }
        if let Some(size) = size {
            if out.len() < size {
                return None;
            }
            out.truncate(size);
        }
        Some(out)
    }

    /// A small stream's bytes, from 64-byte sectors of the mini stream.
    fn mini_chain_bytes(&self, start: u32, size: usize) -> Option<Vec<u8>> {
        const MINI: usize = 64;
        let mut out = Vec::new();
        let mut id = start;
        for _ in 0..=self.mini_fat.len() {
            if out.len() >= size || id == END_OF_CHAIN || id == FREE_SECTOR {
                break;
            }
            let at = usize::try_from(id).ok()?.checked_mul(MINI)?;
            out.extend_from_slice(self.mini_stream.get(at..at + MINI)?);
            id = *self.mini_fat.get(usize::try_from(id).ok()?)?;
        }
        if out.len() < size {
            return None;
        }
        out.truncate(size);
        Some(out)
    }

    /// The stream called `name` (any storage), if the directory has one.
    fn stream(&self, name: &str) -> Option<Vec<u8>> {
        let entry = self
            .entries
            .iter()
            .find(|e| e.is_stream && e.name == name)?;
        if entry.size < self.mini_cutoff {
            self.mini_chain_bytes(entry.start, entry.size)
        } else {
            self.chain_bytes(entry.start, &self.fat, Some(entry.size))
        }
    }
}

impl Entry {
    fn read(raw: &[u8]) -> Option<Self> {
        let name_bytes = usize::from(u16_at(raw, 64)?).min(64).saturating_sub(2);
        let units: Vec<u16> = raw
            .get(..name_bytes)?
            .chunks_exact(2)
            .map(|p| u16::from_le_bytes([p[0], p[1]]))
            .collect();
        let kind = *raw.get(66)?;
        // Version 3 files keep garbage in the size's high half; 32 bits are enough here.
        Some(Self {
            name: String::from_utf16_lossy(&units),
            is_stream: kind == 2,
            start: u32_at(raw, 116)?,
            size: usize_at(raw, 120)?,
        })
    }
}

fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect()
}

// ---------------------------------------------------------------------------
// Word document
// ---------------------------------------------------------------------------

/// What the text needs from the File Information Block.
struct Fib {
    table_one: bool,
    ccp_text: usize,
    clx: std::ops::Range<usize>,
}

impl Fib {
    fn read(word: &[u8]) -> Option<Self> {
        if u16_at(word, 0)? != WORD_IDENT || u16_at(word, 2)? < MIN_NFIB {
            return None;
        }
        let flags = u16_at(word, 0x0A)?;
        if flags & FIB_ENCRYPTED != 0 {
            return None;
        }
        // FibBase (32 bytes), then three counted arrays: u16s, u32s, (fc, lcb) pairs.
        let shorts = usize::from(u16_at(word, 0x20)?);
        let longs_at = 0x22 + 2 * shorts;
        let longs = usize::from(u16_at(word, longs_at)?);
        let ccp_text = usize_at(word, longs_at + 2 + 4 * 3)?;
        let pairs_at = longs_at + 2 + 4 * longs;
        let pairs = usize::from(u16_at(word, pairs_at)?);
        if pairs <= CLX_PAIR {
            return None;
        }
        let clx_at = pairs_at + 2 + 8 * CLX_PAIR;
        let fc = usize_at(word, clx_at)?;
        let lcb = usize_at(word, clx_at + 4)?;
        Some(Self {
            table_one: flags & FIB_WHICH_TABLE != 0,
            ccp_text,
            clx: fc..fc.checked_add(lcb)?,
        })
    }
}

/// One piece: characters `cp_start..cp_end` stored at byte `offset` of WordDocument.
struct Piece {
    cp_start: usize,
    cp_end: usize,
    offset: usize,
    compressed: bool,
}

/// The pieces of the `Clx`: skip the property runs (0x01), then read the table (0x02).
fn piece_table(clx: &[u8]) -> Option<Vec<Piece>> {
    let mut at = 0;
    while *clx.get(at)? == 0x01 {
        let size = usize::from(u16_at(clx, at + 1)?);
        at += 3 + size;
    }
    if *clx.get(at)? != 0x02 {
        return None;
    }
    let size = usize_at(clx, at + 1)?;
    let plc = clx.get(at + 5..(at + 5).checked_add(size)?)?;
    // (n + 1) character positions of 4 bytes, then n descriptors of 8 bytes.
    let n = plc.len().checked_sub(4)? / 12;
    let descriptors = 4 * (n + 1);
    (0..n)
        .map(|i| {
            let fc = u32_at(plc, descriptors + 8 * i + 2)?;
            let compressed = fc & 0x4000_0000 != 0;
            let raw = usize::try_from(fc & 0x3FFF_FFFF).ok()?;
            Some(Piece {
                cp_start: usize_at(plc, 4 * i)?,
                cp_end: usize_at(plc, 4 * (i + 1))?,
                offset: if compressed { raw / 2 } else { raw },
                compressed,
            })
        })
        .collect()
}

/// The first `ccp_text` characters, through the pieces, cleaned of Word's marks.
fn main_text(word: &[u8], pieces: &[Piece], ccp_text: usize) -> String {
    let mut raw = String::new();
    for piece in pieces {
        let end = piece.cp_end.min(ccp_text);
        if piece.cp_start >= end {
            continue;
        }
        let count = end - piece.cp_start;
        if piece.compressed {
            let Some(bytes) = word.get(piece.offset..piece.offset.saturating_add(count)) else {
                continue;
            };
            raw.extend(bytes.iter().map(|&b| windows_1252_char(b).unwrap_or(' ')));
        } else {
            let Some(bytes) = word.get(piece.offset..piece.offset.saturating_add(2 * count)) else {
                continue;
            };
            let units = bytes
                .chunks_exact(2)
                .map(|p| u16::from_le_bytes([p[0], p[1]]));
            raw.extend(char::decode_utf16(units).map(|c| c.unwrap_or('\u{FFFD}')));
        }
    }
    clean_marks(&raw)
}

/// Paragraph, line and page marks become line breaks and cell marks a separator; field
/// codes (between the begin and separator marks) and object anchors are dropped.
fn clean_marks(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    // For each open field, whether its instruction part is over.
    let mut fields: Vec<bool> = Vec::new();
    for c in raw.chars() {
        match c {
            '\u{13}' => fields.push(false),
            '\u{14}' => {
                if let Some(shown) = fields.last_mut() {
                    *shown = true;
                }
            }
            '\u{15}' => {
                fields.pop();
            }
            _ if fields.last() == Some(&false) => {}
            '\r' | '\u{0B}' | '\u{0C}' => out.push('\n'),
            '\u{07}' => out.push_str(" | "),
            '\u{1E}' => out.push('-'),
            '\t' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_codes_are_dropped_and_their_results_kept() {
        let raw =
            "Mail \u{13} HYPERLINK \"mailto:a@b.co\" \u{14}a@b.co\u{15} now\rNext\u{07}Cell\u{01}";
        assert_eq!(clean_marks(raw), "Mail a@b.co now\nNext | Cell");
    }

    #[test]
    fn files_that_are_not_compound_files_are_refused() {
        assert!(read(b"").is_none());
        assert!(read(SIGNATURE).is_none());
        let mut header = SIGNATURE.to_vec();
        header.resize(512, 0xFF);
        assert!(read(&header).is_none());
    }
}

//! Bytes of a text file to a string: UTF-8 (with or without a byte-order mark), UTF-16 with a
//! byte-order mark, or Windows-1252 as older Windows programs save it. Binary data is refused.
//!
//! Shared by the CSV import and resume extraction; each maps [`DecodeError`] to its own wording.

use std::borrow::Cow;

use crate::csv_import::scan::{Survey, survey};

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";
const UTF16_LE_BOM: &[u8] = b"\xFF\xFE";
const UTF16_BE_BOM: &[u8] = b"\xFE\xFF";

/// Why bytes could not be read as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// Control bytes other than tab, CR and LF: not a text file.
    #[error("it contains binary data, not text")]
    Binary,
    /// A UTF-8 byte-order mark followed by bytes that are not UTF-8.
    #[error("it is marked as UTF-8 but contains bytes that are not UTF-8")]
    BadUtf8,
    /// A UTF-16 byte-order mark and an odd number of bytes.
    #[error("it is marked as UTF-16 but ends in the middle of a character")]
    Utf16Truncated,
    /// A UTF-16 byte-order mark and unpaired surrogates.
    #[error("it is marked as UTF-16 but contains invalid characters")]
    Utf16Invalid,
    /// Neither UTF-8 nor Windows-1252 (a byte Windows-1252 leaves undefined).
    #[error("it is neither UTF-8 nor Windows-1252 text")]
    UnknownEncoding,
}

/// The text of the file, without any byte-order mark.
pub fn decode_text(bytes: &[u8]) -> Result<Cow<'_, str>, DecodeError> {
    decode_text_surveyed(bytes).map(|(text, _)| text)
}

/// [`decode_text`], with what the pass that looked for binary data found in the text.
pub fn decode_text_surveyed(bytes: &[u8]) -> Result<(Cow<'_, str>, Survey), DecodeError> {
    let text = if let Some(rest) = bytes.strip_prefix(UTF8_BOM) {
        Cow::Borrowed(std::str::from_utf8(rest).map_err(|_| DecodeError::BadUtf8)?)
    } else if let Some(rest) = bytes.strip_prefix(UTF16_LE_BOM) {
        Cow::Owned(utf16(rest, u16::from_le_bytes)?)
    } else if let Some(rest) = bytes.strip_prefix(UTF16_BE_BOM) {
        Cow::Owned(utf16(rest, u16::from_be_bytes)?)
    } else if let Ok(text) = std::str::from_utf8(bytes) {
        Cow::Borrowed(text)
    } else {
        // Not UTF-8: Windows-1252 if it looks like text. Checked on the bytes, before decoding.
        if survey(bytes).control {
            return Err(DecodeError::Binary);
        }
        Cow::Owned(windows_1252(bytes)?)
    };
    let found = survey(text.as_bytes());
    if found.control {
        return Err(DecodeError::Binary);
    }
    Ok((text, found))
}

fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> Result<String, DecodeError> {
    let (pairs, rest) = bytes.as_chunks::<2>();
    if !rest.is_empty() {
        return Err(DecodeError::Utf16Truncated);
    }
    char::decode_utf16(pairs.iter().map(|&pair| unit(pair)))
        .collect::<Result<String, _>>()
        .map_err(|_| DecodeError::Utf16Invalid)
}

/// Windows-1252 for 0x80–0x9F; `None` marks the five bytes it leaves undefined.
const CP1252_HIGH: [Option<char>; 32] = [
    Some('\u{20AC}'),
    None,
    Some('\u{201A}'),
    Some('\u{0192}'),
    Some('\u{201E}'),
    Some('\u{2026}'),
    Some('\u{2020}'),
    Some('\u{2021}'),
    Some('\u{02C6}'),
    Some('\u{2030}'),
    Some('\u{0160}'),
    Some('\u{2039}'),
    Some('\u{0152}'),
    None,
    Some('\u{017D}'),
    None,
    None,
    Some('\u{2018}'),
    Some('\u{2019}'),
    Some('\u{201C}'),
    Some('\u{201D}'),
    Some('\u{2022}'),
    Some('\u{2013}'),
    Some('\u{2014}'),
    Some('\u{02DC}'),
    Some('\u{2122}'),
    Some('\u{0161}'),
    Some('\u{203A}'),
    Some('\u{0153}'),
    None,
    Some('\u{017E}'),
    Some('\u{0178}'),
];

/// One Windows-1252 byte as a character; `None` for the five undefined bytes.
/// 0x00–0x7F are ASCII and 0xA0–0xFF are Latin-1.
pub fn windows_1252_char(b: u8) -> Option<char> {
    match b {
        0x80..=0x9F => CP1252_HIGH[usize::from(b - 0x80)],
        _ => Some(char::from(b)),
    }
}

/// Decodes Windows-1252.
fn windows_1252(bytes: &[u8]) -> Result<String, DecodeError> {
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
    for &b in bytes {
        text.push(windows_1252_char(b).ok_or(DecodeError::UnknownEncoding)?);
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_with_and_without_bom() {
        assert_eq!(decode_text(b"\xEF\xBB\xBFa,b").unwrap(), "a,b");
        assert_eq!(decode_text("café".as_bytes()).unwrap(), "café");
        assert!(matches!(
            decode_text("café".as_bytes()).unwrap(),
            Cow::Borrowed(_)
        ));
        assert_eq!(decode_text(b"\xEF\xBB\xBFa\xFF"), Err(DecodeError::BadUtf8));
    }

    #[test]
    fn utf16_both_byte_orders() {
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("é,€\r\n".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain("é,€\r\n".encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(decode_text(&le).unwrap(), "é,€\r\n");
        assert_eq!(decode_text(&be).unwrap(), "é,€\r\n");
        assert_eq!(
            decode_text(&le[..le.len() - 1]),
            Err(DecodeError::Utf16Truncated)
        );
        assert_eq!(
            decode_text(&[0xFF, 0xFE, 0x00, 0xD8]),
            Err(DecodeError::Utf16Invalid)
        );
    }

    #[test]
    fn windows_1252_is_decoded_when_not_utf8() {
        assert_eq!(
            decode_text(b"caf\xE9 \x80 \x93q\x94").unwrap(),
            "café € “q”"
        );
        assert_eq!(
            decode_text(b"caf\xE9 \x81"),
            Err(DecodeError::UnknownEncoding)
        );
    }

    #[test]
    fn binary_is_refused() {
        for bytes in [&b"a,b\x00c"[..], b"\x89PNG\r\n\x1A\n", b"a\x7F"] {
            assert_eq!(decode_text(bytes), Err(DecodeError::Binary), "{bytes:?}");
        }
    }
}

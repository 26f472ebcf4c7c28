//! Turns the uploaded bytes into text: UTF-8 (with or without a byte-order mark), UTF-16 with a
//! byte-order mark, or Windows-1252 as older Excel saves it. Binary files are refused.

use std::borrow::Cow;

use super::ImportError;
use super::scan::has_control_bytes;

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";
const UTF16_LE_BOM: &[u8] = b"\xFF\xFE";
const UTF16_BE_BOM: &[u8] = b"\xFE\xFF";

/// Why bytes that are not text are refused; shown inside the `Unreadable` message.
const BINARY: &str =
    "it contains binary data, not text; save the spreadsheet as \"CSV UTF-8\" and upload that";

/// The text of the file, without any byte-order mark.
pub fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, ImportError> {
    let text = if let Some(rest) = bytes.strip_prefix(UTF8_BOM) {
        Cow::Borrowed(std::str::from_utf8(rest).map_err(|_| {
            unreadable("it is marked as UTF-8 but contains bytes that are not UTF-8")
        })?)
    } else if let Some(rest) = bytes.strip_prefix(UTF16_LE_BOM) {
        Cow::Owned(utf16(rest, u16::from_le_bytes)?)
    } else if let Some(rest) = bytes.strip_prefix(UTF16_BE_BOM) {
        Cow::Owned(utf16(rest, u16::from_be_bytes)?)
    } else if let Ok(text) = std::str::from_utf8(bytes) {
        Cow::Borrowed(text)
    } else {
        // Not UTF-8: Windows-1252 if it looks like text. Checked on the bytes, before decoding.
        if has_control_bytes(bytes) {
            return Err(unreadable(BINARY));
        }
        return windows_1252(bytes).map(Cow::Owned);
    };
    if has_control_bytes(text.as_bytes()) {
        return Err(unreadable(BINARY));
    }
    Ok(text)
}

fn unreadable(reason: &str) -> ImportError {
    ImportError::Unreadable(reason.to_owned())
}

fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> Result<String, ImportError> {
    let (pairs, rest) = bytes.as_chunks::<2>();
    if !rest.is_empty() {
        return Err(unreadable(
            "it is marked as UTF-16 but ends in the middle of a character",
        ));
    }
    char::decode_utf16(pairs.iter().map(|&pair| unit(pair)))
        .collect::<Result<String, _>>()
        .map_err(|_| unreadable("it is marked as UTF-16 but contains invalid characters"))
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

/// Decodes Windows-1252; the bytes 0x00–0x7F are ASCII and 0xA0–0xFF are Latin-1.
fn windows_1252(bytes: &[u8]) -> Result<String, ImportError> {
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
    for &b in bytes {
        let c = match b {
            0x80..=0x9F => CP1252_HIGH[usize::from(b - 0x80)].ok_or_else(|| {
                unreadable("it is neither UTF-8 nor Windows-1252 text; save it as \"CSV UTF-8\"")
            })?,
            _ => char::from(b),
        };
        text.push(c);
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_with_and_without_bom() {
        assert_eq!(decode(b"\xEF\xBB\xBFa,b").unwrap(), "a,b");
        assert_eq!(decode("café".as_bytes()).unwrap(), "café");
        assert!(matches!(
            decode("café".as_bytes()).unwrap(),
            Cow::Borrowed(_)
        ));
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
        assert_eq!(decode(&le).unwrap(), "é,€\r\n");
        assert_eq!(decode(&be).unwrap(), "é,€\r\n");
        assert!(matches!(
            decode(&le[..le.len() - 1]),
            Err(ImportError::Unreadable(_))
        ));
        assert!(matches!(
            decode(&[0xFF, 0xFE, 0x00, 0xD8]),
            Err(ImportError::Unreadable(_))
        ));
    }

    #[test]
    fn windows_1252_is_decoded_when_not_utf8() {
        assert_eq!(decode(b"caf\xE9 \x80 \x93q\x94").unwrap(), "café € “q”");
        assert!(matches!(
            decode(b"caf\xE9 \x81"),
            Err(ImportError::Unreadable(_))
        ));
    }

    #[test]
    fn binary_is_refused() {
        for bytes in [
            &b"PK\x03\x04\x14\x00\x06\x00"[..],
            b"a,b\x00c",
            b"a,b\x1Bc",
            b"\x89PNG\r\n\x1A\n",
            b"a\x7F",
            b"\xEF\xBB\xBFa\xFF",
        ] {
            assert!(
                matches!(decode(bytes), Err(ImportError::Unreadable(_))),
                "{bytes:?}"
            );
        }
        // UTF-16 without a byte-order mark is full of NULs.
        let no_bom: Vec<u8> = "a,b".encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert!(matches!(decode(&no_bom), Err(ImportError::Unreadable(_))));
    }
}

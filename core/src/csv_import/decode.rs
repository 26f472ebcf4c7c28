//! Turns the uploaded bytes into text ([`crate::text_decode`]), with the import's wording for
//! files that are not text.

use std::borrow::Cow;

use super::ImportError;
use super::scan::Survey;
use crate::text_decode::{DecodeError, decode_text_surveyed};

/// Why bytes that are not text are refused; shown inside the `Unreadable` message.
const BINARY: &str =
    "it contains binary data, not text; save the spreadsheet as \"CSV UTF-8\" and upload that";

/// The text of the file, without any byte-order mark, and what the pass over it found.
pub fn decode(bytes: &[u8]) -> Result<(Cow<'_, str>, Survey), ImportError> {
    // A zip (.xlsx, .ods) or an OLE compound file (.xls): a workbook saved under a .csv name.
    if bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]) {
        return Err(ImportError::Workbook);
    }
    decode_text_surveyed(bytes).map_err(|error| {
        let reason = match error {
            DecodeError::Binary => BINARY.to_owned(),
            DecodeError::UnknownEncoding => {
                "it is neither UTF-8 nor Windows-1252 text; save it as \"CSV UTF-8\"".to_owned()
            }
            other => other.to_string(),
        };
        ImportError::Unreadable(reason)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, ImportError> {
        super::decode(bytes).map(|(text, _)| text)
    }

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
            &b"a,b\x00c"[..],
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
        // Workbooks are named as such.
        for workbook in [
            &b"PK\x03\x04\x14\x00\x06\x00"[..],
            b"\xD0\xCF\x11\xE0\xA1\xB1",
        ] {
            assert_eq!(decode(workbook), Err(ImportError::Workbook));
        }
        // UTF-16 without a byte-order mark is full of NULs.
        let no_bom: Vec<u8> = "a,b".encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert!(matches!(decode(&no_bom), Err(ImportError::Unreadable(_))));
    }
}

//! Which character separates values: spreadsheet programs write commas, or semicolons where
//! the comma is the decimal mark (Excel in much of Europe and Africa), or tabs ("Unicode text",
//! "Text (tab delimited)"). The header row decides: the separator that splits it into the most
//! template column names wins, a comma on a tie, so a file is read the same way in the
//! browser and on the server.

use crate::import_template::COLUMNS;

use super::ImportError;

/// The separators read, in order of preference on a tie.
const READ: [u8; 3] = [b',', b';', b'\t'];
/// Separators recognised only to say what the file uses.
const NAMED_ONLY: [u8; 1] = [b'|'];

/// The separator of `input`'s header row (its first non-blank line); a comma when no
/// separator makes any template column out of it (the header check then says so).
pub fn detect(input: &[u8]) -> Result<u8, ImportError> {
    let header = input
        .split(|&b| b == b'\n')
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
        .find(|line| line.iter().any(|b| !b.is_ascii_whitespace()))
        .unwrap_or_default();
    let known = |separator: u8| {
        header
            .split(|&b| b == separator)
            .filter(|cell| {
                let name = String::from_utf8_lossy(cell);
                let name =
                    name.trim_matches(|c: char| c.is_whitespace() || c == '"' || c == '\u{FEFF}');
                COLUMNS.iter().any(|c| c.eq_ignore_ascii_case(name))
            })
            .count()
    };
    let mut best = (b',', 0);
    for separator in READ.into_iter().chain(NAMED_ONLY) {
        let count = known(separator);
        if count > best.1 {
            best = (separator, count);
        }
    }
    if NAMED_ONLY.contains(&best.0) {
        return Err(ImportError::OtherSeparator(char::from(best.0)));
    }
    Ok(best.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_decides() {
        assert_eq!(detect(b"company_name,job_title\nA;B,C\n"), Ok(b','));
        assert_eq!(
            detect(b"\r\n\r\ncompany_name;job_title;location\r\nA,1;B;C\r\n"),
            Ok(b';')
        );
        assert_eq!(
            detect(b"\"company_name\"\t\"job_title\"\nA\tB\n"),
            Ok(b'\t')
        );
        // A header naming no column is left to the header check.
        assert_eq!(detect(b"name;title\n"), Ok(b','));
        assert_eq!(detect(b""), Ok(b','));
        // A comma inside a column name does not make commas the separator.
        assert_eq!(detect(b"company_name;job_title;notes, misc\n"), Ok(b';'));
    }

    #[test]
    fn a_separator_not_read_is_named() {
        assert_eq!(
            detect(b"company_name|job_title|location\n"),
            Err(ImportError::OtherSeparator('|'))
        );
    }
}

//! Splits CSV text into records the way RFC 4180 and the `csv` crate read them (a property test
//! checks the two agree on random texts of quotes, separators and line ends): quoted values may
//! hold separators, doubled quotes and line breaks; a quote inside an unquoted value is a plain
//! character; text after a closing quote joins the value; `\r`, `\n` and `\r\n` end a record;
//! empty lines are not records.
//!
//! Built for files of tens of megabytes in the browser. Values end where bit masks of the next 64
//! bytes' separators and line ends, or quotes, say: one WebAssembly SIMD pass marks a run of short
//! values at once, where a search per value cost a call each. A value is copied only when its
//! quotes must be undone; every other value is a slice of the text.

use super::scan;

/// Where one value's text is.
#[derive(Debug, Clone, Copy)]
enum Value {
    /// `text[start..end]`.
    InText { start: usize, end: usize },
    /// `Record::unquoted[start..end]`: a quoted value with doubled quotes or text after its
    /// closing quote.
    Unquoted { start: usize, end: usize },
}

/// One record: its values, and the row a spreadsheet shows it on (the header is row 1).
#[derive(Debug)]
pub(super) struct Record<'t> {
    text: &'t str,
    values: Vec<Value>,
    unquoted: String,
    /// The row a spreadsheet shows (the header is 1): records and blank lines before it, plus one.
    pub row: usize,
    /// The text ended inside one of this record's quoted values.
    pub unclosed: bool,
    /// Where the record's text starts and ends (before its line end), in bytes.
    pub start: usize,
    pub end: usize,
}

impl<'t> Record<'t> {
    pub fn new(text: &'t str) -> Self {
        Self {
            text,
            values: Vec::new(),
            unquoted: String::new(),
            row: 0,
            unclosed: false,
            start: 0,
            end: 0,
        }
    }

    /// The value at `index`, as in the file less its quoting.
    pub fn get(&self, index: usize) -> Option<&str> {
        self.values.get(index).map(|value| match *value {
            Value::InText { start, end } => &self.text[start..end],
            Value::Unquoted { start, end } => &self.unquoted[start..end],
        })
    }

    pub fn iter(&self) -> impl Iterator<Item = &str> {
        (0..self.values.len()).filter_map(|index| self.get(index))
    }
}

/// Reads records one after another from a text whose values are separated by `separator`.
pub(super) struct Reader<'t> {
    text: &'t str,
    position: usize,
    separator: u8,
    /// Rows passed: records and blank lines.
    rows: usize,
    /// The last record ended with `\r`: a `\n` right after it belongs to that line end.
    after_cr: bool,
    /// Where unquoted values end: a separator or a line end.
    ends: Finder,
    /// Where quoted values end, or hold a doubled quote.
    quotes: Finder,
}

/// Finds the next of three bytes from a position with a bit mask of the 64 bytes from where it
/// last looked: a run of nearby finds (the ends of short values) costs one SIMD pass, where a
/// search per find cost a call each.
struct Finder {
    targets: [u8; 3],
    /// Bit `i` set where `text[at + i]` is a target.
    bits: u64,
    at: usize,
}

impl Finder {
    const fn new(targets: [u8; 3]) -> Self {
        Self {
            targets,
            bits: 0,
            at: usize::MAX,
        }
    }

    /// The first target at or after `from`, or the end of `bytes`.
    fn next(&mut self, bytes: &[u8], from: usize) -> usize {
        if !(self.at..self.at.saturating_add(64)).contains(&from) {
            self.mark(bytes, from);
        }
        let mut bits = self.bits & (u64::MAX << (from - self.at));
        while bits == 0 {
            let next = self.at + 64;
            if next >= bytes.len() {
                return bytes.len();
            }
            self.mark(bytes, next);
            bits = self.bits;
        }
        self.at + bits.trailing_zeros() as usize
    }

    /// Marks the targets among the 64 bytes from `at` (fewer at the end).
    fn mark(&mut self, bytes: &[u8], at: usize) {
        self.at = at;
        self.bits = scan::byte_mask_from(&bytes[at.min(bytes.len())..], self.targets);
    }
}

impl<'t> Reader<'t> {
    pub fn new(text: &'t str, separator: u8) -> Self {
        Self {
            text,
            position: 0,
            separator,
            rows: 0,
            after_cr: false,
            ends: Finder::new([separator, b'\n', b'\r']),
            quotes: Finder::new([b'"'; 3]),
        }
    }

    /// Where the next record starts, in bytes.
    pub fn position(&self) -> usize {
        self.position
    }

    /// Reads the next record into `record`; false, leaving it alone, at the end of the text.
    pub fn read(&mut self, record: &mut Record<'t>) -> bool {
        let bytes = self.text.as_bytes();
        // Line ends between records are blank lines (a `\r\n` is one).
        loop {
            match bytes.get(self.position) {
                None => return false,
                Some(b'\n') => {
                    self.rows += usize::from(!self.after_cr);
                    self.after_cr = false;
                }
                Some(b'\r') => {
                    self.rows += 1;
                    self.after_cr = true;
                }
                Some(_) => break,
            }
            self.position += 1;
        }
        self.rows += 1;
        record.values.clear();
        record.unquoted.clear();
        record.row = self.rows;
        record.unclosed = false;
        record.start = self.position;
        let mut at = self.position;
        loop {
            at = if bytes.get(at) == Some(&b'"') {
                self.quoted(at + 1, record)
            } else {
                let end = self.value_end(at);
                record.values.push(Value::InText { start: at, end });
                end
            };
            match bytes.get(at) {
                Some(&b) if b == self.separator => at += 1,
                Some(&b) => {
                    self.after_cr = b == b'\r';
                    self.position = at + 1;
                    record.end = at;
                    return true;
                }
                None => {
                    self.after_cr = false;
                    self.position = at;
                    record.end = at;
                    return true;
                }
            }
        }
    }

    /// The first separator or line end at or after `from`, or the end of the text.
    fn value_end(&mut self, from: usize) -> usize {
        self.ends.next(self.text.as_bytes(), from)
    }

    /// The first quote at or after `from`.
    fn quote_at(&mut self, from: usize) -> Option<usize> {
        let bytes = self.text.as_bytes();
        Some(self.quotes.next(bytes, from)).filter(|&at| at < bytes.len())
    }

    /// Reads the quoted value whose text starts at `start` (after its opening quote) into
    /// `record`; returns where the value ends (a separator, a line end or the end of the text).
    fn quoted(&mut self, start: usize, record: &mut Record<'t>) -> usize {
        let bytes = self.text.as_bytes();
        let Some(close) = self.quote_at(start) else {
            record.unclosed = true;
            record.values.push(Value::InText {
                start,
                end: bytes.len(),
            });
            return bytes.len();
        };
        let separator = self.separator;
        let is_end = |at: usize| bytes.get(at).is_none_or(|&b| is_value_end(b, separator));
        if is_end(close + 1) {
            record.values.push(Value::InText { start, end: close });
            return close + 1;
        }
        // Doubled quotes, or text after the closing quote: the value is written out.
        let first = record.unquoted.len();
        let mut from = start;
        let mut close = Some(close);
        let end = loop {
            let Some(quote) = close else {
                record.unclosed = true;
                record.unquoted.push_str(&self.text[from..]);
                break bytes.len();
            };
            record.unquoted.push_str(&self.text[from..quote]);
            if bytes.get(quote + 1) == Some(&b'"') {
                record.unquoted.push('"');
                from = quote + 2;
                close = self.quote_at(from);
            } else if is_end(quote + 1) {
                break quote + 1;
            } else {
                let end = self.value_end(quote + 1);
                record.unquoted.push_str(&self.text[quote + 1..end]);
                break end;
            }
        };
        record.values.push(Value::Unquoted {
            start: first,
            end: record.unquoted.len(),
        });
        end
    }
}

const fn is_value_end(byte: u8, separator: u8) -> bool {
    byte == separator || byte == b'\n' || byte == b'\r'
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every record of `text` as (row, values, unclosed).
    fn read_all(text: &str, separator: u8) -> Vec<(usize, Vec<String>, bool)> {
        let mut reader = Reader::new(text, separator);
        let mut record = Record::new(text);
        let mut records = Vec::new();
        while reader.read(&mut record) {
            records.push((
                record.row,
                record.iter().map(str::to_owned).collect(),
                record.unclosed,
            ));
        }
        records
    }

    fn values(text: &str) -> Vec<Vec<String>> {
        read_all(text, b',')
            .into_iter()
            .map(|(_, v, _)| v)
            .collect()
    }

    #[test]
    fn quotes_are_undone_as_rfc_4180_says() {
        assert_eq!(values("a,\"b,c\",\"d\"\"e\"\n"), [["a", "b,c", "d\"e"]]);
        assert_eq!(values("\"multi\nline\",x"), [["multi\nline", "x"]]);
        assert_eq!(values("\"\"\"\",\"\""), [["\"", ""]]);
        // A quote inside an unquoted value is a character; text after a closing quote joins.
        assert_eq!(
            values("5\" screen,\"ab\"cd,\"e\"\"f\"g"),
            [["5\" screen", "abcd", "e\"fg"]]
        );
        assert_eq!(values(" \"x\",y"), [[" \"x\"", "y"]]);
    }

    #[test]
    fn rows_count_records_and_blank_lines_for_every_line_end() {
        let rows = |text: &str| -> Vec<usize> {
            read_all(text, b',')
                .into_iter()
                .map(|(row, _, _)| row)
                .collect()
        };
        assert_eq!(rows("h\na\n\n\nb\n"), [1, 2, 5]);
        assert_eq!(rows("h\r\na\r\n\r\nb"), [1, 2, 4]);
        assert_eq!(rows("h\ra\r\rb\r"), [1, 2, 4]);
        assert_eq!(rows("\n\nh\n\"x\ny\"\nz"), [3, 4, 5]);
        assert_eq!(rows("h\n\r\nb"), [1, 3]);
    }

    #[test]
    fn separators_and_empty_values_are_kept() {
        let semicolons: Vec<Vec<String>> = read_all("a;b;\n;;", b';')
            .into_iter()
            .map(|(_, v, _)| v)
            .collect();
        assert_eq!(semicolons, [["a", "b", ""], ["", "", ""]]);
        assert_eq!(read_all("a\tb,c", b'\t')[0].1, ["a", "b,c"]);
        assert_eq!(values("a,"), [["a", ""]]);
        assert!(values("").is_empty() && values("\r\n\n").is_empty());
    }

    #[test]
    fn a_quote_left_open_takes_the_rest_of_the_text() {
        assert_eq!(
            read_all("h\n\"open,\nrest", b','),
            [
                (1, vec!["h".to_owned()], false),
                (2, vec!["open,\nrest".to_owned()], true)
            ]
        );
        assert!(read_all("\"ab\"\"", b',')[0].2);
        assert!(!read_all("\"ab\"\"\"", b',')[0].2);
    }

    /// Each record as the `csv` crate reads it, with its row: the records and blank lines
    /// before it, found from where the crate says each record ended.
    fn csv_crate_records(text: &str, separator: u8) -> Vec<(usize, Vec<String>)> {
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(separator)
            .has_headers(false)
            .flexible(true)
            .from_reader(text.as_bytes());
        let bytes = text.as_bytes();
        let mut records = Vec::new();
        let (mut end, mut row) = (0, 0);
        let mut record = csv::StringRecord::new();
        while reader.read_record(&mut record).unwrap() {
            // The line ends at the front of the record's bytes, a `\r\n` counted once and a
            // `\n` that completes the previous record's `\r` not at all.
            let run = bytes[end..]
                .iter()
                .take_while(|&&b| b == b'\r' || b == b'\n')
                .count();
            let mut blank = (0..run)
                .filter(|&i| bytes[end + i] == b'\n' || bytes.get(end + i + 1) != Some(&b'\n'))
                .count();
            if run > 0 && bytes[end] == b'\n' && end > 0 && bytes[end - 1] == b'\r' {
                blank -= 1;
            }
            row += 1 + blank;
            end = usize::try_from(reader.position().byte()).unwrap();
            records.push((row, record.iter().map(str::to_owned).collect()));
        }
        records
    }

    proptest::proptest! {
        #[test]
        fn records_and_rows_are_the_csv_crates(
            // Dense structure, and values longer than the reader's 64-byte search.
            text in proptest::prop_oneof![
                proptest::string::string_regex("[ab,;\"\r\n é]{0,200}").unwrap(),
                proptest::string::string_regex("([ab é]{0,150}[,;\"\r\n]){0,6}").unwrap(),
            ],
            semicolon in proptest::bool::ANY,
        ) {
            let separator = if semicolon { b';' } else { b',' };
            let ours: Vec<(usize, Vec<String>)> = read_all(&text, separator)
                .into_iter()
                .map(|(row, values, _)| (row, values))
                .collect();
            proptest::prop_assert_eq!(ours, csv_crate_records(&text, separator));
        }
    }
}

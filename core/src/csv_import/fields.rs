//! Parsers for single cells: job type, decimals, whole numbers and list columns.

use crate::job_type::JobType;

/// The canonical spelling of a job type, matched case-insensitively ("full-TIME" → "Full-time").
pub fn canonical_job_type(cell: &str) -> Option<&'static str> {
    JobType::parse(cell).map(JobType::label)
}

/// Why a salary cell was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecimalIssue {
    NotANumber,
    Negative,
}

/// A non-negative decimal: `1500`, `1500.50`, or with thousands commas `1,500` / `1,500.50`.
///
/// Commas must group exactly three digits, so the European `1,5` is refused rather than read as 15.
/// No exponents, currency signs, `inf` or `NaN`.
pub fn parse_decimal(cell: &str) -> Result<f64, DecimalIssue> {
    if let Some(rest) = cell.strip_prefix('-') {
        return match parse_decimal(rest) {
            Ok(_) => Err(DecimalIssue::Negative),
            Err(_) => Err(DecimalIssue::NotANumber),
        };
    }
    if let Some(value) = whole_amount(cell) {
        return Ok(value);
    }
    let (int, frac) = match cell.split_once('.') {
        Some((int, frac)) => (int, Some(frac)),
        None => (cell, None),
    };
    if let Some(frac) = frac
        && (frac.is_empty() || !frac.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(DecimalIssue::NotANumber);
    }
    if !valid_integer_part(int) {
        return Err(DecimalIssue::NotANumber);
    }
    let value: f64 = if int.contains(',') {
        cell.replace(',', "").parse()
    } else {
        cell.parse()
    }
    .map_err(|_| DecimalIssue::NotANumber)?;
    if value.is_finite() {
        Ok(value)
    } else {
        Err(DecimalIssue::NotANumber)
    }
}

/// The usual salary: a whole amount of at most 15 digits (exact in an `f64`), with or without
/// thousands commas as [`valid_integer_part`] allows them, read digit by digit in one pass
/// instead of through the float parser.
fn whole_amount(cell: &str) -> Option<f64> {
    let bytes = cell.as_bytes();
    if bytes.len() > 20 {
        return None;
    }
    let (mut value, mut digits) = (0_u64, 0_u32);
    // Digits since the last comma; `None` before the first comma.
    let mut group: Option<u32> = None;
    for &b in bytes {
        match b {
            b'0'..=b'9' => {
                // Wraps only past 15 digits, which are refused below.
                value = value.wrapping_mul(10).wrapping_add(u64::from(b - b'0'));
                digits += 1;
                if let Some(group) = group.as_mut() {
                    *group += 1;
                }
            }
            b',' if group.map_or((1..=3).contains(&digits), |group| group == 3) => {
                group = Some(0);
            }
            _ => return None,
        }
    }
    if digits == 0 || digits > 15 || group.is_some_and(|group| group != 3) {
        return None;
    }
    #[allow(clippy::cast_precision_loss)] // below 10^15 < 2^53: exact
    Some(value as f64)
}

/// Digits, optionally grouped by commas in threes: `1500`, `1,500`, `12,345,678`.
fn valid_integer_part(int: &str) -> bool {
    if int.is_empty() {
        return false;
    }
    if !int.contains(',') {
        return int.bytes().all(|b| b.is_ascii_digit());
    }
    let mut groups = int.split(',');
    let first = groups.next().unwrap_or_default();
    (1..=3).contains(&first.len())
        && first.bytes().all(|b| b.is_ascii_digit())
        && groups.all(|g| g.len() == 3 && g.bytes().all(|b| b.is_ascii_digit()))
}

/// A non-negative whole number such as `3`; `3.5`, `-1` and `three` are refused.
pub fn parse_whole_number(cell: &str) -> Option<i64> {
    if cell.is_empty() || !cell.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    cell.parse().ok()
}

/// A list cell split on semicolons: entries trimmed, empties dropped, duplicates (ignoring case)
/// dropped keeping the first spelling.
pub fn parse_list(cell: &str) -> Vec<String> {
    let mut items: Vec<String> = Vec::new();
    for item in cell.split(';').map(str::trim).filter(|s| !s.is_empty()) {
        if !items.iter().any(|seen| same_ignoring_case(seen, item)) {
            items.push(item.to_owned());
        }
    }
    items
}

fn same_ignoring_case(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        a.eq_ignore_ascii_case(b)
    } else {
        a.chars()
            .flat_map(char::to_lowercase)
            .eq(b.chars().flat_map(char::to_lowercase))
    }
}

/// `Some(text)` for a non-empty cell, `None` for an empty one.
pub fn optional_text(cell: &str) -> Option<String> {
    (!cell.is_empty()).then(|| cell.to_owned())
}

/// Prepares a cell for CSV export: text starting with `=`, `+`, `-`, `@`, a tab or a carriage
/// return gets a leading `'` so spreadsheets show it as text instead of running it as a formula
/// (CSV injection). Quoting of commas, quotes and line breaks is left to the CSV writer.
pub fn csv_safe_cell(cell: &str) -> String {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        let mut safe = String::with_capacity(cell.len() + 1);
        safe.push('\'');
        safe.push_str(cell);
        safe
    } else {
        cell.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn job_types_match_ignoring_case_and_come_back_canonical() {
        assert_eq!(canonical_job_type("full-time"), Some("Full-time"));
        assert_eq!(canonical_job_type("PART-TIME"), Some("Part-time"));
        assert_eq!(canonical_job_type("contract"), Some("Contract"));
        assert_eq!(canonical_job_type("Remote"), Some("Remote"));
        assert_eq!(canonical_job_type("Full time"), None);
        assert_eq!(canonical_job_type("Internship"), None);
        assert_eq!(canonical_job_type(""), None);
    }

    #[test]
    fn decimals_accept_plain_fractional_and_grouped_numbers() {
        assert_eq!(parse_decimal("1500"), Ok(1500.0));
        assert_eq!(parse_decimal("1500.50"), Ok(1500.5));
        assert_eq!(parse_decimal("1,500"), Ok(1500.0));
        assert_eq!(parse_decimal("12,345,678.9"), Ok(12_345_678.9));
        assert_eq!(parse_decimal("0"), Ok(0.0));
        assert_eq!(parse_decimal("007"), Ok(7.0));
    }

    #[test]
    fn decimals_refuse_everything_else() {
        for bad in [
            "abc", "", ".", "1.", ".5", "1,5", "1,50", "1500,00", ",500", "1,,500", "1 500",
            "$1500", "1e5", "inf", "NaN", "+5", "1.2.3", "١٢",
        ] {
            assert_eq!(parse_decimal(bad), Err(DecimalIssue::NotANumber), "{bad:?}");
        }
        assert_eq!(parse_decimal("-5"), Err(DecimalIssue::Negative));
        assert_eq!(parse_decimal("-abc"), Err(DecimalIssue::NotANumber));
        assert_eq!(
            parse_decimal(&"9".repeat(400)),
            Err(DecimalIssue::NotANumber)
        );
    }

    proptest::proptest! {
        #[test]
        fn whole_amounts_read_as_the_float_parser_reads_them(n in 0_u64..10_u64.pow(17), grouped: bool) {
            let plain = n.to_string();
            let cell = if grouped { crate::format::group_thousands(n) } else { plain.clone() };
            proptest::prop_assert_eq!(parse_decimal(&cell), Ok(plain.parse::<f64>().unwrap()));
        }
    }

    proptest::proptest! {
        #[test]
        fn the_quick_whole_amount_takes_only_valid_integers(
            // Any digits and commas, and groups of nearly three digits.
            cell in proptest::prop_oneof!["[0-9,]{0,22}", "[0-9]{0,4}(,[0-9]{2,4}){0,5}"],
        ) {
            let digits = cell.bytes().filter(u8::is_ascii_digit).count();
            let want = (cell.len() <= 20 && digits <= 15 && valid_integer_part(&cell))
                .then(|| cell.replace(',', "").parse::<f64>().unwrap());
            proptest::prop_assert_eq!(whole_amount(&cell), want);
        }
    }

    #[test]
    fn whole_numbers_are_non_negative_integers() {
        assert_eq!(parse_whole_number("3"), Some(3));
        assert_eq!(parse_whole_number("0"), Some(0));
        for bad in ["3.5", "-1", "+1", "three", "", "99999999999999999999"] {
            assert_eq!(parse_whole_number(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn lists_are_split_trimmed_and_deduplicated_ignoring_case() {
        assert_eq!(
            parse_list(" SQL ; python;; Python ;SQL; Power BI ;"),
            ["SQL", "python", "Power BI"]
        );
        assert_eq!(parse_list("Éclair; éCLAIR"), ["Éclair"]);
        assert!(parse_list(" ; ;").is_empty());
    }

    #[test]
    fn safe_cells_quote_formula_starts_only() {
        assert_eq!(csv_safe_cell("=1+1"), "'=1+1");
        assert_eq!(csv_safe_cell("+27 11"), "'+27 11");
        assert_eq!(csv_safe_cell("-5"), "'-5");
        assert_eq!(csv_safe_cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(csv_safe_cell("\tx"), "'\tx");
        assert_eq!(csv_safe_cell("\rx"), "'\rx");
        assert_eq!(csv_safe_cell("a=b"), "a=b");
        assert_eq!(csv_safe_cell(""), "");
    }
}

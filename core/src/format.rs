//! Display formats shared by the job card and the application list:
//! salary ranges and dates (spec, candidate side §2 "Job card").
//!
//! Dates are computed from Unix milliseconds with the civil-from-days algorithm,
//! always in UTC, so the browser and the server print the same day without a
//! time-zone database.

/// English month abbreviations, January first.
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

const MS_PER_DAY: i64 = 86_400_000;

/// The card's salary line.
///
/// - both bounds: "$1,500 - $2,500" (given in either order, shown low to high;
///   equal bounds show one amount, "$2,000");
/// - only a minimum: "From $1,500"; only a maximum: "Up to $2,500";
/// - neither: "Salary not specified".
///
/// A bound that is zero, negative or not a number counts as absent: employers
/// leave the field empty or at 0 to mean "not said", and "$0" would mislead.
pub fn format_salary_range(min: Option<f64>, max: Option<f64>) -> String {
    let given = |v: Option<f64>| v.filter(|x| x.is_finite() && *x > 0.0);
    match (given(min), given(max)) {
        (Some(a), Some(b)) => {
            let (low, high) = if a <= b { (a, b) } else { (b, a) };
            if format_dollars(low) == format_dollars(high) {
                format_dollars(low)
            } else {
                format!("{} - {}", format_dollars(low), format_dollars(high))
            }
        }
        (Some(low), None) => format!("From {}", format_dollars(low)),
        (None, Some(high)) => format!("Up to {}", format_dollars(high)),
        (None, None) => "Salary not specified".to_string(),
    }
}

/// An amount in dollars with thousands separators: "$1,500", or "$1,500.50"
/// when it has cents (rounded to the cent). Negative amounts keep their sign: "-$20".
pub fn format_dollars(amount: f64) -> String {
    if !amount.is_finite() {
        return "$0".to_string();
    }
    let cents_total = (amount.abs() * 100.0).round();
    // f64 holds integers exactly up to 2^53 cents, far beyond any salary.
    let cents_total = cents_total as u64;
    let whole = cents_total / 100;
    let cents = cents_total % 100;
    let sign = if amount < 0.0 && cents_total > 0 {
        "-"
    } else {
        ""
    };
    let whole = group_thousands(whole);
    if cents == 0 {
        format!("{sign}${whole}")
    } else {
        format!("{sign}${whole}.{cents:02}")
    }
}

/// "1234567" → "1,234,567".
pub fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The card's posted line, "Posted Mar 5, 2025" (MMM d, yyyy in UTC).
pub fn format_posted(posted_at_ms: i64) -> String {
    format!("Posted {}", format_date(posted_at_ms))
}

/// A date as "Mar 5, 2025" (MMM d, yyyy in UTC) from Unix milliseconds.
pub fn format_date(unix_ms: i64) -> String {
    let (year, month, day) = civil_from_unix_ms(unix_ms);
    format!("{} {day}, {year}", MONTHS[(month - 1) as usize])
}

/// A file's size in KB with one decimal, thousands grouped (spec, candidate §9: "Document size
/// is shown in KB"): 35021 → "34.2 KB", 10 MiB → "10,240.0 KB" (1 KB = 1024 bytes). Halves
/// round up; the web app's copy (`web/src/lib/file-size.ts`) does the same in whole tenths.
#[must_use]
pub fn file_size_text(bytes: u64) -> String {
    // Tenths of a KB, rounded half up, in integers so no float tie can round either way.
    let tenths = (u128::from(bytes) * 10 + 512) / 1024;
    let whole = u64::try_from(tenths / 10).unwrap_or(u64::MAX);
    format!("{}.{} KB", group_thousands(whole), tenths % 10)
}

/// Text made safe inside HTML elements and quoted attributes.
#[must_use]
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// (year, month 1–12, day 1–31) in UTC for Unix milliseconds; instants before
/// 1970 count back correctly (floor division, not truncation).
pub fn civil_from_unix_ms(unix_ms: i64) -> (i64, u32, u32) {
    civil_from_days(unix_ms.div_euclid(MS_PER_DAY))
}

/// Howard Hinnant's `civil_from_days`: days since 1970-01-01 to a proleptic
/// Gregorian (year, month, day). See <https://howardhinnant.github.io/date_algorithms.html>.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097); // [0, 146096]
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365; // [0, 399]
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // [0, 365]
    let mp = (5 * doy + 2) / 153; // [0, 11], March first
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32; // [1, 31]
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32; // [1, 12]
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_sizes_read_in_kb_with_one_decimal() {
        assert_eq!(file_size_text(0), "0.0 KB");
        assert_eq!(file_size_text(100), "0.1 KB");
        assert_eq!(file_size_text(1024), "1.0 KB");
        assert_eq!(file_size_text(1536), "1.5 KB");
        assert_eq!(file_size_text(35_021), "34.2 KB");
        // 51.2 bytes is a twentieth of a KB: 52 is just over, 51 just under.
        assert_eq!(file_size_text(52), "0.1 KB");
        assert_eq!(file_size_text(51), "0.0 KB");
        assert_eq!(file_size_text(10 * 1024 * 1024), "10,240.0 KB");
    }
    use test_case::test_case;

    #[test_case(Some(1500.0), Some(2500.0), "$1,500 - $2,500" ; "range")]
    #[test_case(Some(2500.0), Some(1500.0), "$1,500 - $2,500" ; "swapped bounds shown low to high")]
    #[test_case(Some(2000.0), Some(2000.0), "$2,000" ; "equal bounds")]
    #[test_case(Some(1500.0), None, "From $1,500" ; "only a minimum")]
    #[test_case(None, Some(2500.0), "Up to $2,500" ; "only a maximum")]
    #[test_case(None, None, "Salary not specified" ; "neither")]
    #[test_case(Some(0.0), Some(0.0), "Salary not specified" ; "zeros mean not said")]
    #[test_case(Some(0.0), Some(900.0), "Up to $900" ; "zero minimum")]
    #[test_case(Some(f64::NAN), Some(-5.0), "Salary not specified" ; "nonsense bounds")]
    #[test_case(Some(1_250_000.0), Some(1_500_000.5), "$1,250,000 - $1,500,000.50" ; "millions and cents")]
    fn salary_range(min: Option<f64>, max: Option<f64>, expected: &str) {
        assert_eq!(format_salary_range(min, max), expected);
    }

    #[test_case(0.0, "$0")]
    #[test_case(999.0, "$999")]
    #[test_case(1000.0, "$1,000")]
    #[test_case(12_345.678, "$12,345.68")]
    #[test_case(0.5, "$0.50")]
    #[test_case(-20.0, "-$20")]
    #[test_case(100_000.0, "$100,000")]
    fn dollars(amount: f64, expected: &str) {
        assert_eq!(format_dollars(amount), expected);
    }

    #[test_case(0, "Posted Jan 1, 1970" ; "epoch")]
    #[test_case(1_741_132_800_000, "Posted Mar 5, 2025" ; "spec example")]
    #[test_case(1_741_219_199_999, "Posted Mar 5, 2025" ; "last millisecond of the day")]
    #[test_case(1_709_164_800_000, "Posted Feb 29, 2024" ; "leap day")]
    #[test_case(951_782_400_000, "Posted Feb 29, 2000" ; "leap day of a 400 year")]
    #[test_case(1_735_689_599_999, "Posted Dec 31, 2024" ; "year end")]
    #[test_case(-1, "Posted Dec 31, 1969" ; "just before the epoch")]
    #[test_case(-86_400_000, "Posted Dec 31, 1969" ; "one day before the epoch")]
    fn posted(ms: i64, expected: &str) {
        assert_eq!(format_posted(ms), expected);
    }

    #[test]
    fn civil_dates_round_trip_day_by_day_across_four_centuries() {
        // Walk every day from 1900 to 2300 and check the calendar advances by one.
        let start = civil_from_days(-25_567);
        assert_eq!(start, (1900, 1, 1));
        let mut previous = start;
        for days in -25_566..120_000 {
            let (y, m, d) = civil_from_days(days);
            let (py, pm, pd) = previous;
            let next_day = y == py && m == pm && d == pd + 1;
            let next_month = y == py && m == pm + 1 && d == 1;
            let next_year = y == py + 1 && m == 1 && d == 1 && pm == 12 && pd == 31;
            assert!(
                next_day || next_month || next_year,
                "{previous:?} -> {:?}",
                (y, m, d)
            );
            previous = (y, m, d);
        }
    }

    #[test]
    fn extreme_instants_do_not_panic() {
        let _ = format_posted(i64::MAX);
        let _ = format_posted(i64::MIN);
    }
}

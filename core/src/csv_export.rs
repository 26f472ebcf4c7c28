//! The employer's applications as a CSV file for spreadsheets.
//!
//! Every text cell goes through [`csv_safe_cell`]: a candidate's name or an employer's
//! comment starting with `=`, `+`, `-`, `@`, a tab or a carriage return would otherwise
//! run as a formula when the file is opened (CSV injection, OWASP's rule). Quoting of
//! commas, quotes and line breaks is the `csv` writer's.

use crate::csv_import::csv_safe_cell;
use crate::format::civil_from_unix_ms;

/// The header row, in column order.
pub const HEADER: [&str; 8] = [
    "Job title",
    "Candidate name",
    "Email",
    "Status",
    "Fit score (%)",
    "Applied at (UTC)",
    "Feedback to candidate",
    "Private note",
];

/// One application, as the export shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct ApplicationRow {
    pub job_title: String,
    pub candidate_name: String,
    pub email: String,
    pub status: String,
    /// 0–100.
    pub fit_score: f64,
    /// Unix milliseconds.
    pub applied_at_ms: i64,
    /// What the candidate was told.
    pub comment: Option<String>,
    /// The employer's team's own note.
    pub private_note: Option<String>,
}

/// The CSV text (header first, CRLF line ends as RFC 4180 and spreadsheets expect).
pub fn applications_csv(rows: &[ApplicationRow]) -> String {
    to_csv(
        HEADER,
        rows.iter().map(|row| {
            [
                csv_safe_cell(&row.job_title),
                csv_safe_cell(&row.candidate_name),
                csv_safe_cell(&row.email),
                csv_safe_cell(&row.status),
                format_score(row.fit_score),
                iso_utc(row.applied_at_ms),
                csv_safe_cell(row.comment.as_deref().unwrap_or_default()),
                csv_safe_cell(row.private_note.as_deref().unwrap_or_default()),
            ]
        }),
    )
}

/// `header`, then `rows` (cells made safe by the caller), as CSV text with CRLF line ends.
pub(crate) fn to_csv<const N: usize>(
    header: [&str; N],
    rows: impl IntoIterator<Item = [String; N]>,
) -> String {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    writer
        .write_record(header)
        .expect("writing to memory cannot fail");
    for row in rows {
        writer
            .write_record(row)
            .expect("writing to memory cannot fail");
    }
    let bytes = writer.into_inner().expect("writing to memory cannot fail");
    String::from_utf8(bytes).expect("the cells are UTF-8")
}

/// A score with at most one decimal: "85", "72.5".
fn format_score(score: f64) -> String {
    let rounded = (score * 10.0).round() / 10.0;
    if rounded.fract() == 0.0 {
        format!("{rounded:.0}")
    } else {
        format!("{rounded:.1}")
    }
}

/// "2025-03-05T14:07:09Z": an ISO 8601 instant spreadsheets read as a date and time.
/// `unix_ms` as ISO 8601 in UTC, as spreadsheets read it.
pub(crate) fn iso_utc(unix_ms: i64) -> String {
    const MS_PER_DAY: i64 = 86_400_000;
    let (year, month, day) = civil_from_unix_ms(unix_ms);
    let secs = unix_ms.rem_euclid(MS_PER_DAY) / 1000;
    let (hour, minute, second) = (secs / 3600, secs / 60 % 60, secs % 60);
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}Z")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, comment: Option<&str>) -> ApplicationRow {
        ApplicationRow {
            job_title: "Data Analyst".into(),
            candidate_name: name.into(),
            email: "tendai@example.com".into(),
            status: "applied".into(),
            fit_score: 72.46,
            applied_at_ms: 1_741_183_629_000,
            comment: comment.map(str::to_owned),
            private_note: Some("=call back".into()),
        }
    }

    fn records(csv_text: &str) -> Vec<Vec<String>> {
        csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(csv_text.as_bytes())
            .records()
            .map(|r| r.unwrap().iter().map(str::to_owned).collect())
            .collect()
    }

    #[test]
    fn a_row_has_every_column_in_order() {
        let text = applications_csv(&[row("Tendai Moyo", Some("Strong SQL"))]);
        assert!(text.starts_with("Job title,Candidate name,Email,Status,"));
        assert!(text.ends_with("\r\n"));
        assert_eq!(
            records(&text)[1],
            [
                "Data Analyst",
                "Tendai Moyo",
                "tendai@example.com",
                "applied",
                "72.5",
                "2025-03-05T14:07:09Z",
                "Strong SQL",
                "'=call back"
            ]
        );
    }

    #[test]
    fn formula_starts_are_exported_as_text() {
        let text = applications_csv(&[
            row("=HYPERLINK(\"http://x\")", Some("+cmd|' /C calc'!A0")),
            row("@SUM(A1)", Some("-2+3")),
            row("\tTab", Some("\rReturn")),
        ]);
        let rows = records(&text);
        assert_eq!(rows[1][1], "'=HYPERLINK(\"http://x\")");
        assert_eq!(rows[1][6], "'+cmd|' /C calc'!A0");
        assert_eq!(rows[2][1], "'@SUM(A1)");
        assert_eq!(rows[2][6], "'-2+3");
        assert_eq!(rows[3][1], "'\tTab");
        assert_eq!(rows[3][6], "'\rReturn");
    }

    #[test]
    fn commas_quotes_and_line_breaks_stay_inside_their_cell() {
        let text = applications_csv(&[row("Moyo, \"T\"", Some("line one\nline two"))]);
        let rows = records(&text);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[1][1], "Moyo, \"T\"");
        assert_eq!(rows[1][6], "line one\nline two");
    }

    #[test]
    fn no_comment_is_an_empty_cell_and_whole_scores_have_no_decimal() {
        let mut r = row("A", None);
        r.fit_score = 85.0;
        let rows = records(&applications_csv(&[r]));
        assert_eq!(rows[1][4], "85");
        assert_eq!(rows[1][6], "");
    }

    #[test]
    fn no_rows_is_the_header_alone() {
        assert_eq!(records(&applications_csv(&[])), [HEADER.map(str::to_owned)]);
    }
}

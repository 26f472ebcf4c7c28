//! A company's log, as its admins read and export it: what each recorded event is called, and
//! the CSV file of the log. Every view of a candidate's documents, every export, every decision
//! and every change to the team is in it, under the member who did it.

use crate::csv_export::{iso_utc, to_csv};
use crate::csv_import::csv_safe_cell;

/// Entries per page when the client names no limit.
pub const DEFAULT_LIMIT: i64 = 50;
/// The most entries one page holds.
pub const MAX_LIMIT: i64 = 200;

/// The events of a company's log and what the log calls each.
pub const EVENTS: [(&str, &str); 26] = [
    ("document_download", "Downloaded a candidate's document"),
    ("document_viewed", "Read a candidate's document"),
    ("applications_exported", "Exported applications"),
    ("audit_log_exported", "Exported this log"),
    ("application_stage_changed", "Moved an applicant"),
    ("application_status_changed", "Decided on an applicant"),
    (
        "application_notes_changed",
        "Wrote a note or feedback on an applicant",
    ),
    ("application_removed", "Removed an applicant from the list"),
    (
        "application_reconsidered",
        "Reconsidered a rejected applicant",
    ),
    ("interview_proposed", "Proposed interview times"),
    ("interview_cancelled", "Called off an interview"),
    ("scorecard_written", "Wrote a scorecard"),
    (
        "scorecard_criteria_changed",
        "Changed a job's scorecard criteria",
    ),
    ("hiring_team_changed", "Changed a job's hiring team"),
    ("job_status_changed", "Opened or closed a job"),
    ("job_deleted", "Deleted a job"),
    ("jobs_imported", "Imported jobs"),
    ("job_stage_added", "Added a pipeline stage"),
    ("job_stage_renamed", "Renamed a pipeline stage"),
    ("job_stage_removed", "Removed a pipeline stage"),
    ("team_member_invited", "Invited someone to the team"),
    ("team_invitation_withdrawn", "Withdrew an invitation"),
    ("team_joined", "Joined the team"),
    ("team_role_changed", "Changed a member's role"),
    ("team_member_removed", "Removed a member"),
    (
        "rejected_applications_released",
        "Released rejected applications after the retention period",
    ),
];

/// What the log calls `event`; the key itself for one it does not know.
#[must_use]
pub fn label(event: &str) -> &str {
    EVENTS
        .iter()
        .find(|(key, _)| *key == event)
        .map_or(event, |(_, label)| label)
}

/// The header row of the exported log.
pub const HEADER: [&str; 6] = [
    "When (UTC)",
    "Member",
    "Member's e-mail",
    "What",
    "Subject",
    "Detail",
];

/// One entry as the export writes it.
#[derive(Debug, Clone, PartialEq)]
pub struct LogRow {
    pub at_ms: i64,
    pub member_name: String,
    pub member_email: String,
    pub event: String,
    pub subject: String,
    /// The entry's detail as JSON text.
    pub detail: String,
}

/// The CSV text of the log (header first, CRLF line ends), every text cell formula-safe.
#[must_use]
pub fn log_csv(rows: &[LogRow]) -> String {
    to_csv(
        HEADER,
        rows.iter().map(|row| {
            [
                iso_utc(row.at_ms),
                csv_safe_cell(&row.member_name),
                csv_safe_cell(&row.member_email),
                csv_safe_cell(label(&row.event)),
                csv_safe_cell(&row.subject),
                csv_safe_cell(&row.detail),
            ]
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_event_has_one_label() {
        for (i, (key, _)) in EVENTS.iter().enumerate() {
            assert!(EVENTS[..i].iter().all(|(k, _)| k != key), "{key} twice");
        }
        assert_eq!(label("scorecard_written"), "Wrote a scorecard");
        assert_eq!(label("something_new"), "something_new");
    }

    #[test]
    fn the_export_is_formula_safe_with_utc_times() {
        let csv = log_csv(&[LogRow {
            at_ms: 1_764_547_200_000 + 3_723_000,
            member_name: "=HYPERLINK(\"x\")".into(),
            member_email: "dr.moyo@example.com".into(),
            event: "document_download".into(),
            subject: "doc-1".into(),
            detail: "{\"application\":\"a-1\"}".into(),
        }]);
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(
            lines[0],
            "When (UTC),Member,Member's e-mail,What,Subject,Detail"
        );
        assert!(
            lines[1].starts_with("2025-12-01T01:02:03Z,"),
            "{}",
            lines[1]
        );
        assert!(lines[1].contains("'=HYPERLINK"), "{}", lines[1]);
        assert!(lines[1].contains("Downloaded a candidate's document"));
    }
}

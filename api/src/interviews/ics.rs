//! The interview as an iCalendar event (RFC 5545, with RFC 5546's METHOD so mail programs
//! offer to add or remove it): one UID for the application's interview, a SEQUENCE raised by
//! each change, times in UTC.

use chrono::{TimeZone, Utc};
use icalendar::{Attendee, Calendar, Component, Event, EventLike, EventStatus, Property};

use jobtap_core::interview_invite::Place;

/// What the event says.
pub struct Facts<'a> {
    pub uid: &'a str,
    pub sequence: u32,
    /// Epoch milliseconds.
    pub start: i64,
    pub end: i64,
    /// When this version was made (DTSTAMP).
    pub stamp: i64,
    pub job_title: &'a str,
    pub company_name: &'a str,
    pub place: &'a Place,
    /// The employer's account, who organizes it.
    pub organizer_email: &'a str,
    pub candidate_name: &'a str,
    pub candidate_email: &'a str,
    /// The app's page of the application, for the description.
    pub link: &'a str,
    /// A cancellation (METHOD:CANCEL, STATUS:CANCELLED) rather than the event itself.
    pub cancelled: bool,
}

/// The content type of the file, with its method, as a mail attachment or a download.
pub fn content_type(cancelled: bool) -> &'static str {
    if cancelled {
        "text/calendar; charset=utf-8; method=CANCEL"
    } else {
        "text/calendar; charset=utf-8; method=REQUEST"
    }
}

/// The file's name.
pub const FILE_NAME: &str = "interview.ics";

/// The calendar file of the interview.
pub fn calendar(facts: &Facts<'_>) -> String {
    let utc = |ms: i64| Utc.timestamp_millis_opt(ms).single().unwrap_or_default();
    let mut event = Event::new();
    event
        .uid(facts.uid)
        .sequence(facts.sequence)
        .timestamp(utc(facts.stamp))
        .starts(utc(facts.start))
        .ends(utc(facts.end))
        .summary(&format!(
            "Interview: {} at {}",
            facts.job_title.trim(),
            facts.company_name.trim()
        ))
        .description(&format!(
            "Your interview for {} at {}. The application: {}",
            facts.job_title.trim(),
            facts.company_name.trim(),
            facts.link
        ))
        // Stored places are one line (core's `place`); places stored before that rule are
        // made one here, so no line of theirs can become a property of the event.
        .location(&one_line(facts.place.text()))
        .status(if facts.cancelled {
            EventStatus::Cancelled
        } else {
            EventStatus::Confirmed
        });
    if let Place::Link(link) = facts.place {
        event.url(link);
    }
    event.append_property(
        Property::new("ORGANIZER", format!("mailto:{}", facts.organizer_email))
            .add_parameter("CN", &param_text(facts.company_name))
            .done(),
    );
    let mut attendee = Attendee::new(format!("mailto:{}", facts.candidate_email)).rsvp(false);
    let name = param_text(facts.candidate_name);
    if !name.is_empty() {
        attendee = attendee.cn(name);
    }
    event.attendee(attendee);
    // `Calendar::new()` brings the library's own PRODID, and RFC 5545 allows one.
    Calendar::empty()
        .append_property(("VERSION", "2.0"))
        .append_property(("PRODID", "-//JobTap//Interviews//EN"))
        .append_property(("CALSCALE", "GREGORIAN"))
        .append_property(("METHOD", if facts.cancelled { "CANCEL" } else { "REQUEST" }))
        .push(event.done())
        .done()
        .to_string()
}

/// `text` on one line, without control or direction characters: what core's `place` stores.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}') {
                ' '
            } else {
                c
            }
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` fit for a parameter value: RFC 5545 allows no double quote or control character
/// there, even quoted.
fn param_text(text: &str) -> String {
    text.chars()
        .map(|c| if c == '"' || c.is_control() { ' ' } else { c })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_event_names_both_people_and_escapes_their_text() {
        let place = Place::Address("Ward 4; Parirenyatwa, Harare".into());
        let text = calendar(&Facts {
            uid: "interview-1@jobtap.localhost",
            sequence: 2,
            start: 1_796_112_000_000,
            end: 1_796_114_700_000,
            stamp: 1_795_000_000_000,
            job_title: "Staff Nurse",
            company_name: "Parirenyatwa \"Central\" Hospital, Harare",
            place: &place,
            organizer_email: "hr@clinic.example",
            candidate_name: "Rudo\r\nDube",
            candidate_email: "rudo@example.com",
            link: "https://jobs.example/applications",
            cancelled: true,
        });
        assert_eq!(text.matches("PRODID").count(), 1, "{text}");
        // Long lines are folded (RFC 5545 §3.1): read them unfolded.
        let unfolded = text.replace("\r\n ", "");
        let lines: Vec<&str> = unfolded.lines().collect();
        for expected in [
            "METHOD:CANCEL",
            "PRODID:-//JobTap//Interviews//EN",
            "UID:interview-1@jobtap.localhost",
            "SEQUENCE:2",
            "DTSTART:20261201T080000Z",
            "DTEND:20261201T084500Z",
            "STATUS:CANCELLED",
            "LOCATION:Ward 4\\; Parirenyatwa\\, Harare",
            "ORGANIZER;CN=\"Parirenyatwa Central Hospital, Harare\":mailto:hr@clinic.example",
        ] {
            assert!(lines.contains(&expected), "{expected} in:\n{text}");
        }
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("ATTENDEE;") && l.contains("CN=Rudo Dube")),
            "{text}"
        );
        assert_eq!(
            content_type(true),
            "text/calendar; charset=utf-8; method=CANCEL"
        );
    }

    /// A place stored before places had to be one line still cannot add a property.
    #[test]
    fn a_place_with_a_line_break_stays_in_its_property() {
        let place = Place::Address("Room 1\rATTENDEE:mailto:evil@example.com\u{202E}".into());
        let text = calendar(&Facts {
            uid: "interview-2@jobtap.localhost",
            sequence: 0,
            start: 1_796_112_000_000,
            end: 1_796_114_700_000,
            stamp: 1_795_000_000_000,
            job_title: "Staff Nurse",
            company_name: "Clinic",
            place: &place,
            organizer_email: "hr@clinic.example",
            candidate_name: "Rudo Dube",
            candidate_email: "rudo@example.com",
            link: "https://jobs.example/applications",
            cancelled: false,
        });
        let unfolded = text.replace("\r\n ", "");
        assert!(!unfolded.contains("Room 1\r"), "{text}");
        assert!(!unfolded.contains('\u{202E}'), "{text}");
        let attendees: Vec<&str> = unfolded
            .split("\r\n")
            .filter(|l| l.starts_with("ATTENDEE"))
            .collect();
        assert_eq!(attendees.len(), 1, "{text}");
        assert!(attendees[0].ends_with("mailto:rudo@example.com"), "{text}");
        assert!(
            unfolded.contains("LOCATION:Room 1 ATTENDEE:mailto:evil@example.com"),
            "{text}"
        );
    }
}

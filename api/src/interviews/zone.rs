//! Interview times on a wall clock: the employer gives them in an IANA time zone, the
//! server keeps instants, and e-mails and screens show them in that zone again.

use chrono::{LocalResult, NaiveDateTime, TimeZone, Utc};
use chrono_tz::Tz;

use jobtap_core::interview_invite::{MSG_SLOT_INVALID, MSG_SLOT_SKIPPED};

/// The IANA time zone named `name` (`Africa/Harare`, `Europe/London`, `UTC`).
pub fn parse(name: &str) -> Option<Tz> {
    name.trim().parse().ok()
}

/// `text` (`2026-12-01T10:00`, seconds optional, as a `datetime-local` field sends it) on the
/// wall clock of `zone`, as epoch milliseconds.
///
/// # Errors
/// Not a date and time; or a time the clocks skip in `zone`.
pub fn instant(zone: Tz, text: &str) -> Result<i64, &'static str> {
    let text = text.trim();
    let naive = NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M")
        .or_else(|_| NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S"))
        .map_err(|_| MSG_SLOT_INVALID)?;
    match zone.from_local_datetime(&naive) {
        LocalResult::Single(at) => Ok(at.timestamp_millis()),
        // The hour the clocks go back happens twice: the first is meant.
        LocalResult::Ambiguous(first, _) => Ok(first.timestamp_millis()),
        LocalResult::None => Err(MSG_SLOT_SKIPPED),
    }
}

/// The interview from `start` to `end` (epoch milliseconds) as both sides read it:
/// "Tue 1 Dec 2026, 10:00–10:45 (Africa/Harare)".
pub fn label(zone: Tz, start: i64, end: i64) -> String {
    let (Some(from), Some(to)) = (
        Utc.timestamp_millis_opt(start).single(),
        Utc.timestamp_millis_opt(end).single(),
    ) else {
        return String::new();
    };
    let (from, to) = (from.with_timezone(&zone), to.with_timezone(&zone));
    format!(
        "{}, {}–{} ({})",
        from.format("%a %-d %b %Y"),
        from.format("%H:%M"),
        to.format("%H:%M"),
        zone.name()
    )
}

/// `at` on the wall clock of `zone` as a `datetime-local` field holds it (`2026-12-01T10:00`).
pub fn wall_clock(zone: Tz, at: i64) -> String {
    Utc.timestamp_millis_opt(at)
        .single()
        .map(|t| t.with_timezone(&zone).format("%Y-%m-%dT%H:%M").to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wall_clock_times_become_instants_in_their_zone_and_back() {
        let harare = parse(" Africa/Harare ").unwrap();
        // 10:00 in Harare (UTC+2) is 08:00 UTC.
        let at = instant(harare, "2026-12-01T10:00").unwrap();
        assert_eq!(at, 1_796_112_000_000);
        assert_eq!(
            label(harare, at, at + 45 * 60_000),
            "Tue 1 Dec 2026, 10:00–10:45 (Africa/Harare)"
        );
        assert_eq!(wall_clock(harare, at), "2026-12-01T10:00");
        assert_eq!(instant(harare, "2026-12-01T10:00:00"), Ok(at));
        assert!(parse("Mars/Olympus").is_none());
        assert_eq!(instant(harare, "tomorrow at ten"), Err(MSG_SLOT_INVALID));
    }

    #[test]
    fn clock_changes_skip_one_hour_and_repeat_another() {
        let london = parse("Europe/London").unwrap();
        // 29 March 2026: 01:00 jumps to 02:00.
        assert_eq!(instant(london, "2026-03-29T01:30"), Err(MSG_SLOT_SKIPPED));
        // 25 October 2026: 01:00–02:00 happens twice; the first (BST, UTC+1) is meant.
        let twice = instant(london, "2026-10-25T01:30").unwrap();
        assert_eq!(
            twice,
            instant(parse("UTC").unwrap(), "2026-10-25T00:30").unwrap()
        );
    }
}

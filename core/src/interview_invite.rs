//! Interview invitations: the times an employer proposes from the Interview stage, the place
//! or video link, and the one time the candidate picks. The server checks a proposal and a
//! choice with these rules; the browser's form shows the same limits and messages.
//!
//! Times arrive here as instants (milliseconds since the epoch, UTC): the server turns the
//! employer's wall-clock times in their time zone into instants first.

/// The most times one proposal offers.
pub const MAX_SLOTS: usize = 3;

/// The lengths an interview can be given, in minutes.
pub const DURATIONS_MINUTES: [u32; 6] = [15, 30, 45, 60, 90, 120];

/// The length the form starts with.
pub const DEFAULT_DURATION_MINUTES: u32 = 45;

/// The longest place or link, in characters.
pub const LOCATION_MAX_CHARS: usize = 300;

/// A proposed time starts at least this long after the proposal (the candidate needs time to
/// pick it and get there).
pub const MIN_LEAD_MS: i64 = 60 * 60 * 1000;

/// A proposed time starts at most this long after the proposal.
pub const MAX_AHEAD_MS: i64 = 365 * 24 * 60 * 60 * 1000;

pub const MSG_NO_SLOTS: &str = "Please propose at least one time";
pub const MSG_TOO_MANY_SLOTS: &str = "Propose at most 3 times";
pub const MSG_SLOT_TOO_SOON: &str = "Each time must be at least an hour from now";
pub const MSG_SLOT_TOO_FAR: &str = "Each time must be within a year from now";
pub const MSG_SLOT_REPEATED: &str = "Each proposed time must be different";
pub const MSG_SLOT_INVALID: &str = "Please give each time as a date and a time";
pub const MSG_SLOT_SKIPPED: &str =
    "That time does not exist in the chosen time zone (the clocks change then)";
pub const MSG_TIME_ZONE: &str = "Please choose a time zone";
pub const MSG_DURATION: &str = "Please choose a length of 15, 30, 45, 60, 90 or 120 minutes";
pub const MSG_LOCATION_BLANK: &str = "Please give a place or a video link";
pub const MSG_LOCATION_ONE_LINE: &str = "A place or link must fit on one line";
pub const MSG_LOCATION_TOO_LONG: &str = "A place or link can be at most 300 characters";
pub const MSG_LINK_SCHEME: &str = "A video link must start with https:// or http://";
pub const MSG_NOT_INTERVIEW_STAGE: &str = "Move the application to Interview first";
pub const MSG_PICK_A_SLOT: &str = "Please pick one of the proposed times";
pub const MSG_SLOT_PASSED: &str = "That time has passed; the employer can propose new times";
pub const MSG_NOT_PROPOSED: &str = "There are no times to pick from now";
pub const MSG_CLOSED: &str = "This application is no longer open";

/// Where an invitation stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InviteStatus {
    /// Times proposed; the candidate has not picked one (since the last proposal).
    Proposed,
    /// The candidate picked a time.
    Scheduled,
    /// The employer called it off.
    Cancelled,
}

impl InviteStatus {
    pub const ALL: [Self; 3] = [Self::Proposed, Self::Scheduled, Self::Cancelled];

    /// How it is stored and sent.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Proposed => "proposed",
            Self::Scheduled => "scheduled",
            Self::Cancelled => "cancelled",
        }
    }

    /// The status stored as `value`, if it is one.
    #[must_use]
    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == value)
    }

    /// What `reader` reads of it: while times are proposed, the candidate is the one to act.
    #[must_use]
    pub const fn label(self, reader: Reader) -> &'static str {
        match (self, reader) {
            (Self::Proposed, Reader::Employer) => "Waiting for the candidate to pick a time",
            (Self::Proposed, Reader::Candidate) => "Interview times proposed",
            (Self::Scheduled, _) => "Interview scheduled",
            (Self::Cancelled, _) => "Interview cancelled",
        }
    }
}

/// Which side reads an invitation's status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    Candidate,
    Employer,
}

/// Where the interview happens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// A video call's address (`http://` or `https://`).
    Link(String),
    /// A place in words (an address, a room).
    Address(String),
}

impl Place {
    /// The text as given (trimmed).
    #[must_use]
    pub fn text(&self) -> &str {
        match self {
            Self::Link(text) | Self::Address(text) => text,
        }
    }
}

/// The place or link as stored: trimmed; a link when it names a scheme, which must be the
/// web's (no `javascript:` reaches a calendar or a button).
///
/// A place goes into a calendar event's one-line `LOCATION`: a line break there would start
/// properties of the employer's choosing (another attendee), and a direction mark shows the
/// candidate another address than the one stored, so both are refused.
///
/// # Errors
/// Blank, longer than [`LOCATION_MAX_CHARS`], over more than one line, with hidden control or
/// direction characters, or a link of another scheme.
pub fn place(text: &str) -> Result<Place, &'static str> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MSG_LOCATION_BLANK);
    }
    if text.contains(['\r', '\n']) {
        return Err(MSG_LOCATION_ONE_LINE);
    }
    if crate::job_limits::has_hidden_characters(text) {
        return Err(crate::job_limits::MSG_HIDDEN_CHARACTERS);
    }
    if text.chars().count() > LOCATION_MAX_CHARS {
        return Err(MSG_LOCATION_TOO_LONG);
    }
    let lower = text.to_ascii_lowercase();
    if lower.starts_with("https://") || lower.starts_with("http://") {
        return if text.contains(char::is_whitespace) {
            Err(MSG_LINK_SCHEME)
        } else {
            Ok(Place::Link(text.to_string()))
        };
    }
    // "zoom.us/j/1" is a place in words to us; "javascript:…" or "ftp://…" is a link of a
    // scheme no one should be sent to.
    let scheme = lower.split_once(':').map(|(head, _)| head);
    if scheme.is_some_and(|s| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    }) && !lower.contains(' ')
    {
        return Err(MSG_LINK_SCHEME);
    }
    Ok(Place::Address(text.to_string()))
}

/// Checks a proposal made at `now`: one to [`MAX_SLOTS`] different times, each an hour to a
/// year ahead, a length from [`DURATIONS_MINUTES`], and a place or link.
///
/// # Errors
/// The first rule broken, as the message to show.
pub fn check_proposal(
    starts: &[i64],
    duration_minutes: u32,
    location: &str,
    now: i64,
) -> Result<Place, &'static str> {
    if starts.is_empty() {
        return Err(MSG_NO_SLOTS);
    }
    if starts.len() > MAX_SLOTS {
        return Err(MSG_TOO_MANY_SLOTS);
    }
    for (i, start) in starts.iter().enumerate() {
        if *start < now.saturating_add(MIN_LEAD_MS) {
            return Err(MSG_SLOT_TOO_SOON);
        }
        if *start > now.saturating_add(MAX_AHEAD_MS) {
            return Err(MSG_SLOT_TOO_FAR);
        }
        if starts[..i].contains(start) {
            return Err(MSG_SLOT_REPEATED);
        }
    }
    if !DURATIONS_MINUTES.contains(&duration_minutes) {
        return Err(MSG_DURATION);
    }
    place(location)
}

/// Checks the candidate's pick of slot `index` of `starts` at `now`: a proposed time, not
/// yet begun.
///
/// # Errors
/// [`MSG_NOT_PROPOSED`] unless times wait to be picked; [`MSG_PICK_A_SLOT`] for no such
/// slot; [`MSG_SLOT_PASSED`] for a time already begun.
pub fn check_choice(
    status: InviteStatus,
    starts: &[i64],
    index: usize,
    now: i64,
) -> Result<i64, &'static str> {
    if status != InviteStatus::Proposed {
        return Err(MSG_NOT_PROPOSED);
    }
    let start = *starts.get(index).ok_or(MSG_PICK_A_SLOT)?;
    if start <= now {
        return Err(MSG_SLOT_PASSED);
    }
    Ok(start)
}

/// The milliseconds an interview of `duration_minutes` lasts.
#[must_use]
pub const fn duration_ms(duration_minutes: u32) -> i64 {
    duration_minutes as i64 * 60 * 1000
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_790_000_000_000;
    const HOUR: i64 = 60 * 60 * 1000;

    #[test]
    fn statuses_read_back() {
        for status in InviteStatus::ALL {
            assert_eq!(InviteStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(InviteStatus::parse("Scheduled"), None);
    }

    #[test]
    fn the_candidate_reads_that_times_were_proposed_and_the_employer_that_they_wait() {
        let proposed = InviteStatus::Proposed;
        assert_eq!(
            proposed.label(Reader::Candidate),
            "Interview times proposed"
        );
        assert_eq!(
            proposed.label(Reader::Employer),
            "Waiting for the candidate to pick a time"
        );
        for status in [InviteStatus::Scheduled, InviteStatus::Cancelled] {
            assert_eq!(
                status.label(Reader::Candidate),
                status.label(Reader::Employer)
            );
        }
    }

    #[test]
    fn a_place_is_words_or_a_web_link_and_nothing_else() {
        assert_eq!(
            place("  https://meet.example.com/abc-defg "),
            Ok(Place::Link("https://meet.example.com/abc-defg".into()))
        );
        assert_eq!(
            place("12 Samora Machel Ave, Harare: 3rd floor"),
            Ok(Place::Address(
                "12 Samora Machel Ave, Harare: 3rd floor".into()
            ))
        );
        assert_eq!(
            place("Room 4: ask at reception"),
            Ok(Place::Address("Room 4: ask at reception".into()))
        );
        assert_eq!(place("javascript:alert(1)"), Err(MSG_LINK_SCHEME));
        assert_eq!(place("ftp://files.example.com"), Err(MSG_LINK_SCHEME));
        assert_eq!(place("https://x.example/a b"), Err(MSG_LINK_SCHEME));
        assert_eq!(place(" \n"), Err(MSG_LOCATION_BLANK));
        assert_eq!(
            place(&"é".repeat(LOCATION_MAX_CHARS)).map(|p| p.text().chars().count()),
            Ok(LOCATION_MAX_CHARS)
        );
        assert_eq!(
            place(&"a".repeat(LOCATION_MAX_CHARS + 1)),
            Err(MSG_LOCATION_TOO_LONG)
        );
    }

    #[test]
    fn a_place_is_one_line_without_hidden_characters() {
        assert_eq!(
            place("Room 1\rATTENDEE:mailto:evil@example.com"),
            Err(MSG_LOCATION_ONE_LINE)
        );
        assert_eq!(place("Room 1\nRoom 2"), Err(MSG_LOCATION_ONE_LINE));
        for hidden in [
            "Room\u{0}1",
            "Room \u{1b}[31m1",
            "\u{202E}1 mooR",
            "Room\u{85}1",
        ] {
            assert_eq!(
                place(hidden),
                Err(crate::job_limits::MSG_HIDDEN_CHARACTERS),
                "{hidden:?}"
            );
        }
        assert_eq!(
            place("Ward 4 — Parirenyatwa"),
            Ok(Place::Address("Ward 4 — Parirenyatwa".into()))
        );
    }

    #[test]
    fn a_proposal_has_one_to_three_different_times_an_hour_to_a_year_ahead() {
        let ok = |starts: &[i64]| check_proposal(starts, 45, "Room 4", NOW);
        assert!(ok(&[NOW + 2 * HOUR]).is_ok());
        assert!(ok(&[NOW + HOUR, NOW + 2 * HOUR, NOW + MAX_AHEAD_MS]).is_ok());
        assert_eq!(ok(&[]), Err(MSG_NO_SLOTS));
        assert_eq!(
            ok(&[
                NOW + 2 * HOUR,
                NOW + 3 * HOUR,
                NOW + 4 * HOUR,
                NOW + 5 * HOUR
            ]),
            Err(MSG_TOO_MANY_SLOTS)
        );
        assert_eq!(ok(&[NOW + HOUR - 1]), Err(MSG_SLOT_TOO_SOON));
        assert_eq!(ok(&[NOW + MAX_AHEAD_MS + 1]), Err(MSG_SLOT_TOO_FAR));
        assert_eq!(
            ok(&[NOW + 2 * HOUR, NOW + 2 * HOUR]),
            Err(MSG_SLOT_REPEATED)
        );
        assert_eq!(
            check_proposal(&[NOW + 2 * HOUR], 50, "Room 4", NOW),
            Err(MSG_DURATION)
        );
        assert_eq!(
            check_proposal(&[NOW + 2 * HOUR], 45, "", NOW),
            Err(MSG_LOCATION_BLANK)
        );
    }

    #[test]
    fn the_candidate_picks_a_proposed_time_not_yet_begun() {
        let starts = [NOW + HOUR, NOW - 1];
        assert_eq!(
            check_choice(InviteStatus::Proposed, &starts, 0, NOW),
            Ok(NOW + HOUR)
        );
        assert_eq!(
            check_choice(InviteStatus::Proposed, &starts, 1, NOW),
            Err(MSG_SLOT_PASSED)
        );
        assert_eq!(
            check_choice(InviteStatus::Proposed, &starts, 2, NOW),
            Err(MSG_PICK_A_SLOT)
        );
        assert_eq!(
            check_choice(InviteStatus::Scheduled, &starts, 0, NOW),
            Err(MSG_NOT_PROPOSED)
        );
        assert_eq!(duration_ms(45), 45 * 60 * 1000);
    }
}

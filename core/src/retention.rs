//! How long an employer keeps the applications they rejected: a few fixed periods,
//! or with no time limit (the default). Past it, the application is released from the employer: their
//! notes on it and its pipeline history go, and it no longer counts in their searches and
//! analytics. The candidate keeps their own record.

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// The periods an employer may choose, in days (none chosen: no time limit).
pub const REJECTED_KEPT_DAYS_CHOICES: [u32; 4] = [30, 90, 180, 365];

pub const MSG_KEPT_DAYS: &str = "Choose 30, 90, 180 or 365 days, or no time limit";

/// `days` when it is one of the choices (or none); the message otherwise.
pub fn check_kept_days(days: Option<u32>) -> Result<Option<u32>, &'static str> {
    match days {
        Some(d) if !REJECTED_KEPT_DAYS_CHOICES.contains(&d) => Err(MSG_KEPT_DAYS),
        other => Ok(other),
    }
}

/// Rejected at or before this instant, an application kept `days` is released at `now_ms`.
pub fn released_if_rejected_by(now_ms: i64, days: u32) -> i64 {
    now_ms - i64::from(days) * DAY_MS
}

/// What the settings say of a choice: "Kept for 180 days after the rejection".
pub fn kept_text(days: Option<u32>) -> String {
    match days {
        Some(d) => format!("Kept for {d} days after the rejection"),
        None => "Kept with no time limit".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_offered_periods_are_taken() {
        assert_eq!(check_kept_days(None), Ok(None));
        for d in REJECTED_KEPT_DAYS_CHOICES {
            assert_eq!(check_kept_days(Some(d)), Ok(Some(d)));
        }
        for d in [0, 1, 29, 45, 366, u32::MAX] {
            assert_eq!(check_kept_days(Some(d)), Err(MSG_KEPT_DAYS), "{d}");
        }
    }

    #[test]
    fn the_cut_off_is_whole_days_before_now() {
        assert_eq!(released_if_rejected_by(100 * DAY_MS, 30), 70 * DAY_MS);
        assert_eq!(
            kept_text(Some(180)),
            "Kept for 180 days after the rejection"
        );
        assert_eq!(kept_text(None), "Kept with no time limit");
    }
}

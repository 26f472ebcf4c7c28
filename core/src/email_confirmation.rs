//! Confirming an account's e-mail address: at sign-up, and before a new address replaces the
//! old one.
//!
//! A link works once, for [`LINK_MS`]. Until the account's address is confirmed, a candidate
//! cannot apply and an employer cannot publish a job ([`MSG_CONFIRM_TO_APPLY`],
//! [`MSG_CONFIRM_TO_PUBLISH`]); sending the link again is limited per account.

const MINUTE_MS: i64 = 60 * 1000;
const HOUR_MS: i64 = 60 * MINUTE_MS;
const DAY_MS: i64 = 24 * HOUR_MS;

/// How long a confirmation link works.
pub const LINK_MS: i64 = 7 * DAY_MS;
/// [`LINK_MS`] in days, as the e-mail says it.
pub const LINK_DAYS: i64 = LINK_MS / DAY_MS;

/// How many links one account may be sent in [`SEND_WINDOW_MS`] besides the sign-up one
/// ("Send the link again" and e-mail changes together).
pub const SENDS_PER_ACCOUNT: i64 = 3;
/// The window of [`SENDS_PER_ACCOUNT`]: an hour.
pub const SEND_WINDOW_MS: i64 = HOUR_MS;

/// The page a link opens; the token follows in the fragment (`#token=…`), which browsers never
/// send to a server nor in a `Referer`.
pub const CONFIRM_PAGE: &str = "/confirm-email";

/// A candidate whose address is not confirmed asks to apply.
pub const MSG_CONFIRM_TO_APPLY: &str =
    "Confirm your e-mail address before you apply: follow the link we sent you.";
/// An employer whose address is not confirmed asks to publish a job.
pub const MSG_CONFIRM_TO_PUBLISH: &str =
    "Confirm your e-mail address before you publish a job: follow the link we sent you.";
/// A link that was used, has expired, was replaced by a newer address, or never was.
pub const MSG_LINK_GONE: &str =
    "This confirmation link has expired or was already used. Send the link again to get a new one.";
/// "Send the link again" once the address is confirmed.
pub const MSG_ALREADY_CONFIRMED: &str = "Your e-mail address is already confirmed.";
/// The answer to "Send the link again".
pub const MSG_LINK_SENT: &str = "We have sent you a new link. It works for 7 days.";
/// The answer to a request to change the address.
pub const MSG_CHANGE_SENT: &str = "We have sent a link to your new address. Your e-mail address \
     changes when you follow it; until then you keep using the current one.";
/// A change to the address the account already has.
pub const MSG_EMAIL_SAME: &str = "This is already your e-mail address";

/// Whether a link made at `created_at` still works at `now`.
pub fn link_live(created_at: i64, now: i64) -> bool {
    now - created_at < LINK_MS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_works_for_seven_days_and_not_a_moment_longer() {
        let made = 1_760_000_000_000;
        assert!(link_live(made, made));
        assert!(link_live(made, made + LINK_MS - 1));
        assert!(!link_live(made, made + LINK_MS));
        assert_eq!(LINK_DAYS, 7);
        assert!(MSG_LINK_SENT.contains(&format!("{LINK_DAYS} days")));
    }
}

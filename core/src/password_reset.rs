//! Setting a new password: through a link sent by e-mail ("Forgot password?") or, signed in,
//! by giving the current one ("Change password").
//!
//! A reset link works once, for [`LINK_MS`]. Asking for one is answered with
//! [`MSG_LINK_SENT`] whether or not an account uses the address, and is limited per address
//! and per source. The new password follows the sign-up rule ([`crate::validate`]).

const MINUTE_MS: i64 = 60 * 1000;
const HOUR_MS: i64 = 60 * MINUTE_MS;

/// How long a reset link works.
pub const LINK_MS: i64 = HOUR_MS;
/// [`LINK_MS`] in minutes, as the e-mail says it.
pub const LINK_MINUTES: i64 = LINK_MS / MINUTE_MS;

/// How many links one address may be sent in [`ASK_WINDOW_MS`] (known or not, alike).
pub const ASKS_PER_ADDRESS: i64 = 5;
/// How many links one source (IP address) may ask for in [`ASK_WINDOW_MS`].
pub const ASKS_PER_SOURCE: i64 = 20;
/// The window of [`ASKS_PER_ADDRESS`] and [`ASKS_PER_SOURCE`]: an hour.
pub const ASK_WINDOW_MS: i64 = HOUR_MS;

/// The page that asks for a link, as the "password changed" e-mail links to it.
pub const ASK_PAGE: &str = "/forgot-password";
/// The page a link opens; the token follows in the fragment (`#token=…`), which browsers never
/// send to a server nor in a `Referer`.
pub const RESET_PAGE: &str = "/reset-password";

/// The answer to every request for a link: it never tells who is registered.
pub const MSG_LINK_SENT: &str =
    "If an account uses that address, we have sent it a link to set a new password.";
/// A link that was used, has expired, was ended by a newer password, or never was.
pub const MSG_LINK_GONE: &str = "This link has expired or was already used. Ask for a new one.";
/// "Change password" with the current password as the new one.
pub const MSG_PASSWORD_SAME: &str = "Choose a password different from your current one";
/// "Change password" without the current password.
pub const MSG_CURRENT_REQUIRED: &str = "Please enter your current password";

/// Whether a link made at `created_at` still works at `now`.
pub fn link_live(created_at: i64, now: i64) -> bool {
    now - created_at < LINK_MS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_works_for_an_hour_and_not_a_moment_longer() {
        let made = 1_760_000_000_000;
        assert!(link_live(made, made));
        assert!(link_live(made, made + LINK_MS - 1));
        assert!(!link_live(made, made + LINK_MS));
        assert_eq!(LINK_MINUTES, 60);
    }
}

//! Whether a new password is one people commonly use: 55,860 passwords from breaches
//! (data/passwords/: zxcvbn-ts's list from the Xato ten-million corpus, and Django's 20,000),
//! which core's build compiles into an `fst` set read in place from the binary.
//!
//! ## What it checks
//! The password, lower-cased, against the listed passwords, lower-cased, so "Password1" is
//! caught as "password1". Only the 21,648 of 8 characters or more are kept in the set: a shorter
//! new password is refused for its length first. Only the server links the set (124 KB); the
//! browser's package checks a new password without it (`validate::Password::check_early`).
//!
//! ## Why
//! NIST SP 800-63B: a verifier refuses new passwords known to be commonly used, expected or
//! compromised, instead of composition rules, which people meet with "Password1!".

use std::sync::LazyLock;

use fst::Set;

static COMMON: LazyLock<Set<&'static [u8]>> = LazyLock::new(|| {
    Set::new(&include_bytes!(concat!(env!("OUT_DIR"), "/common_passwords.fst"))[..])
        .expect("build.rs writes a valid fst")
});

/// Whether `password`, ignoring case, is on the list of common passwords.
pub fn is_common(password: &str) -> bool {
    COMMON.contains(password.to_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_passwords_are_found_whatever_their_case() {
        for common in [
            "password1",
            "Password1",
            "PASSWORD1",
            "qwerty123",
            "iloveyou",
            "12345678",
        ] {
            assert!(is_common(common), "{common}");
        }
        for rare in [
            "correct horse battery staple",
            "Tendai's kombi to Mbare",
            "hunter2hunter2x",
        ] {
            assert!(!is_common(rare), "{rare}");
        }
    }

    /// Each source adds what the other lacks: zxcvbn-ts left out what its own patterns guess
    /// ("00000000"), and Django's 20,000 lack much of zxcvbn-ts's 49,233 ("freepass").
    #[test]
    fn both_lists_are_in_the_set() {
        assert!(is_common("00000000"), "only in Django's list");
        assert!(is_common("12341234"), "only in Django's list");
        assert!(is_common("freepass"), "only in zxcvbn-ts's list");
        assert!(is_common("consumer"), "only in zxcvbn-ts's list");
    }

    #[test]
    fn the_set_keeps_only_passwords_long_enough_to_be_new_ones() {
        use fst::{IntoStreamer, Streamer};
        let mut stream = COMMON.into_stream();
        let mut shortest = usize::MAX;
        let mut count = 0;
        while let Some(key) = stream.next() {
            let password = std::str::from_utf8(key).expect("UTF-8");
            assert_eq!(password, password.to_lowercase());
            shortest = shortest.min(password.chars().count());
            count += 1;
        }
        assert_eq!(shortest, crate::validate::PASSWORD_MIN_CHARS);
        assert_eq!(count, COMMON.len());
        assert_eq!(count, 21_648, "data/passwords/README.md gives the figure");
    }
}

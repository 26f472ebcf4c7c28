//! The chat assistant's rules: its limits, the same in the chat widget and on the server;
//! what a question asks ([`question`]); and the curated answers it may give ([`knowledge`]).
//! The server composes its answers from these and the caller's data.

pub mod knowledge;
pub mod question;

pub use question::{Intent, intent, names_job, plain_words, search_terms};

/// The longest message the assistant takes, in characters.
pub const MAX_MESSAGE_CHARS: usize = 4000;

/// The refusal of a longer message.
#[must_use]
pub fn too_long_message() -> String {
    format!("Messages must be at most {MAX_MESSAGE_CHARS} characters")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusal_names_the_limit() {
        assert_eq!(
            too_long_message(),
            "Messages must be at most 4000 characters"
        );
    }
}

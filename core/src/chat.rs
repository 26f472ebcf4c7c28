//! The chat assistant's limits, the same in the chat widget and on the server.

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

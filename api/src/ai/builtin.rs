//! The built-in engine: deterministic text from the rules in `jobtap_core`, with
//! no network calls. Always available, so applying never depends on a third party.

use futures_util::future::BoxFuture;

use jobtap_core::cover_letter::{self, CoverLetter};

use super::{AiEngine, AiError, CoverLetterInput};

/// Writes with [`cover_letter::compose`].
#[derive(Debug, Default, Clone, Copy)]
pub struct BuiltinEngine;

impl AiEngine for BuiltinEngine {
    fn cover_letter<'a>(
        &'a self,
        input: &'a CoverLetterInput,
    ) -> BoxFuture<'a, Result<CoverLetter, AiError>> {
        let letter = cover_letter::compose(&input.profile, &input.job);
        Box::pin(std::future::ready(Ok(letter)))
    }
}

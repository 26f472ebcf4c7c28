//! What an employer records on an application besides its status, and what of it the
//! candidate sees: the private note (the employer's team only), the feedback to the
//! candidate, the reason for a rejection, and the documents sent with it.

/// The longest private note, feedback or rejection detail, in characters.
pub const NOTE_MAX_CHARS: usize = 2000;

/// The most documents one application carries.
pub const MAX_APPLICATION_DOCUMENTS: usize = 5;

/// What a candidate's badge says of a rejected application: the decision, never the reason.
pub const CANDIDATE_REJECTED_LABEL: &str = "Not selected";

pub const MSG_NOTE_TOO_LONG: &str = "A note can be at most 2,000 characters";
pub const MSG_NOTE_BLANK: &str = "Please write a note or feedback first";
pub const MSG_REASON_REQUIRED: &str = "Please choose a reason";
pub const MSG_TOO_MANY_DOCUMENTS: &str = "An application can carry at most 5 documents";
pub const MSG_DOCUMENT_UNKNOWN: &str = "One of the chosen documents is no longer in My Documents";

/// Why an application was rejected: a short list for the employer's own records and
/// analytics. The candidate never sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RejectionReason {
    SkillsMismatch,
    NotEnoughExperience,
    MissingQualification,
    StrongerCandidate,
    PositionFilled,
    Other,
}

impl RejectionReason {
    /// Every reason, in the order the reject dialog lists them.
    pub const ALL: [Self; 6] = [
        Self::SkillsMismatch,
        Self::NotEnoughExperience,
        Self::MissingQualification,
        Self::StrongerCandidate,
        Self::PositionFilled,
        Self::Other,
    ];

    /// How the reason is stored and sent.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::SkillsMismatch => "skills_mismatch",
            Self::NotEnoughExperience => "not_enough_experience",
            Self::MissingQualification => "missing_qualification",
            Self::StrongerCandidate => "stronger_candidate",
            Self::PositionFilled => "position_filled",
            Self::Other => "other",
        }
    }

    /// The reason as the dialog and the employer's records name it.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::SkillsMismatch => "Skills don't match the role",
            Self::NotEnoughExperience => "Not enough experience",
            Self::MissingQualification => "Missing a required qualification",
            Self::StrongerCandidate => "Another candidate was a better fit",
            Self::PositionFilled => "The position has been filled",
            Self::Other => "Other",
        }
    }

    /// The reason stored as `value`, if it is one.
    #[must_use]
    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.as_str() == value)
    }
}

/// A note, feedback or rejection detail as stored: trimmed, `None` when blank; an error
/// (the message to show) when it is too long.
///
/// # Errors
/// [`MSG_NOTE_TOO_LONG`] over [`NOTE_MAX_CHARS`] characters.
pub fn note_text(text: &str) -> Result<Option<String>, &'static str> {
    let text = text.trim();
    if text.chars().count() > NOTE_MAX_CHARS {
        return Err(MSG_NOTE_TOO_LONG);
    }
    Ok(Some(text.to_string()).filter(|t| !t.is_empty()))
}

/// The documents an application carries, as chosen: without a choice the default resume
/// (when there is one); repeated ids once; an error past [`MAX_APPLICATION_DOCUMENTS`].
///
/// # Errors
/// [`MSG_TOO_MANY_DOCUMENTS`].
pub fn chosen_documents(
    chosen: Option<&[String]>,
    default_resume: Option<&str>,
) -> Result<Vec<String>, &'static str> {
    let Some(chosen) = chosen else {
        return Ok(default_resume.map(str::to_string).into_iter().collect());
    };
    let mut ids: Vec<String> = Vec::with_capacity(chosen.len());
    for id in chosen {
        let id = id.trim();
        if !id.is_empty() && !ids.iter().any(|seen| seen == id) {
            ids.push(id.to_string());
        }
    }
    if ids.len() > MAX_APPLICATION_DOCUMENTS {
        return Err(MSG_TOO_MANY_DOCUMENTS);
    }
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_reads_back_and_has_a_label() {
        for reason in RejectionReason::ALL {
            assert_eq!(RejectionReason::parse(reason.as_str()), Some(reason));
            assert!(!reason.label().is_empty());
        }
        assert_eq!(RejectionReason::parse("Other"), None);
    }

    #[test]
    fn notes_are_trimmed_blank_is_none_and_long_is_refused() {
        assert_eq!(note_text("  Strong SQL \n"), Ok(Some("Strong SQL".into())));
        assert_eq!(note_text(" \n\t"), Ok(None));
        assert_eq!(
            note_text(&"é".repeat(NOTE_MAX_CHARS)).map(|t| t.map(|t| t.chars().count())),
            Ok(Some(NOTE_MAX_CHARS))
        );
        assert_eq!(
            note_text(&"a".repeat(NOTE_MAX_CHARS + 1)),
            Err(MSG_NOTE_TOO_LONG)
        );
    }

    #[test]
    fn without_a_choice_the_default_resume_goes_and_a_choice_is_kept_once() {
        assert_eq!(
            chosen_documents(None, Some("cv")),
            Ok(vec!["cv".to_string()])
        );
        assert_eq!(chosen_documents(None, None), Ok(vec![]));
        let chosen: Vec<String> = ["a", " b ", "a", ""].map(String::from).to_vec();
        assert_eq!(
            chosen_documents(Some(&chosen), Some("cv")),
            Ok(vec!["a".to_string(), "b".to_string()])
        );
        assert_eq!(chosen_documents(Some(&[]), Some("cv")), Ok(vec![]));
        let many: Vec<String> = (0..=MAX_APPLICATION_DOCUMENTS)
            .map(|i| i.to_string())
            .collect();
        assert_eq!(
            chosen_documents(Some(&many), None),
            Err(MSG_TOO_MANY_DOCUMENTS)
        );
    }
}

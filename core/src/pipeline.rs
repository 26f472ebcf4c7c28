//! What an employer records on an application besides its status, and what of it the
//! candidate sees: the private note (the employer's team only), the feedback to the
//! candidate, the reason for a rejection, the documents sent with it, and the stage it
//! is in.

use crate::application_status::{ApplicationStatus, CANDIDATE_REJECTED_LABEL};

/// The longest private note, feedback or rejection detail, in characters.
pub const NOTE_MAX_CHARS: usize = 2000;

/// The most documents one application carries.
pub const MAX_APPLICATION_DOCUMENTS: usize = 5;

pub const MSG_NOTE_TOO_LONG: &str = "A note can be at most 2,000 characters";
pub const MSG_NOTE_BLANK: &str = "Please write a note or feedback first";
pub const MSG_REASON_REQUIRED: &str = "Please choose a reason";
pub const MSG_TOO_MANY_DOCUMENTS: &str = "An application can carry at most 5 documents";
pub const MSG_DOCUMENT_UNKNOWN: &str = "One of the chosen documents is no longer in My Documents";

pub const MSG_STAGE_UNKNOWN: &str = "Please choose a stage";
pub const MSG_REJECT_WITH_REASON: &str = "Reject the application to move it to Rejected";
pub const MSG_DECIDED: &str = "An accepted application moves only from Offer to Hired";
pub const MSG_REJECTED_IS_FINAL: &str = "A rejected application cannot be moved";
pub const MSG_RECONSIDER_STAGE: &str = "Choose Applied, Screening or Interview to reconsider it";
pub const MSG_NOT_REJECTED: &str = "Only a rejected application can be reconsidered";
pub const MSG_APPLICATION_NOT_FOUND: &str = "Application not found";
pub const MSG_ALREADY_DECIDED: &str = "This application has already been decided";

/// The most applications one bulk action takes: a request stays one short transaction.
pub const MAX_BULK_APPLICATIONS: usize = 200;
pub const MSG_BULK_EMPTY: &str = "Please select at least one application";
pub const MSG_BULK_TOO_MANY: &str = "Select at most 200 applications at a time";
pub const MSG_BULK_ACTION: &str = "Choose to move or to reject the selected applications";

/// Where an application is in the employer's pipeline. Offer and Hired are an acceptance;
/// Rejected is reached only through a rejection (with its reason).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Applied,
    Screening,
    Interview,
    Offer,
    Hired,
    Rejected,
}

impl Stage {
    /// Every stage, in the pipeline's order (the board's columns).
    pub const ALL: [Self; 6] = [
        Self::Applied,
        Self::Screening,
        Self::Interview,
        Self::Offer,
        Self::Hired,
        Self::Rejected,
    ];

    /// How the stage is stored and sent.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Applied => "applied",
            Self::Screening => "screening",
            Self::Interview => "interview",
            Self::Offer => "offer",
            Self::Hired => "hired",
            Self::Rejected => "rejected",
        }
    }

    /// The stage stored as `value`, if it is one.
    #[must_use]
    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == value)
    }

    /// The employer's name for it.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Applied => "Applied",
            Self::Screening => "Screening",
            Self::Interview => "Interview",
            Self::Offer => "Offer",
            Self::Hired => "Hired",
            Self::Rejected => "Rejected",
        }
    }

    /// What the candidate's badge says, in plain words; never the employer's reason.
    #[must_use]
    pub const fn candidate_label(self) -> &'static str {
        match self {
            Self::Applied => "Applied",
            Self::Screening => "In review",
            Self::Interview => "Interview stage",
            Self::Offer => "Offer",
            Self::Hired => "Hired",
            Self::Rejected => CANDIDATE_REJECTED_LABEL,
        }
    }

    /// The stored status that goes with the stage (the spec's statuses, which the tabs,
    /// counters and analytics read).
    #[must_use]
    pub const fn status(self) -> ApplicationStatus {
        match self {
            Self::Applied => ApplicationStatus::Applied,
            Self::Screening | Self::Interview => ApplicationStatus::UnderReview,
            Self::Offer | Self::Hired => ApplicationStatus::Accepted,
            Self::Rejected => ApplicationStatus::Rejected,
        }
    }

    /// The stage an application in `status` is in when nothing else says (rows from before
    /// stages existed).
    #[must_use]
    pub const fn of_status(status: ApplicationStatus) -> Self {
        match status {
            ApplicationStatus::Applied | ApplicationStatus::Pending => Self::Applied,
            ApplicationStatus::UnderReview => Self::Screening,
            ApplicationStatus::Accepted => Self::Offer,
            ApplicationStatus::Rejected => Self::Rejected,
        }
    }

    /// Whether the stage is an acceptance (Offer or Hired).
    #[must_use]
    pub const fn accepted(self) -> bool {
        matches!(self, Self::Offer | Self::Hired)
    }

    /// Whether an employer may move an application from `self` to `to` with the move
    /// buttons; the message says why not.
    ///
    /// # Errors
    /// Rejected is final and reached only by rejecting; an accepted application moves only
    /// from Offer to Hired; moving to the stage it is in is no move.
    pub fn check_move(self, to: Self) -> Result<(), &'static str> {
        match (self, to) {
            (Self::Rejected, _) => Err(MSG_REJECTED_IS_FINAL),
            (_, Self::Rejected) => Err(MSG_REJECT_WITH_REASON),
            (Self::Offer, Self::Hired) => Ok(()),
            (from, _) if from.accepted() => Err(MSG_DECIDED),
            (from, to) if from == to => Err(MSG_STAGE_UNKNOWN),
            _ => Ok(()),
        }
    }

    /// The stages an application in `self` can be moved to with the move buttons.
    #[must_use]
    pub fn next(self) -> Vec<Self> {
        Self::ALL
            .into_iter()
            .filter(|to| self.check_move(*to).is_ok())
            .collect()
    }
}

/// Whether a rejected application may be reconsidered into stage `to` (the one its own stage
/// follows, for a job's own stage).
///
/// # Errors
/// [`MSG_RECONSIDER_STAGE`] for anything but an undecided stage: an acceptance stays a
/// decision of its own, with its own e-mail, and Rejected is where it already is.
pub fn reconsider_to(to: Stage) -> Result<(), &'static str> {
    match to {
        Stage::Applied | Stage::Screening | Stage::Interview => Ok(()),
        Stage::Offer | Stage::Hired | Stage::Rejected => Err(MSG_RECONSIDER_STAGE),
    }
}

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

/// What one request does to many selected applications, each as its own action would.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BulkAction {
    /// To one stage (never Rejected: a rejection needs its reason).
    Move,
    /// With one reason, detail and feedback for all.
    Reject,
}

impl BulkAction {
    pub const ALL: [Self; 2] = [Self::Move, Self::Reject];

    /// How the action is sent.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Move => "move",
            Self::Reject => "reject",
        }
    }

    /// The action sent as `value`, if it is one.
    #[must_use]
    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.as_str() == value)
    }

    const fn verbs(self) -> (&'static str, &'static str) {
        match self {
            Self::Move => ("moved", "move"),
            Self::Reject => ("rejected", "reject"),
        }
    }
}

/// The selected application ids of a bulk action: trimmed, blanks dropped, each once, in the
/// order given.
///
/// # Errors
/// [`MSG_BULK_EMPTY`] when none is left, [`MSG_BULK_TOO_MANY`] past [`MAX_BULK_APPLICATIONS`].
pub fn bulk_ids(ids: &[String]) -> Result<Vec<String>, &'static str> {
    let mut unique: Vec<String> = Vec::with_capacity(ids.len().min(MAX_BULK_APPLICATIONS));
    for id in ids {
        let id = id.trim();
        if !id.is_empty() && !unique.iter().any(|seen| seen == id) {
            if unique.len() == MAX_BULK_APPLICATIONS {
                return Err(MSG_BULK_TOO_MANY);
            }
            unique.push(id.to_string());
        }
    }
    if unique.is_empty() {
        return Err(MSG_BULK_EMPTY);
    }
    Ok(unique)
}

/// What a bulk action came to, in a sentence: "Rejected 3 applications", "2 moved; 1 could
/// not be moved", "Could not reject 2 applications".
#[must_use]
pub fn bulk_summary(action: BulkAction, done: usize, failed: usize) -> String {
    let (past, verb) = action.verbs();
    let applications = |n: usize| {
        if n == 1 {
            "1 application".to_string()
        } else {
            format!("{n} applications")
        }
    };
    match (done, failed) {
        (_, 0) => {
            let mut past = past.to_string();
            past[..1].make_ascii_uppercase();
            format!("{past} {}", applications(done))
        }
        (0, _) => format!("Could not {verb} {}", applications(failed)),
        _ => format!("{done} {past}; {failed} could not be {past}"),
    }
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
    fn stages_read_back_and_agree_with_the_statuses() {
        for stage in Stage::ALL {
            assert_eq!(Stage::parse(stage.as_str()), Some(stage));
            assert_eq!(Stage::of_status(stage.status()).status(), stage.status());
        }
        assert_eq!(Stage::Rejected.candidate_label(), "Not selected");
        assert_eq!(Stage::Interview.status(), ApplicationStatus::UnderReview);
        assert!(Stage::Hired.accepted() && !Stage::Interview.accepted());
    }

    #[test]
    fn moves_go_anywhere_undecided_and_only_offer_to_hired_once_accepted() {
        use Stage::*;
        assert_eq!(Applied.next(), [Screening, Interview, Offer, Hired]);
        assert_eq!(Interview.next(), [Applied, Screening, Offer, Hired]);
        assert_eq!(Offer.next(), [Hired]);
        assert!(Hired.next().is_empty());
        assert!(Rejected.next().is_empty());
        assert_eq!(Screening.check_move(Rejected), Err(MSG_REJECT_WITH_REASON));
        assert_eq!(Offer.check_move(Screening), Err(MSG_DECIDED));
        assert_eq!(Rejected.check_move(Applied), Err(MSG_REJECTED_IS_FINAL));
    }

    #[test]
    fn a_rejection_is_reconsidered_into_an_undecided_stage_only() {
        use Stage::*;
        let allowed: Vec<Stage> = Stage::ALL
            .into_iter()
            .filter(|s| reconsider_to(*s).is_ok())
            .collect();
        assert_eq!(allowed, [Applied, Screening, Interview]);
        assert_eq!(reconsider_to(Offer), Err(MSG_RECONSIDER_STAGE));
        assert_eq!(reconsider_to(Rejected), Err(MSG_RECONSIDER_STAGE));
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
    fn bulk_ids_are_trimmed_kept_once_and_bounded() {
        let given: Vec<String> = [" a1 ", "b2", "a1", "", "  ", "c3"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            bulk_ids(&given),
            Ok(vec!["a1".to_string(), "b2".to_string(), "c3".to_string()])
        );
        assert_eq!(bulk_ids(&[]), Err(MSG_BULK_EMPTY));
        assert_eq!(bulk_ids(&[" ".to_string()]), Err(MSG_BULK_EMPTY));
        let most: Vec<String> = (0..MAX_BULK_APPLICATIONS).map(|i| i.to_string()).collect();
        assert_eq!(
            bulk_ids(&most).map(|ids| ids.len()),
            Ok(MAX_BULK_APPLICATIONS)
        );
        let mut repeated = most.clone();
        repeated.extend(most.iter().cloned());
        assert_eq!(
            bulk_ids(&repeated).map(|ids| ids.len()),
            Ok(MAX_BULK_APPLICATIONS)
        );
        let mut too_many = most;
        too_many.push("one more".to_string());
        assert_eq!(bulk_ids(&too_many), Err(MSG_BULK_TOO_MANY));
        assert!(MSG_BULK_TOO_MANY.contains(&MAX_BULK_APPLICATIONS.to_string()));
    }

    #[test]
    fn bulk_actions_read_back_and_sum_up_what_happened() {
        for action in BulkAction::ALL {
            assert_eq!(BulkAction::parse(action.as_str()), Some(action));
        }
        assert_eq!(BulkAction::parse("export"), None);
        assert_eq!(
            bulk_summary(BulkAction::Reject, 3, 0),
            "Rejected 3 applications"
        );
        assert_eq!(bulk_summary(BulkAction::Move, 1, 0), "Moved 1 application");
        assert_eq!(
            bulk_summary(BulkAction::Move, 2, 1),
            "2 moved; 1 could not be moved"
        );
        assert_eq!(
            bulk_summary(BulkAction::Reject, 0, 2),
            "Could not reject 2 applications"
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

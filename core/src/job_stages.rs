//! An employer's own stages for one job ("Technical test", "Reference check"), set between
//! the pipeline's undecided stages, and where an application stands once they exist.
//!
//! A job's own stage follows Applied, Screening or Interview and counts as that stage
//! wherever the pipeline is summed over jobs (the funnel, the search's stage filter, the
//! board's columns); its application is under review. The candidate never sees its name.
//! An application stores it as `"{after}:{id}"`, so what it counts as never needs a lookup.

use crate::application_status::ApplicationStatus;
use crate::pipeline::{MSG_STAGE_UNKNOWN, Stage};

/// The most stages of its own one job has.
pub const CUSTOM_STAGES_MAX: usize = 5;

/// The longest name of a job's own stage, in characters.
pub const STAGE_NAME_MAX_CHARS: usize = 40;

/// The stages a job's own stage can follow: the undecided ones.
pub const CUSTOM_STAGE_ANCHORS: [Stage; 3] = [Stage::Applied, Stage::Screening, Stage::Interview];

/// What the candidate's badge says of an application in a job's own stage.
pub const CANDIDATE_CUSTOM_LABEL: &str = "In review";

pub const MSG_STAGE_NAME_BLANK: &str = "Please name the stage";
pub const MSG_STAGE_NAME_TOO_LONG: &str = "A stage name can be at most 40 characters";
pub const MSG_STAGE_NAME_TAKEN: &str = "This job already has a stage with that name";
pub const MSG_STAGE_AFTER: &str = "Please choose the stage it comes after";
pub const MSG_TOO_MANY_STAGES: &str = "A job can have at most 5 stages of its own";
pub const MSG_STAGE_IN_USE: &str = "Move the applications in this stage to another stage first";

/// A stage an employer added to one of their jobs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CustomStage<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub after: Stage,
}

impl CustomStage<'_> {
    /// How an application in it stores its stage.
    #[must_use]
    pub fn key(&self) -> String {
        custom_key(self.after, self.id)
    }
}

/// How an application in the job's own stage `id`, which follows `after`, stores its stage.
#[must_use]
pub fn custom_key(after: Stage, id: &str) -> String {
    format!("{}:{id}", after.as_str())
}

/// Where an application stands: one of the pipeline's stages or one of its job's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place<'a> {
    Builtin(Stage),
    Custom { after: Stage, id: &'a str },
}

impl<'a> Place<'a> {
    /// The place stored as `value` (`"screening"`, `"screening:<id>"`), if it is one.
    #[must_use]
    pub fn parse(value: &'a str) -> Option<Self> {
        match value.split_once(':') {
            None => Stage::parse(value).map(Self::Builtin),
            Some((after, id)) => {
                let after = Stage::parse(after).filter(|s| CUSTOM_STAGE_ANCHORS.contains(s))?;
                (!id.is_empty()).then_some(Self::Custom { after, id })
            }
        }
    }

    /// How it is stored.
    #[must_use]
    pub fn key(self) -> String {
        match self {
            Self::Builtin(stage) => stage.as_str().to_string(),
            Self::Custom { after, id } => custom_key(after, id),
        }
    }

    /// The pipeline's stage it counts as: itself, or the one a job's own stage follows.
    #[must_use]
    pub const fn group(self) -> Stage {
        match self {
            Self::Builtin(stage) | Self::Custom { after: stage, .. } => stage,
        }
    }

    /// The stored status that goes with it.
    #[must_use]
    pub const fn status(self) -> ApplicationStatus {
        match self {
            Self::Builtin(stage) => stage.status(),
            Self::Custom { .. } => ApplicationStatus::UnderReview,
        }
    }

    /// What the candidate's badge says: a job's own stage is the employer's word, not theirs.
    #[must_use]
    pub const fn candidate_label(self) -> &'static str {
        match self {
            Self::Builtin(stage) => stage.candidate_label(),
            Self::Custom { .. } => CANDIDATE_CUSTOM_LABEL,
        }
    }

    /// The employer's name for it, `customs` being its job's own stages; a stage since
    /// removed reads as the stage it followed.
    #[must_use]
    pub fn label(self, customs: &[CustomStage<'_>]) -> String {
        match self {
            Self::Builtin(stage) => stage.label().to_string(),
            Self::Custom { after, id } => customs
                .iter()
                .find(|c| c.id == id)
                .map_or_else(|| after.label().to_string(), |c| c.name.to_string()),
        }
    }

    /// The stage the pipeline's move rules treat it as: a job's own stage is undecided.
    const fn rules_stage(self) -> Stage {
        match self {
            Self::Builtin(stage) => stage,
            Self::Custom { .. } => Stage::Screening,
        }
    }

    /// Whether an application may be moved from here to `to` with the move buttons.
    ///
    /// # Errors
    /// The pipeline's rules ([`Stage::check_move`]); a job's own stage moves like Screening.
    pub fn check_move(self, to: Place<'_>) -> Result<(), &'static str> {
        if self.key() == to.key() {
            return Err(MSG_STAGE_UNKNOWN);
        }
        let (from, to) = (self.rules_stage(), to.rules_stage());
        if from == to {
            return Ok(());
        }
        from.check_move(to)
    }

    /// Whether a rejected application may be reconsidered into this place.
    ///
    /// # Errors
    /// [`crate::pipeline::reconsider_to`]'s: a job's own stage counts as the stage it follows.
    pub fn check_reconsider(self) -> Result<(), &'static str> {
        crate::pipeline::reconsider_to(self.group())
    }
}

/// The places a rejected application of a job with `customs` can be reconsidered into, in
/// the board's order.
#[must_use]
pub fn reconsider_places<'a>(customs: &[CustomStage<'a>]) -> Vec<Place<'a>> {
    places(customs)
        .into_iter()
        .filter(|to| to.check_reconsider().is_ok())
        .collect()
}

/// Every place an application of a job with `customs` can be in, in the board's order:
/// each of the job's own stages right after the stage it follows, in the order given.
#[must_use]
pub fn places<'a>(customs: &[CustomStage<'a>]) -> Vec<Place<'a>> {
    let mut all = Vec::with_capacity(Stage::ALL.len() + customs.len());
    for stage in Stage::ALL {
        all.push(Place::Builtin(stage));
        all.extend(
            customs
                .iter()
                .filter(|c| c.after == stage)
                .map(|c| Place::Custom {
                    after: c.after,
                    id: c.id,
                }),
        );
    }
    all
}

/// The places an application at `from` can be moved to with the move buttons, in order.
#[must_use]
pub fn next<'a>(from: Place<'_>, customs: &[CustomStage<'a>]) -> Vec<Place<'a>> {
    places(customs)
        .into_iter()
        .filter(|to| from.check_move(*to).is_ok())
        .collect()
}

/// A new stage name as stored: trimmed, inner runs of spaces made one.
///
/// # Errors
/// Blank, longer than [`STAGE_NAME_MAX_CHARS`], holding hidden or text-direction characters,
/// or the name of one of the pipeline's
/// stages or of `taken` (the job's other stages), letter case aside.
pub fn check_name(name: &str, taken: &[&str]) -> Result<String, &'static str> {
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        return Err(MSG_STAGE_NAME_BLANK);
    }
    if name.chars().count() > STAGE_NAME_MAX_CHARS {
        return Err(MSG_STAGE_NAME_TOO_LONG);
    }
    if crate::job_limits::has_hidden_characters(&name) {
        return Err(crate::job_limits::MSG_HIDDEN_CHARACTERS);
    }
    let same = |other: &str| other.to_lowercase() == name.to_lowercase();
    if Stage::ALL.iter().any(|s| same(s.label())) || taken.iter().any(|t| same(t)) {
        return Err(MSG_STAGE_NAME_TAKEN);
    }
    Ok(name)
}

/// The stage a new stage follows, from how it is sent.
///
/// # Errors
/// [`MSG_STAGE_AFTER`] for anything but Applied, Screening or Interview.
pub fn check_after(value: &str) -> Result<Stage, &'static str> {
    Stage::parse(value)
        .filter(|s| CUSTOM_STAGE_ANCHORS.contains(s))
        .ok_or(MSG_STAGE_AFTER)
}

/// Whether a job with `count` stages of its own may have one more.
///
/// # Errors
/// [`MSG_TOO_MANY_STAGES`] at [`CUSTOM_STAGES_MAX`].
pub const fn check_room(count: usize) -> Result<(), &'static str> {
    if count >= CUSTOM_STAGES_MAX {
        Err(MSG_TOO_MANY_STAGES)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::{MSG_DECIDED, MSG_REJECT_WITH_REASON};

    const TEST: CustomStage<'static> = CustomStage {
        id: "t1",
        name: "Technical test",
        after: Stage::Screening,
    };
    const REFS: CustomStage<'static> = CustomStage {
        id: "r1",
        name: "Reference check",
        after: Stage::Interview,
    };

    #[test]
    fn places_read_back_and_a_custom_one_counts_as_the_stage_it_follows() {
        let custom = Place::parse("screening:t1").unwrap();
        assert_eq!(
            custom,
            Place::Custom {
                after: Stage::Screening,
                id: "t1"
            }
        );
        assert_eq!(custom.key(), TEST.key());
        assert_eq!(custom.group(), Stage::Screening);
        assert_eq!(custom.status(), ApplicationStatus::UnderReview);
        assert_eq!(custom.candidate_label(), "In review");
        assert_eq!(custom.label(&[TEST]), "Technical test");
        assert_eq!(custom.label(&[]), "Screening");
        for stage in Stage::ALL {
            assert_eq!(Place::parse(stage.as_str()), Some(Place::Builtin(stage)));
        }
        for bad in [
            "offer:x",
            "rejected:x",
            "screening:",
            "nowhere",
            "nowhere:x",
            "",
        ] {
            assert_eq!(Place::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_board_puts_each_own_stage_after_the_one_it_follows() {
        let keys: Vec<String> = places(&[REFS, TEST]).into_iter().map(Place::key).collect();
        assert_eq!(
            keys,
            [
                "applied",
                "screening",
                "screening:t1",
                "interview",
                "interview:r1",
                "offer",
                "hired",
                "rejected"
            ]
        );
    }

    #[test]
    fn an_own_stage_moves_like_an_undecided_one() {
        let custom = Place::Custom {
            after: Stage::Screening,
            id: "t1",
        };
        let next_keys: Vec<String> = next(custom, &[TEST, REFS])
            .into_iter()
            .map(Place::key)
            .collect();
        assert_eq!(
            next_keys,
            [
                "applied",
                "screening",
                "interview",
                "interview:r1",
                "offer",
                "hired"
            ]
        );
        let from_screening: Vec<String> = next(Place::Builtin(Stage::Screening), &[TEST])
            .into_iter()
            .map(Place::key)
            .collect();
        assert!(from_screening.contains(&"screening:t1".to_string()));
        assert_eq!(custom.check_move(custom), Err(MSG_STAGE_UNKNOWN));
        assert_eq!(
            custom.check_move(Place::Builtin(Stage::Rejected)),
            Err(MSG_REJECT_WITH_REASON)
        );
        assert_eq!(
            Place::Builtin(Stage::Offer).check_move(custom),
            Err(MSG_DECIDED)
        );
        assert!(
            next(Place::Builtin(Stage::Offer), &[TEST])
                .iter()
                .all(|p| *p == Place::Builtin(Stage::Hired))
        );
    }

    #[test]
    fn a_rejection_is_reconsidered_into_any_undecided_place_with_the_jobs_own() {
        let keys: Vec<String> = reconsider_places(&[TEST, REFS])
            .into_iter()
            .map(Place::key)
            .collect();
        assert_eq!(
            keys,
            [
                "applied",
                "screening",
                "screening:t1",
                "interview",
                "interview:r1"
            ]
        );
        assert_eq!(
            Place::Builtin(Stage::Hired).check_reconsider(),
            Err(crate::pipeline::MSG_RECONSIDER_STAGE)
        );
    }

    #[test]
    fn names_are_tidied_and_must_be_new_to_the_job() {
        assert_eq!(
            check_name("  Technical \n  test ", &[]),
            Ok("Technical test".into())
        );
        assert_eq!(check_name(" \t", &[]), Err(MSG_STAGE_NAME_BLANK));
        assert_eq!(check_name("interview", &[]), Err(MSG_STAGE_NAME_TAKEN));
        assert_eq!(
            check_name("TECHNICAL TEST", &["Technical test"]),
            Err(MSG_STAGE_NAME_TAKEN)
        );
        assert_eq!(
            check_name(&"é".repeat(STAGE_NAME_MAX_CHARS), &[]).map(|n| n.chars().count()),
            Ok(STAGE_NAME_MAX_CHARS)
        );
        assert_eq!(
            check_name(&"a".repeat(STAGE_NAME_MAX_CHARS + 1), &[]),
            Err(MSG_STAGE_NAME_TOO_LONG)
        );
        for hiding in ["Panel\u{0}", "\u{202e}weivretni", "Trade test\u{1b}"] {
            assert_eq!(
                check_name(hiding, &[]),
                Err(crate::job_limits::MSG_HIDDEN_CHARACTERS)
            );
        }
    }

    #[test]
    fn an_own_stage_follows_an_undecided_stage_and_a_job_has_at_most_five() {
        assert_eq!(check_after("interview"), Ok(Stage::Interview));
        assert_eq!(check_after("offer"), Err(MSG_STAGE_AFTER));
        assert_eq!(check_after(""), Err(MSG_STAGE_AFTER));
        assert_eq!(check_room(CUSTOM_STAGES_MAX - 1), Ok(()));
        assert_eq!(check_room(CUSTOM_STAGES_MAX), Err(MSG_TOO_MANY_STAGES));
    }
}

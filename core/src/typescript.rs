//! The TypeScript declarations of the values the browser exchanges with core through wasm,
//! written into `web/src/generated/core-types.ts` by core's tests (`make generated`), which fail
//! while that file is stale. Only with the `typescript` feature, which only those tests enable.

use ts_rs::TS;

use crate::application_status::{StatusBucket, StatusFields};
use crate::card::CollapsedList;
use crate::csv_import::ImportLimits;
use crate::gesture::{CardVisual, SwipeDecision};
use crate::interview::InterviewConstants;
use crate::interview::advice::{Narrative, Resource};
use crate::interview::metrics::{
    AnswerFigures, AnswerMeasurement, AudioMeasurement, Averages, FaceMeasurement,
    InterviewMeasurements, InterviewScores, Metric, MetricScore,
};
use crate::interview::questions::{Question, QuestionKind};
use crate::interview::report::{InterviewAnalysis, InterviewReport};
use crate::onboarding::OnboardingInput;
use crate::resume::flags::AtsFlag;
use crate::resume::{
    AtsCategory, AtsReport, AtsRule, ContactDetails, KeywordMatch, ProfileProposal, SectionKind,
};
use crate::role_style::{Gradient, RoleKey, RoleStyle};
use crate::validate::{FieldError, FormCheck};

/// Where the declarations go, from the repository's root.
pub const TYPESCRIPT_PATH: &str = "web/src/generated/core-types.ts";

/// Every declaration, in a stable order, as one module.
#[must_use]
pub fn declarations() -> String {
    let decls = [
        FieldError::decl(),
        FormCheck::decl(),
        OnboardingInput::decl(),
        RoleKey::decl(),
        Gradient::decl(),
        RoleStyle::decl(),
        SwipeDecision::decl(),
        CardVisual::decl(),
        CollapsedList::decl(),
        StatusBucket::decl(),
        StatusFields::decl(),
        ImportLimits::decl(),
        QuestionKind::decl(),
        Question::decl(),
        AudioMeasurement::decl(),
        FaceMeasurement::decl(),
        AnswerMeasurement::decl(),
        InterviewMeasurements::decl(),
        Metric::decl(),
        MetricScore::decl(),
        AnswerFigures::decl(),
        Averages::decl(),
        InterviewScores::decl(),
        Resource::decl(),
        Narrative::decl(),
        InterviewAnalysis::decl(),
        InterviewReport::decl(),
        InterviewConstants::decl(),
        ProfileProposal::decl(),
        AtsCategory::decl(),
        SectionKind::decl(),
        AtsRule::decl(),
        AtsFlag::decl(),
        ContactDetails::decl(),
        KeywordMatch::decl(),
        AtsReport::decl(),
    ];
    let mut out = String::from(
        "// Generated from core's types (core/src/typescript.rs) by `make generated`; do not edit.\n",
    );
    for decl in decls {
        out.push('\n');
        out.push_str("export ");
        out.push_str(&decl);
        out.push('\n');
    }
    out
}

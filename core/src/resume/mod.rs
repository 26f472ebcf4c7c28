//! Resumes: the text of an uploaded file, an ATS score with concrete
//! recommendations, and an upgraded, ATS-friendly rewrite that keeps every fact.
//!
//! - [`extract_text`] reads PDF, DOCX, legacy DOC and plain text; images need OCR,
//!   which the server runs ([`ExtractError::NeedsOcr`], then [`ResumeText::from_plain`]).
//! - [`analyze`] scores the text against an [`AtsTarget`] with the rubric documented in
//!   [`ats`]: the same text and target always give the same report.
//! - [`upgrade`] rewrites the text under standard headings with bullets and a skills
//!   section, inventing nothing; its result never scores lower than the original.

pub mod ats;
mod doc;
pub(crate) mod docx;
pub mod extract;
pub mod facts;
pub mod flags;
pub mod layout;
pub mod preview;
pub mod proposal;
mod section_kind;
mod sections;
pub mod upgrade;
mod vocabulary;

pub use ats::{
    ATS_TARGET_SCORE, AtsCategory, AtsReport, AtsRule, AtsTarget, ContactDetails, KeywordMatch,
    MSG_TARGET_TEXT_TOO_LONG, TARGET_TEXT_MAX_CHARS, analyze,
};
pub use extract::{
    ExtractError, ImageKind, OCR_UNAVAILABLE, ResumeFormat, ResumeText, extract_text,
};
pub use facts::{FACTS_VERSION, ResumeFacts, WorkRole, YearMonth, resume_facts};
pub use flags::AtsFlag;
pub use proposal::{MAX_PROPOSED_SKILLS, ProfileProposal, propose_profile};
pub use section_kind::SectionKind;
pub use upgrade::{upgrade, upgrade_keeping};

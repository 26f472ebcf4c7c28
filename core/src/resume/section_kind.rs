//! The kinds of section a resume is read into, and the heading the upgrade writes for each.

use serde::Serialize;

/// The sections a resume can have; `Other` is any further heading (References, …).
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SectionKind {
    Summary,
    Experience,
    Education,
    Skills,
    Certifications,
    Projects,
    Other,
}

impl SectionKind {
    /// The standard heading the upgrade writes.
    pub fn heading(self) -> &'static str {
        match self {
            Self::Summary => "SUMMARY",
            Self::Experience => "EXPERIENCE",
            Self::Education => "EDUCATION",
            Self::Skills => "SKILLS",
            Self::Certifications => "CERTIFICATIONS",
            Self::Projects => "PROJECTS",
            Self::Other => "OTHER",
        }
    }
}

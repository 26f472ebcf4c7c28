//! The kinds of job (spec, employer side §3 option lists): one list for postings, bulk imports
//! and a candidate's preferences, stored and shown in its canonical spelling.

/// A kind of job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JobType {
    FullTime,
    PartTime,
    Contract,
    Remote,
}

impl JobType {
    /// Every kind, in the order the forms offer them.
    pub const ALL: [Self; 4] = [Self::FullTime, Self::PartTime, Self::Contract, Self::Remote];

    /// The canonical spelling, as stored and shown: "Full-time".
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::FullTime => "Full-time",
            Self::PartTime => "Part-time",
            Self::Contract => "Contract",
            Self::Remote => "Remote",
        }
    }

    /// The kind spelled exactly as stored (a candidate's preferences hold the labels).
    #[must_use]
    pub fn from_label(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.label() == text)
    }

    /// The kind typed by hand: surrounding space and letter case do not matter ("full-TIME ").
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        Self::ALL
            .into_iter()
            .find(|t| t.label().eq_ignore_ascii_case(text))
    }
}

/// The canonical spellings, in [`JobType::ALL`]'s order (the catalogue sends them to the browser).
pub const JOB_TYPES: [&str; 4] = [
    JobType::FullTime.label(),
    JobType::PartTime.label(),
    JobType::Contract.label(),
    JobType::Remote.label(),
];

/// The message for a job type that is none of them.
pub const MSG_UNKNOWN: &str = "Job type must be one of: Full-time, Part-time, Contract, Remote";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_from_its_label_and_the_list_follows_all() {
        for (kind, label) in JobType::ALL.into_iter().zip(JOB_TYPES) {
            assert_eq!(kind.label(), label);
            assert_eq!(JobType::from_label(label), Some(kind));
            assert_eq!(
                JobType::parse(&format!(" {} ", label.to_uppercase())),
                Some(kind)
            );
        }
    }

    #[test]
    fn the_message_names_every_kind() {
        assert_eq!(
            MSG_UNKNOWN,
            format!("Job type must be one of: {}", JOB_TYPES.join(", "))
        );
    }

    #[test]
    fn other_spellings_are_no_kind() {
        assert_eq!(JobType::from_label("full-time"), None);
        assert_eq!(JobType::parse("Full time"), None);
        assert_eq!(JobType::parse("Internship"), None);
        assert_eq!(JobType::parse(""), None);
    }
}

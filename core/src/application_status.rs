//! The states of an application, what each is called on screen, and which of the
//! candidate's tabs (and the employer's analytics) it counts under: one place for the
//! server's counters and both sides' badges.

use serde::Serialize;

/// What a candidate's badge says of a rejected application: the decision, never the reason.
pub const CANDIDATE_REJECTED_LABEL: &str = "Not selected";

/// Where an application stands. `Pending` and `UnderReview` are older states some rows
/// still hold; new applications start `Applied`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApplicationStatus {
    Applied,
    Pending,
    UnderReview,
    Accepted,
    Rejected,
}

/// The tab an application is listed under besides All, and the analytics group it counts in.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StatusBucket {
    Pending,
    Accepted,
    Rejected,
}

impl StatusBucket {
    /// Every bucket, in the order of the candidate's tabs after All.
    pub const ALL: [Self; 3] = [Self::Pending, Self::Accepted, Self::Rejected];

    /// As sent in `status_bucket`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Accepted => "accepted",
            Self::Rejected => "rejected",
        }
    }

    /// The stored states of this bucket as an SQL list, for `status IN …`: the database holds
    /// the states as [`ApplicationStatus::as_str`] writes them, and no query spells them again.
    #[must_use]
    pub fn sql_list(self) -> String {
        let states: Vec<String> = ApplicationStatus::ALL
            .into_iter()
            .filter(|s| s.bucket() == self)
            .map(|s| format!("'{}'", s.as_str()))
            .collect();
        format!("({})", states.join(", "))
    }

    /// The tab's and the counter's name (spec, candidate §2: "Pending", "Accepted", "Rejected").
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Pending => "Pending",
            Self::Accepted => "Accepted",
            Self::Rejected => "Rejected",
        }
    }
}

/// A stored status with its badge text and tab, as every application is sent.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StatusFields {
    pub status: String,
    /// The label of a known state; an unknown one shows as stored.
    pub status_label: String,
    pub status_bucket: Option<StatusBucket>,
}

/// The fields of the stored status `status`.
#[must_use]
pub fn fields(status: &str) -> StatusFields {
    let known = ApplicationStatus::parse(status);
    StatusFields {
        status: status.to_string(),
        status_label: known.map_or_else(|| status.to_string(), |s| s.label().to_string()),
        status_bucket: known.map(ApplicationStatus::bucket),
    }
}

/// The fields of the stored status `status` as its candidate reads them: a rejection is
/// "Not selected", the decision without the employer's word for it.
#[must_use]
pub fn candidate_fields(status: &str) -> StatusFields {
    let mut fields = fields(status);
    if ApplicationStatus::parse(status) == Some(ApplicationStatus::Rejected) {
        fields.status_label = CANDIDATE_REJECTED_LABEL.to_string();
    }
    fields
}

impl ApplicationStatus {
    /// Every state, in the order a list of them is shown.
    pub const ALL: [Self; 5] = [
        Self::Applied,
        Self::Pending,
        Self::UnderReview,
        Self::Accepted,
        Self::Rejected,
    ];

    /// The state stored as `value` (`applied`, `under_review`, …), if it is one.
    #[must_use]
    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == value)
    }

    /// How the state is stored and sent.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Applied => "applied",
            Self::Pending => "pending",
            Self::UnderReview => "under_review",
            Self::Accepted => "accepted",
            Self::Rejected => "rejected",
        }
    }

    /// The badge text, the same on the candidate's and the employer's screens.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Applied => "Applied",
            Self::Pending => "Pending",
            Self::UnderReview => "Under review",
            Self::Accepted => "Accepted",
            Self::Rejected => "Rejected",
        }
    }

    /// The tab and analytics group: "applied" is the spec's Pending, with the older states.
    #[must_use]
    pub const fn bucket(self) -> StatusBucket {
        match self {
            Self::Applied | Self::Pending | Self::UnderReview => StatusBucket::Pending,
            Self::Accepted => StatusBucket::Accepted,
            Self::Rejected => StatusBucket::Rejected,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_state_reads_back_and_has_one_label_and_bucket() {
        for status in ApplicationStatus::ALL {
            assert_eq!(ApplicationStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(ApplicationStatus::parse("Under review"), None);
        assert_eq!(ApplicationStatus::UnderReview.label(), "Under review");
        assert_eq!(fields("rejected").status_label, "Rejected");
        assert_eq!(candidate_fields("rejected").status_label, "Not selected");
        assert_eq!(
            candidate_fields("rejected").status_bucket,
            Some(StatusBucket::Rejected)
        );
        assert_eq!(candidate_fields("accepted"), fields("accepted"));
        assert_eq!(
            StatusBucket::Pending.sql_list(),
            "('applied', 'pending', 'under_review')"
        );
        assert_eq!(StatusBucket::Rejected.sql_list(), "('rejected')");
        for bucket in StatusBucket::ALL {
            let sent = serde_json::to_value(bucket).expect("serializes");
            assert_eq!(sent.as_str(), Some(bucket.as_str()));
        }
        let buckets: Vec<StatusBucket> =
            ApplicationStatus::ALL.iter().map(|s| s.bucket()).collect();
        assert_eq!(
            buckets,
            [
                StatusBucket::Pending,
                StatusBucket::Pending,
                StatusBucket::Pending,
                StatusBucket::Accepted,
                StatusBucket::Rejected
            ]
        );
    }
}

//! Application states in SQL, spelled from core's [`ApplicationStatus`] and [`Stage`], so no
//! query writes a state again. What they build holds nothing but core's constants, which is why
//! the queries that use them may pass it as `sqlx::AssertSqlSafe`.

use jobtap_core::application_status::{ApplicationStatus, StatusBucket};
use jobtap_core::pipeline::Stage;

/// The stored status of a rejected application.
pub const REJECTED: &str = ApplicationStatus::Rejected.as_str();
/// The pipeline stage of a rejected application.
pub const REJECTED_STAGE: &str = Stage::Rejected.as_str();

/// `{alias}.status` is one of the states still waiting for the employer's decision.
pub fn is_open(alias: &str) -> String {
    format!("{alias}.status IN {}", StatusBucket::Pending.sql_list())
}

/// `{alias}` is an application its employer still sees: not hidden from them, or rejected and
/// kept until the employer's retention period releases it (`employer::retention`).
pub fn employer_sees(alias: &str) -> String {
    format!(
        "({alias}.hidden_from_employer = FALSE OR ({alias}.status = '{REJECTED}' \
         AND {alias}.employer_released_at IS NULL))"
    )
}

/// `{alias}` is an application its employer's analytics count: one they still see, or one
/// they saw until its candidate deleted their account (`accounts::delete`, anonymised).
pub fn employer_counts(alias: &str) -> String {
    format!(
        "({} OR {alias}.anonymised_at IS NOT NULL)",
        employer_sees(alias)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predicates_name_the_stored_states() {
        assert_eq!(
            is_open("a"),
            "a.status IN ('applied', 'pending', 'under_review')"
        );
        assert!(employer_sees("a").contains("a.status = 'rejected'"));
        assert_eq!(REJECTED_STAGE, "rejected");
    }
}

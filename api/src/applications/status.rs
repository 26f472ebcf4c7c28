//! An application's status as every answer sends it: the stored value with core's badge text
//! and tab (`jobtap_core::application_status`), so no client keeps its own list of them.

use jobtap_core::application_status::{StatusBucket, StatusFields, candidate_fields, fields};
use serde::Serialize;

/// The `status` column, read with what it shows; flattened into an application's JSON as
/// `status`, `status_label` and `status_bucket`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StatusView {
    /// As stored: `applied`, `pending`, `under_review`, `accepted` or `rejected`.
    pub status: String,
    /// The badge text ("Applied", "Under review", …), the same on every screen.
    pub status_label: String,
    /// The candidate's tab and the analytics group: `pending`, `accepted` or `rejected`;
    /// null for a state this server does not know.
    #[schema(value_type = Option<crate::http::core_schemas::StatusBucketSchema>)]
    pub status_bucket: Option<StatusBucket>,
}

impl StatusView {
    /// The same status as its candidate reads it (a rejection is "Not selected").
    #[must_use]
    pub fn for_candidate(self) -> Self {
        let StatusFields {
            status,
            status_label,
            status_bucket,
        } = candidate_fields(&self.status);
        Self {
            status,
            status_label,
            status_bucket,
        }
    }
}

impl From<String> for StatusView {
    fn from(status: String) -> Self {
        let StatusFields {
            status,
            status_label,
            status_bucket,
        } = fields(&status);
        Self {
            status,
            status_label,
            status_bucket,
        }
    }
}

impl<DB: sqlx::Database> sqlx::Type<DB> for StatusView
where
    String: sqlx::Type<DB>,
{
    fn type_info() -> DB::TypeInfo {
        <String as sqlx::Type<DB>>::type_info()
    }

    fn compatible(ty: &DB::TypeInfo) -> bool {
        <String as sqlx::Type<DB>>::compatible(ty)
    }
}

impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for StatusView
where
    String: sqlx::Decode<'r, DB>,
{
    fn decode(value: DB::ValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
        Ok(Self::from(<String as sqlx::Decode<'r, DB>>::decode(value)?))
    }
}

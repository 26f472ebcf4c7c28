//! The employer's rejected applications, kept beside their list until their retention period
//! releases them (`retention.rs`): what was decided, why, what the candidate was told, and
//! where each could be taken back to. An application the employer removed without rejecting
//! it is not here: removing is choosing not to see it.

use serde::{Deserialize, Serialize};
use sqlx::AssertSqlSafe;

use jobtap_core::job_stages::{self, Place};
use jobtap_core::pipeline::RejectionReason;

use super::applications::StageOption;
use crate::db::Db;
use crate::db::states::REJECTED_STAGE;
use crate::on_db;

/// Rejected applications per page when the client names no limit.
pub const DEFAULT_LIMIT: i64 = 50;
/// The most one page holds.
pub const MAX_LIMIT: i64 = 100;

/// Which rejected applications, a page at a time, newest rejection first.
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct ArchiveQuery {
    /// Only those to this job; all the caller's jobs when left out.
    pub job_id: Option<String>,
    /// 1–100 (others are clamped); 50 when left out.
    pub limit: Option<i64>,
    /// `next_cursor` of the previous page.
    pub cursor: Option<String>,
}

/// A rejected application as the archive shows it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct RejectedApplication {
    pub id: String,
    pub job_id: String,
    pub job_title: String,
    pub candidate_name: String,
    pub candidate_email: String,
    pub applied_at: i64,
    /// One of core's rejection reasons; null for one made by deleting the job.
    #[schema(value_type = Option<crate::http::core_schemas::RejectionReasonSchema>)]
    pub reason: Option<String>,
    /// The reason as the reject dialog names it.
    #[sqlx(skip)]
    pub reason_label: Option<String>,
    /// The employer's own words on the reason; never shown to the candidate.
    pub rejection_detail: Option<String>,
    /// The employer's team's own note; never shown to the candidate.
    pub private_note: Option<String>,
    /// The feedback the candidate was sent.
    pub employer_comment: Option<String>,
    /// When it was rejected (the move to Rejected), epoch milliseconds.
    pub rejected_at: i64,
    /// `rejected_at` as every screen writes a date: "Mar 5, 2026".
    #[sqlx(skip)]
    pub rejected_text: String,
    /// The stages it can be taken back to (core's rules over its job's own stages).
    #[sqlx(skip)]
    pub reconsider_stages: Vec<StageOption>,
}

/// One page of the employer's rejected applications (to `job_id` only, when given), newest
/// rejection first (ties by id, descending), strictly after `after` = `(rejected_at, id)`;
/// at most `limit` rows.
pub async fn page(
    db: &Db,
    employer_id: &str,
    job_id: Option<&str>,
    after: Option<(i64, &str)>,
    limit: i64,
) -> Result<Vec<RejectedApplication>, sqlx::Error> {
    let (after_at, after_id) = after.unwrap_or((i64::MAX, ""));
    // The rejection's time is that of its move; a row from before moves were recorded
    // was last changed by its rejection.
    let sql = format!(
        "SELECT * FROM (SELECT a.id, a.job_id, j.job_title, p.full_name AS candidate_name, \
         p.email AS candidate_email, a.applied_at, a.rejection_reason AS reason, \
         a.rejection_note AS rejection_detail, a.private_note, a.employer_comment, \
         COALESCE((SELECT MAX(m.at) FROM application_stage_moves m WHERE m.application_id = a.id \
         AND m.to_stage = '{REJECTED_STAGE}'), a.updated_at) AS rejected_at \
         FROM applications a JOIN jobs j ON j.id = a.job_id JOIN profiles p ON p.id = a.user_id \
         WHERE j.employer_id = $1 AND a.stage = '{REJECTED_STAGE}' \
         AND a.employer_released_at IS NULL AND a.job_id = COALESCE($2, a.job_id)) r \
         WHERE (r.rejected_at, r.id) < ($3, $4) ORDER BY r.rejected_at DESC, r.id DESC LIMIT $5"
    );
    let rows = on_db!(db, pool => {
        sqlx::query_as::<_, RejectedApplication>(AssertSqlSafe(sql.clone()))
            .bind(employer_id)
            .bind(job_id)
            .bind(after_at)
            .bind(after_id)
            .bind(limit)
            .fetch_all(pool)
            .await
    })?;
    let stages = super::stages::of_employer(db, employer_id).await?;
    Ok(rows
        .into_iter()
        .map(|mut row| {
            row.reason_label = row
                .reason
                .as_deref()
                .and_then(RejectionReason::parse)
                .map(|r| r.label().to_string());
            row.rejected_text = jobtap_core::format::format_date(row.rejected_at);
            let customs = super::stages::of_job(&stages, &row.job_id);
            row.reconsider_stages = job_stages::reconsider_places(&customs)
                .into_iter()
                .map(|place: Place<'_>| StageOption {
                    stage: place.key(),
                    label: place.label(&customs),
                    group: place.group().as_str(),
                })
                .collect();
            row
        })
        .collect())
}

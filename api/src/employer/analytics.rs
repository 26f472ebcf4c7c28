//! Analytics over the applications to an employer's jobs, computed by SQL aggregates.

use sqlx::AssertSqlSafe;
use std::collections::BTreeMap;

use jobtap_core::application_status::{ApplicationStatus, StatusBucket};
use jobtap_core::job_stages::Place;
use jobtap_core::pipeline::Stage;
use jobtap_core::stage_funnel::{self, History, Move};
use serde::Serialize;

use crate::clock::DAY_MS;
use crate::db::Db;
use crate::db::states;
use crate::on_db;

/// The analytics object of the spec, plus series for the charts.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Analytics {
    pub total_applications: i64,
    pub accepted_count: i64,
    pub rejected_count: i64,
    /// Applications awaiting a decision: applied, pending or under review.
    pub pending_count: i64,
    pub location_distribution: BTreeMap<String, i64>,
    /// One entry per day of the last 30 days (oldest first), zeros included.
    pub applications_per_day: Vec<DayCount>,
    pub applications_per_job: Vec<JobCount>,
    /// The pipeline's funnel: how many applications reached each stage, and the median days
    /// spent in it (core's `stage_funnel`).
    pub pipeline: Vec<StageLine>,
    /// Of `total_applications`, those whose candidates have deleted their accounts since: still
    /// counted, with no name, letter or documents.
    pub from_deleted_accounts: i64,
}

/// One stage of the funnel.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StageLine {
    #[schema(value_type = crate::http::core_schemas::StageSchema)]
    pub stage: &'static str,
    pub label: &'static str,
    /// Applications that reached it or a later stage.
    pub reached: u64,
    /// `reached` as a share of all applications, 0–100.
    pub percent_of_applied: f64,
    /// Median days of the stays in it that ended; `None` before any did.
    pub median_days: Option<f64>,
}

/// A stored move of one of the employer's applications, with the application's own facts.
#[derive(Debug, sqlx::FromRow)]
struct MoveRow {
    application_id: String,
    applied_at: i64,
    status: String,
    from_stage: String,
    to_stage: String,
    at: i64,
}

/// The funnel from the applications' counts by status (`by_status`) and the moves of those
/// that moved. An application never moved is in the stage of its status.
fn pipeline(by_status: &BTreeMap<String, i64>, moves: &[MoveRow]) -> Vec<StageLine> {
    let mut histories: Vec<History> = Vec::new();
    let mut moved_by_status: BTreeMap<&str, i64> = BTreeMap::new();
    let mut last: Option<&str> = None;
    for row in moves {
        if last != Some(row.application_id.as_str()) {
            last = Some(&row.application_id);
            *moved_by_status.entry(&row.status).or_insert(0) += 1;
            histories.push(History {
                applied_at: row.applied_at,
                moves: Vec::new(),
            });
        }
        // A job's own stage counts as the stage it follows: a move between the two is a
        // stay going on, not a new one.
        let group = |stored: &str| Place::parse(stored).map(Place::group);
        if let (Some(history), Some(from), Some(to)) = (
            histories.last_mut(),
            group(&row.from_stage),
            group(&row.to_stage),
        ) && from != to
        {
            history.moves.push(Move {
                from,
                to,
                at: row.at,
            });
        }
    }
    let unmoved: Vec<(Stage, u64)> = by_status
        .iter()
        .filter_map(|(status, count)| {
            let left = count - moved_by_status.get(status.as_str()).copied().unwrap_or(0);
            let stage = Stage::of_status(ApplicationStatus::parse(status)?);
            u64::try_from(left)
                .ok()
                .filter(|n| *n > 0)
                .map(|n| (stage, n))
        })
        .collect();
    stage_funnel::report(&unmoved, &histories)
        .into_iter()
        .map(|line| StageLine {
            stage: line.stage,
            label: line.label,
            reached: line.reached,
            percent_of_applied: line.percent_of_applied,
            median_days: line.median_days,
        })
        .collect()
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DayCount {
    /// Start of the UTC day, epoch milliseconds.
    pub day: i64,
    pub count: i64,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct JobCount {
    pub job_id: String,
    pub job_title: String,
    pub count: i64,
}

/// Applications the employer has received: those on their list and those they rejected
/// (removed from the list, still counted until released: `super::retention`), and those whose
/// candidates deleted their accounts since (anonymised); not those they deleted from view
/// otherwise.
/// Every column these queries read of an application is in the `applications_job_review`
/// index (migration 0004), so no application row (cover letter included) is read.
fn received() -> String {
    format!(
        " FROM applications a JOIN jobs j ON j.id = a.job_id \
          WHERE j.employer_id = $1 AND {} ",
        states::employer_counts("a")
    )
}

/// Computes the analytics of `employer_id` as of `now`.
pub async fn compute(db: &Db, employer_id: &str, now: i64) -> Result<Analytics, sqlx::Error> {
    let today = now - now.rem_euclid(DAY_MS);
    let first_day = today - 29 * DAY_MS;
    let (by_status_day, locations, jobs, moves, from_deleted) = on_db!(db, pool => {
        // The four counts and the per-day series in one pass: per status, and per UTC day
        // of the last 30 days (-1 for everything older).
        let by_status_day: Vec<(String, i64, i64)> = sqlx::query_as(AssertSqlSafe(format!(
            "SELECT a.status, CASE WHEN a.applied_at >= $2 THEN a.applied_at / 86400000 ELSE -1 END AS day, \
             COUNT(*){}GROUP BY 1, 2",
            received()
        )))
        .bind(employer_id)
        .bind(first_day)
        .fetch_all(pool)
        .await?;
        // The same applications, counted per candidate first, so each profile is read
        // once per candidate rather than once per application.
        let locations: Vec<(Option<String>, i64)> = sqlx::query_as(AssertSqlSafe(format!(
            "SELECT p.location, CAST(SUM(x.n) AS BIGINT) FROM (SELECT a.user_id, COUNT(*) AS n{}\
             GROUP BY a.user_id) x LEFT JOIN profiles p ON p.id = x.user_id GROUP BY p.location",
            received()
        )))
        .bind(employer_id)
        .fetch_all(pool)
        .await?;
        // Counted per job by a subquery over the job's index range: no sort of every
        // application by job, as a join grouped by job needs.
        let jobs: Vec<JobCount> = sqlx::query_as(AssertSqlSafe(format!(
            "SELECT j.id AS job_id, j.job_title, (SELECT COUNT(*) FROM applications a WHERE a.job_id = j.id \
             AND {}) AS count FROM jobs j \
             WHERE j.employer_id = $1 ORDER BY count DESC, j.job_title",
            states::employer_counts("a")
        )))
        .bind(employer_id)
        .fetch_all(pool)
        .await?;
        // Only the applications that moved are read here, by the moves' own index.
        let moves: Vec<MoveRow> = sqlx::query_as(AssertSqlSafe(format!(
            "SELECT m.application_id, a.applied_at, a.status, m.from_stage, m.to_stage, m.at \
             FROM application_stage_moves m JOIN applications a ON a.id = m.application_id \
             JOIN jobs j ON j.id = a.job_id WHERE j.employer_id = $1 \
             AND {} ORDER BY m.application_id, m.at, m.id",
            states::employer_counts("a")
        )))
        .bind(employer_id)
        .fetch_all(pool)
        .await?;
        let from_deleted: i64 = sqlx::query_scalar(AssertSqlSafe(format!(
            "SELECT COUNT(*){}AND a.anonymised_at IS NOT NULL",
            received()
        )))
        .bind(employer_id)
        .fetch_one(pool)
        .await?;
        (by_status_day, locations, jobs, moves, from_deleted)
    });
    let (mut total, mut accepted, mut rejected, mut pending) = (0, 0, 0, 0);
    let mut by_day: BTreeMap<i64, i64> = BTreeMap::new();
    let mut by_status: BTreeMap<String, i64> = BTreeMap::new();
    for (status, day, count) in by_status_day {
        total += count;
        *by_status.entry(status.clone()).or_insert(0) += count;
        match ApplicationStatus::parse(&status).map(ApplicationStatus::bucket) {
            Some(StatusBucket::Accepted) => accepted += count,
            Some(StatusBucket::Rejected) => rejected += count,
            Some(StatusBucket::Pending) => pending += count,
            None => {}
        }
        if day >= 0 {
            *by_day.entry(day).or_insert(0) += count;
        }
    }
    let applications_per_day = (0..30)
        .map(|i| {
            let day = first_day + i * DAY_MS;
            DayCount {
                day,
                count: by_day.get(&(day / DAY_MS)).copied().unwrap_or(0),
            }
        })
        .collect();
    let mut location_distribution = BTreeMap::new();
    for (location, count) in locations {
        let name = location
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
            .unwrap_or_else(|| "Unknown".into());
        *location_distribution.entry(name).or_insert(0) += count;
    }
    Ok(Analytics {
        total_applications: total,
        accepted_count: accepted,
        rejected_count: rejected,
        pending_count: pending,
        location_distribution,
        applications_per_day,
        applications_per_job: jobs,
        pipeline: pipeline(&by_status, &moves),
        from_deleted_accounts: from_deleted,
    })
}

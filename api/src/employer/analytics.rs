//! Analytics over the applications to an employer's jobs, computed by SQL aggregates.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::clock::DAY_MS;
use crate::db::Db;
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
/// (removed from the list, still counted); not those they deleted from view otherwise.
macro_rules! received {
    () => {
        " FROM applications a JOIN jobs j ON j.id = a.job_id JOIN profiles p ON p.id = a.user_id \
          WHERE j.employer_id = $1 AND (NOT a.hidden_from_employer OR a.status = 'rejected') "
    };
}

/// Computes the analytics of `employer_id` as of `now`.
pub async fn compute(db: &Db, employer_id: &str, now: i64) -> Result<Analytics, sqlx::Error> {
    let today = now - now.rem_euclid(DAY_MS);
    let first_day = today - 29 * DAY_MS;
    let (counts, locations, days, jobs) = on_db!(db, pool => {
        let counts: (i64, i64, i64, i64) = sqlx::query_as(concat!(
            "SELECT COUNT(*), \
             COALESCE(SUM(CASE WHEN a.status = 'accepted' THEN 1 ELSE 0 END), 0), \
             COALESCE(SUM(CASE WHEN a.status = 'rejected' THEN 1 ELSE 0 END), 0), \
             COALESCE(SUM(CASE WHEN a.status IN ('applied', 'pending', 'under_review') THEN 1 ELSE 0 END), 0)",
            received!()
        ))
        .bind(employer_id)
        .fetch_one(pool)
        .await?;
        // The same applications as `received!`, counted per candidate first, so each
        // profile is read once per candidate rather than once per application.
        let locations: Vec<(Option<String>, i64)> = sqlx::query_as(
            "SELECT p.location, CAST(SUM(x.n) AS BIGINT) FROM (SELECT a.user_id, COUNT(*) AS n \
             FROM applications a JOIN jobs j ON j.id = a.job_id \
             WHERE j.employer_id = $1 AND (NOT a.hidden_from_employer OR a.status = 'rejected') \
             GROUP BY a.user_id) x JOIN profiles p ON p.id = x.user_id GROUP BY p.location",
        )
        .bind(employer_id)
        .fetch_all(pool)
        .await?;
        let days: Vec<(i64, i64)> = sqlx::query_as(concat!(
            "SELECT a.applied_at / 86400000, COUNT(*)",
            received!(),
            "AND a.applied_at >= $2 GROUP BY a.applied_at / 86400000"
        ))
        .bind(employer_id)
        .bind(first_day)
        .fetch_all(pool)
        .await?;
        let jobs: Vec<JobCount> = sqlx::query_as(
            "SELECT j.id AS job_id, j.job_title, COUNT(a.id) AS count FROM jobs j \
             LEFT JOIN applications a ON a.job_id = j.id AND (NOT a.hidden_from_employer OR a.status = 'rejected') \
             WHERE j.employer_id = $1 GROUP BY j.id, j.job_title ORDER BY count DESC, j.job_title",
        )
        .bind(employer_id)
        .fetch_all(pool)
        .await?;
        (counts, locations, days, jobs)
    });
    let by_day: BTreeMap<i64, i64> = days.into_iter().collect();
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
        total_applications: counts.0,
        accepted_count: counts.1,
        rejected_count: counts.2,
        pending_count: counts.3,
        location_distribution,
        applications_per_day,
        applications_per_job: jobs,
    })
}

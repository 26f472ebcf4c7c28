//! The employers' daily summary, for each member of a company's team who turned it on: per job of
//! the company, the applications since the last summary (or of the last day) and those awaiting a
//! decision; none on a day with neither.

use sqlx::AssertSqlSafe;
use std::time::Duration;

use jobtap_core::notifications::{SUMMARY_EVERY_MS, Setting};
use jobtap_core::team::CompanyRole;

use crate::db::states;
use crate::mail::outbox::NewRow;
use crate::mail::scheduled;
use crate::mail::texts::{self, DailySummary, SummaryJob};
use crate::state::AppState;
use crate::{on_db, on_db_write, queue_mail};

/// How often due summaries are looked for.
pub const TICK: Duration = Duration::from_secs(10 * 60);

#[derive(sqlx::FromRow)]
struct Due {
    id: String,
    email: String,
    full_name: String,
    /// Their role in their company (members are on one company's team).
    role: String,
    summary_sent_at: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct JobLine {
    job_title: String,
    new: i64,
    waiting: i64,
}

/// Queues every summary due now; returns how many.
pub async fn run_once(state: &AppState) -> anyhow::Result<usize> {
    let now = state.now_ms();
    let due: Vec<Due> = on_db!(&state.db, pool => {
        sqlx::query_as(
            "SELECT u.id, u.email, COALESCE(p.full_name, '') AS full_name, m.role, \
             u.summary_sent_at FROM notification_settings s JOIN users u ON u.id = s.user_id \
             JOIN company_members m ON m.user_id = u.id LEFT JOIN profiles p ON p.id = u.id \
             WHERE s.kind = $1 AND s.email \
             AND (u.summary_sent_at IS NULL OR u.summary_sent_at <= $2)",
        )
        .bind(Setting::DailySummary.key())
        .bind(now - SUMMARY_EVERY_MS)
        .fetch_all(pool)
        .await
    })?;
    Ok(scheduled::round(
        state,
        "daily summary",
        &due,
        |e| &e.id,
        |e| one(state, e, now),
    )
    .await)
}

/// Looks for due summaries every [`TICK`] until the task is aborted.
pub async fn run(state: AppState) {
    scheduled::every(TICK, "daily summaries", || run_once(&state)).await;
}

/// Queues `employer`'s summary if they have news; false when not, or another instance did.
async fn one(state: &AppState, employer: &Due, now: i64) -> anyhow::Result<bool> {
    let lines: Vec<JobLine> = on_db!(&state.db, pool => {
        sqlx::query_as(AssertSqlSafe(format!(
            "SELECT j.job_title, \
             SUM(CASE WHEN a.applied_at > $2 THEN 1 ELSE 0 END) AS new, \
             SUM(CASE WHEN {open} THEN 1 ELSE 0 END) AS waiting \
             FROM applications a JOIN jobs j ON j.id = a.job_id \
             JOIN company_members m ON m.user_id = $1 AND m.company_id = j.employer_id \
             WHERE {knows} AND NOT a.hidden_from_employer \
             GROUP BY j.id, j.job_title, j.posted_at ORDER BY j.posted_at DESC, j.id",
            open = states::is_open("a"),
            knows = crate::knows_job!("m", "j.id"),
        )))
        .bind(&employer.id)
        // New since the last summary, so none falls between two.
        .bind(employer.summary_sent_at.unwrap_or(now - SUMMARY_EVERY_MS))
        .fetch_all(pool)
        .await
    })?;
    let jobs: Vec<SummaryJob> = lines
        .into_iter()
        .filter(|l| l.new > 0 || l.waiting > 0)
        .map(|l| SummaryJob {
            title: l.job_title,
            new: l.new,
            waiting: l.waiting,
        })
        .collect();
    if jobs.is_empty() {
        return Ok(false);
    }
    let mail = &state.config.mail;
    let message = texts::daily_summary(&DailySummary {
        to_address: &employer.email,
        employer_name: &employer.full_name,
        // A role this build does not know is told nothing is theirs to decide.
        role: CompanyRole::parse(&employer.role).unwrap_or(CompanyRole::Interviewer),
        jobs: &jobs,
        public_url: &mail.public_url,
    });
    let row = NewRow::new(&message, mail, now)?;
    let queued = on_db_write!(&state.db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        let claimed = sqlx::query(
            "UPDATE users SET summary_sent_at = $2 WHERE id = $1 \
             AND (summary_sent_at IS NULL OR summary_sent_at <= $3)",
        )
        .bind(&employer.id)
        .bind(now)
        .bind(now - SUMMARY_EVERY_MS)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if claimed {
            queue_mail!(&mut *tx, &row)?;
            tx.commit().await?;
        }
        Ok::<bool, sqlx::Error>(claimed)
    })?;
    Ok(queued)
}

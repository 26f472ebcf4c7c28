//! Employers' e-mails about new applicants, batched: at most one message per job an hour
//! ([`NEW_APPLICANTS_MAIL_EVERY_MS`]), naming every application since the last one.
//!
//! An application is stored with `employer_mailed_at` empty; a batch takes every such
//! application of a job whose last message is an hour old, in one transaction with the job's
//! claim (`applicants_mailed_at`) and the queued message, so each application is told once and
//! several instances never send one batch twice.

use std::time::Duration;

use jobtap_core::notifications::{NEW_APPLICANTS_MAIL_EVERY_MS, Setting};
use jobtap_core::score::text::percent_text;

use crate::mail::outbox::NewRow;
use crate::mail::scheduled;
use crate::mail::texts::{self, Applicant, NewApplicants};
use crate::state::AppState;
use crate::{on_db, on_db_write, queue_mail};

/// How often jobs with untold applicants are looked for: the first applicant of a quiet job is
/// told about this soon.
pub const TICK: Duration = Duration::from_secs(60);

#[derive(sqlx::FromRow)]
struct Claimed {
    job_title: String,
    employer_id: String,
}

/// A member of the job's company who wants these e-mails.
#[derive(sqlx::FromRow)]
struct Recipient {
    email: String,
    full_name: String,
}

#[derive(sqlx::FromRow)]
struct Taken {
    name: String,
    score_percentage: f64,
    hidden_from_employer: bool,
}

/// Queues the messages that are due now; returns how many.
pub async fn run_once(state: &AppState) -> anyhow::Result<usize> {
    let now = state.now_ms();
    let jobs: Vec<String> = on_db!(&state.db, pool => {
        sqlx::query_scalar(
            "SELECT DISTINCT a.job_id FROM applications a JOIN jobs j ON j.id = a.job_id \
             WHERE a.employer_mailed_at IS NULL AND j.employer_id IS NOT NULL \
             AND (j.applicants_mailed_at IS NULL OR j.applicants_mailed_at <= $1) LIMIT 500",
        )
        .bind(now - NEW_APPLICANTS_MAIL_EVERY_MS)
        .fetch_all(pool)
        .await
    })?;
    Ok(
        scheduled::round(state, "new applicants", &jobs, String::as_str, |job| {
            one(state, job, now)
        })
        .await,
    )
}

/// Looks for due messages every [`TICK`] until the task is aborted.
pub async fn run(state: AppState) {
    scheduled::every(TICK, "new applicants", || run_once(&state)).await;
}

/// Takes job `job_id`'s untold applications and queues their message; false when another
/// instance had it, none are left, or every member of the team turned these e-mails off.
async fn one(state: &AppState, job_id: &str, now: i64) -> anyhow::Result<bool> {
    let mail = &state.config.mail;
    let queued = on_db_write!(&state.db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        let claimed: Option<Claimed> = sqlx::query_as(
            "UPDATE jobs SET applicants_mailed_at = $2 WHERE id = $1 AND employer_id IS NOT NULL \
             AND (applicants_mailed_at IS NULL OR applicants_mailed_at <= $3) \
             RETURNING job_title, employer_id",
        )
        .bind(job_id)
        .bind(now)
        .bind(now - NEW_APPLICANTS_MAIL_EVERY_MS)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(claimed) = claimed else {
            return Ok(false);
        };
        let taken: Vec<Taken> = sqlx::query_as(
            "UPDATE applications SET employer_mailed_at = $2 WHERE job_id = $1 \
             AND employer_mailed_at IS NULL RETURNING \
             COALESCE((SELECT full_name FROM profiles p WHERE p.id = applications.user_id), '') \
             AS name, score_percentage, hidden_from_employer",
        )
        .bind(job_id)
        .bind(now)
        .fetch_all(&mut *tx)
        .await?;
        // Each member of the company's team, as their own setting says (on unless turned off).
        // Interviewers only of the jobs they are on.
        let recipients: Vec<Recipient> = sqlx::query_as(concat!(
            "SELECT u.email, COALESCE(p.full_name, '') AS full_name FROM company_members m \
             JOIN users u ON u.id = m.user_id LEFT JOIN profiles p ON p.id = m.user_id \
             LEFT JOIN notification_settings s ON s.user_id = m.user_id AND s.kind = $2 \
             WHERE m.company_id = $1 AND COALESCE(s.email, $3) AND ",
            crate::knows_job!("m", "$4"),
            " ORDER BY m.joined_at, m.user_id"
        ))
        .bind(&claimed.employer_id)
        .bind(Setting::NewApplicants.key())
        .bind(Setting::NewApplicants.on_by_default())
        .bind(job_id)
        .fetch_all(&mut *tx)
        .await?;
        let mut taken: Vec<Taken> = taken.into_iter().filter(|a| !a.hidden_from_employer).collect();
        // The best fits first, as the employer's list sorts by score.
        taken.sort_by(|a, b| b.score_percentage.total_cmp(&a.score_percentage));
        let applicants: Vec<Applicant> = taken
            .into_iter()
            .map(|a| Applicant {
                name: a.name,
                fit: percent_text(a.score_percentage),
            })
            .collect();
        let mut queued = false;
        for to in recipients.iter().filter(|_| !applicants.is_empty()) {
            let message = texts::new_applicants(&NewApplicants {
                to_address: &to.email,
                employer_name: &to.full_name,
                job_title: &claimed.job_title,
                applicants: &applicants,
                public_url: &mail.public_url,
            });
            match NewRow::new(&message, mail, now) {
                Ok(row) => {
                    queue_mail!(&mut *tx, &row)?;
                    queued = true;
                }
                Err(err) => {
                    tracing::warn!(error = %err, job = job_id, "new-applicant e-mail not queued: the address cannot carry e-mail");
                }
            }
        }
        // Taken either way: with e-mails off, these applications are not told later.
        tx.commit().await?;
        Ok::<bool, sqlx::Error>(queued)
    })?;
    Ok(queued)
}

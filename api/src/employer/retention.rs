//! How long an employer keeps the applications they rejected (the periods are core's
//! `retention`): `GET`/`PUT /api/v1/employer/settings/retention`, and the periodic task that
//! releases what is past its period.
//!
//! Releasing an application erases what the employer kept of it (their private note, the
//! rejection's reason and detail, also in the audit log, its pipeline moves) and takes it out of their searches and
//! analytics; the candidate keeps their record, with the feedback sent to them and the
//! documents they sent (which the employer stopped being able to open at the rejection). The period counts from the rejection: a rejected application is
//! off the employer's list, so nothing of theirs changes it afterwards. Each application is
//! released by one conditional statement, so with several instances each is released once and
//! the audit log counts it once.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::reply::Response;

use jobtap_core::retention::{self, REJECTED_KEPT_DAYS_CHOICES};

use crate::auth::extract::{AdminOnly, Bearer, EmployerOnly, bearer};
use crate::db::Db;
use crate::db::states::REJECTED;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, Json, json_body, one_of, route, with_state};
use crate::state::AppState;
use crate::{on_db, on_db_write};

/// The employer's choice, the choices and what the choice means.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RetentionBody {
    /// Days a rejected application is kept; null: no time limit.
    pub rejected_kept_days: Option<u32>,
    /// The periods that may be chosen, in days.
    pub choices: Vec<u32>,
    /// What the choice means, in words.
    pub text: String,
}

impl RetentionBody {
    fn of(days: Option<u32>) -> Self {
        Self {
            rejected_kept_days: days,
            choices: REJECTED_KEPT_DAYS_CHOICES.to_vec(),
            text: retention::kept_text(days),
        }
    }
}

/// A new choice: one of the periods, or null for no time limit.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct RetentionChange {
    rejected_kept_days: Option<u32>,
}

/// GET and PUT /api/v1/employer/settings/retention.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let get = route!(warp::path!("employer" / "settings" / "retention");
        warp::get(), with_state(state.clone()), bearer() => get_retention);
    let put = route!(warp::path!("employer" / "settings" / "retention");
        warp::put(), with_state(state.clone()), bearer(), json_body() => set_retention);
    one_of!(get, put)
}

#[utoipa::path(get, path = "/api/v1/employer/settings/retention", tag = "employer",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "How long the caller keeps rejected applications", body = RetentionBody),
        EmployerOnly,
    ))]
pub(crate) async fn get_retention(state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    Ok(warp::reply::json(&RetentionBody::of(
        kept_days(&state.db, &member.company).await?,
    )))
}

#[utoipa::path(put, path = "/api/v1/employer/settings/retention", tag = "employer",
    security(("bearer" = [])),
    request_body = RetentionChange,
    responses(
        (status = 200, description = "Saved", body = RetentionBody),
        AdminOnly,
        (status = 422, description = "Not one of the periods", body = ErrorBody),
    ))]
pub(crate) async fn set_retention(
    state: AppState,
    bearer: Bearer,
    body: Json<RetentionChange>,
) -> Answer<impl warp::Reply> {
    let (member, body) = bearer.admin_and_body(&state, body).await?;
    let days = retention::check_kept_days(body.rejected_kept_days)
        .map_err(|message| ApiError::field("rejected_kept_days", message))?;
    on_db_write!(&state.db, pool => {
        sqlx::query(
            "INSERT INTO employer_settings (employer_id, rejected_kept_days) VALUES ($1, $2) \
             ON CONFLICT (employer_id) DO UPDATE SET rejected_kept_days = $2",
        )
        .bind(&member.company)
        .bind(days.map(i64::from))
        .execute(pool)
        .await
        .map(|_| ())
    })?;
    Ok(warp::reply::json(&RetentionBody::of(days)))
}

/// How long `employer_id` keeps rejected applications; none: no time limit.
pub async fn kept_days(db: &Db, employer_id: &str) -> Result<Option<u32>, sqlx::Error> {
    let days: Option<Option<i64>> = on_db!(db, pool => {
        sqlx::query_scalar("SELECT rejected_kept_days FROM employer_settings WHERE employer_id = $1")
            .bind(employer_id)
            .fetch_optional(pool)
            .await
    })?;
    Ok(days.flatten().and_then(|d| u32::try_from(d).ok()))
}

/// Releases every rejected application past its employer's period; returns how many.
pub async fn release_due(state: &AppState) -> anyhow::Result<usize> {
    let now = state.now_ms();
    let employers: Vec<(String, i64)> = on_db!(&state.db, pool => {
        sqlx::query_as(
            "SELECT employer_id, rejected_kept_days FROM employer_settings \
             WHERE rejected_kept_days IS NOT NULL",
        )
        .fetch_all(pool)
        .await
    })?;
    let mut released = 0;
    for (employer_id, days) in employers {
        let days = u32::try_from(days).unwrap_or(u32::MAX);
        let cut_off = retention::released_if_rejected_by(now, days);
        released += release(&state.db, &employer_id, days, cut_off, now).await?;
    }
    Ok(released)
}

/// Releases `employer_id`'s applications rejected by `cut_off`, in one transaction.
async fn release(
    db: &Db,
    employer_id: &str,
    days: u32,
    cut_off: i64,
    now: i64,
) -> Result<usize, sqlx::Error> {
    // The decision's audit row named the rejection's reason: it goes with the rest (the row
    // keeps what happened and when). The details are JSON text on SQLite, JSONB on PostgreSQL.
    let forget_reason = match db.kind() {
        crate::db::DbKind::Sqlite => {
            "UPDATE audit_log SET detail = json_remove(detail, '$.reason') \
             WHERE event = 'application_status_changed' AND subject = $1"
        }
        crate::db::DbKind::Postgres => {
            "UPDATE audit_log SET detail = detail - 'reason' \
             WHERE event = 'application_status_changed' AND subject = $1"
        }
    };
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        let ids: Vec<String> = sqlx::query_scalar(
            "UPDATE applications SET employer_released_at = $3, private_note = NULL, \
             rejection_reason = NULL, rejection_note = NULL \
             WHERE employer_id = $1 AND status = $4 AND employer_released_at IS NULL \
             AND updated_at <= $2 RETURNING id",
        )
        .bind(employer_id)
        .bind(cut_off)
        .bind(now)
        .bind(REJECTED)
        .fetch_all(&mut *tx)
        .await?;
        for id in &ids {
            sqlx::query("DELETE FROM application_stage_moves WHERE application_id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            // Scorecards are notes about the person: they go with the private note.
            sqlx::query("DELETE FROM scorecards WHERE application_id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            sqlx::query(forget_reason)
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        if !ids.is_empty() {
            crate::audit_insert!(
                now,
                &crate::audit::Event {
                    event: "rejected_applications_released",
                    subject: Some(employer_id),
                    company_id: Some(employer_id),
                    detail: Some(serde_json::json!({ "count": ids.len(), "kept_days": days })),
                    ..Default::default()
                }
            )
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(ids.len())
    })
}

/// How often applications past their period are looked for.
pub const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(60 * 60);

/// Runs [`release_due`] now and every [`SWEEP_EVERY`], until the task is aborted.
pub async fn release_periodically(state: AppState) {
    let mut ticks = tokio::time::interval(SWEEP_EVERY);
    loop {
        ticks.tick().await;
        if let Err(err) = release_due(&state).await {
            tracing::warn!(error = %err, "rejected applications not released; tried again later");
        }
    }
}

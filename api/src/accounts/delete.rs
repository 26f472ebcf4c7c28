//! Deleting an account ("Delete my account"): every row of the user and every file
//! they stored goes; what others keep is left whole and no longer names them.
//!
//! - An employer's jobs are deleted as the Delete button deletes a job (`employer::jobs::delete`):
//!   each candidate still waiting hears the job closed, and keeps their application.
//! - A candidate's applications stay for the employers' counts and funnels, anonymised: they
//!   move to a stand-in user (`deleted:{hash}`, no profile, no role, an undeliverable
//!   address), lose the letter, the resume's quotes and the notes about the person, and leave
//!   the employers' lists. An interview still to come is called off.
//! - The user row goes, and with it (foreign keys, `ON DELETE CASCADE`) the profile, roles,
//!   preferences, documents, sessions and refresh tokens (signed out everywhere), share links,
//!   alerts, notifications.
//! - Rows keyed by the e-mail address or the id as text: queued and sent e-mail to the
//!   address, alert subscriptions made signed out, sign-in failures, rate-limit counters.
//! - The audit log keeps its rows (what happened, and when) with the user pseudonymised: their
//!   id and address become `deleted:{hash}` and their IP addresses are dropped.
//! - The files (documents, profile picture, logos) are removed from the store after the rows;
//!   a file whose removal fails is an orphan the start-up clean-up removes.

use sha2::{Digest as _, Sha256};

use crate::db::DbKind;
use crate::error::ApiError;
use crate::mail::interview_texts::Cancelled;
use crate::state::AppState;
use crate::{on_db, on_db_write};

/// The name the audit log keeps for a deleted user: the same for each of their rows, and not
/// theirs (a hash of the id, which no longer names anyone).
pub fn pseudonym(user_id: &str) -> String {
    let digest = Sha256::digest(user_id.as_bytes());
    format!("deleted:{}", hex::encode(&digest[..8]))
}

/// Within `$conn`: moves candidate `$user`'s applications to a stand-in user `$pseudonym`, so
/// employers' counts and funnels keep them, without anything that names the person: the
/// letter, the resume's quotes, the notes and feedback about them go, and the employer no
/// longer lists them. An interview still to come is called off first (the employer's calendar
/// gets the cancellation). `Result<(), sqlx::Error>`.
macro_rules! keep_applications_anonymised {
    ($conn:expr, $mail:expr, $user:expr, $pseudonym:expr, $now:expr) => {{
        let (user, pseudonym, now): (&str, &str, i64) = ($user, $pseudonym, $now);
        async {
            let interviews: Vec<String> = sqlx::query_scalar(
                "SELECT i.application_id FROM interviews i JOIN applications a \
                 ON a.id = i.application_id WHERE a.user_id = $1 AND i.status <> 'cancelled'",
            )
            .bind(user)
            .fetch_all($conn)
            .await?;
            for application in &interviews {
                $crate::call_off_interview!($conn, $mail, application, now, Cancelled::Withdrawn)?;
            }
            sqlx::query(
                "INSERT INTO users (id, email, password_hash, created_at, deleted_at) \
                 SELECT $2, $3, '!', created_at, $4 FROM users WHERE id = $1 \
                 AND EXISTS (SELECT 1 FROM applications WHERE user_id = $1)",
            )
            .bind(user)
            .bind(pseudonym)
            .bind(format!("{}@deleted.invalid", pseudonym.replace(':', "-")))
            .bind(now)
            .execute($conn)
            .await?;
            // A member's scorecards stay with their company, no longer naming them.
            sqlx::query("UPDATE scorecards SET author_name = $2 WHERE author_id = $1")
                .bind(user)
                .bind(jobtap_core::scorecard::FORMER_MEMBER)
                .execute($conn)
                .await?;
            // What the employer's team wrote about the person goes with them.
            sqlx::query(
                "DELETE FROM scorecards WHERE application_id IN \
                 (SELECT id FROM applications WHERE user_id = $1)",
            )
            .bind(user)
            .execute($conn)
            .await?;
            // Counted on only where the employer's analytics counted it until now; out of
            // every list and search of theirs from now on.
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "UPDATE applications SET user_id = $2, hidden_from_employer = TRUE, \
                 employer_released_at = COALESCE(employer_released_at, $3), \
                 anonymised_at = CASE WHEN {} THEN $3 ELSE NULL END, \
                 cover_letter = '', email_subject = '', employer_comment = NULL, \
                 ai_screening_comment = NULL, private_note = NULL, rejection_note = NULL, \
                 skills_evidence = NULL, updated_at = $3 WHERE user_id = $1",
                $crate::db::states::employer_sees("applications")
            )))
            .bind(user)
            .bind(pseudonym)
            .bind(now)
            .execute($conn)
            .await?;
            Ok::<(), sqlx::Error>(())
        }
        .await
    }};
}

/// Deletes account `user_id` with the e-mail `email`, as the module says; 409 when its team
/// refuses (`check_deletion!`).
// One transaction, read top to bottom: splitting it would hide the order the steps need.
#[allow(clippy::too_many_lines)]
pub async fn delete_account(state: &AppState, user_id: &str, email: &str) -> Result<(), ApiError> {
    let now = state.now_ms();
    let job_ids: Vec<String> = on_db!(&state.db, pool => {
        sqlx::query_scalar("SELECT id FROM jobs WHERE employer_id = $1")
            .bind(user_id)
            .fetch_all(pool)
            .await
    })?;
    for id in &job_ids {
        crate::employer::jobs::delete(&state.db, &state.config.mail, user_id, user_id, id, now)
            .await?;
    }
    let pseudonym = pseudonym(user_id);
    let rate_buckets = format!("%:{user_id}");
    // The details are JSON text on SQLite and JSONB on PostgreSQL.
    let detail_sql = match state.db.kind() {
        DbKind::Sqlite => {
            "UPDATE audit_log SET detail = REPLACE(REPLACE(detail, $1, $3), $2, $3) \
             WHERE instr(detail, $1) > 0 OR instr(detail, $2) > 0"
        }
        DbKind::Postgres => {
            "UPDATE audit_log SET detail = REPLACE(REPLACE(detail::text, $1, $3), $2, $3)::jsonb \
             WHERE strpos(detail::text, $1) > 0 OR strpos(detail::text, $2) > 0"
        }
    };
    // The rows that name the user by their address or by their id within text.
    let keyed_by_text = [
        ("DELETE FROM mail_outbox WHERE recipient = $1", email),
        (
            "DELETE FROM job_alert_subscriptions WHERE email = $1",
            email,
        ),
        ("DELETE FROM login_failures WHERE email = $1", email),
        (
            "DELETE FROM rate_limits WHERE bucket LIKE $1",
            rate_buckets.as_str(),
        ),
    ];
    let lock = crate::team::store::team_lock(state.db.kind());
    let paths: Vec<String> = on_db_write!(&state.db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        // Asked again under the team's lock: the caller's answer was read before, and another
        // admin stepping down meanwhile would otherwise leave the team with none.
        if let Some(why) = crate::check_deletion!(&mut *tx, lock, user_id)? {
            return Err(ApiError::Conflict(why.into()));
        }
        // The data export first: a preparation finishing meanwhile then finds its row gone and
        // removes its own file, and one that finished before has its file in the list below.
        sqlx::query("DELETE FROM data_exports WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        let paths: Vec<String> =
            sqlx::query_scalar("SELECT path FROM stored_files WHERE owner_id = $1")
                .bind(user_id)
                .fetch_all(&mut *tx)
                .await?;
        keep_applications_anonymised!(&mut *tx, &state.config.mail, user_id, &pseudonym, now)?;
        sqlx::query("DELETE FROM users WHERE id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        // The files' rows lost their owner with the user; their paths were read before.
        for path in &paths {
            sqlx::query("DELETE FROM stored_files WHERE path = $1")
                .bind(path)
                .execute(&mut *tx)
                .await?;
        }
        for (sql, key) in keyed_by_text {
            sqlx::query(sql).bind(key).execute(&mut *tx).await?;
        }
        sqlx::query("UPDATE audit_log SET actor_id = $2, ip = NULL WHERE actor_id = $1")
            .bind(user_id)
            .bind(&pseudonym)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "UPDATE audit_log SET \
             subject = CASE WHEN subject = $1 OR subject = $3 THEN $2 ELSE subject END, \
             company_id = CASE WHEN company_id = $1 THEN $2 ELSE company_id END \
             WHERE subject = $1 OR subject = $3 OR company_id = $1",
        )
            .bind(user_id)
            .bind(&pseudonym)
            .bind(email)
            .execute(&mut *tx)
            .await?;
        sqlx::query(detail_sql)
        .bind(user_id)
        .bind(email)
        .bind(&pseudonym)
        .execute(&mut *tx)
        .await?;
        crate::audit_insert!(
            now,
            &crate::audit::Event {
                event: "account_deleted",
                actor_id: Some(&pseudonym),
                ..Default::default()
            }
        )
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok::<_, sqlx::Error>(paths)
    })?;
    for path in &paths {
        if let Err(err) = state.storage.delete(path).await {
            tracing::warn!(%path, error = %err, "a deleted account's file stays until the start-up clean-up");
        }
    }
    Ok(())
}

//! The terms "Best match" finds jobs by (`jobtap_core::score::terms`): the table
//! `job_match_terms`, one row a job and term, written in the transaction that writes the job
//! ([`super::row`]), and looked up with a candidate's terms ([`sharing`], in the query of
//! [`super::search`]).
//!
//! A job's `match_terms_version` names the rules that wrote its terms. Jobs written before the
//! table, or by older rules, get theirs at start-up ([`backfill`]), before the server answers,
//! so a page never reads a half-indexed table; a job edited meanwhile keeps the terms of its
//! edit.

use jobtap_core::score::terms::MATCH_TERMS_VERSION;

use crate::db::{Db, DbKind};
use crate::{on_db, on_db_write};

use super::row::{JobFields, job_columns, replace_terms};

/// The subquery of the jobs sharing terms with the JSON array of terms bound as `$3`, as
/// `(job_id, shared)`: how many of those terms each has.
pub fn sharing(kind: DbKind) -> &'static str {
    match kind {
        DbKind::Sqlite => {
            "SELECT job_id, COUNT(*) AS shared FROM job_match_terms \
             WHERE term IN (SELECT value FROM json_each($3)) GROUP BY job_id"
        }
        DbKind::Postgres => {
            "SELECT job_id, COUNT(*) AS shared FROM job_match_terms \
             WHERE term = ANY(ARRAY(SELECT jsonb_array_elements_text($3))) GROUP BY job_id"
        }
    }
}

/// A job whose terms are missing or were written by older rules.
#[derive(sqlx::FromRow)]
struct Unindexed {
    #[sqlx(flatten)]
    fields: JobFields,
    updated_at: i64,
}

/// Indexes every job whose terms are missing or were written by older rules, in batches;
/// returns how many. Safe beside other instances: a job is written only while it is still
/// the version read, so an edit made meanwhile keeps its own terms.
pub async fn backfill(db: &Db) -> Result<u64, sqlx::Error> {
    const BATCH: i64 = 500;
    let mut done = 0;
    loop {
        let rows = on_db!(db, pool => {
            sqlx::query_as::<_, Unindexed>(concat!(
                "SELECT ",
                job_columns!(),
                " FROM jobs j WHERE j.match_terms_version IS NULL OR j.match_terms_version < $1 \
                 LIMIT $2"
            ))
            .bind(MATCH_TERMS_VERSION)
            .bind(BATCH)
            .fetch_all(pool)
            .await
        })?;
        if rows.is_empty() {
            return Ok(done);
        }
        let terms: Vec<(&str, Vec<String>)> = rows
            .iter()
            .map(|row| (row.fields.id.as_str(), row.fields.match_terms()))
            .collect();
        let written = on_db_write!(db, pool => {
            let mut tx = crate::db::begin(pool).await?;
            let mut claimed = Vec::new();
            for (row, job) in rows.iter().zip(&terms) {
                let current = sqlx::query(
                    "UPDATE jobs SET match_terms_version = $3 WHERE id = $1 AND updated_at = $2 \
                     AND (match_terms_version IS NULL OR match_terms_version < $3)",
                )
                .bind(&row.fields.id)
                .bind(row.updated_at)
                .bind(MATCH_TERMS_VERSION)
                .execute(&mut *tx)
                .await?
                .rows_affected();
                if current == 1 {
                    claimed.push(job);
                }
            }
            replace_terms!(pool, tx, &claimed);
            tx.commit().await?;
            Ok::<_, sqlx::Error>(claimed.len() as u64)
        })?;
        done += written;
    }
}

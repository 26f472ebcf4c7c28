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

/// How many of the newest jobs having a term each of a candidate's terms reads: a term many
/// jobs share (a field of study, a common skill) costs no more than a rare one.
pub const NEWEST_PER_TERM: i64 = 200;

/// How many of the jobs sharing most terms go on to the feed's filters: the feed's pool of
/// them (`feed::ranked::SHARING_POOL`), and room for those the filters leave out (applied to,
/// closed, older twins).
pub const SHARING_ROWS: i64 = 1_000;

/// The subquery of the jobs sharing terms with the JSON array of terms bound as `$3`, as
/// `(job_id, shared, posted_at)`: how many of those terms each has among each term's
/// [`NEWEST_PER_TERM`] newest jobs, the [`SHARING_ROWS`] sharing most, newest first.
pub fn sharing(kind: DbKind) -> String {
    let rows = match kind {
        // SQLite has no LATERAL: a term's rows are those no older than its
        // NEWEST_PER_TERM-th newest, a range of the same index.
        DbKind::Sqlite => format!(
            "json_each($3) t JOIN job_match_terms m ON m.term = t.value AND m.posted_at >= \
             COALESCE((SELECT p.posted_at FROM job_match_terms p WHERE p.term = t.value \
             ORDER BY p.posted_at DESC LIMIT 1 OFFSET {}), 0)",
            NEWEST_PER_TERM - 1
        ),
        DbKind::Postgres => format!(
            "jsonb_array_elements_text($3) AS t(term) CROSS JOIN LATERAL (SELECT job_id, posted_at \
             FROM job_match_terms WHERE term = t.term ORDER BY posted_at DESC LIMIT {NEWEST_PER_TERM}) m"
        ),
    };
    format!(
        "SELECT m.job_id, COUNT(*) AS shared, MAX(m.posted_at) AS posted_at FROM {rows} \
         GROUP BY m.job_id ORDER BY shared DESC, posted_at DESC LIMIT {SHARING_ROWS}"
    )
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
        let terms: Vec<(&str, i64, Vec<String>)> = rows
            .iter()
            .map(|row| {
                let f = &row.fields;
                (f.id.as_str(), f.posted_at, f.match_terms())
            })
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

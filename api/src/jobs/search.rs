//! The feed narrowed by a search (`jobtap_core::job_search`): one query for either engine,
//! its search words matched by the engine's own full-text index (SQLite: the FTS5 table
//! `jobs_search`; PostgreSQL: the `search` column's GIN index), the other filters by plain
//! comparisons, in the feed's order and with its cursor.

use sqlx::AssertSqlSafe;

use jobtap_core::job_search::{Search, fts5_query, place_pattern};
use jobtap_core::job_type::JobType;

use crate::db::{Db, DbKind};
use crate::on_db;

use super::row::job_columns;
use super::store::{
    LiveJob, live_job_select, live_jobs_from, newest_of_twins, not_dealt_with, owner_columns,
};

/// A value bound to the query, in the order of its `$n`.
#[derive(Debug)]
enum Arg {
    Text(String),
    Int(i64),
    Real(f64),
}

/// The statement and its values for a page of `user_id`'s feed at `now` narrowed by `search`,
/// after the `after` position `(posted_at, id)`, at most `limit` jobs.
fn statement(
    kind: DbKind,
    user_id: &str,
    now: i64,
    search: &Search,
    after: Option<(i64, &str)>,
    limit: i64,
) -> (String, Vec<Arg>) {
    let mut sql = String::from(concat!(
        live_job_select!(),
        not_dealt_with!(),
        newest_of_twins!()
    ));
    let mut args = vec![Arg::Text(user_id.to_string()), Arg::Int(now)];
    let mut push = |sql: &mut String, clause: &str, arg: Arg| {
        args.push(arg);
        sql.push_str(&clause.replace("{}", &format!("${}", args.len())));
    };
    if !search.terms.is_empty() {
        match kind {
            DbKind::Sqlite => push(
                &mut sql,
                " AND j.rowid IN (SELECT rowid FROM jobs_search WHERE jobs_search MATCH {})",
                Arg::Text(fts5_query(&search.terms)),
            ),
            DbKind::Postgres => push(
                &mut sql,
                " AND j.search @@ plainto_tsquery('english', {})",
                Arg::Text(search.terms.join(" ")),
            ),
        }
    }
    if let Some(place) = &search.place {
        push(
            &mut sql,
            " AND LOWER(j.location) LIKE {} ESCAPE '\\'",
            Arg::Text(place_pattern(place)),
        );
    }
    if search.remote {
        push(
            &mut sql,
            " AND (j.job_type = {} OR LOWER(j.location) LIKE '%remote%')",
            Arg::Text(JobType::Remote.label().to_string()),
        );
    }
    if let Some(wanted) = search.min_salary {
        // `offers_at_least`: the top of the range, or its minimum when it has no top.
        push(
            &mut sql,
            " AND COALESCE(j.salary_max, j.salary_min) >= {}",
            Arg::Real(wanted),
        );
    }
    if let Some(kind) = search.job_type {
        push(
            &mut sql,
            " AND j.job_type = {}",
            Arg::Text(kind.label().to_string()),
        );
    }
    if let Some(since) = search.posted_since(now) {
        push(&mut sql, " AND j.posted_at >= {}", Arg::Int(since));
    }
    if let Some((posted_at, id)) = after {
        push(
            &mut sql,
            " AND (j.posted_at, j.id) < ({}",
            Arg::Int(posted_at),
        );
        push(&mut sql, ", {})", Arg::Text(id.to_string()));
    }
    push(
        &mut sql,
        " ORDER BY j.posted_at DESC, j.id DESC LIMIT {}",
        Arg::Int(limit),
    );
    (sql, args)
}

/// One page of the feed for `user_id` narrowed by `search` (its fit filter aside: the caller
/// scores the rows), newest first, strictly after `after` when given. Jobs the reader applied
/// to or rejected and older twins are left out, as in the feed.
pub async fn page(
    db: &Db,
    user_id: &str,
    now: i64,
    search: &Search,
    after: Option<(i64, &str)>,
    limit: i64,
) -> Result<Vec<LiveJob>, sqlx::Error> {
    let (sql, args) = statement(db.kind(), user_id, now, search, after, limit);
    on_db!(db, pool => {
        let mut query = sqlx::query_as::<_, LiveJob>(AssertSqlSafe(sql.clone()));
        for arg in &args {
            query = match arg {
                Arg::Text(text) => query.bind(text.clone()),
                Arg::Int(n) => query.bind(*n),
                Arg::Real(x) => query.bind(*x),
            };
        }
        query.fetch_all(pool).await
    })
}

#[cfg(test)]
mod tests {
    use jobtap_core::job_search::{Search, SearchInput};

    use super::*;

    #[test]
    fn each_filter_adds_its_clause_and_value_numbered_in_order() {
        let search = Search::parse(&SearchInput {
            q: Some("pharmacist".into()),
            place: Some("Bulawayo".into()),
            min_salary: Some(1000.0),
            ..SearchInput::default()
        })
        .unwrap();
        let (sql, args) = statement(DbKind::Postgres, "u", 5, &search, Some((4, "j")), 21);
        assert!(
            sql.contains("j.search @@ plainto_tsquery('english', $3)"),
            "{sql}"
        );
        assert!(sql.contains("LIKE $4 ESCAPE"), "{sql}");
        assert!(sql.contains(">= $5"), "{sql}");
        assert!(sql.contains("(j.posted_at, j.id) < ($6, $7)"), "{sql}");
        assert!(sql.ends_with("LIMIT $8"), "{sql}");
        assert_eq!(args.len(), 8);
        let (sql, _) = statement(DbKind::Sqlite, "u", 5, &search, None, 21);
        assert!(sql.contains("jobs_search MATCH $3"), "{sql}");
        assert!(sql.ends_with("LIMIT $6"), "{sql}");
    }
}

//! The feed narrowed by a search (`jobtap_core::job_search`): one query for either engine,
//! its search words matched by the engine's own full-text index (SQLite: the FTS5 table
//! `jobs_search`; PostgreSQL: the `search` column's GIN index), the other filters by plain
//! comparisons, in the feed's order and with its cursor; or, for "Best match", the jobs
//! sharing most of a candidate's match terms ([`super::match_terms`]) under the same filters.

use sqlx::AssertSqlSafe;

use jobtap_core::job_search::{Search, fts5_query, place_pattern};
use jobtap_core::job_type::JobType;

use crate::db::{Db, DbKind};
use crate::on_db;

use super::match_terms;
use super::row::job_columns;
use super::store::{
    LiveJob, live_job_columns, live_job_select, live_jobs_from, live_jobs_joins, newest_of_twins,
    not_dealt_with, owner_columns,
};

/// A value bound to the query, in the order of its `$n`.
#[derive(Debug)]
enum Arg {
    Text(String),
    Int(i64),
    Real(f64),
    Json(Vec<String>),
}

/// Which jobs a page holds first.
#[derive(Debug, Clone, Copy)]
enum Order<'a> {
    /// The newest, strictly after a `(posted_at, id)` position when given.
    Newest(Option<(i64, &'a str)>),
    /// Those sharing most of these match terms (and only those), then the newest.
    Sharing(&'a [String]),
}

/// The statement and its values for a page of `user_id`'s feed at `now` narrowed by `search`,
/// in `order`, at most `limit` jobs.
fn statement(
    kind: DbKind,
    user_id: &str,
    now: i64,
    search: &Search,
    order: Order<'_>,
    limit: i64,
) -> (String, Vec<Arg>) {
    let mut args = vec![Arg::Text(user_id.to_string()), Arg::Int(now)];
    let mut sql = match order {
        Order::Newest(_) => String::from(concat!(
            live_job_select!(),
            not_dealt_with!(),
            newest_of_twins!()
        )),
        Order::Sharing(terms) => {
            args.push(Arg::Json(terms.to_vec()));
            format!(
                concat!(
                    live_job_columns!(),
                    " FROM ({}) m JOIN jobs j ON j.id = m.job_id",
                    live_jobs_joins!(),
                    not_dealt_with!(),
                    newest_of_twins!()
                ),
                match_terms::sharing(kind)
            )
        }
    };
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
    let order_by = match order {
        Order::Newest(after) => {
            if let Some((posted_at, id)) = after {
                push(
                    &mut sql,
                    " AND (j.posted_at, j.id) < ({}",
                    Arg::Int(posted_at),
                );
                push(&mut sql, ", {})", Arg::Text(id.to_string()));
            }
            " ORDER BY j.posted_at DESC, j.id DESC LIMIT {}"
        }
        Order::Sharing(_) => " ORDER BY m.shared DESC, j.posted_at DESC, j.id DESC LIMIT {}",
    };
    push(&mut sql, order_by, Arg::Int(limit));
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
    fetch(db, user_id, now, search, Order::Newest(after), limit).await
}

/// The `limit` live jobs `user_id` has not dealt with that share most of `terms` (a candidate's
/// match terms), narrowed by `search` (its fit filter aside); ties newest first. None without
/// terms.
pub async fn sharing(
    db: &Db,
    user_id: &str,
    now: i64,
    search: &Search,
    terms: &[String],
    limit: i64,
) -> Result<Vec<LiveJob>, sqlx::Error> {
    if terms.is_empty() {
        return Ok(Vec::new());
    }
    fetch(db, user_id, now, search, Order::Sharing(terms), limit).await
}

async fn fetch(
    db: &Db,
    user_id: &str,
    now: i64,
    search: &Search,
    order: Order<'_>,
    limit: i64,
) -> Result<Vec<LiveJob>, sqlx::Error> {
    let (sql, args) = statement(db.kind(), user_id, now, search, order, limit);
    on_db!(db, pool => {
        // Not prepared once and kept: PostgreSQL then plans each search with its words and
        // filters, and walks `jobs_feed` for a common word ("nurse") rather than fetching and
        // sorting every job that has it, which a plan made for any words does.
        let mut query = sqlx::query_as::<_, LiveJob>(AssertSqlSafe(sql.clone())).persistent(false);
        for arg in &args {
            query = match arg {
                Arg::Text(text) => query.bind(text.clone()),
                Arg::Int(n) => query.bind(*n),
                Arg::Real(x) => query.bind(*x),
                Arg::Json(list) => query.bind(sqlx::types::Json(list.clone())),
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
        let (sql, args) = statement(
            DbKind::Postgres,
            "u",
            5,
            &search,
            Order::Newest(Some((4, "j"))),
            21,
        );
        assert!(
            sql.contains("j.search @@ plainto_tsquery('english', $3)"),
            "{sql}"
        );
        assert!(sql.contains("LIKE $4 ESCAPE"), "{sql}");
        assert!(sql.contains(">= $5"), "{sql}");
        assert!(sql.contains("(j.posted_at, j.id) < ($6, $7)"), "{sql}");
        assert!(sql.ends_with("LIMIT $8"), "{sql}");
        assert_eq!(args.len(), 8);
        let (sql, _) = statement(DbKind::Sqlite, "u", 5, &search, Order::Newest(None), 21);
        assert!(sql.contains("jobs_search MATCH $3"), "{sql}");
        assert!(sql.ends_with("LIMIT $6"), "{sql}");
        // The terms come first, as `$3`, in the subquery the filters' numbers follow.
        let terms = ["w:pharmac".to_string()];
        let (sql, args) = statement(DbKind::Sqlite, "u", 5, &search, Order::Sharing(&terms), 9);
        assert!(sql.contains("json_each($3)"), "{sql}");
        assert!(sql.contains("jobs_search MATCH $4"), "{sql}");
        assert!(
            sql.ends_with("ORDER BY m.shared DESC, j.posted_at DESC, j.id DESC LIMIT $7"),
            "{sql}"
        );
        assert_eq!(args.len(), 7);
    }
}

//! Persistence of jobs.

use jobtap_core::company::EmployerChecks;
use jobtap_core::job_dedupe::duplicate_key;

use crate::db::Db;
use crate::{on_db, on_db_write};

use super::row::job_columns;
pub use super::row::{JobFields, insert_many};

/// How many jobs exist, active or not.
pub async fn count(db: &Db) -> Result<i64, sqlx::Error> {
    on_db!(db, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM jobs").fetch_one(pool).await)
}

/// How many jobs candidates can see now (active and unexpired).
pub async fn count_live(db: &Db, now: i64) -> Result<i64, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM jobs WHERE is_active AND (expires_at IS NULL OR expires_at > $1)",
        )
        .bind(now)
        .fetch_one(pool)
        .await
    })
}

/// A job as candidates read it, with whether the reader already applied.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LiveJob {
    #[sqlx(flatten)]
    pub fields: JobFields,
    /// The version the caller read, so a write can insist on it.
    pub updated_at: i64,
    #[sqlx(flatten)]
    pub owner: JobOwner,
    pub applied: bool,
}

/// What the job's employer has had checked, as read beside the job (see [`owner_columns`]).
#[derive(Debug, Clone, Default, sqlx::FromRow)]
pub struct JobOwner {
    pub owner_email: Option<String>,
    pub owner_confirmed: Option<bool>,
    pub owner_website: Option<String>,
}

impl JobOwner {
    /// The badges the employer's jobs show (`jobtap_core::company`).
    pub fn checks(&self) -> EmployerChecks {
        match &self.owner_email {
            Some(email) => EmployerChecks::of(
                email,
                self.owner_confirmed.unwrap_or(false),
                self.owner_website.as_deref(),
            ),
            None => EmployerChecks::default(),
        }
    }
}

/// The columns of [`JobOwner`] from the joins of [`live_jobs_from`] (`eu`, `ep`).
macro_rules! owner_columns {
    () => {
        "eu.email AS owner_email, (eu.email_confirmed_at IS NOT NULL) AS owner_confirmed, \
         ep.company_website AS owner_website"
    };
}

/// The select list and joins of [`LiveJob`]; `$1` is the reader's user id.
///
/// `is_active = TRUE`, not a bare `is_active`: SQLite uses the `jobs_feed` index
/// (`is_active, posted_at DESC, id DESC`) only for a comparison with its first
/// column; with the bare column it scans and sorts every job (docs/benchmarks.md).
macro_rules! live_job_select {
    () => {
        concat!(live_job_columns!(), live_jobs_from!())
    };
}

/// The select list of [`LiveJob`], for a `FROM` of `jobs j` and the joins of [`live_jobs_joins!`].
macro_rules! live_job_columns {
    () => {
        concat!(
            "SELECT ",
            job_columns!(),
            ", ",
            owner_columns!(),
            ", (a.id IS NOT NULL) AS applied"
        )
    };
}

/// The joins and filter of live jobs as `$1` reads them at time `$2`, with the job's employer
/// (`eu`, `ep`: by primary key, for the badges of [`JobOwner`]).
macro_rules! live_jobs_from {
    () => {
        concat!(" FROM jobs j", live_jobs_joins!())
    };
}

/// [`live_jobs_from!`] after its `FROM`, for a query that reaches `jobs j` another way.
macro_rules! live_jobs_joins {
    () => {
        " LEFT JOIN applications a ON a.job_id = j.id AND a.user_id = $1 \
         LEFT JOIN users eu ON eu.id = j.employer_id LEFT JOIN profiles ep ON ep.id = j.employer_id \
         WHERE j.is_active = TRUE AND (j.expires_at IS NULL OR j.expires_at > $2)"
    };
}

/// The feed leaves out the jobs `$1` has dealt with: those they applied to and those they
/// rejected (see `feed::rejections`). A job applied to is followed in My Applications; showing
/// it again as a card invited a swipe that rejected nothing.
///
/// `NOT EXISTS`, not `a.id IS NULL` on the join's `a`: PostgreSQL's generic plan estimated
/// that filter to leave one job, so it sorted every live job instead of walking `jobs_feed`
/// (docs/scale-plans.md).
macro_rules! not_dealt_with {
    () => {
        " AND NOT EXISTS (SELECT 1 FROM applications x WHERE x.job_id = j.id AND x.user_id = $1) \
         AND NOT EXISTS (SELECT 1 FROM job_rejections r WHERE r.user_id = $1 AND r.job_id = j.id)"
    };
}

/// Of postings that are the same job (`jobtap_core::job_dedupe`), the feed shows the newest
/// live one: a job is left out when a live twin was posted after it (or at once, with a
/// greater id). A twin the reader rejected still hides it, so rejecting one rejects both.
/// `(own)`: only the same employer's twins, for a board of that employer's jobs.
macro_rules! newest_of_twins {
    () => {
        newest_of_twins!("")
    };
    (own) => {
        newest_of_twins!(" AND d.employer_id = j.employer_id")
    };
    ($also:literal) => {
        concat!(
            " AND NOT EXISTS (SELECT 1 FROM jobs d WHERE d.duplicate_key = j.duplicate_key \
             AND d.is_active = TRUE AND (d.expires_at IS NULL OR d.expires_at > $2) \
             AND (d.posted_at > j.posted_at OR (d.posted_at = j.posted_at AND d.id > j.id))",
            $also,
            ")"
        )
    };
}

/// The feed's order and the position after a cursor (`$3`, `$4`); the limit is the last parameter.
macro_rules! feed_order {
    (first) => {
        " ORDER BY j.posted_at DESC, j.id DESC LIMIT $3"
    };
    (after) => {
        " AND (j.posted_at, j.id) < ($3, $4) ORDER BY j.posted_at DESC, j.id DESC LIMIT $5"
    };
}

/// What a feed page holds without the jobs' text: each job's position, version
/// and whether the reader applied. Enough to reuse cards serialized earlier.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FeedKey {
    pub id: String,
    pub posted_at: i64,
    pub updated_at: i64,
    pub applied: bool,
    /// The employer's badges now: a card made before they changed is not reused.
    pub checks: EmployerChecks,
}

/// Runs one feed query, `$first` from the start or `$after_sql` after the `$after`
/// position, for rows of type `$row`: binds the user, `now`, the position when there is
/// one and the limit, then any `$extra` parameters the query numbers after those.
macro_rules! feed_rows {
    ($db:expr, $row:ty, $first:expr, $after_sql:expr, $user_id:expr, $now:expr, $after:expr,
     $limit:expr $(, $extra:expr)*) => {
        on_db!($db, pool => {
            match $after {
                None => {
                    sqlx::query_as::<_, $row>($first)
                        .bind($user_id)
                        .bind($now)
                        .bind($limit)
                        $(.bind($extra))*
                        .fetch_all(pool)
                        .await
                }
                Some((posted_at, id)) => {
                    sqlx::query_as::<_, $row>($after_sql)
                        .bind($user_id)
                        .bind($now)
                        .bind(posted_at)
                        .bind(id)
                        .bind($limit)
                        $(.bind($extra))*
                        .fetch_all(pool)
                        .await
                }
            }
        })
    };
}

/// Runs [`feed_rows!`] for a page of [`LiveJob`]s, narrowed by `$first` on the first page and
/// by `$after` after a position: the same filter, its parameters numbered two higher (the
/// position's two come first).
macro_rules! live_job_page {
    ($db:expr, $first:expr, $after:expr, $($args:expr),+) => {
        feed_rows!(
            $db,
            LiveJob,
            concat!(live_job_select!(), $first, feed_order!(first)),
            concat!(live_job_select!(), $after, feed_order!(after)),
            $($args),+
        )
    };
}

/// A [`FeedKey`] read beside its reader's session: all `None` on the one row that says
/// the session is live but the page is empty.
#[derive(Debug, sqlx::FromRow)]
struct SessionFeedKey {
    id: Option<String>,
    posted_at: Option<i64>,
    updated_at: Option<i64>,
    applied: Option<bool>,
    #[sqlx(flatten)]
    owner: JobOwner,
}

/// The live session `session_id` of `user_id` (revoked no, used since `idle_since`) as a
/// one-row table `live`, joined to the page's keys `k`: no row at all when it is not live.
/// Parameters after the page's own: the session, then `idle_since`.
macro_rules! in_session {
    ($keys:expr, $session:literal, $idle:literal) => {
        concat!(
            "SELECT k.id, k.posted_at, k.updated_at, k.applied, k.owner_email, k.owner_confirmed, \
             k.owner_website FROM (SELECT 1 AS live FROM sessions s \
             WHERE ",
            $crate::live_session!($session, "$1", $idle),
            ") live LEFT JOIN (",
            $keys,
            ") k ON TRUE ORDER BY k.posted_at DESC, k.id DESC"
        )
    };
}

/// The keys of the page [`live_jobs_page`] would return for [`LiveJobs::Feed`] (same query,
/// four small columns), and the check that the reader's session is live, in one statement:
/// the feed is the busiest route, and on PostgreSQL each statement is a round trip.
/// `None` when session `session_id` of `user_id` is not live (see
/// [`crate::auth::sessions::live_user`], which this repeats).
pub async fn feed_keys_in_session(
    db: &Db,
    session_id: &str,
    user_id: &str,
    now: i64,
    after: Option<(i64, &str)>,
    limit: i64,
) -> Result<Option<Vec<FeedKey>>, sqlx::Error> {
    macro_rules! keys {
        ($order:tt) => {
            concat!(
                "SELECT j.id, j.posted_at, j.updated_at, (a.id IS NOT NULL) AS applied, ",
                owner_columns!(),
                live_jobs_from!(),
                not_dealt_with!(),
                newest_of_twins!(),
                feed_order!($order)
            )
        };
    }
    let idle_since = now - crate::auth::sessions::SESSION_IDLE_MS;
    let rows = feed_rows!(
        db,
        SessionFeedKey,
        in_session!(keys!(first), "$4", "$5"),
        in_session!(keys!(after), "$6", "$7"),
        user_id,
        now,
        after,
        limit,
        session_id,
        idle_since
    )?;
    if rows.is_empty() {
        return Ok(None);
    }
    Ok(Some(
        rows.into_iter()
            .filter_map(|row| {
                Some(FeedKey {
                    checks: row.owner.checks(),
                    id: row.id?,
                    posted_at: row.posted_at?,
                    updated_at: row.updated_at?,
                    applied: row.applied?,
                })
            })
            .collect(),
    ))
}

/// Whose live jobs a page of [`live_jobs_page`] lists.
#[derive(Debug, Clone, Copy)]
pub enum LiveJobs<'a> {
    /// The feed of candidate `user_id`: the jobs they have not dealt with, of twins only the
    /// newest; the applied flag comes from the join. `""` reads it as no one.
    Feed(&'a str),
    /// Employer `employer_id`'s live jobs (the public job-board feed: `crate::listings`), of
    /// twins only the newest. Read as no one (`$1` = ""), so `applied` is false.
    Employer(&'a str),
}

/// One page of live jobs, newest posted first (ties by id, descending), strictly after the
/// `after` position `(posted_at, id)` when given. One query over the `jobs_feed` index.
pub async fn live_jobs_page(
    db: &Db,
    jobs: LiveJobs<'_>,
    now: i64,
    after: Option<(i64, &str)>,
    limit: i64,
) -> Result<Vec<LiveJob>, sqlx::Error> {
    match jobs {
        LiveJobs::Feed(user_id) => live_job_page!(
            db,
            concat!(not_dealt_with!(), newest_of_twins!()),
            concat!(not_dealt_with!(), newest_of_twins!()),
            user_id,
            now,
            after,
            limit
        ),
        LiveJobs::Employer(employer_id) => live_job_page!(
            db,
            concat!(" AND j.employer_id = $4", newest_of_twins!(own)),
            concat!(" AND j.employer_id = $6", newest_of_twins!(own)),
            "",
            now,
            after,
            limit,
            employer_id
        ),
    }
}

/// A live job's page address parts for the sitemap.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LivePage {
    pub id: String,
    pub updated_at: i64,
}

/// The newest `limit` live jobs' ids and last changes (the sitemap), each job once: of twins
/// only the newest, as the feed shows it.
pub async fn live_pages(db: &Db, now: i64, limit: i64) -> Result<Vec<LivePage>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, LivePage>(concat!(
            "SELECT j.id, j.updated_at FROM jobs j WHERE j.is_active = TRUE \
             AND (j.expires_at IS NULL OR j.expires_at > $2)",
            newest_of_twins!(),
            " ORDER BY j.posted_at DESC, j.id DESC LIMIT $1"
        ))
        .bind(limit)
        .bind(now)
        .fetch_all(pool)
        .await
    })
}

/// The newest live twin of job `id` (`jobtap_core::job_dedupe`) posted after it, if any: where
/// its public page sends readers, so search engines see each job once.
pub async fn newer_twin(db: &Db, id: &str, now: i64) -> Result<Option<String>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_scalar::<_, String>(
            "SELECT d.id FROM jobs j JOIN jobs d ON d.duplicate_key = j.duplicate_key \
             WHERE j.id = $1 AND d.is_active = TRUE AND (d.expires_at IS NULL OR d.expires_at > $2) \
             AND (d.posted_at > j.posted_at OR (d.posted_at = j.posted_at AND d.id > j.id)) \
             ORDER BY d.posted_at DESC, d.id DESC LIMIT 1",
        )
        .bind(id)
        .bind(now)
        .fetch_optional(pool)
        .await
    })
}

/// Job `id` if it is active and unexpired at `now`, as `user_id` reads it.
pub async fn live_job(
    db: &Db,
    id: &str,
    user_id: &str,
    now: i64,
) -> Result<Option<LiveJob>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, LiveJob>(concat!(live_job_select!(), " AND j.id = $3"))
            .bind(user_id)
            .bind(now)
            .bind(id)
            .fetch_optional(pool)
            .await
    })
}

/// A job written before jobs had a [`duplicate_key`].
#[derive(sqlx::FromRow)]
struct Unkeyed {
    id: String,
    company_name: String,
    job_title: String,
    location: String,
    job_description: String,
}

/// Gives every job written before the duplicate key its key, in batches; returns how many.
/// Safe to run on several instances at once: each writes the same key.
pub async fn backfill_duplicate_keys(db: &Db) -> Result<u64, sqlx::Error> {
    const BATCH: i64 = 500;
    let mut done = 0;
    loop {
        let rows = on_db!(db, pool => {
            sqlx::query_as::<_, Unkeyed>(
                "SELECT id, company_name, job_title, location, job_description FROM jobs \
                 WHERE duplicate_key IS NULL LIMIT $1",
            )
            .bind(BATCH)
            .fetch_all(pool)
            .await
        })?;
        if rows.is_empty() {
            return Ok(done);
        }
        on_db_write!(db, pool => {
            let mut tx = crate::db::begin(pool).await?;
            for row in &rows {
                sqlx::query("UPDATE jobs SET duplicate_key = $1 WHERE id = $2")
                    .bind(duplicate_key(
                        &row.company_name,
                        &row.job_title,
                        &row.location,
                        &row.job_description,
                    ))
                    .bind(&row.id)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await
        })?;
        done += rows.len() as u64;
    }
}

/// The duplicate keys (`jobtap_core::job_dedupe`) of employer `employer_id`'s live jobs: what an
/// import or a new post is checked against.
pub async fn live_duplicate_keys(
    db: &Db,
    employer_id: &str,
    now: i64,
) -> Result<std::collections::HashSet<String>, sqlx::Error> {
    let keys: Vec<String> = on_db!(db, pool => {
        sqlx::query_scalar(
            "SELECT duplicate_key FROM jobs WHERE employer_id = $1 AND is_active = TRUE \
             AND (expires_at IS NULL OR expires_at > $2) AND duplicate_key IS NOT NULL",
        )
        .bind(employer_id)
        .bind(now)
        .fetch_all(pool)
        .await
    })?;
    Ok(keys.into_iter().collect())
}

pub(super) use {
    live_job_columns, live_job_select, live_jobs_from, live_jobs_joins, newest_of_twins,
    not_dealt_with, owner_columns,
};

//! The database: SQLite (embedded default) or PostgreSQL (scale-out), chosen by
//! the `DATABASE_URL` scheme.
//!
//! Queries are written once in SQL both engines accept (`$1` placeholders, epoch
//! milliseconds, JSON lists) and run through [`on_db!`], which expands the same
//! body once per engine, so each runs on its native sqlx driver with real types.

pub mod states;

use std::str::FromStr;
use std::time::Duration;

use anyhow::Context as _;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, SqlitePool};

/// Connections of PostgreSQL's sign-in pool: a sign-in makes two or three trips, and
/// 40 a second keep one or two of them busy.
const SIGN_IN_CONNECTIONS: u32 = 4;

/// Connections of PostgreSQL's feed pool: a feed query takes ~0.2 ms of the database's
/// time, so 8 keep two cores busy.
const FEED_CONNECTIONS: u32 = 8;

/// A PostgreSQL connection idle for longer than this is pinged before use.
const PING_IDLE_AFTER: Duration = Duration::from_secs(1);

/// SQLite copies its write-ahead log into the database, fsyncs included, inside the
/// commit that takes the log past this many pages, and the writes queued behind that
/// commit wait. Half SQLite's default of 1,000 halves each wait at the same rate of
/// writes; much lower, the checkpoints cost throughput (docs/benchmarks.md).
const WAL_AUTOCHECKPOINT_PAGES: &str = "500";

/// A connection pool for one of the two supported engines.
#[derive(Clone, Debug)]
pub enum Db {
    /// SQLite allows one writer at a time. Writes go through `writer`, a pool of one
    /// connection, so writers queue in order here rather than sleeping in SQLite's
    /// busy handler, whose growing naps (1, 2, 5 … 100 ms) made concurrent writes slow.
    /// Reads use `pool` and, in WAL mode, never wait for the writer.
    Sqlite {
        pool: SqlitePool,
        writer: SqlitePool,
    },
    /// `sign_in` is a small pool of its own for sign-in, sign-up and token refresh
    /// (see [`Db::for_sign_in`]), `feed` one for the feed's reads (see
    /// [`Db::for_feed`]); everything else uses `pool`.
    Postgres {
        pool: PgPool,
        sign_in: PgPool,
        feed: PgPool,
    },
}

/// Which engine a [`Db`] talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DbKind {
    Sqlite,
    Postgres,
}

/// Runs `$body` with `$pool` bound to the concrete pool of whichever engine `$db` holds.
///
/// The body is compiled once per engine, so `sqlx::query_as::<_, T>` infers the
/// right database in each arm.
#[macro_export]
macro_rules! on_db {
    ($db:expr, $pool:ident => $body:expr) => {
        match $db {
            $crate::db::Db::Sqlite { pool: $pool, .. } => $body,
            $crate::db::Db::Postgres { pool: $pool, .. } => $body,
        }
    };
}

/// [`on_db!`] for statements and transactions that write: on SQLite `$pool` is the
/// single writer connection (see [`Db::Sqlite`]); on PostgreSQL the one pool.
///
/// The body must not wait for another write of its own (the writer is taken), only reads.
#[macro_export]
macro_rules! on_db_write {
    ($db:expr, $pool:ident => $body:expr) => {
        match $db {
            $crate::db::Db::Sqlite { writer: $pool, .. } => $body,
            $crate::db::Db::Postgres { pool: $pool, .. } => $body,
        }
    };
}

impl Db {
    /// Connects to `url`; SQLite files (and their folder) are created when missing.
    pub async fn connect(url: &str, max_connections: u32) -> anyhow::Result<Self> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            // JIT and parallel workers pay off for reports over millions of rows, not for
            // requests: a large board's feed plan passes `jit_above_cost`, and compiling it
            // costs many times running it (docs/scale-plans.md).
            let options = PgConnectOptions::from_str(url)
                .context("Invalid DATABASE_URL")?
                .options([("jit", "off"), ("max_parallel_workers_per_gather", "0")]);
            let pool = postgres_pool(&options, max_connections).await?;
            // Opened on first use, by the sign-in runtime's tasks, so that its
            // connections' I/O is driven there (`crate::priority`).
            let sign_in = postgres_options(SIGN_IN_CONNECTIONS).connect_lazy_with(options.clone());
            let feed = postgres_options(FEED_CONNECTIONS)
                .connect_lazy_with(options.options([("plan_cache_mode", "force_generic_plan")]));
            Ok(Self::Postgres {
                pool,
                sign_in,
                feed,
            })
        } else if url.starts_with("sqlite:") {
            let options = SqliteConnectOptions::from_str(url)
                .context("Invalid DATABASE_URL")?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true)
                .pragma("wal_autocheckpoint", WAL_AUTOCHECKPOINT_PAGES);
            if let Some(parent) = options.get_filename().parent()
                && !parent.as_os_str().is_empty()
            {
                std::fs::create_dir_all(parent)
                    .with_context(|| format!("Failed to create {}", parent.display()))?;
            }
            // An in-process connection cannot hang up, so sqlx's ping before each use
            // (a round trip to the connection's thread) is only a cost, on the writer's
            // hand-overs most of all.
            let pool = SqlitePoolOptions::new()
                .max_connections(max_connections)
                .test_before_acquire(false)
                .connect_with(options.clone())
                .await
                .context("Failed to open the SQLite database")?;
            let writer = SqlitePoolOptions::new()
                .max_connections(1)
                .test_before_acquire(false)
                .connect_with(options)
                .await
                .context("Failed to open the SQLite database")?;
            Ok(Self::Sqlite { pool, writer })
        } else {
            anyhow::bail!("DATABASE_URL must start with sqlite: or postgres://")
        }
    }

    /// Brings the schema up to date (each engine has its own migrations folder).
    pub async fn migrate(&self) -> anyhow::Result<()> {
        match self {
            Self::Sqlite { writer, .. } => sqlx::migrate!("./migrations/sqlite").run(writer).await,
            Self::Postgres { pool, .. } => sqlx::migrate!("./migrations/postgres").run(pool).await,
        }
        .context("Failed to run database migrations")
    }

    /// The engine behind this pool.
    pub fn kind(&self) -> DbKind {
        match self {
            Self::Sqlite { .. } => DbKind::Sqlite,
            Self::Postgres { .. } => DbKind::Postgres,
        }
    }

    /// The pool for sign-in, sign-up and token refresh. On PostgreSQL it is a pool of
    /// its own: under a flood of other requests every connection of the main pool is
    /// taken, and each of a sign-in's trips would queue behind them (docs/benchmarks.md).
    /// SQLite's reads never queue
    /// behind others and its writes share one writer anyway, so there it is the same.
    #[must_use]
    pub fn for_sign_in(&self) -> Self {
        self.with_postgres_pool(|_, sign_in, _| sign_in)
    }

    /// The pool for the feed's reads. On PostgreSQL its connections plan each statement
    /// once, for all parameter values (`plan_cache_mode = force_generic_plan`).
    /// PostgreSQL's own choice was to plan the feed's query again on every call, which cost
    /// several times the query's execution under load, and the plan made once for all
    /// readers is as good (docs/benchmarks.md). The main pool keeps the default: the
    /// employer's aggregates are slower with generic plans.
    #[must_use]
    pub fn for_feed(&self) -> Self {
        self.with_postgres_pool(|_, _, feed| feed)
    }

    /// This `Db` with its PostgreSQL pool for ordinary queries replaced by the one `pick`
    /// chooses of (`pool`, `sign_in`, `feed`); SQLite's unchanged.
    fn with_postgres_pool(
        &self,
        pick: for<'a> fn(&'a PgPool, &'a PgPool, &'a PgPool) -> &'a PgPool,
    ) -> Self {
        match self {
            Self::Sqlite { .. } => self.clone(),
            Self::Postgres {
                pool,
                sign_in,
                feed,
            } => Self::Postgres {
                pool: pick(pool, sign_in, feed).clone(),
                sign_in: sign_in.clone(),
                feed: feed.clone(),
            },
        }
    }

    /// Waits until no other instance is doing its start-up work (backfills, demo content),
    /// then holds that turn until [`StartupTurn::end`]. On PostgreSQL a session advisory
    /// lock on a connection of its own, so instances started together on an empty database
    /// seed it once; an instance that dies holding it releases it with its connection.
    /// SQLite is one instance's file: there is no one to wait for.
    pub async fn startup_turn(&self) -> anyhow::Result<StartupTurn> {
        match self {
            Self::Sqlite { .. } => Ok(StartupTurn(None)),
            Self::Postgres { pool, .. } => {
                let mut conn =
                    <sqlx::PgConnection as sqlx::Connection>::connect_with(&pool.connect_options())
                        .await
                        .context("Failed to connect to PostgreSQL for the start-up lock")?;
                sqlx::query("SELECT pg_advisory_lock($1)")
                    .bind(STARTUP_LOCK_KEY)
                    .execute(&mut conn)
                    .await
                    .context("Failed to take the start-up lock")?;
                Ok(StartupTurn(Some(conn)))
            }
        }
    }

    /// Round-trips a trivial query.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        on_db!(self, pool => sqlx::query("SELECT 1").execute(pool).await.map(|_| ()))
    }

    /// Closes every connection (graceful shutdown).
    pub async fn close(&self) {
        match self {
            Self::Sqlite { pool, writer } => {
                writer.close().await;
                pool.close().await;
            }
            Self::Postgres {
                pool,
                sign_in,
                feed,
            } => {
                sign_in.close().await;
                feed.close().await;
                pool.close().await;
            }
        }
    }
}

/// The advisory lock of start-up work: any fixed number, the same on every instance
/// ("JobTap" in ASCII).
const STARTUP_LOCK_KEY: i64 = 0x4a6f_6254_6170;

/// One instance's turn at start-up work (see [`Db::startup_turn`]).
#[must_use = "the turn lasts until `end` is called"]
pub struct StartupTurn(Option<sqlx::PgConnection>);

impl StartupTurn {
    /// Lets the next instance take its turn.
    pub async fn end(self) -> anyhow::Result<()> {
        if let Some(mut conn) = self.0 {
            sqlx::query("SELECT pg_advisory_unlock($1)")
                .bind(STARTUP_LOCK_KEY)
                .execute(&mut conn)
                .await
                .context("Failed to release the start-up lock")?;
            sqlx::Connection::close(conn).await?;
        }
        Ok(())
    }
}

/// A PostgreSQL pool of at most `max_connections`, connected.
async fn postgres_pool(options: &PgConnectOptions, max_connections: u32) -> anyhow::Result<PgPool> {
    postgres_options(max_connections)
        .connect_with(options.clone())
        .await
        .context("Failed to connect to PostgreSQL")
}

/// The settings of every PostgreSQL pool.
fn postgres_options(max_connections: u32) -> PgPoolOptions {
    PgPoolOptions::new()
        .max_connections(max_connections)
        // Fail fast while the database is down, so callers get a 503 quickly.
        .acquire_timeout(Duration::from_secs(3))
        // sqlx pings every pooled connection before handing it out: a round trip
        // to the server per query, doubling the feed's. A connection in steady
        // use is known to be alive; one idle for a while (the server may have
        // restarted meanwhile) is still checked.
        .test_before_acquire(false)
        .before_acquire(|conn, meta| {
            Box::pin(async move {
                if meta.idle_for > PING_IDLE_AFTER {
                    sqlx::Connection::ping(conn).await?;
                }
                Ok(true)
            })
        })
}

/// Starts a transaction on `pool`, in a task of its own.
///
/// sqlx 0.9's PostgreSQL `begin` is not cancel-safe (transact-rs/sqlx#4393): a request
/// dropped while its `BEGIN` is on the wire (the client hung up) leaves the connection
/// inside a transaction that nothing tracks, and the pool hands it on. Later requests'
/// statements then run inside it: their writes are never committed and their row locks
/// are held until the connection closes. The load benchmark hit it when wrk hung up
/// after a warm-up: sign-ins then waited for the rate-limit row forever. Spawned, the `BEGIN` always completes, and a transaction whose caller has
/// gone is dropped, which rolls it back.
pub async fn begin<DB: sqlx::Database>(
    pool: &sqlx::Pool<DB>,
) -> Result<sqlx::Transaction<'static, DB>, sqlx::Error> {
    let pool = pool.clone();
    tokio::spawn(async move { pool.begin().await })
        .await
        .map_err(|err| sqlx::Error::Io(std::io::Error::other(err)))?
}

/// Whether `err` is a unique-constraint violation on `constraint` (any engine).
///
/// SQLite does not report constraint names, only the columns, so `columns`
/// (as `table.column`, comma-separated) is matched against its message.
pub fn is_unique_violation(err: &sqlx::Error, constraint: &str, columns: &str) -> bool {
    let Some(db_err) = err.as_database_error() else {
        return false;
    };
    if !matches!(db_err.kind(), sqlx::error::ErrorKind::UniqueViolation) {
        return false;
    }
    db_err.constraint() == Some(constraint) || db_err.message().contains(columns)
}

/// Whether `err` is a foreign key violation: the row referred to was deleted meanwhile.
pub fn is_foreign_key_violation(err: &sqlx::Error) -> bool {
    err.as_database_error()
        .is_some_and(|e| matches!(e.kind(), sqlx::error::ErrorKind::ForeignKeyViolation))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn every_sqlite_connection_logs_ahead_and_checkpoints_at_the_chosen_size() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("t.db").display());
        let Db::Sqlite { pool, writer } = Db::connect(&url, 2).await.unwrap() else {
            panic!("a sqlite: URL opens SQLite");
        };
        for connections in [&pool, &writer] {
            let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
                .fetch_one(connections)
                .await
                .unwrap();
            assert_eq!(mode, "wal");
            let pages: i64 = sqlx::query_scalar("PRAGMA wal_autocheckpoint")
                .fetch_one(connections)
                .await
                .unwrap();
            assert_eq!(pages.to_string(), WAL_AUTOCHECKPOINT_PAGES);
        }
    }

    async fn plan_cache_mode(db: &Db) -> String {
        on_db!(db, pool => sqlx::query_scalar::<_, String>("SHOW plan_cache_mode").fetch_one(pool).await)
            .unwrap()
    }

    /// The `postgres` database of `JOBTAP_TEST_POSTGRES_URL`, or of the local server: these
    /// tests always run on PostgreSQL, like `tests/scale_out.rs`.
    async fn local_postgres() -> Db {
        let base = std::env::var("JOBTAP_TEST_POSTGRES_URL")
            .ok()
            .filter(|v| !v.is_empty())
            .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432".into());
        Db::connect(&format!("{}/postgres", base.trim_end_matches('/')), 2)
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn only_the_feed_pool_plans_each_statement_once_for_all_parameters() {
        let db = local_postgres().await;
        assert_eq!(plan_cache_mode(&db.for_feed()).await, "force_generic_plan");
        assert_eq!(plan_cache_mode(&db).await, "auto");
        assert_eq!(plan_cache_mode(&db.for_sign_in()).await, "auto");
        db.close().await;
    }

    /// A request's plan is never JIT-compiled nor split over workers, on every pool (a large
    /// board's plans pass `jit_above_cost`).
    #[tokio::test]
    async fn no_pool_compiles_plans_or_starts_parallel_workers() {
        let db = local_postgres().await;
        for pool in [db.clone(), db.for_feed(), db.for_sign_in()] {
            let (jit, workers): (String, String) = on_db!(&pool, pool => {
                sqlx::query_as(
                    "SELECT current_setting('jit'), current_setting('max_parallel_workers_per_gather')",
                )
                .fetch_one(pool)
                .await
            })
            .unwrap();
            assert_eq!((jit.as_str(), workers.as_str()), ("off", "0"));
        }
        db.close().await;
    }
}

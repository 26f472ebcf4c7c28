//! A fresh database per test on the shared PostgreSQL server.

use sqlx::Connection as _;

/// Where the shared server is when `JOBTAP_TEST_POSTGRES_URL` does not say.
pub const DEFAULT_BASE: &str = "postgres://postgres@127.0.0.1:5432";

/// `JOBTAP_TEST_POSTGRES_URL` when it is set and not empty, without a trailing `/`.
pub fn configured_base() -> Option<String> {
    std::env::var("JOBTAP_TEST_POSTGRES_URL")
        .ok()
        .filter(|v| !v.is_empty())
        .map(|v| v.trim_end_matches('/').to_string())
}

/// [`configured_base`], or [`DEFAULT_BASE`].
pub fn base() -> String {
    configured_base().unwrap_or_else(|| DEFAULT_BASE.to_string())
}

/// Creates an empty database with a fresh name on the PostgreSQL server at `base` and
/// returns its URL. The name starts `jobtap_test_`, so `scripts/test.sh` drops it with the
/// other test databases.
pub async fn fresh_database(base: &str) -> String {
    let base = base.trim_end_matches('/');
    let name = format!("jobtap_test_{}", uuid::Uuid::new_v4().simple());
    let mut conn = sqlx::PgConnection::connect(&format!("{base}/postgres"))
        .await
        .unwrap_or_else(|e| panic!("connect to PostgreSQL at {base} (is it running?): {e}"));
    // The name is ours (a fresh UUID), not user input.
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut conn)
        .await
        .expect("create test database");
    format!("{base}/{name}")
}

/// A database on SQLite under `dir` and, when PostgreSQL is configured, a fresh one there, each
/// with every migration before `version` run: what a server written before that migration
/// left behind. `Db::migrate` then runs the rest.
pub async fn migrated_before(dir: &std::path::Path, version: i64) -> Vec<jobtap_api::db::Db> {
    use sqlx::migrate::Migrator;
    let mut targets = vec![(
        format!("sqlite://{}", dir.join("old.db").display()),
        "migrations/sqlite",
    )];
    if let Some(base) = configured_base() {
        targets.push((fresh_database(&base).await, "migrations/postgres"));
    }
    let mut dbs = Vec::new();
    for (url, folder) in targets {
        let db = jobtap_api::db::Db::connect(&url, 4).await.unwrap();
        let all = Migrator::new(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(folder))
            .await
            .unwrap();
        let before = Migrator {
            migrations: all
                .migrations
                .iter()
                .filter(|m| m.version < version)
                .cloned()
                .collect(),
            ..Migrator::DEFAULT
        };
        jobtap_api::on_db_write!(&db, pool => before.run(pool).await).unwrap();
        dbs.push(db);
    }
    dbs
}

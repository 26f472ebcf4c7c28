//! Configuration, read once from the environment at start, with defaults that
//! run the app with no set-up (SQLite and local files under `./data`).

use std::net::SocketAddr;
use std::path::PathBuf;

use jobtap_core::csv_import::ImportLimits;

pub use crate::error::ConfigError;

/// Everything the server needs to know about its surroundings.
#[derive(Debug, Clone)]
pub struct Config {
    /// `JOBTAP_ADDR`: where to listen (`127.0.0.1:8080`; port 0 picks a free one).
    pub addr: SocketAddr,
    /// `JOBTAP_DATA_DIR`: home of the SQLite file and stored files (`./data`).
    pub data_dir: PathBuf,
    /// `DATABASE_URL`: `sqlite://…` (default `{data_dir}/jobtap.db`) or `postgres://…`.
    pub database_url: String,
    /// `JOBTAP_FILES_DIR`: where uploaded files live (`{data_dir}/files`).
    pub files_dir: PathBuf,
    /// `JOBTAP_WEB_DIR`: the built web app to serve (`./web/dist`).
    pub web_dir: PathBuf,
    /// `JOBTAP_DEMO`: load demo jobs into an empty database (`1`; `0` disables).
    pub demo: bool,
    /// `JOBTAP_DB_MAX_CONNECTIONS`: pool size (PostgreSQL 16; SQLite's read pool twice
    /// the cores, at least 4: its queries run on this machine's CPU, and each connection
    /// keeps its own page cache, so more only cost memory; figures in docs/benchmarks.md).
    pub db_max_connections: u32,
    /// `JOBTAP_TOKEN_SECRET`: signs access tokens; required when several instances
    /// share a database (default: a random key kept in `{data_dir}/token-secret`).
    pub token_secret: Option<String>,
    /// `JOBTAP_TRUST_PROXY`: take the client address from `X-Forwarded-For` (`0`).
    pub trust_proxy: bool,
    /// `JOBTAP_RATE_LIMIT_FACTOR`: multiplies every auth rate limit (1); tests and
    /// load benchmarks that sign in from one address raise it.
    pub rate_limit_factor: i64,
    /// `JOBTAP_REQUIRE_CONFIRMED_EMAIL`: a candidate applies and an employer publishes only once
    /// their e-mail address is confirmed (`1`); `0` where addresses are vouched for elsewhere
    /// (single sign-on) and for load tests: no link is sent at sign-up and every account counts
    /// as confirmed.
    pub require_confirmed_email: bool,
    /// `JOBTAP_IMPORT_MAX_ROWS` and `JOBTAP_IMPORT_MAX_BYTES`: the most job rows and bytes one
    /// CSV import takes (10,000 and 5 MB); larger files are refused with advice to split them.
    pub import_limits: ImportLimits,
    /// `JOBTAP_STORAGE_QUOTA_MB`: how much each account may keep in the file store, in bytes
    /// (core's `STORAGE_QUOTA_DEFAULT_BYTES`, 100 MB).
    pub storage_quota_bytes: u64,
    /// `JOBTAP_AI_*`: the AI engine (built-in unless `JOBTAP_AI_BASE_URL` is set).
    pub ai: crate::ai::engine::config::AiConfig,
    /// `JOBTAP_STORAGE_URL`, `AWS_*` and `JOBTAP_ORPHAN_GRACE_SECS`: where files live
    /// (`JOBTAP_FILES_DIR` by default, or an S3 bucket) and when unrecorded ones are removed.
    pub storage: crate::storage::config::StorageConfig,
    /// `JOBTAP_SMTP_URL`, `JOBTAP_MAIL_FROM` and `JOBTAP_PUBLIC_URL`: where e-mail goes (an
    /// SMTP server, else `.eml` files under `{data_dir}/outbox`), its sender and the links' base.
    pub mail: crate::mail::config::MailConfig,
    /// `JOBTAP_TEST_PAUSE_AT`, in the test build only: a crash point where the server pauses
    /// for the fault tests (see `crate::test_pause`). Unset by default.
    #[cfg(feature = "test-hooks")]
    pub test_pause_at: Option<String>,
}

impl Config {
    /// Reads the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads configuration through `lookup`, so tests need not touch the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let get = |name: &str| lookup(name).filter(|v| !v.trim().is_empty());
        let addr = match get("JOBTAP_ADDR") {
            Some(v) => v.trim().parse().map_err(|_| ConfigError::Invalid {
                var: "JOBTAP_ADDR",
                what: "socket address (host:port)",
                value: v,
            })?,
            None => SocketAddr::from(([127, 0, 0, 1], 8080)),
        };
        let data_dir = PathBuf::from(get("JOBTAP_DATA_DIR").unwrap_or_else(|| "data".into()));
        let database_url = get("DATABASE_URL")
            .unwrap_or_else(|| format!("sqlite://{}", data_dir.join("jobtap.db").display()));
        let files_dir =
            get("JOBTAP_FILES_DIR").map_or_else(|| data_dir.join("files"), PathBuf::from);
        let web_dir = PathBuf::from(get("JOBTAP_WEB_DIR").unwrap_or_else(|| "web/dist".into()));
        let switch = |var: &'static str, default: bool| match get(var).as_deref().map(str::trim) {
            None => Ok(default),
            Some("1" | "true" | "yes" | "on") => Ok(true),
            Some("0" | "false" | "no" | "off") => Ok(false),
            Some(other) => Err(ConfigError::Invalid {
                var,
                what: "switch (1 or 0)",
                value: other.into(),
            }),
        };
        let number = |var: &'static str, default: i64| match get(var) {
            Some(v) => {
                v.trim()
                    .parse::<i64>()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or(ConfigError::Invalid {
                        var,
                        what: "positive whole number",
                        value: v,
                    })
            }
            None => Ok(default),
        };
        let demo = switch("JOBTAP_DEMO", true)?;
        let default_connections = if database_url.starts_with("sqlite:") {
            let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
            i64::try_from(cores * 2).unwrap_or(4).max(4)
        } else {
            16
        };
        let db_max_connections =
            u32::try_from(number("JOBTAP_DB_MAX_CONNECTIONS", default_connections)?).unwrap_or(16);
        let size = |var: &'static str, default: usize| {
            number(var, i64::try_from(default).unwrap_or(i64::MAX))
                .map(|n| usize::try_from(n).unwrap_or(usize::MAX))
        };
        let import_limits = ImportLimits {
            max_rows: size("JOBTAP_IMPORT_MAX_ROWS", ImportLimits::DEFAULT_MAX_ROWS)?,
            max_bytes: size("JOBTAP_IMPORT_MAX_BYTES", ImportLimits::DEFAULT_MAX_BYTES)?,
        };
        let default_quota_mb = jobtap_core::files::STORAGE_QUOTA_DEFAULT_BYTES / (1024 * 1024);
        let quota_mb = number(
            "JOBTAP_STORAGE_QUOTA_MB",
            i64::try_from(default_quota_mb).unwrap_or(100),
        )?;
        let storage_quota_bytes = u64::try_from(quota_mb)
            .unwrap_or(default_quota_mb)
            .saturating_mul(1024 * 1024);
        let storage = crate::storage::config::StorageConfig::from_lookup(get, &files_dir)?;
        let mail = crate::mail::config::MailConfig::from_lookup(get, &data_dir)?;
        Ok(Self {
            addr,
            data_dir,
            database_url,
            files_dir,
            web_dir,
            demo,
            db_max_connections,
            token_secret: get("JOBTAP_TOKEN_SECRET"),
            trust_proxy: switch("JOBTAP_TRUST_PROXY", false)?,
            rate_limit_factor: number("JOBTAP_RATE_LIMIT_FACTOR", 1)?,
            require_confirmed_email: switch("JOBTAP_REQUIRE_CONFIRMED_EMAIL", true)?,
            import_limits,
            storage_quota_bytes,
            storage,
            ai: crate::ai::engine::config::AiConfig::from_lookup(get)?,
            mail,
            #[cfg(feature = "test-hooks")]
            test_pause_at: get("JOBTAP_TEST_PAUSE_AT").map(|v| v.trim().to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect();
        Config::from_lookup(|k| map.get(k).cloned())
    }

    #[test]
    fn defaults_run_on_sqlite_under_data() {
        let c = config(&[]).unwrap();
        assert_eq!(c.addr.to_string(), "127.0.0.1:8080");
        assert_eq!(c.database_url, "sqlite://data/jobtap.db");
        assert_eq!(c.files_dir, PathBuf::from("data/files"));
        assert!(c.demo);
        assert!(
            c.require_confirmed_email,
            "the gate is on unless turned off"
        );
        assert!(
            c.db_max_connections >= 4,
            "SQLite: twice the cores, at least 4"
        );
    }

    #[test]
    fn the_pool_size_follows_the_engine_unless_set() {
        let pg = config(&[("DATABASE_URL", "postgres://db/jobtap")]).unwrap();
        assert_eq!(pg.db_max_connections, 16);
        let set = config(&[("JOBTAP_DB_MAX_CONNECTIONS", "7")]).unwrap();
        assert_eq!(set.db_max_connections, 7);
    }

    #[test]
    fn environment_overrides_defaults() {
        let c = config(&[
            ("JOBTAP_ADDR", "0.0.0.0:9000"),
            ("JOBTAP_DATA_DIR", "/tmp/x"),
            ("JOBTAP_DEMO", "0"),
            ("JOBTAP_REQUIRE_CONFIRMED_EMAIL", "0"),
        ])
        .unwrap();
        assert_eq!(c.addr.port(), 9000);
        assert!(!c.require_confirmed_email);
        assert_eq!(c.database_url, "sqlite:///tmp/x/jobtap.db");
        assert!(!c.demo);
    }

    #[test]
    fn bad_values_are_refused_with_the_variable_named() {
        let err = config(&[("JOBTAP_ADDR", "nope")]).unwrap_err().to_string();
        assert!(err.contains("JOBTAP_ADDR"), "{err}");
        assert!(config(&[("JOBTAP_DEMO", "maybe")]).is_err());
    }

    #[test]
    fn import_limits_default_to_the_core_limits_and_can_be_set() {
        assert_eq!(config(&[]).unwrap().import_limits, ImportLimits::default());
        let c = config(&[
            ("JOBTAP_IMPORT_MAX_ROWS", "50"),
            ("JOBTAP_IMPORT_MAX_BYTES", "2048"),
        ])
        .unwrap();
        assert_eq!(
            (c.import_limits.max_rows, c.import_limits.max_bytes),
            (50, 2048)
        );
        let err = config(&[("JOBTAP_IMPORT_MAX_ROWS", "0")]).unwrap_err();
        assert!(err.to_string().contains("JOBTAP_IMPORT_MAX_ROWS"), "{err}");
    }
}

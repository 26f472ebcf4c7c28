//! File storage behind a small trait, so the local disk (the default) and an
//! object store can serve the same code. Paths are always chosen by the server.

pub mod config;
pub mod local;
pub mod object;

use std::future::Future;
use std::pin::Pin;

use bytes::Bytes;

/// A boxed future, so [`Storage`] stays object-safe.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Why a storage operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("no such file: {0}")]
    NotFound(String),
    #[error("refused path {0:?}")]
    BadPath(String),
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The object store failed or could not be reached.
    #[error("object store: {0}")]
    Backend(object_store::Error),
}

impl From<StorageError> for crate::error::ApiError {
    fn from(err: StorageError) -> Self {
        match err {
            // The disk or the object store is failing: a dependency is down, the
            // request may work again shortly.
            StorageError::Io(_) | StorageError::Backend(_) => {
                tracing::warn!(error = %err, "file storage unavailable");
                Self::Unavailable(
                    "File storage is temporarily unavailable. Please try again.".into(),
                )
            }
            // A row whose file is missing, or a path the server built badly: a bug.
            StorageError::NotFound(_) | StorageError::BadPath(_) => {
                Self::Internal(anyhow::Error::new(err).context("File storage"))
            }
        }
    }
}

/// Opens the store the configuration names.
pub fn open(config: &config::StorageBackend) -> anyhow::Result<std::sync::Arc<dyn Storage>> {
    use anyhow::Context as _;
    Ok(match config {
        config::StorageBackend::Local(dir) => std::sync::Arc::new(
            local::LocalStorage::open(dir)
                .with_context(|| format!("Failed to open file storage at {}", dir.display()))?,
        ),
        config::StorageBackend::S3(s3) => std::sync::Arc::new(
            object::ObjectStorage::s3(s3)
                .with_context(|| format!("Failed to set up file storage at {}", s3.url()))?,
        ),
    })
}

/// Where uploaded files live.
pub trait Storage: Send + Sync + std::fmt::Debug {
    /// Writes `bytes` at `path` durably and atomically: readers see all of it or nothing.
    fn put<'a>(&'a self, path: &'a str, bytes: Bytes) -> BoxFuture<'a, Result<(), StorageError>>;
    /// Reads the whole file at `path`.
    fn get<'a>(&'a self, path: &'a str) -> BoxFuture<'a, Result<Bytes, StorageError>>;
    /// Removes `path`; removing a missing file is not an error.
    fn delete<'a>(&'a self, path: &'a str) -> BoxFuture<'a, Result<(), StorageError>>;
    /// Every stored path, with its age in milliseconds (for the orphan clean-up).
    fn list(&self) -> BoxFuture<'_, Result<Vec<(String, i64)>, StorageError>>;
    /// Whether the store can be reached now, at the cost of one small request (readiness).
    fn ready(&self) -> BoxFuture<'_, Result<(), StorageError>>;
}

/// Checks a server-made path: relative, `/`-separated segments of `[A-Za-z0-9._-]`, no `..`.
pub fn validate_path(path: &str) -> Result<(), StorageError> {
    let ok = !path.is_empty()
        && !path.starts_with('/')
        && path.split('/').all(|segment| {
            !segment.is_empty()
                && segment != "."
                && segment != ".."
                && segment
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
        });
    if ok {
        Ok(())
    } else {
        Err(StorageError::BadPath(path.to_string()))
    }
}

/// Deletes every stored file that has no `stored_files` row and is older than
/// `grace_ms` (a crash between writing a file and inserting its row leaves one).
pub async fn remove_orphans(
    storage: &dyn Storage,
    db: &crate::db::Db,
    grace_ms: i64,
) -> anyhow::Result<usize> {
    let known: std::collections::HashSet<String> = crate::on_db!(db, pool => {
        sqlx::query_scalar::<_, String>("SELECT path FROM stored_files").fetch_all(pool).await?
    })
    .into_iter()
    .collect();
    let mut removed = 0;
    for (path, age_ms) in storage.list().await? {
        if !known.contains(&path) && age_ms >= grace_ms {
            storage.delete(&path).await?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// Runs [`remove_orphans`] every `every` until the task is dropped, so files left by a
/// crash on any instance go without a restart. Failures are logged and retried next time.
pub async fn remove_orphans_periodically(
    storage: std::sync::Arc<dyn Storage>,
    db: crate::db::Db,
    grace_ms: i64,
    every: std::time::Duration,
) {
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // The first tick is immediate; start-up has just cleaned.
    ticks.tick().await;
    loop {
        ticks.tick().await;
        match remove_orphans(&*storage, &db, grace_ms).await {
            Ok(0) => {}
            Ok(removed) => tracing::warn!(
                files = removed,
                "removed stored files that had no database row"
            ),
            Err(err) => tracing::warn!(error = %err, "orphan file clean-up failed"),
        }
    }
}

/// What the stores' tests share: one sample file written, listed and deleted the same way.
#[cfg(test)]
pub(crate) mod testing {
    use bytes::Bytes;

    use super::{Storage, StorageError};

    /// The sample file's path.
    pub const SAMPLE: &str = "documents/u1/a.pdf";

    /// Writes the sample file and reads it back whole.
    pub async fn put_sample(store: &dyn Storage) {
        store
            .put(SAMPLE, Bytes::from_static(b"%PDF-1"))
            .await
            .unwrap();
        assert_eq!(&store.get(SAMPLE).await.unwrap()[..], b"%PDF-1");
    }

    /// Deletes the sample file twice (the second time finds nothing, which is no error) and
    /// checks that it is gone.
    pub async fn delete_sample(store: &dyn Storage) {
        store.delete(SAMPLE).await.unwrap();
        store.delete(SAMPLE).await.unwrap();
        assert!(matches!(
            store.get(SAMPLE).await,
            Err(StorageError::NotFound(p)) if p == SAMPLE
        ));
    }

    /// Every path `store` lists, sorted.
    pub async fn paths(store: &dyn Storage) -> Vec<String> {
        let mut out: Vec<String> = store
            .list()
            .await
            .unwrap()
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        out.sort();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_store_is_a_503_and_a_missing_file_a_500() {
        use crate::error::ApiError;
        let down = StorageError::Backend(object_store::Error::Generic {
            store: "S3",
            source: "connection refused".into(),
        });
        let err = ApiError::from(down);
        assert_eq!(err.status(), 503);
        assert!(!err.to_string().contains("refused"), "no details: {err}");
        let disk = ApiError::from(StorageError::Io(std::io::Error::other("disk full")));
        assert_eq!(disk.status(), 503);
        let missing = ApiError::from(StorageError::NotFound("documents/x.pdf".into()));
        assert_eq!(missing.status(), 500);
    }

    #[tokio::test]
    async fn the_periodic_clean_up_removes_old_orphans_and_keeps_recorded_files() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("t.db").display());
        let db = crate::db::Db::connect(&url, 2).await.unwrap();
        db.migrate().await.unwrap();
        let storage: std::sync::Arc<dyn Storage> =
            std::sync::Arc::new(local::LocalStorage::open(&dir.path().join("files")).unwrap());
        storage
            .put("documents/u/kept.pdf", Bytes::from_static(b"%PDF"))
            .await
            .unwrap();
        crate::on_db!(&db, pool => {
            sqlx::query(
                "INSERT INTO stored_files (path, kind, content_type, size, created_at) \
                 VALUES ('documents/u/kept.pdf', 'document', 'application/pdf', 4, 0)",
            )
            .execute(pool)
            .await
            .unwrap();
        });
        let task = tokio::spawn(remove_orphans_periodically(
            storage.clone(),
            db.clone(),
            0,
            std::time::Duration::from_millis(20),
        ));
        storage
            .put("documents/crashed/orphan.pdf", Bytes::from_static(b"%PDF"))
            .await
            .unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let left = loop {
            let left = testing::paths(&*storage).await;
            if left.len() == 1 || std::time::Instant::now() > deadline {
                break left;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        };
        task.abort();
        assert_eq!(
            left,
            ["documents/u/kept.pdf"],
            "the orphan went while serving"
        );
    }

    #[test]
    fn only_plain_relative_paths_are_accepted() {
        assert!(validate_path("documents/u1/resume_1.pdf").is_ok());
        for bad in [
            "",
            "/etc/passwd",
            "a/../b",
            "a//b",
            "a/./b",
            "a\\b",
            "docs/na me.pdf",
            "..",
            "a/%2e%2e",
        ] {
            assert!(validate_path(bad).is_err(), "{bad}");
        }
    }
}

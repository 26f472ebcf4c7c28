//! File storage behind a small trait, so the local disk (the default) and an
//! object store can serve the same code. Paths are always chosen by the server.

pub mod local;

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

#[cfg(test)]
mod tests {
    use super::*;

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

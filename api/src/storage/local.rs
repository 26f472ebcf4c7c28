//! Files on the local disk under one root folder.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use bytes::Bytes;
use tokio::io::AsyncWriteExt as _;

use super::{BoxFuture, Storage, StorageError, validate_path};

/// Partial writes live here until renamed into place; emptied at start.
const STAGING: &str = ".staging";

/// A folder on the local disk.
#[derive(Debug, Clone)]
pub struct LocalStorage {
    root: PathBuf,
}

impl LocalStorage {
    /// Opens (creating if needed) the folder `root` and clears leftover partial writes.
    pub fn open(root: &Path) -> std::io::Result<Self> {
        let staging = root.join(STAGING);
        if staging.exists() {
            std::fs::remove_dir_all(&staging)?;
        }
        std::fs::create_dir_all(&staging)?;
        Ok(Self {
            root: root.to_path_buf(),
        })
    }

    fn full(&self, path: &str) -> Result<PathBuf, StorageError> {
        validate_path(path)?;
        Ok(self.root.join(path))
    }
}

impl Storage for LocalStorage {
    fn ready(&self) -> BoxFuture<'_, Result<(), StorageError>> {
        Box::pin(async move {
            // The folder a write stages in: gone (a volume unmounted) means no upload can work.
            let staging = tokio::fs::metadata(self.root.join(STAGING)).await?;
            if staging.is_dir() {
                Ok(())
            } else {
                Err(std::io::Error::other("the staging folder is not a folder").into())
            }
        })
    }

    fn put<'a>(&'a self, path: &'a str, bytes: Bytes) -> BoxFuture<'a, Result<(), StorageError>> {
        Box::pin(async move {
            let target = self.full(path)?;
            let staged = self
                .root
                .join(STAGING)
                .join(uuid::Uuid::new_v4().simple().to_string());
            let mut file = tokio::fs::File::create(&staged).await?;
            let written = async {
                file.write_all(&bytes).await?;
                // Durable before it becomes visible: a crash never leaves a torn file in place.
                file.sync_all().await?;
                if let Some(parent) = target.parent() {
                    tokio::fs::create_dir_all(parent).await?;
                }
                tokio::fs::rename(&staged, &target).await
            }
            .await;
            if let Err(err) = written {
                let _ = tokio::fs::remove_file(&staged).await;
                return Err(err.into());
            }
            Ok(())
        })
    }

    fn get<'a>(&'a self, path: &'a str) -> BoxFuture<'a, Result<Bytes, StorageError>> {
        Box::pin(async move {
            match tokio::fs::read(self.full(path)?).await {
                Ok(bytes) => Ok(Bytes::from(bytes)),
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                    Err(StorageError::NotFound(path.into()))
                }
                Err(err) => Err(err.into()),
            }
        })
    }

    fn delete<'a>(&'a self, path: &'a str) -> BoxFuture<'a, Result<(), StorageError>> {
        Box::pin(async move {
            match tokio::fs::remove_file(self.full(path)?).await {
                Err(err) if err.kind() != std::io::ErrorKind::NotFound => Err(err.into()),
                _ => Ok(()),
            }
        })
    }

    fn list(&self) -> BoxFuture<'_, Result<Vec<(String, i64)>, StorageError>> {
        Box::pin(async move {
            let root = self.root.clone();
            tokio::task::spawn_blocking(move || walk(&root))
                .await
                .map_err(|e| StorageError::Io(std::io::Error::other(e)))?
        })
    }
}

fn walk(root: &Path) -> Result<Vec<(String, i64)>, StorageError> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    let now = SystemTime::now();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let path = entry.path();
            let file_type = entry.file_type()?;
            if file_type.is_dir() {
                if path != root.join(STAGING) {
                    stack.push(path);
                }
            } else if file_type.is_file() {
                let relative = path.strip_prefix(root).unwrap_or(&path);
                let name = relative.to_string_lossy().replace('\\', "/");
                let age = entry
                    .metadata()?
                    .modified()
                    .ok()
                    .and_then(|m| now.duration_since(m).ok())
                    .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
                out.push((name, age));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::testing::{SAMPLE, delete_sample, paths, put_sample};

    #[tokio::test]
    async fn put_get_list_delete_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let store = LocalStorage::open(dir.path()).unwrap();
        put_sample(&store).await;
        assert_eq!(paths(&store).await, [SAMPLE]);
        delete_sample(&store).await;
    }

    #[tokio::test]
    async fn nothing_is_written_outside_the_root() {
        let dir = tempfile::tempdir().unwrap();
        let store = LocalStorage::open(&dir.path().join("files")).unwrap();
        let err = store
            .put("../escape.txt", Bytes::from_static(b"x"))
            .await
            .unwrap_err();
        assert!(matches!(err, StorageError::BadPath(_)));
        assert!(!dir.path().join("escape.txt").exists());
    }
}

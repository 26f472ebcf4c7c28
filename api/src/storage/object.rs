//! Files in an S3-compatible object store (AWS S3, MinIO, moto) under one key
//! prefix, through the `object_store` crate, so several instances share them.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use futures_util::TryStreamExt as _;
use object_store::aws::AmazonS3Builder;
use object_store::path::Path as Key;
use object_store::{ClientOptions, ObjectStore, ObjectStoreExt as _, PutPayload, RetryConfig};
use secrecy::ExposeSecret as _;

use super::config::S3Config;
use super::{BoxFuture, Storage, StorageError, validate_path};

/// A bucket (or any [`ObjectStore`]) holding files under `prefix`.
#[derive(Debug, Clone)]
pub struct ObjectStorage {
    store: Arc<dyn ObjectStore>,
    /// Empty, or `a/b` without slashes at either end.
    prefix: String,
}

impl ObjectStorage {
    /// Files under `prefix` in `store`.
    pub fn new(store: Arc<dyn ObjectStore>, prefix: &str) -> Self {
        Self {
            store,
            prefix: prefix.trim_matches('/').to_string(),
        }
    }

    /// An S3 client for `config`. Nothing is contacted until the first request.
    pub fn s3(config: &S3Config) -> Result<Self, StorageError> {
        crate::tls::install_crypto_provider();
        // Client options first: setting them replaces `allow_http`, which lives among them.
        let mut builder = AmazonS3Builder::new()
            .with_client_options(
                ClientOptions::new()
                    .with_connect_timeout(Duration::from_secs(5))
                    .with_timeout(Duration::from_secs(30)),
            )
            .with_allow_http(config.allow_http)
            .with_bucket_name(&config.bucket)
            .with_region(&config.region)
            // A handler waits on these: a store that is down must fail in seconds
            // (answered 503), not after the crate's default three minutes of retries.
            .with_retry(RetryConfig {
                max_retries: 3,
                retry_timeout: Duration::from_secs(10),
                ..RetryConfig::default()
            });
        if let Some(endpoint) = &config.endpoint {
            builder = builder.with_endpoint(endpoint);
        }
        if let Some(key) = &config.access_key_id {
            builder = builder.with_access_key_id(key);
        }
        if let Some(secret) = &config.secret_access_key {
            builder = builder.with_secret_access_key(secret.expose_secret());
        }
        if let Some(token) = &config.session_token {
            builder = builder.with_token(token.expose_secret());
        }
        let store = builder.build().map_err(StorageError::Backend)?;
        Ok(Self::new(Arc::new(store), &config.prefix))
    }

    fn key(&self, path: &str) -> Result<Key, StorageError> {
        validate_path(path)?;
        let full = if self.prefix.is_empty() {
            path.to_string()
        } else {
            format!("{}/{path}", self.prefix)
        };
        Key::parse(full).map_err(|_| StorageError::BadPath(path.to_string()))
    }

    /// The stored path of `key`, or `None` for a key outside the prefix.
    fn relative(&self, key: &Key) -> Option<String> {
        let key = key.as_ref();
        if self.prefix.is_empty() {
            return Some(key.to_string());
        }
        key.strip_prefix(self.prefix.as_str())?
            .strip_prefix('/')
            .map(ToString::to_string)
    }
}

/// The key readiness asks about; never written.
const READY_PROBE: &str = "ready-probe";

fn backend_error(path: &str, err: object_store::Error) -> StorageError {
    match err {
        object_store::Error::NotFound { .. } => StorageError::NotFound(path.to_string()),
        other => StorageError::Backend(other),
    }
}

impl Storage for ObjectStorage {
    fn put<'a>(&'a self, path: &'a str, bytes: Bytes) -> BoxFuture<'a, Result<(), StorageError>> {
        Box::pin(async move {
            // A single PUT is atomic in S3: readers never see part of an object.
            self.store
                .put(&self.key(path)?, PutPayload::from(bytes))
                .await
                .map_err(|e| backend_error(path, e))?;
            Ok(())
        })
    }

    fn get<'a>(&'a self, path: &'a str) -> BoxFuture<'a, Result<Bytes, StorageError>> {
        Box::pin(async move {
            let found = self
                .store
                .get(&self.key(path)?)
                .await
                .map_err(|e| backend_error(path, e))?;
            found.bytes().await.map_err(|e| backend_error(path, e))
        })
    }

    fn delete<'a>(&'a self, path: &'a str) -> BoxFuture<'a, Result<(), StorageError>> {
        Box::pin(async move {
            match self.store.delete(&self.key(path)?).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
                Err(err) => Err(StorageError::Backend(err)),
            }
        })
    }

    fn ready(&self) -> BoxFuture<'_, Result<(), StorageError>> {
        Box::pin(async move {
            // A HEAD of a key nobody writes: "not found" is an answer from a reachable bucket.
            match self.store.head(&self.key(READY_PROBE)?).await {
                Ok(_) | Err(object_store::Error::NotFound { .. }) => Ok(()),
                Err(err) => Err(StorageError::Backend(err)),
            }
        })
    }

    fn list(&self) -> BoxFuture<'_, Result<Vec<(String, i64)>, StorageError>> {
        Box::pin(async move {
            let prefix = (!self.prefix.is_empty()).then(|| Key::from(self.prefix.as_str()));
            let objects: Vec<object_store::ObjectMeta> = self
                .store
                .list(prefix.as_ref())
                .try_collect()
                .await
                .map_err(StorageError::Backend)?;
            let now = crate::clock::Clock::now_ms(&crate::clock::SystemClock);
            Ok(objects
                .into_iter()
                .filter_map(|meta| {
                    let path = self.relative(&meta.location)?;
                    let age = (now - meta.last_modified.timestamp_millis()).max(0);
                    Some((path, age))
                })
                .collect())
        })
    }
}

#[cfg(test)]
mod tests {
    use object_store::memory::InMemory;

    use super::*;
    use crate::storage::testing::{SAMPLE, delete_sample, paths, put_sample};

    #[tokio::test]
    async fn put_get_list_delete_round_trip_under_the_prefix() {
        let bucket: Arc<dyn ObjectStore> = Arc::new(InMemory::new());
        let store = ObjectStorage::new(bucket.clone(), "/prod/files/");
        put_sample(&store).await;
        let raw: Vec<_> = bucket.list(None).try_collect().await.unwrap();
        assert_eq!(raw[0].location.as_ref(), "prod/files/documents/u1/a.pdf");
        assert_eq!(paths(&store).await, [SAMPLE]);
        let listed = store.list().await.unwrap();
        assert!(
            (0..60_000).contains(&listed[0].1),
            "age from last-modified: {listed:?}"
        );
        delete_sample(&store).await;
        assert!(store.list().await.unwrap().is_empty());
    }

    #[tokio::test]
    async fn stores_with_other_prefixes_see_nothing_of_each_other() {
        let bucket: Arc<dyn ObjectStore> = Arc::new(InMemory::new());
        let a = ObjectStorage::new(bucket.clone(), "a");
        let ab = ObjectStorage::new(bucket.clone(), "ab");
        let root = ObjectStorage::new(bucket, "");
        a.put("x.txt", Bytes::from_static(b"a")).await.unwrap();
        ab.put("x.txt", Bytes::from_static(b"ab")).await.unwrap();
        assert_eq!(paths(&a).await, ["x.txt"]);
        assert_eq!(&ab.get("x.txt").await.unwrap()[..], b"ab");
        assert_eq!(paths(&root).await, ["a/x.txt", "ab/x.txt"]);
        a.delete("x.txt").await.unwrap();
        assert_eq!(&ab.get("x.txt").await.unwrap()[..], b"ab");
    }

    #[tokio::test]
    async fn server_paths_only() {
        let store = ObjectStorage::new(Arc::new(InMemory::new()), "p");
        for bad in ["../x", "/abs", "a//b", "a b"] {
            assert!(matches!(
                store.put(bad, Bytes::from_static(b"x")).await,
                Err(StorageError::BadPath(_))
            ));
        }
    }
}

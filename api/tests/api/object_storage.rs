//! The S3 store against a real S3 API (a local moto server), and what the app
//! does when the store is missing or goes down.

use std::sync::Arc;

use bytes::Bytes;
use jobtap_api::config::Config;
use jobtap_api::startup::Application;
use jobtap_api::storage::{Storage, StorageError};
use serde_json::Value;

use crate::helpers::{TestOptions, spawn_app_with_env};
use crate::profile::{PDF, candidate, file};
use crate::support::moto::Moto;
use crate::support::stored_paths;

#[tokio::test]
async fn the_s3_store_puts_gets_lists_and_deletes() {
    let moto = Moto::shared();
    let bucket = moto.create_bucket().await;
    let store = moto.store(&bucket, "files");
    assert!(store.list().await.unwrap().is_empty());

    let pdf = Bytes::from_static(PDF);
    store.put("documents/u1/cv.pdf", pdf.clone()).await.unwrap();
    store
        .put("avatars/u1/me.png", Bytes::from_static(b"png"))
        .await
        .unwrap();
    assert_eq!(store.get("documents/u1/cv.pdf").await.unwrap(), pdf);
    let listed = store.list().await.unwrap();
    assert_eq!(
        stored_paths(&store).await,
        ["avatars/u1/me.png", "documents/u1/cv.pdf"]
    );
    assert!(
        listed.iter().all(|(_, age)| (0..120_000).contains(age)),
        "ages come from last-modified: {listed:?}"
    );

    // Overwrite replaces the whole object.
    store
        .put("documents/u1/cv.pdf", Bytes::from_static(b"v2"))
        .await
        .unwrap();
    assert_eq!(&store.get("documents/u1/cv.pdf").await.unwrap()[..], b"v2");

    store.delete("documents/u1/cv.pdf").await.unwrap();
    store.delete("documents/u1/cv.pdf").await.unwrap();
    assert_eq!(stored_paths(&store).await, ["avatars/u1/me.png"]);
}

#[tokio::test]
async fn a_missing_object_is_not_found_and_bad_paths_never_reach_the_bucket() {
    let moto = Moto::shared();
    let bucket = moto.create_bucket().await;
    let store = moto.store(&bucket, "files");
    match store.get("documents/nobody/none.pdf").await {
        Err(StorageError::NotFound(path)) => assert_eq!(path, "documents/nobody/none.pdf"),
        other => panic!("expected NotFound, got {other:?}"),
    }
    assert!(matches!(
        store.put("../escape.txt", Bytes::from_static(b"x")).await,
        Err(StorageError::BadPath(_))
    ));
    let root = moto.store(&bucket, "");
    assert!(root.list().await.unwrap().is_empty(), "nothing was written");
}

#[tokio::test]
async fn prefixes_and_buckets_keep_stores_apart() {
    let moto = Moto::shared();
    let bucket = moto.create_bucket().await;
    let other_bucket = moto.create_bucket().await;
    let a = moto.store(&bucket, "a");
    let ab = moto.store(&bucket, "ab");
    let nested = moto.store(&bucket, "a/b");
    let elsewhere = moto.store(&other_bucket, "a");
    a.put("x.txt", Bytes::from_static(b"a")).await.unwrap();
    ab.put("x.txt", Bytes::from_static(b"ab")).await.unwrap();
    elsewhere
        .put("x.txt", Bytes::from_static(b"other"))
        .await
        .unwrap();

    assert_eq!(stored_paths(&a).await, ["x.txt"], "'ab/…' is not under 'a'");
    assert_eq!(&ab.get("x.txt").await.unwrap()[..], b"ab");
    assert!(nested.list().await.unwrap().is_empty());
    assert!(matches!(
        nested.get("x.txt").await,
        Err(StorageError::NotFound(_))
    ));
    a.delete("x.txt").await.unwrap();
    assert_eq!(&ab.get("x.txt").await.unwrap()[..], b"ab");
    assert_eq!(&elsewhere.get("x.txt").await.unwrap()[..], b"other");
    let root = moto.store(&bucket, "");
    assert_eq!(stored_paths(&root).await, ["ab/x.txt"]);
}

#[tokio::test]
async fn when_the_store_goes_down_file_requests_answer_503_without_details() {
    let mut moto = Moto::start();
    let bucket = moto.create_bucket().await;
    let app = spawn_app_with_env(TestOptions::default(), moto.storage_env(&bucket, "jobtap")).await;
    let token = candidate(&app, "down@example.com").await;
    let upload = |name: &'static str| {
        let form = reqwest::multipart::Form::new()
            .text("document_type", "resume")
            .part("file", file(PDF, name));
        app.client
            .post(app.url("/api/v1/documents"))
            .bearer_auth(&token)
            .multipart(form)
            .send()
    };
    let created = upload("cv.pdf").await.unwrap();
    assert_eq!(created.status(), 201);
    let body: Value = created.json().await.unwrap();
    let id = body["document"]["id"].as_str().unwrap().to_string();
    let download = format!("/api/v1/documents/{id}/download");
    assert_eq!(app.get_auth(&download, &token).await.status(), 200);

    moto.stop();
    let failed = app.get_auth(&download, &token).await;
    assert_eq!(failed.status(), 503);
    let body: Value = failed.json().await.unwrap();
    assert_eq!(body["error"]["code"], "unavailable");
    assert_eq!(
        body["error"]["message"],
        "File storage is temporarily unavailable. Please try again."
    );
    let refused = upload("second.pdf").await.unwrap();
    assert_eq!(refused.status(), 503);
    let listed: Value = app
        .get_auth("/api/v1/documents", &token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        listed["documents"].as_array().unwrap().len(),
        1,
        "no row for a file that was not stored"
    );
}

#[tokio::test]
async fn a_bucket_that_cannot_be_listed_stops_the_start_with_its_url() {
    let moto = Moto::shared();
    let dir = tempfile::tempdir().unwrap();
    let mut vars = moto.storage_env("no-such-bucket", "files");
    vars.extend([
        ("JOBTAP_ADDR", "127.0.0.1:0".to_string()),
        ("JOBTAP_DATA_DIR", dir.path().display().to_string()),
        ("JOBTAP_DEMO", "0".to_string()),
    ]);
    let config =
        Config::from_lookup(|k| vars.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone()))
            .unwrap();
    let err = match Application::build(config).await {
        Ok(_) => panic!("started without its bucket"),
        Err(err) => format!("{err:#}"),
    };
    assert!(err.contains("s3://no-such-bucket/files"), "{err}");
}

#[tokio::test]
async fn the_app_state_uses_the_configured_store() {
    // Under JOBTAP_TEST_STORAGE=s3 every API test stores through moto; this makes the
    // choice visible instead of trusting it.
    let moto = Moto::shared();
    let bucket = moto.create_bucket().await;
    let app = spawn_app_with_env(TestOptions::default(), moto.storage_env(&bucket, "p")).await;
    app.state
        .storage
        .put("documents/u/x.pdf", Bytes::from_static(PDF))
        .await
        .unwrap();
    let direct: Arc<dyn Storage> = Arc::new(moto.store(&bucket, "p"));
    assert_eq!(stored_paths(&*direct).await, ["documents/u/x.pdf"]);
    assert!(
        !app.data_dir.join("files/documents").exists(),
        "nothing on the local disk"
    );
}

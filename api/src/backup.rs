//! `jobtap backup DIR` and `jobtap restore DIR`: a consistent copy of the embedded default
//! (the SQLite database and the files on disk), taken while the server keeps serving, and
//! brought back into an empty data folder.
//!
//! The database is copied with SQLite's `VACUUM INTO`, one read transaction: a snapshot of
//! every committed row, whatever is being written meanwhile. Stored files never change once
//! written (each upload gets a new path), so the files are copied around the snapshot: every
//! file present before it, then any file its rows name that arrived while it was taken. A
//! backup then holds every file its rows name, and says so or fails.
//!
//! The scale-out set-up (PostgreSQL, S3) is backed up with the tools of those services
//! (`pg_dump`, bucket versioning); see README.md.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::str::FromStr as _;

use anyhow::{Context as _, bail};
use sqlx::Connection as _;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};

use crate::config::Config;
use crate::storage::config::StorageBackend;

/// The database's name inside a backup folder.
const DATABASE: &str = "jobtap.db";
/// The stored files' folder inside a backup folder.
const FILES: &str = "files";
/// The access-token key's name, in the data folder and in a backup.
const TOKEN_SECRET: &str = "token-secret";

/// What a backup or a restore copied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Copied {
    /// Rows of `stored_files` in the copied database.
    pub files: usize,
    /// Bytes of those files.
    pub bytes: u64,
}

/// Where the embedded default keeps its database file and its files, or why this set-up is not it.
fn embedded(config: &Config) -> anyhow::Result<(PathBuf, PathBuf)> {
    let StorageBackend::Local(files_dir) = &config.storage.backend else {
        bail!(
            "jobtap backup copies the embedded default (SQLite and files on disk); files in an \
             object store are kept by the bucket's versioning (see README.md, \"Backups\")"
        );
    };
    if !config.database_url.starts_with("sqlite:") {
        bail!(
            "jobtap backup copies the embedded default (SQLite); back up PostgreSQL with pg_dump \
             (see README.md, \"Backups\")"
        );
    }
    let options =
        SqliteConnectOptions::from_str(&config.database_url).context("Invalid DATABASE_URL")?;
    Ok((options.get_filename().to_path_buf(), files_dir.clone()))
}

/// A folder that is missing or empty, created.
fn empty_folder(dir: &Path) -> anyhow::Result<()> {
    if dir.exists() && std::fs::read_dir(dir)?.next().is_some() {
        bail!("{} is not empty: choose a new folder", dir.display());
    }
    std::fs::create_dir_all(dir).with_context(|| format!("Failed to create {}", dir.display()))
}

/// Copies `from` to `to` (folders made as needed) and makes the copy durable.
fn copy_durably(from: &Path, to: &Path) -> std::io::Result<u64> {
    if let Some(parent) = to.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let bytes = std::fs::copy(from, to)?;
    std::fs::File::open(to)?.sync_all()?;
    Ok(bytes)
}

/// Every file under `root`, as `/`-separated paths relative to it (the store's staging folder aside).
fn files_under(root: &Path) -> std::io::Result<BTreeSet<String>> {
    let mut found = BTreeSet::new();
    if !root.exists() {
        return Ok(found);
    }
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let path = entry.path();
            if entry.file_type()?.is_dir() {
                if entry.file_name() != ".staging" {
                    stack.push(path);
                }
            } else if let Ok(relative) = path.strip_prefix(root) {
                let parts: Vec<String> = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                found.insert(parts.join("/"));
            }
        }
    }
    Ok(found)
}

/// The stored files the database at `path` names, with their sizes.
async fn named_files(path: &Path) -> anyhow::Result<Vec<(String, i64)>> {
    let options = SqliteConnectOptions::new().filename(path);
    let mut conn = SqliteConnection::connect_with(&options).await?;
    let rows = sqlx::query_as::<_, (String, i64)>("SELECT path, size FROM stored_files")
        .fetch_all(&mut conn)
        .await?;
    conn.close().await?;
    Ok(rows)
}

/// Writes a consistent copy of the database and its files into `dir` (missing or empty).
pub async fn backup(config: &Config, dir: &Path) -> anyhow::Result<Copied> {
    let (database, files_dir) = embedded(config)?;
    if !database.exists() {
        bail!("No database at {}: nothing to back up", database.display());
    }
    empty_folder(dir)?;
    let target_files = dir.join(FILES);
    // Files first: every file whose row the snapshot can hold is on disk already, unless it
    // arrives while the snapshot is taken (copied below).
    let mut copied = BTreeSet::new();
    for path in files_under(&files_dir)? {
        match copy_durably(&files_dir.join(&path), &target_files.join(&path)) {
            Ok(_) => {
                copied.insert(path);
            }
            // Deleted meanwhile: its row is gone before the snapshot, or the check below says so.
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
            Err(err) => return Err(err).with_context(|| format!("Failed to copy the file {path}")),
        }
    }

    let target_database = dir.join(DATABASE);
    let options = SqliteConnectOptions::from_str(&config.database_url)?
        .busy_timeout(std::time::Duration::from_secs(30));
    let mut conn = SqliteConnection::connect_with(&options)
        .await
        .context("Failed to open the database")?;
    sqlx::query("VACUUM INTO $1")
        .bind(target_database.to_string_lossy().into_owned())
        .execute(&mut conn)
        .await
        .context("Failed to copy the database (VACUUM INTO)")?;
    conn.close().await?;

    let mut result = Copied { files: 0, bytes: 0 };
    let mut missing = Vec::new();
    for (path, size) in named_files(&target_database).await? {
        if !copied.contains(&path) {
            match copy_durably(&files_dir.join(&path), &target_files.join(&path)) {
                Ok(_) => {}
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                    missing.push(path);
                    continue;
                }
                Err(err) => {
                    return Err(err).with_context(|| format!("Failed to copy the file {path}"));
                }
            }
        }
        result.files += 1;
        result.bytes += u64::try_from(size).unwrap_or(0);
    }
    if !missing.is_empty() {
        bail!(
            "{} file(s) named by the database were deleted while the backup ran ({}): run it again",
            missing.len(),
            missing.join(", ")
        );
    }
    let secret = config.data_dir.join(TOKEN_SECRET);
    if secret.exists() {
        copy_durably(&secret, &dir.join(TOKEN_SECRET))?;
    }
    Ok(result)
}

/// Brings a backup from `dir` back into this configuration's data folder, which must not hold a
/// database yet. Files already there are overwritten by the backup's (a restore cut short left
/// them, and its database was never put in place).
pub async fn restore(config: &Config, dir: &Path) -> anyhow::Result<Copied> {
    let (database, files_dir) = embedded(config)?;
    let source_database = dir.join(DATABASE);
    if !source_database.is_file() {
        bail!("{} holds no backup ({DATABASE} is missing)", dir.display());
    }
    // A leftover write-ahead log or journal would be replayed onto the restored database.
    let leftovers = ["", "-wal", "-shm", "-journal"].map(|suffix| {
        let mut name = database.clone().into_os_string();
        name.push(suffix);
        PathBuf::from(name)
    });
    if let Some(found) = leftovers.iter().find(|p| p.exists()) {
        bail!(
            "{} exists: restore only into an empty data folder",
            found.display()
        );
    }
    let named = named_files(&source_database).await?;
    let mut result = Copied { files: 0, bytes: 0 };
    for (path, _) in &named {
        crate::storage::validate_path(path)
            .map_err(|e| anyhow::anyhow!("The backup names a bad file path: {e}"))?;
        result.bytes += copy_durably(&dir.join(FILES).join(path), &files_dir.join(path))
            .with_context(|| format!("The backup lacks the file {path}"))?;
        result.files += 1;
    }
    let secret = dir.join(TOKEN_SECRET);
    if secret.exists() {
        copy_durably(&secret, &config.data_dir.join(TOKEN_SECRET))?;
    }
    // The database last: a restore cut short leaves no database, so the server will not start
    // on a half-restored folder, and the restore can simply be run again.
    let staged = database.with_extension("db.restoring");
    copy_durably(&source_database, &staged)?;
    std::fs::rename(&staged, &database)?;
    Ok(result)
}

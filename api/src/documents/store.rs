//! Persistence of documents and share links.

use serde::Serialize;

use crate::db::Db;
use crate::uploads::StagedFile;
use crate::{on_db, on_db_write};

/// A document as its owner lists it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Document {
    pub id: String,
    #[schema(value_type = crate::http::core_schemas::DocumentTypeSchema)]
    pub document_type: String,
    pub file_name: String,
    pub file_size: i64,
    pub content_type: String,
    pub is_default: bool,
    pub uploaded_at: i64,
    #[serde(skip)]
    pub file_path: String,
}

macro_rules! document_columns {
    () => {
        "id, document_type, file_name, file_size, content_type, is_default, uploaded_at, file_path"
    };
}

/// The documents of `user_id`, newest first.
pub async fn list(db: &Db, user_id: &str) -> Result<Vec<Document>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, Document>(concat!(
            "SELECT ",
            document_columns!(),
            " FROM user_documents WHERE user_id = $1 ORDER BY uploaded_at DESC, id DESC"
        ))
        .bind(user_id)
        .fetch_all(pool)
        .await
    })
}

/// Document `id` if it belongs to `user_id`.
pub async fn get(db: &Db, user_id: &str, id: &str) -> Result<Option<Document>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, Document>(concat!(
            "SELECT ",
            document_columns!(),
            " FROM user_documents WHERE id = $1 AND user_id = $2"
        ))
            .bind(id)
            .bind(user_id)
            .fetch_optional(pool)
            .await
    })
}

/// Inserts an uploaded document and its file row together.
pub async fn insert(
    db: &Db,
    user_id: &str,
    document_type: &str,
    file: &StagedFile,
    now: i64,
) -> Result<Document, sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        crate::uploads::record_file!(&mut *tx, user_id, "document", file, now)?;
        sqlx::query(
            "INSERT INTO user_documents (id, user_id, document_type, file_name, file_path, file_size, content_type, \
             is_default, uploaded_at) VALUES ($1, $2, $3, $4, $5, $6, $7, FALSE, $8)",
        )
        .bind(&id)
        .bind(user_id)
        .bind(document_type)
        .bind(&file.file_name)
        .bind(&file.path)
        .bind(file.size)
        .bind(file.kind.mime())
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok::<_, sqlx::Error>(())
    })?;
    Ok(Document {
        id,
        document_type: document_type.to_string(),
        file_name: file.file_name.clone(),
        file_size: file.size,
        content_type: file.kind.mime().to_string(),
        is_default: false,
        uploaded_at: now,
        file_path: file.path.clone(),
    })
}

/// Deletes document `id` of `user_id` with its file row; returns the storage path
/// to remove once committed, or `None` when there was no such document.
pub async fn delete(db: &Db, user_id: &str, id: &str) -> Result<Option<String>, sqlx::Error> {
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        let path: Option<String> = sqlx::query_scalar(
            "DELETE FROM user_documents WHERE id = $1 AND user_id = $2 RETURNING file_path",
        )
        .bind(id)
        .bind(user_id)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(path) = &path {
            sqlx::query("DELETE FROM stored_files WHERE path = $1").bind(path).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(path)
    })
}

/// What setting a default resume came to.
#[derive(Debug, PartialEq, Eq)]
pub enum SetDefault {
    Done,
    NotFound,
    NotAResume,
}

/// Makes resume `id` the one default of `user_id`.
///
/// The first statement writes the user's profile row, which serialises concurrent
/// calls for one user on both engines (a row lock on PostgreSQL, the write lock on
/// SQLite); the partial unique index is the last line of defence.
pub async fn set_default(
    db: &Db,
    user_id: &str,
    id: &str,
    now: i64,
) -> Result<SetDefault, sqlx::Error> {
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        sqlx::query("UPDATE profiles SET updated_at = $2 WHERE id = $1")
            .bind(user_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        let doc_type: Option<String> = sqlx::query_scalar(
            "SELECT document_type FROM user_documents WHERE id = $1 AND user_id = $2",
        )
        .bind(id)
        .bind(user_id)
        .fetch_optional(&mut *tx)
        .await?;
        match doc_type.as_deref() {
            None => return Ok(SetDefault::NotFound),
            Some("resume") => {}
            Some(_) => return Ok(SetDefault::NotAResume),
        }
        sqlx::query("UPDATE user_documents SET is_default = FALSE WHERE user_id = $1 AND is_default AND id <> $2")
            .bind(user_id)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE user_documents SET is_default = TRUE WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(SetDefault::Done)
    })
}

//! Revocable, expiring share links for resumes, instead of public bucket URLs.
//! The link carries a random token (256 bits); only its hash is stored.

use serde::Serialize;

use crate::auth::tokens::{random_token, token_hash};
use crate::clock::DAY_MS;
use crate::db::Db;
use crate::{on_db, on_db_write};

pub use jobtap_core::files::{
    SHARE_LINK_DEFAULT_DAYS as DEFAULT_DAYS, SHARE_LINK_MAX_DAYS as MAX_DAYS,
};

/// A share link as its owner sees it (never the token, which only its creator saw).
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct ShareLink {
    pub id: String,
    pub document_id: Option<String>,
    pub created_at: i64,
    pub expires_at: i64,
    pub revoked_at: Option<i64>,
    pub last_used_at: Option<i64>,
    pub use_count: i64,
}

/// A new link with its token (shown once).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NewShareLink {
    #[serde(flatten)]
    pub link: ShareLink,
    pub token: String,
    /// Path on this server that downloads the document.
    pub path: String,
}

/// Creates a link to `document_id` valid for `days`; `None` when the document was
/// deleted since it was read.
pub async fn create(
    db: &Db,
    user_id: &str,
    document_id: &str,
    days: i64,
    now: i64,
) -> Result<Option<NewShareLink>, sqlx::Error> {
    let token = random_token();
    let link = ShareLink {
        id: uuid::Uuid::new_v4().to_string(),
        document_id: Some(document_id.to_string()),
        created_at: now,
        expires_at: now + days * DAY_MS,
        revoked_at: None,
        last_used_at: None,
        use_count: 0,
    };
    let inserted = on_db_write!(db, pool => {
        sqlx::query(
            "INSERT INTO share_links (id, user_id, document_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&link.id)
        .bind(user_id)
        .bind(document_id)
        .bind(token_hash(&token))
        .bind(link.created_at)
        .bind(link.expires_at)
        .execute(pool)
        .await
        .map(|_| ())
    });
    match inserted {
        Ok(()) => {}
        Err(err) if crate::db::is_foreign_key_violation(&err) => return Ok(None),
        Err(err) => return Err(err),
    }
    let path = format!("/api/v1/share/{token}");
    Ok(Some(NewShareLink { link, token, path }))
}

/// The links `user_id` made for `document_id`, newest first.
pub async fn list(
    db: &Db,
    user_id: &str,
    document_id: &str,
) -> Result<Vec<ShareLink>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, ShareLink>(
            "SELECT id, document_id, created_at, expires_at, revoked_at, last_used_at, use_count FROM share_links \
             WHERE user_id = $1 AND document_id = $2 ORDER BY created_at DESC, id DESC",
        )
        .bind(user_id)
        .bind(document_id)
        .fetch_all(pool)
        .await
    })
}

/// Revokes link `id` of `user_id`; false when there is no such link.
pub async fn revoke(db: &Db, user_id: &str, id: &str, now: i64) -> Result<bool, sqlx::Error> {
    on_db_write!(db, pool => {
        let found: Option<String> = sqlx::query_scalar(
            "UPDATE share_links SET revoked_at = COALESCE(revoked_at, $3) WHERE id = $1 AND user_id = $2 RETURNING id",
        )
        .bind(id)
        .bind(user_id)
        .bind(now)
        .fetch_optional(pool)
        .await?;
        Ok(found.is_some())
    })
}

/// Ends every link `user_id` made for `document_id` that still opens; how many it ended.
pub async fn revoke_all(
    db: &Db,
    user_id: &str,
    document_id: &str,
    now: i64,
) -> Result<u64, sqlx::Error> {
    on_db_write!(db, pool => {
        let ended = sqlx::query(
            "UPDATE share_links SET revoked_at = $4 \
             WHERE user_id = $1 AND document_id = $2 AND revoked_at IS NULL AND expires_at > $3",
        )
        .bind(user_id)
        .bind(document_id)
        .bind(now)
        .bind(now)
        .execute(pool)
        .await?;
        Ok(ended.rows_affected())
    })
}

/// What opening a link finds.
#[derive(Debug)]
pub enum Opened {
    /// The document to download.
    Document {
        link_id: String,
        owner_id: String,
        path: String,
        file_name: String,
        content_type: String,
    },
    /// Expired, revoked, or its document deleted.
    Gone { reason: &'static str },
    /// No link has this token.
    Unknown,
}

#[derive(sqlx::FromRow)]
struct LinkRow {
    id: String,
    user_id: String,
    expires_at: i64,
    revoked_at: Option<i64>,
    file_path: Option<String>,
    file_name: Option<String>,
    content_type: Option<String>,
    file_size: Option<i64>,
    document_type: Option<String>,
    owner_name: Option<String>,
}

/// What the page of a working link shows before the download.
#[derive(Debug)]
pub struct Preview {
    /// The name on the owner's profile; empty when they have none.
    pub owner_name: String,
    pub file_name: String,
    pub file_size: i64,
    /// `resume` or `certificate`.
    pub document_type: String,
    pub expires_at: i64,
}

/// What looking at a link finds, without counting a use.
#[derive(Debug)]
pub enum Peeked {
    Document(Preview),
    Gone { reason: &'static str },
    Unknown,
}

/// The link of `token` and why it no longer works, if it does not.
async fn find(
    db: &Db,
    token: &str,
    now: i64,
) -> Result<Option<(LinkRow, Option<&'static str>)>, sqlx::Error> {
    let row: Option<LinkRow> = on_db!(db, pool => {
        sqlx::query_as::<_, LinkRow>(
            "SELECT l.id, l.user_id, l.expires_at, l.revoked_at, d.file_path, d.file_name, d.content_type, \
             d.file_size, d.document_type, p.full_name AS owner_name \
             FROM share_links l LEFT JOIN user_documents d ON d.id = l.document_id \
             LEFT JOIN profiles p ON p.id = l.user_id WHERE l.token_hash = $1",
        )
        .bind(token_hash(token))
        .fetch_optional(pool)
        .await?
    });
    Ok(row.map(|row| {
        let gone = if row.revoked_at.is_some() {
            Some("This share link was revoked by its owner.")
        } else if now >= row.expires_at {
            Some("This share link has expired.")
        } else if row.file_path.is_none() {
            Some("The shared document was deleted by its owner.")
        } else {
            None
        };
        (row, gone)
    }))
}

/// Looks up `token` for its page: whose document it is, its name and size, and until when
/// the link works. Counts no use.
pub async fn peek(db: &Db, token: &str, now: i64) -> Result<Peeked, sqlx::Error> {
    Ok(match find(db, token, now).await? {
        None => Peeked::Unknown,
        Some((_, Some(reason))) => Peeked::Gone { reason },
        Some((row, None)) => Peeked::Document(Preview {
            owner_name: row.owner_name.unwrap_or_default(),
            file_name: row.file_name.unwrap_or_default(),
            file_size: row.file_size.unwrap_or_default(),
            document_type: row.document_type.unwrap_or_default(),
            expires_at: row.expires_at,
        }),
    })
}

/// Looks up `token` and counts a use when it still works.
pub async fn open(db: &Db, token: &str, now: i64) -> Result<Opened, sqlx::Error> {
    let row = match find(db, token, now).await? {
        None => return Ok(Opened::Unknown),
        Some((_, Some(reason))) => return Ok(Opened::Gone { reason }),
        Some((row, None)) => row,
    };
    let (Some(path), Some(file_name), Some(content_type)) =
        (row.file_path, row.file_name, row.content_type)
    else {
        return Ok(Opened::Gone {
            reason: "The shared document was deleted by its owner.",
        });
    };
    on_db_write!(db, pool => {
        sqlx::query("UPDATE share_links SET use_count = use_count + 1, last_used_at = $2 WHERE id = $1")
            .bind(&row.id)
            .bind(now)
            .execute(pool)
            .await?;
        Ok::<_, sqlx::Error>(())
    })?;
    Ok(Opened::Document {
        link_id: row.id,
        owner_id: row.user_id,
        path,
        file_name,
        content_type,
    })
}

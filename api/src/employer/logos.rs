//! Company logos: uploaded by employers, shown publicly on job cards.

use warp::http::HeaderValue;
use warp::reply::Response;

use jobtap_core::files::Slot;

use crate::error::ApiError;
use crate::http::download::inline;
use crate::state::AppState;
use crate::storage::validate_path;
use crate::uploads::{self, LOGO_AREA as AREA, StagedFile};
use crate::{db::Db, on_db, on_db_write};

/// Public URL prefix of logos.
pub const URL_PREFIX: &str = "/api/v1/logos/";

/// Stores an uploaded logo under `company-logos/{userId}-{timestamp}.{ext}`; returns its public URL.
pub async fn store(
    state: &AppState,
    employer_id: &str,
    form: crate::uploads::FormData,
) -> Result<String, ApiError> {
    let form = uploads::receive(state, employer_id, form, |field, _| {
        (field == "file").then_some(Slot::CompanyLogo)
    })
    .await?;
    let file = uploads::one_file(&form, "file", "Please upload an image file")?;
    let now = state.now_ms();
    let name = format!("{employer_id}-{now}.{}", file.kind.extension());
    let path = format!("{AREA}/{name}");
    uploads::stage_and_record(state, employer_id, &[(file, path)], async |staged| {
        insert_row(&state.db, employer_id, &staged[0], now).await
    })
    .await?;
    Ok(format!("{URL_PREFIX}{name}"))
}

async fn insert_row(db: &Db, owner: &str, file: &StagedFile, now: i64) -> Result<(), sqlx::Error> {
    on_db_write!(db, pool => uploads::record_file!(pool, owner, "logo", file, now))
}

/// Serves a logo by name (public; logos are shown on every job card).
pub async fn serve(state: &AppState, name: &str) -> Result<Response, ApiError> {
    let path = format!("{AREA}/{name}");
    validate_path(&path).map_err(|_| ApiError::NotFound("No such logo".into()))?;
    let content_type: Option<String> = on_db!(&state.db, pool => {
        sqlx::query_scalar("SELECT content_type FROM stored_files WHERE path = $1 AND kind = 'logo'")
            .bind(&path)
            .fetch_optional(pool)
            .await?
    });
    let content_type = content_type.ok_or_else(|| ApiError::NotFound("No such logo".into()))?;
    let bytes = state.storage.get(&path).await.map_err(ApiError::from)?;
    // A logo's name embeds its upload time: it never changes.
    let mut response = inline(bytes, &content_type, "public, max-age=31536000, immutable")?;
    let headers = response.headers_mut();
    headers.insert(
        "content-security-policy",
        HeaderValue::from_static("default-src 'none'"),
    );
    Ok(response)
}

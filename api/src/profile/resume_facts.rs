//! What the fit score reads from the default resume (its field of study and its roles),
//! read once when the default resume changes and kept on the profile, so scoring a feed
//! never opens a file.

use sqlx::types::Json;

use jobtap_core::format::civil_from_unix_ms;
use jobtap_core::resume::{ResumeFacts, YearMonth, extract_text, resume_facts};

use crate::db::Db;
use crate::state::AppState;
use crate::{on_db, on_db_write};

/// Reads the default resume of `user_id` again and stores what it says; clears the facts
/// when there is no default resume or its text cannot be read without OCR. A failure is
/// logged, not returned: the upload that called this has already succeeded, and the score
/// falls back to the profile's years.
pub async fn refresh(state: &AppState, user_id: &str) {
    if let Err(err) = try_refresh(state, user_id).await {
        tracing::warn!(%user_id, error = %err, "could not read the default resume's facts");
    }
}

async fn try_refresh(state: &AppState, user_id: &str) -> anyhow::Result<()> {
    let Some((document_id, path)) = default_resume(&state.db, user_id).await? else {
        store(&state.db, user_id, None, None).await?;
        return Ok(());
    };
    let bytes = state.storage.get(&path).await?;
    let today = this_month(state.now_ms());
    // The stored path ends with the extension of the kind the upload was sniffed as.
    let facts = tokio::task::spawn_blocking(move || {
        extract_text(&path, &bytes)
            .ok()
            .map(|text| resume_facts(&text.text, today))
    })
    .await?;
    store(&state.db, user_id, Some(&document_id), facts.as_ref()).await?;
    Ok(())
}

/// The month of `now_ms`, which ends a resume's running roles ("– Present").
pub fn this_month(now_ms: i64) -> YearMonth {
    let (year, month, _) = civil_from_unix_ms(now_ms);
    YearMonth {
        year: u16::try_from(year).unwrap_or(u16::MAX),
        month: u8::try_from(month).unwrap_or(12),
    }
}

/// The id and storage path of the default resume.
async fn default_resume(db: &Db, user_id: &str) -> Result<Option<(String, String)>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, (String, String)>(
            "SELECT id, file_path FROM user_documents WHERE user_id = $1 AND is_default",
        )
        .bind(user_id)
        .fetch_optional(pool)
        .await
    })
}

/// Stores `facts`, read from document `from`, unless another resume has become the default
/// meanwhile (its own refresh stores its facts).
async fn store(
    db: &Db,
    user_id: &str,
    from: Option<&str>,
    facts: Option<&ResumeFacts>,
) -> Result<(), sqlx::Error> {
    on_db_write!(db, pool => {
        sqlx::query(
            "UPDATE profiles SET resume_facts = $2 WHERE id = $1 AND \
             (CAST($3 AS TEXT) IS NULL OR EXISTS (SELECT 1 FROM user_documents WHERE id = $3 AND user_id = $1 AND is_default))",
        )
        .bind(user_id)
        .bind(facts.map(Json))
        .bind(from)
        .execute(pool)
        .await?;
        Ok(())
    })
}

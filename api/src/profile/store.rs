//! Persistence of profiles, preferences and the files onboarding brings.

use serde::Serialize;
use sqlx::types::Json;

use jobtap_core::onboarding::Onboarding;

use crate::db::Db;
use crate::uploads::StagedFile;
use crate::{on_db, on_db_write};

/// The profile as the client reads it.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Profile {
    pub id: String,
    pub email: String,
    pub full_name: String,
    pub degree_class: Option<String>,
    /// The field of study as the candidate gave it (an option's label or free text).
    pub degree_field: Option<String>,
    pub university: Option<String>,
    #[schema(value_type = Vec<String>)]
    pub skills: Json<Vec<String>>,
    pub experience_years: Option<i64>,
    pub location: Option<String>,
    pub has_avatar: bool,
    #[sqlx(skip)]
    pub default_resume: Option<DefaultResume>,
}

/// The default resume, as named on the profile.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct DefaultResume {
    pub id: String,
    pub file_name: String,
}

/// Job preferences.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Preferences {
    #[schema(value_type = Vec<String>)]
    pub preferred_locations: Json<Vec<String>>,
    pub min_salary: Option<f64>,
    pub max_salary: Option<f64>,
    #[schema(value_type = Vec<String>)]
    pub job_types: Json<Vec<String>>,
}

/// The profile of `user_id` with its default resume.
pub async fn profile(db: &Db, user_id: &str) -> Result<Option<Profile>, sqlx::Error> {
    on_db!(db, pool => {
        let Some(mut profile) = sqlx::query_as::<_, Profile>(
            "SELECT id, email, full_name, degree_class, degree_field, university, skills, experience_years, location, \
             (avatar_path IS NOT NULL) AS has_avatar FROM profiles WHERE id = $1",
        )
        .bind(user_id)
        .fetch_optional(pool)
        .await?
        else {
            return Ok(None);
        };
        profile.default_resume = sqlx::query_as::<_, DefaultResume>(
            "SELECT id, file_name FROM user_documents WHERE user_id = $1 AND is_default",
        )
        .bind(user_id)
        .fetch_optional(pool)
        .await?;
        Ok(Some(profile))
    })
}

/// The job preferences of `user_id`, if saved.
pub async fn preferences(db: &Db, user_id: &str) -> Result<Option<Preferences>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, Preferences>(
            "SELECT preferred_locations, min_salary, max_salary, job_types FROM job_preferences WHERE user_id = $1",
        )
        .bind(user_id)
        .fetch_optional(pool)
        .await
    })
}

/// The avatar's storage path and content type.
pub async fn avatar(db: &Db, user_id: &str) -> Result<Option<(String, String)>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, (String, String)>(
            "SELECT f.path, f.content_type FROM profiles p JOIN stored_files f ON f.path = p.avatar_path WHERE p.id = $1",
        )
        .bind(user_id)
        .fetch_optional(pool)
        .await
    })
}

/// What one onboarding save writes.
#[derive(Debug)]
pub struct OnboardingSave<'a> {
    pub user_id: &'a str,
    pub form: &'a Onboarding,
    pub avatar: Option<&'a StagedFile>,
    pub resume: Option<&'a StagedFile>,
    pub certificates: &'a [StagedFile],
}

/// Saves profile, preferences and files in one transaction. Returns the storage
/// path of a replaced avatar, for the caller to delete once committed.
pub async fn save_onboarding(
    db: &Db,
    save: &OnboardingSave<'_>,
    now: i64,
) -> Result<Option<String>, sqlx::Error> {
    let form = save.form;
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        sqlx::query(
            "UPDATE profiles SET full_name = $2, degree_class = $3, university = $4, skills = $5, \
             experience_years = $6, location = $7, updated_at = $8, degree_field = $9 WHERE id = $1",
        )
        .bind(save.user_id)
        .bind(&form.full_name)
        .bind(&form.degree_class)
        .bind(&form.university)
        .bind(Json(&form.skills))
        .bind(form.experience_years)
        .bind(&form.preferred_location)
        .bind(now)
        .bind(&form.degree_field)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO job_preferences (user_id, preferred_locations, min_salary, max_salary, job_types, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id) DO UPDATE SET \
             preferred_locations = excluded.preferred_locations, min_salary = excluded.min_salary, \
             max_salary = excluded.max_salary, job_types = excluded.job_types, updated_at = excluded.updated_at",
        )
        .bind(save.user_id)
        .bind(Json(vec![form.preferred_location.clone()]))
        .bind(form.min_salary)
        .bind(form.max_salary)
        .bind(Json(&form.job_types))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let files = save.avatar.iter().map(|f| (*f, "avatar"))
            .chain(save.resume.iter().map(|f| (*f, "document")))
            .chain(save.certificates.iter().map(|f| (f, "document")));
        for (file, kind) in files {
            crate::uploads::record_file!(&mut *tx, save.user_id, kind, file, now)?;
        }
        let mut replaced_avatar = None;
        if let Some(avatar) = save.avatar {
            replaced_avatar = sqlx::query_scalar::<_, Option<String>>("SELECT avatar_path FROM profiles WHERE id = $1")
                .bind(save.user_id)
                .fetch_one(&mut *tx)
                .await?;
            sqlx::query("UPDATE profiles SET avatar_path = $2 WHERE id = $1")
                .bind(save.user_id)
                .bind(&avatar.path)
                .execute(&mut *tx)
                .await?;
            if let Some(old) = &replaced_avatar {
                sqlx::query("DELETE FROM stored_files WHERE path = $1").bind(old).execute(&mut *tx).await?;
            }
        }
        if save.resume.is_some() {
            sqlx::query("UPDATE user_documents SET is_default = FALSE WHERE user_id = $1 AND is_default")
                .bind(save.user_id)
                .execute(&mut *tx)
                .await?;
        }
        let documents = save.resume.iter().map(|f| (*f, "resume", true))
            .chain(save.certificates.iter().map(|f| (f, "certificate", false)));
        for (i, (file, doc_type, is_default)) in documents.enumerate() {
            sqlx::query(
                "INSERT INTO user_documents (id, user_id, document_type, file_name, file_path, file_size, \
                 content_type, is_default, uploaded_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(uuid::Uuid::new_v4().to_string())
            .bind(save.user_id)
            .bind(doc_type)
            .bind(&file.file_name)
            .bind(&file.path)
            .bind(file.size)
            .bind(file.kind.mime())
            .bind(is_default)
            // Keeps the upload order visible in "newest first" lists.
            .bind(now + i64::try_from(i).unwrap_or(0))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(replaced_avatar)
    })
}

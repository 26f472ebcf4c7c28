//! `/api/v1/profile…`: read the profile, its avatar, and save onboarding.

use serde::Serialize;
use warp::Filter;
use warp::reply::Response;

use jobtap_core::files::Slot;
use jobtap_core::onboarding::{self, OnboardingInput};

use crate::accounts::store::Role;
use crate::auth::extract::{Bearer, CandidateOnly, bearer};
use crate::auth::routes::form_error;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, download::inline, one_of, route, under};
use crate::state::AppState;
use crate::uploads::{self, Form, UploadLimits, storage_path};

use super::store::{self, OnboardingSave, Preferences, Profile};

#[derive(Serialize, utoipa::ToSchema)]
struct ProfileBody {
    profile: Profile,
    preferences: Option<Preferences>,
}

/// Every route under `/profile`.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let base = || under("profile", state);
    // GET /api/v1/profile
    let get = route!(base(); warp::path::end(), warp::get(), bearer() => get_profile);
    // GET /api/v1/profile/avatar
    let avatar = route!(base(); warp::path!("avatar"), warp::get(), bearer() => get_avatar);
    // POST /api/v1/profile/onboarding
    let onboarding = route!(base();
        warp::path!("onboarding"), warp::post(), bearer(), uploads::multipart() => save_onboarding);
    one_of!(get, avatar, onboarding)
}

async fn profile_body(state: &AppState, user_id: &str) -> Result<ProfileBody, ApiError> {
    let profile = store::profile(&state.db, user_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Profile not found".into()))?;
    let preferences = store::preferences(&state.db, user_id).await?;
    Ok(ProfileBody {
        profile,
        preferences,
    })
}

#[utoipa::path(get, path = "/api/v1/profile", tag = "profile",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's profile and preferences", body = ProfileBody),
        (status = 404, description = "No profile yet", body = ErrorBody),
    ))]
async fn get_profile(state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let user = bearer.user(&state).await?;
    Ok(warp::reply::json(&profile_body(&state, &user.id).await?))
}

#[utoipa::path(get, path = "/api/v1/profile/avatar", tag = "profile",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The profile picture", content_type = "image/*", body = [u8]),
        (status = 404, description = "No profile picture yet", body = ErrorBody),
    ))]
async fn get_avatar(state: AppState, bearer: Bearer) -> Answer<Response> {
    let user = bearer.user(&state).await?;
    let (path, content_type) = store::avatar(&state.db, &user.id)
        .await?
        .ok_or_else(|| ApiError::NotFound("No profile picture yet".into()))?;
    let bytes = state.storage.get(&path).await.map_err(ApiError::from)?;
    inline(bytes, &content_type, "private, max-age=60")
}

/// The onboarding form, as the document describes it (the handler reads it field by field).
#[derive(utoipa::ToSchema)]
#[allow(dead_code, reason = "only describes the multipart form")]
struct OnboardingForm {
    full_name: String,
    degree_class: Option<String>,
    /// The field of study: one of the required-degree options or free text (at most 100
    /// characters); optional, read from the default resume when missing.
    degree_field: Option<String>,
    university: Option<String>,
    /// Comma-separated.
    skills: Option<String>,
    experience_years: Option<String>,
    preferred_location: Option<String>,
    min_salary: Option<String>,
    max_salary: Option<String>,
    /// Repeat the field for each job type.
    job_types: Option<Vec<String>>,
    /// An image; at most one.
    #[schema(value_type = Option<String>, format = Binary)]
    avatar: Option<Vec<u8>>,
    /// PDF, Word or text; required unless a default resume exists.
    #[schema(value_type = Option<String>, format = Binary)]
    resume: Option<Vec<u8>>,
    #[schema(value_type = Option<Vec<String>>, format = Binary)]
    certificates: Option<Vec<Vec<u8>>>,
}

fn onboarding_slot(field: &str, _: &Form) -> Option<Slot> {
    match field {
        "avatar" => Some(Slot::Avatar),
        "resume" => Some(Slot::Resume),
        "certificates" => Some(Slot::Certificate),
        _ => None,
    }
}

#[utoipa::path(post, path = "/api/v1/profile/onboarding", tag = "profile",
    security(("bearer" = [])),
    request_body(content = OnboardingForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The saved profile and preferences", body = ProfileBody),
        CandidateOnly,
        (status = 422, description = "A field or file is invalid", body = ErrorBody),
        UploadLimits,
    ))]
async fn save_onboarding(
    state: AppState,
    bearer: Bearer,
    form: crate::uploads::Upload,
) -> Answer<impl warp::Reply> {
    let user = bearer.user_with(&state, Role::Candidate).await?;
    let form = form.read()?;
    let form: Form = uploads::receive(&state, &user.id, form, onboarding_slot).await?;
    let existing = store::profile(&state.db, &user.id).await?;
    let has_default = existing
        .as_ref()
        .is_some_and(|p| p.default_resume.is_some());
    let resume = form.files("resume").next();
    if form.files("resume").count() > 1 || form.files("avatar").count() > 1 {
        return Err(ApiError::BadRequest(
            "Send one resume and at most one profile picture".into(),
        ));
    }
    let input = OnboardingInput {
        full_name: form.text("full_name"),
        has_resume: resume.is_some() || has_default,
        degree_class: form.text("degree_class"),
        degree_field: form.text("degree_field"),
        university: form.text("university"),
        skills: form.text("skills"),
        experience_years: form.text("experience_years"),
        preferred_location: form.text("preferred_location"),
        min_salary: form.text("min_salary"),
        max_salary: form.text("max_salary"),
        job_types: form.all("job_types"),
    };
    let parsed = onboarding::parse(&input).map_err(form_error)?;

    let now = state.now_ms();
    let mut to_stage = Vec::new();
    if let Some(avatar) = form.files("avatar").next() {
        to_stage.push((
            avatar,
            storage_path("avatars", &user.id, "avatar", now, avatar.kind),
        ));
    }
    if let Some(resume) = resume {
        to_stage.push((
            resume,
            storage_path("documents", &user.id, "resume", now, resume.kind),
        ));
    }
    for cert in form.files("certificates") {
        to_stage.push((
            cert,
            storage_path("documents", &user.id, "certificate", now, cert.kind),
        ));
    }
    let replaced = uploads::stage_and_record(&state, &user.id, &to_stage, async |staged| {
        let mut rest = staged.iter();
        let avatar = form.files("avatar").next().and_then(|_| rest.next());
        let resume_file = resume.and_then(|_| rest.next());
        let certificates: Vec<_> = rest.cloned().collect();
        let save = OnboardingSave {
            user_id: &user.id,
            form: &parsed,
            avatar,
            resume: resume_file,
            certificates: &certificates,
        };
        store::save_onboarding(&state.db, &save, now).await
    })
    .await?;
    if let Some(old) = replaced {
        let _ = state.storage.delete(&old).await;
    }
    if resume.is_some() {
        super::resume_facts::refresh(&state, &user.id).await;
    }
    Ok(warp::reply::json(&profile_body(&state, &user.id).await?))
}

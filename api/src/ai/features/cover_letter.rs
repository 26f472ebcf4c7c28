//! `POST /api/v1/functions/generate-application`: the cover letter and e-mail subject for a
//! job (spec, candidate side §7).

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::reply::Response;

use jobtap_core::cover_letter::{CoverLetter, CoverLetterJob, CoverLetterProfile};

use crate::auth::extract::{Bearer, bearer};
use crate::error::{ApiError, ErrorBody, FieldErrors};
use crate::http::{Json, json_body, route, under};
use crate::state::AppState;

use crate::ai::engine::CoverLetterInput;
use crate::ai::{OverWritingLimit, check_limit, limits};

pub const MSG_JOB_TITLE: &str = "Please enter a job title";
pub const MSG_COMPANY: &str = "Please enter a company name";

/// The spec's body: the job's texts and the profile to write from.
#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
struct GenerateBody {
    job_title: String,
    company_name: String,
    job_description: String,
    /// Read when sent; otherwise skills are matched on the description.
    skills: Vec<String>,
    requirements: Vec<String>,
    /// `fullName` defaults to "Candidate"; skills, years, degree and university are optional.
    #[schema(value_type = crate::http::core_schemas::CoverLetterProfileSchema)]
    user_profile: CoverLetterProfile,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct GenerateReply {
    cover_letter: String,
    subject: String,
}

/// POST /api/v1/functions/generate-application.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    route!(under("functions", state);
        warp::path!("generate-application"), warp::post(), bearer(), json_body() => generate)
}

#[utoipa::path(post, path = "/api/v1/functions/generate-application", tag = "ai",
    security(("bearer" = [])),
    request_body = GenerateBody,
    responses(
        (status = 200, description = "The cover letter and its e-mail subject", body = GenerateReply),
        (status = 422, description = "No job title or company name", body = ErrorBody),
        OverWritingLimit,
    ))]
async fn generate(
    state: AppState,
    bearer: Bearer,
    body: Json<GenerateBody>,
) -> Result<impl warp::Reply, ApiError> {
    let (user, body) = bearer.user_and_body(&state, body).await?;
    check_limit(&state, limits::WRITING, &user.id).await?;
    // In the form's order, so the first message is the title's.
    let missing = [
        ("jobTitle", MSG_JOB_TITLE, body.job_title.trim().is_empty()),
        (
            "companyName",
            MSG_COMPANY,
            body.company_name.trim().is_empty(),
        ),
    ];
    let mut fields = FieldErrors::new();
    let mut first = None;
    for (field, message, blank) in missing {
        if blank {
            first.get_or_insert(message);
            fields.insert(field.into(), vec![message.into()]);
        }
    }
    if let Some(message) = first {
        return Err(ApiError::Validation {
            message: message.into(),
            fields,
        });
    }
    let input = CoverLetterInput {
        profile: body.user_profile,
        job: CoverLetterJob {
            job_title: body.job_title,
            company_name: body.company_name,
            job_description: body.job_description,
            skills: body.skills,
            requirements: body.requirements,
            experience_years: None,
            // No score here: the letter claims no match.
            fit_percentage: None,
        },
        regeneration: 0,
    };
    let CoverLetter { subject, body } = state.ai.cover_letter(&input).await?;
    Ok(warp::reply::json(&GenerateReply {
        cover_letter: body,
        subject,
    }))
}

//! `POST /api/v1/functions/ai-job-assistance`: help while posting a job (spec,
//! employer side §7): a description, suggested skills, a suggested talent score.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use warp::Filter;
use warp::reply::Response;

use crate::auth::extract::{Bearer, EmployerOnly, bearer};
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, json_body, route, under};
use crate::state::AppState;

use crate::ai::engine::JobDraft;
use crate::ai::{OverWritingLimit, check_limit, limits};

pub const MSG_DESCRIPTION_NEEDS: &str =
    "Please fill in company name, job title, and job type first";
pub const MSG_SKILLS_NEEDS: &str = "Please fill in job title and description first";

#[derive(Debug, Deserialize, utoipa::ToSchema)]
struct Body {
    /// `description`, `skills` or `talent-score`.
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    input: Input,
}

#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
struct Input {
    job_title: String,
    company_name: String,
    job_type: String,
    experience_level: String,
    description: String,
    requirements: String,
    skills: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct AssistReply {
    /// Text for `description`, the JSON text of a list for `skills`, a number for `talent-score`.
    #[schema(schema_with = text_or_number)]
    result: Value,
}

fn text_or_number() -> utoipa::openapi::schema::Schema {
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
    Schema::OneOf(
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::String))
            .item(ObjectBuilder::new().schema_type(Type::Number))
            .build(),
    )
}

/// POST /api/v1/functions/ai-job-assistance
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    route!(under("functions", state);
        warp::path!("ai-job-assistance"), warp::post(), bearer(), json_body() => assist)
}

#[utoipa::path(post, path = "/api/v1/functions/ai-job-assistance", tag = "ai",
    security(("bearer" = [])),
    request_body = Body,
    responses(
        (status = 200, description = "The suggestion", body = AssistReply),
        EmployerOnly,
        (status = 422, description = "An unknown type, or the fields it needs are blank", body = ErrorBody),
        OverWritingLimit,
    ))]
async fn assist(
    state: AppState,
    bearer: Bearer,
    body: Json<Body>,
) -> Result<impl warp::Reply, ApiError> {
    let (member, body) = bearer.recruiter_and_body(&state, body).await?;
    check_limit(&state, limits::WRITING, member.actor()).await?;
    let input = body.input;
    let blank = |s: &str| s.trim().is_empty();
    let draft = JobDraft {
        job_title: input.job_title,
        company_name: input.company_name,
        job_type: input.job_type,
        experience_level: input.experience_level,
        description: input.description,
        requirements: input.requirements,
        skills: input.skills,
    };
    let ai = state.ai.as_ref();
    // The answer's `result` has the spec's shape for each type: text, the JSON text
    // of a list, or a number.
    let result: Value = match body.kind.as_str() {
        "description" => {
            if blank(&draft.job_title) || blank(&draft.company_name) || blank(&draft.job_type) {
                return Err(ApiError::field("input", MSG_DESCRIPTION_NEEDS));
            }
            json!(ai.job_description(&draft).await?)
        }
        "skills" => {
            if blank(&draft.job_title) || blank(&draft.description) {
                return Err(ApiError::field("input", MSG_SKILLS_NEEDS));
            }
            let skills = ai.job_skills(&draft).await?;
            json!(serde_json::to_string(&skills).map_err(|e| ApiError::Internal(e.into()))?)
        }
        "talent-score" => {
            if blank(&draft.job_title) || blank(&draft.description) {
                return Err(ApiError::field("input", MSG_SKILLS_NEEDS));
            }
            json!(ai.talent_score(&draft).await?)
        }
        _ => {
            return Err(ApiError::field(
                "type",
                "type must be description, skills or talent-score",
            ));
        }
    };
    Ok(warp::reply::json(&AssistReply { result }))
}

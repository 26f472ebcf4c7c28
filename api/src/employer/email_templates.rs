//! The employer's own wording of the e-mails telling candidates they were accepted or rejected
//! (core's `decision_template`): `GET`/`PUT /api/v1/employer/settings/email-templates`, and
//! `POST …/preview`, which answers with the e-mail as it would be sent, made by the function
//! the decisions send with (`texts::decision_in`). A decision reads its employer's wording in
//! its own transaction (`decisions::returning_candidate!`); `email_template_store` keeps it.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::reply::Response;

use jobtap_core::decision_template::{self, Kind, Part};

use crate::auth::extract::{AdminOnly, Bearer, EmployerOnly, bearer};
use crate::db::Db;
use crate::error::{ApiError, ErrorBody, FieldErrors};
use crate::http::{Answer, Json, json_body, one_of, route, with_state};
use crate::mail::message::one_line;
use crate::mail::texts::{self, Outcome, Wording};
use crate::state::AppState;

use super::application_routes::MSG_APPLICATION_NOT_FOUND;
use super::email_template_store::{self as store, Filling, Saved};

/// Who the preview's sample e-mail is for, and what the employer wrote them.
const SAMPLE_NAME: &str = "Tendai Moyo";
const SAMPLE_JOB: &str = "Data Analyst";
const SAMPLE_FEEDBACK: &str = "Your SQL exercise was one of the strongest we saw. We went with \
    someone who has run a billing system before; please apply again when you have.";

/// One decision's template: what is saved (blank: JobTap's) and JobTap's own wording.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TemplateBody {
    /// The saved subject; empty when JobTap's is used.
    pub subject: String,
    /// The saved message; empty when JobTap's is used.
    pub body: String,
    pub default_subject: &'static str,
    pub default_body: &'static str,
}

/// The employer's acceptance and rejection templates.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EmailTemplatesBody {
    pub acceptance: TemplateBody,
    pub rejection: TemplateBody,
}

impl EmailTemplatesBody {
    fn of(saved: &Saved) -> Self {
        let one = |kind: Kind| {
            let wording = saved.wording(kind);
            TemplateBody {
                subject: wording.subject.unwrap_or_default().to_string(),
                body: wording.body.unwrap_or_default().to_string(),
                default_subject: kind.default_subject(),
                default_body: kind.default_body(),
            }
        };
        Self {
            acceptance: one(Kind::Acceptance),
            rejection: one(Kind::Rejection),
        }
    }
}

/// A subject and a message; blank, or JobTap's own wording, follows JobTap's.
#[derive(Debug, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct TemplateText {
    subject: String,
    body: String,
}

/// Both templates, replacing the saved ones.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct EmailTemplatesChange {
    acceptance: TemplateText,
    rejection: TemplateText,
}

/// What to preview: `kind` (`acceptance` or `rejection`), a draft's subject and message (absent:
/// the saved ones; blank: JobTap's), and an application of the employer's whose candidate,
/// job and feedback fill it (absent: sample values).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct TemplatePreviewRequest {
    kind: String,
    subject: Option<String>,
    body: Option<String>,
    application_id: Option<String>,
}

/// The e-mail as it would be sent.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TemplatePreviewBody {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// GET and PUT /api/v1/employer/settings/email-templates, POST …/preview.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let get = route!(warp::path!("employer" / "settings" / "email-templates");
        warp::get(), with_state(state.clone()), bearer() => get_templates);
    let put = route!(warp::path!("employer" / "settings" / "email-templates");
        warp::put(), with_state(state.clone()), bearer(), json_body() => set_templates);
    let preview = route!(warp::path!("employer" / "settings" / "email-templates" / "preview");
        warp::post(), with_state(state.clone()), bearer(), json_body() => preview_template);
    one_of!(get, put, preview)
}

/// `input` for `kind`'s `part` as saved, its problem named under `kind.part` in `errors`.
fn checked(kind: Kind, part: Part, input: &str, errors: &mut FieldErrors) -> Option<String> {
    decision_template::stored(kind, part, input).unwrap_or_else(|message| {
        let field = format!("{}.{}", kind.as_str(), part.as_str());
        errors.entry(field).or_default().push(message);
        None
    })
}

/// A 422 of every problem in `errors`, the first one as its message; `Ok` when there are none.
fn refuse(errors: FieldErrors) -> Result<(), ApiError> {
    let Some(first) = errors.values().flatten().next().cloned() else {
        return Ok(());
    };
    Err(ApiError::Validation {
        message: first,
        fields: errors,
    })
}

#[utoipa::path(get, path = "/api/v1/employer/settings/email-templates", tag = "employer",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's decision e-mail templates and JobTap's wording", body = EmailTemplatesBody),
        EmployerOnly,
    ))]
pub(crate) async fn get_templates(state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    Ok(warp::reply::json(&EmailTemplatesBody::of(
        &store::saved(&state.db, &member.company).await?,
    )))
}

#[utoipa::path(put, path = "/api/v1/employer/settings/email-templates", tag = "employer",
    security(("bearer" = [])),
    request_body = EmailTemplatesChange,
    responses(
        (status = 200, description = "Saved", body = EmailTemplatesBody),
        AdminOnly,
        (status = 422, description = "A placeholder is unknown or a part too long; nothing is saved", body = ErrorBody),
    ))]
pub(crate) async fn set_templates(
    state: AppState,
    bearer: Bearer,
    body: Json<EmailTemplatesChange>,
) -> Answer<impl warp::Reply> {
    let (member, body) = bearer.admin_and_body(&state, body).await?;
    let mut errors = FieldErrors::new();
    let parts = [Kind::Acceptance, Kind::Rejection].map(|kind| {
        let text = match kind {
            Kind::Acceptance => &body.acceptance,
            Kind::Rejection => &body.rejection,
        };
        (
            checked(kind, Part::Subject, &text.subject, &mut errors),
            checked(kind, Part::Body, &text.body, &mut errors),
        )
    });
    refuse(errors)?;
    let [
        (acceptance_subject, acceptance_body),
        (rejection_subject, rejection_body),
    ] = parts;
    let saved = Saved {
        acceptance_subject,
        acceptance_body,
        rejection_subject,
        rejection_body,
    };
    store::save(&state.db, &member.company, &saved).await?;
    Ok(warp::reply::json(&EmailTemplatesBody::of(&saved)))
}

/// Sample values: a candidate, a job, the employer's company and some feedback.
async fn sample(db: &Db, employer_id: &str) -> Result<Filling, sqlx::Error> {
    Ok(Filling {
        full_name: SAMPLE_NAME.into(),
        job_title: SAMPLE_JOB.into(),
        company_name: store::company_name(db, employer_id).await?,
        employer_comment: Some(SAMPLE_FEEDBACK.into()),
    })
}

#[utoipa::path(post, path = "/api/v1/employer/settings/email-templates/preview", tag = "employer",
    security(("bearer" = [])),
    request_body = TemplatePreviewRequest,
    responses(
        (status = 200, description = "The e-mail as it would be sent", body = TemplatePreviewBody),
        EmployerOnly,
        (status = 404, description = "Not an application of the caller's", body = ErrorBody),
        (status = 422, description = "Not a kind of template, or the draft breaks a rule", body = ErrorBody),
    ))]
pub(crate) async fn preview_template(
    state: AppState,
    bearer: Bearer,
    body: Json<TemplatePreviewRequest>,
) -> Answer<impl warp::Reply> {
    let (member, body) = bearer.recruiter_and_body(&state, body).await?;
    let kind = Kind::parse(body.kind.trim())
        .ok_or_else(|| ApiError::field("kind", decision_template::MSG_KIND))?;
    let mut errors = FieldErrors::new();
    let subject = body
        .subject
        .as_deref()
        .map(|s| checked(kind, Part::Subject, s, &mut errors));
    let message = body
        .body
        .as_deref()
        .map(|s| checked(kind, Part::Body, s, &mut errors));
    refuse(errors)?;
    let stored = store::saved(&state.db, &member.company).await?;
    let kept = stored.wording(kind);
    let wording = Wording {
        subject: subject.as_ref().map_or(kept.subject, Option::as_deref),
        body: message.as_ref().map_or(kept.body, Option::as_deref),
    };
    let filling = match body.application_id.as_deref() {
        Some(id) => store::filling_of(&state.db, &member.company, id)
            .await?
            .ok_or_else(|| ApiError::NotFound(MSG_APPLICATION_NOT_FOUND.into()))?,
        None => sample(&state.db, &member.company).await?,
    };
    let mail = texts::decision_in(
        &texts::Decision {
            to_address: "",
            candidate_name: &filling.full_name,
            job_title: &filling.job_title,
            company_name: &filling.company_name,
            outcome: match kind {
                Kind::Acceptance => Outcome::Accepted,
                Kind::Rejection => Outcome::Rejected,
            },
            feedback: filling.employer_comment.as_deref(),
            public_url: &state.config.mail.public_url,
        },
        wording,
    );
    Ok(warp::reply::json(&TemplatePreviewBody {
        // The subject as the message's header carries it.
        subject: one_line(&mail.subject),
        text: mail.text,
        html: mail.html,
    }))
}

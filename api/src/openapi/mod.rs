//! The OpenAPI 3.1 document of every `/api/v1` route, generated from the handlers'
//! `#[utoipa::path]` attributes and the request and response types' `ToSchema` derives,
//! served at `GET /api/v1/openapi.json`.
//!
//! Statuses that come from shared filters rather than from a handler are added here, once,
//! so no route can forget them: 401 on every route that takes a bearer token, 400 on every
//! route with query parameters, and 400, 413 and 415 on every route with a body (unreadable
//! body, over the limit, wrong content type).

use std::sync::OnceLock;

use utoipa::openapi::path::ParameterIn;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{OpenApi as Document, RefOr};
use utoipa::{Modify, OpenApi};
use warp::Filter;
use warp::http::HeaderValue;
use warp::reply::Response;

use crate::error::ErrorBody;

mod inline_parts;
mod sent_fields;

/// The security scheme's name in the document.
pub const BEARER: &str = "bearer";

#[derive(OpenApi)]
#[openapi(
    info(
        title = "JobTap API",
        description = "JobTap's HTTP API. Every error answers `ErrorBody`. Private routes need \
            `Authorization: Bearer <access token>` from sign-up, sign-in or refresh."
    ),
    paths(
        openapi_json,
        crate::meta::health::health,
        crate::meta::health::ready,
        crate::meta::settings::settings,
        crate::auth::routes::candidate_sign_up,
        crate::auth::routes::employer_sign_up,
        crate::auth::routes::candidate_sign_in,
        crate::auth::routes::employer_sign_in,
        crate::auth::routes::refresh,
        crate::auth::routes::sign_out,
        crate::auth::routes::current,
        crate::auth::reset_routes::ask,
        crate::auth::reset_routes::check,
        crate::auth::reset_routes::confirm,
        crate::auth::reset_routes::change,
        crate::auth::confirm_routes::follow,
        crate::auth::confirm_routes::resend,
        crate::auth::confirm_routes::change_email,
        crate::auth::session_routes::list_sessions,
        crate::auth::session_routes::end_session,
        crate::auth::session_routes::sign_out_others,
        crate::accounts::routes::delete_account,
        crate::accounts::routes::start_export,
        crate::accounts::routes::export_status,
        crate::accounts::routes::download_export,
        crate::profile::routes::get_profile,
        crate::profile::routes::get_avatar,
        crate::profile::routes::save_onboarding,
        crate::documents::routes::list,
        crate::documents::routes::upload,
        crate::documents::routes::download,
        crate::documents::routes::delete,
        crate::documents::routes::make_default,
        crate::documents::routes::create_link,
        crate::documents::routes::list_links,
        crate::documents::routes::revoke_all_links,
        crate::documents::routes::revoke_link,
        crate::documents::routes::open_link,
        crate::feed::routes::feed,
        crate::feed::routes::job,
        crate::feed::routes::job_score,
        crate::feed::routes::calculate_score,
        crate::alerts::routes::subscribe,
        crate::notifications::routes::bell,
        crate::notifications::routes::mark_read,
        crate::notifications::routes::settings,
        crate::notifications::routes::set,
        crate::feed::rejections::reject,
        crate::feed::rejections::undo,
        crate::feed::rejections::start_over,
        crate::applications::routes::apply,
        crate::applications::routes::draft,
        crate::applications::mine::list_mine,
        crate::applications::mine::delete_mine,
        crate::interviews::routes::propose,
        crate::interviews::routes::cancel,
        crate::interviews::routes::choose,
        crate::interviews::routes::employer_calendar,
        crate::interviews::routes::candidate_calendar,
        crate::job_import::routes::import,
        crate::job_import::already_posted::already_posted,
        crate::employer::job_routes::list_jobs,
        crate::employer::job_routes::create_job,
        crate::employer::job_routes::get_job,
        crate::employer::job_routes::update_job,
        crate::employer::job_routes::job_status,
        crate::employer::job_routes::delete_job,
        crate::employer::stage_routes::list_stages,
        crate::employer::stage_routes::add_stage,
        crate::employer::stage_routes::rename_stage,
        crate::employer::stage_routes::remove_stage,
        crate::employer::job_routes::upload_logo,
        crate::employer::routes::logo,
        crate::employer::application_routes::list_applications,
        crate::employer::overview_routes::find_candidates,
        crate::employer::export::export_csv,
        crate::employer::bulk_routes::bulk,
        crate::employer::retention::get_retention,
        crate::employer::retention::set_retention,
        crate::employer::email_templates::get_templates,
        crate::employer::email_templates::set_templates,
        crate::employer::email_templates::preview_template,
        crate::team::routes::get_team,
        crate::team::routes::invite_member,
        crate::team::routes::revoke_invitation,
        crate::team::routes::set_member_role,
        crate::team::routes::remove_member,
        crate::team::join::show_invitation,
        crate::team::join::join_team,
        crate::team::join::accept_invitation,
        crate::hiring::routes::job_team,
        crate::hiring::routes::set_job_team,
        crate::hiring::routes::job_criteria,
        crate::hiring::routes::set_job_criteria,
        crate::hiring::routes::application_scorecards,
        crate::hiring::routes::write_scorecard,
        crate::team::log::read_log,
        crate::team::log::export_log,
        crate::employer::company::get_company,
        crate::employer::company::set_company,
        crate::employer::application_routes::accept,
        crate::employer::application_routes::reject,
        crate::employer::application_routes::comment,
        crate::employer::application_routes::move_stage,
        crate::employer::application_routes::remove,
        crate::employer::rejected_routes::list_rejected,
        crate::employer::rejected_routes::reconsider,
        crate::employer::application_routes::candidate,
        crate::employer::application_routes::candidate_document,
        crate::employer::document_preview::preview,
        crate::employer::overview_routes::recommend,
        crate::employer::overview_routes::analytics,
        crate::ai::features::cover_letter::generate,
        crate::ai::features::job_assistance::assist,
        crate::ai::features::swipejob_chat::swipejob_chat,
        crate::ai::features::resume_tools::analyze_resume,
        crate::ai::features::resume_tools::propose_profile,
        crate::ai::features::resume_tools::upgrade_resume,
        crate::resume_export::resume_docx,
        crate::ai::features::interview::analyze,
    ),
    components(schemas(ErrorBody, crate::accounts::export_document::DataExport)),
    modifiers(&Common),
    tags(
        (name = "meta", description = "Health and this document"),
        (name = "auth", description = "Accounts and sessions"),
        (name = "account", description = "The whole account: a copy of its data, deleting it"),
        (name = "profile", description = "The candidate's profile and onboarding"),
        (name = "documents", description = "Resumes, certificates and share links"),
        (name = "feed", description = "Live jobs, fit scores and job alerts"),
        (name = "applications", description = "The candidate's applications"),
        (name = "employer", description = "Employer jobs, applicants and analytics"),
        (name = "notifications", description = "The bell and the e-mail settings"),
        (name = "ai", description = "The AI functions"),
    )
)]
pub struct ApiDoc;

/// The bearer scheme and the statuses shared filters give.
struct Common;

impl Modify for Common {
    fn modify(&self, doc: &mut Document) {
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            BEARER,
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
        let error = ErrorBody::response;
        for item in doc.paths.paths.values_mut() {
            for op in [
                &mut item.get,
                &mut item.put,
                &mut item.post,
                &mut item.delete,
                &mut item.patch,
            ]
            .into_iter()
            .flatten()
            {
                let private = op.security.as_ref().is_some_and(|s| !s.is_empty());
                let has_body = op.request_body.is_some();
                let has_query = op.parameters.iter().flatten().any(
                    |p| matches!(p, RefOr::T(p) if matches!(p.parameter_in, ParameterIn::Query)),
                );
                let responses = &mut op.responses.responses;
                if private {
                    responses
                        .entry("401".into())
                        .or_insert_with(|| error("No valid access token"));
                }
                if has_query {
                    responses
                        .entry("400".into())
                        .or_insert_with(|| error("The query string is invalid"));
                }
                if has_body {
                    responses
                        .entry("400".into())
                        .or_insert_with(|| error("The body cannot be read"));
                    responses
                        .entry("413".into())
                        .or_insert_with(|| error("The body is over its limit"));
                    responses
                        .entry("415".into())
                        .or_insert_with(|| error("The content type is not accepted"));
                }
            }
        }
    }
}

/// The document, with inline flattened parts written into their objects and the fields every
/// answer carries marked required.
fn document() -> serde_json::Value {
    let mut doc = serde_json::to_value(ApiDoc::openapi()).expect("the OpenAPI document serializes");
    inline_parts::merge_inline_parts(&mut doc);
    sent_fields::require_sent_fields(&mut doc);
    doc
}

/// The document as JSON, built once.
pub fn json() -> &'static str {
    static DOC: OnceLock<String> = OnceLock::new();
    DOC.get_or_init(|| document().to_string())
}

/// The document itself.
#[utoipa::path(get, path = "/api/v1/openapi.json", tag = "meta",
    responses((status = 200, description = "This OpenAPI document", body = Object)))]
fn openapi_json() -> Response {
    let mut response = Response::new(json().into());
    response
        .headers_mut()
        .insert("content-type", HeaderValue::from_static("application/json"));
    response
}

/// GET /api/v1/openapi.json (public).
pub fn routes() -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone {
    warp::path!("openapi.json")
        .and(warp::get())
        .map(openapi_json)
}

/// Where the web app's copy of the document lives; `web/src/generated/api.ts` is generated from it.
pub const WEB_COPY_PATH: &str = "web/src/generated/openapi.json";

/// The document as the web app's copy holds it: indented, one trailing newline.
pub fn web_copy() -> String {
    let mut text =
        serde_json::to_string_pretty(&document()).expect("the OpenAPI document serializes");
    text.push('\n');
    text
}

/// Where the JSON Schema of the data export's document (`accounts::export_document::DataExport`) lives.
pub const DATA_EXPORT_SCHEMA_PATH: &str = "docs/data-export.schema.json";

/// The JSON Schema (2020-12) of the data export's document: its type and every type it uses,
/// taken from this document's components (OpenAPI 3.1 schemas are JSON Schema).
pub fn data_export_schema() -> String {
    const ROOT: &str = "DataExport";
    let doc = document();
    let schemas = &doc["components"]["schemas"];
    let mut defs = serde_json::Map::new();
    let mut pending = vec![ROOT.to_string()];
    while let Some(name) = pending.pop() {
        if defs.contains_key(&name) {
            continue;
        }
        let mut schema = schemas[&name].clone();
        retarget_refs(&mut schema, &mut pending);
        defs.insert(name, schema);
    }
    let schema = serde_json::json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "JobTap data export (jobtap-data.json)",
        "description": "The document in the zip of \"Download my data\"; docs/data-export.md describes it.",
        "$ref": format!("#/$defs/{ROOT}"),
        "$defs": defs,
    });
    let mut text = serde_json::to_string_pretty(&schema).expect("the schema serializes");
    text.push('\n');
    text
}

/// Points `#/components/schemas/X` references at `#/$defs/X`, noting each X.
fn retarget_refs(value: &mut serde_json::Value, found: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            if let Some(serde_json::Value::String(target)) = map.get_mut("$ref")
                && let Some(name) = target.strip_prefix("#/components/schemas/")
            {
                found.push(name.to_string());
                *target = format!("#/$defs/{name}");
            }
            for child in map.values_mut() {
                retarget_refs(child, found);
            }
        }
        serde_json::Value::Array(items) => {
            for child in items {
                retarget_refs(child, found);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::{DATA_EXPORT_SCHEMA_PATH, WEB_COPY_PATH, data_export_schema, web_copy};

    /// Fails when a route or a body changed and the web app's copy of the document (and with it
    /// the TypeScript types) was not written again; `make generated` (this test with
    /// `JOBTAP_WRITE_GENERATED=1`, then openapi-typescript) writes both.
    #[test]
    fn the_web_apps_copy_of_the_document_is_current() {
        // The data export's schema is part of the document: written and checked with it.
        for (file, current) in [
            (WEB_COPY_PATH, web_copy()),
            (DATA_EXPORT_SCHEMA_PATH, data_export_schema()),
        ] {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(file);
            if std::env::var_os("JOBTAP_WRITE_GENERATED").is_some() {
                std::fs::write(&path, &current).expect("the file is written");
                continue;
            }
            let written = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                written == current,
                "{file} is not the API's document as it is now: run `make generated`"
            );
        }
    }
}

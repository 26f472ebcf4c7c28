//! The employer's company as Settings shows and saves it (name and website), with the badges
//! their jobs show: `GET`/`PUT /api/v1/employer/settings/company`.

use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::reply::Response;

use jobtap_core::company::{self, CompanyWebsite, EmployerChecks};

use crate::auth::extract::{AdminOnly, Bearer, EmployerOnly, bearer};
use crate::auth::routes::{MSG_SESSION_ENDED, form_error};
use crate::db::Db;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Answer, Json, json_body, one_of, route, with_state};
use crate::state::AppState;
use crate::{on_db, on_db_write};

/// The company and what JobTap checked about its employer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CompanyBody {
    pub company_name: String,
    /// As stored: `https://` and a lower-cased host; null when none was given.
    pub company_website: Option<String>,
    /// What candidates see on this employer's jobs.
    #[schema(value_type = crate::http::core_schemas::EmployerChecksSchema)]
    pub employer_checks: EmployerChecks,
}

/// The company's new name and website (blank: none).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub(crate) struct CompanyChange {
    company_name: String,
    company_website: String,
}

#[derive(sqlx::FromRow)]
struct Row {
    email: String,
    confirmed: bool,
    company_name: Option<String>,
    company_website: Option<String>,
}

/// GET and PUT /api/v1/employer/settings/company.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let get = route!(warp::path!("employer" / "settings" / "company");
        warp::get(), with_state(state.clone()), bearer() => get_company);
    let put = route!(warp::path!("employer" / "settings" / "company");
        warp::put(), with_state(state.clone()), bearer(), json_body() => set_company);
    one_of!(get, put)
}

async fn read(db: &Db, employer_id: &str) -> Result<CompanyBody, ApiError> {
    let row: Option<Row> = on_db!(db, pool => {
        sqlx::query_as(
            "SELECT u.email, (u.email_confirmed_at IS NOT NULL) AS confirmed, p.company_name, \
             p.company_website FROM users u JOIN profiles p ON p.id = u.id WHERE u.id = $1",
        )
        .bind(employer_id)
        .fetch_optional(pool)
        .await
    })?;
    let row = row.ok_or_else(|| ApiError::Unauthorized(MSG_SESSION_ENDED.into()))?;
    Ok(CompanyBody {
        employer_checks: EmployerChecks::of(
            &row.email,
            row.confirmed,
            row.company_website.as_deref(),
        ),
        company_name: row.company_name.unwrap_or_default(),
        company_website: row.company_website,
    })
}

#[utoipa::path(get, path = "/api/v1/employer/settings/company", tag = "employer",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's company and the badges its jobs show", body = CompanyBody),
        EmployerOnly,
    ))]
pub(crate) async fn get_company(state: AppState, bearer: Bearer) -> Answer<impl warp::Reply> {
    let member = bearer.recruiter(&state).await?;
    Ok(warp::reply::json(&read(&state.db, &member.company).await?))
}

#[utoipa::path(put, path = "/api/v1/employer/settings/company", tag = "employer",
    security(("bearer" = [])),
    request_body = CompanyChange,
    responses(
        (status = 200, description = "Saved; the badges as they now are", body = CompanyBody),
        AdminOnly,
        (status = 422, description = "The name or the website is refused; nothing is saved", body = ErrorBody),
    ))]
pub(crate) async fn set_company(
    state: AppState,
    bearer: Bearer,
    body: Json<CompanyChange>,
) -> Answer<impl warp::Reply> {
    let (member, body) = bearer.admin_and_body(&state, body).await?;
    let name = company::company_name(&body.company_name);
    let website = CompanyWebsite::parse(&body.company_website);
    let (name, website) = match (name, website) {
        (Ok(name), Ok(website)) => (name, website),
        (name, website) => {
            let errors = [name.err(), website.err()].into_iter().flatten().collect();
            return Err(form_error(errors));
        }
    };
    let now = state.now_ms();
    on_db_write!(&state.db, pool => {
        sqlx::query("UPDATE profiles SET company_name = $1, company_website = $2, updated_at = $3 WHERE id = $4")
            .bind(&name)
            .bind(website.as_ref().map(CompanyWebsite::as_str))
            .bind(now)
            .bind(&member.company)
            .execute(pool)
            .await
            .map(|_| ())
    })?;
    Ok(warp::reply::json(&read(&state.db, &member.company).await?))
}

//! Finding people among the employer's own applicants: by name, skills or field of study,
//! stage, job and score range; each person once, with their applications that match, sorted
//! by their best score or their latest application and paged by position.

use serde::{Deserialize, Serialize};
use sqlx::AssertSqlSafe;

use jobtap_core::applicant_search::SortBy;

use crate::db::Db;
use crate::db::states;
use crate::on_db;

/// The search as the route read it (checked by core's rules).
#[derive(Debug, Clone)]
pub struct Search {
    /// The `LIKE` pattern of the text (core's `like_pattern`); empty for none.
    pub pattern: String,
    /// One of core's stages (a job's own stages after it count as it); empty for any.
    pub stage: String,
    /// A job of the employer's; empty for any.
    pub job_id: String,
    pub min_score: f64,
    pub max_score: f64,
    pub sort: SortBy,
    /// Results after this position (the last result's sort key and user id).
    pub after: Option<(i64, String)>,
    pub limit: i64,
}

/// The query string of `GET /api/v1/employer/candidates`.
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct SearchParams {
    /// Words found in the name, the skills or the field of study (any case).
    pub q: Option<String>,
    /// Only applications in this stage of core's, or in a job's own stage that follows it.
    pub stage: Option<String>,
    /// Only applications to this job.
    pub job_id: Option<String>,
    /// The lowest and highest score, 0–100.
    pub min_score: Option<f64>,
    pub max_score: Option<f64>,
    /// `score` (best application first, the default) or `date` (latest application first).
    pub sort: Option<String>,
    /// Candidates per page, 1–50 (20 when left out).
    pub limit: Option<i64>,
    /// `next_cursor` of the previous page.
    pub cursor: Option<String>,
}

/// One of the person's applications that match.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct HitApplication {
    pub id: String,
    pub job_id: String,
    pub job_title: String,
    /// One of core's stages or the `key` of one of the job's own.
    pub stage: String,
    pub stage_label: String,
    pub score_percentage: f64,
    pub applied_at: i64,
    /// "Mar 5, 2026".
    pub applied_text: String,
}

/// One person, with every application of theirs that matches.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CandidateHit {
    pub user_id: String,
    pub candidate_name: String,
    pub candidate_email: String,
    pub location: Option<String>,
    pub field_of_study: Option<String>,
    pub skills: Vec<String>,
    /// The best score among the matching applications.
    pub best_score: f64,
    pub latest_applied_at: i64,
    pub applications: Vec<HitApplication>,
}

#[derive(Debug, sqlx::FromRow)]
struct HitRow {
    best: f64,
    latest: i64,
    application_id: String,
    user_id: String,
    job_id: String,
    job_title: String,
    stage: String,
    score_percentage: f64,
    applied_at: i64,
    full_name: String,
    email: String,
    location: Option<String>,
    degree_field: Option<String>,
    skills: String,
}

/// The applications a search looks at, `a` joined to its job `j` and profile `p`: the
/// employer's (`$1`) received ones, rejected included until released (`super::retention`), that match `$2`–`$6`.
fn matching() -> String {
    format!(
        "JOIN jobs j ON j.id = a.job_id JOIN profiles p ON p.id = a.user_id \
         WHERE j.employer_id = $1 AND {} \
         AND ($2 = '' OR LOWER(p.full_name) LIKE $2 ESCAPE '\\' OR LOWER(CAST(p.skills AS TEXT)) LIKE $2 ESCAPE '\\' \
              OR LOWER(COALESCE(p.degree_field, '')) LIKE $2 ESCAPE '\\') \
         AND ($3 = '' OR a.stage = $3 OR a.stage LIKE $3 || ':%') AND ($4 = '' OR a.job_id = $4) \
         AND a.score_percentage >= $5 AND a.score_percentage <= $6 ",
        states::employer_sees("a")
    )
}

/// What each row of a search answers, read from the page `page`, the application `a`, its job
/// `j`, profile `p` and user `u`.
const HIT_COLUMNS: &str = "page.best, page.latest, a.id AS application_id, a.user_id, a.job_id, \
    j.job_title, a.stage, a.score_percentage, a.applied_at, p.full_name, u.email, p.location, \
    p.degree_field, CAST(p.skills AS TEXT) AS skills";

/// One page of people (`$9` of them after position `$7`, `$8`) by `key` (the aggregate `agg`;
/// PostgreSQL's HAVING cannot name an output column), then every matching application of each.
///
/// Within one job (`one_job`) a person has one application, so the page is that job's
/// applications in `column`'s order: an index range (`applications_job_score`,
/// `applications_job_applied`) rather than every applicant grouped and sorted. The job is
/// named outside `matching`'s `OR` too, which SQLite cannot fold away. Its rows are then read
/// back by their ids: asked to match again, SQLite 3.51 starts from the employer's jobs and
/// reads every applicant of each before it meets the page.
pub fn search_sql(agg: &str, key: &str, column: &str, one_job: bool) -> String {
    let matching = matching();
    if one_job {
        return format!(
            "WITH page AS (SELECT a.id, a.user_id, a.score_percentage AS best, a.applied_at AS latest \
             FROM applications a {matching}AND a.job_id = $4 \
             AND (a.{column} < $7 OR (a.{column} = $7 AND a.user_id < $8)) \
             ORDER BY a.{column} DESC, a.user_id DESC LIMIT $9) \
             SELECT {HIT_COLUMNS} FROM page JOIN applications a ON a.id = page.id \
             JOIN jobs j ON j.id = a.job_id JOIN profiles p ON p.id = a.user_id \
             JOIN users u ON u.id = a.user_id ORDER BY page.{key} DESC, page.user_id DESC"
        );
    }
    format!(
        "WITH page AS (SELECT a.user_id, MAX(a.score_percentage) AS best, MAX(a.applied_at) AS latest \
         FROM applications a {matching}GROUP BY a.user_id HAVING {agg} < $7 OR ({agg} = $7 AND a.user_id < $8) \
         ORDER BY {key} DESC, a.user_id DESC LIMIT $9) \
         SELECT {HIT_COLUMNS} FROM page JOIN applications a ON a.user_id = page.user_id \
         JOIN users u ON u.id = a.user_id {matching}\
         ORDER BY page.{key} DESC, page.user_id DESC, a.applied_at DESC, a.id DESC"
    )
}

/// Up to `search.limit` people among the applicants to `employer_id`'s jobs.
pub async fn search(
    db: &Db,
    employer_id: &str,
    search: &Search,
) -> Result<Vec<CandidateHit>, sqlx::Error> {
    let (after_key, after_id) = search.after.clone().unwrap_or((i64::MAX, String::new()));
    let sql = match search.sort {
        SortBy::Score => search_sql(
            "MAX(a.score_percentage)",
            "best",
            "score_percentage",
            !search.job_id.is_empty(),
        ),
        SortBy::Date => search_sql(
            "MAX(a.applied_at)",
            "latest",
            "applied_at",
            !search.job_id.is_empty(),
        ),
    };
    let rows: Vec<HitRow> = on_db!(db, pool => {
        // Planned with its values (`persistent(false)`): "any job" or "this job" and "no words"
        // fold away, so PostgreSQL reads one job's applications through its index.
        let query = sqlx::query_as(AssertSqlSafe(sql.as_str())).persistent(false);
        let query = query
            .bind(employer_id)
            .bind(&search.pattern)
            .bind(&search.stage)
            .bind(&search.job_id)
            .bind(search.min_score)
            .bind(search.max_score);
        // The score's position travels as its bits; no cursor starts above every score.
        let query = match search.sort {
            SortBy::Score => query.bind(if search.after.is_some() {
                f64::from_bits(after_key.cast_unsigned())
            } else {
                f64::MAX
            }),
            SortBy::Date => query.bind(after_key),
        };
        query
            .bind(&after_id)
            .bind(search.limit)
            .fetch_all(pool)
            .await
    })?;
    let stages = super::stages::of_employer(db, employer_id).await?;
    let mut hits: Vec<CandidateHit> = Vec::new();
    for row in rows {
        let stage_label = super::stages::label(&stages, &row.job_id, &row.stage);
        let application = HitApplication {
            id: row.application_id,
            job_id: row.job_id,
            job_title: row.job_title,
            stage_label,
            stage: row.stage,
            score_percentage: row.score_percentage,
            applied_text: jobtap_core::format::format_date(row.applied_at),
            applied_at: row.applied_at,
        };
        match hits.last_mut() {
            Some(hit) if hit.user_id == row.user_id => hit.applications.push(application),
            _ => hits.push(CandidateHit {
                user_id: row.user_id,
                candidate_name: row.full_name,
                candidate_email: row.email,
                location: row.location,
                field_of_study: row.degree_field,
                skills: serde_json::from_str(&row.skills).unwrap_or_default(),
                best_score: row.best,
                latest_applied_at: row.latest,
                applications: vec![application],
            }),
        }
    }
    Ok(hits)
}

/// The position after `hit` in `sort`'s order, for the next page's cursor.
pub fn position(hit: &CandidateHit, sort: SortBy) -> (i64, String) {
    let key = match sort {
        SortBy::Score => hit.best_score.to_bits().cast_signed(),
        SortBy::Date => hit.latest_applied_at,
    };
    (key, hit.user_id.clone())
}

//! The hiring SQL: who is on each job's hiring team, the criteria its scorecards rate, and the
//! scorecards themselves. Every function is given the company the job or application must be
//! of; the caller checked the member's role.

use serde::Serialize;
use sqlx::AssertSqlSafe;
use sqlx::types::Json;

use jobtap_core::scorecard::{self, Rating};

use crate::db::{Db, states};
use crate::{on_db, on_db_write};

/// SQL: whether the company member `$m` (an alias of `company_members`) should know of job
/// `$job` (an expression): every job for admins and recruiters, the jobs whose hiring team
/// lists them for an interviewer. Bell rows, e-mails and summaries go by it.
#[macro_export]
macro_rules! knows_job {
    ($m:literal, $job:literal) => {
        concat!(
            "(",
            $m,
            ".role <> 'interviewer' OR EXISTS (SELECT 1 FROM job_team_members t \
             WHERE t.job_id = ",
            $job,
            " AND t.user_id = ",
            $m,
            ".user_id))"
        )
    };
}

/// A member listed on a job's hiring team.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct TeamMember {
    pub user_id: String,
    pub full_name: String,
    pub email: String,
    /// Their company role: `admin`, `recruiter` or `interviewer`.
    pub role: String,
}

/// Whether job `job_id`'s hiring team lists `user`.
pub async fn lists(db: &Db, job_id: &str, user: &str) -> Result<bool, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_scalar::<_, bool>(
            "SELECT EXISTS (SELECT 1 FROM job_team_members WHERE job_id = $1 AND user_id = $2)",
        )
        .bind(job_id)
        .bind(user)
        .fetch_one(pool)
        .await
    })
}

/// Whether the hiring team of application `id`'s job lists `user`.
pub async fn lists_application(db: &Db, id: &str, user: &str) -> Result<bool, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_scalar::<_, bool>(
            "SELECT EXISTS (SELECT 1 FROM applications a JOIN job_team_members t \
             ON t.job_id = a.job_id WHERE a.id = $1 AND t.user_id = $2)",
        )
        .bind(id)
        .bind(user)
        .fetch_one(pool)
        .await
    })
}

/// The jobs whose hiring teams list `user`.
pub async fn jobs_listing(
    db: &Db,
    user: &str,
) -> Result<std::collections::HashSet<String>, sqlx::Error> {
    let ids: Vec<String> = on_db!(db, pool => {
        sqlx::query_scalar("SELECT job_id FROM job_team_members WHERE user_id = $1")
            .bind(user)
            .fetch_all(pool)
            .await
    })?;
    Ok(ids.into_iter().collect())
}

/// Whether `job_id` is one of `company`'s jobs.
pub async fn is_company_job(db: &Db, company: &str, job_id: &str) -> Result<bool, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_scalar::<_, bool>(
            "SELECT EXISTS (SELECT 1 FROM jobs WHERE id = $1 AND employer_id = $2)",
        )
        .bind(job_id)
        .bind(company)
        .fetch_one(pool)
        .await
    })
}

/// Job `job_id`'s hiring team, by name (the caller checked the job is the company's).
pub async fn team(db: &Db, job_id: &str) -> Result<Vec<TeamMember>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as(
            "SELECT t.user_id, COALESCE(p.full_name, '') AS full_name, u.email, m.role \
             FROM job_team_members t JOIN jobs j ON j.id = t.job_id \
             JOIN company_members m ON m.user_id = t.user_id AND m.company_id = j.employer_id \
             JOIN users u ON u.id = t.user_id LEFT JOIN profiles p ON p.id = t.user_id \
             WHERE t.job_id = $1 ORDER BY full_name, u.email",
        )
        .bind(job_id)
        .fetch_all(pool)
        .await
    })
}

/// What setting a hiring team came to.
#[derive(Debug, PartialEq, Eq)]
pub enum SetTeam {
    Done,
    /// Someone listed is not on the company's team.
    NotMembers,
}

/// Makes `members` job `job_id`'s hiring team (the caller checked the job is `company`'s), as
/// `actor` at `now`, in one transaction.
pub async fn set_team(
    db: &Db,
    company: &str,
    job_id: &str,
    members: &[String],
    actor: &str,
    now: i64,
) -> Result<SetTeam, sqlx::Error> {
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        for member in members {
            let on_team: bool = sqlx::query_scalar(
                "SELECT EXISTS (SELECT 1 FROM company_members WHERE company_id = $1 AND user_id = $2)",
            )
            .bind(company)
            .bind(member)
            .fetch_one(&mut *tx)
            .await?;
            if !on_team {
                return Ok(SetTeam::NotMembers);
            }
        }
        sqlx::query("DELETE FROM job_team_members WHERE job_id = $1")
            .bind(job_id)
            .execute(&mut *tx)
            .await?;
        for member in members {
            sqlx::query(
                "INSERT INTO job_team_members (job_id, user_id, added_by, added_at) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT (job_id, user_id) DO NOTHING",
            )
            .bind(job_id)
            .bind(member)
            .bind(actor)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(SetTeam::Done)
    })
}

/// A job's scorecard criteria, and whether a recruiter set them (else core drew them from the
/// job's skills and requirements).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Criteria {
    pub criteria: Vec<String>,
    pub edited: bool,
}

/// The criteria of `company`'s job `job_id`; `None` when it is not theirs.
pub async fn criteria(
    db: &Db,
    company: &str,
    job_id: &str,
) -> Result<Option<Criteria>, sqlx::Error> {
    type Row = (Json<Vec<String>>, Json<Vec<String>>, Option<String>);
    let row: Option<Row> = on_db!(db, pool => {
        sqlx::query_as(
            "SELECT j.skills, j.requirements, c.criteria FROM jobs j \
             LEFT JOIN job_scorecard_criteria c ON c.job_id = j.id \
             WHERE j.id = $1 AND j.employer_id = $2",
        )
        .bind(job_id)
        .bind(company)
        .fetch_optional(pool)
        .await
    })?;
    Ok(row.map(|(skills, requirements, edited)| {
        match edited.and_then(|text| serde_json::from_str::<Vec<String>>(&text).ok()) {
            Some(criteria) => Criteria {
                criteria,
                edited: true,
            },
            None => Criteria {
                criteria: scorecard::default_criteria(&skills.0, &requirements.0),
                edited: false,
            },
        }
    }))
}

/// Stores `criteria` (checked by core) as job `job_id`'s, set by `actor` at `now`.
pub async fn set_criteria(
    db: &Db,
    job_id: &str,
    criteria: &[String],
    actor: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    let text = serde_json::to_string(criteria).unwrap_or_else(|_| "[]".into());
    on_db_write!(db, pool => {
        sqlx::query(
            "INSERT INTO job_scorecard_criteria (job_id, criteria, updated_by, updated_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (job_id) DO UPDATE SET \
             criteria = excluded.criteria, updated_by = excluded.updated_by, \
             updated_at = excluded.updated_at",
        )
        .bind(job_id)
        .bind(text)
        .bind(actor)
        .bind(now)
        .execute(pool)
        .await
        .map(|_| ())
    })
}

/// The job of `company`'s application `id` while they still see it, on their list or in their
/// rejected archive; `None` when it is not theirs or retention released it.
pub async fn job_of_application(
    db: &Db,
    company: &str,
    id: &str,
) -> Result<Option<String>, sqlx::Error> {
    let sql = format!(
        "SELECT a.job_id FROM applications a JOIN jobs j ON j.id = a.job_id \
         WHERE a.id = $1 AND j.employer_id = $2 AND {}",
        states::employer_sees("a")
    );
    on_db!(db, pool => {
        sqlx::query_scalar(AssertSqlSafe(sql.clone()))
            .bind(id)
            .bind(company)
            .fetch_optional(pool)
            .await
    })
}

/// A scorecard as its readers see it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Scorecard {
    pub id: String,
    /// `None` once the author's account is gone; their name stays.
    pub author_id: Option<String>,
    pub author_name: String,
    #[schema(value_type = Vec<RatingSchema>)]
    pub ratings: Vec<Rating>,
    pub note: String,
    pub created_at: i64,
    pub updated_at: i64,
    /// `updated_at` as every screen writes a date: "Mar 5, 2026".
    pub updated_text: String,
}

/// One criterion's rating, 1 (Strong no) to 4 (Strong yes).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct RatingSchema {
    criterion: String,
    rating: u8,
}

/// What the scorecards of an application say together (core's `scorecard::Summary`).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct SummarySchema {
    scorecards: usize,
    /// The mean of every rating given, to one decimal; null with no scorecard.
    average: Option<f64>,
    /// What the rounded mean means ("Yes").
    leaning: Option<String>,
    /// The job's criteria in order, then any earlier scorecards rated that it no longer has.
    criteria: Vec<CriterionSummarySchema>,
}

/// How one criterion was rated across the scorecards.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct CriterionSummarySchema {
    criterion: String,
    /// The mean rating, to one decimal; null when no scorecard rated it.
    average: Option<f64>,
    ratings: usize,
}

#[derive(sqlx::FromRow)]
struct ScorecardRow {
    id: String,
    author_id: Option<String>,
    author_name: String,
    ratings: String,
    note: String,
    created_at: i64,
    updated_at: i64,
}

impl From<ScorecardRow> for Scorecard {
    fn from(row: ScorecardRow) -> Self {
        Self {
            ratings: serde_json::from_str(&row.ratings).unwrap_or_default(),
            id: row.id,
            author_id: row.author_id,
            author_name: row.author_name,
            note: row.note,
            created_at: row.created_at,
            updated_at: row.updated_at,
            updated_text: jobtap_core::format::format_date(row.updated_at),
        }
    }
}

/// The scorecards of application `id`, first written first; only `author`'s when given.
pub async fn scorecards(
    db: &Db,
    id: &str,
    author: Option<&str>,
) -> Result<Vec<Scorecard>, sqlx::Error> {
    let rows: Vec<ScorecardRow> = on_db!(db, pool => {
        sqlx::query_as(
            "SELECT id, author_id, author_name, ratings, note, created_at, updated_at \
             FROM scorecards WHERE application_id = $1 AND ($2 IS NULL OR author_id = $2) \
             ORDER BY created_at, id",
        )
        .bind(id)
        .bind(author)
        .fetch_all(pool)
        .await
    })?;
    Ok(rows.into_iter().map(Scorecard::from).collect())
}

/// A scorecard to write.
pub struct NewScorecard<'a> {
    pub application: &'a str,
    pub author: &'a str,
    pub author_name: &'a str,
    pub ratings: &'a [Rating],
    pub note: &'a str,
}

/// Writes `card` as its author's scorecard of the application at `now`: a new one, or their
/// earlier one rewritten (it keeps its id and first time).
pub async fn save_scorecard(db: &Db, card: NewScorecard<'_>, now: i64) -> Result<(), sqlx::Error> {
    let ratings = serde_json::to_string(card.ratings).unwrap_or_else(|_| "[]".into());
    on_db_write!(db, pool => {
        sqlx::query(
            "INSERT INTO scorecards (id, application_id, author_id, author_name, ratings, note, \
             created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) \
             ON CONFLICT (application_id, author_id) DO UPDATE SET \
             author_name = excluded.author_name, ratings = excluded.ratings, \
             note = excluded.note, updated_at = excluded.updated_at",
        )
        .bind(uuid::Uuid::new_v4().to_string())
        .bind(card.application)
        .bind(card.author)
        .bind(card.author_name)
        .bind(ratings)
        .bind(card.note)
        .bind(now)
        .execute(pool)
        .await
        .map(|_| ())
    })
}

#[cfg(test)]
mod tests {
    use jobtap_core::team::CompanyRole;

    #[test]
    fn the_sql_of_who_knows_a_job_names_cores_interviewer() {
        let sql = crate::knows_job!("m", "j.id");
        let role = format!("m.role <> '{}'", CompanyRole::Interviewer.key());
        assert!(sql.contains(&role), "{sql}");
        assert!(!CompanyRole::Interviewer.works_every_job());
        assert!(
            CompanyRole::ALL
                .iter()
                .all(|r| r.works_every_job() == (*r != CompanyRole::Interviewer))
        );
    }
}

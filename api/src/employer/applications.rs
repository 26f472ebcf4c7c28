//! Reading the applications to an employer's jobs: the list, its pages, the best one, one
//! application, its letter and the documents sent with it. What the employer changes is in
//! `decisions.rs`.

use serde::{Deserialize, Serialize};

use jobtap_core::job_stages::{self, Place};
use jobtap_core::pipeline::Stage;

use super::stages::JobStage;
use crate::clock::DAY_MS;
use crate::db::Db;
use crate::on_db;

/// The dashboard's filters (spec, employer side §2): date range and minimum scores.
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct Filters {
    /// 7, 30 or 90; anything else (or none) means all time.
    pub days: Option<i64>,
    /// 3, 4 or 5; none means any.
    pub min_experience: Option<f64>,
    pub min_degree: Option<f64>,
}

impl Filters {
    fn since(&self, now: i64) -> i64 {
        match self.days {
            Some(days @ (7 | 30 | 90)) => now - days * DAY_MS,
            _ => i64::MIN,
        }
    }
}

/// Applications per page when the client names no limit.
pub const DEFAULT_LIMIT: i64 = 20;
/// The most applications one page holds; larger limits are lowered to it.
pub const MAX_LIMIT: i64 = 100;

/// Paging of the applications list: newest first, a page at a time.
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct Paging {
    /// Applications per page, 1–100 (others are clamped); 20 when left out.
    pub limit: Option<i64>,
    /// `next_cursor` of the previous page.
    pub cursor: Option<String>,
}

/// An application as the employer's list shows it. The cover letter is not in
/// the list (the card does not show it): the candidate route serves it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct EmployerApplication {
    pub id: String,
    pub user_id: String,
    pub job_id: Option<String>,
    #[serde(flatten)]
    pub status: crate::applications::status::StatusView,
    /// Where it is in the pipeline: one of core's stages (`applied`, `screening`, …) or
    /// the `key` of one of its job's own stages.
    pub stage: String,
    /// The stage's name on screen.
    #[sqlx(skip)]
    pub stage_label: String,
    /// The pipeline's stage it counts as: `stage` itself, or the one a job's own stage follows.
    #[sqlx(skip)]
    #[schema(value_type = crate::http::core_schemas::StageSchema)]
    pub stage_group: &'static str,
    /// The stages it can be moved to with the move buttons (core's rules).
    #[sqlx(skip)]
    pub next_stages: Vec<StageOption>,
    pub applied_at: i64,
    /// The feedback to the candidate: they read it on My Applications.
    pub employer_comment: Option<String>,
    /// The employer's team's own note: never in any answer to the candidate.
    pub private_note: Option<String>,
    pub ai_screening_comment: Option<String>,
    pub email_subject: String,
    pub degree_score: f64,
    pub skills_score: f64,
    /// The fit's skills line when the candidate applied ("Skills: 3 of 4 — from the candidate's
    /// resume: Pastry (\"Ran the pastry section …\")"), kept only when the resume it quotes was
    /// sent.
    pub skills_evidence: Option<String>,
    pub university_score: f64,
    pub experience_score: f64,
    pub total_raw_score: f64,
    pub score_percentage: f64,
    pub job_title: String,
    pub company_name: String,
    pub candidate_name: String,
    pub candidate_email: String,
    pub candidate_location: Option<String>,
    /// `applied_at` as every screen writes a date (core's format, UTC): "Mar 5, 2026".
    #[sqlx(skip)]
    pub applied_text: String,
    /// The interview proposed or booked, if any.
    #[sqlx(skip)]
    pub interview: Option<crate::interviews::store::InterviewView>,
}

impl EmployerApplication {
    /// Fills the fields core formats from the stored ones; `stages` are the employer's own
    /// (any of their jobs).
    fn formatted(mut self, stages: &[JobStage]) -> Self {
        self.applied_text = jobtap_core::format::format_date(self.applied_at);
        let job = self.job_id.as_deref().unwrap_or_default();
        let (now, next) = StageOption::at(&self.stage, job, stages);
        self.stage_label = now.label;
        self.stage_group = now.group;
        self.next_stages = next;
        self
    }
}

/// A stage with its name, as the move buttons offer it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StageOption {
    /// One of core's stages, or the `key` of one of the job's own.
    pub stage: String,
    pub label: String,
    /// The pipeline's stage it counts as: `stage` itself, or the one a job's own stage follows.
    #[schema(value_type = crate::http::core_schemas::StageSchema)]
    pub group: &'static str,
}

impl StageOption {
    /// Stage `stored` of an application to `job_id`, and the stages it can move to from
    /// there (core's rules over the job's own stages among `stages`).
    #[must_use]
    pub fn at(stored: &str, job_id: &str, stages: &[JobStage]) -> (Self, Vec<Self>) {
        let customs = super::stages::of_job(stages, job_id);
        let option = |place: Place<'_>| Self {
            stage: place.key(),
            label: place.label(&customs),
            group: place.group().as_str(),
        };
        let place = Place::parse(stored).unwrap_or(Place::Builtin(Stage::Applied));
        let next = job_stages::next(place, &customs)
            .into_iter()
            .map(option)
            .collect();
        (option(place), next)
    }
}

/// The columns of [`EmployerApplication`] over `a` (applications), `j` (jobs), `p` (profiles).
macro_rules! application_columns {
    () => {
        "SELECT a.id, a.user_id, a.job_id, a.status, a.stage, a.applied_at, a.employer_comment, a.private_note, a.ai_screening_comment, \
         a.email_subject, a.degree_score, a.skills_score, a.skills_evidence, a.university_score, a.experience_score, \
         a.total_raw_score, a.score_percentage, j.job_title, j.company_name, p.full_name AS candidate_name, \
         p.email AS candidate_email, p.location AS candidate_location "
    };
}

macro_rules! application_select {
    () => {
        concat!(
            application_columns!(),
            "FROM applications a JOIN jobs j ON j.id = a.job_id JOIN profiles p ON p.id = a.user_id \
             WHERE j.employer_id = $1 AND a.hidden_from_employer = FALSE "
        )
    };
}

/// The employer's (`$1`) applications still on their list, as the partial indexes
/// `applications_employer_list` and `_best` (migration 0005) hold them: their
/// conditions written as they are there, so that SQLite sees they hold. A live `job_id`
/// is one of the employer's jobs (`employer_id` is copied from it).
macro_rules! on_employer_list {
    () => {
        "FROM applications a \
         WHERE a.hidden_from_employer = FALSE AND a.job_id IS NOT NULL AND a.employer_id = $1 "
    };
}

/// The applications on the employer's list that pass the filters ($2 since, $3 minimum
/// experience, $4 minimum degree), read from `applications_employer_list` alone: the
/// keys a page is chosen by, no row. Every application has a profile (accounts are
/// created with one), so the profile join of the full rows drops none.
macro_rules! filtered_keys {
    () => {
        concat!(
            on_employer_list!(),
            "AND a.applied_at >= $2 AND a.experience_score >= $3 AND a.degree_score >= $4 "
        )
    };
}

/// One page of the applications to the employer's jobs that pass `filters` (only those to
/// the jobs whose hiring team lists `listed`, when given: an interviewer's), newest
/// first (ties by id, descending), strictly after the `after` position
/// `(applied_at, id)` when given; at most `limit` rows.
///
/// The page's ids are chosen from the index first, then only those rows are read.
pub async fn page(
    db: &Db,
    employer_id: &str,
    listed: Option<&str>,
    filters: &Filters,
    now: i64,
    after: Option<(i64, &str)>,
    limit: i64,
) -> Result<Vec<EmployerApplication>, sqlx::Error> {
    // No cursor: a position after every application (`applied_at` below i64::MAX).
    let (after_at, after_id) = after.unwrap_or((i64::MAX, ""));
    let rows = on_db!(db, pool => {
        sqlx::query_as::<_, EmployerApplication>(concat!(
            application_columns!(),
            "FROM (SELECT a.id ",
            filtered_keys!(),
            "AND (a.applied_at, a.id) < ($5, $6) \
             AND ($8 IS NULL OR a.job_id IN (SELECT t.job_id FROM job_team_members t WHERE t.user_id = $8)) \
             ORDER BY a.applied_at DESC, a.id DESC LIMIT $7) page \
             JOIN applications a ON a.id = page.id JOIN jobs j ON j.id = a.job_id \
             JOIN profiles p ON p.id = a.user_id \
             ORDER BY a.applied_at DESC, a.id DESC"
        ))
        .bind(employer_id)
        .bind(filters.since(now))
        .bind(filters.min_experience.unwrap_or(0.0))
        .bind(filters.min_degree.unwrap_or(0.0))
        .bind(after_at)
        .bind(after_id)
        .bind(limit)
        .bind(listed)
        // Planned with this call's values: PostgreSQL's generic plan for a reused
        // statement cannot see that `$5`/`$6` start at the end and ran ~10× slower.
        .persistent(false)
        .fetch_all(pool)
        .await
    })?;
    let stages = super::stages::of_employer(db, employer_id).await?;
    Ok(rows.into_iter().map(|a| a.formatted(&stages)).collect())
}

/// Every application to the employer's jobs that passes `filters`, newest first (the CSV export).
pub async fn list_all(
    db: &Db,
    employer_id: &str,
    filters: &Filters,
    now: i64,
) -> Result<Vec<EmployerApplication>, sqlx::Error> {
    let rows = on_db!(db, pool => {
        sqlx::query_as::<_, EmployerApplication>(concat!(
            application_select!(),
            "AND a.applied_at >= $2 AND a.experience_score >= $3 AND a.degree_score >= $4 \
             ORDER BY a.applied_at DESC, a.id DESC"
        ))
        .bind(employer_id)
        .bind(filters.since(now))
        .bind(filters.min_experience.unwrap_or(0.0))
        .bind(filters.min_degree.unwrap_or(0.0))
        .fetch_all(pool)
        .await
    })?;
    let stages = super::stages::of_employer(db, employer_id).await?;
    Ok(rows.into_iter().map(|a| a.formatted(&stages)).collect())
}

/// What the recommendation reads of the best application.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TopApplication {
    pub id: String,
    pub candidate_name: String,
    pub job_title: String,
    pub total_raw_score: f64,
    pub score_percentage: f64,
}

/// The best application by total raw score among those passing `filters` (ties: the
/// earliest applied, then the smallest id). Without a date range it is read in score
/// order from `applications_employer_best` up to the first that passes; with one, from
/// the range of `applications_employer_list` (SQLite prefers any range on `applied_at`,
/// so the all-time query leaves that condition out). Then that one row is read.
pub async fn top(
    db: &Db,
    employer_id: &str,
    filters: &Filters,
    now: i64,
) -> Result<Option<TopApplication>, sqlx::Error> {
    macro_rules! best {
        ($since:expr) => {
            concat!(
                "SELECT a.id, p.full_name AS candidate_name, j.job_title, a.total_raw_score, a.score_percentage \
                 FROM (SELECT a.id ",
                on_employer_list!(),
                "AND a.experience_score >= $2 AND a.degree_score >= $3 ",
                $since,
                "ORDER BY a.total_raw_score DESC, a.applied_at ASC, a.id ASC LIMIT 1) best \
                 JOIN applications a ON a.id = best.id JOIN jobs j ON j.id = a.job_id \
                 JOIN profiles p ON p.id = a.user_id"
            )
        };
    }
    let since = filters.since(now);
    let sql = if since == i64::MIN {
        best!("")
    } else {
        best!("AND a.applied_at >= $4 ")
    };
    on_db!(db, pool => {
        let query = sqlx::query_as::<_, TopApplication>(sql)
            .bind(employer_id)
            .bind(filters.min_experience.unwrap_or(0.0))
            .bind(filters.min_degree.unwrap_or(0.0));
        let query = if since == i64::MIN { query } else { query.bind(since) };
        // Planned with this call's values, as `page` is.
        query.persistent(false).fetch_optional(pool).await
    })
}

/// One application to the employer's jobs (still on their list).
pub async fn get(
    db: &Db,
    employer_id: &str,
    id: &str,
) -> Result<Option<EmployerApplication>, sqlx::Error> {
    let row = on_db!(db, pool => {
        sqlx::query_as::<_, EmployerApplication>(concat!(application_select!(), "AND a.id = $2"))
            .bind(employer_id)
            .bind(id)
            .fetch_optional(pool)
            .await
    })?;
    let Some(row) = row else { return Ok(None) };
    let stages = super::stages::of_employer(db, employer_id).await?;
    Ok(Some(row.formatted(&stages)))
}

/// The cover letter of application `id`, one of the employer's still on their list.
pub async fn cover_letter(
    db: &Db,
    employer_id: &str,
    id: &str,
) -> Result<Option<String>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_scalar::<_, String>(
            "SELECT a.cover_letter FROM applications a JOIN jobs j ON j.id = a.job_id \
             WHERE j.employer_id = $1 AND a.hidden_from_employer = FALSE AND a.id = $2",
        )
        .bind(employer_id)
        .bind(id)
        .fetch_optional(pool)
        .await
    })
}

/// A candidate's document as the employer may see it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct CandidateDocument {
    pub id: String,
    #[schema(value_type = crate::http::core_schemas::DocumentTypeSchema)]
    pub document_type: String,
    pub file_name: String,
    pub file_size: i64,
    pub uploaded_at: i64,
    #[serde(skip)]
    pub file_path: String,
    /// The file's type as its bytes showed at upload (`application/pdf`, Word's, …): which
    /// reader the page opens it in.
    pub content_type: String,
}

/// The documents the candidate sent with application `id` (one of the employer's still on
/// their list), newest first; `None` when it is not theirs.
pub async fn candidate_documents(
    db: &Db,
    employer_id: &str,
    id: &str,
) -> Result<Option<Vec<CandidateDocument>>, sqlx::Error> {
    if get(db, employer_id, id).await?.is_none() {
        return Ok(None);
    }
    sent_with(db, id).await.map(Some)
}

/// The documents sent with application `id`, newest first (the caller checked the access).
pub async fn sent_with(db: &Db, id: &str) -> Result<Vec<CandidateDocument>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, CandidateDocument>(
            "SELECT d.id, d.document_type, d.file_name, d.file_size, d.uploaded_at, d.file_path, \
             d.content_type FROM application_documents ad JOIN user_documents d ON d.id = ad.document_id \
             WHERE ad.application_id = $1 ORDER BY d.uploaded_at DESC, d.id DESC",
        )
        .bind(id)
        .fetch_all(pool)
        .await
    })
}

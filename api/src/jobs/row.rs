//! The job row: its columns, the struct every writer writes and every reader reads them
//! through, their binding, the insert and the employer's update, and the job's match terms
//! (`job_match_terms`, see [`super::match_terms`]) written beside it. Every writer of a job (the
//! post form, the CSV import, the demo and the bench seed) and every reader (the feed, the
//! job page, the employer's list) goes through here, so a column is added once.

use std::sync::LazyLock;

use serde::Serialize;

use jobtap_core::job_post::JobPost;
use jobtap_core::score::JobRequirements;
use jobtap_core::score::terms::{MATCH_TERMS_VERSION, job_terms};

use crate::db::Db;
use crate::on_db_write;

/// A job's own columns: what the employer's post form and the CSV import write, and what
/// every reader of a job reads (with `#[sqlx(flatten)]`, from [`job_columns!`]).
#[derive(Debug, Clone, Default, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct JobFields {
    pub id: String,
    pub employer_id: Option<String>,
    pub company_name: String,
    pub company_logo: String,
    pub job_title: String,
    pub job_type: String,
    pub job_description: String,
    pub location: String,
    pub salary_min: Option<f64>,
    pub salary_max: Option<f64>,
    pub experience_years: Option<i64>,
    pub qualifications: Option<String>,
    pub degree_class: Option<String>,
    #[sqlx(json(nullable))]
    pub required_degree_classes: Option<Vec<String>>,
    pub experience_level: Option<String>,
    pub minimum_score_threshold: f64,
    #[sqlx(json)]
    pub skills: Vec<String>,
    #[sqlx(json)]
    pub requirements: Vec<String>,
    #[sqlx(json)]
    pub benefits: Vec<String>,
    pub industry: Option<String>,
    pub linkedin_url: Option<String>,
    pub application_email: Option<String>,
    pub posted_at: i64,
    pub expires_at: Option<i64>,
    pub is_active: bool,
}

/// The jobs table's columns as every reader of a job selects them (the table as `j`): those
/// of [`JobFields`], then the row's times.
macro_rules! job_columns {
    () => {
        "j.id, j.employer_id, j.company_name, j.company_logo, j.job_title, j.job_type, \
         j.job_description, j.location, j.salary_min, j.salary_max, j.experience_years, \
         j.qualifications, j.degree_class, j.required_degree_classes, j.experience_level, \
         j.minimum_score_threshold, j.skills, j.requirements, j.benefits, j.industry, \
         j.linkedin_url, j.application_email, j.posted_at, j.expires_at, j.is_active, \
         j.created_at, j.updated_at"
    };
}

/// What the fit score reads of `$job` (a [`JobFields`] or a [`JobPost`]: the same field names).
macro_rules! requirements {
    ($job:expr) => {
        jobtap_core::score::JobRequirements {
            degree_class: $job.degree_class.clone(),
            skills: $job.skills.clone(),
            requirements: $job.requirements.clone(),
            experience_years: $job.experience_years,
            minimum_score_threshold: Some($job.minimum_score_threshold),
            required_degree_classes: $job.required_degree_classes.clone().unwrap_or_default(),
            title: Some($job.job_title.clone()),
            description: Some($job.job_description.clone()),
        }
    };
}

impl JobFields {
    /// What the fit score reads of this job.
    pub fn requirements(&self) -> JobRequirements {
        requirements!(self)
    }

    /// The terms "Best match" finds this job by (`jobtap_core::score::terms`).
    pub fn match_terms(&self) -> Vec<String> {
        job_terms(&self.requirements())
    }

    /// A live posting of `employer_id` from the employer's form.
    pub fn posted(id: String, employer_id: &str, post: &JobPost) -> Self {
        Self {
            id,
            employer_id: Some(employer_id.to_string()),
            company_name: post.company_name.clone(),
            company_logo: post.company_logo.clone(),
            job_title: post.job_title.clone(),
            job_type: post.job_type.clone(),
            job_description: post.job_description.clone(),
            location: post.location.clone(),
            salary_min: post.salary_min,
            salary_max: post.salary_max,
            experience_years: post.experience_years,
            qualifications: post.qualifications.clone(),
            degree_class: post.degree_class.clone(),
            required_degree_classes: post.required_degree_classes.clone(),
            experience_level: post.experience_level.clone(),
            minimum_score_threshold: post.minimum_score_threshold,
            skills: post.skills.clone(),
            requirements: post.requirements.clone(),
            benefits: post.benefits.clone(),
            industry: post.industry.clone(),
            linkedin_url: post.linkedin_url.clone(),
            application_email: post.application_email.clone(),
            posted_at: post.posted_at,
            expires_at: post.expires_at,
            is_active: true,
        }
    }
}

/// The columns the employer's form sets, in the order [`bind_form!`] binds them. `industry`
/// is not among them: only the import sets it, and an edit keeps it.
const FORM_COLUMNS: [&str; 21] = [
    "company_name",
    "company_logo",
    "job_title",
    "job_type",
    "job_description",
    "location",
    "salary_min",
    "salary_max",
    "experience_years",
    "qualifications",
    "degree_class",
    "required_degree_classes",
    "experience_level",
    "minimum_score_threshold",
    "skills",
    "requirements",
    "benefits",
    "linkedin_url",
    "application_email",
    "posted_at",
    "expires_at",
];

/// Binds the [`FORM_COLUMNS`] of `$job` (a [`JobFields`] or a [`JobPost`]: the same field names)
/// with `$bind` (`bind` on a query, `push_bind` on a row of a multi-row insert), then the
/// job's `duplicate_key`.
macro_rules! bind_form {
    ($query:expr, $bind:ident, $job:ident) => {
        $query
            .$bind(&$job.company_name)
            .$bind(&$job.company_logo)
            .$bind(&$job.job_title)
            .$bind(&$job.job_type)
            .$bind(&$job.job_description)
            .$bind(&$job.location)
            .$bind($job.salary_min)
            .$bind($job.salary_max)
            .$bind($job.experience_years)
            .$bind(&$job.qualifications)
            .$bind(&$job.degree_class)
            .$bind($job.required_degree_classes.as_ref().map(sqlx::types::Json))
            .$bind(&$job.experience_level)
            .$bind($job.minimum_score_threshold)
            .$bind(sqlx::types::Json(&$job.skills))
            .$bind(sqlx::types::Json(&$job.requirements))
            .$bind(sqlx::types::Json(&$job.benefits))
            .$bind(&$job.linkedin_url)
            .$bind(&$job.application_email)
            .$bind($job.posted_at)
            .$bind($job.expires_at)
            .$bind(jobtap_core::job_dedupe::duplicate_key(
                &$job.company_name,
                &$job.job_title,
                &$job.location,
                &$job.job_description,
            ))
    };
}

/// The columns a new job's row fills, in the order [`bind_job!`] binds them.
pub static INSERT_COLUMNS: LazyLock<String> = LazyLock::new(|| {
    format!(
        "id, employer_id, {}, duplicate_key, industry, import_id, is_active, created_at, \
         updated_at, match_terms_version",
        FORM_COLUMNS.join(", ")
    )
});

/// The head of a multi-row insert of [`JobFields`].
static INSERT_HEAD: LazyLock<String> =
    LazyLock::new(|| format!("INSERT INTO jobs ({}) ", *INSERT_COLUMNS));

/// The employer's edit of job `$1` of employer `$2`: the form's columns from `$3`, then the
/// key, then the time. Every write moves `updated_at` forward, by 1 ms within the same
/// millisecond: it is the job's version for the apply check and the feed's cached cards. The
/// caller writes the job's match terms in the same transaction.
static UPDATE: LazyLock<String> = LazyLock::new(|| {
    let set: Vec<String> = FORM_COLUMNS
        .iter()
        .enumerate()
        .map(|(i, column)| format!("{column} = ${}", i + 3))
        .collect();
    let key = FORM_COLUMNS.len() + 3;
    let now = key + 1;
    format!(
        "UPDATE jobs SET {}, duplicate_key = ${key}, match_terms_version = {MATCH_TERMS_VERSION}, \
         updated_at = CASE WHEN ${now} > updated_at THEN ${now} ELSE updated_at + 1 END \
         WHERE id = $1 AND employer_id = $2",
        set.join(", ")
    )
});

/// Binds every column of [`INSERT_HEAD`] for `$job`, of import `$import_id` (or none), created
/// at `$now`, with `push_bind` on `$row` (a row of a multi-row insert, or the bench seed's
/// `COPY` row).
macro_rules! bind_job {
    ($row:expr, $job:ident, $import_id:expr, $now:expr) => {{
        let row = $row.push_bind(&$job.id).push_bind(&$job.employer_id);
        $crate::jobs::row::bind_form!(row, push_bind, $job)
            .push_bind(&$job.industry)
            .push_bind($import_id)
            .push_bind($job.is_active)
            .push_bind($now)
            .push_bind($now)
            .push_bind(jobtap_core::score::terms::MATCH_TERMS_VERSION);
    }};
}

/// Rows per `INSERT`: large enough to be fast, small enough for both engines' limits on bound
/// values (29 a row), and frequent enough for an import's progress bar that moves.
pub const CHUNK_ROWS: usize = 250;

/// Inserts `$jobs` (a slice of at most [`CHUNK_ROWS`] [`JobFields`], created at `$now`, all
/// of import `$import_id` or of none) in one statement on `$conn`, a connection of `$pool`'s
/// engine, then their match terms; returns from the enclosing function on an error.
macro_rules! insert_jobs {
    ($pool:expr, $conn:expr, $jobs:expr, $import_id:expr, $now:expr) => {{
        let now: i64 = $now;
        let import_id: Option<&str> = $import_id;
        let jobs: &[$crate::jobs::row::JobFields] = $jobs;
        let mut query = $crate::jobs::row::builder($pool);
        query.push_values(jobs, |mut row, job| {
            $crate::jobs::row::bind_job!(row, job, import_id, now);
        });
        query.build().execute(&mut *$conn).await?;
        let terms: Vec<(&str, i64, Vec<String>)> = jobs
            .iter()
            .map(|job| (job.id.as_str(), job.posted_at, job.match_terms()))
            .collect();
        $crate::jobs::row::insert_terms!($pool, $conn, &terms);
    }};
}
/// Term rows per `INSERT`: three values a row, well within both engines' limits on bound values.
pub const TERM_ROWS: usize = 2_000;

/// The start of a multi-row terms insert, typed for `pool`'s engine.
pub fn terms_builder<DB: sqlx::Database>(_pool: &sqlx::Pool<DB>) -> sqlx::QueryBuilder<DB> {
    sqlx::QueryBuilder::new("INSERT INTO job_match_terms (job_id, term, posted_at) ")
}

/// Inserts the terms of `$jobs` (a slice of `(job id, posted at, terms)` of jobs that have none)
/// on `$conn`, a transaction of `$pool`'s engine; returns from the enclosing function on an
/// error. A term row keeps its job's posting time: "Best match" reads each term's newest jobs
/// ([`super::match_terms::sharing`]).
macro_rules! insert_terms {
    ($pool:expr, $conn:expr, $jobs:expr) => {{
        let rows: Vec<(&str, &str, i64)> = $jobs
            .iter()
            .flat_map(|(id, posted_at, terms)| {
                terms
                    .iter()
                    .map(move |term| (&**id, term.as_str(), *posted_at))
            })
            .collect();
        for chunk in rows.chunks($crate::jobs::row::TERM_ROWS) {
            let mut query = $crate::jobs::row::terms_builder($pool);
            query.push_values(chunk, |mut row, (id, term, posted_at)| {
                row.push_bind(*id).push_bind(*term).push_bind(*posted_at);
            });
            query.build().execute(&mut *$conn).await?;
        }
    }};
}

/// [`insert_terms!`] for jobs that may have terms already: theirs are replaced.
macro_rules! replace_terms {
    ($pool:expr, $conn:expr, $jobs:expr) => {{
        for (id, _, _) in $jobs.iter() {
            sqlx::query("DELETE FROM job_match_terms WHERE job_id = $1")
                .bind(&**id)
                .execute(&mut *$conn)
                .await?;
        }
        $crate::jobs::row::insert_terms!($pool, $conn, $jobs);
    }};
}
pub(crate) use {bind_form, bind_job, insert_jobs, insert_terms, job_columns, replace_terms};

/// The start of a multi-row jobs insert, typed for `pool`'s engine.
pub fn builder<DB: sqlx::Database>(_pool: &sqlx::Pool<DB>) -> sqlx::QueryBuilder<DB> {
    sqlx::QueryBuilder::new(INSERT_HEAD.as_str())
}

/// Inserts `jobs` in one transaction: all of them or none.
pub async fn insert_many(db: &Db, jobs: &[JobFields], now: i64) -> Result<(), sqlx::Error> {
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        for chunk in jobs.chunks(CHUNK_ROWS) {
            insert_jobs!(pool, tx, chunk, None, now);
        }
        tx.commit().await
    })
}

/// Replaces the form's fields of job `id`, and its match terms; false when it is not the
/// employer's.
pub async fn update(
    db: &Db,
    employer_id: &str,
    id: &str,
    post: &JobPost,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let terms = [(id, post.posted_at, job_terms(&requirements!(post)))];
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        let query = sqlx::query(UPDATE.as_str()).bind(id).bind(employer_id);
        let updated = bind_form!(query, bind, post)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if updated != 1 {
            return Ok(false);
        }
        replace_terms!(pool, tx, &terms);
        tx.commit().await?;
        Ok(true)
    })
}

//! Persistence of jobs.

use sqlx::types::Json;

use crate::db::Db;
use crate::on_db;

/// A job to insert, every field of the employer's post form and the CSV import.
#[derive(Debug, Clone, Default)]
pub struct NewJob {
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
    pub required_degree_classes: Option<Vec<String>>,
    pub experience_level: Option<String>,
    pub minimum_score_threshold: f64,
    pub skills: Vec<String>,
    pub requirements: Vec<String>,
    pub benefits: Vec<String>,
    pub industry: Option<String>,
    pub linkedin_url: Option<String>,
    pub application_email: Option<String>,
    pub import_id: Option<String>,
    pub posted_at: i64,
    pub expires_at: Option<i64>,
    pub is_active: bool,
}

const INSERT_JOB: &str = "INSERT INTO jobs (id, employer_id, company_name, company_logo, job_title, \
    job_type, job_description, location, salary_min, salary_max, experience_years, qualifications, \
    degree_class, required_degree_classes, experience_level, minimum_score_threshold, skills, \
    requirements, benefits, industry, linkedin_url, application_email, import_id, posted_at, \
    expires_at, is_active, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, \
    $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $27)";

/// Inserts `jobs` in one transaction: all of them or none.
pub async fn insert_many(db: &Db, jobs: &[NewJob], now: i64) -> Result<(), sqlx::Error> {
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        for job in jobs {
            sqlx::query(INSERT_JOB)
                .bind(&job.id)
                .bind(&job.employer_id)
                .bind(&job.company_name)
                .bind(&job.company_logo)
                .bind(&job.job_title)
                .bind(&job.job_type)
                .bind(&job.job_description)
                .bind(&job.location)
                .bind(job.salary_min)
                .bind(job.salary_max)
                .bind(job.experience_years)
                .bind(&job.qualifications)
                .bind(&job.degree_class)
                .bind(job.required_degree_classes.as_ref().map(Json))
                .bind(&job.experience_level)
                .bind(job.minimum_score_threshold)
                .bind(Json(&job.skills))
                .bind(Json(&job.requirements))
                .bind(Json(&job.benefits))
                .bind(&job.industry)
                .bind(&job.linkedin_url)
                .bind(&job.application_email)
                .bind(&job.import_id)
                .bind(job.posted_at)
                .bind(job.expires_at)
                .bind(job.is_active)
                .bind(now)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    })
}

/// How many jobs exist, active or not.
pub async fn count(db: &Db) -> Result<i64, sqlx::Error> {
    on_db!(db, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM jobs").fetch_one(pool).await)
}

/// How many jobs candidates can see now (active and unexpired).
pub async fn count_live(db: &Db, now: i64) -> Result<i64, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM jobs WHERE is_active AND (expires_at IS NULL OR expires_at > $1)",
        )
        .bind(now)
        .fetch_one(pool)
        .await
    })
}

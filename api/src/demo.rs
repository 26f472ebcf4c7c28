//! Demo content for a fresh install: a demo employer and realistic jobs from
//! `fixtures/`, loaded only when the database has no jobs yet.

use anyhow::Context as _;
use serde::Deserialize;

use crate::accounts::store::{self as accounts, NewAccount, Role};
use crate::auth::password;
use crate::clock::DAY_MS;
use crate::jobs::store::{self as jobs, JobFields};
use crate::state::AppState;

const DEMO_JOBS: &str = include_str!("../../fixtures/jobs/demo-jobs.json");
const DEMO_EMPLOYER: &str = include_str!("../../fixtures/jobs/demo-employer.json");

#[derive(Deserialize)]
struct DemoEmployer {
    full_name: String,
    email: String,
    password: String,
    company_name: String,
}

#[derive(Deserialize)]
struct DemoJob {
    id: Option<String>,
    company_name: String,
    company_logo: String,
    job_title: String,
    job_type: String,
    job_description: String,
    location: String,
    salary_min: Option<f64>,
    salary_max: Option<f64>,
    experience_years: Option<i64>,
    qualifications: Option<String>,
    degree_class: Option<String>,
    required_degree_classes: Option<Vec<String>>,
    experience_level: Option<String>,
    minimum_score_threshold: f64,
    skills: Vec<String>,
    requirements: Vec<String>,
    benefits: Vec<String>,
    industry: Option<String>,
    linkedin_url: String,
    posted_days_ago: i64,
    expires_in_days: Option<i64>,
}

/// The jobs of `demo-jobs.json` as rows of no employer yet, posted and expiring relative to `now`.
pub(crate) fn jobs_of_fixture(now: i64) -> anyhow::Result<Vec<JobFields>> {
    let demo: Vec<DemoJob> = serde_json::from_str(DEMO_JOBS).context("demo-jobs.json")?;
    Ok(demo
        .into_iter()
        .map(|j| JobFields {
            id: j.id.unwrap_or_else(|| uuid::Uuid::new_v4().to_string()),
            employer_id: None,
            company_name: j.company_name,
            company_logo: j.company_logo,
            job_title: j.job_title,
            job_type: j.job_type,
            job_description: j.job_description,
            location: j.location,
            salary_min: j.salary_min,
            salary_max: j.salary_max,
            experience_years: j.experience_years,
            qualifications: j.qualifications,
            degree_class: j.degree_class,
            required_degree_classes: j.required_degree_classes,
            experience_level: j.experience_level,
            minimum_score_threshold: j.minimum_score_threshold,
            skills: j.skills,
            requirements: j.requirements,
            benefits: j.benefits,
            industry: j.industry,
            linkedin_url: Some(j.linkedin_url).filter(|u| !u.is_empty()),
            application_email: None,
            // Spread over the past days, a minute apart, so the feed order is stable.
            posted_at: now - j.posted_days_ago * DAY_MS,
            expires_at: j.expires_in_days.map(|d| now + d * DAY_MS),
            is_active: true,
        })
        .collect())
}

/// Loads the demo employer and jobs if the database holds no jobs. Returns how many jobs were added.
pub async fn load_if_empty(state: &AppState) -> anyhow::Result<usize> {
    if jobs::count(&state.db).await? > 0 {
        return Ok(0);
    }
    let now = state.now_ms();
    let employer: DemoEmployer =
        serde_json::from_str(DEMO_EMPLOYER).context("demo-employer.json")?;
    let employer_email = employer.email.to_lowercase();
    let employer_id = if let Some(id) = accounts::id_by_email(&state.db, &employer_email).await? {
        id
    } else {
        {
            let id = uuid::Uuid::new_v4().to_string();
            let hash = password::hash(employer.password).await?;
            accounts::create(
                &state.db,
                &NewAccount {
                    id: &id,
                    email: &employer_email,
                    password_hash: &hash,
                    full_name: &employer.full_name,
                    company_name: Some(&employer.company_name),
                    role: Role::Employer,
                    // Made by the server, with an address at a domain it vouches for.
                    email_confirmed_at: Some(now),
                    link: None,
                },
                now,
            )
            .await
            .context("Failed to create the demo employer")?;
            id
        }
    };
    let new_jobs: Vec<JobFields> = jobs_of_fixture(now)?
        .into_iter()
        .map(|job| JobFields {
            employer_id: Some(employer_id.clone()),
            ..job
        })
        .collect();
    jobs::insert_many(&state.db, &new_jobs, now)
        .await
        .context("Failed to insert demo jobs")?;
    Ok(new_jobs.len())
}

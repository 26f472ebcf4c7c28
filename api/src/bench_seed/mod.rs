//! `jobtap bench-seed`: fills a fresh database with the load benchmark's data
//! (`web/bench/run-load-bench.mjs`) by direct SQL, and prints what the benchmark
//! needs (accounts, their password, the job ids to apply to) as JSON on stdout.
//!
//! Direct SQL, not the HTTP API: the employer dashboard needs 20,000 applications,
//! which through the API would take 20,000 onboarded candidates and as many cover
//! letters. Rows go in through the same stores the server uses where one exists
//! (accounts, jobs), so they hold what the server itself would write.

pub mod scale;

/// Binds an application's six score columns of `$fit` (a `FitScore`) on `$row`, in the order of
/// the applications table.
macro_rules! bind_scores {
    ($row:expr, $fit:expr) => {
        $row.push_bind($fit.degree_score)
            .push_bind($fit.skills_score)
            .push_bind($fit.university_score)
            .push_bind($fit.experience_score)
            .push_bind($fit.total_raw_score)
            .push_bind($fit.score_percentage)
    };
}
use bind_scores;

use anyhow::Context as _;
use serde::Serialize;
use sqlx::types::Json;

use jobtap_core::application_status::ApplicationStatus;
use jobtap_core::score::{self, CandidateProfile, JobRequirements};

use crate::accounts::store::{self as accounts, NewAccount, Role};
use crate::auth::password;
use crate::clock::{Clock as _, DAY_MS, SystemClock};
use crate::config::Config;
use crate::db::Db;
use crate::demo::jobs_of_fixture;
use crate::jobs::store::{self as jobs, JobFields};
use crate::on_db_write;

/// The password of every seeded account.
pub const PASSWORD: &str = "bench-password-2025";

/// How much to seed; the defaults are the benchmark's.
#[derive(Debug, Clone, Copy)]
pub struct Sizes {
    /// Live jobs in the feed and for the apply scenario (each apply candidate can
    /// apply to every one of them once).
    pub feed_jobs: usize,
    /// Jobs of the dashboard's employer.
    pub dashboard_jobs: usize,
    /// Candidates who applied to every dashboard job: `applicants × dashboard_jobs` applications.
    pub applicants: usize,
    /// Candidates with a complete profile for the apply scenario (one per connection,
    /// warm-up and measured run each their own).
    pub apply_candidates: usize,
}

impl Default for Sizes {
    fn default() -> Self {
        Self {
            feed_jobs: 5_000,
            dashboard_jobs: 200,
            applicants: 100,
            apply_candidates: 32,
        }
    }
}

impl Sizes {
    /// Reads `--feed-jobs N`, `--dashboard-jobs N`, `--applicants N`, `--apply-candidates N`.
    pub fn parse(args: &[String]) -> Result<Self, String> {
        let mut sizes = Self::default();
        for (flag, value) in counts(args)? {
            let value = usize::try_from(value).map_err(|_| format!("{flag} is too large"))?;
            match flag {
                "--feed-jobs" => sizes.feed_jobs = value,
                "--dashboard-jobs" => sizes.dashboard_jobs = value,
                "--applicants" => sizes.applicants = value,
                "--apply-candidates" => sizes.apply_candidates = value,
                other => return Err(format!("Unknown option {other:?}")),
            }
        }
        Ok(sizes)
    }
}

/// The `--flag N` pairs of a seed command's arguments, each N a positive number.
fn counts(args: &[String]) -> Result<Vec<(&str, u64)>, String> {
    let mut pairs = Vec::new();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .and_then(|v| v.parse::<u64>().ok())
            .filter(|n| *n > 0)
            .ok_or_else(|| format!("{flag} needs a positive number"))?;
        pairs.push((flag.as_str(), value));
    }
    Ok(pairs)
}

/// What the benchmark reads back.
#[derive(Debug, Serialize)]
pub struct Seeded {
    pub password: &'static str,
    /// Reads the feed (and signs in at 40/s).
    pub feed_candidate: String,
    pub apply_candidates: Vec<String>,
    pub employer: String,
    /// The feed jobs, each one any apply candidate may apply to once.
    pub apply_job_ids: Vec<String>,
    pub dashboard_jobs: usize,
    pub dashboard_applications: usize,
}

const LOCATIONS: [&str; 6] = [
    "Harare", "Bulawayo", "Mutare", "Gweru", "Masvingo", "Remote",
];

/// Seeds `config`'s database, which must hold no jobs yet.
pub async fn run(config: &Config, sizes: Sizes) -> anyhow::Result<Seeded> {
    let db = Db::connect(&config.database_url, 4).await?;
    db.migrate().await?;
    anyhow::ensure!(
        jobs::count(&db).await? == 0,
        "bench-seed fills a fresh database only; this one already has jobs"
    );
    let now = SystemClock.now_ms();
    let templates = jobs_of_fixture(now)?;
    let hash = password::hash(PASSWORD.to_string()).await?;

    let employer = "bench-employer@bench.jobtap.app".to_string();
    let employer_id = create(&db, &hash, &employer, Role::Employer, now).await?;
    let feed_employer_id = create(
        &db,
        &hash,
        "bench-feed-employer@bench.jobtap.app",
        Role::Employer,
        now,
    )
    .await?;

    let feed_jobs = make_jobs(&templates, &feed_employer_id, sizes.feed_jobs, now);
    jobs::insert_many(&db, &feed_jobs, now).await?;
    let dashboard_jobs = make_jobs(&templates, &employer_id, sizes.dashboard_jobs, now);
    jobs::insert_many(&db, &dashboard_jobs, now).await?;

    let feed_candidate = "bench-feed@bench.jobtap.app".to_string();
    let id = create(&db, &hash, &feed_candidate, Role::Candidate, now).await?;
    complete_profile(&db, &id, 0).await?;
    let mut apply_candidates = Vec::with_capacity(sizes.apply_candidates);
    for n in 0..sizes.apply_candidates {
        let email = format!("bench-apply-{n}@bench.jobtap.app");
        let id = create(&db, &hash, &email, Role::Candidate, now).await?;
        complete_profile(&db, &id, n).await?;
        apply_candidates.push(email);
    }
    let mut applications = 0;
    for n in 0..sizes.applicants {
        let email = format!("bench-applicant-{n}@bench.jobtap.app");
        let id = create(&db, &hash, &email, Role::Candidate, now).await?;
        let candidate = complete_profile(&db, &id, n).await?;
        applications += insert_applications(&db, &id, n, &candidate, &dashboard_jobs, now).await?;
    }
    // A settled database, as autovacuum leaves a real one: without it PostgreSQL's
    // visibility map is empty and index-only scans still read every row.
    if let Db::Postgres { pool, .. } = &db {
        sqlx::query("VACUUM ANALYZE").execute(pool).await?;
    }
    Ok(Seeded {
        password: PASSWORD,
        feed_candidate,
        apply_candidates,
        employer,
        apply_job_ids: feed_jobs.into_iter().map(|j| j.id).collect(),
        dashboard_jobs: dashboard_jobs.len(),
        dashboard_applications: applications,
    })
}

async fn create(db: &Db, hash: &str, email: &str, role: Role, now: i64) -> anyhow::Result<String> {
    let id = uuid::Uuid::new_v4().to_string();
    let name = email.split('@').next().unwrap_or(email).replace('-', " ");
    accounts::create(
        db,
        &NewAccount {
            id: &id,
            email,
            password_hash: hash,
            full_name: &name,
            company_name: (role == Role::Employer).then_some("Bench Holdings"),
            role,
            // Seeded by the operator: the bench applies and publishes as any confirmed account.
            email_confirmed_at: Some(now),
            link: None,
        },
        now,
    )
    .await
    .with_context(|| format!("Failed to create {email}"))?;
    Ok(id)
}

/// `count` live jobs cycling through the demo jobs, a minute apart, each with a
/// threshold every seeded candidate meets (the apply scenario must not be refused).
fn make_jobs(templates: &[JobFields], employer_id: &str, count: usize, now: i64) -> Vec<JobFields> {
    (0..count)
        .map(|n| {
            let t = &templates[n % templates.len()];
            JobFields {
                id: uuid::Uuid::new_v4().to_string(),
                employer_id: Some(employer_id.to_string()),
                company_logo: String::new(),
                job_title: format!("{} #{n}", t.job_title),
                required_degree_classes: None,
                minimum_score_threshold: 10.0,
                linkedin_url: None,
                application_email: Some("jobs@bench.jobtap.app".into()),
                posted_at: now - small(n) * 60_000,
                expires_at: Some(now + 60 * DAY_MS),
                is_active: true,
                ..t.clone()
            }
        })
        .collect()
}

/// Fills the profile as onboarding would; returns what the score reads of it.
async fn complete_profile(db: &Db, id: &str, n: usize) -> anyhow::Result<CandidateProfile> {
    let skills: Vec<String> = [
        "React",
        "TypeScript",
        "Rust",
        "PostgreSQL",
        "Docker",
        "Python",
    ]
    .iter()
    .cycle()
    .skip(n % 6)
    .take(4)
    .map(|s| (*s).to_string())
    .collect();
    let candidate = CandidateProfile {
        degree_class: Some(["First Class", "Second Class Upper"][n % 2].into()),
        university: Some("University of Zimbabwe (UZ)".into()),
        skills,
        experience_years: Some(1 + small(n % 8)),
        ..CandidateProfile::default()
    };
    on_db_write!(db, pool => {
        sqlx::query(
            "UPDATE profiles SET degree_class = $2, university = $3, skills = $4, experience_years = $5, \
             location = $6 WHERE id = $1",
        )
        .bind(id)
        .bind(&candidate.degree_class)
        .bind(&candidate.university)
        .bind(Json(&candidate.skills))
        .bind(candidate.experience_years)
        .bind(LOCATIONS[n % LOCATIONS.len()])
        .execute(pool)
        .await
        .map(|_| ())
    })?;
    Ok(candidate)
}

/// Applications of candidate `user_id` to every job, spread over the last 60 days,
/// one in ten accepted and one in ten rejected, in batches of 250 rows.
async fn insert_applications(
    db: &Db,
    user_id: &str,
    n: usize,
    candidate: &CandidateProfile,
    jobs: &[JobFields],
    now: i64,
) -> anyhow::Result<usize> {
    const LETTER: &str = "Dear Hiring Manager,\n\nI am writing to apply for this role. Over the past \
        years I have built and run production services, worked closely with product and design, and \
        mentored newer colleagues. The skills your posting asks for are ones I use every day, and I \
        would welcome the chance to bring them to your team.\n\nThank you for your time and \
        consideration.\n\nKind regards";
    for (batch_no, batch) in jobs.chunks(250).enumerate() {
        let rows: Vec<_> = batch
            .iter()
            .enumerate()
            .map(|(i, job)| {
                let k = batch_no * 250 + i + n * jobs.len();
                let fit = score::score(
                    candidate,
                    &JobRequirements {
                        degree_class: job.degree_class.clone(),
                        skills: job.skills.clone(),
                        requirements: job.requirements.clone(),
                        experience_years: job.experience_years,
                        minimum_score_threshold: Some(job.minimum_score_threshold),
                        ..JobRequirements::default()
                    },
                );
                let status = match k % 10 {
                    0 => ApplicationStatus::Accepted,
                    1 => ApplicationStatus::Rejected,
                    _ => ApplicationStatus::Applied,
                };
                let applied_at = now - small((k * 7919) % 60) * DAY_MS - small(k % 86_400) * 1000;
                (job, fit, status, applied_at)
            })
            .collect();
        on_db_write!(db, pool => {
            let mut query = sqlx::QueryBuilder::new(
                "INSERT INTO applications (id, user_id, job_id, status, cover_letter, email_subject, \
                 degree_score, skills_score, university_score, experience_score, total_raw_score, \
                 score_percentage, hidden_from_employer, job_title_snapshot, company_name_snapshot, \
                 applied_at, updated_at, employer_id, employer_mailed_at) ",
            );
            query.push_values(&rows, |mut b, (job, fit, status, applied_at)| {
                let b = b
                    .push_bind(uuid::Uuid::new_v4().to_string())
                    .push_bind(user_id)
                    .push_bind(&job.id)
                    .push_bind(status.as_str())
                    .push_bind(LETTER)
                    .push_bind(format!("Application for {}", job.job_title));
                bind_scores!(b, fit)
                    .push_bind(*status == ApplicationStatus::Rejected)
                    .push_bind(&job.job_title)
                    .push_bind(&job.company_name)
                    .push_bind(*applied_at)
                    .push_bind(*applied_at)
                    .push_bind(&job.employer_id)
                    // Seeded as told: a benchmark server e-mails nobody about them.
                    .push_bind(*applied_at);
            });
            query.build().execute(pool).await.map(|_| ())
        })?;
    }
    Ok(jobs.len())
}

/// A count or index of the seed as an `i64` (they are far below its limit).
fn small(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

//! `jobtap bench-seed-scale`: fills a fresh database with a national job board for the scale
//! benchmark (`web/bench/run-scale-bench.mjs`): on PostgreSQL 1,000,000 live jobs of 20,000
//! employers, 200,000 candidates and 5,000,000 applications, written with `COPY`; on SQLite a
//! tenth of each, with multi-row inserts. One employer (an agency) has 500 jobs, and the first
//! of them 10,000 applicants: the employer's lists and analytics are measured on it.
//!
//! Rows hold what the server itself writes: jobs through the jobs area's own binding (their
//! duplicate key and match terms included), scores from core's fit score, resumes' facts
//! read by core from the fixtures' resumes.

mod bulk;
mod fixtures;
mod generate;

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use serde::Serialize;
use sqlx::types::Json;

use jobtap_core::application_status::ApplicationStatus;
use jobtap_core::pipeline::Stage;
use jobtap_core::score::{self, CandidateProfile, FitScore};

use crate::auth::password;
use crate::clock::{Clock as _, SystemClock};
use crate::config::Config;
use crate::db::{Db, DbKind};
use crate::jobs::row::{INSERT_COLUMNS, bind_job};
use crate::jobs::store as jobs;
use crate::profile::resume_facts::this_month;

use bulk::{Row, Table};
use fixtures::Fixtures;

/// How much to seed.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Sizes {
    pub jobs: u64,
    pub candidates: u64,
    pub applications_each: u64,
    pub employers: u64,
    /// Jobs of the agency whose analytics are measured.
    pub agency_jobs: u64,
    /// Applicants of the agency's first job.
    pub big_job_applicants: u64,
}

impl Sizes {
    /// The sizes on PostgreSQL, a tenth on SQLite; `--jobs N`, `--candidates N` and
    /// `--applications-each N` change them (employers follow the jobs, 50 each).
    pub fn parse(kind: DbKind, args: &[String]) -> Result<Self, String> {
        let tenth = if kind == DbKind::Sqlite { 10 } else { 1 };
        let mut jobs = 1_000_000 / tenth;
        let mut candidates = 200_000 / tenth;
        let mut applications_each = 25;
        for (flag, value) in super::counts(args)? {
            match flag {
                "--jobs" => jobs = value,
                "--candidates" => candidates = value,
                "--applications-each" => applications_each = value,
                other => return Err(format!("Unknown option {other:?}")),
            }
        }
        let agency_jobs = 500.min(jobs / 4).max(2);
        Ok(Self {
            jobs,
            candidates,
            applications_each,
            employers: (jobs / 50).max(2),
            agency_jobs,
            big_job_applicants: 10_000.min(candidates / 2),
        })
    }
}

/// What the benchmark reads back.
#[derive(Debug, Serialize)]
pub struct Seeded {
    pub password: &'static str,
    pub sizes: Sizes,
    pub applications: u64,
    /// One candidate of each of the first sixteen occupations, to read the feed as.
    pub candidates: Vec<String>,
    /// A hospital pharmacist.
    pub pharmacist: String,
    /// The agency.
    pub employer: String,
    /// The agency's job with `big_job_applicants` applicants.
    pub big_job_id: String,
    /// Seconds each step took.
    pub seconds: Vec<(String, f64)>,
}

/// Rows generated and written per round.
const CHUNK: u64 = 20_000;

const USERS: Table<'static> = Table {
    name: "users",
    columns: "id, email, password_hash, created_at, email_confirmed_at",
};
const PROFILES: Table<'static> = Table {
    name: "profiles",
    columns: "id, full_name, email, company_name, degree_class, degree_field, university, skills, \
              experience_years, location, resume_facts, created_at, updated_at",
};
const ROLES: Table<'static> = Table {
    name: "user_roles",
    columns: "user_id, role",
};
const MEMBERS: Table<'static> = Table {
    name: "company_members",
    columns: "user_id, company_id, role, joined_at",
};
const TERMS: Table<'static> = Table {
    name: "job_match_terms",
    columns: "job_id, term, posted_at",
};
const APPLICATIONS: Table<'static> = Table {
    name: "applications",
    columns: "id, user_id, job_id, status, stage, cover_letter, email_subject, degree_score, \
              skills_score, university_score, experience_score, total_raw_score, score_percentage, \
              hidden_from_employer, job_title_snapshot, company_name_snapshot, applied_at, \
              updated_at, employer_id, employer_mailed_at",
};

/// What an application needs of its job.
struct JobMeta {
    template: u16,
    employer: u32,
    posted_at: i64,
    title: String,
}

/// Seeds `config`'s database, which must hold no jobs yet.
pub async fn run(config: &Config, args: &[String]) -> anyhow::Result<Seeded> {
    let db = Db::connect(&config.database_url, 4).await?;
    db.migrate().await?;
    let sizes = Sizes::parse(db.kind(), args).map_err(anyhow::Error::msg)?;
    anyhow::ensure!(
        jobs::count(&db).await? == 0,
        "bench-seed-scale fills a fresh database only; this one already has jobs"
    );
    let now = SystemClock.now_ms();
    let fixtures = std::sync::Arc::new(fixtures::load(now, this_month(now))?);
    let hash = password::hash(super::PASSWORD.to_string()).await?;
    let mut seconds = Vec::new();
    let mut step = |name: &str, started: Instant| {
        seconds.push((name.to_string(), started.elapsed().as_secs_f64()));
    };

    let started = Instant::now();
    let indexes = bulk::drop_secondary_indexes(
        &db,
        &[
            "users",
            "profiles",
            "jobs",
            "job_match_terms",
            "applications",
        ],
    )
    .await?;
    employers(&db, &sizes, &hash, now).await?;
    step("employers", started);

    let started = Instant::now();
    let metas = jobs_of_board(&db, &sizes, &fixtures, now).await?;
    step("jobs and their match terms", started);

    let started = Instant::now();
    let (candidates, pharmacist) = candidates(&db, &sizes, &fixtures, &hash, now).await?;
    step("candidates", started);

    let started = Instant::now();
    let applications = applications(&db, &sizes, &fixtures, &metas, now).await?;
    step("applications", started);

    let started = Instant::now();
    bulk::create_indexes(&db, &indexes).await?;
    step("indexes", started);

    let started = Instant::now();
    match &db {
        Db::Postgres { pool, .. } => {
            sqlx::query("VACUUM ANALYZE").execute(pool).await?;
        }
        Db::Sqlite { writer, .. } => {
            sqlx::query("ANALYZE").execute(writer).await?;
        }
    }
    step("vacuum and analyze", started);

    Ok(Seeded {
        password: super::PASSWORD,
        sizes,
        applications,
        candidates,
        pharmacist,
        employer: employer_email(0),
        big_job_id: generate::uuid(14, 0),
        seconds,
    })
}

fn employer_email(e: u64) -> String {
    format!("employer-{e}@bench.jobtap.app")
}

fn employer_id(e: u64) -> String {
    generate::uuid(20, e)
}

fn candidate_id(c: u64) -> String {
    generate::uuid(21, c)
}

/// Rows of the account `id`: its user row and its role.
fn account(id: &str, email: &str, hash: &str, role: &str, now: i64) -> (Row, Row) {
    let mut user = Row::default();
    user.push_bind(id)
        .push_bind(email)
        .push_bind(hash)
        .push_bind(now)
        .push_bind(now);
    let mut roles = Row::default();
    roles.push_bind(id).push_bind(role);
    (user, roles)
}

async fn employers(db: &Db, sizes: &Sizes, hash: &str, now: i64) -> anyhow::Result<()> {
    for start in (0..sizes.employers).step_by(usize::try_from(CHUNK)?) {
        let (mut users, mut profiles, mut roles) = (Vec::new(), Vec::new(), Vec::new());
        let mut members = Vec::new();
        for e in start..(start + CHUNK).min(sizes.employers) {
            let id = employer_id(e);
            let email = employer_email(e);
            let (user, role) = account(&id, &email, hash, "employer", now);
            users.push(user);
            roles.push(role);
            let mut member = Row::default();
            member
                .push_bind(&id)
                .push_bind(&id)
                .push_bind("admin")
                .push_bind(now);
            members.push(member);
            let mut profile = Row::default();
            profile
                .push_bind(&id)
                .push_bind(format!("Hiring team {e}"))
                .push_bind(&email)
                .push_bind(generate::company(e))
                .push_bind(None::<String>)
                .push_bind(None::<String>)
                .push_bind(None::<String>)
                .push_bind("[]")
                .push_bind(None::<i64>)
                .push_bind(None::<String>)
                .push_bind(None::<String>)
                .push_bind(now)
                .push_bind(now);
            profiles.push(profile);
        }
        bulk::write(db, USERS, &users).await?;
        bulk::write(db, PROFILES, &profiles).await?;
        bulk::write(db, ROLES, &roles).await?;
        bulk::write(db, MEMBERS, &members).await?;
    }
    Ok(())
}

/// Writes the jobs and their match terms, generating the next round while the last is
/// written; returns what applications need of each job.
async fn jobs_of_board(
    db: &Db,
    sizes: &Sizes,
    fixtures: &std::sync::Arc<Fixtures>,
    now: i64,
) -> anyhow::Result<Vec<JobMeta>> {
    let columns = INSERT_COLUMNS.as_str();
    let table = Table {
        name: "jobs",
        columns,
    };
    let round = |start: u64| {
        let fixtures = fixtures.clone();
        let sizes = *sizes;
        tokio::task::spawn_blocking(move || {
            let (mut rows, mut terms, mut metas) = (Vec::new(), Vec::new(), Vec::new());
            for n in start..(start + CHUNK).min(sizes.jobs) {
                let (e, t) = generate::placement(n, sizes.employers, sizes.agency_jobs, &fixtures);
                let job = generate::job(n, e, &employer_id(e), &fixtures.templates[t], now);
                let mut row = Row::default();
                bind_job!(row, job, None::<&str>, now);
                rows.push(row);
                for term in job.match_terms() {
                    let mut row = Row::default();
                    row.push_bind(&job.id)
                        .push_bind(term)
                        .push_bind(job.posted_at);
                    terms.push(row);
                }
                metas.push(JobMeta {
                    template: u16::try_from(t).unwrap_or(0),
                    employer: u32::try_from(e).unwrap_or(0),
                    posted_at: job.posted_at,
                    title: job.job_title,
                });
            }
            (rows, terms, metas)
        })
    };
    let mut all = Vec::with_capacity(usize::try_from(sizes.jobs)?);
    let mut next = Some(round(0));
    let mut start = 0;
    while let Some(pending) = next.take() {
        let (rows, terms, metas) = pending.await?;
        start += CHUNK;
        if start < sizes.jobs {
            next = Some(round(start));
        }
        bulk::write(db, table, &rows).await?;
        bulk::write(db, TERMS, &terms).await?;
        all.extend(metas);
    }
    Ok(all)
}

/// Writes the candidates; returns one of each of the first sixteen occupations, and a
/// pharmacist.
async fn candidates(
    db: &Db,
    sizes: &Sizes,
    fixtures: &Fixtures,
    hash: &str,
    now: i64,
) -> anyhow::Result<(Vec<String>, String)> {
    let mut chosen: HashMap<usize, String> = HashMap::new();
    for start in (0..sizes.candidates).step_by(usize::try_from(CHUNK)?) {
        let (mut users, mut profiles, mut roles) = (Vec::new(), Vec::new(), Vec::new());
        for c in start..(start + CHUNK).min(sizes.candidates) {
            let id = candidate_id(c);
            let (person, name, email, profile) = generate::candidate(c, fixtures);
            if person < 16 {
                chosen.entry(person).or_insert_with(|| email.clone());
            }
            let (user, role) = account(&id, &email, hash, "candidate", now);
            users.push(user);
            roles.push(role);
            let mut row = Row::default();
            row.push_bind(&id)
                .push_bind(name)
                .push_bind(&email)
                .push_bind(None::<String>)
                .push_bind(&profile.degree_class)
                .push_bind(&profile.degree_field)
                .push_bind(&profile.university)
                .push_bind(Json(&profile.skills))
                .push_bind(profile.experience_years)
                .push_bind(format!("{}, Zimbabwe", generate::town(22, c)))
                .push_bind(Json(&fixtures.people[person].facts))
                .push_bind(now)
                .push_bind(now);
            profiles.push(row);
        }
        bulk::write(db, USERS, &users).await?;
        bulk::write(db, PROFILES, &profiles).await?;
        bulk::write(db, ROLES, &roles).await?;
    }
    let mut people: Vec<(usize, String)> = chosen.into_iter().collect();
    people.sort();
    // The first occupation of the fixtures is the hospital pharmacist.
    let pharmacist = people
        .first()
        .filter(|(p, _)| *p == 0)
        .map(|(_, email)| email.clone())
        .ok_or_else(|| anyhow::anyhow!("no pharmacist among the candidates"))?;
    Ok((people.into_iter().map(|(_, e)| e).collect(), pharmacist))
}

/// Writes each candidate's applications: the first `big_job_applicants` candidates apply to
/// the agency's first job, the next as many to one of its other jobs, and every candidate to
/// jobs of their own occupation (other employers') until they have `applications_each`.
async fn applications(
    db: &Db,
    sizes: &Sizes,
    fixtures: &Fixtures,
    metas: &[JobMeta],
    now: i64,
) -> anyhow::Result<u64> {
    let mut by_template: Vec<Vec<u32>> = vec![Vec::new(); fixtures.templates.len()];
    for (n, meta) in metas
        .iter()
        .enumerate()
        .skip(usize::try_from(sizes.agency_jobs)?)
    {
        by_template[usize::from(meta.template)].push(u32::try_from(n)?);
    }
    let mut scores: HashMap<(usize, usize, Option<i64>), FitScore> = HashMap::new();
    let mut written = 0;
    for start in (0..sizes.candidates).step_by(usize::try_from(CHUNK / 10)?) {
        let mut rows = Vec::new();
        for c in start..(start + CHUNK / 10).min(sizes.candidates) {
            let (person, name, _, profile) = generate::candidate(c, fixtures);
            let chosen = jobs_of_candidate(c, person, sizes, fixtures, &by_template);
            for (j, n) in chosen.into_iter().enumerate() {
                let meta = &metas[usize::try_from(n)?];
                let template = usize::from(meta.template);
                let fit = scores
                    .entry((person, template, profile.experience_years))
                    .or_insert_with(|| fit(fixtures, person, &profile, template))
                    .clone();
                let k = c * sizes.applications_each + j as u64;
                let status = generate::status(k);
                let since = meta.posted_at.max(now - 90 * crate::clock::DAY_MS);
                let applied_at = since
                    + i64::try_from(
                        generate::mix(23, k) % u64::try_from(now - since).unwrap_or(1).max(1),
                    )?;
                let company = generate::company(u64::from(meta.employer));
                let mut row = Row::default();
                row.push_bind(generate::uuid(24, k))
                    .push_bind(candidate_id(c))
                    .push_bind(generate::uuid(14, n))
                    .push_bind(status.as_str())
                    .push_bind(Stage::of_status(status).as_str())
                    .push_bind(generate::letter(
                        &name,
                        &meta.title,
                        &company,
                        profile.experience_years,
                    ))
                    .push_bind(format!("Application for {}", meta.title));
                super::bind_scores!(row, fit)
                    .push_bind(status == ApplicationStatus::Rejected)
                    .push_bind(&meta.title)
                    .push_bind(company)
                    .push_bind(applied_at)
                    .push_bind(applied_at)
                    .push_bind(employer_id(u64::from(meta.employer)))
                    // Seeded as told: the employers were e-mailed about them long ago.
                    .push_bind(applied_at);
                rows.push(row);
            }
        }
        written += rows.len() as u64;
        bulk::write(db, APPLICATIONS, &rows).await?;
    }
    Ok(written)
}

/// The job numbers candidate `c` (a `person` of the fixtures) applies to, each once.
fn jobs_of_candidate(
    c: u64,
    person: usize,
    sizes: &Sizes,
    fixtures: &Fixtures,
    by_template: &[Vec<u32>],
) -> Vec<u64> {
    let mut chosen = Vec::new();
    if c < sizes.big_job_applicants {
        chosen.push(0);
    } else if c < 2 * sizes.big_job_applicants {
        chosen.push(1 + c % (sizes.agency_jobs - 1));
    }
    let list = &by_template[fixtures.people[person].own_job];
    let mut seen: HashSet<u64> = chosen.iter().copied().collect();
    let mut attempt = 0;
    while (chosen.len() as u64) < sizes.applications_each
        && attempt < 10 * sizes.applications_each
        && !list.is_empty()
    {
        let n = u64::from(list[generate::pick(26, c * 1_000 + attempt, list.len())]);
        attempt += 1;
        if seen.insert(n) {
            chosen.push(n);
        }
    }
    chosen
}

/// Core's fit score of `person` (with `profile`'s years) for `template`'s job.
fn fit(
    fixtures: &Fixtures,
    person: usize,
    profile: &CandidateProfile,
    template: usize,
) -> FitScore {
    let candidate = profile.clone().with_resume(&fixtures.people[person].facts);
    score::score(&candidate, &fixtures.templates[template].job.requirements())
}

//! What the generators vary: the 86 jobs and 52 people of the repository's fixtures (the
//! matching sets' 52 occupations, each a person and their own job, and the 34 demo jobs),
//! each job with its field of work, each person with their resume read as the server reads
//! an upload.

use anyhow::Context as _;
use serde::Deserialize;

use jobtap_core::resume::{ResumeFacts, YearMonth, resume_facts};
use jobtap_core::score::CandidateProfile;

use crate::demo::jobs_of_fixture;
use crate::jobs::store::JobFields;

/// The people of each file, with the field (an index of [`FIELDS`]) the file gathers.
const PEOPLE: [(usize, &str); 4] = [
    (
        0,
        include_str!("../../../../fixtures/matching/people-health.json"),
    ),
    (
        1,
        include_str!("../../../../fixtures/matching/people-business.json"),
    ),
    (
        2,
        include_str!("../../../../fixtures/matching/people-people.json"),
    ),
    (
        3,
        include_str!("../../../../fixtures/matching/people-trades.json"),
    ),
];
/// The labelled set's twelve people and jobs: person `i`'s own job is job `i`.
const LABELLED_PEOPLE: &str = include_str!("../../../../fixtures/matching/candidates.json");
const LABELLED_JOBS: &str = include_str!("../../../../fixtures/matching/jobs.json");
/// The fields of the labelled jobs (developer, nurse, doctor, lawyer, accountant, teacher,
/// agronomist, civil engineer, marketer, data analyst, counsellor, HR officer).
const LABELLED_FIELDS: [usize; 12] = [4, 0, 0, 1, 1, 2, 3, 3, 1, 4, 2, 1];

/// The fields of work, as the fixtures group them; a seeded employer hires in one.
pub const FIELDS: [&str; 5] = ["health", "business", "people", "trades", "software"];

/// Each field's share of jobs and employers, in percent (a national board, not a tech one).
pub const FIELD_SHARES: [u64; 5] = [22, 24, 18, 20, 16];

/// Monthly pay (US$) of a mid-level post in each field, when the template names none.
const FIELD_PAY: [f64; 5] = [1_100.0, 900.0, 600.0, 750.0, 1_500.0];

#[derive(Debug, Deserialize)]
struct FixtureJob {
    job_title: String,
    company_name: String,
    job_type: String,
    location: String,
    job_description: String,
    #[serde(default)]
    skills: Vec<String>,
    #[serde(default)]
    requirements: Vec<String>,
    #[serde(default)]
    required_degree_classes: Option<Vec<String>>,
    #[serde(default)]
    degree_class: Option<String>,
    #[serde(default)]
    experience_years: Option<i64>,
    #[serde(default)]
    minimum_score_threshold: Option<f64>,
}

#[derive(Debug, Deserialize)]
struct FixturePerson {
    profile: CandidateProfile,
    resume: String,
}

#[derive(Debug, Deserialize)]
struct Occupation {
    candidate: FixturePerson,
    job: FixtureJob,
}

/// A job to vary, with its field (an index of [`FIELDS`]).
#[derive(Debug, Clone)]
pub struct Template {
    pub field: usize,
    pub job: JobFields,
}

/// A person to vary: their profile as onboarding stores it, their resume's facts, and the
/// template of their own occupation's job (the jobs they apply to).
#[derive(Debug, Clone)]
pub struct Person {
    pub profile: CandidateProfile,
    pub facts: ResumeFacts,
    pub own_job: usize,
}

#[derive(Debug)]
pub struct Fixtures {
    pub templates: Vec<Template>,
    /// Indexes of `templates` by field.
    pub by_field: Vec<Vec<usize>>,
    pub people: Vec<Person>,
}

/// Reads the fixtures; `today` ends the resumes' running roles.
pub fn load(now: i64, today: YearMonth) -> anyhow::Result<Fixtures> {
    let mut templates = Vec::new();
    let mut people = Vec::new();
    for (field, text) in PEOPLE {
        let occupations: Vec<Occupation> = serde_json::from_str(text).context("people-*.json")?;
        for o in occupations {
            templates.push(Template {
                field,
                job: job_of(o.job, field),
            });
            people.push(person(o.candidate, templates.len() - 1, today));
        }
    }
    let jobs: Vec<FixtureJob> = serde_json::from_str(LABELLED_JOBS).context("jobs.json")?;
    let labelled: Vec<FixturePerson> =
        serde_json::from_str(LABELLED_PEOPLE).context("candidates.json")?;
    for ((job, p), field) in jobs.into_iter().zip(labelled).zip(LABELLED_FIELDS) {
        templates.push(Template {
            field,
            job: job_of(job, field),
        });
        people.push(person(p, templates.len() - 1, today));
    }
    for job in jobs_of_fixture(now)? {
        let field = demo_field(job.industry.as_deref().unwrap_or(""));
        templates.push(Template { field, job });
    }
    let by_field = (0..FIELDS.len())
        .map(|f| {
            (0..templates.len())
                .filter(|t| templates[*t].field == f)
                .collect()
        })
        .collect();
    Ok(Fixtures {
        templates,
        by_field,
        people,
    })
}

fn person(p: FixturePerson, own_job: usize, today: YearMonth) -> Person {
    Person {
        facts: resume_facts(&p.resume, today),
        profile: p.profile,
        own_job,
    }
}

fn job_of(j: FixtureJob, field: usize) -> JobFields {
    JobFields {
        company_name: j.company_name,
        job_title: j.job_title,
        job_type: j.job_type,
        job_description: j.job_description,
        location: j.location,
        salary_min: Some(FIELD_PAY[field]),
        salary_max: Some(FIELD_PAY[field] * 1.3),
        experience_years: j.experience_years,
        degree_class: j.degree_class,
        required_degree_classes: j.required_degree_classes,
        minimum_score_threshold: j.minimum_score_threshold.unwrap_or(20.0),
        skills: j.skills,
        requirements: j.requirements,
        is_active: true,
        ..JobFields::default()
    }
}

/// The field of a demo job, from its industry.
fn demo_field(industry: &str) -> usize {
    let industry = industry.to_lowercase();
    if industry.contains("health") {
        0
    } else if ["education", "hospitality", "media"]
        .iter()
        .any(|w| industry.contains(w))
    {
        2
    } else if ["mining", "agricultur", "energy"]
        .iter()
        .any(|w| industry.contains(w))
    {
        3
    } else if ["software", "cloud", "artificial", "cyber", "technology"]
        .iter()
        .any(|w| industry.contains(w))
    {
        4
    } else {
        1
    }
}

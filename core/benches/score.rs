//! The fit score of one candidate against 1,000 jobs, the browser benchmark's workload:
//! the strong-developer profile against the demo jobs, varied. Three ways: `score_many`
//! (everything per call); the jobs prepared once (`PreparedJobs`) and scored per call
//! (`score_all`), as the browser does; and the one-time preparation on its own. Then best
//! match as the server ranks a feed (`api/src/feed/ranked.rs`): the 1,000 jobs prepared and
//! scored in one go for a pharmacist whose default resume is read for skills with the
//! vocabulary (the first call loads it, before timing).

use std::hint::black_box;
use std::path::Path;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use jobtap_core::resume::{YearMonth, resume_facts};
use jobtap_core::score::{
    CandidateProfile, FitFigures, JobRequirements, PreparedJobs, PreparedProfile, score_many,
};

const JOBS: usize = 1_000;

fn fixture(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures")
        .join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// The demo jobs cycled to 1,000 with the same variation as `web/bench/core-bench-data.ts`:
/// round `r` (every 34 jobs) adds `r % 4` years to the experience asked, drops the skills
/// list when `r % 3 == 2` (so the requirement texts are read for skills instead), and job
/// `i` gets threshold `20 + (i % 7) × 10`.
fn thousand_jobs() -> Vec<JobRequirements> {
    let demo: Vec<JobRequirements> =
        serde_json::from_str(&fixture("jobs/demo-jobs.json")).expect("demo jobs");
    (0..JOBS)
        .map(|i| {
            let round = i / demo.len();
            let mut job = demo[i % demo.len()].clone();
            let extra_years = i64::try_from(round % 4).expect("under 4");
            job.experience_years = Some(job.experience_years.unwrap_or(0) + extra_years);
            if round % 3 == 2 {
                job.skills.clear();
            }
            job.minimum_score_threshold = Some(20.0 + (i % 7) as f64 * 10.0);
            job
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let profile: CandidateProfile =
        serde_json::from_str(&fixture("profiles/strong-developer.json")).expect("profile");
    let jobs = thousand_jobs();
    let scores = score_many(&profile, &jobs);
    assert_eq!(scores.len(), JOBS);
    assert!(scores.iter().any(|s| s.meets_threshold) && scores.iter().any(|s| !s.meets_threshold));

    let prepared = PreparedJobs::new(jobs.clone());
    let figures: Vec<FitFigures> = scores.iter().map(FitFigures::from).collect();
    assert_eq!(prepared.score_all(&PreparedProfile::new(&profile)), figures);

    c.bench_function("score_many_1000_jobs", |b| {
        b.iter(|| score_many(black_box(&profile), black_box(&jobs)));
    });
    // The profile is prepared inside the call: a candidate may edit it between calls.
    c.bench_function("score_prepared_1000_jobs", |b| {
        b.iter(|| black_box(&prepared).score_all(&PreparedProfile::new(black_box(&profile))));
    });
    c.bench_function("prepare_1000_jobs", |b| {
        b.iter_batched(|| jobs.clone(), PreparedJobs::new, BatchSize::SmallInput);
    });

    let pharmacist = pharmacist();
    let first = PreparedJobs::new(jobs.clone()).score_all(&PreparedProfile::new(&pharmacist));
    assert_eq!(first.len(), JOBS);
    c.bench_function("best_match_1000_jobs_resume_read", |b| {
        b.iter_batched(
            || jobs.clone(),
            |jobs| PreparedJobs::new(jobs).score_all(&PreparedProfile::new(black_box(&pharmacist))),
            BatchSize::SmallInput,
        );
    });
}

/// The pharmacist of `fixtures/matching/people-health.json`, with her resume read as the
/// server reads a default resume.
fn pharmacist() -> CandidateProfile {
    #[derive(serde::Deserialize)]
    struct Person {
        key: String,
        candidate: Candidate,
    }
    #[derive(serde::Deserialize)]
    struct Candidate {
        profile: CandidateProfile,
        resume: String,
    }
    let people: Vec<Person> =
        serde_json::from_str(&fixture("matching/people-health.json")).expect("people");
    let person = people
        .into_iter()
        .find(|p| p.key == "pharmacist")
        .expect("pharmacist");
    let today = YearMonth {
        year: 2026,
        month: 11,
    };
    let profile = person
        .candidate
        .profile
        .with_resume(&resume_facts(&person.candidate.resume, today));
    assert!(!profile.resume_lines.is_empty() && !profile.roles.is_empty());
    profile
}

criterion_group!(benches, bench);
criterion_main!(benches);

//! The matching evaluation set (`fixtures/matching/`): candidates from twelve lines of work,
//! each with a profile and a resume, against twelve jobs; every pair is labelled relevant,
//! not relevant or unclear. The fit gate must agree with the labels:
//! - a relevant pair passes the job's own threshold;
//! - a pair that is not relevant fails even the default threshold of 20;
//! - each candidate's best-scoring job is a relevant one.
//!
//! Unclear pairs are reported, not judged. The figures are printed (run with
//! `--nocapture`) and recorded in docs/benchmarks.md; the API's integration tests run the
//! same set through `GET /api/v1/jobs/{id}/score`.

use std::collections::HashMap;
use std::path::PathBuf;

use jobtap_core::resume::{YearMonth, resume_facts};
use jobtap_core::score::{CandidateProfile, DEFAULT_THRESHOLD, FitScore, JobRequirements, score};
use serde::Deserialize;

/// The month running roles ("– Present") end in, fixed so the figures do not drift.
const TODAY: YearMonth = YearMonth {
    year: 2026,
    month: 11,
};
/// The share of judged pairs that must agree with the gate.
const MIN_AGREEMENT: f64 = 0.95;

#[derive(Deserialize)]
struct Candidate {
    key: String,
    profile: CandidateProfile,
    resume: String,
}

#[derive(Deserialize)]
struct Job {
    key: String,
    #[serde(flatten)]
    requirements: JobRequirements,
}

#[derive(Deserialize)]
struct Pair {
    candidate: String,
    job: String,
    label: String,
}

fn read<T: for<'de> Deserialize<'de>>(name: &str) -> T {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/matching")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

type Scores = HashMap<(String, String), FitScore>;

/// Every candidate's profile, completed from their resume as the server does, against every job.
fn score_every_pair(candidates: &[Candidate], jobs: &[Job]) -> Scores {
    let mut scores = Scores::new();
    for candidate in candidates {
        let profile = candidate
            .profile
            .clone()
            .with_resume(&resume_facts(&candidate.resume, TODAY));
        assert!(
            !profile.roles.is_empty(),
            "{}: no roles read",
            candidate.key
        );
        for job in jobs {
            let fit = score(&profile, &job.requirements);
            scores.insert((candidate.key.clone(), job.key.clone()), fit);
        }
    }
    scores
}

#[derive(Default)]
struct Report {
    judged: u32,
    agreeing: u32,
    unclear: Vec<String>,
    disagreements: Vec<String>,
    /// The lowest score of a relevant pair over its threshold, in points.
    lowest_relevant_margin: f64,
    /// The highest score of a pair that is not relevant.
    highest_not_relevant: f64,
}

fn judge(pairs: &[Pair], scores: &Scores) -> Report {
    let mut report = Report {
        lowest_relevant_margin: f64::INFINITY,
        ..Report::default()
    };
    for pair in pairs {
        let fit = &scores[&(pair.candidate.clone(), pair.job.clone())];
        let summary = format!(
            "{} × {} ({}): {:.1} % (threshold {})",
            pair.candidate, pair.job, pair.label, fit.score_percentage, fit.threshold
        );
        let agrees = match pair.label.as_str() {
            "relevant" => {
                let margin = fit.score_percentage - fit.threshold;
                report.lowest_relevant_margin = report.lowest_relevant_margin.min(margin);
                fit.meets_threshold
            }
            "not_relevant" => {
                report.highest_not_relevant = report.highest_not_relevant.max(fit.score_percentage);
                fit.score_percentage < DEFAULT_THRESHOLD
            }
            "unclear" => {
                report.unclear.push(summary);
                continue;
            }
            other => panic!("unknown label {other}"),
        };
        report.judged += 1;
        if agrees {
            report.agreeing += 1;
        } else {
            report
                .disagreements
                .push(format!("{summary} — {:?}", fit.explanations));
        }
    }
    report
}

/// The candidates whose best-scoring job is not labelled relevant, with that job.
fn best_jobs_not_relevant(
    candidates: &[Candidate],
    jobs: &[Job],
    pairs: &[Pair],
    scores: &Scores,
) -> Vec<String> {
    let mut misses = Vec::new();
    for candidate in candidates {
        let percentage =
            |job: &Job| scores[&(candidate.key.clone(), job.key.clone())].score_percentage;
        let best = jobs
            .iter()
            .max_by(|a, b| percentage(a).total_cmp(&percentage(b)))
            .expect("jobs");
        let pair = pairs
            .iter()
            .find(|p| p.candidate == candidate.key && p.job == best.key)
            .expect("every pair is labelled");
        if pair.label != "relevant" {
            misses.push(format!(
                "{}: best job {} ({})",
                candidate.key, best.key, pair.label
            ));
        }
    }
    misses
}

#[test]
fn the_gate_agrees_with_the_labelled_pairs() {
    let candidates: Vec<Candidate> = read("candidates.json");
    let jobs: Vec<Job> = read("jobs.json");
    let pairs: Vec<Pair> = read("labels.json");
    assert!(candidates.len() >= 10 && jobs.len() >= 12);
    assert_eq!(
        pairs.len(),
        candidates.len() * jobs.len(),
        "every pair is labelled"
    );

    let scores = score_every_pair(&candidates, &jobs);
    let report = judge(&pairs, &scores);
    let misses = best_jobs_not_relevant(&candidates, &jobs, &pairs, &scores);
    let agreement = f64::from(report.agreeing) / f64::from(report.judged);
    println!(
        "matching evaluation: {} of {} judged pairs agree with the gate ({:.1} %), {} unclear; \
         a relevant job ranks first for {} of {} candidates; narrowest margins: a relevant pair \
         {:.1} points over its threshold, the best pair that is not relevant at {:.1} %",
        report.agreeing,
        report.judged,
        agreement * 100.0,
        report.unclear.len(),
        candidates.len() - misses.len(),
        candidates.len(),
        report.lowest_relevant_margin,
        report.highest_not_relevant,
    );
    for line in report
        .unclear
        .iter()
        .chain(&report.disagreements)
        .chain(&misses)
    {
        println!("  {line}");
    }
    assert!(
        agreement >= MIN_AGREEMENT,
        "agreement {agreement:.3} below {MIN_AGREEMENT}"
    );
    assert!(misses.is_empty(), "a relevant job ranks first for everyone");
}

/// The built-in cover letter for every pair of the set: no claim the profile, resume and
/// job do not hold, "a strong match" only with a strong fit, and the fitting role told.
#[test]
fn every_letter_of_the_set_holds_only_supported_claims() {
    use jobtap_core::cover_letter::{
        CoverLetterJob, CoverLetterProfile, STRONG_MATCH_FROM, STRONG_MATCH_PHRASE, compose,
        unsupported_claims,
    };
    let candidates: Vec<Candidate> = read("candidates.json");
    let jobs: Vec<Job> = read("jobs.json");
    let pairs: Vec<Pair> = read("labels.json");
    let scores = score_every_pair(&candidates, &jobs);
    let (mut letters, mut strong) = (0, 0);
    for candidate in &candidates {
        let full = candidate
            .profile
            .clone()
            .with_resume(&resume_facts(&candidate.resume, TODAY));
        let profile = CoverLetterProfile {
            full_name: candidate.key.clone(),
            skills: full.skills.clone(),
            experience_years: full.experience_years,
            degree_class: full.degree_class.clone(),
            university: full.university.clone(),
            degree_field: full.degree_field.clone(),
            roles: full.roles.clone(),
        };
        for job in &jobs {
            let fit = &scores[&(candidate.key.clone(), job.key.clone())];
            let requirements = &job.requirements;
            let letter_job = CoverLetterJob {
                job_title: requirements.title.clone().unwrap_or_default(),
                company_name: job.key.clone(),
                job_description: requirements.description.clone().unwrap_or_default(),
                skills: requirements.skills.clone(),
                requirements: requirements.requirements.clone(),
                experience_years: requirements.experience_years,
                fit_percentage: Some(fit.score_percentage),
            };
            let body = compose(&profile, &letter_job).body;
            letters += 1;
            let problems = unsupported_claims(&body, &profile, &letter_job);
            assert!(
                problems.is_empty(),
                "{} × {}: {problems:?}\n{body}",
                candidate.key,
                job.key
            );
            let claims_strong = body.contains(STRONG_MATCH_PHRASE);
            assert_eq!(
                claims_strong,
                fit.score_percentage >= STRONG_MATCH_FROM,
                "{} × {} at {:.1} %:\n{body}",
                candidate.key,
                job.key,
                fit.score_percentage
            );
            strong += usize::from(claims_strong);
            let relevant = pairs
                .iter()
                .any(|p| p.candidate == candidate.key && p.job == job.key && p.label == "relevant");
            if relevant {
                let first_role = &full.roles[0].title;
                assert!(
                    body.contains("I have worked as") || body.contains("roles such as"),
                    "{} × {}: no role told\n{body}",
                    candidate.key,
                    job.key
                );
                let _ = first_role;
            }
        }
    }
    println!(
        "cover letters: {letters} written, {strong} claim a strong match, none claims what the sources do not hold"
    );
}

//! Fit scores of the fixture profiles against the demo jobs, computed by hand.
//!
//! Each expectation shows its arithmetic: components, then
//! `total = degree + 1.4 × skills + 0.52 × university + experience` and
//! `percentage = total ÷ 19.6 × 100`.

use std::path::PathBuf;

use jobtap_core::score::{CandidateProfile, FitScore, JobRequirements, score, score_many};
use serde_json::Value;
use test_case::test_case;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

fn read_json(relative: &str) -> Value {
    let path = fixtures().join(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("bad JSON in {}: {e}", path.display()))
}

fn profile(name: &str) -> CandidateProfile {
    serde_json::from_value(read_json(&format!("profiles/{name}.json"))).unwrap()
}

fn demo_jobs() -> Vec<Value> {
    read_json("jobs/demo-jobs.json")
        .as_array()
        .expect("demo-jobs.json is an array")
        .clone()
}

fn job(title: &str) -> JobRequirements {
    let row = demo_jobs()
        .into_iter()
        .find(|j| j["job_title"] == title)
        .unwrap_or_else(|| panic!("no demo job titled {title:?}"));
    serde_json::from_value(row).unwrap()
}

/// Expected numbers: (degree, skills, university, experience, total, percentage, meets).
#[derive(Clone, Copy)]
struct Expected(f64, f64, f64, f64, f64, f64, bool);

fn assert_close(actual: f64, expected: f64, what: &str) {
    assert!(
        (actual - expected).abs() < 1e-9,
        "{what}: expected {expected}, got {actual}"
    );
}

fn check(fit: &FitScore, e: &Expected) {
    assert_close(fit.degree_score, e.0, "degree");
    assert_close(fit.skills_score, e.1, "skills");
    assert_close(fit.university_score, e.2, "university");
    assert_close(fit.experience_score, e.3, "experience");
    assert_close(fit.total_raw_score, e.4, "total");
    assert_close(fit.score_percentage, e.5, "percentage");
    assert_eq!(fit.meets_threshold, e.6, "meets threshold");
}

// No class required → 5; 5 of 6 skills → 25/6; UZ → 5; 5 ≥ 3 years → 5.
// 5 + 1.4 × 4.1667 + 2.6 + 5 = 18.4333 → 94.05%.
#[test_case("strong-developer", "Full Stack Engineer", Expected(5.0, 4.17, 5.0, 5.0, 18.43, 94.0, true) ; "strong developer full stack")]
// First ≥ 2.1 → 5; 2 of 6 skills → 1.6667; 5 ≥ 5 years → 5.
// 5 + 2.3333 + 2.6 + 5 = 14.9333 → 76.19%, threshold 50.
#[test_case("strong-developer", "Senior Backend Developer", Expected(5.0, 1.67, 5.0, 5.0, 14.93, 76.2, true) ; "strong developer backend")]
// First ≥ 2.1 → 5; PostgreSQL only, 1 of 6 → 0.8333; 5 ≥ 4 → 5.
// 5 + 1.1667 + 2.6 + 5 = 13.7667 → 70.24%.
#[test_case("strong-developer", "Database Administrator", Expected(5.0, 0.83, 5.0, 5.0, 13.77, 70.2, true) ; "strong developer dba")]
// 2.1 meets 2.1 → 5; 4 of 5 → 4; NUST → 5; 2 ≥ 2 → 5.
// 5 + 5.6 + 2.6 + 5 = 18.2 → 92.86%.
#[test_case("mid-analyst", "Data Analyst", Expected(5.0, 4.0, 5.0, 5.0, 18.2, 92.9, true) ; "analyst data analyst")]
// 2.1 meets 2.1 → 5; Python and SQL, 2 of 6 → 1.6667; 2 of 4 years → 2.5.
// 5 + 2.3333 + 2.6 + 2.5 = 12.4333 → 63.44%, threshold 45.
#[test_case("mid-analyst", "Data Engineer", Expected(5.0, 1.67, 5.0, 2.5, 12.43, 63.4, true) ; "analyst data engineer")]
// Economics is unrelated to Education → degree 0; 0 of 4 skills → 0; relevance
// max(0, 0) = 0 → university 0 and profile years 2 × 0 = 0 → 0. 0 → 0%: an economist is
// no mathematics teacher.
#[test_case("mid-analyst", "Mathematics Teacher", Expected(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, false) ; "analyst teacher")]
// No class required → 2.2 is 3; 1 of 5 → 1; Other → 3; 0 of 2 years → 0.
// 3 + 1.4 + 1.56 + 0 = 5.96 → 30.41%.
#[test_case("new-graduate", "Digital Marketing Specialist", Expected(3.0, 1.0, 3.0, 0.0, 5.96, 30.4, true) ; "graduate marketing")]
// 2.2 below First → 3, × 0 for Marketing against Computer Science or Software
// Engineering → 0; 0 of 6 → 0; relevance 0 → university 0; 0 of 8 → 0. 0 → 0%.
#[test_case("new-graduate", "Principal AI Engineer", Expected(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, false) ; "graduate ai")]
// No field named, so 0 of 5 skills is the only signal: relevance 0. 2.2 meets 2.2 → 5 × 0
// = 0; university 0; 0 of 2 → 0. 0 → 0%, threshold 50.
#[test_case("new-graduate", "Medical Laboratory Scientist", Expected(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, false) ; "graduate lab")]
// Nothing given: every component 0 against First Class, 6 skills and 8 years.
#[test_case("empty-profile", "Principal AI Engineer", Expected(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, false) ; "empty ai")]
// 0 of 4 skills → relevance 0, so no years required gives 5 × 0 = 0: an empty profile does
// not pass the default 20.
#[test_case("empty-profile", "Content Writer", Expected(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, false) ; "empty writer")]
fn fixture_pairs_score_as_computed_by_hand(
    profile_name: &str,
    job_title: &str,
    expected: Expected,
) {
    check(&score(&profile(profile_name), &job(job_title)), &expected);
}

#[test]
fn explanations_tell_the_analyst_what_the_data_engineer_job_lacks() {
    let fit = score(&profile("mid-analyst"), &job("Data Engineer"));
    assert_eq!(
        fit.explanations,
        [
            "Degree: 2.1 Class in Economics meets the required Second Class Upper; Economics is \
             the field the job wants (5 of 5)",
            "Skills: 2 of 6 — missing Apache Airflow, dbt, BigQuery, Data Modelling",
            "University: NUST",
            "Experience: 2 of 4 years required (from your profile: no roles found in your resume)",
        ]
    );
    assert_eq!(
        fit.missing_skills,
        ["Apache Airflow", "dbt", "BigQuery", "Data Modelling"]
    );
}

#[test]
fn refused_candidates_see_their_shortfall() {
    let fit = score(&profile("new-graduate"), &job("Principal AI Engineer"));
    assert!(!fit.meets_threshold);
    let text = fit.shortfall_text();
    assert!(
        text.starts_with(&format!(
            "Your fit is {:.1}%, {:.1} points under this job's minimum of {:.1}%.",
            fit.score_percentage,
            fit.threshold - fit.score_percentage,
            fit.threshold
        )),
        "{text}"
    );
}

#[test]
fn synonyms_match_across_the_fixtures() {
    // The profile says "Node.js"; a job spelling it "NodeJS" or "node" is the same skill.
    let mut full_stack = job("Full Stack Engineer");
    full_stack.skills = vec!["nodejs".into(), "Postgres".into(), "TS".into()];
    let fit = score(&profile("strong-developer"), &full_stack);
    assert_close(fit.skills_score, 5.0, "skills");
}

#[test]
fn every_demo_job_scores_within_range_for_every_profile() {
    let jobs: Vec<JobRequirements> = demo_jobs()
        .into_iter()
        .map(|row| serde_json::from_value(row).unwrap())
        .collect();
    assert!(jobs.len() >= 10, "expected a real demo set");
    for name in [
        "strong-developer",
        "mid-analyst",
        "new-graduate",
        "empty-profile",
    ] {
        for fit in score_many(&profile(name), &jobs) {
            for component in [
                fit.degree_score,
                fit.skills_score,
                fit.university_score,
                fit.experience_score,
            ] {
                assert!((0.0..=5.0).contains(&component), "{name}: {fit:?}");
            }
            assert!((0.0..=19.6).contains(&fit.total_raw_score));
            assert!((0.0..=100.0).contains(&fit.score_percentage));
            assert_eq!(fit.explanations.len(), 4);
            assert_eq!(fit.meets_threshold, fit.score_percentage >= fit.threshold);
        }
    }
}

//! The matching evaluation set outside software (`fixtures/matching/people-*.json`): people of
//! at least twenty occupations, each with one or two skills typed in a hurry, a resume in their
//! own words and their own job posted in an employer's words, with hand labels of which job
//! skills the resume shows. The score must find what the resumes show:
//! - **skill recall**: of the job skills a person's resume shows, the share the score counts.
//!   The goal is 90 %; the score does not reach it yet (docs/benchmarks.md), so the test holds
//!   the floor it has reached, and no skill may be counted that the labels say is not shown;
//! - **spurious skills** ≤ 2 %: of the skills of jobs in another family of work, the share the
//!   score counts for a person;
//! - **gate agreement** ≥ 97 % at the default threshold: a person passes their own job and
//!   fails every job of another family;
//! - each person's own job scores highest among these jobs and those of `jobs.json`; the goal
//!   is every person, the floor what the score reaches.
//!
//! The figures are printed (run with `--nocapture`) and recorded in docs/benchmarks.md; the
//! API's integration tests run the same set through `GET /api/v1/jobs/{id}/score`.

use std::path::PathBuf;

use jobtap_core::resume::{YearMonth, resume_facts};
use jobtap_core::score::generic::is_generic;
use jobtap_core::score::{CandidateProfile, DEFAULT_THRESHOLD, FitScore, JobRequirements, score};
use jobtap_core::vocabulary::Keyer;
use serde::Deserialize;

/// The month running roles ("– Present") end in, fixed so the figures do not drift.
const TODAY: YearMonth = YearMonth {
    year: 2026,
    month: 11,
};
/// Floors under the figures reached; raise them as the score learns more.
const MIN_RECALL: f64 = 0.51;
const MIN_OWN_FIRST: usize = 38;
const MAX_SPURIOUS: f64 = 0.02;
const MIN_AGREEMENT: f64 = 0.97;

#[derive(Deserialize)]
struct Person {
    key: String,
    occupation: String,
    family: String,
    candidate: Candidate,
    job: JobRequirements,
    shown: Vec<String>,
}

#[derive(Deserialize)]
struct Candidate {
    profile: CandidateProfile,
    resume: String,
}

#[derive(Deserialize)]
struct OtherJob {
    key: String,
    #[serde(flatten)]
    requirements: JobRequirements,
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/matching")
}

fn people() -> Vec<Person> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("fixtures/matching")
        .map(|entry| entry.expect("entry").path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("people-"))
                && p.extension().is_some_and(|e| e == "json")
        })
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|path| {
            let text = std::fs::read_to_string(path).expect("read");
            serde_json::from_str::<Vec<Person>>(&text)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        })
        .collect()
}

/// The job's skills the score counts for the person: those it does not call missing, less
/// the generic ones it does not score.
fn found(fit: &FitScore, job: &JobRequirements, keyer: &mut Keyer) -> Vec<String> {
    job.skills
        .iter()
        .filter(|s| !is_generic(keyer, s))
        .filter(|s| !fit.missing_skills.iter().any(|m| m == s.trim()))
        .cloned()
        .collect()
}

#[test]
#[allow(clippy::too_many_lines)]
fn the_score_finds_what_resumes_show_across_occupations() {
    let people = people();
    let others: Vec<OtherJob> =
        serde_json::from_str(&std::fs::read_to_string(dir().join("jobs.json")).expect("jobs.json"))
            .expect("jobs.json");
    let occupations: std::collections::BTreeSet<&str> =
        people.iter().map(|p| p.occupation.as_str()).collect();

    let mut keyer = Keyer::default();
    let (mut shown, mut recalled, mut extra) = (0usize, 0usize, Vec::new());
    let (mut unrelated_skills, mut spurious) = (0usize, Vec::new());
    let (mut judged, mut agreeing, mut own_pass) = (0usize, 0usize, 0usize);
    let mut disagreements = Vec::new();
    let mut misses = Vec::new();
    let mut not_first = Vec::new();
    for person in &people {
        for skill in &person.shown {
            assert!(
                person.job.skills.contains(skill),
                "{}: {skill} not a job skill",
                person.key
            );
        }
        let profile = person
            .candidate
            .profile
            .clone()
            .with_resume(&resume_facts(&person.candidate.resume, TODAY));
        let mut best: Option<(f64, String)> = None;
        let set_jobs = people.iter().map(|p| (&p.key, &p.family, &p.job, true));
        let other_jobs = others
            .iter()
            .map(|o| (&o.key, &person.family, &o.requirements, false));
        for (job_key, job_family, requirements, in_set) in set_jobs.chain(other_jobs) {
            let fit = score(&profile, requirements);
            if best.as_ref().is_none_or(|(p, _)| fit.score_percentage > *p) {
                best = Some((fit.score_percentage, job_key.clone()));
            }
            if !in_set {
                continue;
            }
            let is_own = job_key == &person.key;
            let counted = found(&fit, requirements, &mut keyer);
            if is_own {
                shown += person.shown.len();
                for skill in &person.shown {
                    if counted.contains(skill) {
                        recalled += 1;
                    } else {
                        misses.push(format!("{}: {skill}", person.key));
                    }
                }
                for skill in counted.iter().filter(|s| !person.shown.contains(s)) {
                    extra.push(format!(
                        "{}: {skill} counted, labelled not shown",
                        person.key
                    ));
                }
                judged += 1;
                own_pass += usize::from(fit.meets_threshold);
                if fit.score_percentage >= DEFAULT_THRESHOLD {
                    agreeing += 1;
                } else {
                    disagreements.push(format!(
                        "{} × own job: {:.1} % {:?}",
                        person.key, fit.score_percentage, fit.explanations
                    ));
                }
            } else if job_family != &person.family {
                let specific = requirements
                    .skills
                    .iter()
                    .filter(|s| !is_generic(&mut keyer, s));
                unrelated_skills += specific.count();
                spurious.extend(
                    counted
                        .iter()
                        .map(|s| format!("{} × {job_key}: {s}", person.key)),
                );
                judged += 1;
                if fit.score_percentage < DEFAULT_THRESHOLD {
                    agreeing += 1;
                } else {
                    disagreements.push(format!(
                        "{} × {job_key}: {:.1} % {:?}",
                        person.key, fit.score_percentage, fit.explanations
                    ));
                }
            }
        }
        let (_, best_key) = best.expect("jobs");
        if best_key != person.key {
            not_first.push(format!("{}: best job {best_key}", person.key));
        }
    }
    let recall = recalled as f64 / shown as f64;
    let spurious_share = spurious.len() as f64 / unrelated_skills as f64;
    let agreement = agreeing as f64 / judged as f64;
    println!(
        "matching across occupations: {} people, {} occupations; skill recall {recalled} of \
         {shown} ({:.1} %); spurious skills {} of {unrelated_skills} on unrelated pairs ({:.2} %); \
         gate agreement at the default threshold {agreeing} of {judged} ({:.1} %); own job passes \
         its own threshold for {own_pass} of {}; own job first for {} of {}; {} skills counted \
         that the labels say are not shown",
        people.len(),
        occupations.len(),
        recall * 100.0,
        spurious.len(),
        spurious_share * 100.0,
        agreement * 100.0,
        people.len(),
        people.len() - not_first.len(),
        people.len(),
        extra.len(),
    );
    for line in misses
        .iter()
        .chain(&extra)
        .chain(&spurious)
        .chain(&disagreements)
        .chain(&not_first)
    {
        println!("  {line}");
    }
    assert!(people.len() >= 40, "{} people", people.len());
    assert!(occupations.len() >= 20, "{} occupations", occupations.len());
    assert!(recall >= MIN_RECALL, "recall {recall:.3}");
    assert!(
        spurious_share <= MAX_SPURIOUS,
        "spurious {spurious_share:.4}"
    );
    assert!(agreement >= MIN_AGREEMENT, "agreement {agreement:.3}");
    assert!(
        extra.is_empty(),
        "counted but labelled not shown: {extra:?}"
    );
    assert!(
        people.len() - not_first.len() >= MIN_OWN_FIRST,
        "own job first: {not_first:?}"
    );
}

//! Many jobs prepared once, then scored for a candidate in one pass: what the browser
//! does when it holds a feed of jobs and a profile that may change.
//!
//! ## What it computes
//! [`PreparedJobs::score_all`] gives, for every job in order, the same figures as
//! [`super::score_many`] (the explanations aside): [`PreparedJobs::explain`] gives one
//! job's full [`FitScore`] when it is shown.
//!
//! ## Why
//! Half of the work of scoring a job does not depend on the candidate: reading its
//! minimum class, its skills list as canonical keys, the words of its requirement
//! texts and the vocabulary skills named there. That half is done here once, so a
//! call only weighs numbers and checks which keys the candidate knows.
//!
//! The one part that does depend on the candidate is a requirement text naming one
//! of the candidate's own skills outside the vocabulary (see [`super::skills_in_text`]):
//! such a skill can be found in the text, and can change which phrase a scan takes.
//! The vocabulary's findings are kept for every text, and a job whose texts contain
//! the first word of such a skill is scanned again, in full, for that candidate.

use std::collections::HashMap;
use std::ops::Range;

use super::relevance::{relevance, role_fit, title_stems};
use super::{
    FitFigures, FitScore, JobRequirements, LEXICON, PreparedProfile, Scratch, Words, find_skills,
    lists_skills, required_degree, required_years, seniority, skill_texts, skills_points,
    threshold_of, vocabulary_display,
};
use crate::score::field::{self, DegreeField};
use crate::score::{DegreeClass, generic};
use crate::vocabulary::key::Keyer;

/// Jobs with their candidate-independent score inputs read once.
#[derive(Debug)]
pub struct PreparedJobs {
    jobs: Vec<JobRequirements>,
    entries: Vec<Entry>,
    /// Every canonical skill key the jobs want, once; entries refer to keys by index.
    keys: Vec<Box<str>>,
    /// Each key's index in `keys`.
    key_ids: HashMap<Box<str>, u32>,
    /// By key index: whether the key is a skill every job could ask for (not scored).
    generic: Vec<bool>,
    /// The wanted keys of every job, back to back (see [`Entry::wanted`]).
    wanted: Vec<u32>,
    /// The requirement texts of jobs without a skills list, split into words.
    texts: Vec<Words>,
    /// For each word of those texts, the jobs (indexes, ascending) whose texts hold it.
    /// Job text is inserted here, so it keeps the standard hasher, which resists flooding.
    jobs_by_word: HashMap<Box<str>, Vec<u32>>,
}

#[derive(Debug)]
struct Entry {
    degree: Option<DegreeClass>,
    /// The fields of study the job names (see [`field::read_all`]).
    fields: Vec<DegreeField>,
    /// The line-of-work stems of its title, matched with resume roles' titles.
    title_stems: Vec<Box<str>>,
    years: Option<i64>,
    threshold: f64,
    /// This job's keys in `wanted`: its skills list, or the vocabulary skills its
    /// requirement texts name.
    wanted: Range<usize>,
    /// This job's texts in `texts` when it has no skills list.
    texts: Option<Range<usize>>,
}

impl PreparedJobs {
    /// Reads the jobs' score inputs; the jobs are kept to explain a score on demand.
    pub fn new(jobs: Vec<JobRequirements>) -> Self {
        let mut prepared = Self {
            jobs: Vec::new(),
            entries: Vec::with_capacity(jobs.len()),
            keys: Vec::new(),
            key_ids: HashMap::new(),
            generic: Vec::new(),
            wanted: Vec::new(),
            texts: Vec::new(),
            jobs_by_word: HashMap::new(),
        };
        let mut key_ids: HashMap<Box<str>, u32> = HashMap::new();
        let mut scratch = Scratch::default();
        for (index, job) in jobs.iter().enumerate() {
            let start = prepared.wanted.len();
            let mut want = |key: &str| {
                let id = if let Some(&id) = key_ids.get(key) {
                    id
                } else {
                    let id = u32::try_from(prepared.keys.len()).expect("fewer than 2^32 keys");
                    prepared.keys.push(key.into());
                    key_ids.insert(key.into(), id);
                    id
                };
                prepared.wanted.push(id);
            };
            let texts = if lists_skills(job) {
                scratch.each_wanted_key(&job.skills, |key, _| want(key));
                None
            } else {
                let first = prepared.texts.len();
                let mut found = Vec::new();
                for text in skill_texts(job) {
                    let mut words = Words::default();
                    words.read(text);
                    find_skills(&words, &LEXICON.starts, |_| false, &mut found);
                    prepared.texts.push(words);
                }
                for (key, _) in &found {
                    want(key);
                }
                let job_id = u32::try_from(index).expect("fewer than 2^32 jobs");
                for words in &prepared.texts[first..] {
                    for (span, _) in &words.spans {
                        let word = &words.text[span.clone()];
                        match prepared.jobs_by_word.get_mut(word) {
                            Some(holders) if holders.last() == Some(&job_id) => {}
                            Some(holders) => holders.push(job_id),
                            None => {
                                prepared.jobs_by_word.insert(word.into(), vec![job_id]);
                            }
                        }
                    }
                }
                Some(first..prepared.texts.len())
            };
            prepared.entries.push(Entry {
                degree: required_degree(job.degree_class.as_deref()),
                fields: field::read_all(&job.required_degree_classes),
                title_stems: title_stems(job.title.as_deref().unwrap_or_default()),
                years: required_years(job.experience_years),
                threshold: threshold_of(job.minimum_score_threshold),
                wanted: start..prepared.wanted.len(),
                texts,
            });
        }
        prepared.jobs = jobs;
        prepared.key_ids = key_ids;
        let mut keyer = Keyer::default();
        prepared.generic = prepared
            .keys
            .iter()
            .map(|key| generic::is_generic(&mut keyer, key))
            .collect();
        prepared
    }

    /// How many jobs there are.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no jobs.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The figures of every job for this candidate, in job order.
    pub fn score_all(&self, profile: &PreparedProfile) -> Vec<FitFigures> {
        let mut keyer = Keyer::default();
        let known: Vec<bool> = self
            .keys
            .iter()
            .zip(&self.generic)
            .map(|(key, &generic)| !generic && profile.shows(key, &mut keyer).is_some())
            .collect();
        let rescan = self.jobs_naming_own_skills(profile);
        let mut found = Vec::new();
        self.entries
            .iter()
            .enumerate()
            .map(|(index, entry)| {
                let wanted = &self.wanted[entry.wanted.clone()];
                let rescanned = match &entry.texts {
                    Some(texts) if rescan.get(index).copied().unwrap_or(false) => {
                        found.clear();
                        for words in &self.texts[texts.clone()] {
                            profile.find_skills_in(words, &mut found);
                        }
                        true
                    }
                    _ => false,
                };
                if rescanned {
                    found.retain(|(key, _)| !generic::is_generic(&mut keyer, key));
                }
                let (matched, total) = if rescanned {
                    let matched = found
                        .iter()
                        .filter(|(key, _)| profile.shows(key, &mut keyer).is_some())
                        .count();
                    (matched, found.len())
                } else {
                    let matched = wanted.iter().filter(|&&id| known[id as usize]).count();
                    let general = wanted
                        .iter()
                        .filter(|&&id| self.generic[id as usize])
                        .count();
                    (matched, wanted.len() - general)
                };
                let roles = profile.roles.as_ref().map(|roles| {
                    role_fit(roles, &entry.title_stems, |key| {
                        if rescanned {
                            found.iter().any(|(k, _)| k == key)
                        } else {
                            self.key_ids.get(key).is_some_and(|&id| {
                                !self.generic[id as usize] && wanted.contains(&id)
                            })
                        }
                    })
                });
                let field_fit = field::fit(profile.field, &entry.fields);
                let relevance = relevance(
                    field_fit.map(|f| f.nearness),
                    matched,
                    total,
                    roles.as_ref(),
                );
                let senior = seniority(
                    matched,
                    total,
                    profile.relevant_years(relevance, roles.as_ref()),
                    entry.years,
                );
                FitFigures::new(
                    profile.degree_points(entry.degree, field_fit, relevance, senior),
                    skills_points(matched, total),
                    profile.university_score * relevance * senior,
                    profile.experience_points(entry.years, relevance, roles.as_ref()),
                    entry.threshold,
                )
            })
            .collect()
    }

    /// The full score of job `index` (explanations and missing skills included),
    /// or `None` past the last job.
    pub fn explain(&self, profile: &PreparedProfile, index: usize) -> Option<FitScore> {
        self.jobs.get(index).map(|job| profile.score(job))
    }

    /// Flags, by job index, the jobs whose requirement texts hold the first word of
    /// one of the candidate's skills outside the vocabulary: only for those can the
    /// candidate change what a scan of the texts finds.
    fn jobs_naming_own_skills(&self, profile: &PreparedProfile) -> Vec<bool> {
        let mut flags = Vec::new();
        for key in &profile.skills {
            if vocabulary_display(key).is_some() {
                continue;
            }
            let first = key.split(' ').next().unwrap_or_default();
            for &job in self.jobs_by_word.get(first).into_iter().flatten() {
                if flags.is_empty() {
                    flags.resize(self.entries.len(), false);
                }
                flags[job as usize] = true;
            }
        }
        flags
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use proptest::prelude::*;

    use super::*;
    use crate::resume::WorkRole;
    use crate::score::tests::profile;
    use crate::score::{CandidateProfile, score_many};

    fn fixture(path: &str) -> String {
        let full = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../fixtures")
            .join(path);
        std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
    }

    fn demo_jobs() -> Vec<JobRequirements> {
        serde_json::from_str(&fixture("jobs/demo-jobs.json")).expect("demo jobs")
    }

    /// The 1,000 jobs of the benchmarks (`core/benches/score.rs`, `web/bench/core-bench-data.ts`):
    /// the demo jobs cycled, round `r` adding `r % 4` years, dropping the skills list when
    /// `r % 3 == 2`, job `i` with threshold `20 + (i % 7) × 10`.
    fn bench_jobs() -> Vec<JobRequirements> {
        let demo = demo_jobs();
        (0..1_000)
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

    /// Jobs at the edges of the rules: duplicate and blank skills, unreadable classes,
    /// negative years, odd thresholds, requirement texts only.
    fn edge_jobs() -> Vec<JobRequirements> {
        let job =
            |degree: Option<&str>, skills: &[&str], requirements: &[&str], years, threshold| {
                JobRequirements {
                    minimum_score_threshold: threshold,
                    ..crate::score::tests::job(degree, skills, requirements, years)
                }
            };
        let fields = |names: &[&str]| JobRequirements {
            required_degree_classes: names.iter().map(|n| (*n).to_string()).collect(),
            ..crate::score::tests::job(Some("2.2"), &["Python"], &[], Some(2))
        };
        vec![
            JobRequirements::default(),
            job(
                Some("Masters"),
                &["node", "Node.js", "NODE JS", "  "],
                &[],
                Some(-2),
                Some(f64::NAN),
            ),
            job(
                Some("2:1"),
                &["  ", ""],
                &["Python, SQL Server and Go"],
                Some(3),
                Some(150.0),
            ),
            job(None, &["!!!"], &["Docker"], None, Some(-5.0)),
            job(
                Some("Diploma"),
                &[],
                &["Administer SQL Server clusters", "sql tuning on call"],
                Some(1),
                None,
            ),
            job(
                None,
                &[],
                &[
                    "Figma; gRPC and Mobile Money integrations",
                    "payment systems or mobile money",
                ],
                Some(2),
                Some(61.2),
            ),
            job(
                Some("First Class"),
                &["C", "C++", "c#"],
                &["React quickly"],
                Some(10),
                Some(100.0),
            ),
            fields(&["Medicine", "Nursing"]),
            fields(&["Software Engineering"]),
            fields(&["Accounting", "Other: actuarial science", ""]),
        ]
    }

    /// The fixture profiles, and candidates whose own skills (outside the vocabulary)
    /// appear in the demo jobs' requirement texts, one of them longer than any
    /// vocabulary phrase and one extending a vocabulary skill ("PostgreSQL schema design").
    fn profiles() -> Vec<CandidateProfile> {
        let mut all: Vec<CandidateProfile> = [
            "strong-developer",
            "mid-analyst",
            "new-graduate",
            "empty-profile",
        ]
        .iter()
        .map(|name| {
            serde_json::from_str(&fixture(&format!("profiles/{name}.json"))).expect("profile")
        })
        .collect();
        all.push(profile(
            Some("2.2 Class"),
            Some("Other"),
            &["Query tuning", "mobile money", "gRPC", "Rust"],
            Some(3),
        ));
        all.push(profile(
            Some("Diploma"),
            None,
            &[
                "PostgreSQL schema design",
                "payment systems or mobile money",
                "SQL tuning",
            ],
            Some(8),
        ));
        all.push(profile(
            Some("Masters"),
            Some("Harare Institute of Technology"),
            &["design", "on call", "Docker", "x"],
            Some(-1),
        ));
        all.push(profile(
            Some("3rd Class"),
            Some("NUST"),
            &[
                "Mathematics",
                "Terraform",
                "incident response",
                "production backend services",
            ],
            None,
        ));
        all
    }

    fn assert_same(jobs: &[JobRequirements], candidate: &CandidateProfile) {
        let prepared = PreparedJobs::new(jobs.to_vec());
        let fast = prepared.score_all(&PreparedProfile::new(candidate));
        let plain: Vec<FitFigures> = score_many(candidate, jobs)
            .iter()
            .map(FitFigures::from)
            .collect();
        assert_eq!(fast.len(), plain.len());
        for (index, (fast, plain)) in fast.iter().zip(&plain).enumerate() {
            // NaN never equals itself; no figure may be NaN, and every other must match exactly.
            assert_eq!(
                fast, plain,
                "job {index} for {candidate:?}: {:?}",
                jobs[index]
            );
        }
    }

    #[test]
    fn prepared_scores_equal_score_many_for_the_bench_jobs_and_every_profile() {
        let jobs = bench_jobs();
        for candidate in profiles() {
            assert_same(&jobs, &candidate);
        }
    }

    #[test]
    fn prepared_scores_equal_score_many_for_edge_jobs() {
        let jobs = edge_jobs();
        for candidate in profiles() {
            assert_same(&jobs, &candidate);
        }
    }

    #[test]
    fn own_skills_in_requirement_texts_change_prepared_scores_as_they_do_plain_ones() {
        // A guard that the test profiles do reach the candidate-dependent rescan: the
        // figures differ from those of the same candidate without the extra skills.
        let jobs = edge_jobs();
        let prepared = PreparedJobs::new(jobs);
        let with = profile(
            None,
            None,
            &["PostgreSQL schema design", "mobile money", "sql tuning"],
            None,
        );
        let without = profile(None, None, &[], None);
        let rescanned = prepared.jobs_naming_own_skills(&PreparedProfile::new(&with));
        // Job 2 names "SQL Server": "sql" starts "sql tuning", so it is rescanned too.
        assert_eq!(
            rescanned,
            [
                false, false, true, false, true, true, false, false, false, false
            ]
        );
        let a = prepared.score_all(&PreparedProfile::new(&with));
        let b = prepared.score_all(&PreparedProfile::new(&without));
        assert!(
            a[4].skills_score > b[4].skills_score,
            "{:?} vs {:?}",
            a[4],
            b[4]
        );
        assert!(
            a[5].skills_score > b[5].skills_score,
            "{:?} vs {:?}",
            a[5],
            b[5]
        );
        assert!(
            prepared
                .jobs_naming_own_skills(&PreparedProfile::new(&without))
                .is_empty()
        );
    }

    #[test]
    fn explain_gives_the_full_score_of_one_job() {
        let jobs = bench_jobs();
        let candidate = &profiles()[1];
        let prepared = PreparedJobs::new(jobs.clone());
        let plain = score_many(candidate, &jobs);
        let profile = PreparedProfile::new(candidate);
        assert_eq!(prepared.len(), 1_000);
        for index in [0, 1, 33, 68, 500, 999] {
            assert_eq!(
                prepared.explain(&profile, index).as_ref(),
                Some(&plain[index])
            );
        }
        assert_eq!(prepared.explain(&profile, 1_000), None);
        assert!(PreparedJobs::new(Vec::new()).is_empty());
    }

    /// Candidate skills drawn from the demo requirement texts (any run of one to four
    /// words) and from the vocabulary's display names.
    fn skill_pool() -> Vec<String> {
        let mut pool: Vec<String> = super::super::VOCABULARY
            .iter()
            .map(|(_, d)| (*d).to_string())
            .collect();
        for job in demo_jobs() {
            for text in &job.requirements {
                let words: Vec<&str> = text.split_whitespace().collect();
                for n in 1..=4 {
                    pool.extend(words.windows(n).map(|w| w.join(" ")));
                }
            }
        }
        pool
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn prepared_scores_equal_score_many_for_any_candidate(
            skills in prop::collection::vec(prop::sample::select(skill_pool()), 0..8),
            degree in prop::option::of(prop::sample::select(vec!["1st Class", "2.1 Class", "2.2 Class", "3rd Class", "Diploma", "PhD"])),
            university in prop::option::of(prop::sample::select(vec!["NUST", "Other", " ", "UZ"])),
            years in prop::option::of(-2i64..12),
            field in prop::option::of(prop::sample::select(vec!["Computer Science", "BSc Nursing Science", "LLB", "Bachelor of Accountancy", "Basket weaving"])),
            roles in prop::collection::vec((prop::sample::select(vec!["Backend Developer", "Staff Nurse", "Data Analyst", "Audit Trainee", "Intern"]), prop::sample::select(vec!["Built services in Rust and PostgreSQL", "Patient care on a surgical ward", "Dashboards in Power BI and SQL", "", "Kept the books in QuickBooks"]), 0u32..80), 0..4),
        ) {
            let roles = roles.into_iter().map(|(title, text, months)| WorkRole { title: title.to_string(), bullets: vec![text.to_string()], months }).collect();
            let candidate = CandidateProfile { degree_class: degree.map(str::to_string), degree_field: field.map(str::to_string), university: university.map(str::to_string), skills, experience_years: years, roles, resume_lines: vec!["Kept the books for 3 clinics in Sage".to_string()] };
            let mut jobs = demo_jobs();
            for job in demo_jobs() {
                jobs.push(JobRequirements { skills: Vec::new(), ..job });
            }
            jobs.extend(edge_jobs());
            assert_same(&jobs, &candidate);
        }
    }
}

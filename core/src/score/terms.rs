//! Match terms: what a job and a candidate are indexed by, so that "Best match" can find among
//! every live job, through a database index, those the score could rank high for a candidate,
//! and score only them.
//!
//! ## What they are
//! Each term is text: a kind, a colon, a value.
//! - `t:` a line-of-work stem of a title, as the score compares a job's title with the titles of
//!   a candidate's resume roles ("pharmac" of "Hospital Pharmacist" and of "Senior Pharmacist");
//! - `w:` a content word, stemmed as the vocabulary keys it ([`Keyer`]): of a job's title and
//!   wanted skills (its list, or the skills its texts name), of a candidate's typed skills and
//!   resume;
//! - `c:` a skill concept of the vocabulary that a job's wanted skill names, or a typed skill, a
//!   clause or a phrase of the resume names: "RGN" and "Registered general nurse" share one;
//! - `f:` a field of study the job requires, or the candidate's.
//!
//! Skills are read by their canonical key first, so "JS" and "JavaScript" give the same words.
//! No term comes from a skill any job may ask ([`generic`]), a word of one, a rank word of a
//! title ("Senior", "Officer"), a number, or a word that many skills share (in
//! [`COMMON_STEM`] vocabulary concepts or more, "care", "manag"): each would select most jobs.
//! A job keeps at most [`MAX_JOB_TERMS`] and a candidate [`MAX_PROFILE_TERMS`], the most telling
//! kinds first (fields and titles, then skills, then the rest of the texts).
//!
//! ## Why
//! The score finds a job's skill in what a candidate wrote by its words or by another label of
//! its concept, and fits resume roles to a job by title stems: a job it ranks high for a
//! candidate shares terms with them. Jobs are ranked by how many terms they share, so a
//! pharmacist's job is found among any number of newer shop jobs, and the score, not the index,
//! has the last word on the order.

use std::collections::HashSet;

use super::evidence::COMMON_STEM;
use super::field::{self, DegreeField};
use super::relevance::{is_rank_word, title_stems};
use super::{CandidateProfile, JobRequirements, generic, lists_skills, normalise_skill};
use super::{skill_texts, skills_in_text};
use crate::vocabulary::{self, Keyer};

/// The version of these rules. Raise it whenever they change the terms of a job: the server
/// indexes again every job indexed by an older version.
pub const MATCH_TERMS_VERSION: i64 = 1;

/// The most terms a job is indexed by.
pub const MAX_JOB_TERMS: usize = 48;

/// The most terms a candidate's profile looks up.
pub const MAX_PROFILE_TERMS: usize = 200;

/// The terms job `job` is indexed by, most telling first, each once.
pub fn job_terms(job: &JobRequirements) -> Vec<String> {
    let mut terms = Terms::new(MAX_JOB_TERMS);
    for field in field::read_all(&job.required_degree_classes) {
        terms.push(field_term(field));
    }
    let title = job.title.as_deref().unwrap_or_default();
    terms.title(title);
    if lists_skills(job) {
        for skill in &job.skills {
            terms.skill(skill);
        }
    } else {
        let texts: Vec<&str> = skill_texts(job).collect();
        for text in &texts {
            for phrase in vocabulary::phrases_in(text) {
                terms.skill(&phrase);
            }
            for (key, _) in skills_in_text(text) {
                terms.skill(&key);
            }
        }
        // The score also finds a candidate's own skills in these texts, whatever they are.
        for text in &texts {
            terms.words(text);
        }
    }
    terms.list
}

/// The terms a candidate's profile (with its resume's facts: see
/// [`CandidateProfile::with_resume`]) looks jobs up by, most telling first, each once.
pub fn profile_terms(profile: &CandidateProfile) -> Vec<String> {
    let mut terms = Terms::new(MAX_PROFILE_TERMS);
    if let Some(field) = profile.degree_field.as_deref().and_then(DegreeField::read) {
        terms.push(field_term(field));
    }
    for skill in &profile.skills {
        terms.skill(skill);
    }
    for role in &profile.roles {
        terms.title(&role.title);
    }
    let lines: Vec<&str> = profile
        .roles
        .iter()
        .flat_map(|role| std::iter::once(&role.title).chain(&role.bullets))
        .chain(&profile.resume_lines)
        .map(String::as_str)
        .collect();
    for line in &lines {
        terms.concepts_in(line);
    }
    for line in &lines {
        terms.words(line);
    }
    terms.list
}

fn field_term(field: DegreeField) -> String {
    format!("f:{}", field.label().to_lowercase())
}

/// Terms gathered in order, each once, up to a cap.
struct Terms {
    list: Vec<String>,
    seen: HashSet<String>,
    cap: usize,
    keyer: Keyer,
}

impl Terms {
    fn new(cap: usize) -> Self {
        Self {
            list: Vec::new(),
            seen: HashSet::new(),
            cap,
            keyer: Keyer::default(),
        }
    }

    fn push(&mut self, term: String) {
        if self.list.len() < self.cap && !self.seen.contains(&term) {
            self.seen.insert(term.clone());
            self.list.push(term);
        }
    }

    /// The line-of-work stems of a title, and its telling words but rank words.
    fn title(&mut self, title: &str) {
        for stem in title_stems(title) {
            if telling(&stem) {
                self.push(format!("t:{stem}"));
            }
        }
        let mut stems: Vec<String> = Vec::new();
        self.keyer.stems(title, |stem, at| {
            if !is_rank_word(&title[at]) && rare(stem) {
                stems.push(format!("w:{stem}"));
            }
        });
        for stem in stems {
            self.push(stem);
        }
    }

    /// The telling words of a text: stems not shared by many skills.
    fn words(&mut self, text: &str) {
        let mut stems: Vec<String> = Vec::new();
        self.keyer.stems(text, |stem, _| {
            if rare(stem) {
                stems.push(format!("w:{stem}"));
            }
        });
        for stem in stems {
            self.push(stem);
        }
    }

    /// A skill's concepts and telling words, read by its canonical key; none for a skill any
    /// job may ask.
    fn skill(&mut self, skill: &str) {
        if generic::is_generic(&mut self.keyer, skill) {
            return;
        }
        let canonical = normalise_skill(skill);
        self.concepts_of(&canonical);
        self.words(&canonical);
    }

    /// The concepts a phrase names as a whole.
    fn concepts_of(&mut self, phrase: &str) {
        let key = self.keyer.key(phrase);
        if key.is_empty() {
            return;
        }
        for concept in vocabulary::concepts(&key) {
            self.push(format!("c:{concept}"));
        }
    }

    /// The concepts a resume line names: its clauses (between commas, semicolons, bars, bullets
    /// and sentence ends) as a whole, the skills of the built-in vocabulary it names, and the
    /// vocabulary's phrases in it.
    fn concepts_in(&mut self, line: &str) {
        for clause in line
            .split([',', ';', '|', '•', '·', '(', ')'])
            .flat_map(|part| part.split(". "))
            .map(str::trim)
            .filter(|clause| !clause.is_empty())
        {
            if !generic::is_generic(&mut self.keyer, clause) {
                self.concepts_of(clause);
            }
        }
        for (key, _) in skills_in_text(line) {
            self.skill(&key);
        }
        for phrase in vocabulary::phrases_in(line) {
            if !generic::is_generic(&mut self.keyer, &phrase) {
                self.concepts_of(&phrase);
            }
        }
    }
}

/// Whether a stem can tell jobs apart: not a number, a single letter or a word of the skills any
/// job may ask.
fn telling(stem: &str) -> bool {
    stem.chars().nth(1).is_some()
        && !stem.chars().all(|c| c.is_ascii_digit())
        && !generic::is_generic_word(stem)
}

/// Whether a stem is telling and not shared by many skills.
fn rare(stem: &str) -> bool {
    telling(stem) && vocabulary::concepts_using(stem) < COMMON_STEM
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resume::WorkRole;

    fn job(title: &str, skills: &[&str]) -> JobRequirements {
        JobRequirements {
            title: Some(title.into()),
            skills: skills.iter().map(|s| (*s).to_string()).collect(),
            ..JobRequirements::default()
        }
    }

    fn shared(a: &[String], b: &[String]) -> Vec<String> {
        a.iter().filter(|t| b.contains(t)).cloned().collect()
    }

    #[test]
    fn a_pharmacist_in_her_own_words_shares_terms_with_a_pharmacy_job_and_not_a_shop() {
        let pharmacy = JobRequirements {
            required_degree_classes: vec!["Pharmacy".into()],
            ..job(
                "Hospital Pharmacist",
                &[
                    "Antimicrobial stewardship",
                    "Aseptic compounding",
                    "Clinical pharmacy",
                    "Pharmacovigilance",
                    "Stock control",
                ],
            )
        };
        let shop = job(
            "Sales Assistant",
            &["Customer service", "Cash handling", "Teamwork"],
        );
        let chipo = CandidateProfile {
            degree_field: Some("BPharm".into()),
            skills: vec!["dispensing".into(), "counselling pts".into()],
            roles: vec![WorkRole {
                title: "Pharmacist".into(),
                months: 40,
                bullets: vec![
                    "Ran the antibiotic stewardship ward round twice a week".into(),
                    "Made up sterile TPN bags in the aseptic suite".into(),
                ],
            }],
            resume_lines: vec!["Chipo Moyo, Gweru".into()],
            ..CandidateProfile::default()
        };
        let hers = profile_terms(&chipo);
        let with_pharmacy = shared(&hers, &job_terms(&pharmacy));
        assert!(
            with_pharmacy.contains(&"t:pharmac".to_string()),
            "{with_pharmacy:?}"
        );
        assert!(
            with_pharmacy.contains(&"w:asept".to_string()),
            "{with_pharmacy:?}"
        );
        assert!(
            with_pharmacy.contains(&"w:stewardship".to_string()),
            "{with_pharmacy:?}"
        );
        assert!(shared(&hers, &job_terms(&shop)).is_empty(), "{hers:?}");
    }

    #[test]
    fn other_names_of_a_skill_meet_in_its_canonical_words_or_its_concept() {
        let typed = |skills: &[&str]| {
            profile_terms(&CandidateProfile {
                skills: skills.iter().map(|s| (*s).to_string()).collect(),
                ..CandidateProfile::default()
            })
        };
        let frontend = job_terms(&job("Web Developer", &["JavaScript"]));
        assert!(!shared(&typed(&["JS"]), &frontend).is_empty());
        let ward = job_terms(&job("Ward Sister", &["Registered general nurse"]));
        let rgn = shared(&typed(&["RGN"]), &ward);
        assert!(rgn.iter().any(|t| t.starts_with("c:")), "{rgn:?}");
    }

    #[test]
    fn generic_skills_rank_words_and_numbers_give_no_terms() {
        let vague = job(
            "Senior Officer II (2025)",
            &["Teamwork", "Excellent communication skills", "Hard working"],
        );
        assert!(job_terms(&vague).is_empty(), "{:?}", job_terms(&vague));
        let blank = CandidateProfile::default();
        assert!(profile_terms(&blank).is_empty());
    }

    #[test]
    fn a_job_without_a_skills_list_is_read_for_the_skills_its_texts_name() {
        let texts = JobRequirements {
            requirements: vec!["Experience with PostgreSQL and Kubernetes".into()],
            description: Some("Plan menus for banquets and keep HACCP standards.".into()),
            ..job("Cook", &[])
        };
        let terms = job_terms(&texts);
        for expected in ["t:cook", "w:postgresql", "w:kubern", "w:haccp"] {
            assert!(
                terms.iter().any(|t| t.starts_with(expected)),
                "{expected} in {terms:?}"
            );
        }
        assert!(terms.iter().any(|t| t.starts_with("c:")), "{terms:?}");
    }

    #[test]
    fn each_side_keeps_its_cap_of_terms_each_once_most_telling_first() {
        let skills: Vec<String> = (0..200).map(|i| format!("Skill{i} widget{i}")).collect();
        let many = JobRequirements {
            required_degree_classes: vec!["Nursing".into()],
            skills: skills.clone(),
            ..job("Theatre Nurse", &[])
        };
        let terms = job_terms(&many);
        assert_eq!(terms.len(), MAX_JOB_TERMS);
        assert_eq!(
            terms[..2],
            ["f:nursing".to_string(), "t:theatr".to_string()]
        );
        let long = CandidateProfile {
            skills: skills.clone(),
            resume_lines: skills,
            ..CandidateProfile::default()
        };
        let terms = profile_terms(&long);
        assert_eq!(terms.len(), MAX_PROFILE_TERMS);
        let unique: HashSet<&String> = terms.iter().collect();
        assert_eq!(unique.len(), terms.len());
    }
}

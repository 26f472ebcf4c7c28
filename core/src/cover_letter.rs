//! The built-in cover letter: a plain-text letter and e-mail subject written
//! from the candidate's profile and the job (spec, candidate side §4 "Apply via
//! JobTap", §7 `generate-application`).
//!
//! ## What it writes
//! A greeting to the company, an opening naming the role, then only what the
//! profile holds: years of experience (and whether they meet the job's
//! minimum), the degree class and university, and the candidate's skills that
//! the job asks for. A closing and the candidate's name end it. The subject is
//! "Application for {job title} – {full name}".
//!
//! ## Why
//! The letter is sent in the candidate's name, so it never claims what the
//! profile does not hold: no skills when the profile lists none, no degree
//! without a recognised class, no years when there are none. Skills in common
//! are decided by the fit score's own matching ([`crate::score`]), so the
//! letter and the score never disagree about which skills match. The output
//! is deterministic: the same profile and job always give the same letter.

use serde::{Deserialize, Deserializer, Serialize};

use crate::score::{self, CandidateProfile, DegreeClass, JobRequirements};

/// The name used when the profile has none (spec §7, `fullName` default).
pub const DEFAULT_NAME: &str = "Candidate";
/// At most this many skills in common are named, in the profile's order.
pub const MAX_SKILLS_NAMED: usize = 6;

/// What the letter may say about the candidate.
///
/// camelCase in JSON, snake_case accepted, so a profile row or the
/// `generate-application` body's `userProfile` deserialises directly.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CoverLetterProfile {
    #[serde(alias = "full_name", deserialize_with = "null_as_default")]
    pub full_name: String,
    #[serde(deserialize_with = "null_as_default")]
    pub skills: Vec<String>,
    #[serde(alias = "experience_years")]
    pub experience_years: Option<i64>,
    #[serde(alias = "degree_class")]
    pub degree_class: Option<String>,
    pub university: Option<String>,
}

/// What the letter reads from the job.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CoverLetterJob {
    #[serde(alias = "job_title", deserialize_with = "null_as_default")]
    pub job_title: String,
    #[serde(alias = "company_name", deserialize_with = "null_as_default")]
    pub company_name: String,
    #[serde(alias = "job_description", deserialize_with = "null_as_default")]
    pub job_description: String,
    /// The job's skills list; when empty, skills are read from the texts.
    #[serde(deserialize_with = "null_as_default")]
    pub skills: Vec<String>,
    #[serde(deserialize_with = "null_as_default")]
    pub requirements: Vec<String>,
    /// The minimum years the job asks for, if any.
    #[serde(alias = "experience_years")]
    pub experience_years: Option<i64>,
}

/// A written letter: the e-mail subject and the plain-text body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoverLetter {
    pub subject: String,
    pub body: String,
}

fn null_as_default<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Option::<T>::deserialize(d).map(Option::unwrap_or_default)
}

/// Writes the letter for `profile` applying to `job`.
pub fn compose(profile: &CoverLetterProfile, job: &CoverLetterJob) -> CoverLetter {
    let name = one_line(&profile.full_name).unwrap_or_else(|| DEFAULT_NAME.to_string());
    let title = one_line(&job.job_title);
    let company = one_line(&job.company_name);

    let subject = match &title {
        Some(title) => format!("Application for {title} – {name}"),
        None => format!("Job application – {name}"),
    };

    let common = skills_in_common(profile, job);
    let years = profile.experience_years.filter(|&y| y > 0);
    let required_years = job.experience_years.filter(|&y| y > 0);
    let meets_years = matches!((years, required_years), (Some(y), Some(r)) if y >= r);

    let mut paragraphs = Vec::new();
    paragraphs.push(match &company {
        Some(company) => format!("Dear {company} Hiring Team,"),
        None => "Dear Hiring Manager,".to_string(),
    });

    let role = title.as_ref().map_or_else(
        || "the advertised position".to_string(),
        |t| format!("the {t} position"),
    );
    let at_company = company
        .as_ref()
        .map_or_else(String::new, |c| format!(" at {c}"));
    let outlook = if common.is_empty() && !meets_years {
        "I am keen to bring commitment, care and a willingness to learn to your team."
    } else {
        "I believe my background is a strong match for what you are looking for."
    };
    paragraphs.push(format!(
        "I am writing to apply for {role}{at_company}. {outlook}"
    ));

    let background = background(profile, years, required_years);
    if !background.is_empty() {
        paragraphs.push(background);
    }

    if !common.is_empty() {
        let team = company
            .as_ref()
            .map_or_else(|| "your team".to_string(), Clone::clone);
        paragraphs.push(match common.as_slice() {
            [one] => format!(
                "{one}, which this role asks for, is part of my skill set, and I am ready to put \
                 it to work for {team}."
            ),
            many => format!(
                "The role asks for skills I hold – {} – and I am ready to put them to work for {team}.",
                join_list(many)
            ),
        });
    }

    let closing_team = company
        .as_ref()
        .map_or_else(|| "your team".to_string(), |c| format!("the team at {c}"));
    paragraphs.push(format!(
        "I would welcome the opportunity to discuss how I could contribute to {closing_team}. \
         Thank you for considering my application."
    ));
    paragraphs.push(format!("Kind regards,\n{name}"));

    CoverLetter {
        subject,
        body: paragraphs.join("\n\n"),
    }
}

/// The sentences on experience and education, empty when the profile holds neither.
fn background(
    profile: &CoverLetterProfile,
    years: Option<i64>,
    required_years: Option<i64>,
) -> String {
    let mut sentences = Vec::new();
    if let Some(years) = years {
        let meets = required_years
            .filter(|&r| years >= r)
            .map_or_else(String::new, |r| {
                format!(", which meets the {} this role asks for", plural_years(r))
            });
        sentences.push(format!(
            "I bring {} of experience{meets}.",
            plural_years(years)
        ));
    }
    let degree = profile
        .degree_class
        .as_deref()
        .and_then(|text| DegreeClass::parse(text).ok())
        .map(|class| match class {
            DegreeClass::Diploma => "a Diploma".to_string(),
            other => format!("a {} degree", other.candidate_label()),
        });
    let university = profile
        .university
        .as_deref()
        .and_then(one_line)
        // "Other" is the onboarding's placeholder, not a name.
        .filter(|u| !u.eq_ignore_ascii_case("other"))
        .map(|u| score::listed_university(&u).map_or(u, str::to_string));
    match (degree, university) {
        (Some(degree), Some(university)) => {
            sentences.push(format!("I hold {degree} from {university}."));
        }
        (Some(degree), None) => sentences.push(format!("I hold {degree}.")),
        (None, Some(university)) => sentences.push(format!("I studied at {university}.")),
        (None, None) => {}
    }
    sentences.join(" ")
}

/// The profile's skills that the job asks for, as the profile spells them, by
/// the fit score's matching: the job's skills list, or when it has none, the
/// skills named in its requirements and description. Each skill once, in the
/// profile's order, at most [`MAX_SKILLS_NAMED`].
pub fn skills_in_common(profile: &CoverLetterProfile, job: &CoverLetterJob) -> Vec<String> {
    let mut requirements = job.requirements.clone();
    requirements.push(job.job_description.clone());
    let wanted = JobRequirements {
        skills: job.skills.clone(),
        requirements,
        ..JobRequirements::default()
    };
    // With no skills of its own, a candidate scores full marks only when the
    // job names no skills at all: then nothing can be in common.
    let names_skills =
        score::score(&CandidateProfile::default(), &wanted).skills_score < score::COMPONENT_MAX;
    if !names_skills {
        return Vec::new();
    }
    let mut seen: Vec<String> = Vec::new();
    let mut common = Vec::new();
    for raw in &profile.skills {
        let Some(skill) = one_line(raw) else { continue };
        let key = score::normalise_skill(&skill);
        if key.is_empty() || seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let alone = CandidateProfile {
            skills: vec![skill.clone()],
            ..CandidateProfile::default()
        };
        if score::score(&alone, &wanted).skills_score > 0.0 {
            common.push(skill);
            if common.len() == MAX_SKILLS_NAMED {
                break;
            }
        }
    }
    common
}

/// `text` trimmed with runs of white space (newlines included) as one space; `None` when blank.
fn one_line(text: &str) -> Option<String> {
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    (!joined.is_empty()).then_some(joined)
}

fn plural_years(n: i64) -> String {
    if n == 1 {
        "1 year".to_string()
    } else {
        format!("{n} years")
    }
}

/// "A", "A and B", "A, B and C".
fn join_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_string()).collect()
    }

    fn full_profile() -> CoverLetterProfile {
        CoverLetterProfile {
            full_name: "Tendai Moyo".into(),
            skills: strings(&["React", "TypeScript", "Cobol", "docker"]),
            experience_years: Some(3),
            degree_class: Some("2.1 Class".into()),
            university: Some("nust".into()),
        }
    }

    fn job() -> CoverLetterJob {
        CoverLetterJob {
            job_title: "Frontend Developer".into(),
            company_name: "Acme Fintech".into(),
            job_description: "Build the web app our customers use every day.".into(),
            skills: strings(&["ReactJS", "TypeScript", "Docker", "GraphQL"]),
            requirements: strings(&["2+ years building web apps"]),
            experience_years: Some(2),
        }
    }

    #[test]
    fn names_the_company_the_role_and_the_candidate() {
        let letter = compose(&full_profile(), &job());
        assert_eq!(
            letter.subject,
            "Application for Frontend Developer – Tendai Moyo"
        );
        assert!(letter.body.starts_with("Dear Acme Fintech Hiring Team,"));
        assert!(
            letter
                .body
                .contains("apply for the Frontend Developer position at Acme Fintech.")
        );
        assert!(letter.body.ends_with("Kind regards,\nTendai Moyo"));
    }

    #[test]
    fn skills_named_are_exactly_those_in_common() {
        let letter = compose(&full_profile(), &job());
        assert_eq!(
            skills_in_common(&full_profile(), &job()),
            ["React", "TypeScript", "docker"]
        );
        assert!(
            letter
                .body
                .contains("skills I hold – React, TypeScript and docker –")
        );
        assert!(!letter.body.contains("Cobol"), "{}", letter.body);
        assert!(!letter.body.contains("GraphQL"), "{}", letter.body);
    }

    #[test]
    fn states_experience_and_education_from_the_profile() {
        let letter = compose(&full_profile(), &job());
        assert!(
            letter.body.contains(
                "I bring 3 years of experience, which meets the 2 years this role asks for."
            ),
            "{}",
            letter.body
        );
        assert!(letter.body.contains("I hold a 2.1 Class degree from NUST."));
    }

    #[test]
    fn a_profile_without_skills_degree_or_years_claims_none() {
        let bare = CoverLetterProfile {
            full_name: "Rudo".into(),
            ..CoverLetterProfile::default()
        };
        let letter = compose(&bare, &job());
        for word in [
            "skill",
            "React",
            "Docker",
            "degree",
            "Diploma",
            "Class",
            "year",
            "studied",
            "experience",
        ] {
            assert!(
                !letter.body.contains(word),
                "claims {word:?}: {}",
                letter.body
            );
        }
        assert!(letter.body.contains("willingness to learn"));
        assert!(letter.body.ends_with("Kind regards,\nRudo"));
    }

    #[test]
    fn zero_years_and_other_university_are_not_mentioned() {
        let profile = CoverLetterProfile {
            full_name: "Rudo".into(),
            experience_years: Some(0),
            university: Some("Other".into()),
            degree_class: Some("Masters of something".into()),
            ..CoverLetterProfile::default()
        };
        let letter = compose(&profile, &job());
        assert!(!letter.body.contains("year"));
        assert!(!letter.body.contains("Other"));
        assert!(!letter.body.contains("Masters"));
    }

    #[test]
    fn years_below_the_minimum_are_stated_without_claiming_to_meet_it() {
        let profile = CoverLetterProfile {
            experience_years: Some(1),
            ..full_profile()
        };
        let letter = compose(&profile, &job());
        assert!(letter.body.contains("I bring 1 year of experience."));
        assert!(!letter.body.contains("meets"));
    }

    #[test]
    fn a_job_without_a_skills_list_is_matched_on_its_texts() {
        let job = CoverLetterJob {
            skills: Vec::new(),
            requirements: strings(&["Strong SQL and Tableau"]),
            job_description: "You will automate reports in Python.".into(),
            ..job()
        };
        let profile = CoverLetterProfile {
            skills: strings(&["python", "SQL", "Excel"]),
            ..full_profile()
        };
        assert_eq!(skills_in_common(&profile, &job), ["python", "SQL"]);
    }

    #[test]
    fn a_job_naming_no_skills_has_none_in_common() {
        let job = CoverLetterJob {
            skills: Vec::new(),
            requirements: Vec::new(),
            job_description: "A friendly team.".into(),
            ..job()
        };
        assert!(skills_in_common(&full_profile(), &job).is_empty());
        assert!(!compose(&full_profile(), &job).body.contains("React"));
    }

    #[test]
    fn blank_names_fall_back_and_are_deterministic() {
        let profile = CoverLetterProfile {
            full_name: "   ".into(),
            ..CoverLetterProfile::default()
        };
        let job = CoverLetterJob {
            job_title: " ".into(),
            company_name: String::new(),
            ..CoverLetterJob::default()
        };
        let letter = compose(&profile, &job);
        assert_eq!(letter.subject, "Job application – Candidate");
        assert!(letter.body.starts_with("Dear Hiring Manager,"));
        assert!(letter.body.contains("apply for the advertised position."));
        assert_eq!(letter, compose(&profile, &job));
    }

    #[test]
    fn one_skill_in_common_reads_in_the_singular() {
        let profile = CoverLetterProfile {
            skills: strings(&["TypeScript"]),
            ..full_profile()
        };
        let body = compose(&profile, &job()).body;
        assert!(
            body.contains("TypeScript, which this role asks for, is part of my skill set"),
            "{body}"
        );
    }

    #[test]
    fn no_more_than_six_skills_are_named() {
        let many = strings(&["A1", "B2", "C3", "D4", "E5", "F6", "G7"]);
        let profile = CoverLetterProfile {
            skills: many.clone(),
            ..full_profile()
        };
        let job = CoverLetterJob {
            skills: many,
            ..job()
        };
        assert_eq!(skills_in_common(&profile, &job).len(), MAX_SKILLS_NAMED);
    }

    #[test]
    fn reads_camel_and_snake_case_with_nulls() {
        let camel: CoverLetterProfile = serde_json::from_str(
            r#"{"fullName":"A","skills":null,"experienceYears":2,"degreeClass":null}"#,
        )
        .unwrap();
        let snake: CoverLetterProfile =
            serde_json::from_str(r#"{"full_name":"A","experience_years":2}"#).unwrap();
        assert_eq!(camel, snake);
    }
}

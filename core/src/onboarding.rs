//! The candidate onboarding form (spec, candidate side §2 "Onboarding", §5):
//! four steps, each with its rule and message, and the parsed result.

use serde::{Deserialize, Serialize};

use crate::job_limits::{MSG_HIDDEN_CHARACTERS, has_hidden_characters};
use crate::job_type::JobType;
use crate::score::{CandidateProfile, DegreeField};
use crate::validate::{FieldError, FormErrors};

pub const MSG_RESUME: &str = "Please upload your resume";
pub const MSG_ACADEMIC: &str = "Please fill in all academic information";
pub const MSG_PREFERENCES: &str = "Please fill in all preferences";
pub const MSG_FULL_NAME: &str = crate::validate::MSG_FULL_NAME;
pub const MSG_SALARY_ORDER: &str = "Minimum salary cannot be more than maximum salary";
/// Why applying is refused before onboarding is finished.
pub const MSG_PROFILE_INCOMPLETE: &str = "Please complete your profile (degree class, university, skills and years of experience) before applying";

/// Whether a profile holds what onboarding's education step saves, which the fit score
/// and the cover letter need: a degree class, a university, a skill and the years.
pub fn profile_complete(profile: &CandidateProfile) -> bool {
    let given = |text: &Option<String>| text.as_deref().is_some_and(|t| !t.trim().is_empty());
    given(&profile.degree_class)
        && given(&profile.university)
        && profile.skills.iter().any(|s| !s.trim().is_empty())
        && profile.experience_years.is_some()
}

/// Longest field of study accepted, in characters.
pub const MAX_DEGREE_FIELD_CHARS: usize = 100;
pub const MSG_DEGREE_FIELD_TOO_LONG: &str = "The field of study must be at most 100 characters";
/// Longest skill accepted, in characters: a skill is a phrase, not a paragraph.
pub const MAX_SKILL_CHARS: usize = 60;
pub const MSG_SKILL_TOO_LONG: &str =
    "Each skill can be at most 60 characters (separate skills with commas)";
/// Most skills a profile holds.
pub const MAX_SKILLS: usize = 50;
pub const MSG_TOO_MANY_SKILLS: &str = "You can list at most 50 skills";
/// Longest university name accepted, in characters: a typed one may be long ("Chinhoyi
/// University of Technology, School of Agricultural Sciences and Technology").
pub const MAX_UNIVERSITY_CHARS: usize = 150;
pub const MSG_UNIVERSITY_TOO_LONG: &str = "The university's name must be at most 150 characters";
/// Longest preferred location accepted, in characters: as long as a job's location.
pub const MAX_LOCATION_CHARS: usize = crate::job_limits::LOCATION_MAX_CHARS;
pub const MSG_LOCATION_TOO_LONG: &str = "The preferred location must be at most 150 characters";

/// Degree classes offered at onboarding (spec §3 "Other facts").
pub const DEGREE_CLASSES: [&str; 5] = [
    "1st Class",
    "2.1 Class",
    "2.2 Class",
    "3rd Class",
    "Diploma",
];
/// Universities offered at onboarding; a person may type another.
pub const UNIVERSITIES: [&str; 7] = [
    "University of Zimbabwe (UZ)",
    "NUST",
    "HIT",
    "MSU",
    "GZU",
    "Chinhoyi",
    "Other",
];

/// The form as typed: numbers are still text, skills one comma-separated line.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct OnboardingInput {
    pub full_name: String,
    /// Whether a resume is chosen now or a default resume already exists.
    pub has_resume: bool,
    pub degree_class: String,
    /// Optional: one of the employer's required-degree options or free text ("BSc Nursing
    /// Science"); without it the fit score reads the field from the default resume.
    pub degree_field: String,
    pub university: String,
    pub skills: String,
    pub experience_years: String,
    pub preferred_location: String,
    pub min_salary: String,
    pub max_salary: String,
    pub job_types: Vec<String>,
}

/// The parsed profile and preferences.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Onboarding {
    pub full_name: String,
    pub degree_class: String,
    /// The field's label when it names one of the options, else the text as typed.
    pub degree_field: Option<String>,
    pub university: String,
    pub skills: Vec<String>,
    pub experience_years: i64,
    pub preferred_location: String,
    pub min_salary: f64,
    pub max_salary: f64,
    pub job_types: Vec<String>,
}

/// Splits "React, TypeScript ,, react" into trimmed, non-empty, de-duplicated skills, uncut:
/// the form's check refuses a skill over [`MAX_SKILL_CHARS`] and more than [`MAX_SKILLS`].
pub fn split_skills(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for skill in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if !out.iter().any(|s| s.eq_ignore_ascii_case(skill)) {
            out.push(skill.to_string());
        }
    }
    out
}

fn parse_amount(text: &str) -> Option<f64> {
    let cleaned: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, ',' | '$' | ' '))
        .collect();
    cleaned
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v >= 0.0)
}

/// Checks one step (1 to 4) as the Next button does.
pub fn check_step(step: u8, input: &OnboardingInput) -> Result<(), FormErrors> {
    let error = |field, message| Err(vec![FieldError { field, message }]);
    match step {
        1 => {
            if let Err(err) = crate::validate::FullName::parse(&input.full_name) {
                return Err(vec![err]);
            }
            if !input.has_resume {
                return error("resume", MSG_RESUME);
            }
            Ok(())
        }
        3 => {
            let ok = DEGREE_CLASSES.contains(&input.degree_class.as_str())
                && !input.university.trim().is_empty()
                && !split_skills(&input.skills).is_empty()
                && input
                    .experience_years
                    .trim()
                    .parse::<u32>()
                    .is_ok_and(|y| y <= 70);
            if !ok {
                return error("academic", MSG_ACADEMIC);
            }
            if input.degree_field.trim().chars().count() > MAX_DEGREE_FIELD_CHARS {
                return error("degree_field", MSG_DEGREE_FIELD_TOO_LONG);
            }
            if input.university.trim().chars().count() > MAX_UNIVERSITY_CHARS {
                return error("university", MSG_UNIVERSITY_TOO_LONG);
            }
            let skills = input
                .skills
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty());
            if skills.clone().any(|s| s.chars().count() > MAX_SKILL_CHARS) {
                return error("skills", MSG_SKILL_TOO_LONG);
            }
            if split_skills(&input.skills).len() > MAX_SKILLS {
                return error("skills", MSG_TOO_MANY_SKILLS);
            }
            for (field, text) in [
                ("degree_field", input.degree_field.as_str()),
                ("university", input.university.as_str()),
                ("skills", input.skills.as_str()),
            ] {
                if has_hidden_characters(text) {
                    return error(field, MSG_HIDDEN_CHARACTERS);
                }
            }
            Ok(())
        }
        4 => {
            let min = parse_amount(&input.min_salary);
            let max = parse_amount(&input.max_salary);
            let types_ok = !input.job_types.is_empty()
                && input
                    .job_types
                    .iter()
                    .all(|t| JobType::from_label(t).is_some());
            if input.preferred_location.trim().is_empty()
                || min.is_none()
                || max.is_none()
                || !types_ok
            {
                return error("preferences", MSG_PREFERENCES);
            }
            if min > max {
                return error("min_salary", MSG_SALARY_ORDER);
            }
            if input.preferred_location.trim().chars().count() > MAX_LOCATION_CHARS {
                return error("preferred_location", MSG_LOCATION_TOO_LONG);
            }
            if has_hidden_characters(&input.preferred_location) {
                return error("preferred_location", MSG_HIDDEN_CHARACTERS);
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The field of study as saved: an option's label when the text names one ("BSc Nursing
/// Science" is Nursing), else the trimmed text; `None` when blank.
pub fn degree_field(text: &str) -> Option<String> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    Some(DegreeField::read(text).map_or_else(|| text.to_string(), |f| f.label().to_string()))
}

/// Checks every step and returns the parsed form (what "Complete Setup" saves).
pub fn parse(input: &OnboardingInput) -> Result<Onboarding, FormErrors> {
    for step in 1..=4 {
        check_step(step, input)?;
    }
    let mut job_types: Vec<String> = Vec::new();
    for t in &input.job_types {
        if !job_types.contains(t) {
            job_types.push(t.clone());
        }
    }
    Ok(Onboarding {
        full_name: input.full_name.trim().to_string(),
        degree_class: input.degree_class.clone(),
        degree_field: degree_field(&input.degree_field),
        university: input.university.trim().to_string(),
        skills: split_skills(&input.skills),
        experience_years: input.experience_years.trim().parse().unwrap_or(0),
        preferred_location: input.preferred_location.trim().to_string(),
        min_salary: parse_amount(&input.min_salary).unwrap_or(0.0),
        max_salary: parse_amount(&input.max_salary).unwrap_or(0.0),
        job_types,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn complete() -> OnboardingInput {
        OnboardingInput {
            full_name: " Tendai Moyo ".into(),
            has_resume: true,
            degree_class: "2.1 Class".into(),
            degree_field: " BSc Nursing Science ".into(),
            university: "NUST".into(),
            skills: "SQL, Python ,, sql, Power BI".into(),
            experience_years: "2".into(),
            preferred_location: "Harare".into(),
            min_salary: "1,000".into(),
            max_salary: "2500".into(),
            job_types: vec!["Full-time".into(), "Remote".into(), "Full-time".into()],
        }
    }

    #[test]
    fn a_complete_form_parses() {
        let parsed = parse(&complete()).unwrap();
        assert_eq!(parsed.full_name, "Tendai Moyo");
        assert_eq!(parsed.skills, ["SQL", "Python", "Power BI"]);
        assert_eq!(parsed.experience_years, 2);
        assert!((parsed.min_salary - 1000.0).abs() < f64::EPSILON);
        assert_eq!(parsed.job_types, ["Full-time", "Remote"]);
        assert_eq!(parsed.degree_field.as_deref(), Some("Nursing"));
    }

    #[test]
    fn a_profile_is_complete_with_class_university_a_skill_and_years() {
        let complete = CandidateProfile {
            degree_class: Some("2.1 Class".into()),
            university: Some("NUST".into()),
            skills: vec!["SQL".into()],
            experience_years: Some(0),
            ..CandidateProfile::default()
        };
        assert!(profile_complete(&complete));
        for incomplete in [
            CandidateProfile {
                degree_class: Some(" ".into()),
                ..complete.clone()
            },
            CandidateProfile {
                university: None,
                ..complete.clone()
            },
            CandidateProfile {
                skills: vec![" ".into()],
                ..complete.clone()
            },
            CandidateProfile {
                experience_years: None,
                ..complete.clone()
            },
        ] {
            assert!(!profile_complete(&incomplete), "{incomplete:?}");
        }
    }

    #[test]
    fn the_field_of_study_is_optional_free_text_up_to_a_limit() {
        let blank = OnboardingInput {
            degree_field: "  ".into(),
            ..complete()
        };
        assert_eq!(parse(&blank).unwrap().degree_field, None);
        let custom = OnboardingInput {
            degree_field: "Actuarial Science".into(),
            ..complete()
        };
        assert_eq!(
            parse(&custom).unwrap().degree_field.as_deref(),
            Some("Actuarial Science")
        );
        let long = OnboardingInput {
            degree_field: "x".repeat(MAX_DEGREE_FIELD_CHARS + 1),
            ..complete()
        };
        assert_eq!(
            check_step(3, &long).unwrap_err()[0].message,
            MSG_DEGREE_FIELD_TOO_LONG
        );
    }

    #[test]
    fn a_persons_text_is_refused_whole_never_cut_or_hiding_characters() {
        let long_skill = "Preparing sterile total parenteral nutrition bags in an isolator";
        assert!(long_skill.chars().count() > MAX_SKILL_CHARS);
        let many: Vec<String> = (0..=MAX_SKILLS).map(|i| format!("Skill {i}")).collect();
        for (input, field, message) in [
            (
                OnboardingInput {
                    skills: format!("Dispensing, {long_skill}"),
                    ..complete()
                },
                "skills",
                MSG_SKILL_TOO_LONG,
            ),
            (
                OnboardingInput {
                    skills: many.join(", "),
                    ..complete()
                },
                "skills",
                MSG_TOO_MANY_SKILLS,
            ),
            (
                OnboardingInput {
                    skills: "Dispensing, \u{202e}gnp.pdf".into(),
                    ..complete()
                },
                "skills",
                MSG_HIDDEN_CHARACTERS,
            ),
            (
                OnboardingInput {
                    degree_field: "Pharmacy\0".into(),
                    ..complete()
                },
                "degree_field",
                MSG_HIDDEN_CHARACTERS,
            ),
            (
                OnboardingInput {
                    university: "x".repeat(MAX_UNIVERSITY_CHARS + 1),
                    ..complete()
                },
                "university",
                MSG_UNIVERSITY_TOO_LONG,
            ),
            (
                OnboardingInput {
                    university: "UZ\u{2066}".into(),
                    ..complete()
                },
                "university",
                MSG_HIDDEN_CHARACTERS,
            ),
            (
                OnboardingInput {
                    preferred_location: "Harare\u{1b}[2J".into(),
                    ..complete()
                },
                "preferred_location",
                MSG_HIDDEN_CHARACTERS,
            ),
            (
                OnboardingInput {
                    preferred_location: "y".repeat(MAX_LOCATION_CHARS + 1),
                    ..complete()
                },
                "preferred_location",
                MSG_LOCATION_TOO_LONG,
            ),
        ] {
            let errors = parse(&input).unwrap_err();
            assert_eq!((errors[0].field, errors[0].message), (field, message));
        }
        let at_limit = "x".repeat(MAX_SKILL_CHARS);
        let parsed = parse(&OnboardingInput {
            skills: format!("Dispensing, {at_limit}"),
            ..complete()
        })
        .expect("a skill at the limit is kept");
        assert_eq!(parsed.skills, vec!["Dispensing".to_string(), at_limit]);
    }

    #[test]
    fn a_university_not_in_the_list_is_typed_and_kept() {
        let own =
            "Chinhoyi University of Technology, School of Agricultural Sciences and Technology";
        let parsed = parse(&OnboardingInput {
            university: format!("  {own} "),
            ..complete()
        })
        .expect("own university");
        assert_eq!(parsed.university, own);
        let blank = OnboardingInput {
            university: "  ".into(),
            ..complete()
        };
        assert_eq!(check_step(3, &blank).unwrap_err()[0].message, MSG_ACADEMIC);
    }

    #[test]
    fn step_one_checks_the_name_as_sign_up_does() {
        for (name, message) in [
            ("  ", MSG_FULL_NAME),
            (&*"a".repeat(101), crate::validate::MSG_FULL_NAME_TOO_LONG),
            ("Tendai\u{202E}", crate::job_limits::MSG_HIDDEN_CHARACTERS),
        ] {
            let input = OnboardingInput {
                full_name: name.into(),
                ..complete()
            };
            assert_eq!(check_step(1, &input).unwrap_err()[0].message, message);
            assert_eq!(parse(&input).unwrap_err()[0].message, message);
        }
    }

    #[test]
    fn step_one_needs_a_resume() {
        let input = OnboardingInput {
            has_resume: false,
            ..complete()
        };
        assert_eq!(check_step(1, &input).unwrap_err()[0].message, MSG_RESUME);
        assert!(check_step(2, &input).is_ok(), "step 2 is always allowed");
    }

    #[test]
    fn step_three_needs_all_academic_information() {
        for broken in [
            OnboardingInput {
                degree_class: String::new(),
                ..complete()
            },
            OnboardingInput {
                university: " ".into(),
                ..complete()
            },
            OnboardingInput {
                skills: " , ".into(),
                ..complete()
            },
            OnboardingInput {
                experience_years: "two".into(),
                ..complete()
            },
            OnboardingInput {
                experience_years: "-1".into(),
                ..complete()
            },
        ] {
            assert_eq!(check_step(3, &broken).unwrap_err()[0].message, MSG_ACADEMIC);
        }
    }

    #[test]
    fn step_four_needs_all_preferences_in_order() {
        for broken in [
            OnboardingInput {
                preferred_location: " ".into(),
                ..complete()
            },
            OnboardingInput {
                min_salary: String::new(),
                ..complete()
            },
            OnboardingInput {
                max_salary: "lots".into(),
                ..complete()
            },
            OnboardingInput {
                job_types: vec![],
                ..complete()
            },
            OnboardingInput {
                job_types: vec!["Internship".into()],
                ..complete()
            },
        ] {
            assert_eq!(
                check_step(4, &broken).unwrap_err()[0].message,
                MSG_PREFERENCES
            );
        }
        let reversed = OnboardingInput {
            min_salary: "3000".into(),
            ..complete()
        };
        assert_eq!(
            check_step(4, &reversed).unwrap_err()[0].message,
            MSG_SALARY_ORDER
        );
    }
}

//! What a resume proposes for the profile: the skills it lists, the years its roles add up to,
//! the field of study and the university. The person sees the proposal and confirms or edits
//! it before anything is saved (onboarding's "Education & Experience" step).
//!
//! ## What it reads
//! - **Skills**: the entries of its skills sections (split at commas, semicolons, bars and
//!   bullets; at most [`MAX_PROPOSED_SKILLS`], each as the onboarding keeps a skill), in the
//!   person's words; without a skills section, the skills its text names that the score's
//!   vocabulary knows ([`skills_in_text`]).
//! - **Years**: the months of its dated roles ([`super::resume_facts`]), in whole years.
//! - **Field**: the part of the first education line that names a field of study
//!   ([`DegreeField::read`]) or a qualification ("Bachelor", "Diploma", "BSc"), as written
//!   ("Bachelor of Pharmacy (Honours)").
//! - **University**: a listed university named in education ("University of Zimbabwe" as
//!   "University of Zimbabwe (UZ)"), else "Other" when a university, college, polytechnic or
//!   institute is named.

use serde::Serialize;

use super::facts::{YearMonth, resume_facts};
use super::section_kind::SectionKind;
use super::sections::{Item, parse, strip_bullet};
use crate::onboarding::{MAX_DEGREE_FIELD_CHARS, MAX_SKILL_CHARS, split_skills};
use crate::score::{DegreeField, listed_university, skills_in_text};

/// At most this many skills are proposed: the rest of a long list stays in the resume, which the
/// score reads anyway.
pub const MAX_PROPOSED_SKILLS: usize = 15;

/// Onboarding's "Other" university option.
const OTHER_UNIVERSITY: &str = "Other";

/// What the resume proposes; each field is `None` (or empty) when the resume does not say.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ProfileProposal {
    pub skills: Vec<String>,
    pub experience_years: Option<u32>,
    pub degree_field: Option<String>,
    pub university: Option<String>,
}

impl ProfileProposal {
    /// Whether the resume proposes nothing.
    pub fn is_empty(&self) -> bool {
        self.skills.is_empty()
            && self.experience_years.is_none()
            && self.degree_field.is_none()
            && self.university.is_none()
    }
}

/// Reads a resume's text for the profile; `today` ends running roles.
pub fn propose_profile(text: &str, today: YearMonth) -> ProfileProposal {
    let parsed = parse(text);
    let in_sections = |kind: SectionKind| {
        parsed
            .sections
            .iter()
            .filter(move |s| s.kind == kind)
            .flat_map(|s| &s.items)
    };
    let mut listed = Vec::new();
    for line in in_sections(SectionKind::Skills).flat_map(|item| &item.lines) {
        let line = strip_bullet(line).unwrap_or(line);
        // "Languages: TypeScript, SQL": the label names a group, not a skill.
        let line = match line.split_once(':') {
            Some((label, rest)) if label.split_whitespace().count() <= 3 => rest,
            _ => line,
        };
        listed.push(line.replace([';', '|', '•', '·'], ","));
    }
    let mut skills: Vec<String> = split_skills(&listed.join(","))
        .into_iter()
        .map(|s| s.trim_end_matches('.').trim().to_string())
        .filter(|s| {
            !s.is_empty()
                && s.split_whitespace().count() <= 6
                && s.chars().count() <= MAX_SKILL_CHARS
        })
        .collect();
    if skills.is_empty() {
        // No skills section: the skills the text names that the score's vocabulary knows.
        skills = skills_in_text(text)
            .into_iter()
            .map(|(_, display)| display.to_string())
            .collect();
    }
    skills.truncate(MAX_PROPOSED_SKILLS);

    let facts = resume_facts(text, today);
    let months: u32 = facts.roles.iter().map(|r| r.months).sum();
    let experience_years = (!facts.roles.is_empty()).then_some(months / 12);

    let education: Vec<&Item> = in_sections(SectionKind::Education).collect();
    let degree_field = education.iter().find_map(|item| {
        let line = item.text();
        let line = strip_bullet(&line).unwrap_or(&line);
        line.split([',', '|', '–', '—'])
            .map(str::trim)
            .find(|part| DegreeField::read(part).is_some() || names_a_qualification(part))
            .map(|part| {
                part.chars()
                    .take(MAX_DEGREE_FIELD_CHARS)
                    .collect::<String>()
            })
    });
    let university = education
        .iter()
        .flat_map(|item| {
            let line = item.text();
            line.split([',', '|', '–', '—', '(', ')'])
                .map(|part| part.trim().to_string())
                .collect::<Vec<_>>()
        })
        .find_map(|part| {
            listed_university(&part).map(str::to_string).or_else(|| {
                let lower = part.to_lowercase();
                ["university", "college", "polytechnic", "institute"]
                    .iter()
                    .any(|w| lower.contains(w))
                    .then(|| OTHER_UNIVERSITY.to_string())
            })
        });
    ProfileProposal {
        skills,
        experience_years,
        degree_field,
        university,
    }
}

/// Words that name a qualification, so the part holding one names what was studied.
const QUALIFICATION_WORDS: &[&str] = &[
    "ba",
    "bachelor",
    "bachelors",
    "bcom",
    "bed",
    "beng",
    "bpharm",
    "bsc",
    "bvsc",
    "certificate",
    "degree",
    "diploma",
    "hnd",
    "honours",
    "hons",
    "llb",
    "ma",
    "masters",
    "mba",
    "mbchb",
    "msc",
    "nc",
    "nd",
    "phd",
];

fn names_a_qualification(part: &str) -> bool {
    part.split(|c: char| !c.is_alphanumeric())
        .any(|w| QUALIFICATION_WORDS.contains(&w.to_lowercase().as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: YearMonth = YearMonth {
        year: 2026,
        month: 11,
    };

    #[test]
    fn a_pharmacists_resume_proposes_her_skills_years_field_and_university() {
        let text = "CHIPO NDLOVU\nHospital Pharmacist | Bulawayo\n\nEXPERIENCE\nSenior Pharmacist | Mpilo Central Hospital | Mar 2021 – Nov 2026\n• Led the AMS team's rounds\nPharmacist, Mpilo Central Hospital, 2019 - 2021\n- Dispensed 250 scripts a day\n\nEDUCATION\nBachelor of Pharmacy (Honours), University of Zimbabwe, 2017\n\nKEY SKILLS\nAseptic compounding; antimicrobial stewardship | clinical pharmacy\n• Stock control\n";
        let proposal = propose_profile(text, TODAY);
        assert_eq!(
            proposal.skills,
            [
                "Aseptic compounding",
                "antimicrobial stewardship",
                "clinical pharmacy",
                "Stock control"
            ]
        );
        // 5 years 8 months and 2 years (2019–2021 is 24 months): 7 whole years.
        assert_eq!(proposal.experience_years, Some(7));
        assert_eq!(
            proposal.degree_field.as_deref(),
            Some("Bachelor of Pharmacy (Honours)")
        );
        assert_eq!(
            proposal.university.as_deref(),
            Some("University of Zimbabwe (UZ)")
        );
    }

    #[test]
    fn an_unlisted_college_is_other_and_a_bare_text_proposes_nothing() {
        let text = "TENDAI\n\nEDUCATION\nNational Certificate in Electrical Power Engineering, Bulawayo Polytechnic, 2014\n";
        let proposal = propose_profile(text, TODAY);
        assert_eq!(proposal.university.as_deref(), Some("Other"));
        assert_eq!(proposal.experience_years, None);
        assert!(proposal.skills.is_empty());
        assert!(propose_profile("Just a note", TODAY).is_empty());
    }
}

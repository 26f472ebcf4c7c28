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
//! is deterministic: the same profile, job and regeneration count always give
//! the same letter; the opening and closing vary between jobs and with each
//! "Regenerate" ([`compose_variant`]), the facts never do.

use serde::{Deserialize, Deserializer, Serialize};

use crate::resume::WorkRole;
use crate::score::{self, CandidateProfile, DegreeClass, DegreeField, JobRequirements};

/// The name used when the profile has none (spec §7, `fullName` default).
pub const DEFAULT_NAME: &str = "Candidate";
/// At most this many skills in common are named, in the profile's order.
pub const MAX_SKILLS_NAMED: usize = 6;
/// At most this many achievements of the resume's fitting roles are told.
pub const MAX_ACHIEVEMENTS: usize = 2;
/// The fit (percent) from which the letter calls the candidate a strong match.
pub const STRONG_MATCH_FROM: f64 = 75.0;
/// The fit (percent) from which the letter says the background fits much of the job.
pub const GOOD_MATCH_FROM: f64 = 50.0;
/// The phrase only a strong fit earns.
pub const STRONG_MATCH_PHRASE: &str = "a strong match";
/// The longest letter a candidate may send (characters, after trimming).
pub const MAX_LETTER_CHARS: usize = 6000;
/// A sent letter with no text.
pub const MSG_LETTER_EMPTY: &str = "Please write a cover letter, or choose Regenerate.";
/// A sent letter over [`MAX_LETTER_CHARS`].
pub const MSG_LETTER_TOO_LONG: &str = "A cover letter can be at most 6,000 characters.";

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
    /// The field of study (an option's label or free text).
    #[serde(alias = "degree_field")]
    pub degree_field: Option<String>,
    /// The default resume's roles: the letter tells those that fit the job.
    #[serde(deserialize_with = "null_as_default")]
    pub roles: Vec<WorkRole>,
}

/// What the letter reads from the job.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
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
    /// The candidate's fit for this job (percent) as the server scored it: the letter's
    /// claim of a match follows its band, and without it the letter claims none.
    #[serde(alias = "fit_percentage")]
    pub fit_percentage: Option<f64>,
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
    compose_variant(profile, job, 0)
}

/// The letter's `regeneration`-th wording: the same facts, another opening and closing.
/// Which wording a job's first letter gets depends on its title and company, so two
/// letters of one candidate to two jobs rarely open alike; "Regenerate" takes the next.
pub fn compose_variant(
    profile: &CoverLetterProfile,
    job: &CoverLetterJob,
    regeneration: u32,
) -> CoverLetter {
    let wording = wording_of(job, regeneration);
    let name = one_line(&profile.full_name).unwrap_or_else(|| DEFAULT_NAME.to_string());
    let title = one_line(&job.job_title);
    let company = one_line(&job.company_name);

    let subject = match &title {
        Some(title) => format!("Application for {title} – {name}"),
        None => format!("Job application – {name}"),
    };

    let common = skills_in_common(profile, job);
    let fitting = fitting_roles(profile, job);
    // Years come from the fitting roles when the resume has any, else from the profile.
    let years = if fitting.is_empty() {
        profile.experience_years.filter(|&y| y > 0)
    } else {
        None
    };
    // Years of other work do not meet this job's minimum: with resume roles of which none
    // fits, the letter gives the years without saying they meet it.
    let required_years = job
        .experience_years
        .filter(|&y| y > 0 && profile.roles.is_empty());

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
    // The claim follows the score: only a strong fit is called a strong match.
    let outlook = match job.fit_percentage {
        Some(fit) if fit >= STRONG_MATCH_FROM => {
            "I believe my background is a strong match for what you are looking for."
        }
        Some(fit) if fit >= GOOD_MATCH_FROM => {
            "My background covers much of what you are looking for."
        }
        _ => "I am keen to bring commitment, care and a willingness to learn to your team.",
    };
    let opening = match wording % OPENINGS {
        0 => format!("I am writing to apply for {role}{at_company}."),
        1 => format!("I would like to be considered for {role}{at_company}."),
        2 => format!("Please accept my application for {role}{at_company}."),
        _ => format!(
            "{}{at_company} caught my attention, and I would like to apply for it.",
            capitalised(&role)
        ),
    };
    paragraphs.push(format!("{opening} {outlook}"));

    if let Some(roles) = roles_paragraph(&fitting, &common) {
        paragraphs.push(roles);
    }
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
    paragraphs.push(match wording % CLOSINGS {
        0 => format!(
            "I would welcome the opportunity to discuss how I could contribute to {closing_team}. \
             Thank you for considering my application."
        ),
        1 => format!(
            "Thank you for considering my application. I would be glad to talk about how I \
             could contribute to {closing_team}."
        ),
        _ => "I would be happy to discuss my application at a time that suits you. Thank you \
              for your time and consideration."
            .to_string(),
    });
    paragraphs.push(format!("Kind regards,\n{name}"));

    CoverLetter {
        subject,
        body: paragraphs.join("\n\n"),
    }
}

/// How many openings and closings the letter has (coprime, so they pair up differently).
const OPENINGS: u32 = 4;
const CLOSINGS: u32 = 3;

/// The wording of a job's `regeneration`-th letter: FNV-1a of its title and company
/// (stable across builds and platforms, unlike the standard hasher), plus the count.
fn wording_of(job: &CoverLetterJob, regeneration: u32) -> u32 {
    let key = format!(
        "{}\n{}",
        job.job_title.trim().to_lowercase(),
        job.company_name.trim().to_lowercase()
    );
    let hash = key.bytes().fold(0x811c_9dc5_u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    (hash % (OPENINGS * CLOSINGS)).wrapping_add(regeneration)
}

/// `text` with its first letter upper-case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The letter a candidate sends, as it is stored: line ends as `\n`, no control characters
/// but new lines and tabs, trimmed; refused when empty or over [`MAX_LETTER_CHARS`].
pub fn sent_letter(text: &str) -> Result<String, &'static str> {
    let cleaned: String = text
        .replace("\r\n", "\n")
        .replace('\r', "\n")
        .chars()
        .filter(|c| !c.is_control() || matches!(c, '\n' | '\t'))
        .collect();
    let letter = cleaned.trim();
    if letter.is_empty() {
        return Err(MSG_LETTER_EMPTY);
    }
    if letter.chars().count() > MAX_LETTER_CHARS {
        return Err(MSG_LETTER_TOO_LONG);
    }
    Ok(letter.to_string())
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
    let field = profile
        .degree_field
        .as_deref()
        .and_then(one_line)
        .map(|f| DegreeField::read(&f).map_or(f, |known| known.label().to_string()));
    let in_field = field.map_or_else(String::new, |f| format!(" in {f}"));
    let degree = profile
        .degree_class
        .as_deref()
        .and_then(|text| DegreeClass::parse(text).ok())
        .map(|class| match class {
            DegreeClass::Diploma => format!("a Diploma{in_field}"),
            other => format!("a {} degree{in_field}", other.candidate_label()),
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

/// The job as the fit score reads it.
fn requirements_of(job: &CoverLetterJob) -> JobRequirements {
    JobRequirements {
        skills: job.skills.clone(),
        requirements: job.requirements.clone(),
        experience_years: job.experience_years,
        title: Some(job.job_title.clone()),
        description: Some(job.job_description.clone()),
        ..JobRequirements::default()
    }
}

/// The resume roles that fit the job, by the fit score's own rule.
fn fitting_roles<'a>(profile: &'a CoverLetterProfile, job: &CoverLetterJob) -> Vec<&'a WorkRole> {
    if profile.roles.is_empty() {
        return Vec::new();
    }
    let candidate = CandidateProfile {
        skills: profile.skills.clone(),
        roles: profile.roles.clone(),
        ..CandidateProfile::default()
    };
    score::fitting_roles(&candidate, &requirements_of(job))
        .into_iter()
        .filter_map(|i| profile.roles.get(i))
        .collect()
}

/// The fitting roles in words: how long, as what, and up to [`MAX_ACHIEVEMENTS`] of their
/// bullets, those with figures first, then those naming a skill in common.
fn roles_paragraph(fitting: &[&WorkRole], common: &[String]) -> Option<String> {
    let first = fitting.first()?;
    let months: u32 = fitting.iter().map(|r| r.months).sum();
    let titles: Vec<String> =
        fitting
            .iter()
            .filter_map(|r| one_line(&r.title))
            .fold(Vec::new(), |mut seen, t| {
                if !seen.contains(&t) {
                    seen.push(t);
                }
                seen
            });
    let mut sentences = vec![match titles.as_slice() {
        [] | [_] => format!(
            "I have worked as {} for {}.",
            one_line(&first.title).unwrap_or_default(),
            duration(months)
        ),
        many => format!(
            "I have {} of experience in roles such as {}.",
            duration(months),
            join_list(&many[..many.len().min(2)])
        ),
    }];
    let bullets: Vec<&String> = fitting.iter().flat_map(|r| &r.bullets).collect();
    let names_common = |b: &str| {
        let lower = b.to_lowercase();
        common.iter().any(|s| lower.contains(&s.to_lowercase()))
    };
    let mut chosen: Vec<&String> = bullets
        .iter()
        .copied()
        .filter(|b| b.chars().any(|c| c.is_ascii_digit()))
        .collect();
    chosen.extend(
        bullets
            .iter()
            .copied()
            .filter(|b| !b.chars().any(|c| c.is_ascii_digit()) && names_common(b)),
    );
    chosen.truncate(MAX_ACHIEVEMENTS);
    let told: Vec<String> = chosen
        .iter()
        .filter_map(|b| one_line(b))
        .map(|b| as_clause(&b))
        .collect();
    match told.as_slice() {
        [] => {}
        [one] => sentences.push(format!("Among other things, I {one}.")),
        [a, b, ..] => sentences.push(format!("Among other things, I {a}, and {b}.")),
    }
    Some(sentences.join(" "))
}

/// A bullet ("Built dashboards used by 40 managers.") as a clause after "I": its first
/// word lowercased when it is a capitalised word (not "IFRS" or "Power BI"), no end stop.
fn as_clause(bullet: &str) -> String {
    let text = bullet.trim_end_matches(['.', ';', ',']);
    let first = text.split_whitespace().next().unwrap_or_default();
    let mut chars = first.chars();
    let capitalised = chars.next().is_some_and(char::is_uppercase)
        && chars.all(|c| c.is_lowercase() || !c.is_alphabetic());
    if capitalised {
        let mut out = first.to_lowercase();
        out.push_str(&text[first.len()..]);
        out
    } else {
        text.to_string()
    }
}

/// Months as "8 months", "1 year", "4 years", "2.5 years".
fn duration(months: u32) -> String {
    if months < 12 {
        return if months == 1 {
            "1 month".to_string()
        } else {
            format!("{months} months")
        };
    }
    let years = (f64::from(months) / 12.0 * 2.0).round() / 2.0;
    if (years - 1.0).abs() < f64::EPSILON {
        "1 year".to_string()
    } else if years.fract() == 0.0 {
        format!("{years:.0} years")
    } else {
        format!("{years:.1} years")
    }
}

/// The claims of a letter's `body` that the profile, its resume roles and the job do not
/// support, in words (empty when every claim holds). Checked: every figure is one the
/// sources hold (or a duration the letter computed from the roles); every skill of the
/// vocabulary it names is the candidate's (profile or resume); and "a strong match" only
/// with a fit of at least [`STRONG_MATCH_FROM`]. The built-in letter is held to it by
/// tests, and a model's letter is checked with it before it is used.
pub fn unsupported_claims(
    body: &str,
    profile: &CoverLetterProfile,
    job: &CoverLetterJob,
) -> Vec<String> {
    let mut problems = Vec::new();
    if body.to_lowercase().contains(STRONG_MATCH_PHRASE)
        && job.fit_percentage.is_none_or(|fit| fit < STRONG_MATCH_FROM)
    {
        problems.push(format!(
            "claims {STRONG_MATCH_PHRASE} with a fit under {STRONG_MATCH_FROM}%"
        ));
    }
    let mut sources = vec![
        profile.full_name.clone(),
        profile.skills.join(" "),
        profile.degree_class.clone().unwrap_or_default(),
        profile.university.clone().unwrap_or_default(),
        profile.degree_field.clone().unwrap_or_default(),
        job.job_title.clone(),
        job.company_name.clone(),
        job.job_description.clone(),
        job.requirements.join(" "),
        job.skills.join(" "),
    ];
    if let Some(years) = profile.experience_years {
        sources.push(years.to_string());
    }
    if let Some(years) = job.experience_years {
        sources.push(years.to_string());
    }
    for role in &profile.roles {
        sources.push(role.title.clone());
        sources.extend(role.bullets.iter().cloned());
    }
    let fitting = fitting_roles(profile, job);
    let months: u32 = fitting.iter().map(|r| r.months).sum();
    sources.push(duration(months));
    let source_text = sources.join(" \n ");
    for figure in body
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .map(|f| f.trim_matches(['.', ',']))
        .filter(|f| f.chars().any(|c| c.is_ascii_digit()))
    {
        if !source_text.contains(figure) {
            problems.push(format!(
                "the figure {figure} is not in the profile, resume or job"
            ));
        }
    }
    // The candidate's skills: their list, what their resume roles name, and their field of
    // study as the letter writes it ("a degree in Accounting" names no skill claim).
    let field = profile.degree_field.clone().unwrap_or_default();
    let field_label = DegreeField::read(&field).map_or("", DegreeField::label);
    let own: Vec<String> = profile
        .skills
        .iter()
        .map(|s| score::normalise_skill(s))
        .chain(
            [field.as_str(), field_label]
                .into_iter()
                .flat_map(|t| score::skills_in_text(t).into_iter().map(|(key, _)| key)),
        )
        .chain(
            profile
                .roles
                .iter()
                .flat_map(|r| std::iter::once(&r.title).chain(&r.bullets))
                .flat_map(|t| score::skills_in_text(t).into_iter().map(|(key, _)| key)),
        )
        .collect();
    // A job title or company name may contain a skill ("Digital Marketing Officer"):
    // repeating it is no claim about the candidate.
    let mut claims = body.to_string();
    for name in [&job.job_title, &job.company_name] {
        if let Some(name) = one_line(name) {
            claims = claims.replace(&name, " ");
        }
    }
    for (key, display) in score::skills_in_text(&claims) {
        if !own.contains(&key) {
            problems.push(format!(
                "names {display}, which the candidate does not list"
            ));
        }
    }
    problems
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
            ..CoverLetterProfile::default()
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
            fit_percentage: Some(80.0),
        }
    }

    #[test]
    fn tells_the_fitting_role_its_years_and_achievements_with_figures_first() {
        let nurse = CoverLetterProfile {
            full_name: "Rudo Mhlanga".into(),
            skills: strings(&["Patient Care", "Wound Care"]),
            experience_years: Some(6),
            degree_class: Some("2.1 Class".into()),
            university: Some("University of Zimbabwe (UZ)".into()),
            degree_field: Some("BSc Nursing Science".into()),
            roles: vec![
                WorkRole {
                    title: "Staff Nurse".into(),
                    months: 80,
                    bullets: strings(&[
                        "Led infection control audits for the ward",
                        "Cut medication errors by 40% with a double-check round",
                    ]),
                },
                WorkRole {
                    title: "Cashier".into(),
                    months: 24,
                    bullets: strings(&["Handled 300 customers a day"]),
                },
            ],
        };
        let ward = CoverLetterJob {
            job_title: "Registered Nurse".into(),
            company_name: "Avenues Clinic".into(),
            skills: strings(&["Patient Care", "Infection Control"]),
            experience_years: Some(2),
            fit_percentage: Some(62.0),
            ..CoverLetterJob::default()
        };
        let body = compose(&nurse, &ward).body;
        assert!(
            body.contains(
                "I have worked as Staff Nurse for 6.5 years. Among other things, I cut medication \
                 errors by 40% with a double-check round."
            ),
            "{body}"
        );
        // The cashier's years and figures are not this job's; 62% is no strong match.
        assert!(!body.contains("Cashier") && !body.contains("300"), "{body}");
        assert!(body.contains("My background covers much of what you are looking for."));
        assert!(
            body.contains("I hold a 2.1 Class degree in Nursing from University of Zimbabwe (UZ).")
        );
        assert!(unsupported_claims(&body, &nurse, &ward).is_empty());
    }

    #[test]
    fn the_fact_check_catches_invented_figures_skills_and_a_strong_match() {
        let profile = full_profile();
        let job = CoverLetterJob {
            fit_percentage: Some(40.0),
            ..job()
        };
        let invented = "I believe my background is a strong match. I led 12 engineers and \
                        built services in Kubernetes.";
        let problems = unsupported_claims(invented, &profile, &job);
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].contains("strong match"));
        assert!(problems[1].contains("12"));
        assert!(problems[2].contains("Kubernetes"));
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
        // Such a profile scores low: the letter claims no match.
        let low = CoverLetterJob {
            fit_percentage: Some(10.0),
            ..job()
        };
        let letter = compose(&bare, &low);
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
        assert!(
            letter
                .body
                .to_lowercase()
                .contains("the advertised position")
        );
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
    fn opening(body: &str) -> &str {
        body.split("\n\n")
            .nth(1)
            .and_then(|p| p.split(". ").next())
            .unwrap_or_default()
    }

    #[test]
    fn letters_to_different_jobs_open_differently() {
        let titles = [
            "Frontend Developer",
            "Data Analyst",
            "Staff Nurse",
            "Accountant",
            "Legal Officer",
            "Teacher",
            "Agronomist",
            "HR Officer",
        ];
        let mut openings: Vec<String> = Vec::new();
        for title in titles {
            let job = CoverLetterJob {
                job_title: title.into(),
                ..job()
            };
            let body = compose(&full_profile(), &job).body;
            assert!(opening(&body).contains(title), "{body}");
            let first = opening(&body).replace(title, "{title}");
            if !openings.contains(&first) {
                openings.push(first);
            }
        }
        assert!(openings.len() >= 3, "{openings:?}");
    }

    #[test]
    fn regenerating_changes_the_wording_but_not_the_facts() {
        let profile = CoverLetterProfile {
            roles: vec![WorkRole {
                title: "Frontend Developer".into(),
                months: 30,
                bullets: strings(&["Cut page load time by 40% with React code splitting"]),
            }],
            ..full_profile()
        };
        let letters: Vec<String> = (0..4)
            .map(|n| compose_variant(&profile, &job(), n).body)
            .collect();
        for (n, body) in letters.iter().enumerate() {
            assert!(
                unsupported_claims(body, &profile, &job()).is_empty(),
                "{body}"
            );
            assert!(body.contains("cut page load time by 40%"), "{body}");
            assert!(body.contains("React, TypeScript and docker"), "{body}");
            let next = &letters[(n + 1) % letters.len()];
            assert_ne!(opening(body), opening(next));
        }
        assert_eq!(
            compose(&profile, &job()),
            compose_variant(&profile, &job(), 0)
        );
    }

    #[test]
    fn a_sent_letter_is_cleaned_and_held_to_its_length() {
        assert_eq!(
            sent_letter("  Dear team,\r\n\r\nI apply.\u{0}\u{7} \n\tThanks\n"),
            Ok("Dear team,\n\nI apply. \n\tThanks".to_string())
        );
        assert_eq!(sent_letter(" \n\r\t "), Err(MSG_LETTER_EMPTY));
        let longest = "é".repeat(MAX_LETTER_CHARS);
        assert_eq!(sent_letter(&longest).as_deref(), Ok(longest.as_str()));
        assert_eq!(
            sent_letter(&format!("{longest}x")),
            Err(MSG_LETTER_TOO_LONG)
        );
    }
}

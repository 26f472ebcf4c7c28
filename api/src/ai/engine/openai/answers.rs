//! Reading the model's answers: JSON out of fences, and the checks an answer must pass
//! before it is used (no claim the profile lacks, no other score, only listed links).

use serde::Deserialize;

use jobtap_core::chat::plain_words;
use jobtap_core::cover_letter::{self, CoverLetter};
use jobtap_core::interview::Narrative;
use jobtap_core::interview::advice::CuratedResource;
use jobtap_core::score::{normalise_skill, skills_in_text};

use super::super::{CoverLetterInput, InterviewInput};
use super::RemoteError;

/// `answer` without a surrounding markdown code fence.
pub(super) fn strip_fences(answer: &str) -> &str {
    let trimmed = answer.trim();
    let Some(rest) = trimmed.strip_prefix("```") else {
        return trimmed;
    };
    // Drop the info string (`json`) on the opening line.
    let rest = rest.split_once('\n').map_or("", |(_, body)| body);
    rest.trim_end().strip_suffix("```").unwrap_or(rest).trim()
}

/// The JSON value in `answer`, tolerating a code fence or words around it.
pub(super) fn parse_json<T: serde::de::DeserializeOwned>(answer: &str) -> Result<T, RemoteError> {
    let body = strip_fences(answer);
    if let Ok(value) = serde_json::from_str(body) {
        return Ok(value);
    }
    let start = body.find(['{', '[']);
    let end = body.rfind(['}', ']']);
    match (start, end) {
        (Some(s), Some(e)) if s < e => serde_json::from_str(&body[s..=e])
            .map_err(|err| RemoteError::Malformed(format!("invalid JSON: {err}"))),
        _ => Err(RemoteError::Malformed("no JSON in the answer".into())),
    }
}

#[derive(Debug, Deserialize)]
pub(super) struct LetterAnswer {
    subject: String,
    body: String,
}

/// Skills as a JSON list of short names (or `{"skills": [...]}`).
pub(super) fn parse_skills(answer: &str) -> Result<Vec<String>, RemoteError> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Skills {
        List(Vec<String>),
        Object { skills: Vec<String> },
    }
    let list = match parse_json::<Skills>(answer)? {
        Skills::List(list) | Skills::Object { skills: list } => list,
    };
    let mut out: Vec<String> = Vec::new();
    for skill in list {
        let skill = skill.trim().to_string();
        if skill.is_empty() || skill.chars().count() > 60 {
            return Err(RemoteError::Malformed(format!(
                "not a skill name: {skill:?}"
            )));
        }
        if !out.iter().any(|s| s.eq_ignore_ascii_case(&skill)) {
            out.push(skill);
        }
    }
    if out.is_empty() || out.len() > 15 {
        return Err(RemoteError::Malformed(format!("{} skills", out.len())));
    }
    out.truncate(8);
    Ok(out)
}

/// A score as `{"score": n}` or a bare number (a `%` allowed), 0–100, rounded.
pub(super) fn parse_score(answer: &str) -> Result<f64, RemoteError> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Score {
        Number(f64),
        Object {
            #[serde(alias = "talentScore", alias = "talent_score")]
            score: f64,
        },
    }
    let body = strip_fences(answer);
    let bare = body.trim_end_matches('%').trim().parse::<f64>().ok();
    let value = match bare {
        Some(n) => n,
        None => match parse_json::<Score>(body)? {
            Score::Number(n) | Score::Object { score: n } => n,
        },
    };
    if value.is_finite() && (0.0..=100.0).contains(&value) {
        Ok(value.round())
    } else {
        Err(RemoteError::Malformed(format!("a score of {value}")))
    }
}

/// The letter if it is well formed and claims no skill or years the profile lacks.
pub(super) fn check_letter(
    input: &CoverLetterInput,
    letter: &LetterAnswer,
) -> Result<CoverLetter, RemoteError> {
    let subject = letter.subject.trim().to_string();
    let body = letter.body.trim().to_string();
    if !(5..=200).contains(&subject.chars().count()) || subject.contains('\n') {
        return Err(RemoteError::Malformed(
            "the subject is missing or too long".into(),
        ));
    }
    if !(100..=6000).contains(&body.chars().count()) {
        return Err(RemoteError::Malformed(
            "the letter is too short or too long".into(),
        ));
    }
    let words = format!(" {} ", plain_words(&body));
    for skill in lacking_skills(input) {
        let phrase = plain_words(&skill);
        if !phrase.is_empty() && words.contains(&format!(" {phrase} ")) {
            return Err(RemoteError::Malformed(format!(
                "the letter claims a skill the profile lacks: {skill}"
            )));
        }
    }
    let allowed = [input.profile.experience_years, input.job.experience_years];
    let tokens: Vec<&str> = words.split_whitespace().collect();
    for pair in tokens.windows(2) {
        let years_word = pair[1].starts_with("year") || pair[1] == "yrs";
        if let (true, Ok(n)) = (years_word, pair[0].trim_end_matches('+').parse::<i64>())
            && !allowed.contains(&Some(n))
        {
            return Err(RemoteError::Malformed(format!(
                "the letter claims {n} years the profile does not hold"
            )));
        }
    }
    // The same fact check the built-in letter is held to.
    let problems = cover_letter::unsupported_claims(&body, &input.profile, &input.job);
    if let Some(problem) = problems.first() {
        return Err(RemoteError::Malformed(format!(
            "the letter makes a claim the facts do not hold: {problem}"
        )));
    }
    Ok(CoverLetter { subject, body })
}

/// The job's wanted skills that the profile does not hold.
pub(super) fn lacking_skills(input: &CoverLetterInput) -> Vec<String> {
    let job = &input.job;
    let wanted: Vec<String> = if job.skills.is_empty() {
        let text = format!("{}. {}", job.requirements.join(". "), job.job_description);
        skills_in_text(&text)
            .into_iter()
            .map(|(_, display)| display.to_string())
            .collect()
    } else {
        job.skills.clone()
    };
    let held: Vec<String> = input
        .profile
        .skills
        .iter()
        .map(|s| normalise_skill(s))
        .collect();
    wanted
        .into_iter()
        .filter(|w| !held.contains(&normalise_skill(w)))
        .collect()
}

/// Ids of the job pages `answer` links to (`/job/{id}`).
pub(super) fn linked_job_ids(answer: &str) -> Vec<String> {
    answer
        .match_indices("/job/")
        .map(|(at, m)| {
            answer[at + m.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect::<String>()
        })
        .filter(|id| !id.is_empty())
        .collect()
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct InterviewAnswer {
    summary: String,
    action_plan: Vec<String>,
    #[serde(default)]
    resource_ids: Vec<String>,
}

/// The model's coaching text, if it keeps to the figures and the curated links.
pub(super) fn check_interview(
    input: &InterviewInput,
    allowed: &[CuratedResource],
    answer: InterviewAnswer,
) -> Result<Narrative, RemoteError> {
    let malformed = |why: &str| Err(RemoteError::Malformed(why.to_string()));
    let summary = answer.summary.trim().to_string();
    if !(20..=1500).contains(&summary.chars().count()) {
        return malformed("the summary is empty or too long");
    }
    let action_plan: Vec<String> = answer
        .action_plan
        .into_iter()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    if !(2..=8).contains(&action_plan.len()) || action_plan.iter().any(|s| s.chars().count() > 400)
    {
        return malformed("the action plan is not 2 to 8 short steps");
    }
    if std::iter::once(&summary)
        .chain(&action_plan)
        .any(|t| t.contains("://") || t.contains("www."))
    {
        return malformed("the text carries a link of its own");
    }
    let stated = numbers_before(&summary, "/100");
    if stated
        .iter()
        .any(|n| Some(*n) != input.scores.overall_score)
    {
        return malformed("the summary states another overall score");
    }
    let mut resources = Vec::new();
    for id in &answer.resource_ids {
        let Some(resource) = allowed.iter().find(|r| r.id == id.trim()) else {
            return malformed("a resource that is not one of the weak metrics' curated ones");
        };
        if !resources.contains(&resource.to_resource()) {
            resources.push(resource.to_resource());
        }
    }
    if resources.is_empty() {
        resources = allowed.iter().map(|r| r.to_resource()).collect();
    }
    Ok(Narrative {
        summary,
        action_plan,
        resources,
    })
}

/// The whole numbers written right before `suffix` ("72/100").
pub(super) fn numbers_before(text: &str, suffix: &str) -> Vec<u32> {
    text.match_indices(suffix)
        .filter_map(|(at, _)| {
            let digits: String = text[..at]
                .chars()
                .rev()
                .take_while(char::is_ascii_digit)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            digits.parse().ok()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use jobtap_core::cover_letter::{CoverLetterJob, CoverLetterProfile};

    #[test]
    fn skills_must_be_a_json_list_of_names() {
        assert_eq!(
            parse_skills("```json\n[\"SQL\", \"Excel\", \"sql\"]\n```").unwrap(),
            vec!["SQL", "Excel"]
        );
        assert_eq!(
            parse_skills("{\"skills\": [\"Rust\"]}").unwrap(),
            vec!["Rust"]
        );
        assert!(parse_skills("SQL, Excel and Python").is_err());
        assert!(parse_skills("[]").is_err());
        assert!(parse_skills("[1, 2]").is_err());
    }

    #[test]
    fn scores_must_be_numbers_from_0_to_100() {
        assert!((parse_score("{\"score\": 42.4}").unwrap() - 42.0).abs() < f64::EPSILON);
        assert!((parse_score("55%").unwrap() - 55.0).abs() < f64::EPSILON);
        assert!(parse_score("about fifty").is_err());
        assert!(parse_score("{\"score\": 140}").is_err());
    }

    fn input(skills: &[&str], years: Option<i64>) -> CoverLetterInput {
        CoverLetterInput {
            profile: CoverLetterProfile {
                full_name: "Rudo Moyo".into(),
                skills: skills.iter().map(|s| (*s).to_string()).collect(),
                experience_years: years,
                ..Default::default()
            },
            job: CoverLetterJob {
                job_title: "Data Analyst".into(),
                company_name: "Acme".into(),
                skills: vec!["SQL".into(), "Power BI".into()],
                ..Default::default()
            },
            regeneration: 0,
        }
    }

    fn letter(body: &str) -> LetterAnswer {
        LetterAnswer {
            subject: "Application for Data Analyst – Rudo Moyo".into(),
            body: format!(
                "Dear Acme team, {body} {}",
                "I look forward to hearing from you. ".repeat(3)
            ),
        }
    }

    #[test]
    fn letters_claiming_what_the_profile_lacks_are_refused() {
        let held = input(&["SQL"], Some(2));
        assert!(
            check_letter(
                &held,
                &letter("I use SQL daily with 2 years of experience.")
            )
            .is_ok()
        );
        assert!(check_letter(&held, &letter("I am an expert in Power BI.")).is_err());
        assert!(check_letter(&held, &letter("I bring 7 years of experience.")).is_err());
    }

    #[test]
    fn answers_are_read_through_fences_and_links_are_found() {
        assert_eq!(strip_fences("```\nhello\n```"), "hello");
        assert_eq!(
            linked_job_ids("[a](/job/abc-1) and [b](/job/x_2)"),
            vec!["abc-1", "x_2"]
        );
        assert_eq!(
            numbers_before("Score 72/100, not 9/100", "/100"),
            vec![72, 9]
        );
    }
}

//! The built-in engine's help for employers writing a posting (spec, employer side
//! §2 "AI buttons", §7 `ai-job-assistance`): a description, suggested skills and a
//! suggested minimum talent score, composed from what the employer typed.

use std::fmt::Write as _;

use crate::role_style::{RoleKey, role_key};
use crate::score::generic::is_generic;
use crate::score::skills_in_text;

/// The lowest and highest thresholds the engine suggests: the floor is above the spec's
/// default of 20, which unrelated candidates can reach.
pub const MIN_SUGGESTED_SCORE: f64 = 25.0;
pub const MAX_SUGGESTED_SCORE: f64 = 75.0;

fn duties(key: RoleKey) -> [&'static str; 4] {
    match key {
        RoleKey::Developer
        | RoleKey::DevOps
        | RoleKey::Database
        | RoleKey::Security
        | RoleKey::Ai => [
            "design, build and maintain reliable software that customers depend on",
            "review code, write tests and keep quality high across the codebase",
            "work with product and design to turn requirements into working features",
            "monitor, troubleshoot and improve systems in production",
        ],
        RoleKey::Designer => [
            "shape user journeys, wireframes and polished interface designs",
            "run user research and usability tests and act on what they show",
            "maintain a consistent design system with engineering",
            "present and defend design decisions to stakeholders",
        ],
        RoleKey::Data => [
            "collect, clean and model data from several sources",
            "build dashboards and reports that answer real business questions",
            "design analyses and experiments and explain their results clearly",
            "keep data definitions documented and trustworthy",
        ],
        RoleKey::Manager | RoleKey::Product => [
            "set clear goals and priorities and track progress against them",
            "lead, coach and support the people on the team",
            "coordinate with other teams and keep stakeholders informed",
            "improve the way the team plans, delivers and learns",
        ],
        RoleKey::Marketing | RoleKey::Sales => [
            "plan and run campaigns that reach the right customers",
            "build and grow relationships with clients and partners",
            "track results against targets and report on them",
            "bring customer insight back to the product and leadership teams",
        ],
        RoleKey::Support => [
            "help customers quickly and kindly by phone, e-mail and chat",
            "diagnose and resolve issues, escalating when needed",
            "document answers so that the next customer is helped faster",
            "share recurring problems with the product team",
        ],
        RoleKey::Writer => [
            "write clear, accurate and engaging content for our audiences",
            "research topics and interview experts",
            "edit and proofread work to a high standard",
            "keep a consistent voice across channels",
        ],
        RoleKey::Medical => [
            "provide safe, high-quality care to patients",
            "keep accurate records and follow clinical protocols",
            "work closely with the wider care team",
            "educate patients and families about their care",
        ],
        RoleKey::Teacher => [
            "plan and deliver engaging lessons",
            "assess progress and give learners useful feedback",
            "create a safe and inclusive learning environment",
            "work with parents and colleagues to support every learner",
        ],
        RoleKey::Default => [
            "deliver high-quality work in your area of responsibility",
            "collaborate with colleagues across the organisation",
            "keep processes organised, documented and improving",
            "represent the company professionally with customers and partners",
        ],
    }
}

fn default_skills(key: RoleKey) -> &'static [&'static str] {
    match key {
        RoleKey::Developer => &["Git", "Testing", "REST APIs", "SQL", "Problem solving"],
        RoleKey::DevOps => &["Linux", "Docker", "Kubernetes", "CI/CD", "Monitoring"],
        RoleKey::Database => &[
            "SQL",
            "PostgreSQL",
            "Performance tuning",
            "Backup and recovery",
        ],
        RoleKey::Security => &[
            "Threat modelling",
            "Network security",
            "Incident response",
            "Linux",
        ],
        RoleKey::Ai => &["Python", "Machine Learning", "Statistics", "Data pipelines"],
        RoleKey::Designer => &["Figma", "User research", "Prototyping", "Design systems"],
        RoleKey::Data => &["SQL", "Excel", "Python", "Data visualisation", "Statistics"],
        RoleKey::Manager | RoleKey::Product => &[
            "Leadership",
            "Planning",
            "Stakeholder management",
            "Communication",
        ],
        RoleKey::Marketing => &[
            "Digital marketing",
            "Content strategy",
            "Analytics",
            "Social media",
        ],
        RoleKey::Sales => &["Negotiation", "CRM", "Prospecting", "Communication"],
        RoleKey::Support => &[
            "Customer service",
            "Communication",
            "Problem solving",
            "Ticketing systems",
        ],
        RoleKey::Writer => &["Copywriting", "Editing", "Research", "SEO"],
        RoleKey::Medical => &[
            "Patient care",
            "Clinical documentation",
            "Teamwork",
            "Communication",
        ],
        RoleKey::Teacher => &[
            "Lesson planning",
            "Classroom management",
            "Assessment",
            "Communication",
        ],
        RoleKey::Default => &[
            "Communication",
            "Organisation",
            "Teamwork",
            "Microsoft Office",
        ],
    }
}

fn article(word: &str) -> &'static str {
    if word
        .chars()
        .next()
        .is_some_and(|c| "AEIOUaeiou".contains(c))
    {
        "an"
    } else {
        "a"
    }
}

/// A job description for `job_title` at `company_name`.
pub fn description(
    job_title: &str,
    company_name: &str,
    job_type: &str,
    experience_level: &str,
) -> String {
    let title = job_title.trim();
    let company = company_name.trim();
    let key = role_key(title);
    let kind = job_type.trim().to_lowercase();
    let level = experience_level.trim();
    let mut text = format!(
        "{company} is looking for {} {title} to join the team in {} {kind} role. ",
        article(title),
        article(&kind),
    );
    text.push_str("In this role you will:\n");
    for duty in duties(key) {
        text.push_str("- ");
        text.push_str(duty);
        text.push_str(";\n");
    }
    text.push('\n');
    if level.is_empty() || level.eq_ignore_ascii_case("Not specified") {
        text.push_str(
            "We welcome applicants with relevant qualifications and a record of learning quickly. ",
        );
    } else {
        let _ = write!(
            text,
            "You will hold {} {level} (or equivalent experience) in a relevant field. ",
            article(level)
        );
    }
    let _ = write!(
        text,
        "At {company} you will do meaningful work with supportive colleagues and room to grow."
    );
    text
}

/// Skills to ask for: those the title and description name, then the role's usual ones.
pub fn skills(job_title: &str, job_description: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let text = format!("{job_title}. {job_description}");
    let named = skills_in_text(&text)
        .into_iter()
        .map(|(_, display)| display.to_string())
        .chain(crate::vocabulary::phrases_in(job_description));
    for skill in named.chain(
        default_skills(role_key(job_title))
            .iter()
            .map(|s| (*s).to_string()),
    ) {
        if !out.iter().any(|s| s.eq_ignore_ascii_case(&skill)) {
            out.push(skill);
        }
    }
    // The field's own skills first: soft skills any job could ask for go last.
    let mut keyer = crate::vocabulary::Keyer::default();
    out.sort_by_key(|skill| is_generic(&mut keyer, skill));
    out.truncate(8);
    out
}

/// A suggested minimum talent score (percent) from how much the posting asks and how
/// precisely: the floor [`MIN_SUGGESTED_SCORE`] sits above what an unrelated candidate
/// scores under the fit rule (under 20 % on the evaluation set), and each of these adds
/// to it: the title's seniority, the years asked for (2 points a year, up to 8 years),
/// how many requirements and skills are stated (1.5 points each, up to 8), and the share
/// of them that are specific, naming a known skill or a figure (up to 10 points). Rounded
/// to a multiple of 5, at most [`MAX_SUGGESTED_SCORE`].
pub fn talent_score(
    job_title: &str,
    job_description: &str,
    requirements: &str,
    skills: &str,
) -> f64 {
    let title = job_title.to_lowercase();
    let mut score = MIN_SUGGESTED_SCORE;
    if ["principal", "head", "director", "chief"]
        .iter()
        .any(|w| title.contains(w))
    {
        score += 15.0;
    } else if ["senior", "lead", "manager", "architect"]
        .iter()
        .any(|w| title.contains(w))
    {
        score += 10.0;
    }
    let text = format!("{job_description} {requirements}");
    score += f64::from(years_asked(&text).min(8)) * 2.0;
    let stated: Vec<&str> = [requirements, skills]
        .into_iter()
        .flat_map(|list| list.split([',', ';', '\n']))
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .collect();
    #[allow(clippy::cast_precision_loss)]
    {
        score += stated.len().min(8) as f64 * 1.5;
        if !stated.is_empty() {
            let specific = stated
                .iter()
                .filter(|item| {
                    item.chars().any(|c| c.is_ascii_digit()) || !skills_in_text(item).is_empty()
                })
                .count();
            score += 10.0 * specific as f64 / stated.len() as f64;
        }
    }
    // Round to a multiple of 5: a threshold is a policy, not a measurement.
    ((score / 5.0).round() * 5.0).clamp(MIN_SUGGESTED_SCORE, MAX_SUGGESTED_SCORE)
}

/// The largest "N years" / "N+ years" in `text`.
fn years_asked(text: &str) -> u32 {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    words
        .windows(2)
        .filter(|w| w[1].starts_with("year") || w[1].starts_with("yr"))
        .filter_map(|w| w[0].trim_end_matches('+').parse::<u32>().ok())
        .filter(|n| *n <= 30)
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_name_the_company_role_type_and_level() {
        let text = description("Data Analyst", "Acme", "Full-time", "Bachelors");
        assert!(text.starts_with(
            "Acme is looking for a Data Analyst to join the team in a full-time role."
        ));
        assert!(text.contains("dashboards"), "role-specific duties: {text}");
        assert!(text.contains("a Bachelors"));
        let unspecified = description("Engineer", "Acme", "Contract", "Not specified");
        assert!(unspecified.contains("an Engineer"));
        assert!(!unspecified.contains("Not specified"));
    }

    #[test]
    fn skills_come_from_the_text_first_then_the_role() {
        let suggested = skills(
            "Backend Developer",
            "You will build APIs in Rust and PostgreSQL on Docker.",
        );
        assert!(suggested.len() <= 8);
        let pos = |s: &str| suggested.iter().position(|x| x == s);
        assert!(
            pos("Rust").is_some() && pos("PostgreSQL").is_some(),
            "{suggested:?}"
        );
        assert!(
            pos("Git").is_some(),
            "the role's usual skills fill the list: {suggested:?}"
        );
        assert!(pos("Rust") < pos("Git"));
    }

    #[test]
    fn a_pharmacy_posting_gets_its_fields_skills_before_soft_skills() {
        let suggested = skills(
            "Hospital Pharmacist",
            "Provide ward-based pharmaceutical care, support the antimicrobial stewardship \
             committee, prepare sterile products in the aseptic unit and report adverse drug \
             reactions. Good communication and teamwork.",
        );
        let pos = |s: &str| suggested.iter().position(|x| x == s);
        assert!(pos("Antimicrobial stewardship").is_some(), "{suggested:?}");
        assert!(
            pos("Report adverse drug reactions").is_some(),
            "{suggested:?}"
        );
        if let Some(soft) = pos("Communication").or(pos("Teamwork")) {
            assert!(
                pos("Antimicrobial stewardship") < Some(soft),
                "{suggested:?}"
            );
        }
    }

    #[test]
    fn a_posting_that_states_nothing_gets_the_floor_not_the_default() {
        let vague = talent_score("Assistant", "A friendly team.", "", "");
        assert!(
            (vague - MIN_SUGGESTED_SCORE).abs() < f64::EPSILON,
            "{vague}"
        );
        // Stating more, and more precisely, asks for more.
        let listed = talent_score("Assistant", "A friendly team.", "Friendly, Punctual", "");
        let precise = talent_score(
            "Assistant",
            "A friendly team.",
            "Excel, 2 years in an office",
            "",
        );
        assert!(listed < precise, "{listed} {precise}");
    }

    #[test]
    fn talent_scores_grow_with_demands_and_stay_in_range() {
        let junior = talent_score(
            "Junior Support Assistant",
            "Help customers.",
            "",
            "Communication",
        );
        let senior = talent_score(
            "Senior Data Engineer",
            "Own our pipelines.",
            "7+ years of data engineering, Spark, Airflow, Kafka, SQL, Python",
            "Spark, Airflow, Kafka, SQL, Python, AWS, dbt",
        );
        // 25 + one stated skill (1.5), all of them specific (10) → 36.5 → 35.
        assert!((junior - 35.0).abs() < f64::EPSILON, "{junior}");
        // 25 + senior 10 + 7 years 14 + 8 stated 12, and a share of 10 for those the vocabulary
        // knows (not all of these tools) or that hold a figure.
        assert!((senior - 65.0).abs() < f64::EPSILON, "{senior}");
        assert!((MIN_SUGGESTED_SCORE..=MAX_SUGGESTED_SCORE).contains(&senior));
        assert!(
            (senior % 5.0).abs() < f64::EPSILON,
            "a multiple of 5: {senior}"
        );
    }
}

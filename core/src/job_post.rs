//! The employer's job form (spec, employer side §2 "Post a job", §3, §5): what
//! each field accepts, with the spec's messages, and the parsed posting.

use serde::{Deserialize, Serialize};

use crate::job_limits;
use crate::job_type::{self, JobType};
use crate::score::DEFAULT_THRESHOLD;
use crate::validate::{Email, FieldError, FormErrors};

pub const MSG_REQUIRED: &str = "Please fill in all required fields";
pub const MSG_JOB_TYPE: &str = job_type::MSG_UNKNOWN;
pub const MSG_EXPERIENCE: &str = "Years of experience must be a whole number of 0 or more";
pub const MSG_SALARY: &str = "Salary must be a number of 0 or more";
pub const MSG_SALARY_ORDER: &str = "Minimum salary cannot be more than maximum salary";
pub const MSG_THRESHOLD: &str = "Minimum score threshold must be between 0 and 100";
pub const MSG_EXPIRY: &str = "Expiry date cannot be before the posted date";
pub const MSG_DATE: &str = "Dates must look like YYYY-MM-DD";
pub const MSG_URL: &str = "LinkedIn URL must start with http:// or https://";
pub const MSG_DEGREE_CLASS: &str = "Minimum degree class must be First Class, Second Class Upper, Second Class Lower or Third Class";
pub const MSG_LEVEL: &str =
    "Degree level must be Certificate, Diploma, Bachelors, Honours, Masters or PhD";

/// Degree levels of the post form.
pub const DEGREE_LEVELS: [&str; 6] = [
    "Certificate",
    "Diploma",
    "Bachelors",
    "Honours",
    "Masters",
    "PhD",
];
/// Minimum degree classes of the post form.
pub const DEGREE_CLASSES: [&str; 4] = [
    "First Class",
    "Second Class Upper",
    "Second Class Lower",
    "Third Class",
];
/// Suggested required degrees (custom entries are allowed too).
pub const REQUIRED_DEGREES: [&str; 16] = [
    "Computer Science",
    "Information Technology",
    "Software Engineering",
    "Business Administration",
    "Marketing",
    "Finance",
    "Accounting",
    "Economics",
    "Engineering",
    "Education",
    "Nursing",
    "Medicine",
    "Law",
    "Psychology",
    "Sociology",
    "Agriculture and Environmental Science",
];

/// A number as a form sends it: a JSON number, text, or nothing.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Loose {
    #[default]
    Empty,
    Number(f64),
    Text(String),
}

impl Loose {
    fn text(&self) -> Option<String> {
        match self {
            Self::Empty => None,
            Self::Number(n) => Some(n.to_string()),
            Self::Text(t) => Some(t.trim().to_string()).filter(|t| !t.is_empty()),
        }
    }
}

/// The post form as sent (snake_case, the jobs table's names).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct JobPostInput {
    pub company_name: String,
    pub company_logo: String,
    pub job_title: String,
    pub job_type: String,
    pub job_description: String,
    pub location: String,
    pub application_email: String,
    pub linkedin_url: String,
    pub experience_level: String,
    pub required_degree_classes: Vec<String>,
    pub experience_years: Loose,
    pub qualifications: String,
    pub degree_class: String,
    pub minimum_score_threshold: Loose,
    pub requirements: Vec<String>,
    pub skills: Vec<String>,
    pub benefits: Vec<String>,
    pub salary_min: Loose,
    pub salary_max: Loose,
    /// `YYYY-MM-DD`; empty means today.
    pub posted_at: String,
    /// `YYYY-MM-DD` or empty.
    pub expires_at: String,
    /// Bulk-import only.
    pub industry: String,
}

/// A valid posting, ready to store.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobPost {
    pub company_name: String,
    pub company_logo: String,
    pub job_title: String,
    pub job_type: String,
    pub job_description: String,
    pub location: String,
    pub application_email: Option<String>,
    pub linkedin_url: Option<String>,
    pub experience_level: Option<String>,
    pub required_degree_classes: Option<Vec<String>>,
    pub experience_years: Option<i64>,
    pub qualifications: Option<String>,
    pub degree_class: Option<String>,
    pub minimum_score_threshold: f64,
    pub requirements: Vec<String>,
    pub skills: Vec<String>,
    pub benefits: Vec<String>,
    pub salary_min: Option<f64>,
    pub salary_max: Option<f64>,
    /// Epoch milliseconds (UTC midnight of the chosen date, or now).
    pub posted_at: i64,
    pub expires_at: Option<i64>,
    pub industry: Option<String>,
}

/// Trims, drops empties and duplicates (case-insensitively, first spelling kept). Its
/// length limits are checked before ([`check_limits`]).
pub fn clean_list(items: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for item in items.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
        if !out.iter().any(|s| s.eq_ignore_ascii_case(item)) {
            out.push(item.to_owned());
        }
    }
    out
}

fn optional(text: &str) -> Option<String> {
    Some(text.trim().to_string()).filter(|t| !t.is_empty())
}

/// Parses `YYYY-MM-DD` to epoch milliseconds at UTC midnight.
pub fn parse_date(text: &str) -> Option<i64> {
    let mut parts = text.trim().splitn(3, '-');
    let year: i64 = parts.next()?.parse().ok()?;
    let month: u32 = parts.next()?.parse().ok()?;
    let day: u32 = parts.next()?.parse().ok()?;
    if !(1970..=9999).contains(&year)
        || !(1..=12).contains(&month)
        || day == 0
        || day > days_in_month(year, month)
    {
        return None;
    }
    Some(days_from_civil(year, month, day) * 86_400_000)
}

fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn parse_amount(value: &Loose) -> Result<Option<f64>, ()> {
    match value.text() {
        None => Ok(None),
        Some(text) => {
            let cleaned: String = text
                .chars()
                .filter(|c| !matches!(c, ',' | '$' | ' '))
                .collect();
            cleaned
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .map(Some)
                .ok_or(())
        }
    }
}

/// The numbers of the form: experience, salaries and threshold.
struct Numbers {
    experience_years: Option<i64>,
    salary_min: Option<f64>,
    salary_max: Option<f64>,
    threshold: f64,
}

fn parse_numbers(input: &JobPostInput, errors: &mut FormErrors) -> Numbers {
    let mut fail =
        |field: &'static str, message: &'static str| errors.push(FieldError { field, message });
    let experience_years = match input.experience_years.text() {
        None => None,
        Some(text) => match text.parse::<i64>() {
            Ok(years) if (0..=70).contains(&years) => Some(years),
            _ => {
                fail("experience_years", MSG_EXPERIENCE);
                None
            }
        },
    };
    let salary_min = parse_amount(&input.salary_min).unwrap_or_else(|()| {
        fail("salary_min", MSG_SALARY);
        None
    });
    let salary_max = parse_amount(&input.salary_max).unwrap_or_else(|()| {
        fail("salary_max", MSG_SALARY);
        None
    });
    for (field, salary) in [("salary_min", salary_min), ("salary_max", salary_max)] {
        if salary.is_some_and(|s| s > job_limits::SALARY_MAX) {
            fail(field, job_limits::MSG_SALARY_TOO_HIGH);
        }
    }
    if let (Some(min), Some(max)) = (salary_min, salary_max)
        && min > max
    {
        fail("salary_min", MSG_SALARY_ORDER);
    }
    let threshold = match input.minimum_score_threshold.text() {
        None => DEFAULT_THRESHOLD,
        Some(text) => match text.parse::<f64>() {
            Ok(t) if (0.0..=100.0).contains(&t) => t,
            _ => {
                fail("minimum_score_threshold", MSG_THRESHOLD);
                DEFAULT_THRESHOLD
            }
        },
    };
    Numbers {
        experience_years,
        salary_min,
        salary_max,
        threshold,
    }
}

/// The posted and expiry dates; the expiry is the end of its day.
fn parse_dates(input: &JobPostInput, now_ms: i64, errors: &mut FormErrors) -> (i64, Option<i64>) {
    let mut fail =
        |field: &'static str, message: &'static str| errors.push(FieldError { field, message });
    let posted_at = if input.posted_at.trim().is_empty() {
        Some(now_ms)
    } else {
        let parsed = parse_date(&input.posted_at);
        match parsed {
            None => fail("posted_at", MSG_DATE),
            // A job dated ahead would sit first in every feed until then.
            Some(day) if day > now_ms + job_limits::POSTED_AHEAD_MAX_MS => {
                fail("posted_at", job_limits::MSG_POSTED_IN_FUTURE);
            }
            Some(_) => {}
        }
        parsed
    };
    let expires_at = if input.expires_at.trim().is_empty() {
        None
    } else {
        let parsed = parse_date(&input.expires_at);
        match (parsed, posted_at) {
            (None, _) => fail("expires_at", MSG_DATE),
            // The expiry date is a day: it may be the posted day itself.
            (Some(expiry), Some(posted)) if expiry + 86_400_000 <= posted => {
                fail("expires_at", MSG_EXPIRY);
            }
            _ => {}
        }
        parsed.map(|d| d + 86_400_000 - 1)
    };
    (posted_at.unwrap_or(now_ms), expires_at)
}

/// The optional text fields that must have a known shape when given.
fn check_shapes(input: &JobPostInput, errors: &mut FormErrors) {
    let mut fail =
        |field: &'static str, message: &'static str| errors.push(FieldError { field, message });
    if let Some(email) = optional(&input.application_email)
        && Email::parse(&email).is_err()
    {
        fail("application_email", crate::validate::MSG_INVALID_EMAIL);
    }
    if let Some(url) = optional(&input.linkedin_url) {
        let lower = url.to_ascii_lowercase();
        if !(lower.starts_with("https://") || lower.starts_with("http://"))
            || url.contains(char::is_whitespace)
        {
            fail("linkedin_url", MSG_URL);
        }
    }
    if let Some(class) = optional(&input.degree_class)
        && !DEGREE_CLASSES.contains(&class.as_str())
    {
        fail("degree_class", MSG_DEGREE_CLASS);
    }
    if let Some(level) = optional(&input.experience_level)
        && !DEGREE_LEVELS.contains(&level.as_str())
    {
        fail("experience_level", MSG_LEVEL);
    }
    let logo = input.company_logo.trim();
    if !(logo.is_empty() || logo.starts_with("/api/v1/logos/") || logo.starts_with("https://")) {
        fail(
            "company_logo",
            "Company logo must be an uploaded image or an https:// address",
        );
    }
}

/// Lengths, list sizes and hidden characters ([`job_limits`]).
fn check_limits(input: &JobPostInput, errors: &mut FormErrors) {
    let mut fail =
        |field: &'static str, message: &'static str| errors.push(FieldError { field, message });
    let texts = [
        (
            "company_name",
            &input.company_name,
            job_limits::COMPANY_NAME_MAX_CHARS,
            job_limits::MSG_COMPANY_TOO_LONG,
        ),
        (
            "job_title",
            &input.job_title,
            job_limits::JOB_TITLE_MAX_CHARS,
            job_limits::MSG_TITLE_TOO_LONG,
        ),
        (
            "location",
            &input.location,
            job_limits::LOCATION_MAX_CHARS,
            job_limits::MSG_LOCATION_TOO_LONG,
        ),
        (
            "job_description",
            &input.job_description,
            job_limits::DESCRIPTION_MAX_CHARS,
            job_limits::MSG_DESCRIPTION_TOO_LONG,
        ),
    ];
    for (field, text, max, message) in texts {
        if job_limits::too_long(text.trim(), max) {
            fail(field, message);
        } else if job_limits::has_hidden_characters(text) {
            fail(field, job_limits::MSG_HIDDEN_CHARACTERS);
        }
    }
    for (field, text) in [
        ("qualifications", &input.qualifications),
        ("industry", &input.industry),
    ] {
        if job_limits::has_hidden_characters(text) {
            fail(field, job_limits::MSG_HIDDEN_CHARACTERS);
        }
    }
    let lists = [
        ("requirements", &input.requirements),
        ("skills", &input.skills),
        ("benefits", &input.benefits),
        ("required_degree_classes", &input.required_degree_classes),
    ];
    for (field, items) in lists {
        let entries: Vec<&str> = items
            .iter()
            .map(|i| i.trim())
            .filter(|i| !i.is_empty())
            .collect();
        if entries.len() > job_limits::LIST_MAX_ENTRIES {
            fail(field, job_limits::MSG_LIST_TOO_LONG);
        } else if entries
            .iter()
            .any(|e| job_limits::too_long(e, job_limits::LIST_ENTRY_MAX_CHARS))
        {
            fail(field, job_limits::MSG_ENTRY_TOO_LONG);
        } else if entries.iter().any(|e| job_limits::has_hidden_characters(e)) {
            fail(field, job_limits::MSG_HIDDEN_CHARACTERS);
        }
    }
}

/// Checks the form and returns the posting; `now_ms` fills an empty posted date.
pub fn parse(input: &JobPostInput, now_ms: i64) -> Result<JobPost, FormErrors> {
    let mut errors = FormErrors::new();
    let required = [
        ("company_name", &input.company_name),
        ("job_title", &input.job_title),
        ("job_type", &input.job_type),
        ("job_description", &input.job_description),
        ("location", &input.location),
    ];
    for (field, value) in required {
        if value.trim().is_empty() {
            errors.push(FieldError {
                field,
                message: MSG_REQUIRED,
            });
        }
    }
    let job_type = JobType::parse(&input.job_type);
    if job_type.is_none() && !input.job_type.trim().is_empty() {
        errors.push(FieldError {
            field: "job_type",
            message: MSG_JOB_TYPE,
        });
    }
    let numbers = parse_numbers(input, &mut errors);
    let (posted_at, expires_at) = parse_dates(input, now_ms, &mut errors);
    check_shapes(input, &mut errors);
    check_limits(input, &mut errors);
    let Some(job_type) = job_type.filter(|_| errors.is_empty()) else {
        return Err(errors);
    };
    let degrees = clean_list(&input.required_degree_classes);
    Ok(JobPost {
        company_name: input.company_name.trim().to_owned(),
        company_logo: input.company_logo.trim().to_string(),
        job_title: input.job_title.trim().to_owned(),
        job_type: job_type.label().to_string(),
        job_description: input.job_description.trim().to_owned(),
        location: input.location.trim().to_owned(),
        application_email: optional(&input.application_email).map(|e| e.to_lowercase()),
        linkedin_url: optional(&input.linkedin_url),
        experience_level: optional(&input.experience_level),
        required_degree_classes: Some(degrees).filter(|d| !d.is_empty()),
        experience_years: numbers.experience_years,
        qualifications: optional(&input.qualifications),
        degree_class: optional(&input.degree_class),
        minimum_score_threshold: numbers.threshold,
        requirements: clean_list(&input.requirements),
        skills: clean_list(&input.skills),
        benefits: clean_list(&input.benefits),
        salary_min: numbers.salary_min,
        salary_max: numbers.salary_max,
        posted_at,
        expires_at,
        industry: optional(&input.industry),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_767_225_600_000; // 2026-01-01T00:00:00Z

    fn complete() -> JobPostInput {
        JobPostInput {
            company_name: " Acme ".into(),
            job_title: "Backend Engineer".into(),
            job_type: "full-time".into(),
            job_description: "Build APIs.".into(),
            location: "Harare".into(),
            skills: vec![" Rust ".into(), "rust".into(), String::new(), "SQL".into()],
            salary_min: Loose::Text("1,500".into()),
            salary_max: Loose::Number(2500.0),
            experience_years: Loose::Text("3".into()),
            ..JobPostInput::default()
        }
    }

    /// The fields that failed, with their messages.
    fn refusals(input: &JobPostInput) -> Vec<(&'static str, &'static str)> {
        parse(input, NOW)
            .unwrap_err()
            .into_iter()
            .map(|e| (e.field, e.message))
            .collect()
    }

    #[test]
    fn what_a_listing_cannot_show_is_refused_not_cut() {
        use crate::job_limits as limits;
        let mut input = complete();
        input.job_title = "T".repeat(100_000);
        input.job_description = "d".repeat(200_000);
        input.company_name = "Acme\u{202E}gpj.exe".into();
        input.location = "Harare\0".into();
        input.skills = (0..10_000).map(|i| format!("skill {i}")).collect();
        input.benefits = vec!["b".repeat(201)];
        input.salary_max = Loose::Number(1e308);
        input.posted_at = "9999-12-31".into();
        assert_eq!(
            refusals(&input),
            [
                ("salary_max", limits::MSG_SALARY_TOO_HIGH),
                ("posted_at", limits::MSG_POSTED_IN_FUTURE),
                ("company_name", limits::MSG_HIDDEN_CHARACTERS),
                ("job_title", limits::MSG_TITLE_TOO_LONG),
                ("location", limits::MSG_HIDDEN_CHARACTERS),
                ("job_description", limits::MSG_DESCRIPTION_TOO_LONG),
                ("skills", limits::MSG_LIST_TOO_LONG),
                ("benefits", limits::MSG_ENTRY_TOO_LONG),
            ]
        );
        // At the limits, everything is accepted and kept whole.
        let mut input = complete();
        input.job_title = "T".repeat(150);
        input.job_description = "d".repeat(20_000);
        input.skills = (0..50).map(|i| format!("{i}{}", "s".repeat(190))).collect();
        input.salary_max = Loose::Number(limits::SALARY_MAX);
        input.salary_min = Loose::Number(0.0);
        input.posted_at = "2026-01-02".into();
        let post = parse(&input, NOW).unwrap();
        assert_eq!(post.job_title.chars().count(), 150);
        assert_eq!(post.job_description.len(), 20_000);
        assert_eq!(post.skills.len(), 50);
        input.posted_at = "2026-01-03".into();
        assert_eq!(
            refusals(&input),
            [("posted_at", limits::MSG_POSTED_IN_FUTURE)]
        );
    }

    #[test]
    fn a_complete_form_parses_with_defaults() {
        let post = parse(&complete(), NOW).unwrap();
        assert_eq!(post.company_name, "Acme");
        assert_eq!(post.job_type, "Full-time");
        assert_eq!(post.skills, ["Rust", "SQL"]);
        assert_eq!(post.salary_min, Some(1500.0));
        assert_eq!(post.experience_years, Some(3));
        assert!((post.minimum_score_threshold - DEFAULT_THRESHOLD).abs() < f64::EPSILON);
        assert_eq!(post.posted_at, NOW);
        assert_eq!(post.expires_at, None);
    }

    #[test]
    fn required_fields_share_one_message() {
        let errors = parse(&JobPostInput::default(), NOW).unwrap_err();
        assert_eq!(errors.len(), 5);
        assert!(errors.iter().all(|e| e.message == MSG_REQUIRED));
    }

    #[test]
    fn numbers_are_checked() {
        let bad = JobPostInput {
            experience_years: Loose::Text("-1".into()),
            salary_min: Loose::Text("lots".into()),
            minimum_score_threshold: Loose::Number(101.0),
            ..complete()
        };
        let messages: Vec<_> = parse(&bad, NOW)
            .unwrap_err()
            .iter()
            .map(|e| e.message)
            .collect();
        assert_eq!(messages, [MSG_EXPERIENCE, MSG_SALARY, MSG_THRESHOLD]);
        let reversed = JobPostInput {
            salary_min: Loose::Number(3000.0),
            ..complete()
        };
        assert_eq!(
            parse(&reversed, NOW).unwrap_err()[0].message,
            MSG_SALARY_ORDER
        );
    }

    #[test]
    fn expiry_may_not_be_before_the_posted_date() {
        let before = JobPostInput {
            posted_at: "2025-12-10".into(),
            expires_at: "2025-12-09".into(),
            ..complete()
        };
        assert_eq!(parse(&before, NOW).unwrap_err()[0].message, MSG_EXPIRY);
        let same = JobPostInput {
            posted_at: "2025-12-10".into(),
            expires_at: "2025-12-10".into(),
            ..complete()
        };
        let post = parse(&same, NOW).unwrap();
        assert_eq!(post.posted_at, parse_date("2025-12-10").unwrap());
        assert_eq!(
            post.expires_at,
            Some(parse_date("2025-12-11").unwrap() - 1),
            "expires at the end of that day"
        );
    }

    #[test]
    fn dates_parse_to_utc_midnight() {
        assert_eq!(parse_date("1970-01-01"), Some(0));
        assert_eq!(parse_date("2026-01-01"), Some(NOW));
        assert_eq!(parse_date("2024-02-29"), Some(1_709_164_800_000));
        assert_eq!(parse_date("2025-02-29"), None);
        assert_eq!(parse_date("01/02/2026"), None);
    }

    #[test]
    fn links_and_option_lists_are_checked() {
        let bad = JobPostInput {
            linkedin_url: "javascript:alert(1)".into(),
            application_email: "not-an-email".into(),
            degree_class: "Best Class".into(),
            company_logo: "javascript:alert(1)".into(),
            ..complete()
        };
        let fields: Vec<_> = parse(&bad, NOW)
            .unwrap_err()
            .iter()
            .map(|e| e.field)
            .collect();
        assert_eq!(
            fields,
            [
                "application_email",
                "linkedin_url",
                "degree_class",
                "company_logo"
            ]
        );
    }
}

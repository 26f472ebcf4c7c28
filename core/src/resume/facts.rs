//! What the fit score reads from a resume: the field of study and the roles held, each
//! with its title, its length and its bullets.
//!
//! ## What it reads
//! - **Field of study**: the first item of an education section that names a field
//!   ([`DegreeField::read`]: "BSc Nursing Science", "MBChB", "LLB").
//! - **Roles**: in experience sections, each line holding a date range ("Jan 2020 –
//!   Present", "2018 - 2021", "03/2019 – 06/2022") starts a role. Its title is the
//!   line's first part without the dates ("Staff Nurse | Parirenyatwa Hospital | 2019 –
//!   2023" gives "Staff Nurse"); a line holding only dates takes the title from the
//!   line before it. The bullets and lines after it, up to the next role, are its text.
//!   A running range ("Present") ends in `today`'s month, which the caller passes so the
//!   core stays free of clocks.
//!
//! ## Why
//! The experience component counts the years of roles that fit the job, not all the
//! years of a working life: five years as a developer say nothing of a clinic.

use serde::{Deserialize, Serialize};

use super::section_kind::SectionKind;
use super::sections::{Item, parse, strip_bullet};
use super::vocabulary::{ONGOING, ORGANISATION_ENDINGS};
use crate::score::DegreeField;

/// One role held, as the fit score reads it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkRole {
    /// "Staff Nurse", "Software Developer".
    pub title: String,
    /// How long the role lasted, in whole months.
    pub months: u32,
    /// The role's bullets and lines of description, each on one line, as written.
    #[serde(default)]
    pub bullets: Vec<String>,
}

/// The version of the reading rules [`resume_facts`] follows. Raise it whenever they change
/// what facts a resume gives: the server reads again any stored facts of an older version,
/// so a resume uploaded before the change is scored by the rules of today.
pub const FACTS_VERSION: u32 = 2;

/// The resume's field of study and roles.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResumeFacts {
    /// The [`FACTS_VERSION`] they were read by; 0 for facts stored before versions existed.
    #[serde(default)]
    pub version: u32,
    /// The label of the field the education section names, if any.
    pub degree_field: Option<String>,
    pub roles: Vec<WorkRole>,
    /// Every other line of the resume, as written without its bullet mark: the header, the
    /// summary, the skills, education and certificates, and experience lines that belong to
    /// no dated role (a paragraph CV). The score reads them, with the roles, for skills.
    #[serde(default)]
    pub lines: Vec<String>,
}

/// A month: `year` and `month` (1–12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct YearMonth {
    pub year: u16,
    pub month: u8,
}

impl ResumeFacts {
    /// Whether these facts were read by older rules than today's.
    pub fn is_stale(&self) -> bool {
        self.version < FACTS_VERSION
    }
}

impl YearMonth {
    fn index(self) -> i64 {
        i64::from(self.year) * 12 + i64::from(self.month) - 1
    }
}

/// Reads the field of study and the roles of a resume's text; `today` ends running roles.
pub fn resume_facts(text: &str, today: YearMonth) -> ResumeFacts {
    let parsed = parse(text);
    let degree_field = parsed
        .sections
        .iter()
        .filter(|s| s.kind == SectionKind::Education)
        .flat_map(|s| &s.items)
        .find_map(|item| DegreeField::read(&item.text()))
        .map(|field| field.label().to_string());
    let mut roles = Vec::new();
    let mut lines: Vec<String> = parsed.header.iter().map(Item::text).collect();
    for section in &parsed.sections {
        if section.kind == SectionKind::Experience {
            read_roles(&section.items, today, &mut roles, &mut lines);
        } else {
            lines.extend(
                section
                    .items
                    .iter()
                    .map(|item| plain(&item.text()).to_string()),
            );
        }
    }
    lines.retain(|line| !line.is_empty());
    ResumeFacts {
        version: FACTS_VERSION,
        degree_field,
        roles,
        lines,
    }
}

/// A line without its bullet mark, trimmed.
fn plain(line: &str) -> &str {
    strip_bullet(line).unwrap_or(line).trim()
}

/// Appends the roles of one experience section, and to `lines` what precedes its first role.
fn read_roles(
    items: &[Item],
    today: YearMonth,
    roles: &mut Vec<WorkRole>,
    lines: &mut Vec<String>,
) {
    // The last line read: a title when the next line holds only dates.
    let mut previous_line: Option<String> = None;
    for item in items {
        let line = item.text();
        if !item.bullet
            && let Some(months) = date_range(&line, today)
        {
            let mut title = title_of(&line);
            if title.is_empty()
                && let Some(above) = previous_line.take()
            {
                title = title_of(&above);
                // That line was read as the end of the previous role's last bullet: it is
                // this role's title.
                if let Some(last) = roles.last_mut()
                    && let Some(bullet) = last.bullets.last_mut()
                    && let Some(kept) = bullet.strip_suffix(above.as_str())
                {
                    *bullet = kept.trim_end().to_string();
                    if bullet.is_empty() {
                        last.bullets.pop();
                    }
                }
            }
            roles.push(WorkRole {
                title,
                months,
                bullets: Vec::new(),
            });
            previous_line = None;
            continue;
        }
        let text = plain(&line).to_string();
        match roles.last_mut() {
            Some(role) => role.bullets.push(text),
            None => lines.push(text),
        }
        previous_line = item
            .lines
            .last()
            .map(|l| strip_bullet(l).unwrap_or(l).trim().to_string());
    }
}

/// The title of an entry line: its first part (split at " | ", ",", " at ", dashes
/// and brackets) that holds letters and no date, or, when that part names an organisation,
/// the last part that does not; empty when every part is dates.
fn title_of(line: &str) -> String {
    let mut parts = vec![line];
    for separator in [
        " | ", "|", ",", " at ", " @ ", " - ", " – ", " — ", "(", ")",
    ] {
        parts = parts.iter().flat_map(|p| p.split(separator)).collect();
    }
    let candidates: Vec<&str> = parts
        .into_iter()
        .map(|p| p.trim_matches(|c: char| !c.is_alphanumeric() && !"+#)".contains(c)))
        .filter(|p| p.chars().any(char::is_alphabetic) && !holds_date(p))
        .collect();
    // "Mpilo Central Hospital — Senior Pharmacist (2019 – 2021)": people write the employer
    // first too; then the title is the last part that names no organisation.
    match candidates.first() {
        Some(first) if names_organisation(first) => candidates
            .iter()
            .rev()
            .find(|p| !names_organisation(p))
            .unwrap_or(first),
        Some(first) => first,
        None => "",
    }
    .to_string()
}

/// Whether a part of an entry line is an organisation's name: it ends with a word such as
/// "Hospital", "Services" or "Ltd" ("Hotel Front Office Manager" ends with a title's word).
fn names_organisation(part: &str) -> bool {
    part.split(|c: char| !c.is_alphanumeric())
        .rfind(|w| !w.is_empty())
        .is_some_and(|last| {
            ORGANISATION_ENDINGS
                .binary_search(&last.to_lowercase().as_str())
                .is_ok()
        })
}

/// The length in months of the first date range in `line`, if it holds one. A single
/// date counts as a year's role ("2021"); a range's end may be running ("Present").
fn date_range(line: &str, today: YearMonth) -> Option<u32> {
    let tokens = date_tokens(line);
    let (at, (start, used)) =
        (0..tokens.len()).find_map(|i| date_at(&tokens, i).map(|found| (i, found)))?;
    let after_dash = at + used + 1;
    let end = tokens.get(at + used).filter(|t| is_dash(t)).and_then(|_| {
        date_at(&tokens, after_dash)
            .map(|(date, _)| date)
            .or_else(|| {
                tokens
                    .get(after_dash)
                    .filter(|t| ONGOING.contains(&t.to_lowercase().as_str()))
                    .map(|_| today)
            })
    });
    let months = match end {
        Some(end) => (end.index() - start.index()).max(1),
        None => 12,
    };
    Some(u32::try_from(months).unwrap_or(0))
}

/// Whether `text` holds a date or a running end ("Present").
fn holds_date(text: &str) -> bool {
    let tokens = date_tokens(text);
    (0..tokens.len()).any(|i| {
        date_at(&tokens, i).is_some() || ONGOING.contains(&tokens[i].to_lowercase().as_str())
    })
}

fn is_dash(token: &str) -> bool {
    matches!(token, "-" | "–" | "—" | "to" | "until")
}

/// The line's words with dashes between dates as tokens of their own: "2019–2021"
/// gives "2019", "-", "2021"; "2019-03" stays a year and month.
fn date_tokens(line: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    for raw in line.split_whitespace() {
        let raw = raw.trim_matches(|c: char| matches!(c, '(' | ')' | ',' | ';' | '[' | ']'));
        let parts: Vec<&str> = raw.split(['-', '–', '—']).collect();
        let dated = |p: &&str| {
            p.is_empty() || single_date(p).is_some() || ONGOING.contains(&p.to_lowercase().as_str())
        };
        if parts.len() > 1 && parts.iter().all(dated) && single_date(raw).is_none() {
            for (n, part) in parts.iter().enumerate() {
                if n > 0 {
                    tokens.push("-".to_string());
                }
                if !part.is_empty() {
                    tokens.push((*part).to_string());
                }
            }
        } else if !raw.is_empty() {
            tokens.push(raw.to_string());
        }
    }
    tokens
}

/// A date starting at token `i` ("2020", "Jan 2020", "January 2020", "03/2019",
/// "2019-03") and how many tokens it takes.
fn date_at(tokens: &[String], i: usize) -> Option<(YearMonth, usize)> {
    let token = tokens.get(i)?;
    let lower = token.to_lowercase();
    if let Some(month) = month_of(&lower)
        && let Some(year) = tokens
            .get(i + 1)
            .and_then(|t| year_of(t.trim_end_matches('.')))
    {
        return Some((YearMonth { year, month }, 2));
    }
    single_date(token).map(|date| (date, 1))
}

fn single_date(token: &str) -> Option<YearMonth> {
    if let Some(year) = year_of(token) {
        return Some(YearMonth { year, month: 1 });
    }
    let (a, b) = token.split_once('/').or_else(|| token.split_once('-'))?;
    match (a.len(), b.len()) {
        (1 | 2, 4) => Some(YearMonth {
            year: year_of(b)?,
            month: month_number(a)?,
        }),
        (4, 1 | 2) => Some(YearMonth {
            year: year_of(a)?,
            month: month_number(b)?,
        }),
        _ => None,
    }
}

fn month_number(text: &str) -> Option<u8> {
    text.parse::<u8>().ok().filter(|m| (1..=12).contains(m))
}

fn year_of(text: &str) -> Option<u16> {
    (text.len() == 4)
        .then(|| text.parse::<u16>().ok())
        .flatten()
        .filter(|y| (1950..=2039).contains(y))
}

fn month_of(word: &str) -> Option<u8> {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    if word.len() < 3 {
        return None;
    }
    let word = word.trim_end_matches('.');
    MONTHS
        .iter()
        .position(|m| word.starts_with(m) && (word.len() == 3 || full_month(word)))
        .and_then(|p| u8::try_from(p + 1).ok())
}

fn full_month(word: &str) -> bool {
    [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "sept",
        "october",
        "november",
        "december",
    ]
    .contains(&word)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: YearMonth = YearMonth {
        year: 2026,
        month: 11,
    };

    fn role(title: &str, months: u32) -> (String, u32) {
        (title.to_string(), months)
    }

    fn roles(text: &str) -> Vec<(String, u32)> {
        resume_facts(text, TODAY)
            .roles
            .into_iter()
            .map(|r| (r.title, r.months))
            .collect()
    }

    #[test]
    fn entry_lines_with_pipes_commas_and_running_ranges() {
        let text = "TENDAI MOYO\nRegistered Nurse\n\nEXPERIENCE\nStaff Nurse | Parirenyatwa Hospital | Mar 2019 – Present\n- Cared for 30 patients a shift on a surgical ward\n- Cut medication errors by 40% with a double-check round\nStudent Nurse, Harare Central Hospital, 2016 - 2019\n- Assisted in wound care\n\nEDUCATION\nBSc Nursing Science, University of Zimbabwe, 2016";
        assert_eq!(
            roles(text),
            [role("Staff Nurse", 92), role("Student Nurse", 36)]
        );
        let facts = resume_facts(text, TODAY);
        assert_eq!(facts.degree_field.as_deref(), Some("Nursing"));
        assert_eq!(
            facts.roles[0].bullets,
            [
                "Cared for 30 patients a shift on a surgical ward",
                "Cut medication errors by 40% with a double-check round"
            ]
        );
    }

    #[test]
    fn the_title_is_found_when_the_employer_comes_first() {
        assert!(ORGANISATION_ENDINGS.windows(2).all(|w| w[0] < w[1]));
        for (line, title) in [
            (
                "Redcliff Engineering Services — Boilermaker (03/2020 – Present)",
                "Boilermaker",
            ),
            (
                "CityMed Laboratories, Gweru — Medical Laboratory Scientist (03/2020 – 07/2021)",
                "Medical Laboratory Scientist",
            ),
            (
                "Senior Pharmacist | Mpilo Central Hospital | Mar 2021 – Present",
                "Senior Pharmacist",
            ),
            (
                "Hotel Front Office Manager, Rainbow Towers, 2019 - 2022",
                "Hotel Front Office Manager",
            ),
            ("Pharmacist, Bulawayo Pharmacy, 2018 - 2019", "Pharmacist"),
            ("Delta Beverages (Pvt) Ltd — 2015 - 2018", "Delta Beverages"),
        ] {
            assert_eq!(title_of(line), title, "{line}");
        }
    }

    #[test]
    fn dates_on_their_own_line_take_the_title_above() {
        let text = "Work Experience\nSoftware Developer at Econet Wireless\nJanuary 2020 - December 2023\n• Built payment APIs in Rust\nJunior Developer, Cassava\n06/2018 – 12/2019\n• Wrote React screens";
        assert_eq!(
            roles(text),
            [role("Software Developer", 47), role("Junior Developer", 18)]
        );
        let facts = resume_facts(text, TODAY);
        assert_eq!(facts.roles[0].bullets, ["Built payment APIs in Rust"]);
    }

    #[test]
    fn years_in_one_token_and_a_single_year() {
        assert_eq!(
            roles("EXPERIENCE\nAudit Trainee (2019–2021) Deloitte\nIntern | KPMG | 2018"),
            [role("Audit Trainee", 24), role("Intern", 12)]
        );
        assert_eq!(
            roles("EXPERIENCE\nLegal Officer — CBZ Bank — 2021-03 to 2024-09"),
            [role("Legal Officer", 42)]
        );
    }

    #[test]
    fn no_experience_section_means_no_roles() {
        let facts = resume_facts(
            "Jane\nSUMMARY\nAnalyst since 2019 - Present\nEDUCATION\nLLB (Hons), UZ",
            TODAY,
        );
        assert!(facts.roles.is_empty());
        assert_eq!(facts.degree_field.as_deref(), Some("Law"));
    }
}

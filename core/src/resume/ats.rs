//! The ATS score: how well an applicant tracking system (and the recruiter behind it)
//! can read a resume, 0–100, as the sum of the rules below less what a recruiter flags on
//! sight ([`super::flags`]). Each rule reports its points, what it found and, when it misses
//! points, one concrete recommendation.
//!
//! ## The rubric
//!
//! | rule | category | points | full points when | why |
//! |---|---|---|---|---|
//! | `keywords-target` | keywords | 16 | ≥ 60 % of the target's keywords appear (proportional below); without a target or its keywords, ≥ 5 recognised skills | ATS rank resumes by the job's keywords; 60 % is the match rate screening tools advise |
//! | `keywords-skills` | keywords | 8 | ≥ 5 recognised skills (proportional) | skills are what recruiters search for |
//! | `format-text` | format | 6 | at least half the characters are letters, and ≤ 1 % are unreadable (3 points up to 5 %) | a scan or a broken font gives an ATS nothing to read |
//! | `format-email` | format | 5 | an e-mail address | the first thing a recruiter needs |
//! | `format-phone` | format | 2 | a phone number | the second way to reach the candidate |
//! | `format-dates` | format | 3 | ≥ 2 dates (years, "Present"); 1 point for one | ATS compute experience from dates |
//! | `format-bullets` | format | 8 | ≥ 3 bullet points; 4 points for 1–2 | ATS split bullets into separate achievements; recruiters skim them |
//! | `format-blocks` | format | 6 | no item longer than 80 words; 3 points up to 120 | long paragraphs are parsed as one blob and skipped by readers |
//! | `sections-experience` | sections | 10 | an experience section under a standard heading | ATS file text by standard headings |
//! | `sections-education` | sections | 8 | an education section | idem |
//! | `sections-skills` | sections | 8 | a skills section | idem; the skills list is matched first |
//! | `sections-summary` | sections | 6 | a summary or profile section | gives the role and strengths in the first lines |
//! | `content-action-verbs` | content | 3 | ≥ 3 achievements open with an action verb (proportional) | for the human reader; ATS do not judge style, hence few points |
//! | `content-quantified` | content | 3 | ≥ 3 achievements carry a number (proportional) | idem |
//! | `length-words` | length | 8 | 150–1,200 words (headings not counted); 5 points for 100–149 or 1,201–1,600; 2 for 50–99 or more; 0 under 50 | one to two pages |
//!
//! Achievements are the items of experience and project sections (bullets, or
//! paragraphs, not the "Title | Company | dates" lines), or every bullet when there are
//! no such sections. Keywords match by the skills vocabulary and synonyms of
//! [`crate::score`] (so "Node.js" = "NodeJS"), and otherwise as words with simple endings
//! removed ("testing" = "tests"). The target's keywords are the target's own skills, the
//! skills the target role and each preferred job type naming a role name themselves, and
//! the usual skills the job-posting helper ([`crate::job_assist::skills`]) gives their line
//! of work when the title names that line clearly (not through a word many fields share,
//! "Engineer", "Security", nor through none, "Electrician"). A named role with no keywords is
//! judged like no target. Skills are not read inside an organisation's name ("Swift
//! Transport (Pvt) Ltd").
//!
//! ## Why these weights
//! Structure and parseability (format and sections, 62 points) are what an ATS
//! depends on, and what the upgrade can fix without inventing anything; a well-
//! structured resume reaches [`ATS_TARGET_SCORE`] even when it has no phone number,
//! dates or figures to give. Content rules weigh little but still recommend.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::section_kind::SectionKind;
use super::sections::{Item, Parsed, count_dates, parse, tokens};
use super::vocabulary::{ACTION_VERBS, NUMBER_WORDS, ORGANISATION_ENDINGS, SHARED_ROLE_WORDS};
use crate::job_assist;
use crate::role_style::{RoleKey, role_key};
use crate::score::{normalise_skill, skills_in_text};

/// A word no skill contains, put before each line after the first (see [`text_skills`]).
const LINE_START: &str = "a ";

/// A header line longer than this is prose, not a line to quote.
const MAX_CONTACT_LINE_WORDS: usize = 12;

/// The score the product calls ATS-optimised (spec §9: green at or above).
pub const ATS_TARGET_SCORE: u32 = 85;

/// Job types that say how, not what: they name no role and so no keywords.
const EMPLOYMENT_TYPES: &[&str] = &[
    "contract",
    "freelance",
    "full time",
    "fulltime",
    "hybrid",
    "internship",
    "on site",
    "onsite",
    "part time",
    "parttime",
    "permanent",
    "remote",
    "temporary",
];

/// What the resume is measured against. All parts are optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct AtsTarget {
    /// The role aimed at, e.g. "Data Analyst"; empty for none.
    pub role: String,
    /// The candidate's preferred job types; those naming a role ("Data Analyst") add its
    /// keywords, employment types ("Full-time", "Remote") are ignored.
    pub job_types: Vec<String>,
    /// Skills the job or the candidate's profile lists.
    pub skills: Vec<String>,
}

impl AtsTarget {
    /// A target of one role.
    pub fn role(role: &str) -> Self {
        Self {
            role: role.to_owned(),
            ..Self::default()
        }
    }

    /// A job ad pasted as text: the skills it names, and its first line as the role when
    /// that line reads like a job title (at most eight words, no full stop).
    pub fn job_text(text: &str) -> Self {
        let first = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or_default();
        let titled = !first.contains('.') && first.split_whitespace().count() <= 8;
        Self {
            role: if titled {
                first.to_owned()
            } else {
                String::new()
            },
            job_types: Vec::new(),
            skills: text_skills(text)
                .into_iter()
                .map(|(_, display)| display.to_owned())
                .collect(),
        }
    }

    /// Whether there is anything to match: without it no advice names a target role.
    pub fn is_empty(&self) -> bool {
        self.role.trim().is_empty() && self.skills.is_empty() && self.job_types.is_empty()
    }
}

/// The longest job ad the resume tools read as a target, in characters.
pub const TARGET_TEXT_MAX_CHARS: usize = 20_000;

/// What a job ad longer than [`TARGET_TEXT_MAX_CHARS`] is told.
pub const MSG_TARGET_TEXT_TOO_LONG: &str = "A job ad can be at most 20,000 characters";

/// The rubric's categories.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AtsCategory {
    Keywords,
    Format,
    Sections,
    Content,
    Length,
}

/// One rule's result.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AtsRule {
    /// Stable id, e.g. `format-email`.
    pub id: &'static str,
    pub category: AtsCategory,
    pub title: &'static str,
    pub points: u32,
    pub max_points: u32,
    /// Whether the rule earned all its points.
    pub passed: bool,
    /// What the rule found, in one sentence.
    pub detail: String,
    /// What to change; `None` when the rule passed.
    pub recommendation: Option<String>,
}

/// E-mail addresses, phone numbers and profile links found in the text, in order.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ContactDetails {
    pub emails: Vec<String>,
    pub phones: Vec<String>,
    pub links: Vec<String>,
}

/// The target's keywords and which of them the resume has.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KeywordMatch {
    pub keywords: Vec<String>,
    pub matched: Vec<String>,
    pub missing: Vec<String>,
}

/// The analysis of one resume text.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AtsReport {
    /// 0–100: the sum of the rules' points less the flags' (see [`super::flags`]).
    pub score: u32,
    pub rules: Vec<AtsRule>,
    /// What a recruiter flags on sight, with the lines it is about; each takes points off.
    pub flags: Vec<super::flags::AtsFlag>,
    /// Sections found under headings, in reading order, each kind once.
    pub sections: Vec<SectionKind>,
    pub contact: ContactDetails,
    pub keywords: KeywordMatch,
    /// Vocabulary skills the text names, as displayed ("Node.js").
    pub skills: Vec<String>,
    /// Words of content, headings not counted.
    pub word_count: usize,
    pub bullet_count: usize,
    pub date_count: usize,
    pub achievement_count: usize,
    pub action_verb_count: usize,
    pub quantified_count: usize,
}

impl AtsReport {
    /// Whether the score reaches [`ATS_TARGET_SCORE`].
    pub fn meets_target(&self) -> bool {
        self.score >= ATS_TARGET_SCORE
    }

    /// The rules that did not earn all their points.
    pub fn failed(&self) -> impl Iterator<Item = &AtsRule> {
        self.rules.iter().filter(|r| !r.passed)
    }

    /// The rule with `id`, if there is one.
    pub fn rule(&self, id: &str) -> Option<&AtsRule> {
        self.rules.iter().find(|r| r.id == id)
    }
}

/// Everything the rules look at, gathered once.
struct Facts {
    parsed: Parsed,
    words: usize,
    skills: Vec<String>,
    keywords: KeywordMatch,
    has_target: bool,
    contact: ContactDetails,
    dates: usize,
    bullets: usize,
    longest_item: usize,
    readable: Readability,
    achievements: usize,
    action_verbs: usize,
    quantified: usize,
}

/// Scores `text` against `target`. Deterministic; never panics.
pub fn analyze(text: &str, target: &AtsTarget) -> AtsReport {
    let facts = Facts::gather(text, target);
    let rules: Vec<AtsRule> = RULES.iter().map(|rule| rule.apply(&facts)).collect();
    let flags = super::flags::flags(&facts.parsed, text, &text_skills(text));
    let earned: u32 = rules.iter().map(|r| r.points).sum();
    let lost: u32 = flags.iter().map(|f| f.points).sum();
    let mut sections: Vec<SectionKind> = Vec::new();
    for section in &facts.parsed.sections {
        if !section.items.is_empty() && !sections.contains(&section.kind) {
            sections.push(section.kind);
        }
    }
    AtsReport {
        score: earned.saturating_sub(lost),
        rules,
        flags,
        sections,
        contact: facts.contact,
        keywords: facts.keywords,
        skills: facts.skills,
        word_count: facts.words,
        bullet_count: facts.bullets,
        date_count: facts.dates,
        achievement_count: facts.achievements,
        action_verb_count: facts.action_verbs,
        quantified_count: facts.quantified,
    }
}

impl Facts {
    fn gather(text: &str, target: &AtsTarget) -> Self {
        let parsed = parse(text);
        let skills: Vec<String> = text_skills(text)
            .into_iter()
            .map(|(_, display)| display.to_owned())
            .collect();
        let wanted = target_keywords(target);
        let keywords = match_keywords(text, &wanted);
        let achievements = parsed.achievements();
        let action_verbs = achievements.iter().filter(|i| opens_with_verb(i)).count();
        let quantified = achievements.iter().filter(|i| is_quantified(i)).count();
        let achievement_count = achievements.len();
        Self {
            // Headings are not content: renaming or merging them must not change length.
            words: parsed.items().map(Item::word_count).sum(),
            skills,
            has_target: !wanted.is_empty() || !target.role.trim().is_empty(),
            keywords,
            contact: contact_details(text),
            dates: count_dates(text),
            bullets: parsed.items().filter(|i| i.bullet).count(),
            longest_item: parsed.items().map(Item::word_count).max().unwrap_or(0),
            readable: Readability::of(text),
            achievements: achievement_count,
            action_verbs,
            quantified,
            parsed,
        }
    }
}

// ---------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------

/// What a rule's check found: points, a detail and (when short of points) advice.
struct Outcome {
    points: u32,
    detail: String,
    advice: String,
}

struct Rule {
    id: &'static str,
    category: AtsCategory,
    title: &'static str,
    max_points: u32,
    check: fn(&Facts, u32) -> Outcome,
}

impl Rule {
    fn apply(&self, facts: &Facts) -> AtsRule {
        let outcome = (self.check)(facts, self.max_points);
        let points = outcome.points.min(self.max_points);
        let passed = points == self.max_points;
        AtsRule {
            id: self.id,
            category: self.category,
            title: self.title,
            points,
            max_points: self.max_points,
            passed,
            detail: outcome.detail,
            recommendation: (!passed).then_some(outcome.advice),
        }
    }
}

/// The rubric, in report order; see the module docs.
const RULES: &[Rule] = &[
    Rule {
        id: "keywords-target",
        category: AtsCategory::Keywords,
        title: "Keywords for the target role",
        max_points: 16,
        check: keywords_target,
    },
    Rule {
        id: "keywords-skills",
        category: AtsCategory::Keywords,
        title: "Recognised skills",
        max_points: 8,
        check: keywords_skills,
    },
    Rule {
        id: "format-text",
        category: AtsCategory::Format,
        title: "Readable text",
        max_points: 6,
        check: format_text,
    },
    Rule {
        id: "format-email",
        category: AtsCategory::Format,
        title: "E-mail address",
        max_points: 5,
        check: format_email,
    },
    Rule {
        id: "format-phone",
        category: AtsCategory::Format,
        title: "Phone number",
        max_points: 2,
        check: format_phone,
    },
    Rule {
        id: "format-dates",
        category: AtsCategory::Format,
        title: "Dates",
        max_points: 3,
        check: format_dates,
    },
    Rule {
        id: "format-bullets",
        category: AtsCategory::Format,
        title: "Bullet points",
        max_points: 8,
        check: format_bullets,
    },
    Rule {
        id: "format-blocks",
        category: AtsCategory::Format,
        title: "Short blocks of text",
        max_points: 6,
        check: format_blocks,
    },
    Rule {
        id: "sections-experience",
        category: AtsCategory::Sections,
        title: "Experience section",
        max_points: 10,
        check: |f, max| section_rule(f, max, SectionKind::Experience),
    },
    Rule {
        id: "sections-education",
        category: AtsCategory::Sections,
        title: "Education section",
        max_points: 8,
        check: |f, max| section_rule(f, max, SectionKind::Education),
    },
    Rule {
        id: "sections-skills",
        category: AtsCategory::Sections,
        title: "Skills section",
        max_points: 8,
        check: |f, max| section_rule(f, max, SectionKind::Skills),
    },
    Rule {
        id: "sections-summary",
        category: AtsCategory::Sections,
        title: "Summary section",
        max_points: 6,
        check: |f, max| section_rule(f, max, SectionKind::Summary),
    },
    Rule {
        id: "content-action-verbs",
        category: AtsCategory::Content,
        title: "Action verbs",
        max_points: 3,
        check: content_action_verbs,
    },
    Rule {
        id: "content-quantified",
        category: AtsCategory::Content,
        title: "Quantified results",
        max_points: 3,
        check: content_quantified,
    },
    Rule {
        id: "length-words",
        category: AtsCategory::Length,
        title: "Length",
        max_points: 8,
        check: length_words,
    },
];

/// `max × have ÷ want`, rounded, capped at `max`.
fn proportional(max: u32, have: usize, want: usize) -> u32 {
    if want == 0 || have >= want {
        return max;
    }
    (f64::from(max) * have as f64 / want as f64).round() as u32
}

fn list(items: &[String]) -> String {
    items.join(", ")
}

fn keywords_target(f: &Facts, max: u32) -> Outcome {
    if !f.has_target {
        let n = f.skills.len();
        return Outcome {
            points: proportional(max, n, 5),
            detail: format!("No target role was given; {n} recognised skills were found."),
            advice: "Choose the role you are applying for, so your resume can be checked \
                     against its keywords; meanwhile name at least 5 of your skills."
                .to_owned(),
        };
    }
    let k = &f.keywords;
    if k.keywords.is_empty() {
        // A role whose skills are not known here: judged like no target, advised without one.
        let n = f.skills.len();
        return Outcome {
            points: proportional(max, n, 5),
            detail: format!(
                "The target role names no skills that could be checked; {n} recognised skills \
                 were found."
            ),
            advice: "Name at least 5 of the skills the job asks for that you have, by their \
                     usual names, in your experience and skills."
                .to_owned(),
        };
    }
    let (have, want) = (k.matched.len(), k.keywords.len());
    // Full points at 60 % coverage: have × 10 ≥ want × 6.
    let points = if have * 10 >= want * 6 {
        max
    } else {
        (f64::from(max) * have as f64 * 10.0 / (want as f64 * 6.0)).round() as u32
    };
    Outcome {
        points,
        detail: format!("{have} of {want} target keywords found."),
        advice: format!(
            "Use these keywords of the target role where they are true for you, in your \
             experience bullets and skills: {}.",
            list(&k.missing)
        ),
    }
}

fn keywords_skills(f: &Facts, max: u32) -> Outcome {
    let n = f.skills.len();
    Outcome {
        points: proportional(max, n, 5),
        detail: if n == 0 {
            "No recognised skills found.".to_owned()
        } else {
            format!("{n} recognised skills: {}.", list(&f.skills))
        },
        // No examples: any fixed list names another field's tools to most readers.
        advice: format!(
            "Name the tools, machines, methods and licences of your work by their usual names \
             in a SKILLS section; {n} found, aim for at least 5."
        ),
    }
}

fn format_text(f: &Facts, max: u32) -> Outcome {
    let r = &f.readable;
    // Mostly symbols or digits is a broken text layer too, whatever the odd count.
    let points = if r.visible == 0 || r.letters * 2 < r.visible {
        0
    } else if r.odd * 100 <= r.visible {
        max
    } else if r.odd * 20 <= r.visible {
        max / 2
    } else {
        0
    };
    Outcome {
        points,
        detail: format!("{} of {} characters could not be read.", r.odd, r.visible),
        advice: "Parts of the text did not come through (unusual characters or symbols). \
                 Export the resume again as a PDF with selectable text, or upload it as DOCX."
            .to_owned(),
    }
}

fn format_email(f: &Facts, max: u32) -> Outcome {
    let found = f.contact.emails.first();
    Outcome {
        points: if found.is_some() { max } else { 0 },
        detail: found.map_or_else(
            || "No e-mail address found.".to_owned(),
            |e| format!("E-mail address: {e}."),
        ),
        advice: contact_line(f, f.contact.phones.first()).map_or_else(
            || "Add your e-mail address at the top, next to your name.".to_owned(),
            |line| format!("Add your e-mail address at the top, beside \"{line}\"."),
        ),
    }
}

fn format_phone(f: &Facts, max: u32) -> Outcome {
    let found = f.contact.phones.first();
    Outcome {
        points: if found.is_some() { max } else { 0 },
        detail: found.map_or_else(
            || "No phone number found.".to_owned(),
            |p| format!("Phone number: {p}."),
        ),
        advice: contact_line(f, f.contact.emails.first()).map_or_else(
            || {
                "Add a phone number with its country code at the top, next to your e-mail."
                    .to_owned()
            },
            |line| {
                format!("Add a phone number with its country code at the top, beside \"{line}\".")
            },
        ),
    }
}

/// What a missing contact detail belongs beside, as written: the header line holding the
/// other detail (`other`), else the header's first line (the name). A line longer than a
/// header line (a resume written as one paragraph) gives way to the detail itself; a detail
/// found only further down (a referee's address) is not at the top and is not quoted.
fn contact_line(f: &Facts, other: Option<&String>) -> Option<String> {
    let short = |l: &&String| super::sections::word_count(l) <= MAX_CONTACT_LINE_WORDS;
    let mut lines = f.parsed.header.iter().flat_map(|i| &i.lines);
    let holding = other.and_then(|detail| {
        f.parsed
            .header
            .iter()
            .flat_map(|i| &i.lines)
            .find(|l| l.contains(detail.as_str()))
            .map(|line| if short(&line) { line } else { detail })
    });
    holding.or_else(|| lines.next().filter(short)).cloned()
}

fn format_dates(f: &Facts, max: u32) -> Outcome {
    let points = match f.dates {
        0 => 0,
        1 => 1,
        _ => max,
    };
    Outcome {
        points,
        detail: format!("{} dates found.", f.dates),
        advice: "Give start and end dates (month and year) for each job and qualification, \
                 for example \"March 2021 - Present\"."
            .to_owned(),
    }
}

fn format_bullets(f: &Facts, max: u32) -> Outcome {
    let points = match f.bullets {
        0 => 0,
        1 | 2 => max / 2,
        _ => max,
    };
    Outcome {
        points,
        detail: format!("{} bullet points found.", f.bullets),
        advice: "List your duties and results as bullet points, one per line starting with \
                 \"- \", under each job."
            .to_owned(),
    }
}

fn format_blocks(f: &Facts, max: u32) -> Outcome {
    let n = f.longest_item;
    let points = match n {
        0..=80 => max,
        81..=120 => max / 2,
        _ => 0,
    };
    Outcome {
        points,
        detail: format!("The longest block of text has {n} words."),
        advice: format!(
            "Break the {n}-word block into short bullet points of one or two lines; \
             applicant tracking systems and recruiters skim long paragraphs."
        ),
    }
}

fn section_rule(f: &Facts, max: u32, kind: SectionKind) -> Outcome {
    let found = f.parsed.has(kind);
    let heading = kind.heading();
    let advice = match kind {
        SectionKind::Experience => {
            "Add an EXPERIENCE section: each job with its title, employer and dates, then \
             bullet points of what you did."
        }
        SectionKind::Education => {
            "Add an EDUCATION section: each qualification with the institution and years."
        }
        SectionKind::Skills => {
            "Add a SKILLS section listing your tools and skills, separated by commas."
        }
        SectionKind::Summary => {
            "Open with a SUMMARY of two or three lines: your role, experience and strongest \
             skills."
        }
        _ => "",
    };
    Outcome {
        points: if found { max } else { 0 },
        detail: if found {
            format!("{heading} section found.")
        } else {
            format!("No {heading} section under a standard heading.")
        },
        advice: advice.to_owned(),
    }
}

fn content_action_verbs(f: &Facts, max: u32) -> Outcome {
    Outcome {
        points: proportional(max, f.action_verbs, 3),
        detail: format!(
            "{} of {} achievements start with an action verb.",
            f.action_verbs, f.achievements
        ),
        advice: "Start each achievement with an action verb such as Led, Built, Improved or \
                 Delivered, instead of \"I was responsible for\"."
            .to_owned(),
    }
}

fn content_quantified(f: &Facts, max: u32) -> Outcome {
    Outcome {
        points: proportional(max, f.quantified, 3),
        detail: format!(
            "{} of {} achievements give a number.",
            f.quantified, f.achievements
        ),
        advice: "Give numbers for your results where you know them: how many, how much, how \
                 fast (for example \"cut processing time by 30%\")."
            .to_owned(),
    }
}

fn length_words(f: &Facts, max: u32) -> Outcome {
    let n = f.words;
    let points = match n {
        150..=1200 => max,
        100..=149 | 1201..=1600 => 5,
        0..=49 => 0,
        _ => 2,
    };
    let advice = if n < 150 {
        format!(
            "At {n} words the resume is thin: describe each role with two to four bullet \
             points to reach at least 150 words."
        )
    } else {
        format!(
            "At {n} words the resume is long: keep the most recent and relevant roles and \
             stay under 1,200 words (two pages)."
        )
    };
    Outcome {
        points: points.min(max),
        detail: format!("{n} words."),
        advice,
    }
}

// ---------------------------------------------------------------------------
// Facts
// ---------------------------------------------------------------------------

/// The target's keywords, deduplicated by canonical skill key, in order.
fn target_keywords(target: &AtsTarget) -> Vec<String> {
    let mut roles: Vec<&str> = vec![target.role.trim()];
    roles.extend(
        target
            .job_types
            .iter()
            .map(|t| t.trim())
            .filter(|t| !EMPLOYMENT_TYPES.contains(&words_key(t).as_str())),
    );
    let mut keywords: Vec<String> = Vec::new();
    let mut keys = BTreeSet::new();
    let from_roles = roles
        .into_iter()
        .filter(|r| !r.is_empty())
        .flat_map(role_keywords);
    for keyword in from_roles.chain(target.skills.iter().map(|s| s.trim().to_owned())) {
        let key = normalise_skill(&keyword);
        if !key.is_empty() && keys.insert(key) {
            keywords.push(keyword);
        }
    }
    keywords
}

/// The keywords a role's title gives: the skills it names, and its line of work's usual
/// skills only when the title names that line of work clearly. A title read only through a
/// word many lines of work share ("Electrical Engineer", "Security Guard") or through none
/// ("Electrician", "Chef") would otherwise get another field's skills (or office ones) as advice.
fn role_keywords(role: &str) -> Vec<String> {
    let family = role_key(role);
    let without_shared: Vec<&str> = role
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && !SHARED_ROLE_WORDS.contains(&w.to_lowercase().as_str()))
        .collect();
    if family != RoleKey::Default && role_key(&without_shared.join(" ")) == family {
        return job_assist::skills(role, "");
    }
    skills_in_text(role)
        .into_iter()
        .map(|(_, display)| display.to_owned())
        .collect()
}

/// Lowercase words joined by single spaces ("Full-time" gives "full time").
fn words_key(text: &str) -> String {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Which `keywords` the text has: by skill key (synonyms included) or as stemmed words.
fn match_keywords(text: &str, keywords: &[String]) -> KeywordMatch {
    let skill_keys: BTreeSet<String> = text_skills(text).into_iter().map(|(k, _)| k).collect();
    let lines: Vec<Vec<String>> = text
        .lines()
        .map(|line| tokens(line).map(|t| stem(&t)).collect())
        .collect();
    let mut result = KeywordMatch {
        keywords: keywords.to_vec(),
        ..KeywordMatch::default()
    };
    for keyword in keywords {
        let phrase: Vec<String> = tokens(keyword).map(|t| stem(&t)).collect();
        let found = skill_keys.contains(&normalise_skill(keyword))
            || (!phrase.is_empty()
                && lines
                    .iter()
                    .any(|stems| stems.windows(phrase.len()).any(|w| w == phrase)));
        if found {
            result.matched.push(keyword.clone());
        } else {
            result.missing.push(keyword.clone());
        }
    }
    result
}

/// The vocabulary skills of `text` as (key, display), each once, read line by line: a
/// skill never spans two lines ("finance team" / "Work History" is not "teamwork").
/// Lines after the first are read as if mid-text, so a capitalised "Excel" opening a
/// line counts, as it would after a comma (see [`skills_in_text`]).
pub(super) fn text_skills(text: &str) -> Vec<(String, &'static str)> {
    let mut found: Vec<(String, &'static str)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = without_organisations(line);
        let line = if index == 0 {
            skills_in_text(&line)
        } else {
            skills_in_text(&format!("{LINE_START}{line}"))
        };
        for (key, display) in line {
            if !found.iter().any(|(k, _)| *k == key) {
                found.push((key, display));
            }
        }
    }
    found
}

/// `line` with the names of organisations left out: runs of capitalised words ending in a
/// word such as "Ltd", "Hotel" or "Transport" ("Driver, Swift Transport (Pvt) Ltd, Harare"
/// names a haulier, not the programming language). A comma ends a run.
fn without_organisations(line: &str) -> std::borrow::Cow<'_, str> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let bare = |t: &str| t.trim_matches(|c: char| !c.is_alphanumeric()).to_owned();
    let capital = |t: &str| bare(t).chars().next().is_some_and(char::is_uppercase);
    let mut dropped = vec![false; tokens.len()];
    let mut start = 0;
    while start < tokens.len() {
        if !capital(tokens[start]) {
            start += 1;
            continue;
        }
        let mut end = start;
        while end + 1 < tokens.len() && !tokens[end].ends_with(',') && capital(tokens[end + 1]) {
            end += 1;
        }
        let last = bare(tokens[end]).to_lowercase();
        if end > start && ORGANISATION_ENDINGS.binary_search(&last.as_str()).is_ok() {
            dropped[start..=end].fill(true);
        }
        start = end + 1;
    }
    if !dropped.contains(&true) {
        return std::borrow::Cow::Borrowed(line);
    }
    let kept: Vec<&str> = tokens
        .iter()
        .zip(&dropped)
        .map(|(token, &gone)| if gone { "," } else { token })
        .collect();
    std::borrow::Cow::Owned(kept.join(" "))
}

/// A word without the endings "ing", "ed", "es" and "s", so "testing" matches "tests".
fn stem(word: &str) -> String {
    for suffix in ["ing", "ed", "es", "s"] {
        if let Some(root) = word.strip_suffix(suffix)
            && root.chars().count() >= 3
        {
            return root.to_owned();
        }
    }
    word.to_owned()
}

fn first_word(item: &Item) -> String {
    item.lines
        .first()
        .and_then(|l| l.split_whitespace().next())
        .map(|w| w.trim_matches(|c: char| !c.is_alphabetic()).to_lowercase())
        .unwrap_or_default()
}

/// Whether an achievement opens with an action verb.
pub(super) fn opens_with_verb(item: &Item) -> bool {
    ACTION_VERBS.contains(&first_word(item).as_str())
}

/// Whether an achievement gives a number that is not a year or a date.
pub(super) fn is_quantified(item: &Item) -> bool {
    let text = item.text();
    if text.contains(['%', '$', '€', '£']) {
        return true;
    }
    text.split_whitespace().any(|raw| {
        let word = raw.trim_matches(|c: char| !c.is_alphanumeric());
        let lower = word.to_lowercase();
        if NUMBER_WORDS.contains(&lower.as_str()) {
            return true;
        }
        let digits = word.chars().filter(char::is_ascii_digit).count();
        digits > 0 && count_dates(word) == 0
    })
}

/// How much of the text is readable.
struct Readability {
    visible: usize,
    letters: usize,
    odd: usize,
}

impl Readability {
    fn of(text: &str) -> Self {
        let mut r = Self {
            visible: 0,
            letters: 0,
            odd: 0,
        };
        for c in text.chars().filter(|c| !c.is_whitespace()) {
            r.visible += 1;
            if c.is_alphabetic() {
                r.letters += 1;
            }
            if c == '\u{FFFD}' || c.is_control() || ('\u{E000}'..='\u{F8FF}').contains(&c) {
                r.odd += 1;
            }
        }
        r
    }
}

/// E-mail addresses, phone numbers and links, each once, in order of appearance.
pub(super) fn contact_details(text: &str) -> ContactDetails {
    let mut contact = ContactDetails::default();
    for raw in text.split_whitespace() {
        let token = raw
            .trim_matches(|c: char| "()<>[]{}\"',;:|".contains(c))
            .trim_end_matches('.');
        if is_email(token) {
            push_once(&mut contact.emails, token.trim_start_matches("mailto:"));
        } else if is_link(token) {
            push_once(&mut contact.links, token);
        }
    }
    for line in text.lines() {
        for phone in phones_in(line) {
            push_once(&mut contact.phones, &phone);
        }
    }
    contact
}

fn push_once(list: &mut Vec<String>, value: &str) {
    if !list.iter().any(|v| v == value) {
        list.push(value.to_owned());
    }
}

/// `local@domain.tld` with a plausible local part and a letters-only top-level domain.
pub(super) fn is_email(token: &str) -> bool {
    let token = token.trim_start_matches("mailto:");
    let Some((local, domain)) = token.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local
            .chars()
            .all(|c| c.is_alphanumeric() || "._%+-'".contains(c));
    let Some((host, tld)) = domain.rsplit_once('.') else {
        return false;
    };
    local_ok
        && !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_alphanumeric() || c == '.' || c == '-')
        && tld.chars().count() >= 2
        && tld.chars().all(char::is_alphabetic)
}

fn is_link(token: &str) -> bool {
    let lower = token.to_lowercase();
    lower.starts_with("http://")
        || lower.starts_with("https://")
        || lower.starts_with("www.")
        || [
            "linkedin.com/",
            "github.com/",
            "gitlab.com/",
            "behance.net/",
        ]
        .iter()
        .any(|site| lower.contains(site))
}

/// Phone numbers in one line: runs of digits, spaces and `+ ( ) - .` holding 9–15
/// digits, not inside a word, and not a range of years.
pub(super) fn phones_in(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i] == '+' || chars[i] == '(' || chars[i].is_ascii_digit();
        let after_word = i > 0 && chars[i - 1].is_alphanumeric();
        if !starts || after_word {
            i += 1;
            continue;
        }
        let mut end = i;
        while end < chars.len() && (chars[end].is_ascii_digit() || " +()-.".contains(chars[end])) {
            end += 1;
        }
        let run: String = chars[i..end].iter().collect();
        let run = run.trim_end_matches([' ', '-', '.', '(']).to_owned();
        let digits = run.chars().filter(char::is_ascii_digit).count();
        let glued = end < chars.len() && chars[end].is_alphanumeric();
        // Spaced dashes and pairs of years make ranges ("(2019 - 2021) 12"), not numbers.
        let range = run.contains(" - ") || count_dates(&run) >= 2;
        if (9..=15).contains(&digits) && !glued && !range {
            found.push(run);
        }
        i = end.max(i + 1);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rubric_adds_up_to_100() {
        let total: u32 = RULES.iter().map(|r| r.max_points).sum();
        assert_eq!(total, 100);
        let ids: BTreeSet<_> = RULES.iter().map(|r| r.id).collect();
        assert_eq!(ids.len(), RULES.len(), "ids are unique");
    }

    #[test]
    fn contact_details_are_found() {
        let c = contact_details(
            "Jane | +263 77 123 4567 | jane.doe@example.com.\nlinkedin.com/in/jane (2019 - 2021) 12,000 users",
        );
        assert_eq!(c.emails, ["jane.doe@example.com"]);
        assert_eq!(c.phones, ["+263 77 123 4567"]);
        assert_eq!(c.links, ["linkedin.com/in/jane"]);
        assert!(!is_email("@example.com") && !is_email("a@b") && !is_email("a@b.c0m"));
    }

    #[test]
    fn employment_types_add_no_keywords_but_roles_do() {
        let target = AtsTarget {
            role: String::new(),
            job_types: vec!["Full-time".into(), "Remote".into()],
            skills: vec![],
        };
        assert!(target_keywords(&target).is_empty());
        let target = AtsTarget {
            job_types: vec!["Data Analyst".into()],
            skills: vec!["sql".into(), "Tableau".into()],
            ..AtsTarget::default()
        };
        let keywords = target_keywords(&target);
        assert!(keywords.contains(&"Tableau".to_owned()), "{keywords:?}");
        assert_eq!(
            keywords
                .iter()
                .filter(|k| normalise_skill(k) == "sql")
                .count(),
            1,
            "{keywords:?}"
        );
    }

    #[test]
    fn keywords_match_synonyms_and_word_endings() {
        let found = match_keywords(
            "Built APIs in NodeJS; wrote automated tests.",
            &["Node.js".into(), "Testing".into(), "Kubernetes".into()],
        );
        assert_eq!(found.matched, ["Node.js", "Testing"]);
        assert_eq!(found.missing, ["Kubernetes"]);
    }
}

//! The job card's role icon and gradient, chosen from keywords in the job title
//! (spec, candidate side §3 "Other facts"). The card shows them when the
//! company logo is missing or fails to load.
//!
//! ## What it checks
//! The title is split into lowercase words (anything not a letter or digit
//! separates words), and each family's keywords must match whole words, or
//! runs of whole words for phrases such as "machine learning". So "AI" does not
//! match "Maintenance" and "lead" does not match "Pleader".
//!
//! Families are tried in [`PRECEDENCE`] order and the first match wins:
//! AI, security, devops, database, data/analyst, medical, teacher, designer,
//! writer, marketing, sales, support, product, developer/engineer,
//! manager/lead, then the default.
//!
//! ## Why this order
//! The spec lists the families but not how a title with two keywords resolves.
//! A title names a specialism and a generic role ("DevOps Engineer",
//! "Marketing Manager"), and the specialism says more about the job, so the
//! specialised families come first, the generic role families
//! (developer/engineer) after them, and seniority words (manager/lead) last:
//! "Security Engineer" is security, "Product Manager" is product, "Lead
//! Developer" is developer, "Team Lead" is manager. "Product Designer" is a
//! designer, since designer is the more specific of the two.

use serde::Serialize;

/// The role families a job title can fall into.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum RoleKey {
    Developer,
    Designer,
    Data,
    Manager,
    Marketing,
    Sales,
    Support,
    Writer,
    DevOps,
    Medical,
    Teacher,
    Product,
    Database,
    Security,
    Ai,
    /// No keyword matched.
    Default,
}

/// A two-stop CSS gradient in hex colours.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Gradient {
    pub from: &'static str,
    pub to: &'static str,
}

/// How the card draws a role without a logo: a lucide-react icon name and a gradient.
///
/// Serialise-only: it holds `'static` table entries and is never read back.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleStyle {
    pub key: RoleKey,
    /// A lucide-react icon component name, e.g. "Code".
    pub icon: &'static str,
    pub gradient: Gradient,
}

/// The order in which families are tried; see the module docs for why.
pub const PRECEDENCE: [RoleKey; 15] = [
    RoleKey::Ai,
    RoleKey::Security,
    RoleKey::DevOps,
    RoleKey::Database,
    RoleKey::Data,
    RoleKey::Medical,
    RoleKey::Teacher,
    RoleKey::Designer,
    RoleKey::Writer,
    RoleKey::Marketing,
    RoleKey::Sales,
    RoleKey::Support,
    RoleKey::Product,
    RoleKey::Developer,
    RoleKey::Manager,
];

/// Longest keyword phrase, in words.
const MAX_PHRASE_WORDS: usize = 3;

impl RoleKey {
    /// Title keywords of this family, lowercase; a space separates the words of a phrase.
    pub const fn keywords(self) -> &'static [&'static str] {
        match self {
            Self::Ai => &[
                "ai",
                "ml",
                "llm",
                "machine learning",
                "artificial intelligence",
                "deep learning",
            ],
            Self::Security => &[
                "security",
                "cybersecurity",
                "infosec",
                "penetration",
                "pentester",
            ],
            Self::DevOps => &[
                "devops",
                "dev ops",
                "sre",
                "site reliability",
                "infrastructure",
            ],
            Self::Database => &["database", "databases", "dba"],
            Self::Data => &["data", "analyst", "analytics"],
            Self::Medical => &[
                "medical",
                "nurse",
                "nursing",
                "doctor",
                "physician",
                "clinical",
                "clinician",
                "pharmacist",
                "healthcare",
            ],
            Self::Teacher => &[
                "teacher",
                "tutor",
                "lecturer",
                "instructor",
                "educator",
                "teaching",
            ],
            Self::Designer => &["designer", "design", "ux", "graphic", "illustrator"],
            Self::Writer => &["writer", "copywriter", "editor", "journalist"],
            Self::Marketing => &["marketing", "marketer", "seo", "brand", "social media"],
            Self::Sales => &[
                "sales",
                "salesperson",
                "account executive",
                "business development",
            ],
            Self::Support => &[
                "support",
                "customer service",
                "helpdesk",
                "help desk",
                "call centre",
                "call center",
            ],
            Self::Product => &["product"],
            Self::Developer => &[
                "developer",
                "engineer",
                "programmer",
                "software",
                "coder",
                "frontend",
                "backend",
                "fullstack",
                "full stack",
            ],
            Self::Manager => &[
                "manager",
                "lead",
                "head",
                "director",
                "supervisor",
                "coordinator",
            ],
            Self::Default => &[],
        }
    }

    /// The family's icon and gradient.
    pub const fn style(self) -> RoleStyle {
        let (icon, from, to) = match self {
            Self::Developer => ("Code", "#3b82f6", "#06b6d4"),
            Self::Designer => ("Palette", "#ec4899", "#8b5cf6"),
            Self::Data => ("BarChart3", "#10b981", "#14b8a6"),
            Self::Manager => ("Users", "#f59e0b", "#f97316"),
            Self::Marketing => ("Megaphone", "#f43f5e", "#ec4899"),
            Self::Sales => ("TrendingUp", "#22c55e", "#10b981"),
            Self::Support => ("Headphones", "#0ea5e9", "#6366f1"),
            Self::Writer => ("PenTool", "#a855f7", "#d946ef"),
            Self::DevOps => ("Server", "#475569", "#0ea5e9"),
            Self::Medical => ("Stethoscope", "#ef4444", "#f43f5e"),
            Self::Teacher => ("GraduationCap", "#eab308", "#f59e0b"),
            Self::Product => ("Package", "#6366f1", "#8b5cf6"),
            Self::Database => ("Database", "#0891b2", "#0e7490"),
            Self::Security => ("Shield", "#1e293b", "#64748b"),
            Self::Ai => ("Brain", "#8b5cf6", "#06b6d4"),
            Self::Default => ("Briefcase", "#6366f1", "#a855f7"),
        };
        RoleStyle {
            key: self,
            icon,
            gradient: Gradient { from, to },
        }
    }
}

/// The role family of a job title; see the module docs for matching and order.
pub fn role_key(job_title: &str) -> RoleKey {
    let lower = job_title.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    // Every run of 1..=3 consecutive words, joined by single spaces.
    let mut phrases: Vec<String> = Vec::with_capacity(words.len() * MAX_PHRASE_WORDS);
    for start in 0..words.len() {
        for len in 1..=MAX_PHRASE_WORDS.min(words.len() - start) {
            phrases.push(words[start..start + len].join(" "));
        }
    }
    PRECEDENCE
        .into_iter()
        .find(|key| {
            key.keywords()
                .iter()
                .any(|keyword| phrases.iter().any(|p| p == keyword))
        })
        .unwrap_or(RoleKey::Default)
}

/// The icon and gradient for a job title.
pub fn role_style(job_title: &str) -> RoleStyle {
    role_key(job_title).style()
}

#[cfg(test)]
mod tests {
    use super::*;
    use test_case::test_case;

    #[test_case("Software Developer", RoleKey::Developer)]
    #[test_case("Backend Engineer", RoleKey::Developer)]
    #[test_case("Full-Stack Developer", RoleKey::Developer ; "hyphen splits words")]
    #[test_case("Lead Developer", RoleKey::Developer ; "role beats seniority")]
    #[test_case("UX Designer", RoleKey::Designer)]
    #[test_case("Product Designer", RoleKey::Designer ; "designer beats product")]
    #[test_case("Data Analyst", RoleKey::Data)]
    #[test_case("Data Engineer", RoleKey::Data ; "data beats engineer")]
    #[test_case("Business Analyst", RoleKey::Data)]
    #[test_case("Project Manager", RoleKey::Manager)]
    #[test_case("Team Lead", RoleKey::Manager)]
    #[test_case("Engineering Manager", RoleKey::Manager ; "engineering is not engineer")]
    #[test_case("Marketing Manager", RoleKey::Marketing ; "marketing beats manager")]
    #[test_case("Digital Marketing Specialist", RoleKey::Marketing)]
    #[test_case("Sales Representative", RoleKey::Sales)]
    #[test_case("Sales Manager", RoleKey::Sales)]
    #[test_case("Customer Support Agent", RoleKey::Support)]
    #[test_case("IT Support Engineer", RoleKey::Support ; "support beats engineer")]
    #[test_case("Technical Writer", RoleKey::Writer)]
    #[test_case("Content Writer", RoleKey::Writer)]
    #[test_case("DevOps Engineer", RoleKey::DevOps ; "devops beats engineer")]
    #[test_case("Site Reliability Engineer", RoleKey::DevOps)]
    #[test_case("Medical Officer", RoleKey::Medical)]
    #[test_case("Registered Nurse", RoleKey::Medical)]
    #[test_case("Mathematics Teacher", RoleKey::Teacher)]
    #[test_case("Product Manager", RoleKey::Product ; "product beats manager")]
    #[test_case("Product Owner", RoleKey::Product)]
    #[test_case("Database Administrator", RoleKey::Database ; "database beats data")]
    #[test_case("Database Developer", RoleKey::Database)]
    #[test_case("Security Engineer", RoleKey::Security ; "security beats engineer")]
    #[test_case("Cybersecurity Analyst", RoleKey::Security ; "security beats analyst")]
    #[test_case("AI Engineer", RoleKey::Ai ; "ai beats engineer")]
    #[test_case("Machine Learning Engineer", RoleKey::Ai ; "phrase keyword")]
    #[test_case("ML/AI Product Manager", RoleKey::Ai ; "slash splits words")]
    #[test_case("Maintenance Technician", RoleKey::Default ; "ai inside a word does not match")]
    #[test_case("Court Pleader", RoleKey::Default ; "lead inside a word does not match")]
    #[test_case("Accountant", RoleKey::Default)]
    #[test_case("", RoleKey::Default ; "empty title")]
    #[test_case("  SENIOR   DEVELOPER  ", RoleKey::Developer ; "case and spacing")]
    fn role_key_picks_the_most_specific_family(title: &str, expected: RoleKey) {
        assert_eq!(role_key(title), expected);
    }

    #[test]
    fn each_family_has_its_spec_icon() {
        let icons: Vec<(RoleKey, &str)> = PRECEDENCE
            .iter()
            .chain(&[RoleKey::Default])
            .map(|k| (*k, k.style().icon))
            .collect();
        assert_eq!(
            icons,
            [
                (RoleKey::Ai, "Brain"),
                (RoleKey::Security, "Shield"),
                (RoleKey::DevOps, "Server"),
                (RoleKey::Database, "Database"),
                (RoleKey::Data, "BarChart3"),
                (RoleKey::Medical, "Stethoscope"),
                (RoleKey::Teacher, "GraduationCap"),
                (RoleKey::Designer, "Palette"),
                (RoleKey::Writer, "PenTool"),
                (RoleKey::Marketing, "Megaphone"),
                (RoleKey::Sales, "TrendingUp"),
                (RoleKey::Support, "Headphones"),
                (RoleKey::Product, "Package"),
                (RoleKey::Developer, "Code"),
                (RoleKey::Manager, "Users"),
                (RoleKey::Default, "Briefcase"),
            ]
        );
    }

    #[test]
    fn gradients_are_hex_colours() {
        for key in PRECEDENCE.iter().chain(&[RoleKey::Default]) {
            let Gradient { from, to } = key.style().gradient;
            for colour in [from, to] {
                assert_eq!(colour.len(), 7, "{key:?}");
                assert!(colour.starts_with('#'));
                assert!(colour[1..].chars().all(|c| c.is_ascii_hexdigit()));
            }
        }
    }

    #[test]
    fn keywords_are_lowercase_and_short_enough_to_match() {
        for key in PRECEDENCE {
            for keyword in key.keywords() {
                assert_eq!(*keyword, keyword.to_lowercase());
                assert!(keyword.split(' ').count() <= MAX_PHRASE_WORDS, "{keyword}");
            }
        }
    }

    #[test]
    fn style_serialises_for_the_browser() {
        let json = serde_json::to_value(role_style("DevOps Engineer")).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "key": "devOps",
                "icon": "Server",
                "gradient": { "from": "#475569", "to": "#0ea5e9" }
            })
        );
    }
}

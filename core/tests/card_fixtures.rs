//! The job card helpers over the demo jobs: role style, salary line, collapsed lists.

use std::path::PathBuf;

use jobtap_core::card::{benefit_tags, collapse_requirements};
use jobtap_core::format::format_salary_range;
use jobtap_core::role_style::{RoleKey, role_style};
use serde_json::Value;
use test_case::test_case;

fn demo_job(title: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/jobs/demo-jobs.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let jobs: Vec<Value> = serde_json::from_str(&text).unwrap();
    jobs.into_iter()
        .find(|j| j["job_title"] == title)
        .unwrap_or_else(|| panic!("no demo job titled {title:?}"))
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

#[test_case("Senior Backend Developer", RoleKey::Developer, "Code")]
#[test_case("Full Stack Engineer", RoleKey::Developer, "Code")]
#[test_case("UI/UX Designer", RoleKey::Designer, "Palette")]
#[test_case("Site Operations Manager", RoleKey::Manager, "Users")]
#[test_case("Digital Marketing Specialist", RoleKey::Marketing, "Megaphone")]
#[test_case("Enterprise Sales Executive", RoleKey::Sales, "TrendingUp")]
#[test_case("Customer Support Agent", RoleKey::Support, "Headphones")]
#[test_case("Content Writer", RoleKey::Writer, "PenTool")]
#[test_case("DevOps Engineer", RoleKey::DevOps, "Server")]
#[test_case("Medical Officer", RoleKey::Medical, "Stethoscope")]
#[test_case("Mathematics Teacher", RoleKey::Teacher, "GraduationCap")]
#[test_case("Product Manager", RoleKey::Product, "Package")]
#[test_case("Data Entry Clerk", RoleKey::Data, "BarChart3")]
#[test_case("Database Administrator", RoleKey::Database, "Database")]
#[test_case("Principal AI Engineer", RoleKey::Ai, "Brain")]
#[test_case("Cyber Security Analyst", RoleKey::Security, "Shield")]
#[test_case("Agronomist", RoleKey::Default, "Briefcase")]
#[test_case("Guest Experience Lead", RoleKey::Manager, "Users")]
#[test_case("Brand Marketing Manager", RoleKey::Marketing, "Megaphone")]
#[test_case("Senior Product Designer", RoleKey::Designer, "Palette")]
fn demo_titles_get_their_role_style(title: &str, key: RoleKey, icon: &str) {
    // Look the title up so a renamed fixture fails loudly instead of testing nothing.
    let job = demo_job(title);
    let style = role_style(job["job_title"].as_str().unwrap());
    assert_eq!((style.key, style.icon), (key, icon));
}

#[test_case("Full Stack Engineer", "$1,500 - $2,400")]
#[test_case("Principal AI Engineer", "$4,000 - $4,500")]
#[test_case("Content Writer", "Salary not specified")]
fn demo_salary_lines(title: &str, expected: &str) {
    let job = demo_job(title);
    let line = format_salary_range(job["salary_min"].as_f64(), job["salary_max"].as_f64());
    assert_eq!(line, expected);
}

#[test]
fn demo_requirements_and_benefits_collapse() {
    let job = demo_job("Principal AI Engineer");
    let requirements = collapse_requirements(&strings(&job["requirements"]));
    assert_eq!(requirements.shown.len(), 2);
    assert_eq!(
        requirements.more_note.as_deref(),
        Some("+3 more requirements (click magnifier to view all)")
    );
    let benefits = benefit_tags(&strings(&job["benefits"]));
    assert_eq!(benefits.shown.len(), 4);
    assert_eq!(benefits.more_note.as_deref(), Some("+3 more"));
}

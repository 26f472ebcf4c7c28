//! What a recruiter flags on sight, over the fixture set: each resume's flags and the lines
//! they name, the points they take off, and the upgrade leaving the flagged lines out.

use jobtap_core::resume::upgrade::left_out;
use jobtap_core::resume::{AtsReport, AtsTarget, analyze, upgrade};

const STRONG: &str = include_str!("../../fixtures/resumes/strong-developer.txt");
const GRADUATE: &str = include_str!("../../fixtures/resumes/graduate.txt");
const WEAK: &str = include_str!("../../fixtures/resumes/weak-analyst.txt");
const REPEATED: &str = include_str!("../../fixtures/resumes/repeated-bullets.txt");

/// Each flag as (id, points off, lines named).
fn flags(report: &AtsReport) -> Vec<(&'static str, u32, Vec<String>)> {
    report
        .flags
        .iter()
        .map(|f| (f.id, f.points, f.lines.clone()))
        .collect()
}

fn earned(report: &AtsReport) -> u32 {
    report.rules.iter().map(|r| r.points).sum()
}

#[test]
fn a_well_written_resume_has_no_flags() {
    let report = analyze(STRONG, &AtsTarget::role("Full Stack Developer"));
    assert_eq!(flags(&report), []);
    assert_eq!(report.score, earned(&report));
}

#[test]
fn one_achievement_under_four_jobs_is_flagged_and_costs_the_target() {
    let report = analyze(REPEATED, &AtsTarget::role("Store Supervisor"));
    let found = flags(&report);
    assert_eq!(found.len(), 1, "{found:?}");
    let (id, points, lines) = &found[0];
    assert_eq!(*id, "repeated-bullets");
    assert_eq!(*points, 18, "three repeats, six points each");
    assert_eq!(lines.len(), 3);
    assert!(
        lines
            .iter()
            .all(|l| l.contains("customer satisfaction scores by 20%")),
        "{lines:?}"
    );
    assert_eq!(report.score, earned(&report) - 18);
    assert!(!report.meets_target(), "{}", report.score);
    let advice = &report.flags[0].recommendation;
    assert!(advice.contains("appears"), "{advice}");

    // The upgrade says it once and lists what it merged.
    let upgraded = upgrade(REPEATED, &report, &AtsTarget::role("Store Supervisor"));
    assert_eq!(
        upgraded.matches("customer satisfaction").count(),
        1,
        "{upgraded}"
    );
    for kept in [
        "Scheduled 14 cashiers",
        "Trained 6 new waiters",
        "Resolved 60 calls",
        "Ran the weekly stock count",
    ] {
        assert!(upgraded.contains(kept), "{kept} in:\n{upgraded}");
    }
    assert_eq!(
        flags(&analyze(&upgraded, &AtsTarget::role("Store Supervisor"))),
        []
    );
    assert_eq!(left_out(REPEATED, &upgraded).len(), 3);
}

#[test]
fn personal_lines_self_praise_and_narration_are_flagged_line_by_line() {
    let report = analyze(WEAK, &AtsTarget::role("Data Analyst"));
    let found = flags(&report);
    let ids: Vec<&str> = found.iter().map(|(id, _, _)| *id).collect();
    assert_eq!(
        ids,
        ["personal-lines", "filler", "first-person"],
        "{found:?}"
    );
    assert_eq!(
        found[0].2,
        [
            "I like reading and netball and I go to church.",
            "References are available on request."
        ]
    );
    assert_eq!(found[0].1, 8);
    assert_eq!(
        found[1].2,
        [
            "I am a hardworking and motivated person who is looking for a job where I can use my skills and grow with the company.",
            "I am good at working with people and I am a fast learner and I can work under pressure and I am always on time."
        ]
    );
    assert_eq!(found[1].1, 6);
    assert_eq!(found[2].1, 4, "at most four points for narration");

    // The upgrade leaves the flagged sentences out and says which.
    let upgraded = upgrade(WEAK, &report, &AtsTarget::role("Data Analyst"));
    for gone in [
        "netball",
        "church",
        "fast learner",
        "hardworking",
        "on request",
    ] {
        assert!(!upgraded.contains(gone), "{gone} in:\n{upgraded}");
    }
    let dropped = left_out(WEAK, &upgraded);
    assert_eq!(dropped.len(), 4, "{dropped:?}");
    assert!(dropped.contains(&"I like reading and netball and I go to church.".to_string()));
}

#[test]
fn references_on_request_is_the_graduates_one_flag() {
    let report = analyze(GRADUATE, &AtsTarget::role("Marketing Assistant"));
    assert_eq!(
        flags(&report),
        [(
            "personal-lines",
            4,
            vec!["Available on request.".to_string()]
        )]
    );
}

#[test]
fn an_undated_role_and_a_stuffed_keyword_are_flagged() {
    let text = "Rumbi Moyo\nrumbi@example.com\n\nEXPERIENCE\nRegistered Nurse | Parirenyatwa Hospital\n- Cared for 30 patients a shift on a surgical ward.\n\nSKILLS\nExcel, Excel, Excel, Excel, Excel, Excel, Excel, Excel, Excel, Excel\n";
    let report = analyze(text, &AtsTarget::default());
    let found = flags(&report);
    assert!(
        found.contains(&(
            "role-dates",
            3,
            vec!["Registered Nurse | Parirenyatwa Hospital".to_string()]
        )),
        "{found:?}"
    );
    assert!(
        found.contains(&("keyword-stuffing", 8, vec!["Excel (10 times)".to_string()])),
        "{found:?}"
    );
}

#[test]
fn a_flagged_sentence_that_names_something_is_kept_by_the_upgrade() {
    let text = "Rudo Banda\nrudo@example.com\n\nEXPERIENCE\nIT Volunteer | St Mary's Church, Harare | 2022 - Present\n- Volunteer IT support for St Mary's Church, 200 users.\n- I go to church every week.\n\nSKILLS\nExcel, Windows, Networking\n";
    let target = AtsTarget::default();
    let report = analyze(text, &target);
    let personal = &report
        .flags
        .iter()
        .find(|f| f.id == "personal-lines")
        .unwrap()
        .lines;
    assert_eq!(personal.len(), 2, "{personal:?}");
    let upgraded = upgrade(text, &report, &target);
    assert!(upgraded.contains("200 users"), "{upgraded}");
    assert!(!upgraded.contains("every week"), "{upgraded}");
    assert_eq!(left_out(text, &upgraded), ["I go to church every week."]);
}

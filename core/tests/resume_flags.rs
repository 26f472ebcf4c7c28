//! What a recruiter flags on sight, over the fixture set: each resume's flags and the lines
//! they name, the points they take off, and the upgrade leaving the flagged lines out.

use jobtap_core::resume::upgrade::left_out;
use jobtap_core::resume::{AtsReport, AtsTarget, analyze, upgrade, upgrade_keeping};

const STRONG: &str = include_str!("../../fixtures/resumes/strong-developer.txt");
const GRADUATE: &str = include_str!("../../fixtures/resumes/graduate.txt");
const WEAK: &str = include_str!("../../fixtures/resumes/weak-analyst.txt");
const REPEATED: &str = include_str!("../../fixtures/resumes/repeated-bullets.txt");
const UNTITLED: &str = include_str!("../../fixtures/resumes/untitled-roles.txt");

/// Each flag as (id, points off, lines named).
fn flags(report: &AtsReport) -> Vec<(&'static str, u32, Vec<String>)> {
    report
        .flags
        .iter()
        .map(|f| (f.id, f.points, f.lines.clone()))
        .collect()
}

/// The advice of rule `id` for `text`, without a target.
fn advice(text: &str, id: &str) -> Option<String> {
    analyze(text, &AtsTarget::default())
        .rule(id)
        .unwrap()
        .recommendation
        .clone()
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
    let hobbies = "I like reading and netball and I go to church.".to_string();
    assert!(dropped.contains(&hobbies));

    // The candidate puts a left-out line back: it is in the upgrade, no longer listed as
    // left out, and its flag costs the points it costs.
    let target = AtsTarget::role("Data Analyst");
    let kept = upgrade_keeping(WEAK, &report, &target, std::slice::from_ref(&hobbies));
    assert!(kept.contains("netball and I go to church"), "{kept}");
    assert!(
        !kept.contains("fast learner"),
        "the others stay out:\n{kept}"
    );
    let still_out = left_out(WEAK, &kept);
    assert_eq!(still_out.len(), 3, "{still_out:?}");
    assert!(!still_out.contains(&hobbies));
    let score = |text: &str| analyze(text, &target).score;
    assert!(score(&kept) < score(&upgraded));
    assert!(score(&kept) >= report.score);
}

#[test]
fn a_repeat_put_back_is_said_again() {
    let target = AtsTarget::role("Store Supervisor");
    let report = analyze(REPEATED, &target);
    let upgraded = upgrade(REPEATED, &report, &target);
    let again = left_out(REPEATED, &upgraded);
    let kept = upgrade_keeping(REPEATED, &report, &target, &again[..1]);
    let said = |text: &str| text.matches(again[0].as_str()).count();
    assert_eq!(said(&upgraded) + 1, said(&kept), "{kept}");
    assert_eq!(left_out(REPEATED, &kept).len(), again.len() - 1);
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
fn roles_naming_no_title_are_flagged_and_a_title_on_its_own_line_counts() {
    let target = AtsTarget::role("Mathematics Teacher");
    let report = analyze(UNTITLED, &target);
    assert_eq!(
        flags(&report),
        [(
            "role-titles",
            6,
            vec![
                "Chaplin High School, Gweru | 2021 - Present".to_string(),
                "Mkoba Teachers College | 2019 - 2021".to_string(),
            ]
        )],
        "\"Head of Mathematics\" above its school is that role's title"
    );
    assert_eq!(report.score, earned(&report) - 6);
    // The upgrade invents no title: the flag stays until the candidate names them.
    let upgraded = upgrade(UNTITLED, &report, &target);
    let after = analyze(&upgraded, &target);
    assert!(
        after.flags.iter().any(|f| f.id == "role-titles"),
        "{upgraded}"
    );
    assert!(after.score >= report.score);
}

#[test]
fn a_missing_contact_detail_names_the_line_it_belongs_beside() {
    let report = analyze(UNTITLED, &AtsTarget::default());
    assert!(!report.rule("format-phone").unwrap().passed);
    assert_eq!(
        advice(UNTITLED, "format-phone").as_deref(),
        Some(
            "Add a phone number with its country code at the top, beside \"rumbidzai.moyo@example.com\"."
        )
    );
    let no_email = UNTITLED.replace("rumbidzai.moyo@example.com", "+263 71 555 0101");
    assert_eq!(
        advice(&no_email, "format-email").as_deref(),
        Some("Add your e-mail address at the top, beside \"+263 71 555 0101\".")
    );
    // A resume written as one paragraph: the detail itself, not the paragraph, is quoted.
    assert_eq!(
        advice(WEAK, "format-phone").as_deref(),
        Some(
            "Add a phone number with its country code at the top, beside \"nokuthula.ndlovu@example.com\"."
        )
    );
    // Neither: the name's line.
    let neither = UNTITLED.replace("rumbidzai.moyo@example.com", "");
    assert_eq!(
        advice(&neither, "format-email").as_deref(),
        Some("Add your e-mail address at the top, beside \"RUMBIDZAI MOYO\".")
    );
}

#[test]
fn a_title_anywhere_in_a_roles_lines_counts() {
    let text = "Ann Dube\nann@example.com\n\nEXPERIENCE\nData Analyst\nAcme Ltd | Harare\nJan 2019 - Present\n- Built 12 Power BI dashboards for the sales team.\n\nAcme Ltd, Harare\nJunior Analyst\n2017 - 2018\n- Cleaned 3 years of sales data in Excel.\n\nCo-founder | Kopano Labs | 2015 - 2017\n- Ran a 4-person start-up.\n\nStatistician | ZIMSTAT | 2013 - 2015\n- Weighted the 2014 labour survey.\n\nBulawayo Polytechnic | 2012 - 2013\n- Marked 200 scripts a term.\n";
    let report = analyze(text, &AtsTarget::default());
    let titles: Vec<_> = report
        .flags
        .iter()
        .filter(|f| f.id == "role-titles")
        .collect();
    assert_eq!(titles.len(), 1, "{:?}", report.flags);
    assert_eq!(titles[0].lines, ["Bulawayo Polytechnic | 2012 - 2013"]);
    assert_eq!(titles[0].points, 3);
}

#[test]
fn a_referees_address_further_down_is_not_where_a_phone_goes() {
    let text = "Ann Dube\nHarare\n\nEXPERIENCE\nData Analyst | Acme Ltd | 2019 - Present\n- Built 12 dashboards.\n\nREFERENCES\nT. Moyo, tmoyo@example.com\n";
    assert_eq!(
        advice(text, "format-phone").as_deref(),
        Some("Add a phone number with its country code at the top, beside \"Ann Dube\".")
    );
}

#[test]
fn every_role_of_the_matching_candidates_has_a_title() {
    let candidates: serde_json::Value =
        serde_json::from_str(include_str!("../../fixtures/matching/candidates.json")).unwrap();
    let candidates = candidates.as_array().unwrap();
    assert!(candidates.len() >= 10);
    for candidate in candidates {
        let report = analyze(candidate["resume"].as_str().unwrap(), &AtsTarget::default());
        assert!(
            report.flags.iter().all(|f| f.id != "role-titles"),
            "{}: {:?}",
            candidate["key"],
            report.flags
        );
    }
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
    let text = "Rudo Banda\nrudo@example.com\n\nEXPERIENCE\nIT Volunteer | St Mary's Church, Harare | 2022 - Present\n- Volunteer IT support for St Mary's Church, 200 users.\n- I go to church every week.\n\nSKILLS\nExcel, Windows, Networking\n\nINTERESTS\n- Netball for Harare City Ladies, league winners 2019.\n";
    let target = AtsTarget::default();
    let report = analyze(text, &target);
    let personal = &report
        .flags
        .iter()
        .find(|f| f.id == "personal-lines")
        .unwrap()
        .lines;
    // Work done at a church is work: only the habit and the pastime are flagged.
    assert_eq!(
        personal,
        &[
            "I go to church every week.",
            "Netball for Harare City Ladies, league winners 2019."
        ],
        "{personal:?}"
    );
    let upgraded = upgrade(text, &report, &target);
    assert!(upgraded.contains("200 users"), "{upgraded}");
    assert!(upgraded.contains("Harare City Ladies"), "{upgraded}");
    assert!(!upgraded.contains("every week"), "{upgraded}");
    assert_eq!(left_out(text, &upgraded), ["I go to church every week."]);
}

#[test]
fn a_rewording_may_change_words_but_not_facts() {
    use jobtap_core::resume::upgrade::fact_check;
    let source = "JANE MOYO\n\nEXPERIENCE\nAnalyst | Acme Ltd | 2020 - Present\n- Led a team of 4 analysts in Harare.\n- Built dashboards in Power BI.";
    // Other verbs, the same names and numbers: clean.
    let reworded = "JANE MOYO\n\nEXPERIENCE\nAnalyst | Acme Ltd | 2020 - Present\n- Managed a team of 4 analysts in Harare.\n- Designed dashboards in Power BI.";
    assert!(fact_check(source, reworded).is_clean());
    // A new employer and a new number are invented; a place left out is dropped.
    let check = fact_check(
        source,
        "JANE MOYO\n\nEXPERIENCE\nAnalyst | Acme Ltd | 2020 - Present\n- Led a team of 4 analysts at Google, growing revenue 30%.\n- Built dashboards in Power BI.",
    );
    assert_eq!(check.invented, ["Google", "30"]);
    assert_eq!(check.dropped, ["Harare"]);
    assert!(!check.is_clean());
    // Another employer on an entry line, and a skill in lower case, are invented too.
    let check = fact_check(
        source,
        "JANE MOYO\n\nEXPERIENCE\nAnalyst | Rainbow Ltd | 2020 - Present\n- Led a team of 4 analysts in Harare.\n- Built dashboards in Power BI and python.",
    );
    assert!(check.invented.contains(&"Rainbow".to_string()), "{check:?}");
    assert!(
        check
            .invented
            .iter()
            .any(|f| f.eq_ignore_ascii_case("python")),
        "{check:?}"
    );
    assert!(
        check
            .dropped
            .contains(&"Analyst | Acme Ltd | 2020 - Present".to_string()),
        "{check:?}"
    );
}

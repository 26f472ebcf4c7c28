//! Resumes of people outside software, as they write them in Word: a paragraph
//! CV, a table-layout CV, a two-column CV and one with Word's own bullets. Read, analysed and
//! upgraded as the API does (`extract_text` → `analyze` → `upgrade`), against a job of the
//! person's own field: the advice names no other field's skills, Word's bullets count as
//! bullets, the upgrade scores no lower, keeps every fact and puts no employer's line in the
//! summary, and a first-person paragraph becomes bullets of the experience section.

use jobtap_core::resume::upgrade::fact_check;
use jobtap_core::resume::{AtsReport, AtsTarget, analyze, extract_text, upgrade};
use test_case::test_case;

const ELECTRICIAN: &[u8] =
    include_bytes!("../../fixtures/resumes/writers/electrician.paragraph.docx");
const CHEF: &[u8] = include_bytes!("../../fixtures/resumes/writers/chef.table.docx");
const TEACHER: &[u8] = include_bytes!("../../fixtures/resumes/writers/teacher.two-column.docx");
const DRIVER: &[u8] = include_bytes!("../../fixtures/resumes/writers/driver.word-bullets.docx");

/// Lines of work and skills only that line asks for.
const FIELDS: &[(&str, &[&str])] = &[
    (
        "software",
        &[
            "SQL",
            "Python",
            "JavaScript",
            "React",
            "Git",
            "REST APIs",
            "Docker",
            "Swift",
        ],
    ),
    (
        "office",
        &[
            "Excel",
            "Microsoft Office",
            "Power BI",
            "Tableau",
            "QuickBooks",
        ],
    ),
    (
        "health",
        &["Patient care", "Wound care", "Nursing", "Phlebotomy"],
    ),
    (
        "kitchen",
        &["HACCP", "Menu planning", "Food costing", "Pastry"],
    ),
    (
        "electrical",
        &["Switchgear", "Fault finding", "Motor rewinding", "PLC"],
    ),
    (
        "teaching",
        &[
            "Lesson planning",
            "Classroom management",
            "Remedial reading",
        ],
    ),
    ("driving", &["Defensive driving", "Forklift", "Log book"]),
    (
        "security",
        &["Threat modelling", "Network security", "Incident response"],
    ),
];

struct Case {
    bytes: &'static [u8],
    field: &'static str,
    target: AtsTarget,
    /// How the employers are named, each on its own line in the resume.
    employers: &'static [&'static str],
    /// Paragraphs of list items Word draws with bullets.
    word_bullets: usize,
}

fn target(role: &str, skills: &[&str]) -> AtsTarget {
    AtsTarget {
        role: role.to_owned(),
        job_types: Vec::new(),
        skills: skills.iter().map(|s| (*s).to_owned()).collect(),
    }
}

fn case(name: &str) -> Case {
    match name {
        "electrician" => Case {
            bytes: ELECTRICIAN,
            field: "electrical",
            target: AtsTarget::role("Electrician"),
            employers: &["Hwange Colliery Company", "Sino Zimbabwe Cement"],
            word_bullets: 0,
        },
        // Titles read through a word many fields share: no software or security advice.
        "electrician as engineer" => Case {
            target: AtsTarget::role("Electrical Maintenance Engineer"),
            ..case("electrician")
        },
        "chef" => Case {
            bytes: CHEF,
            field: "kitchen",
            target: AtsTarget::role("Sous Chef"),
            employers: &["The Kingdom Hotel", "Ilala Lodge", "Cresta Lodge"],
            word_bullets: 0,
        },
        "chef for a job" => Case {
            target: target(
                "Head Chef",
                &["Menu planning", "Food safety", "Stock control"],
            ),
            ..case("chef")
        },
        "teacher" => Case {
            bytes: TEACHER,
            field: "teaching",
            target: AtsTarget::role("Primary School Teacher"),
            employers: &["Mzilikazi Primary School", "Lobengula Primary School"],
            word_bullets: 11,
        },
        "driver" => Case {
            bytes: DRIVER,
            field: "driving",
            target: AtsTarget::role("Truck Driver"),
            employers: &["Swift Transport (Pvt) Ltd", "Unifreight Africa"],
            word_bullets: 9,
        },
        "driver for a job" => Case {
            target: target(
                "Long Distance Truck Driver",
                &["Class 1 licence", "Cross-border", "Vehicle inspection"],
            ),
            ..case("driver")
        },
        _ => unreachable!("{name}"),
    }
}

fn read(bytes: &[u8]) -> String {
    extract_text("cv.docx", bytes).unwrap().text
}

/// Everything the report tells the candidate: each rule's finding and advice, each flag's,
/// the keywords asked for and the skills found.
fn told(report: &AtsReport) -> String {
    let mut out: Vec<String> = Vec::new();
    for rule in &report.rules {
        out.push(rule.detail.clone());
        out.extend(rule.recommendation.clone());
    }
    for flag in &report.flags {
        out.push(flag.recommendation.clone());
    }
    out.extend(report.keywords.keywords.iter().cloned());
    out.extend(report.skills.iter().cloned());
    out.join("\n")
}

/// Whether `text` names `skill` as whole words, in any letter case.
fn names(text: &str, skill: &str) -> bool {
    let words = |t: &str| -> Vec<String> {
        t.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let (text, skill) = (words(text), words(skill));
    text.windows(skill.len()).any(|w| w == skill)
}

/// The lines under `heading` in an upgraded resume, up to the next heading.
fn section<'a>(text: &'a str, heading: &str) -> Vec<&'a str> {
    const HEADINGS: &[&str] = &[
        "SUMMARY",
        "EXPERIENCE",
        "EDUCATION",
        "SKILLS",
        "CERTIFICATIONS",
        "PROJECTS",
        "REFERENCES",
        "LANGUAGES",
    ];
    text.lines()
        .skip_while(|l| *l != heading)
        .skip(1)
        .take_while(|l| !HEADINGS.contains(l))
        .filter(|l| !l.trim().is_empty())
        .collect()
}

/// Numbers, years and dates of `text`: every word holding a digit.
fn numbers(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || "(),;:|".contains(c))
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
        .collect()
}

const ALL: &[&str] = &[
    "electrician",
    "electrician as engineer",
    "chef",
    "chef for a job",
    "teacher",
    "driver",
    "driver for a job",
];

#[test]
fn the_advice_names_no_other_fields_skills_before_or_after_the_upgrade() {
    for name in ALL {
        let case = case(name);
        let text = read(case.bytes);
        let before = analyze(&text, &case.target);
        let after = analyze(&upgrade(&text, &before, &case.target), &case.target);
        for (field, skills) in FIELDS.iter().filter(|(f, _)| *f != case.field) {
            for report in [&before, &after] {
                let told = told(report);
                for skill in *skills {
                    assert!(
                        !names(&told, skill),
                        "{name}: {field}'s {skill:?} in\n{told}"
                    );
                }
            }
        }
    }
}

#[test_case("teacher" ; "list paragraphs numbered directly")]
#[test_case("driver" ; "the List Bullet style")]
fn word_bullets_are_counted_and_no_dash_bullets_are_asked_for(name: &str) {
    let case = case(name);
    let text = read(case.bytes);
    let report = analyze(&text, &case.target);
    assert_eq!(report.bullet_count, case.word_bullets, "{text}");
    let bullets = report.rule("format-bullets").unwrap();
    assert!(bullets.passed, "{bullets:?}");
    for advice in report
        .rules
        .iter()
        .filter_map(|r| r.recommendation.as_ref())
    {
        assert!(!advice.contains("\"- \""), "{advice}");
    }
}

#[test]
fn the_upgrade_never_scores_lower_and_keeps_every_fact() {
    for name in ALL {
        let case = case(name);
        let text = read(case.bytes);
        let before = analyze(&text, &case.target);
        let out = upgrade(&text, &before, &case.target);
        let after = analyze(&out, &case.target);
        assert!(
            after.score >= before.score,
            "{name}: {} < {}\n{out}",
            after.score,
            before.score
        );
        let check = fact_check(&text, &out);
        assert!(check.is_clean(), "{name}: {check:?}\n{out}");
        for number in numbers(&text) {
            assert!(out.contains(number), "{name}: {number} in\n{out}");
        }
        for employer in case.employers {
            assert!(out.contains(employer), "{name}: {employer} in\n{out}");
        }
    }
}

#[test]
fn no_employer_line_ends_up_in_the_summary_and_each_sits_under_experience() {
    for name in ALL {
        let case = case(name);
        let text = read(case.bytes);
        let out = upgrade(&text, &analyze(&text, &case.target), &case.target);
        let summary = section(&out, "SUMMARY").join("\n");
        let experience = section(&out, "EXPERIENCE").join("\n");
        for employer in case.employers {
            assert!(!summary.contains(employer), "{name}: {employer} in\n{out}");
            assert!(
                experience.contains(employer),
                "{name}: {employer} under EXPERIENCE in\n{out}"
            );
        }
    }
}

#[test]
fn a_first_person_paragraph_becomes_bullets_of_the_experience() {
    let case = case("electrician");
    let text = read(case.bytes);
    let before = analyze(&text, &case.target);
    let out = upgrade(&text, &before, &case.target);
    let experience = section(&out, "EXPERIENCE");
    let bullets: Vec<&str> = experience
        .iter()
        .filter_map(|l| l.strip_prefix("- "))
        .collect();
    // Each sentence of work is a bullet of its own, told without "I".
    for (said, bullet) in [
        (
            "at Hwange Colliery from 2016",
            "Worked at Hwange Colliery from 2016",
        ),
        (
            "conveyor belt motors",
            "Repair and service conveyor belt motors",
        ),
        (
            "4 artisans and 2 apprentices",
            "In 2019 I was made shift electrician",
        ),
        ("flameproof lighting", "Also fitted new flameproof lighting"),
        ("kiln drive panels", "Did wiring of new buildings"),
    ] {
        let found = bullets.iter().find(|b| b.contains(said));
        assert!(
            found.is_some_and(|b| b.starts_with(bullet)),
            "{said:?} as \"- {bullet} …\" in\n{out}"
        );
    }
    assert!(
        bullets.iter().all(|b| b.split_whitespace().count() <= 40),
        "{out}"
    );
    assert!(
        before
            .rule("sections-experience")
            .is_some_and(|r| !r.passed)
    );
    let after = analyze(&out, &case.target);
    assert!(after.rule("sections-experience").unwrap().passed, "{out}");
    assert!(after.rule("format-bullets").unwrap().passed, "{out}");
    assert!(
        after.score > before.score,
        "{} > {}",
        after.score,
        before.score
    );
}

#[test]
fn a_table_layout_is_read_in_reading_order_with_its_headings_and_entries() {
    let text = read(CHEF);
    let lines: Vec<&str> = text.lines().collect();
    for line in [
        "Work Experience",
        "Jan 2020 – Present | Sous Chef, The Kingdom Hotel, Victoria Falls",
        "Training and supervising 8 cooks and 3 stewards.",
        "2013 | Diploma in Professional Cookery, Harare Polytechnic School of Hospitality",
        "Skills",
    ] {
        assert!(lines.contains(&line), "{line:?} in\n{text}");
    }
    let report = analyze(&text, &case("chef").target);
    for id in [
        "sections-experience",
        "sections-education",
        "sections-skills",
        "sections-summary",
    ] {
        assert!(report.rule(id).unwrap().passed, "{id}:\n{text}");
    }
    // The two-column page: the left column, then the right.
    let text = read(TEACHER);
    let at = |line: &str| text.lines().position(|l| l == line).unwrap();
    assert!(
        at("LANGUAGES") < at("PROFILE") && at("PROFILE") < at("EDUCATION"),
        "{text}"
    );
}

#[test]
fn an_employers_line_never_becomes_the_title_of_a_composed_summary() {
    // No summary, no headline: one is composed from the first role, which this entry line
    // does not name.
    let text = "Takudzwa Moyo\ntakumoyo84@gmail.com\n\nWORK EXPERIENCE\nHwange Colliery Company | 2016 – Present\n- Repaired conveyor belt motors and dewatering pumps at No. 3 Main mine\n- Fitted flameproof lighting in 3 underground sections\n\nEDUCATION\nNational Certificate in Electrical Power Engineering, Bulawayo Polytechnic, 2011\n";
    let target = AtsTarget::role("Electrician");
    let out = upgrade(text, &analyze(text, &target), &target);
    assert!(
        !section(&out, "SUMMARY").join(" ").contains("Hwange"),
        "{out}"
    );
    // Named in the line, the role is the summary's title.
    let titled = text.replace(
        "Hwange Colliery Company |",
        "Shift Electrician | Hwange Colliery Company |",
    );
    let out = upgrade(&titled, &analyze(&titled, &target), &target);
    assert!(
        section(&out, "SUMMARY")
            .first()
            .is_some_and(|l| l.starts_with("Shift Electrician.")),
        "{out}"
    );
}

//! Question selection by job title (spec, candidate side §3 "Interview
//! question", §9: five questions shown 7, 9, 8, 8 and 8 seconds).

use jobtap_core::interview::questions::{
    BEHAVIOURAL, MSG_JOB_TITLE, behavioural_index, role_questions,
};
use jobtap_core::interview::{JobTitle, JobTitleError, QuestionKind, questions_for};
use jobtap_core::role_style::RoleKey;
use test_case::test_case;

fn title(text: &str) -> JobTitle {
    JobTitle::parse(text).expect("a valid title")
}

#[test_case("Senior Frontend Developer", RoleKey::Developer ; "developer")]
#[test_case("DevOps Engineer", RoleKey::DevOps ; "devops before engineer")]
#[test_case("Security Engineer", RoleKey::Security ; "security before engineer")]
#[test_case("Data Analyst", RoleKey::Data ; "data")]
#[test_case("Registered Nurse", RoleKey::Medical ; "medical")]
#[test_case("Product Manager", RoleKey::Product ; "product before manager")]
#[test_case("Team Lead", RoleKey::Manager ; "manager")]
#[test_case("UX Designer", RoleKey::Designer ; "designer")]
#[test_case("Customer Support Agent", RoleKey::Support ; "support")]
#[test_case("Machine Learning Engineer", RoleKey::Ai ; "ai")]
#[test_case("Barista", RoleKey::Default ; "no keyword")]
fn role_specific_questions_follow_the_title_family(position: &str, family: RoleKey) {
    let questions = questions_for(&title(position));
    let [first, second] = role_questions(family);
    assert_eq!(questions[1].question, first);
    assert_eq!(questions[3].question, second);
    assert_eq!(questions[1].kind, QuestionKind::RoleSpecific);
    assert_eq!(questions[3].kind, QuestionKind::RoleSpecific);
}

#[test]
fn five_questions_with_the_spec_display_times_in_order() {
    let questions = questions_for(&title("Frontend Developer"));
    let ids: Vec<u32> = questions.iter().map(|q| q.id).collect();
    let times: Vec<u32> = questions.iter().map(|q| q.display_time).collect();
    let kinds: Vec<QuestionKind> = questions.iter().map(|q| q.kind).collect();
    assert_eq!(ids, [1, 2, 3, 4, 5]);
    assert_eq!(times, [7, 9, 8, 8, 8]);
    assert_eq!(
        kinds,
        [
            QuestionKind::General,
            QuestionKind::RoleSpecific,
            QuestionKind::Behavioural,
            QuestionKind::RoleSpecific,
            QuestionKind::General,
        ]
    );
}

#[test]
fn general_questions_name_the_position_as_typed_with_spaces_tidied() {
    let questions = questions_for(&title("  Data    Analyst "));
    assert_eq!(
        questions[0].question,
        "Tell me about yourself and why you are interested in this Data Analyst position."
    );
    assert!(questions[4].question.contains("this Data Analyst role"));
}

#[test]
fn no_question_repeats_within_an_interview() {
    for position in [
        "Developer",
        "Nurse",
        "Barista",
        "Sales Executive",
        "Teacher",
    ] {
        let questions = questions_for(&title(position));
        for (i, a) in questions.iter().enumerate() {
            for b in &questions[i + 1..] {
                assert_ne!(a.question, b.question, "{position}");
            }
        }
    }
}

// Pinned so that the browser and the server, and later releases, keep
// asking the same set for the same title (FNV-1a of the lowercase title).
#[test_case("Frontend Developer", 1 ; "frontend developer")]
#[test_case("Full Stack Developer", 2 ; "full stack developer")]
#[test_case("Teacher", 5 ; "teacher")]
#[test_case("Data Analyst", 3 ; "data analyst")]
#[test_case("Registered Nurse", 4 ; "registered nurse")]
fn the_behavioural_question_is_pinned_by_title(position: &str, index: usize) {
    let t = title(position);
    assert_eq!(behavioural_index(&t), index);
    assert_eq!(questions_for(&t)[2].question, BEHAVIOURAL[index]);
}

#[test]
fn the_same_title_in_other_case_or_spacing_gets_the_same_questions() {
    assert_eq!(
        questions_for(&title("Frontend Developer")),
        questions_for(&title("frontend   developer")).map(|mut q| {
            q.question = q
                .question
                .replace("frontend developer", "Frontend Developer");
            q
        })
    );
}

#[test_case("", JobTitleError::Blank ; "empty")]
#[test_case("   \t ", JobTitleError::Blank ; "blank")]
#[test_case(&"x".repeat(101), JobTitleError::TooLong ; "101 characters")]
fn bad_titles_are_refused(input: &str, error: JobTitleError) {
    assert_eq!(JobTitle::parse(input), Err(error));
}

#[test]
fn a_blank_title_says_the_spec_message() {
    assert_eq!(JobTitleError::Blank.to_string(), MSG_JOB_TITLE);
    assert_eq!(MSG_JOB_TITLE, "Please enter a job title");
}

#[test]
fn a_title_of_100_characters_is_accepted() {
    let long = "é".repeat(100);
    assert_eq!(JobTitle::parse(&long).unwrap().as_str(), long);
}

#[test]
fn questions_serialise_with_the_spec_field_names() {
    let json = serde_json::to_value(&questions_for(&title("Nurse"))[0]).unwrap();
    assert_eq!(json["id"], 1);
    assert_eq!(json["displayTime"], 7);
    assert_eq!(json["kind"], "general");
    assert!(json["question"].as_str().unwrap().contains("Nurse"));
}

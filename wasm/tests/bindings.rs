//! Runs the bindings in a real WebAssembly engine (node, via wasm-bindgen-test-runner).

use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn description_preview_runs_in_wasm() {
    assert_eq!(
        jobtap_wasm::description_preview("Ship it. Then rest."),
        "Ship it."
    );
}

#[wasm_bindgen_test]
fn template_starts_with_the_header() {
    assert!(jobtap_wasm::import_template_csv().starts_with("company_name,job_title,"));
}

#[wasm_bindgen_test]
fn qr_png_is_a_png() {
    let png = jobtap_wasm::qr_png("https://jobtap.example/documents").unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
}

#[wasm_bindgen_test]
fn qr_svg_is_an_svg() {
    let svg = jobtap_wasm::qr_svg("https://jobtap.example/documents").unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("viewBox"));
}

#[wasm_bindgen_test]
fn resume_pdf_is_a_pdf() {
    let pdf = jobtap_wasm::resume_pdf("JANE DOE\n\nSUMMARY\nBuilds things.").unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    assert_eq!(jobtap_wasm::pdf_file_name(), "upgraded-resume-ats.pdf");
}

#[wasm_bindgen_test]
fn swipe_and_tap_rules_run_in_wasm() {
    let decision = jobtap_wasm::decide_swipe(-200.0, 0.0, -0.5, 0.0).unwrap();
    assert_eq!(decision.as_string().as_deref(), Some("reject"));
    let mut taps = jobtap_wasm::DoubleTapDetector::new();
    assert!(!taps.tap(1000.0));
    assert!(taps.tap(1200.0));
}

#[wasm_bindgen_test]
fn card_formats_run_in_wasm() {
    assert_eq!(
        jobtap_wasm::format_salary_range(Some(1500.0), Some(2500.0)),
        "$1,500 - $2,500"
    );
    assert!(jobtap_wasm::format_posted(0.0).starts_with("Posted Jan 1, 1970"));
}

#[wasm_bindgen_test]
fn packed_import_preview_runs_in_wasm() {
    use wasm_bindgen::JsValue;
    let csv = "company_name,job_title,job_description,location,job_type\n\
               Zürich AG,Dev 🚀,Builds,Remote,full-time\n\
               ,Dev,Builds,Remote,Intern\n";
    let packed =
        jobtap_wasm::preview_import_packed("jobs.csv", csv.as_bytes(), JsValue::UNDEFINED).unwrap();
    assert_eq!(
        (
            packed.row_count(),
            packed.valid_count(),
            packed.invalid_count()
        ),
        (2, 1, 1)
    );
    assert_eq!(packed.row_numbers(), [2, 3]);
    assert_eq!(packed.valid_flags(), [1, 0]);
    assert_eq!(packed.invalid_rows(), [1]);
    let text = String::from_utf8(packed.text()).unwrap();
    assert!(text.starts_with("Zürich AGDev 🚀RemoteFull-time"));
    // Byte offsets: "Zürich AG" is 10 bytes, "Dev 🚀" 8 (the rocket is four).
    assert_eq!(&packed.offsets()[..3], [0, 10, 18]);
    assert_eq!(packed.offsets().len(), 2 * 6 + 1);
    assert_eq!(
        packed.summary(),
        "Parsed 1 valid jobs and 1 invalid jobs. Please review."
    );
    assert!(packed.warnings().is_empty());
    let Err(refused) =
        jobtap_wasm::preview_import_packed("jobs.txt", csv.as_bytes(), JsValue::UNDEFINED)
    else {
        panic!("a .txt file is refused");
    };
    let refused: js_sys::Error = refused.into();
    assert_eq!(String::from(refused.name()), "not_csv");
    assert_eq!(String::from(refused.message()), "Please upload a CSV file");

    let head =
        jobtap_wasm::preview_import_head("jobs.csv", &csv.as_bytes()[..csv.len() - 3], 10, false)
            .unwrap();
    assert_eq!(head.row_numbers(), [2]);
}

/// The import's scans run 16 bytes at a time with WebAssembly SIMD: a control byte anywhere, and
/// separators, quotes and line ends at every offset of a block, are found as byte by byte.
#[wasm_bindgen_test]
fn the_imports_vector_scans_find_every_byte_in_wasm() {
    use wasm_bindgen::JsValue;
    let header = "company_name,job_title,job_description,location,job_type\n";
    let row = "Acme,Analyst,\"Reports, \"\"weekly\"\"\nand more\",Harare,Contract\n";
    for pad in 0..40 {
        let company = format!("Acme{}", "x".repeat(pad));
        let csv = format!("{header}{}{}", row.replacen("Acme", &company, 1), row);
        let packed =
            jobtap_wasm::preview_import_packed("jobs.csv", csv.as_bytes(), JsValue::UNDEFINED)
                .unwrap();
        assert_eq!(packed.row_numbers(), [2, 3], "padding {pad}");
        assert_eq!(packed.valid_count(), 2, "padding {pad}");
        let text = String::from_utf8(packed.text()).unwrap();
        assert!(text.starts_with(&format!("{company}AnalystHarareContract")));

        for bad in [0x00_u8, 0x1B, 0x7F] {
            let mut bytes = csv.clone().into_bytes();
            bytes[header.len() + pad] = bad;
            let Err(refused) =
                jobtap_wasm::preview_import_packed("jobs.csv", &bytes, JsValue::UNDEFINED)
            else {
                panic!("control byte {bad:#x} at {} is refused", header.len() + pad);
            };
            let refused: js_sys::Error = refused.into();
            assert_eq!(String::from(refused.name()), "unreadable");
        }
    }
}

fn interview_measurements() -> wasm_bindgen::JsValue {
    use jobtap_core::interview::{AnswerMeasurement, AudioMeasurement, InterviewMeasurements};
    let answer = AnswerMeasurement {
        duration_ms: 30_000.0,
        audio: Some(AudioMeasurement {
            speaking_ms: 15_000.0,
            longest_silence_ms: 2_000.0,
            loudness_spread_db: Some(5.0),
        }),
        face: None,
    };
    let measurements = InterviewMeasurements {
        answers: vec![answer; 5],
    };
    serde::Serialize::serialize(
        &measurements,
        &serde_wasm_bindgen::Serializer::json_compatible(),
    )
    .unwrap()
}

#[wasm_bindgen_test]
fn interview_questions_run_in_wasm() {
    use jobtap_core::interview::Question;
    let questions: Vec<Question> =
        serde_wasm_bindgen::from_value(jobtap_wasm::interview_questions("Data Analyst").unwrap())
            .unwrap();
    assert_eq!(questions.len(), 5);
    assert_eq!(questions[1].display_time, 9);
    assert!(questions[0].question.contains("Data Analyst"));
    assert!(jobtap_wasm::interview_questions("   ").is_err());
}

#[wasm_bindgen_test]
fn interview_scores_and_report_run_in_wasm() {
    use jobtap_core::interview::{
        InterviewAnalysis, InterviewReport, InterviewScores, JobTitle, builtin_narrative,
        questions_for,
    };
    let scores: InterviewScores = serde_wasm_bindgen::from_value(
        jobtap_wasm::score_interview(interview_measurements()).unwrap(),
    )
    .unwrap();
    // Share 0.5 → 0.83 of the speaking part; quality ramp_up(15 s) = 0.5.
    assert_eq!(scores.confidence, Some(9.3));
    assert_eq!(scores.response_quality, Some(5.0));
    assert_eq!(scores.eye_contact, None);

    let title = JobTitle::parse("Data Analyst").unwrap();
    let report = InterviewReport {
        job_title: title.as_str().to_owned(),
        created_at_ms: 1_741_185_000_000,
        questions: questions_for(&title).to_vec(),
        analysis: InterviewAnalysis {
            narrative: builtin_narrative(&title, &scores),
            scores,
        },
    };
    let js =
        serde::Serialize::serialize(&report, &serde_wasm_bindgen::Serializer::json_compatible())
            .unwrap();
    let text = jobtap_wasm::interview_report_text(js).unwrap();
    assert!(text.starts_with(
        "JobTap Interview Practice Report\nPosition: Data Analyst\nDate: Mar 5, 2025\n"
    ));
    assert!(text.contains("Eye Contact: not measured"));
    assert_eq!(
        jobtap_wasm::interview_report_file_name("Data Analyst", 1_741_185_000_000.0),
        "interview-report-data-analyst-2025-03-05.txt"
    );
}

/// A job with the API's snake_case field names, as a page holding feed jobs would pass it.
#[cfg(feature = "bench")]
#[derive(serde::Serialize)]
struct ApiJob {
    degree_class: Option<&'static str>,
    skills: Vec<&'static str>,
    requirements: Vec<&'static str>,
    experience_years: Option<i64>,
    minimum_score_threshold: Option<f64>,
}

/// A value as plain JavaScript objects, as the web code builds them.
#[cfg(feature = "bench")]
fn js<T: serde::Serialize + ?Sized>(value: &T) -> wasm_bindgen::JsValue {
    serde::Serialize::serialize(value, &serde_wasm_bindgen::Serializer::json_compatible()).unwrap()
}

#[cfg(feature = "bench")]
#[wasm_bindgen_test]
fn score_many_scores_api_shaped_jobs_in_order() {
    use jobtap_core::score::{CandidateProfile, FitScore, JobRequirements, score_many};
    let profile = CandidateProfile {
        degree_class: Some("2.1 Class".into()),
        university: Some("NUST".into()),
        skills: vec!["Rust".into(), "SQL".into()],
        experience_years: Some(2),
        ..CandidateProfile::default()
    };
    let jobs = [
        ApiJob {
            degree_class: None,
            skills: vec!["rust", "Go"],
            requirements: vec![],
            experience_years: Some(4),
            minimum_score_threshold: Some(90.0),
        },
        ApiJob {
            degree_class: Some("First Class"),
            skills: vec![],
            requirements: vec!["Strong SQL and Tableau"],
            experience_years: None,
            minimum_score_threshold: None,
        },
    ];
    let scores: Vec<FitScore> =
        serde_wasm_bindgen::from_value(jobtap_wasm::score_many(js(&profile), js(&jobs)).unwrap())
            .unwrap();

    let expected = score_many(
        &profile,
        &[
            JobRequirements {
                skills: vec!["rust".into(), "Go".into()],
                experience_years: Some(4),
                minimum_score_threshold: Some(90.0),
                ..JobRequirements::default()
            },
            JobRequirements {
                degree_class: Some("First Class".into()),
                requirements: vec!["Strong SQL and Tableau".into()],
                ..JobRequirements::default()
            },
        ],
    );
    assert_eq!(scores, expected);
    // One of the two wanted skills: 5 × 1 ÷ 2.
    assert!((scores[0].skills_score - 2.5).abs() < 1e-9);
    assert!(!scores[0].meets_threshold);
    assert_eq!(scores[1].missing_skills, ["Tableau"]);
    assert!(jobtap_wasm::score_many(js(&profile), js(&"not a list")).is_err());
}

#[cfg(feature = "bench")]
#[wasm_bindgen_test]
fn job_set_scores_like_score_many_and_explains_one_job() {
    use jobtap_core::score::{CandidateProfile, FitScore, JobRequirements, score_many};
    let profile = CandidateProfile {
        degree_class: Some("2.2 Class".into()),
        university: Some("Other".into()),
        skills: vec!["SQL".into(), "Mobile Money".into()],
        experience_years: Some(1),
        ..CandidateProfile::default()
    };
    let jobs = [
        ApiJob {
            degree_class: Some("Second Class Upper"),
            skills: vec!["SQL", "Docker", "sql"],
            requirements: vec![],
            experience_years: Some(2),
            minimum_score_threshold: Some(50.0),
        },
        ApiJob {
            degree_class: None,
            skills: vec![],
            requirements: vec!["Strong SQL and Tableau", "Mobile money integrations"],
            experience_years: None,
            minimum_score_threshold: None,
        },
    ];
    let set = jobtap_wasm::JobSet::new(js(&jobs)).unwrap();
    assert_eq!(set.length(), 2);
    let scores = set.score_all(js(&profile)).unwrap();

    let expected = score_many(
        &profile,
        &[
            JobRequirements {
                degree_class: Some("Second Class Upper".into()),
                skills: vec!["SQL".into(), "Docker".into(), "sql".into()],
                experience_years: Some(2),
                minimum_score_threshold: Some(50.0),
                ..JobRequirements::default()
            },
            JobRequirements {
                requirements: vec![
                    "Strong SQL and Tableau".into(),
                    "Mobile money integrations".into(),
                ],
                ..JobRequirements::default()
            },
        ],
    );
    let percentages: Vec<f64> = expected.iter().map(|f| f.score_percentage).collect();
    let meets: Vec<u8> = expected
        .iter()
        .map(|f| u8::from(f.meets_threshold))
        .collect();
    assert_eq!(scores.percentages(), percentages);
    assert_eq!(scores.meets(), meets);
    // Skills 1 of 2, so relevance 0.5 (no field, no resume roles): 3.75 × 0.5 + 1.4 × 2.5
    // + 0.52 × 3 × 0.5 + 1.25 = 7.405 → 37.8 %, under 50. The second job finds 2 of 3
    // skills in its requirements and needs no class or years: 56.3 %, over the default 20.
    assert!((scores.percentages()[0] - 37.8).abs() < 1e-9);
    assert!(
        (scores.percentages()[1] - 56.3).abs() < 1e-9,
        "{:?}",
        scores.percentages()
    );
    assert_eq!(scores.meets(), [0, 1]);

    let explained: FitScore =
        serde_wasm_bindgen::from_value(set.explain(js(&profile), 1).unwrap()).unwrap();
    assert_eq!(explained, expected[1]);
    // SQL and the candidate's own "Mobile Money" are found; Tableau is missing.
    assert_eq!(explained.missing_skills, ["Tableau"]);
    assert!(set.explain(js(&profile), 2).unwrap().is_undefined());
    assert!(jobtap_wasm::JobSet::new(js(&"not a list")).is_err());
}

#[wasm_bindgen_test]
fn upload_problem_gives_the_servers_message_or_none() {
    let docx = include_bytes!("../../fixtures/resumes/writers/nurse.python-docx.docx");
    assert_eq!(jobtap_wasm::upload_problem("resume", docx).ok(), Some(None));
    assert_eq!(
        jobtap_wasm::upload_problem("resume", b"just text").ok(),
        Some(Some("Resume must be a PDF, DOC or DOCX file".to_string()))
    );
    assert!(jobtap_wasm::upload_problem("nowhere", docx).is_err());
}

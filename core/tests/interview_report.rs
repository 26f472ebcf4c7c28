//! The downloadable interview report (spec, candidate side §2: "download as a
//! text file") and its file name.

use jobtap_core::interview::{
    AnswerFigures, Averages, InterviewAnalysis, InterviewReport, InterviewScores, JobTitle, Metric,
    MetricScore, Narrative, Resource, questions_for, report_file_name, report_text,
};
use test_case::test_case;

/// 2025-03-05 14:30 UTC.
const MARCH_5_2025: i64 = 1_741_185_000_000;

fn metric(metric: Metric, score: Option<f64>, basis: &str) -> MetricScore {
    MetricScore {
        metric,
        label: metric.label().to_owned(),
        score,
        basis: basis.to_owned(),
    }
}

fn figures(question: u32, seconds: f64) -> AnswerFigures {
    AnswerFigures {
        question,
        duration_seconds: seconds,
        speaking_percent: Some(71),
        longest_silence_seconds: Some(3.2),
        loudness_spread_db: Some(4.1),
        face_visible_percent: None,
        face_centred_percent: None,
    }
}

fn report() -> InterviewReport {
    let title = JobTitle::parse("Frontend Developer").unwrap();
    InterviewReport {
        job_title: title.as_str().to_owned(),
        created_at_ms: MARCH_5_2025,
        questions: questions_for(&title).to_vec(),
        analysis: InterviewAnalysis {
            scores: InterviewScores {
                overall_score: Some(73),
                eye_contact: None,
                confidence: Some(8.6),
                facial_expression: None,
                response_quality: Some(6.0),
                metrics: vec![
                    metric(Metric::EyeContact, None, "Not measured: no camera"),
                    metric(Metric::Confidence, Some(8.6), "Speaking 57% of the time"),
                    metric(Metric::FacialExpression, None, "Not measured: no camera"),
                    metric(
                        Metric::ResponseQuality,
                        Some(6.0),
                        "17.0 s of speech per answer",
                    ),
                ],
                weak_metrics: vec![Metric::ResponseQuality],
                averages: Averages::default(),
                answers: vec![
                    figures(1, 30.0),
                    figures(2, 42.3),
                    figures(3, 12.0),
                    figures(4, 60.0),
                ],
            },
            narrative: Narrative {
                summary: "You practised 5 questions.".to_owned(),
                action_plan: vec!["Give fuller answers.".to_owned(), "Use STAR.".to_owned()],
                resources: vec![Resource {
                    title: "STAR answers".to_owned(),
                    url: "https://example.edu/star".to_owned(),
                }],
            },
        },
    }
}

#[test]
fn the_report_text_has_every_section_in_order() {
    let questions = questions_for(&JobTitle::parse("Frontend Developer").unwrap());
    let measured = "Answer length {s} s, speaking 71%, longest silence 3.2 s, loudness spread 4.1 dB, face visible not measured, face centred not measured";
    let expected = format!(
        "JobTap Interview Practice Report
Position: Frontend Developer
Date: Mar 5, 2025

OVERALL SCORE: 73/100

METRICS
Eye Contact: not measured
  Not measured: no camera
Confidence: 8.6/10
  Speaking 57% of the time
Facial Expression: not measured
  Not measured: no camera
Response Quality: 6.0/10
  17.0 s of speech per answer

SUMMARY
You practised 5 questions.

ACTION PLAN
1. Give fuller answers.
2. Use STAR.

RESOURCES
- STAR answers
  https://example.edu/star

YOUR ANSWERS
1. {q1}
   {a1}
2. {q2}
   {a2}
3. {q3}
   {a3}
4. {q4}
   {a4}
5. {q5}
   Not answered

Measured in your browser while you answered. No audio or video left your device: only these numbers were sent for analysis.
",
        q1 = questions[0].question,
        q2 = questions[1].question,
        q3 = questions[2].question,
        q4 = questions[3].question,
        q5 = questions[4].question,
        a1 = measured.replace("{s}", "30.0"),
        a2 = measured.replace("{s}", "42.3"),
        a3 = measured.replace("{s}", "12.0"),
        a4 = measured.replace("{s}", "60.0"),
    );
    assert_eq!(report_text(&report()), expected);
}

#[test]
fn an_unmeasured_overall_score_says_so() {
    let mut r = report();
    r.analysis.scores.overall_score = None;
    assert!(report_text(&r).contains("\nOVERALL SCORE: not measured\n"));
}

#[test]
fn the_report_reads_back_from_the_json_the_server_sends() {
    // The browser hands the server's answer to the report as it came.
    let analysis = serde_json::to_value(&report().analysis).unwrap();
    assert_eq!(analysis["overallScore"], 73);
    assert_eq!(analysis["eyeContact"], serde_json::Value::Null);
    assert_eq!(analysis["summary"], "You practised 5 questions.");
    assert_eq!(analysis["actionPlan"][1], "Use STAR.");
    assert_eq!(analysis["resources"][0]["url"], "https://example.edu/star");
    let back: InterviewAnalysis = serde_json::from_value(analysis).unwrap();
    assert_eq!(back, report().analysis);
}

#[test_case("Frontend Developer", "interview-report-frontend-developer-2025-03-05.txt" ; "words")]
#[test_case("  C++ / .NET Engineer!! ", "interview-report-c-net-engineer-2025-03-05.txt" ; "symbols collapse")]
#[test_case("Ingénieur logiciel", "interview-report-ing-nieur-logiciel-2025-03-05.txt" ; "non ascii")]
#[test_case("???", "interview-report-2025-03-05.txt" ; "nothing left")]
fn report_file_names(title: &str, expected: &str) {
    assert_eq!(report_file_name(title, MARCH_5_2025), expected);
}

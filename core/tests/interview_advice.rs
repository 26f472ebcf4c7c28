//! The built-in coaching text and the resources it links: tied to the weak
//! metrics and quoting their measured figures.

use jobtap_core::interview::advice::{RESOURCES, curated_for, resource_by_id};
use jobtap_core::interview::{
    AnswerMeasurement, AudioMeasurement, FaceMeasurement, InterviewMeasurements, JobTitle,
    builtin_narrative, score,
};
use test_case::test_case;

fn scores_of(answers: Vec<AnswerMeasurement>) -> jobtap_core::interview::InterviewScores {
    score(&InterviewMeasurements { answers }).unwrap()
}

fn strong_voice() -> AudioMeasurement {
    AudioMeasurement {
        speaking_ms: 30_000.0,
        longest_silence_ms: 2_000.0,
        loudness_spread_db: Some(4.0),
    }
}

fn hesitant_voice() -> AudioMeasurement {
    // Confidence 5.0, quality 0.5 over a 20 s answer.
    AudioMeasurement {
        speaking_ms: 6_000.0,
        longest_silence_ms: 6_500.0,
        loudness_spread_db: Some(10.5),
    }
}

fn face(sampled: u32, with_face: u32, centred: u32) -> FaceMeasurement {
    FaceMeasurement {
        frames_sampled: sampled,
        frames_with_face: with_face,
        frames_centred: centred,
    }
}

fn urls(ids: &[&str]) -> Vec<&'static str> {
    ids.iter()
        .map(|id| resource_by_id(id).unwrap().url)
        .collect()
}

fn title() -> JobTitle {
    JobTitle::parse("Data Analyst").unwrap()
}

#[test_case(40_000.0, Some(strong_voice()), Some(face(100, 100, 95)), &["imperial-interviews"] ; "nothing weak: general preparation")]
#[test_case(20_000.0, Some(hesitant_voice()), None, &["duquesne-star", "nottingham-star", "ted-treasure-speak", "central-bank-calm"] ; "weakest first")]
#[test_case(40_000.0, Some(strong_voice()), Some(face(100, 50, 20)), &["ncsu-on-camera-presence", "reading-video-interviews"] ; "shared video resources once")]
fn resources_follow_the_weak_metrics(
    duration_ms: f64,
    audio: Option<AudioMeasurement>,
    face: Option<FaceMeasurement>,
    expected: &[&str],
) {
    let scores = scores_of(vec![AnswerMeasurement {
        duration_ms,
        audio,
        face,
    }]);
    let narrative = builtin_narrative(&title(), &scores);
    let ids: Vec<&str> = curated_for(&scores).iter().map(|r| r.id).collect();
    assert_eq!(ids, expected);
    let got: Vec<&str> = narrative.resources.iter().map(|r| r.url.as_str()).collect();
    assert_eq!(got, urls(expected));
}

#[test]
fn the_action_plan_quotes_the_weak_figures() {
    let scores = scores_of(vec![AnswerMeasurement {
        duration_ms: 20_000.0,
        audio: Some(hesitant_voice()),
        face: None,
    }]);
    let narrative = builtin_narrative(&title(), &scores);
    let plan = narrative.action_plan.join("\n");
    assert!(
        plan.contains("you spoke for 6.0 s per answer on average"),
        "{plan}"
    );
    // Confidence loses equal shares to speaking (30%), silences (6.5 s) and
    // loudness (10.5 dB): the first two, in the rule's order, make its steps.
    assert!(plan.contains("You spoke 30% of the time"), "{plan}");
    assert!(
        plan.contains("Your longest silences averaged 6.5 s"),
        "{plan}"
    );
    assert!(!plan.contains("10.5 dB"), "{plan}");
    assert!(
        plan.contains("practise in a browser that offers face detection"),
        "{plan}"
    );
    assert_eq!(narrative.action_plan.len(), 5);
}

#[test]
fn the_summary_names_the_score_the_weak_and_the_unmeasured() {
    let scores = scores_of(vec![AnswerMeasurement {
        duration_ms: 20_000.0,
        audio: Some(hesitant_voice()),
        face: None,
    }]);
    assert_eq!(
        builtin_narrative(&title(), &scores).summary,
        "You practised 1 question for the Data Analyst position. Overall score: 28/100, from 2 measured metrics. To work on: Response Quality (0.5/10) and Confidence (5.0/10). Eye Contact and Facial Expression could not be measured here and are left out of the overall score."
    );
}

#[test]
fn a_strong_interview_names_its_strongest_metric() {
    let scores = scores_of(vec![AnswerMeasurement {
        duration_ms: 40_000.0,
        audio: Some(strong_voice()),
        face: Some(face(100, 100, 80)),
    }]);
    let summary = builtin_narrative(&title(), &scores).summary;
    assert!(
        summary.contains("Overall score: 95/100, from 4 measured metrics."),
        "{summary}"
    );
    assert!(
        summary.contains("Strongest: Confidence (10.0/10)."),
        "{summary}"
    );
    assert!(
        summary.contains("Every measured metric is at 7/10 or above."),
        "{summary}"
    );
}

#[test]
fn nothing_measured_says_there_is_no_score() {
    let scores = scores_of(vec![
        AnswerMeasurement {
            duration_ms: 10_000.0,
            audio: None,
            face: None,
        };
        5
    ]);
    let narrative = builtin_narrative(&title(), &scores);
    assert!(narrative.summary.contains("Nothing could be measured"));
    assert_eq!(narrative.resources.len(), 1, "general preparation only");
}

#[test]
fn curated_resources_are_https_with_unique_ids() {
    for (i, r) in RESOURCES.iter().enumerate() {
        assert!(r.url.starts_with("https://"), "{}", r.id);
        assert!(
            RESOURCES[i + 1..]
                .iter()
                .all(|o| o.id != r.id && o.url != r.url)
        );
    }
}

#[test]
fn confidence_steps_name_only_the_parts_that_cost_points() {
    // Speaking 80% and a 2 s silence are fine; a 14.1 dB spread is not
    // (confidence 0.4 + 0.3 + 0.3 × 0.1 = 0.73 → 7.3, weak only with quality).
    let scores = scores_of(vec![AnswerMeasurement {
        duration_ms: 10_000.0,
        audio: Some(AudioMeasurement {
            speaking_ms: 8_000.0,
            longest_silence_ms: 2_000.0,
            loudness_spread_db: Some(14.1),
        }),
        face: None,
    }]);
    assert_eq!(scores.confidence, Some(7.3));
    let mut weaker = scores.clone();
    weaker.weak_metrics = vec![jobtap_core::interview::Metric::Confidence];
    let plan = builtin_narrative(&title(), &weaker).action_plan;
    assert!(
        plan[0].contains("your loudness varied by 14.1 dB"),
        "{plan:?}"
    );
    assert!(
        !plan
            .iter()
            .any(|s| s.contains("You spoke") || s.contains("longest silences")),
        "{plan:?}"
    );
    assert_eq!(
        plan.len(),
        3,
        "two confidence steps and the face detection note"
    );
}

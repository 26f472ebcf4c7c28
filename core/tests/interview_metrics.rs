//! The interview metric rules (core `interview::metrics` module docs), one
//! table per rule, each expectation worked out by hand.

use jobtap_core::interview::{
    AnswerMeasurement, AudioMeasurement, FaceMeasurement, InterviewMeasurements, MeasurementError,
    Metric, score,
};
use test_case::test_case;

fn audio(speaking_ms: f64, longest_silence_ms: f64, spread: Option<f64>) -> AudioMeasurement {
    AudioMeasurement {
        speaking_ms,
        longest_silence_ms,
        loudness_spread_db: spread,
    }
}

fn face(sampled: u32, with_face: u32, centred: u32) -> FaceMeasurement {
    FaceMeasurement {
        frames_sampled: sampled,
        frames_with_face: with_face,
        frames_centred: centred,
    }
}

fn answer(
    duration_ms: f64,
    audio: Option<AudioMeasurement>,
    face: Option<FaceMeasurement>,
) -> AnswerMeasurement {
    AnswerMeasurement {
        duration_ms,
        audio,
        face,
    }
}

fn measurements(answers: Vec<AnswerMeasurement>) -> InterviewMeasurements {
    InterviewMeasurements { answers }
}

// Confidence = 10 × (0.4 × min(1, share ÷ 0.6) + 0.3 × ramp_down(silence, 3 s, 10 s)
//                    + 0.3 × ramp_down(spread, 6 dB, 15 dB)); answers of 30 s.
#[test_case(18_000.0, 3_000.0, Some(6.0), 10.0 ; "share 0.6, silence 3 s, spread 6 dB: all full")]
#[test_case(27_000.0, 0.0, Some(2.0), 10.0 ; "more than enough is still full")]
#[test_case(9_000.0, 3_000.0, Some(6.0), 8.0 ; "share 0.3 is half the speaking part: 0.2 + 0.3 + 0.3")]
#[test_case(18_000.0, 10_000.0, Some(6.0), 7.0 ; "a 10 s silence takes the pauses part: 0.4 + 0 + 0.3")]
#[test_case(18_000.0, 3_000.0, Some(15.0), 7.0 ; "a 15 dB spread takes the steadiness part: 0.4 + 0.3 + 0")]
#[test_case(18_000.0, 6_500.0, Some(13.2), 6.1 ; "halfway silence, spread 13.2 dB: 0.4 + 0.15 + 0.06")]
#[test_case(18_000.0, 3_000.0, None, 7.0 ; "no loudness figure counts as unsteady")]
#[test_case(0.0, 30_000.0, None, 0.0 ; "no voice at all scores 0")]
fn confidence_rule(speaking_ms: f64, silence_ms: f64, spread: Option<f64>, expected: f64) {
    let m = measurements(vec![answer(
        30_000.0,
        Some(audio(speaking_ms, silence_ms, spread)),
        None,
    )]);
    assert_eq!(score(&m).unwrap().confidence, Some(expected));
}

// Response quality = 10 × ramp_up(speech, 5 s, 25 s).
#[test_case(0.0, 0.0 ; "silent")]
#[test_case(5_000.0, 0.0 ; "5 s is no answer yet")]
#[test_case(15_000.0, 5.0 ; "halfway")]
#[test_case(20_000.0, 7.5 ; "three quarters")]
#[test_case(25_000.0, 10.0 ; "25 s is a full answer")]
#[test_case(40_000.0, 10.0 ; "longer is still full")]
fn response_quality_rule(speaking_ms: f64, expected: f64) {
    let m = measurements(vec![answer(
        45_000.0,
        Some(audio(speaking_ms, 1_000.0, Some(5.0))),
        None,
    )]);
    assert_eq!(score(&m).unwrap().response_quality, Some(expected));
}

// Eye contact = 10 × centred ÷ sampled; facial expression = 10 × with face ÷ sampled.
#[test_case(&[(100, 100, 100)], Some(10.0), Some(10.0) ; "always centred")]
#[test_case(&[(100, 80, 50)], Some(5.0), Some(8.0) ; "visible 80%, centred 50%")]
#[test_case(&[(3, 2, 1)], Some(3.3), Some(6.7) ; "thirds round to one decimal")]
#[test_case(&[(10, 10, 10), (30, 0, 0)], Some(2.5), Some(2.5) ; "frames are pooled over answers")]
#[test_case(&[(0, 0, 0)], None, None ; "no frame sampled is not measured")]
fn video_rules(frames: &[(u32, u32, u32)], eye: Option<f64>, expression: Option<f64>) {
    let answers = frames
        .iter()
        .map(|&(s, w, c)| answer(20_000.0, None, Some(face(s, w, c))))
        .collect();
    let scores = score(&measurements(answers)).unwrap();
    assert_eq!(scores.eye_contact, eye);
    assert_eq!(scores.facial_expression, expression);
}

#[test]
fn metrics_are_averaged_over_the_answers_with_audio() {
    // 10.0 and 5.0 confidence (share 0.3 → 0.2, silence 6.5 s → 0.15,
    // spread 10.5 dB → 0.15), and 10.0 and 0.5 quality (6 s of speech).
    let m = measurements(vec![
        answer(40_000.0, Some(audio(30_000.0, 2_000.0, Some(4.0))), None),
        answer(20_000.0, Some(audio(6_000.0, 6_500.0, Some(10.5))), None),
        answer(10_000.0, None, None),
    ]);
    let scores = score(&m).unwrap();
    assert_eq!(scores.confidence, Some(7.5));
    assert_eq!(scores.response_quality, Some(5.3));
}

#[test]
fn everything_measured_gives_an_overall_score_from_all_four() {
    // Eye 9.0, expression 10.0, confidence 10.0, quality 10.0: mean 9.75 → 97.5 → 98.
    let m = measurements(vec![answer(
        40_000.0,
        Some(audio(30_000.0, 2_000.0, Some(4.0))),
        Some(face(80, 80, 72)),
    )]);
    let scores = score(&m).unwrap();
    assert_eq!(scores.eye_contact, Some(9.0));
    assert_eq!(scores.facial_expression, Some(10.0));
    assert_eq!(scores.overall_score, Some(98));
    assert!(scores.weak_metrics.is_empty());
}

#[test]
fn unmeasured_metrics_are_left_out_of_the_overall_score() {
    // Confidence 5.0, quality 0.5 (no face detection): mean 2.75 → 27.5 → 28.
    let m = measurements(vec![answer(
        20_000.0,
        Some(audio(6_000.0, 6_500.0, Some(10.5))),
        None,
    )]);
    let scores = score(&m).unwrap();
    assert_eq!(scores.eye_contact, None);
    assert_eq!(scores.facial_expression, None);
    assert_eq!(scores.overall_score, Some(28));
    assert_eq!(
        scores.weak_metrics,
        [Metric::ResponseQuality, Metric::Confidence],
        "lowest first"
    );
    assert_eq!(
        scores.basis(Metric::EyeContact),
        "Not measured: face detection is not available in this browser"
    );
}

#[test]
fn nothing_measured_has_no_overall_score_and_no_weak_metric() {
    let scores = score(&measurements(vec![answer(20_000.0, None, None); 5])).unwrap();
    assert_eq!(scores.overall_score, None);
    assert!(Metric::ALL.into_iter().all(|m| scores.get(m).is_none()));
    assert!(scores.weak_metrics.is_empty());
    assert_eq!(
        scores.basis(Metric::Confidence),
        "Not measured: no microphone audio was analysed"
    );
}

#[test]
fn weak_means_below_seven_as_shown() {
    // Confidence exactly 7.0 (share 0.625 → 0.4, silence 10 s → 0, spread 6 dB → 0.3)
    // and quality 10.0 are not weak; eye contact 6.9 is.
    let m = measurements(vec![answer(
        40_000.0,
        Some(audio(25_000.0, 10_000.0, Some(6.0))),
        Some(face(100, 100, 69)),
    )]);
    let scores = score(&m).unwrap();
    assert_eq!(scores.confidence, Some(7.0));
    assert_eq!(scores.eye_contact, Some(6.9));
    assert_eq!(scores.weak_metrics, [Metric::EyeContact]);
}

#[test]
fn each_metric_states_the_figures_it_comes_from() {
    let m = measurements(vec![answer(
        40_000.0,
        Some(audio(30_000.0, 2_000.0, Some(4.0))),
        Some(face(80, 76, 67)),
    )]);
    let scores = score(&m).unwrap();
    let a = &scores.averages;
    assert_eq!(
        (a.answers_with_audio, a.speaking_percent, a.frames_sampled),
        (1, Some(75), 80)
    );
    assert_eq!(
        (a.face_visible_percent, a.face_centred_percent),
        (Some(95), Some(84))
    );
    assert!(
        scores
            .basis(Metric::EyeContact)
            .starts_with("Face centred in the frame in 84% of 80 sampled video frames")
    );
    assert!(
        scores
            .basis(Metric::FacialExpression)
            .starts_with("Face visible in 95% of 80 sampled video frames")
    );
    assert_eq!(
        scores.basis(Metric::Confidence),
        "Speaking 75% of the time, longest silence 2.0 s, loudness varying by 4.0 dB (averages over 1 answer)"
    );
    assert!(
        scores
            .basis(Metric::ResponseQuality)
            .starts_with("30.0 s of speech per answer on average")
    );
}

#[test]
#[allow(clippy::float_cmp)] // figures are rounded to one decimal: the exact value shown is the point
fn answer_figures_are_rounded_as_shown() {
    let m = measurements(vec![
        answer(
            42_345.0,
            Some(audio(30_100.0, 3_249.0, Some(4.06))),
            Some(face(90, 85, 60)),
        ),
        answer(5_000.0, None, None),
    ]);
    let figures = score(&m).unwrap().answers;
    assert_eq!(figures[0].question, 1);
    assert_eq!(figures[0].duration_seconds, 42.3);
    assert_eq!(figures[0].speaking_percent, Some(71));
    assert_eq!(figures[0].longest_silence_seconds, Some(3.2));
    assert_eq!(figures[0].loudness_spread_db, Some(4.1));
    assert_eq!(figures[0].face_visible_percent, Some(94));
    assert_eq!(figures[0].face_centred_percent, Some(67));
    assert_eq!(figures[1].question, 2);
    assert_eq!(figures[1].speaking_percent, None);
    assert_eq!(figures[1].face_visible_percent, None);
}

fn one(a: AnswerMeasurement) -> InterviewMeasurements {
    measurements(vec![answer(10_000.0, None, None), a])
}

#[test_case(&one(answer(61_001.0, None, None)), "Answer 2: durationMs is not a possible measurement" ; "longer than 60 s plus a second")]
#[test_case(&one(answer(-1.0, None, None)), "Answer 2: durationMs is not a possible measurement" ; "negative duration")]
#[test_case(&one(answer(f64::NAN, None, None)), "Answer 2: durationMs is not a possible measurement" ; "not a number")]
#[test_case(&one(answer(10_000.0, Some(audio(10_001.0, 0.0, None)), None)), "Answer 2: speakingMs is not a possible measurement" ; "speaking longer than the answer")]
#[test_case(&one(answer(10_000.0, Some(audio(1_000.0, 10_500.0, None)), None)), "Answer 2: longestSilenceMs is not a possible measurement" ; "silence longer than the answer")]
#[test_case(&one(answer(10_000.0, Some(audio(1_000.0, 0.0, Some(-3.0))), None)), "Answer 2: loudnessSpreadDb is not a possible measurement" ; "negative spread")]
#[test_case(&one(answer(10_000.0, None, Some(face(10, 11, 0)))), "Answer 2: framesWithFace is not a possible measurement" ; "more faces than frames")]
#[test_case(&one(answer(10_000.0, None, Some(face(10, 5, 6)))), "Answer 2: framesCentred is not a possible measurement" ; "more centred than faces")]
#[test_case(&one(answer(10_000.0, None, Some(face(10_001, 0, 0)))), "Answer 2: framesSampled is not a possible measurement" ; "too many frames")]
#[test_case(&measurements(vec![]), "No answers were measured" ; "no answers")]
#[test_case(&measurements(vec![answer(1.0, None, None); 6]), "An interview has at most 5 answers" ; "six answers")]
fn impossible_measurements_are_refused(m: &InterviewMeasurements, message: &str) {
    let err: MeasurementError = score(m).unwrap_err();
    assert_eq!(err.to_string(), message);
}

#[test]
fn a_60_second_answer_that_overran_by_a_timer_tick_is_accepted() {
    assert!(
        score(&one(answer(
            60_800.0,
            Some(audio(60_800.0, 0.0, Some(3.0))),
            None
        )))
        .is_ok()
    );
}

#[test]
fn measurements_and_scores_use_the_browser_field_names() {
    let m: InterviewMeasurements = serde_json::from_value(serde_json::json!({
        "answers": [
            { "durationMs": 20000, "audio": { "speakingMs": 15000, "longestSilenceMs": 2000, "loudnessSpreadDb": 5 }, "face": null },
            { "durationMs": 1000 }
        ]
    }))
    .unwrap();
    assert_eq!(m.answers[1].audio, None);
    let json = serde_json::to_value(score(&m).unwrap()).unwrap();
    assert_eq!(json["eyeContact"], serde_json::Value::Null);
    assert_eq!(json["facialExpression"], serde_json::Value::Null);
    assert_eq!(json["confidence"], 10.0);
    assert_eq!(json["responseQuality"], 5.0);
    assert_eq!(json["overallScore"], 75);
    assert_eq!(json["weakMetrics"], serde_json::json!(["responseQuality"]));
    assert_eq!(json["metrics"][0]["label"], "Eye Contact");
    assert_eq!(json["answers"][0]["speakingPercent"], 75);
}

//! The interview report's numbers (spec, candidate side §3 "Interview
//! analysis": overallScore 0–100 and four metrics 0–10), derived only from
//! what the browser measured while each answer was recorded.
//!
//! ## What the browser measures per answer
//! - `durationMs`: how long the answer was recorded (at most 60 s).
//! - `audio` (when the microphone was analysed; Web Audio `AnalyserNode`):
//!   `speakingMs`, the time with voice activity; `longestSilenceMs`, the
//!   longest run without it; `loudnessSpreadDb`, the standard deviation of the
//!   loudness (dBFS) of the frames with voice, `null` when there were none.
//! - `face` (only where the browser's `FaceDetector` exists): frames sampled,
//!   frames with a face, frames whose face was centred.
//!
//! ## The rules
//! `ramp_up(x, a, b)` is 0 at or below `a`, 1 at or above `b`, linear between;
//! `ramp_down(x, a, b)` is `1 − ramp_up(x, a, b)`.
//!
//! | metric | from | score (0–10) | not measured when |
//! |---|---|---|---|
//! | eye contact | face frames of every answer | `10 × centred ÷ sampled` | no answer has sampled face frames |
//! | facial expression | face frames of every answer | `10 × with face ÷ sampled` | as above |
//! | confidence | audio of each answer | mean over answers of `10 × (0.4 × speaking + 0.3 × pauses + 0.3 × steadiness)`; an answer without voice scores 0 | no answer has audio |
//! | response quality | audio of each answer | mean over answers of `10 × ramp_up(speakingMs, 5 s, 25 s)` | no answer has audio |
//!
//! where, for one answer, `speaking = min(1, (speakingMs ÷ durationMs) ÷ 0.6)`,
//! `pauses = ramp_down(longestSilenceMs, 3 s, 10 s)` and
//! `steadiness = ramp_down(loudnessSpreadDb, 6 dB, 15 dB)`.
//!
//! Metrics are rounded to one decimal. The overall score is the mean of the
//! measured metrics, as rounded, times 10, rounded to a whole number; `null`
//! when nothing was measured. A measured metric below [`WEAK_BELOW`] is weak;
//! weak metrics are listed lowest first and steer the coaching text.
//!
//! ## Why
//! The original sent no media and let a model invent all five numbers. These
//! rules use only what a browser can really observe, and say what each number
//! stands for ([`MetricScore::basis`]):
//! - A browser cannot follow gaze; a face centred in the frame (facing the
//!   camera) is the nearest observable stand-in for eye contact.
//! - No browser API reads expressions; an interviewer can only read the ones a
//!   visible face shows, so "facial expression" scores how much of the time the
//!   face was in view, and its basis says that expressions were not judged.
//! - Confident speakers keep talking (pauses are normal, hence full marks from
//!   60% of the time speaking), avoid long silences, and keep a steady volume.
//!   Speech sits within a few dB; a spread beyond 15 dB means trailing off or
//!   bursts.
//! - Without a transcript, the content of an answer cannot be judged; its
//!   substance is approximated by how much was said: under 5 s of speech is no
//!   answer, 25 s (under half the 60 s allowed) is a full one.
//!
//! Where `FaceDetector` is missing, the two video metrics are `null` and the
//! report says "not measured" rather than guessing.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{MAX_ANSWER_SECONDS, QUESTION_COUNT};

/// A measured metric below this (out of 10) is weak.
pub const WEAK_BELOW: f64 = 7.0;
/// Speaking this share of an answer earns the full speaking part of confidence.
pub const FULL_SPEAKING_SHARE: f64 = 0.6;
/// Silences up to this long cost nothing.
pub const SILENCE_OK_MS: f64 = 3_000.0;
/// A silence this long or longer takes the whole pauses part.
pub const SILENCE_MAX_MS: f64 = 10_000.0;
/// A loudness spread up to this is steady.
pub const STEADY_SPREAD_DB: f64 = 6.0;
/// A loudness spread this wide or wider is not steady at all.
pub const UNSTEADY_SPREAD_DB: f64 = 15.0;
/// Less speech than this in an answer scores no response quality.
pub const MIN_SPEECH_MS: f64 = 5_000.0;
/// This much speech in an answer earns full response quality.
pub const FULL_SPEECH_MS: f64 = 25_000.0;
/// Timers in the browser may stop a recording slightly after 60 s.
pub const DURATION_TOLERANCE_MS: f64 = 1_000.0;
/// The largest loudness spread a real signal can show (the whole range of 16-bit audio).
pub const MAX_SPREAD_DB: f64 = 100.0;
/// More face samples than this in one answer cannot come from a 60 s answer.
pub const MAX_FACE_FRAMES: u32 = 10_000;

const CONFIDENCE_SPEAKING_WEIGHT: f64 = 0.4;
const CONFIDENCE_PAUSES_WEIGHT: f64 = 0.3;
const CONFIDENCE_STEADINESS_WEIGHT: f64 = 0.3;

/// What the microphone showed during one answer.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AudioMeasurement {
    /// Time with voice activity.
    pub speaking_ms: f64,
    /// The longest run without voice activity.
    pub longest_silence_ms: f64,
    /// Standard deviation of the loudness (dBFS) of the frames with voice; `None` without any.
    pub loudness_spread_db: Option<f64>,
}

/// What face detection showed during one answer.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FaceMeasurement {
    pub frames_sampled: u32,
    pub frames_with_face: u32,
    /// Frames whose face was centred (counted among `frames_with_face`).
    pub frames_centred: u32,
}

/// One answer's measurements; `None` parts were not measured.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AnswerMeasurement {
    pub duration_ms: f64,
    #[serde(default)]
    pub audio: Option<AudioMeasurement>,
    #[serde(default)]
    pub face: Option<FaceMeasurement>,
}

/// Every answer's measurements, in the order asked.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InterviewMeasurements {
    pub answers: Vec<AnswerMeasurement>,
}

/// Why measurements cannot be scored.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MeasurementError {
    #[error("No answers were measured")]
    NoAnswers,
    #[error("An interview has at most 5 answers")]
    TooManyAnswers,
    /// `answer` counts from 1; `field` is the JSON name.
    #[error("Answer {answer}: {field} is not a possible measurement")]
    Impossible { answer: usize, field: &'static str },
}

impl InterviewMeasurements {
    /// Refuses numbers no recording could produce: not finite, negative,
    /// longer than the answer, more faces than frames.
    pub fn check(&self) -> Result<(), MeasurementError> {
        if self.answers.is_empty() {
            return Err(MeasurementError::NoAnswers);
        }
        if self.answers.len() > QUESTION_COUNT {
            return Err(MeasurementError::TooManyAnswers);
        }
        let max_duration = f64::from(MAX_ANSWER_SECONDS) * 1000.0 + DURATION_TOLERANCE_MS;
        for (index, answer) in self.answers.iter().enumerate() {
            let fail = |field| MeasurementError::Impossible {
                answer: index + 1,
                field,
            };
            let within = |x: f64, max: f64| x.is_finite() && (0.0..=max).contains(&x);
            if !within(answer.duration_ms, max_duration) {
                return Err(fail("durationMs"));
            }
            if let Some(audio) = answer.audio {
                if !within(audio.speaking_ms, answer.duration_ms) {
                    return Err(fail("speakingMs"));
                }
                if !within(audio.longest_silence_ms, answer.duration_ms) {
                    return Err(fail("longestSilenceMs"));
                }
                if let Some(spread) = audio.loudness_spread_db
                    && !within(spread, MAX_SPREAD_DB)
                {
                    return Err(fail("loudnessSpreadDb"));
                }
            }
            if let Some(face) = answer.face {
                if face.frames_sampled > MAX_FACE_FRAMES {
                    return Err(fail("framesSampled"));
                }
                if face.frames_with_face > face.frames_sampled {
                    return Err(fail("framesWithFace"));
                }
                if face.frames_centred > face.frames_with_face {
                    return Err(fail("framesCentred"));
                }
            }
        }
        Ok(())
    }
}

/// The four metrics of the report, in the order shown.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[cfg_attr(feature = "typescript", ts(rename = "InterviewMetric"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Metric {
    EyeContact,
    Confidence,
    FacialExpression,
    ResponseQuality,
}

impl Metric {
    pub const ALL: [Self; 4] = [
        Self::EyeContact,
        Self::Confidence,
        Self::FacialExpression,
        Self::ResponseQuality,
    ];

    /// The name the report shows.
    pub const fn label(self) -> &'static str {
        match self {
            Self::EyeContact => "Eye Contact",
            Self::Confidence => "Confidence",
            Self::FacialExpression => "Facial Expression",
            Self::ResponseQuality => "Response Quality",
        }
    }
}

/// One metric's score (`None`: not measured) and what it was derived from.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MetricScore {
    pub metric: Metric,
    pub label: String,
    /// 0–10, one decimal.
    pub score: Option<f64>,
    /// One sentence: the measured figures behind the score, or why there is none.
    pub basis: String,
}

/// One answer's figures as the report shows them; `None`: not measured.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AnswerFigures {
    /// 1 to 5.
    pub question: u32,
    /// One decimal.
    pub duration_seconds: f64,
    pub speaking_percent: Option<u32>,
    /// One decimal.
    pub longest_silence_seconds: Option<f64>,
    /// One decimal.
    pub loudness_spread_db: Option<f64>,
    pub face_visible_percent: Option<u32>,
    pub face_centred_percent: Option<u32>,
}

/// The report's numbers (spec §3 field names), each metric's basis, the weak
/// metrics and every answer's figures.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InterviewScores {
    /// 0–100; `None` when no metric could be measured.
    pub overall_score: Option<u32>,
    pub eye_contact: Option<f64>,
    pub confidence: Option<f64>,
    pub facial_expression: Option<f64>,
    pub response_quality: Option<f64>,
    /// The four metrics in [`Metric::ALL`] order.
    pub metrics: Vec<MetricScore>,
    /// Measured metrics below [`WEAK_BELOW`], lowest first.
    pub weak_metrics: Vec<Metric>,
    /// The interview's figures the bases and the coaching quote.
    pub averages: Averages,
    pub answers: Vec<AnswerFigures>,
}

/// The interview's figures, each as the report quotes it; `None`: not measured.
/// Audio figures are means over the answers with audio; face figures pool the
/// frames of every answer.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[cfg_attr(feature = "typescript", ts(rename = "InterviewAverages"))]
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Averages {
    pub answers_with_audio: u32,
    /// Mean share of each answer with voice, in percent.
    pub speaking_percent: Option<u32>,
    /// One decimal.
    pub longest_silence_seconds: Option<f64>,
    /// One decimal; over the answers with voice.
    pub loudness_spread_db: Option<f64>,
    /// Mean speech per answer, one decimal.
    pub speech_seconds: Option<f64>,
    #[cfg_attr(feature = "typescript", ts(type = "number"))]
    pub frames_sampled: u64,
    pub face_visible_percent: Option<u32>,
    pub face_centred_percent: Option<u32>,
}

impl InterviewScores {
    /// A metric's score; `None` when it was not measured.
    pub fn get(&self, metric: Metric) -> Option<f64> {
        match metric {
            Metric::EyeContact => self.eye_contact,
            Metric::Confidence => self.confidence,
            Metric::FacialExpression => self.facial_expression,
            Metric::ResponseQuality => self.response_quality,
        }
    }

    /// A metric's basis sentence.
    pub fn basis(&self, metric: Metric) -> &str {
        self.metrics
            .iter()
            .find(|m| m.metric == metric)
            .map_or("", |m| m.basis.as_str())
    }
}

fn ramp_up(x: f64, low: f64, high: f64) -> f64 {
    ((x - low) / (high - low)).clamp(0.0, 1.0)
}

fn ramp_down(x: f64, low: f64, high: f64) -> f64 {
    1.0 - ramp_up(x, low, high)
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

fn percent(part: f64, whole: f64) -> u32 {
    if whole > 0.0 {
        (part / whole * 100.0).round() as u32
    } else {
        0
    }
}

fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, count) = values.fold((0.0, 0_u32), |(s, n), v| (s + v, n + 1));
    (count > 0).then(|| sum / f64::from(count))
}

fn speaking_share(answer: &AnswerMeasurement, audio: &AudioMeasurement) -> f64 {
    if answer.duration_ms > 0.0 {
        audio.speaking_ms / answer.duration_ms
    } else {
        0.0
    }
}

/// One answer's confidence, 0–1.
fn answer_confidence(answer: &AnswerMeasurement, audio: &AudioMeasurement) -> f64 {
    if audio.speaking_ms <= 0.0 {
        return 0.0;
    }
    let speaking = (speaking_share(answer, audio) / FULL_SPEAKING_SHARE).min(1.0);
    let pauses = ramp_down(audio.longest_silence_ms, SILENCE_OK_MS, SILENCE_MAX_MS);
    let steadiness = audio
        .loudness_spread_db
        .map_or(0.0, |s| ramp_down(s, STEADY_SPREAD_DB, UNSTEADY_SPREAD_DB));
    CONFIDENCE_SPEAKING_WEIGHT * speaking
        + CONFIDENCE_PAUSES_WEIGHT * pauses
        + CONFIDENCE_STEADINESS_WEIGHT * steadiness
}

/// One answer's response quality, 0–1.
fn answer_quality(audio: &AudioMeasurement) -> f64 {
    ramp_up(audio.speaking_ms, MIN_SPEECH_MS, FULL_SPEECH_MS)
}

const NO_FACE_DETECTION: &str = "Not measured: face detection is not available in this browser";
const NO_AUDIO: &str = "Not measured: no microphone audio was analysed";

fn answer_figures(index: usize, answer: &AnswerMeasurement) -> AnswerFigures {
    let face = answer.face.filter(|f| f.frames_sampled > 0);
    AnswerFigures {
        question: index as u32 + 1,
        duration_seconds: round1(answer.duration_ms / 1000.0),
        speaking_percent: answer
            .audio
            .map(|a| percent(a.speaking_ms, answer.duration_ms)),
        longest_silence_seconds: answer.audio.map(|a| round1(a.longest_silence_ms / 1000.0)),
        loudness_spread_db: answer.audio.and_then(|a| a.loudness_spread_db).map(round1),
        face_visible_percent: face
            .map(|f| percent(f64::from(f.frames_with_face), f64::from(f.frames_sampled))),
        face_centred_percent: face
            .map(|f| percent(f64::from(f.frames_centred), f64::from(f.frames_sampled))),
    }
}

/// A metric's score (`None`: not measured) and its basis sentence.
type Scored = (Option<f64>, String);

fn answers_with_audio(
    answers: &[AnswerMeasurement],
) -> Vec<(&AnswerMeasurement, &AudioMeasurement)> {
    answers
        .iter()
        .filter_map(|a| a.audio.as_ref().map(|audio| (a, audio)))
        .collect()
}

/// The interview's figures as the report quotes them (see [`Averages`]).
fn averages(answers: &[AnswerMeasurement]) -> Averages {
    let with_audio = answers_with_audio(answers);
    let (sampled, with_face, centred) =
        answers
            .iter()
            .filter_map(|a| a.face)
            .fold((0_u64, 0_u64, 0_u64), |(s, w, c), f| {
                (
                    s + u64::from(f.frames_sampled),
                    w + u64::from(f.frames_with_face),
                    c + u64::from(f.frames_centred),
                )
            });
    let face_percent = |part: u64| (sampled > 0).then(|| percent(part as f64, sampled as f64));
    Averages {
        answers_with_audio: with_audio.len() as u32,
        speaking_percent: mean(with_audio.iter().map(|(a, audio)| speaking_share(a, audio)))
            .map(|share| (share * 100.0).round() as u32),
        longest_silence_seconds: mean(with_audio.iter().map(|(_, a)| a.longest_silence_ms))
            .map(|ms| round1(ms / 1000.0)),
        loudness_spread_db: mean(with_audio.iter().filter_map(|(_, a)| a.loudness_spread_db))
            .map(round1),
        speech_seconds: mean(with_audio.iter().map(|(_, a)| a.speaking_ms))
            .map(|ms| round1(ms / 1000.0)),
        frames_sampled: sampled,
        face_visible_percent: face_percent(with_face),
        face_centred_percent: face_percent(centred),
    }
}

/// Eye contact and facial expression, from face frames pooled over every
/// answer: a long answer weighs more, as it was on camera longer.
fn video_metrics(answers: &[AnswerMeasurement], figures: &Averages) -> (Scored, Scored) {
    let (Some(visible), Some(centred)) =
        (figures.face_visible_percent, figures.face_centred_percent)
    else {
        return (
            (None, NO_FACE_DETECTION.to_owned()),
            (None, NO_FACE_DETECTION.to_owned()),
        );
    };
    let (sampled, with_face, centred_frames) =
        answers
            .iter()
            .filter_map(|a| a.face)
            .fold((0.0, 0.0, 0.0), |(s, w, c), f| {
                (
                    s + f64::from(f.frames_sampled),
                    w + f64::from(f.frames_with_face),
                    c + f64::from(f.frames_centred),
                )
            });
    let frames = figures.frames_sampled;
    (
        (
            Some(round1(10.0 * centred_frames / sampled)),
            format!(
                "Face centred in the frame in {centred}% of {frames} sampled video frames (browsers cannot follow gaze, so a centred face stands in for eye contact)"
            ),
        ),
        (
            Some(round1(10.0 * with_face / sampled)),
            format!(
                "Face visible in {visible}% of {frames} sampled video frames (the expressions themselves are not judged)"
            ),
        ),
    )
}

/// Confidence and response quality, averaged over the answers with audio.
fn audio_metrics(answers: &[AnswerMeasurement], figures: &Averages) -> (Scored, Scored) {
    let with_audio = answers_with_audio(answers);
    if with_audio.is_empty() {
        return ((None, NO_AUDIO.to_owned()), (None, NO_AUDIO.to_owned()));
    }
    let confidence = mean(
        with_audio
            .iter()
            .map(|(a, audio)| answer_confidence(a, audio)),
    )
    .map(|c| round1(10.0 * c));
    let quality =
        mean(with_audio.iter().map(|(_, audio)| answer_quality(audio))).map(|q| round1(10.0 * q));
    let n = figures.answers_with_audio;
    let spread = figures.loudness_spread_db.map_or_else(
        || "no voice to judge loudness by".to_owned(),
        |s| format!("loudness varying by {s:.1} dB"),
    );
    let answers_word = if n == 1 { "answer" } else { "answers" };
    (
        (
            confidence,
            format!(
                "Speaking {}% of the time, longest silence {:.1} s, {spread} (averages over {n} {answers_word})",
                figures.speaking_percent.unwrap_or_default(),
                figures.longest_silence_seconds.unwrap_or_default(),
            ),
        ),
        (
            quality,
            format!(
                "{:.1} s of speech per answer on average (full marks from 25 s, none under 5 s; the words themselves are not judged)",
                figures.speech_seconds.unwrap_or_default()
            ),
        ),
    )
}

/// Scores checked measurements by the rules in the module docs.
pub fn score(measurements: &InterviewMeasurements) -> Result<InterviewScores, MeasurementError> {
    measurements.check()?;
    let answers = &measurements.answers;
    let figures = averages(answers);
    let ((eye_contact, eye_basis), (facial_expression, face_basis)) =
        video_metrics(answers, &figures);
    let ((confidence, confidence_basis), (response_quality, quality_basis)) =
        audio_metrics(answers, &figures);

    let values = [eye_contact, confidence, facial_expression, response_quality];
    let bases = [eye_basis, confidence_basis, face_basis, quality_basis];
    let metrics: Vec<MetricScore> = Metric::ALL
        .into_iter()
        .zip(values)
        .zip(bases)
        .map(|((metric, score), basis)| MetricScore {
            metric,
            label: metric.label().to_owned(),
            score,
            basis,
        })
        .collect();
    let overall_score =
        mean(values.into_iter().flatten()).map(|m| (m * 10.0).round().clamp(0.0, 100.0) as u32);
    let mut weak: Vec<(Metric, f64)> = Metric::ALL
        .into_iter()
        .zip(values)
        .filter_map(|(metric, score)| score.filter(|s| *s < WEAK_BELOW).map(|s| (metric, s)))
        .collect();
    // Stable: equal scores keep the report's order.
    weak.sort_by(|a, b| a.1.total_cmp(&b.1));

    Ok(InterviewScores {
        overall_score,
        eye_contact,
        confidence,
        facial_expression,
        response_quality,
        metrics,
        weak_metrics: weak.into_iter().map(|(metric, _)| metric).collect(),
        averages: figures,
        answers: answers
            .iter()
            .enumerate()
            .map(|(i, a)| answer_figures(i, a))
            .collect(),
    })
}

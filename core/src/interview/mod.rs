//! Interview practice on camera (spec, candidate side §2 "Interview practice",
//! §3, §4 "Interview flow", §9 "Interview"): the five questions, the scores
//! derived from what the browser measured while the candidate answered, the
//! built-in coaching text, and the downloadable report.
//!
//! No media reaches this module or the server: the browser measures each
//! answer (voice activity, silences, loudness, a visible and centred face) and
//! only those numbers are scored here, the same way in the browser (wasm) and
//! on the server.

pub mod advice;
pub mod metrics;
pub mod questions;
pub mod report;

pub use advice::{Narrative, Resource, builtin_narrative};
pub use metrics::{
    AnswerFigures, AnswerMeasurement, AudioMeasurement, Averages, FaceMeasurement,
    InterviewMeasurements, InterviewScores, MeasurementError, Metric, MetricScore, score,
};
pub use questions::{JobTitle, JobTitleError, Question, QuestionKind, questions_for};
pub use report::{InterviewAnalysis, InterviewReport, report_file_name, report_text};

/// Questions in one interview (spec §9).
pub const QUESTION_COUNT: usize = 5;
/// Seconds each question is shown before recording starts, in order (spec §9).
pub const DISPLAY_SECONDS: [u32; QUESTION_COUNT] = [7, 9, 8, 8, 8];
/// The longest answer; recording stops on its own after it (spec §4, §9).
pub const MAX_ANSWER_SECONDS: u32 = 60;
/// The recorder hands over a chunk every second (spec §9).
pub const RECORDING_CHUNK_MS: u32 = 1000;

/// The interview's fixed numbers, as the browser's recorder reads them.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InterviewConstants {
    pub question_count: usize,
    pub max_answer_seconds: u32,
    pub recording_chunk_ms: u32,
}

/// [`QUESTION_COUNT`], [`MAX_ANSWER_SECONDS`] and [`RECORDING_CHUNK_MS`] together.
pub const CONSTANTS: InterviewConstants = InterviewConstants {
    question_count: QUESTION_COUNT,
    max_answer_seconds: MAX_ANSWER_SECONDS,
    recording_chunk_ms: RECORDING_CHUNK_MS,
};

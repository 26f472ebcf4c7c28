//! The interview report as the server returns it and as the candidate
//! downloads it (spec, candidate side §2: "download as a text file").
//!
//! ## The text format
//! Plain UTF-8 with `\n` line ends, in sections: a title block (position,
//! date), the overall score, the four metrics (score or "not measured", then
//! the basis on an indented line), the summary, the numbered action plan, the
//! resources (title, then the URL indented), each question with its measured
//! figures, and a closing note that no recording left the device. Numbers are
//! printed as the report page shows them.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::advice::Narrative;
use super::metrics::{AnswerFigures, InterviewScores};
use super::questions::Question;
use crate::format::{civil_from_unix_ms, format_date};

/// The `analyze-interview` answer: the spec's analysis object (overallScore,
/// eyeContact, confidence, facialExpression, responseQuality, summary,
/// actionPlan, resources) plus each metric's basis and every answer's figures.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InterviewAnalysis {
    #[serde(flatten)]
    pub scores: InterviewScores,
    #[serde(flatten)]
    pub narrative: Narrative,
}

/// Everything the downloaded report holds.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InterviewReport {
    pub job_title: String,
    /// When the interview finished, Unix milliseconds (the core has no clock).
    #[cfg_attr(feature = "typescript", ts(type = "number"))]
    pub created_at_ms: i64,
    pub questions: Vec<Question>,
    pub analysis: InterviewAnalysis,
}

/// The closing note of every report.
pub const PRIVACY_NOTE: &str = "Measured in your browser while you answered. No audio or video left your device: only these numbers were sent for analysis.";

fn or_not_measured<T>(value: Option<T>, show: impl Fn(T) -> String) -> String {
    value.map_or_else(|| "not measured".to_owned(), show)
}

fn figures_line(figures: &AnswerFigures) -> String {
    format!(
        "Answer length {:.1} s, speaking {}, longest silence {}, loudness spread {}, face visible {}, face centred {}",
        figures.duration_seconds,
        or_not_measured(figures.speaking_percent, |p| format!("{p}%")),
        or_not_measured(figures.longest_silence_seconds, |s| format!("{s:.1} s")),
        or_not_measured(figures.loudness_spread_db, |d| format!("{d:.1} dB")),
        or_not_measured(figures.face_visible_percent, |p| format!("{p}%")),
        or_not_measured(figures.face_centred_percent, |p| format!("{p}%")),
    )
}

/// The report as a text file (see the module docs).
pub fn report_text(report: &InterviewReport) -> String {
    let scores = &report.analysis.scores;
    let narrative = &report.analysis.narrative;
    let mut out = String::new();
    let _ = writeln!(out, "JobTap Interview Practice Report");
    let _ = writeln!(out, "Position: {}", report.job_title.trim());
    let _ = writeln!(out, "Date: {}", format_date(report.created_at_ms));
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "OVERALL SCORE: {}",
        or_not_measured(scores.overall_score, |s| format!("{s}/100"))
    );
    let _ = writeln!(out);
    let _ = writeln!(out, "METRICS");
    for metric in &scores.metrics {
        let _ = writeln!(
            out,
            "{}: {}",
            metric.label,
            or_not_measured(metric.score, |s| format!("{s:.1}/10"))
        );
        let _ = writeln!(out, "  {}", metric.basis);
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "SUMMARY");
    let _ = writeln!(out, "{}", narrative.summary.trim());
    let _ = writeln!(out);
    let _ = writeln!(out, "ACTION PLAN");
    for (i, step) in narrative.action_plan.iter().enumerate() {
        let _ = writeln!(out, "{}. {}", i + 1, step.trim());
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "RESOURCES");
    for resource in &narrative.resources {
        let _ = writeln!(out, "- {}", resource.title.trim());
        let _ = writeln!(out, "  {}", resource.url.trim());
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "YOUR ANSWERS");
    for (i, question) in report.questions.iter().enumerate() {
        let _ = writeln!(out, "{}. {}", i + 1, question.question);
        let figures = scores.answers.iter().find(|a| a.question as usize == i + 1);
        let _ = writeln!(
            out,
            "   {}",
            figures.map_or_else(|| "Not answered".to_owned(), figures_line)
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "{PRIVACY_NOTE}");
    out
}

/// `interview-report-{position}-{yyyy-mm-dd}.txt`, the position lowercased
/// with every run of other characters than ASCII letters and digits made one `-`.
pub fn report_file_name(job_title: &str, created_at_ms: i64) -> String {
    let mut slug = String::new();
    for c in job_title.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-');
    let (year, month, day) = civil_from_unix_ms(created_at_ms);
    if slug.is_empty() {
        format!("interview-report-{year:04}-{month:02}-{day:02}.txt")
    } else {
        format!("interview-report-{slug}-{year:04}-{month:02}-{day:02}.txt")
    }
}

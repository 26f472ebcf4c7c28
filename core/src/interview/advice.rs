//! Coaching text for the interview report: the built-in engine's summary and
//! action plan, and the curated resources every engine draws from (spec,
//! candidate side §3: summary, actionPlan, resources of title and URL).
//!
//! ## What it writes
//! The summary names the overall score, the strongest measured metric, the
//! weak ones ([`InterviewScores::weak_metrics`]) and what could not be
//! measured. The action plan has two steps for each weak metric, quoting the
//! measured figure it should move, or two steps to keep improving when none is
//! weak. Resources are the curated ones of the weak metrics, else the general
//! ones.
//!
//! ## Why
//! Advice is useful only when it follows from the numbers, so it is tied to
//! the weak metrics and cites their figures. Links come from [`RESOURCES`]
//! only, never from a model, so a report never carries an invented URL; each
//! was checked to be a public page on careers advice from a university, an
//! employer or TED.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::metrics::{
    Averages, FULL_SPEAKING_SHARE, InterviewScores, Metric, SILENCE_MAX_MS, SILENCE_OK_MS,
    STEADY_SPREAD_DB, UNSTEADY_SPREAD_DB,
};
use super::questions::JobTitle;

/// A link the report recommends.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[cfg_attr(feature = "typescript", ts(rename = "InterviewResource"))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Resource {
    pub title: String,
    pub url: String,
}

/// A curated resource and the metrics it helps with (none: general preparation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CuratedResource {
    /// Stable name a remote model may pick it by.
    pub id: &'static str,
    pub metrics: &'static [Metric],
    pub title: &'static str,
    pub url: &'static str,
}

impl CuratedResource {
    pub fn to_resource(self) -> Resource {
        Resource {
            title: self.title.to_owned(),
            url: self.url.to_owned(),
        }
    }
}

/// Every resource a report may recommend.
pub const RESOURCES: [CuratedResource; 7] = [
    CuratedResource {
        id: "ncsu-on-camera-presence",
        metrics: &[Metric::EyeContact, Metric::FacialExpression],
        title: "Best Practices for Video Interviewing: On-Camera Presence and Behavior (NC State Jenkins MBA)",
        url: "https://careers.mba.ncsu.edu/videos/best-practices-for-video-interviewing-part-3-of-3-on-camera-presence-and-behavior/",
    },
    CuratedResource {
        id: "reading-video-interviews",
        metrics: &[Metric::EyeContact, Metric::FacialExpression],
        title: "Recorded video interviews: looking at the camera, lighting and body language (University of Reading)",
        url: "https://reading.ac.uk/essentials/Careers/Applications-and-interviews/Interviews/Types",
    },
    CuratedResource {
        id: "ted-treasure-speak",
        metrics: &[Metric::Confidence],
        title: "How to speak so that people want to listen (Julian Treasure, TED)",
        url: "https://www.ted.com/talks/julian_treasure_how_to_speak_so_that_people_want_to_listen",
    },
    CuratedResource {
        id: "central-bank-calm",
        metrics: &[Metric::Confidence],
        title: "Interview tips: breathing and self-talk to stay calm (Central Bank of Ireland)",
        url: "https://www.centralbank.ie/careers/interview-tips",
    },
    CuratedResource {
        id: "duquesne-star",
        metrics: &[Metric::ResponseQuality],
        title: "Behavior-based interviews and STAR answers (Duquesne University)",
        url: "https://www.duq.edu/life-at-duquesne/student-services/center-for-career-development/students/job-search-skills/interviews/types-of-interviews/behavior-based-interviews",
    },
    CuratedResource {
        id: "nottingham-star",
        metrics: &[Metric::ResponseQuality],
        title: "Interview practice resources and the STAR technique (University of Nottingham)",
        url: "https://www.nottingham.ac.uk/careers/students/applications/interviews/resources.aspx",
    },
    CuratedResource {
        id: "imperial-interviews",
        metrics: &[],
        title: "Interviews: how to prepare (Imperial College London)",
        url: "https://www.imperial.ac.uk/careers/applications-and-interviews/interviews/",
    },
];

/// The curated resource named `id`.
pub fn resource_by_id(id: &str) -> Option<CuratedResource> {
    RESOURCES.iter().copied().find(|r| r.id == id)
}

/// The curated resources for a report with these scores: those of each weak
/// metric (weakest first, each once), else the general ones.
pub fn curated_for(scores: &InterviewScores) -> Vec<CuratedResource> {
    let mut out: Vec<CuratedResource> = Vec::new();
    if scores.weak_metrics.is_empty() {
        out.extend(RESOURCES.iter().filter(|r| r.metrics.is_empty()));
    }
    for metric in &scores.weak_metrics {
        for resource in RESOURCES.iter().filter(|r| r.metrics.contains(metric)) {
            if !out.iter().any(|r| r.id == resource.id) {
                out.push(*resource);
            }
        }
    }
    out
}

/// [`curated_for`] as the report's links.
pub fn resources_for(scores: &InterviewScores) -> Vec<Resource> {
    curated_for(scores)
        .into_iter()
        .map(CuratedResource::to_resource)
        .collect()
}

/// The summary, action plan and resources of a report.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Narrative {
    pub summary: String,
    pub action_plan: Vec<String>,
    pub resources: Vec<Resource>,
}

fn score_text(score: f64) -> String {
    format!("{score:.1}/10")
}

fn list(labels: &[&str]) -> String {
    match labels {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The summary paragraph.
fn summary(title: &JobTitle, scores: &InterviewScores) -> String {
    let answered = scores.answers.len();
    let mut out = format!(
        "You practised {answered} question{} for the {} position.",
        if answered == 1 { "" } else { "s" },
        title.as_str()
    );
    let measured: Vec<(Metric, f64)> = Metric::ALL
        .into_iter()
        .filter_map(|m| scores.get(m).map(|s| (m, s)))
        .collect();
    let Some(overall) = scores.overall_score else {
        out.push_str(
            " Nothing could be measured: no microphone audio was analysed and face detection is not available in this browser, so there is no score.",
        );
        return out;
    };
    let _ = write!(
        out,
        " Overall score: {overall}/100, from {} measured metric{}.",
        measured.len(),
        if measured.len() == 1 { "" } else { "s" }
    );
    if let Some((best, best_score)) = measured
        .iter()
        .copied()
        .filter(|(m, _)| !scores.weak_metrics.contains(m))
        // `max_by` keeps the last of equals; reversed, ties go to the report's first.
        .rev()
        .max_by(|a, b| a.1.total_cmp(&b.1))
    {
        let _ = write!(
            out,
            " Strongest: {} ({}).",
            best.label(),
            score_text(best_score)
        );
    }
    if scores.weak_metrics.is_empty() {
        out.push_str(" Every measured metric is at 7/10 or above.");
    } else {
        let weak: Vec<String> = scores
            .weak_metrics
            .iter()
            .filter_map(|&m| {
                scores
                    .get(m)
                    .map(|s| format!("{} ({})", m.label(), score_text(s)))
            })
            .collect();
        let weak: Vec<&str> = weak.iter().map(String::as_str).collect();
        let _ = write!(out, " To work on: {}.", list(&weak));
    }
    let unmeasured: Vec<&str> = Metric::ALL
        .into_iter()
        .filter(|&m| scores.get(m).is_none())
        .map(Metric::label)
        .collect();
    if !unmeasured.is_empty() {
        let _ = write!(
            out,
            " {} could not be measured here and {} left out of the overall score.",
            list(&unmeasured),
            if unmeasured.len() == 1 { "is" } else { "are" }
        );
    }
    out
}

/// The confidence steps: the parts of the rule that cost points, most first,
/// each quoting its figure; a general step makes up the two.
fn confidence_steps(figures: &Averages) -> [String; 2] {
    let mut found: Vec<(f64, String)> = Vec::new();
    if let Some(p) = figures.speaking_percent {
        let share = f64::from(p) / 100.0;
        if share < FULL_SPEAKING_SHARE {
            found.push((
                1.0 - share / FULL_SPEAKING_SHARE,
                format!("You spoke {p}% of the time: keep talking through each answer, adding an example or a result rather than stopping early."),
            ));
        }
    }
    if let Some(silence) = figures.longest_silence_seconds
        && silence * 1000.0 > SILENCE_OK_MS
    {
        found.push((
            ((silence * 1000.0 - SILENCE_OK_MS) / (SILENCE_MAX_MS - SILENCE_OK_MS)).min(1.0),
            format!("Your longest silences averaged {silence:.1} s: if you need to think, say so (\"Let me think about that\") instead of falling silent."),
        ));
    }
    match figures.loudness_spread_db {
        Some(spread) if spread > STEADY_SPREAD_DB => found.push((
            ((spread - STEADY_SPREAD_DB) / (UNSTEADY_SPREAD_DB - STEADY_SPREAD_DB)).min(1.0),
            format!("Keep a steady volume to the end of each sentence: your loudness varied by {spread:.1} dB (steady speech stays within about 6 dB)."),
        )),
        None => found.push((
            1.0,
            "Speak up so the microphone hears you clearly: no voice was detected in your answers.".to_owned(),
        )),
        Some(_) => {}
    }
    found.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut texts = found.into_iter().map(|(_, text)| text);
    [
        texts.next().unwrap_or_else(|| {
            "Practise each answer aloud twice before recording it again, so it flows without stops.".to_owned()
        }),
        texts.next().unwrap_or_else(|| {
            "Sit upright, breathe out slowly before each answer and start with a clear first sentence.".to_owned()
        }),
    ]
}

/// Two steps for a weak metric, quoting its measured figure.
fn steps(metric: Metric, figures: &Averages) -> [String; 2] {
    let pct = |p: Option<u32>| p.map_or_else(|| "too few".to_owned(), |p| format!("{p}%"));
    match metric {
        Metric::EyeContact => [
            format!(
                "Look into the camera lens, not at the screen, while you answer: your face was centred in {} of the sampled frames.",
                pct(figures.face_centred_percent)
            ),
            "Before you start, raise the camera to eye level and sit so your head is in the middle of the preview.".to_owned(),
        ],
        Metric::FacialExpression => [
            format!(
                "Keep your whole face in view and lit from the front: it was visible in {} of the sampled frames.",
                pct(figures.face_visible_percent)
            ),
            "Face the camera and let your face show interest (a nod, a smile where it fits) so an interviewer can read it.".to_owned(),
        ],
        Metric::Confidence => confidence_steps(figures),
        Metric::ResponseQuality => [
            format!(
                "Give fuller answers: you spoke for {:.1} s per answer on average; aim for 30 to 60 seconds.",
                figures.speech_seconds.unwrap_or_default()
            ),
            "Structure each answer with STAR: the Situation, your Task, the Action you took and the Result.".to_owned(),
        ],
    }
}

/// The built-in engine's narrative (see the module docs).
pub fn builtin_narrative(title: &JobTitle, scores: &InterviewScores) -> Narrative {
    let mut action_plan: Vec<String> = scores
        .weak_metrics
        .iter()
        .flat_map(|&m| steps(m, &scores.averages))
        .collect();
    if scores.weak_metrics.is_empty() && scores.overall_score.is_some() {
        action_plan.push(format!(
            "Practise again with another position close to {} to rehearse new role-specific questions.",
            title.as_str()
        ));
        action_plan.push(
            "Replay your recordings and note one thing to sharpen in each answer before your real interview."
                .to_owned(),
        );
    }
    if scores.get(Metric::Confidence).is_none() {
        action_plan.push(
            "Allow microphone access so your voice can be measured: confidence and response quality need it."
                .to_owned(),
        );
    }
    if scores.get(Metric::EyeContact).is_none() {
        action_plan.push(
            "To have eye contact and facial expression measured, practise in a browser that offers face detection; until then, check them yourself by replaying your recordings."
                .to_owned(),
        );
    }
    Narrative {
        summary: summary(title, scores),
        action_plan,
        resources: resources_for(scores),
    }
}

//! `POST /api/v1/functions/analyze-resume` and `…/upgrade-resume` (spec,
//! candidate side §2 "Resume upgrade dialog", §7), and `…/propose-profile`: what a resume
//! proposes for the profile, which onboarding shows for the person to use or leave.
//!
//! Bodies are `{ resumeText }` or `{ resumeFile: "data:…;base64,…" }` (plus, for
//! the upgrade, the client's `analysisRecommendations`, which are not needed:
//! the server analyses the text again rather than trust them). Files are judged
//! by their bytes, at most 10 MB decoded; images are read with tesseract.
//!
//! The score always comes from core's rubric ([`analyze`]); the engine only
//! words the account of it. The upgrade is core's rewrite, which keeps every
//! fact; a configured model may reword it, and its wording is used only when
//! core's fact check finds the same facts and the score is no lower.

use base64::Engine as _;
use serde::{Deserialize, Serialize};
use warp::Filter;
use warp::reply::Response;

use jobtap_core::files::{FileKind, Slot, looks_like_svg, sniff};
use jobtap_core::resume::upgrade::{KEEP_MAX, MSG_KEEP_TOO_MANY, fact_check};
use jobtap_core::resume::{
    self as resume, AtsFlag, AtsReport, AtsTarget, ExtractError, MSG_TARGET_TEXT_TOO_LONG,
    OCR_UNAVAILABLE, ProfileProposal, ResumeFormat, ResumeText, TARGET_TEXT_MAX_CHARS, analyze,
    extract_text, upgrade_keeping,
};

use crate::accounts::store::Role;
use crate::auth::extract::{AuthUser, Bearer, CandidateOnly, bearer};
use crate::error::{ApiError, ErrorBody};
use crate::http::body::{self, RawBody};
use crate::http::{one_of, route, under};
use crate::state::AppState;

use super::ocr::{self, OcrError};
use crate::ai::engine::ResumeFeedbackInput;
use crate::ai::{check_limit, limits, markdown};

/// Largest body these routes read: a 10 MB file as base64 (4/3 larger) plus the JSON around it.
pub const BODY_LIMIT: u64 = 14 * 1024 * 1024;
/// Longest `resumeText` accepted, in characters (resumes run to a few thousand).
pub const MAX_TEXT_CHARS: usize = 100_000;
const MSG_JOB_NOT_FOUND: &str = "Job not found";
pub const MSG_NO_RESUME: &str = "Please provide the resume as resumeText or resumeFile";
pub const MSG_TEXT_TOO_LONG: &str = "The resume text must be at most 100,000 characters";
pub const MSG_NOT_DATA_URL: &str = "resumeFile must be a data URL (data:<type>;base64,<data>)";
pub const MSG_OCR_TIMED_OUT: &str =
    "Reading the text in this image took too long. Please upload a PDF, Word or text file.";
pub const MSG_OCR_FAILED: &str = "We could not read text from this image. Please upload a \
clearer image, or a PDF, Word or text file.";

/// Either body. Unknown fields (`analysisRecommendations`) are ignored.
#[derive(Debug, Deserialize, Default, utoipa::ToSchema)]
#[serde(default, rename_all = "camelCase")]
struct ResumeBody {
    /// The resume as text (at most 100,000 characters); wins over `resumeFile`.
    resume_text: Option<String>,
    /// A `data:<type>;base64,<data>` URL of a PDF, Word, text or image file (at most 10 MB).
    resume_file: Option<String>,
    /// The file's name, if the client sends it; only a hint for text files.
    file_name: Option<String>,
    /// The role to judge keywords against, when neither `jobId` nor `jobText` is given.
    target_role: Option<String>,
    /// A job to tailor the resume for: its title and skills are the target.
    job_id: Option<String>,
    /// A job ad pasted as text (at most 20,000 characters): the skills it names are the
    /// target, and its first line the role when it reads like a title.
    job_text: Option<String>,
    /// Upgrade only: lines of an earlier upgrade's `leftOut` the candidate keeps (at most 100).
    keep: Vec<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct AnalyzeReply {
    /// 0–100, from the rubric.
    score: u32,
    /// A markdown account of the result.
    analysis: String,
    /// `analysis` as safe HTML.
    analysis_html: String,
    /// What to change, most points first (send back as `analysisRecommendations`).
    recommendations: Vec<String>,
    meets_target: bool,
    /// The text that was analysed (after extraction or OCR), for the upgrade.
    resume_text: String,
    /// What a recruiter would flag (core's `AtsFlag`: id, title, points off, the lines it
    /// is about, recommendation).
    #[schema(value_type = Vec<Object>)]
    flags: Vec<AtsFlag>,
    /// Core's ATS report: the score, each rule's result, sections, contact details, keywords
    /// and counts.
    #[schema(value_type = Object)]
    report: AtsReport,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct UpgradeReply {
    upgraded_resume: String,
    /// The upgraded text's score.
    score: u32,
    /// The original text's score.
    previous_score: u32,
    /// Whether the upgraded text reaches the ATS target (85).
    meets_target: bool,
    /// Sentences of the original the upgrade left out: repeats, personal lines, self-praise.
    left_out: Vec<String>,
    /// What the upgraded text still lacks, most points first.
    still_missing: Vec<String>,
}

/// POST /api/v1/functions/analyze-resume and POST /api/v1/functions/upgrade-resume
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    let functions = || under("functions", state);
    let analyze_route = route!(functions();
        warp::path!("analyze-resume"), warp::post(), bearer(), body::raw() => analyze_resume);
    let upgrade_route = route!(functions();
        warp::path!("upgrade-resume"), warp::post(), bearer(), body::raw() => upgrade_resume);
    let propose_route = route!(functions();
        warp::path!("propose-profile"), warp::post(), bearer(), body::raw() => propose_profile);
    one_of!(analyze_route, upgrade_route, propose_route)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct ProposalReply {
    /// Core's `ProfileProposal`: `skills` (the resume's own list), `experienceYears` (its roles'
    /// months in whole years, or null), `degreeField` and `university` (a listed one, "Other",
    /// or null).
    #[schema(value_type = Object)]
    proposal: ProfileProposal,
}

#[utoipa::path(post, path = "/api/v1/functions/propose-profile", tag = "ai",
    security(("bearer" = [])),
    request_body = ResumeBody,
    responses(
        (status = 200, description = "What the resume proposes for the profile; nothing is saved", body = ProposalReply),
        CandidateOnly,
        (status = 415, description = "Not a PDF, Word, text or image file", body = ErrorBody),
        (status = 422, description = "No resume, or an unreadable file", body = ErrorBody),
        (status = 429, description = "Over the resume limit", body = ErrorBody),
    ))]
async fn propose_profile(
    state: AppState,
    bearer: Bearer,
    body: RawBody,
) -> Result<impl warp::Reply, ApiError> {
    let (_, body) = caller_and_body(&state, bearer, body).await?;
    let text = resume_of(&body).await?;
    let today = crate::profile::resume_facts::this_month(state.now_ms());
    Ok(warp::reply::json(&ProposalReply {
        proposal: resume::propose_profile(&text, today),
    }))
}

#[utoipa::path(post, path = "/api/v1/functions/analyze-resume", tag = "ai",
    security(("bearer" = [])),
    request_body = ResumeBody,
    responses(
        (status = 200, description = "The ATS score and what to change", body = AnalyzeReply),
        CandidateOnly,
        (status = 404, description = "`jobId` names no open job", body = ErrorBody),
        (status = 422, description = "No resume, an unreadable file, or a resume or job ad too long", body = ErrorBody),
        (status = 429, description = "Over the resume limit", body = ErrorBody),
    ))]
async fn analyze_resume(
    state: AppState,
    bearer: Bearer,
    body: RawBody,
) -> Result<impl warp::Reply, ApiError> {
    let (user, body) = caller_and_body(&state, bearer, body).await?;
    let target = target_for(&state, &user, &body).await?;
    let text = resume_of(&body).await?;
    let report = analyze(&text, &target);
    let recommendations = recommendations(&report);
    let input = ResumeFeedbackInput {
        score: report.score,
        target: Some(target.role.clone()).filter(|r| !r.trim().is_empty()),
        strengths: report
            .rules
            .iter()
            .filter(|r| r.passed)
            .map(|r| r.title.to_string())
            .collect(),
        recommendations: recommendations.clone(),
    };
    let analysis = state.ai.resume_feedback(&input).await?;
    Ok(warp::reply::json(&AnalyzeReply {
        score: report.score,
        analysis_html: markdown::to_safe_html(&analysis),
        analysis,
        recommendations,
        meets_target: report.meets_target(),
        resume_text: text,
        flags: report.flags.clone(),
        report,
    }))
}

#[utoipa::path(post, path = "/api/v1/functions/upgrade-resume", tag = "ai",
    security(("bearer" = [])),
    request_body = ResumeBody,
    responses(
        (status = 200, description = "The rewritten resume and both scores", body = UpgradeReply),
        CandidateOnly,
        (status = 404, description = "`jobId` names no open job", body = ErrorBody),
        (status = 422, description = "No resume, an unreadable file, a resume or job ad too long, or too many lines to keep", body = ErrorBody),
        (status = 429, description = "Over the resume limit", body = ErrorBody),
    ))]
async fn upgrade_resume(
    state: AppState,
    bearer: Bearer,
    body: RawBody,
) -> Result<impl warp::Reply, ApiError> {
    let (user, body) = caller_and_body(&state, bearer, body).await?;
    // Before reading the resume (which may run OCR).
    if body.keep.len() > KEEP_MAX {
        return Err(ApiError::field("keep", MSG_KEEP_TOO_MANY));
    }
    let target = target_for(&state, &user, &body).await?;
    let text = resume_of(&body).await?;
    let before = analyze(&text, &target);
    let core_upgrade = upgrade_keeping(&text, &before, &target, &body.keep);
    // What the upgrade left out is core's decision; a rewording only words what stays.
    let left_out = jobtap_core::resume::upgrade::left_out(&text, &core_upgrade);
    let upgraded = reworded(&state, core_upgrade, &target, &body.keep).await?;
    let after = analyze(&upgraded, &target);
    Ok(warp::reply::json(&UpgradeReply {
        left_out,
        still_missing: recommendations(&after),
        meets_target: after.meets_target(),
        score: after.score,
        previous_score: before.score,
        upgraded_resume: upgraded,
    }))
}

/// A configured model's rewording of core's `upgraded` text, used only when it states the
/// same facts (no fact added, none dropped), keeps each line the candidate chose to keep
/// word for word, is plain text, and scores at least as well; else `upgraded`.
async fn reworded(
    state: &AppState,
    upgraded: String,
    target: &AtsTarget,
    keep: &[String],
) -> Result<String, ApiError> {
    let role = Some(target.role.trim()).filter(|r| !r.is_empty());
    let Some(reworded) = state.ai.resume_rewording(&upgraded, role).await? else {
        return Ok(upgraded);
    };
    if reworded.contains("```") || keep.iter().any(|line| !reworded.contains(line.as_str())) {
        tracing::info!(
            "the model's rewording is not plain text or drops a kept line; core's rewrite is used"
        );
        return Ok(upgraded);
    }
    let check = fact_check(&upgraded, &reworded);
    if !check.is_clean() {
        tracing::info!(invented = ?check.invented, dropped = ?check.dropped, "the model's rewording changed facts; core's rewrite is used");
        return Ok(upgraded);
    }
    if analyze(&reworded, target).score < analyze(&upgraded, target).score {
        tracing::info!("the model's rewording scores lower; core's rewrite is used");
        return Ok(upgraded);
    }
    Ok(reworded)
}

/// What keywords are judged against: a job of the feed (`jobId`), a pasted job ad
/// (`jobText`) or a named role (`targetRole`); without any, nothing, so no advice names a
/// target the candidate never chose (their own profile skills are not a target).
async fn target_for(
    state: &AppState,
    user: &AuthUser,
    body: &ResumeBody,
) -> Result<AtsTarget, ApiError> {
    if let Some(id) = body
        .job_id
        .as_deref()
        .map(str::trim)
        .filter(|id| !id.is_empty())
    {
        let job = crate::jobs::store::live_job(&state.db, id, &user.id, state.now_ms())
            .await?
            .ok_or_else(|| ApiError::NotFound(MSG_JOB_NOT_FOUND.into()))?;
        return Ok(AtsTarget {
            role: job.fields.job_title,
            job_types: Vec::new(),
            skills: job.fields.skills,
        });
    }
    if let Some(text) = body.job_text.as_deref().filter(|t| !t.trim().is_empty()) {
        if text.chars().count() > TARGET_TEXT_MAX_CHARS {
            return Err(ApiError::field("jobText", MSG_TARGET_TEXT_TOO_LONG));
        }
        return Ok(AtsTarget::job_text(text));
    }
    Ok(AtsTarget::role(
        body.target_role.as_deref().unwrap_or_default().trim(),
    ))
}

/// The resume's text from the body: `resumeText` when given, else `resumeFile`.
/// The candidate calling a resume route, within the resume limit, and the body they sent: read
/// after the caller is known, so strangers cannot make the server hold large bodies.
async fn caller_and_body(
    state: &AppState,
    bearer: Bearer,
    body: RawBody,
) -> Result<(AuthUser, ResumeBody), ApiError> {
    let user = bearer.user_with(state, Role::Candidate).await?;
    check_limit(state, limits::RESUME, &user.id).await?;
    let body: ResumeBody = body.json(BODY_LIMIT).await?;
    Ok((user, body))
}

async fn resume_of(body: &ResumeBody) -> Result<String, ApiError> {
    if let Some(text) = body.resume_text.as_deref().filter(|t| !t.trim().is_empty()) {
        if text.chars().count() > MAX_TEXT_CHARS {
            return Err(ApiError::field("resumeText", MSG_TEXT_TOO_LONG));
        }
        return ResumeText::from_plain(text, ResumeFormat::Txt)
            .map(|t| t.text)
            .map_err(|e| ReadError::Extract(e).into_api("resumeText"));
    }
    let Some(url) = body.resume_file.as_deref().filter(|u| !u.trim().is_empty()) else {
        return Err(ApiError::field("resumeText", MSG_NO_RESUME));
    };
    let (mime, bytes) = decode_data_url(url)?;
    let name = file_name_for(&bytes, mime.as_deref(), body.file_name.as_deref())?;
    read_resume(name, &bytes)
        .await
        .map_err(|e| e.into_api("resumeFile"))
}

/// The declared type and the bytes of a `data:` URL, at most 10 MB decoded.
fn decode_data_url(url: &str) -> Result<(Option<String>, Vec<u8>), ApiError> {
    let not_data_url = || ApiError::field("resumeFile", MSG_NOT_DATA_URL);
    let rest = url
        .trim()
        .get(..5)
        .filter(|p| p.eq_ignore_ascii_case("data:"))
        .map(|_| &url.trim()[5..])
        .ok_or_else(not_data_url)?;
    let (meta, data) = rest.split_once(',').ok_or_else(not_data_url)?;
    let mut parts = meta.split(';');
    let mime = parts
        .next()
        .map(|m| m.trim().to_ascii_lowercase())
        .filter(|m| !m.is_empty());
    if !parts.any(|p| p.trim().eq_ignore_ascii_case("base64")) {
        return Err(not_data_url());
    }
    let limit = Slot::Resume.max_bytes();
    // Refused before decoding: 4 characters carry 3 bytes.
    if (data.len() as u64).saturating_mul(3) / 4 > limit + 3 {
        return Err(ApiError::PayloadTooLarge(
            Slot::Resume.too_large_message().into(),
        ));
    }
    let compact: String = data.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    // Padding is optional in data URLs; without it the decoder needs none.
    let bytes = base64::engine::general_purpose::STANDARD_NO_PAD
        .decode(compact.trim_end_matches('='))
        .map_err(|_| not_data_url())?;
    if bytes.len() as u64 > limit {
        return Err(ApiError::PayloadTooLarge(
            Slot::Resume.too_large_message().into(),
        ));
    }
    if bytes.is_empty() {
        return Err(ApiError::field("resumeFile", "The file is empty"));
    }
    Ok((mime, bytes))
}

/// A name that tells `extract_text` what the bytes are. Their own signature
/// decides; without one, only text (declared as such) and a zip declared as
/// DOCX (a part order `infer` does not recognise) are tried, by their readers.
fn file_name_for(
    bytes: &[u8],
    mime: Option<&str>,
    file_name: Option<&str>,
) -> Result<&'static str, ApiError> {
    const DOCX_MIME: &str =
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    let unsupported = || ApiError::UnsupportedMediaType(ExtractError::Unsupported.to_string());
    let declared = |mime_type: &str, extension: &str| {
        mime == Some(mime_type)
            || file_name.is_some_and(|n| {
                n.trim()
                    .to_ascii_lowercase()
                    .ends_with(&format!(".{extension}"))
            })
    };
    match sniff(bytes) {
        Some(FileKind::Pdf) => Ok("resume.pdf"),
        Some(FileKind::Docx) => Ok("resume.docx"),
        Some(FileKind::Doc) => Ok("resume.doc"),
        Some(FileKind::Png) => Ok("resume.png"),
        Some(FileKind::Jpeg) => Ok("resume.jpg"),
        None if bytes.starts_with(b"PK\x03\x04") && declared(DOCX_MIME, "docx") => {
            Ok("resume.docx")
        }
        // SVG is text too, and may carry script: never read it.
        None if declared("text/plain", "txt") && !looks_like_svg(bytes) => Ok("resume.txt"),
        // WEBP, GIF, executables, archives, anything undeclared.
        _ => Err(unsupported()),
    }
}

/// Why a resume's text could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error(transparent)]
    Extract(#[from] ExtractError),
    #[error("{}", ocr_message(.0))]
    Ocr(#[from] OcrError),
}

fn ocr_message(err: &OcrError) -> &'static str {
    match err {
        OcrError::Missing => OCR_UNAVAILABLE,
        OcrError::TimedOut(_) => MSG_OCR_TIMED_OUT,
        OcrError::Failed(_) => MSG_OCR_FAILED,
    }
}

impl ReadError {
    /// 415 for a file of the wrong kind, 422 (on `field`) when its text cannot be read.
    fn into_api(self, field: &str) -> ApiError {
        match self {
            Self::Extract(ExtractError::Unsupported) => {
                ApiError::UnsupportedMediaType(ExtractError::Unsupported.to_string())
            }
            other => {
                if let Self::Ocr(OcrError::Failed(reason)) = &other {
                    tracing::warn!(%reason, "OCR failed");
                }
                ApiError::field(field, other.to_string())
            }
        }
    }
}

/// The text of a resume file; PNG and JPG go through tesseract.
pub async fn read_resume(file_name: &str, bytes: &[u8]) -> Result<String, ReadError> {
    match extract_text(file_name, bytes) {
        Ok(read) => Ok(read.text),
        Err(ExtractError::NeedsOcr(_)) => {
            let text = ocr::read_image(ocr::TESSERACT, bytes, ocr::OCR_TIMEOUT).await?;
            Ok(ResumeText::from_plain(&text, ResumeFormat::Image)?.text)
        }
        Err(err) => Err(err.into()),
    }
}

/// The recommendations of the rules `report` failed and of its flags, those losing most
/// points first.
pub fn recommendations(report: &AtsReport) -> Vec<String> {
    let mut failed: Vec<_> = report
        .failed()
        .filter_map(|r| {
            r.recommendation
                .as_ref()
                .map(|text| (r.max_points - r.points, text.clone()))
        })
        .chain(
            report
                .flags
                .iter()
                .map(|f| (f.points, f.recommendation.clone())),
        )
        .collect();
    failed.sort_by_key(|(lost, _)| std::cmp::Reverse(*lost));
    failed.into_iter().map(|(_, text)| text).collect()
}

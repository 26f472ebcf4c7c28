//! JavaScript bindings for `jobtap-core`. Each function converts arguments,
//! calls core and converts the answer back: no rule lives here.

use wasm_bindgen::prelude::*;

// The declarations of core's types that cross this boundary, generated from core by
// `make generated`, so the package's own `.d.ts` names them in the signatures below.
#[wasm_bindgen(typescript_custom_section)]
const CORE_TYPES: &str = include_str!("../../web/src/generated/core-types.ts");

/// The job card's description preview (first sentence, else 100 chars + "...").
#[wasm_bindgen(js_name = descriptionPreview)]
pub fn description_preview(description: &str) -> String {
    jobtap_core::card::description_preview(description)
}

/// The bulk-import CSV template, header and one example row.
#[wasm_bindgen(js_name = importTemplateCsv)]
pub fn import_template_csv() -> String {
    jobtap_core::import_template::template_csv()
}

/// The template's download file name.
#[wasm_bindgen(js_name = importTemplateFileName)]
pub fn import_template_file_name() -> String {
    jobtap_core::import_template::FILE_NAME.to_string()
}

/// Why the upload slot named `slot` (`resume`, `resume-document`, `certificate`, `avatar`,
/// `company-logo`) would refuse `bytes`, with the server's message; `undefined` when it takes them.
#[wasm_bindgen(js_name = uploadProblem)]
pub fn upload_problem(slot: &str, bytes: &[u8]) -> Result<Option<String>, JsError> {
    let slot = jobtap_core::files::Slot::from_name(slot)
        .ok_or_else(|| JsError::new(&format!("unknown upload slot {slot}")))?;
    Ok(slot.check(bytes).err().map(|e| e.to_string()))
}

/// Why a decision e-mail template's `part` (`subject` or `body`) would be refused, with the
/// server's message (an unknown placeholder named); `undefined` when it is taken.
#[wasm_bindgen(js_name = emailTemplateProblem)]
pub fn email_template_problem(part: &str, text: &str) -> Result<Option<String>, JsError> {
    use jobtap_core::decision_template::{Part, check};
    let part = match part {
        "subject" => Part::Subject,
        "body" => Part::Body,
        other => return Err(JsError::new(&format!("unknown template part {other}"))),
    };
    Ok(check(part, text).err())
}

/// Why the upload slot named `slot` would refuse a file of `size` bytes, before reading it.
#[wasm_bindgen(js_name = uploadSizeProblem)]
pub fn upload_size_problem(slot: &str, size: f64) -> Result<Option<String>, JsError> {
    let slot = jobtap_core::files::Slot::from_name(slot)
        .ok_or_else(|| JsError::new(&format!("unknown upload slot {slot}")))?;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let size = size.max(0.0) as u64;
    Ok(slot.check_size(size).err().map(|e| e.to_string()))
}

/// A form's check as `FormCheck`: `{ ok: true }` or `{ ok: false, errors: [{ field, message }] }`.
fn form_check<T>(result: Result<T, jobtap_core::validate::FormErrors>) -> Result<JsValue, JsError> {
    to_js(&jobtap_core::validate::FormCheck::from(result))
}

/// Sign-in form rules.
#[wasm_bindgen(js_name = validateSignIn, unchecked_return_type = "FormCheck")]
pub fn validate_sign_in(email: &str, password: &str) -> Result<JsValue, JsError> {
    form_check(jobtap_core::validate::sign_in(email, password))
}

/// Candidate sign-up form rules, less the common-password list (the server checks it).
#[wasm_bindgen(js_name = validateCandidateSignUp, unchecked_return_type = "FormCheck")]
pub fn validate_candidate_sign_up(
    email: &str,
    password: &str,
    full_name: &str,
) -> Result<JsValue, JsError> {
    form_check(jobtap_core::validate::early_candidate_sign_up(
        email, password, full_name,
    ))
}

/// Employer sign-up form rules, less the common-password list (the server checks it).
#[wasm_bindgen(js_name = validateEmployerSignUp, unchecked_return_type = "FormCheck")]
pub fn validate_employer_sign_up(
    email: &str,
    password: &str,
    full_name: &str,
    company_name: &str,
) -> Result<JsValue, JsError> {
    form_check(jobtap_core::validate::early_employer_sign_up(
        email,
        password,
        full_name,
        company_name,
    ))
}

/// The job post form's rules (`core::job_post::parse`, what the server answers 422 with) for
/// the form as the API takes it (snake_case), at `now_ms`.
#[wasm_bindgen(js_name = validateJobPost, unchecked_return_type = "FormCheck")]
pub fn validate_job_post(
    #[wasm_bindgen(unchecked_param_type = "object")] input: JsValue,
    now_ms: f64,
) -> Result<JsValue, JsError> {
    let input: jobtap_core::job_post::JobPostInput =
        serde_wasm_bindgen::from_value(input).map_err(|e| JsError::new(&e.to_string()))?;
    #[allow(clippy::cast_possible_truncation)]
    form_check(jobtap_core::job_post::parse(&input, now_ms as i64))
}

/// One onboarding step's rule (1 to 4), given the whole form (`OnboardingInput`, camelCase).
#[wasm_bindgen(js_name = validateOnboardingStep, unchecked_return_type = "FormCheck")]
pub fn validate_onboarding_step(
    step: u8,
    #[wasm_bindgen(unchecked_param_type = "OnboardingInput")] input: JsValue,
) -> Result<JsValue, JsError> {
    let input: jobtap_core::onboarding::OnboardingInput =
        serde_wasm_bindgen::from_value(input).map_err(|e| JsError::new(&e.to_string()))?;
    form_check(jobtap_core::onboarding::check_step(step, &input))
}

/// The QR code of a document link as a PNG (300 px wide, margin 2), for the QR dialog.
#[wasm_bindgen(js_name = qrPng)]
pub fn qr_png(data: &str) -> Result<Vec<u8>, JsError> {
    use jobtap_core::qr;
    qr::qr_png(data, qr::QR_WIDTH_PX, qr::QR_MARGIN).map_err(|e| JsError::new(&e.to_string()))
}

/// The QR code of a document link as SVG markup (margin 2).
#[wasm_bindgen(js_name = qrSvg)]
pub fn qr_svg(data: &str) -> Result<String, JsError> {
    use jobtap_core::qr;
    qr::qr_svg(data, qr::QR_MARGIN).map_err(|e| JsError::new(&e.to_string()))
}

/// The upgraded resume as an A4 PDF ("ATS-Optimized Resume").
#[wasm_bindgen(js_name = resumePdf)]
pub fn resume_pdf(text: &str) -> Result<Vec<u8>, JsError> {
    jobtap_core::resume_pdf::resume_pdf(text).map_err(|e| JsError::new(&e.to_string()))
}

/// The characters of `text` the PDF's standard fonts lack, each once: they print as "?".
#[wasm_bindgen(js_name = pdfUnprintable)]
pub fn pdf_unprintable(text: &str) -> Vec<String> {
    jobtap_core::resume_pdf::unprintable(text)
        .into_iter()
        .map(String::from)
        .collect()
}

/// The exported resume's download name, `upgraded-resume-ats.pdf`.
#[wasm_bindgen(js_name = pdfFileName)]
pub fn pdf_file_name() -> String {
    jobtap_core::resume_pdf::PDF_FILE_NAME.to_string()
}

fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsError> {
    // Plain objects, not Maps, so the web code reads fields directly.
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

fn from_js<T: serde::de::DeserializeOwned>(value: JsValue) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&e.to_string()))
}

/// What releasing a dragged card does: "reject", "next", "copyLink" or "snapBack".
#[wasm_bindgen(js_name = decideSwipe, unchecked_return_type = "SwipeDecision")]
pub fn decide_swipe(dx: f64, dy: f64, vx: f64, vy: f64) -> Result<JsValue, JsError> {
    use jobtap_core::gesture::{Drag, decide_swipe};
    to_js(&decide_swipe(Drag { dx, dy, vx, vy }))
}

/// The card's clamped position, tilt and opacity mid-drag: `{ x, y, rotateDeg, opacity }`.
#[wasm_bindgen(js_name = cardVisual, unchecked_return_type = "CardVisual")]
pub fn card_visual(dx: f64, dy: f64) -> Result<JsValue, JsError> {
    to_js(&jobtap_core::gesture::card_visual(dx, dy))
}

/// Double-tap detection over tap times the page supplies (the core has no clock).
#[wasm_bindgen]
#[derive(Default)]
pub struct DoubleTapDetector(jobtap_core::gesture::DoubleTap);

#[wasm_bindgen]
impl DoubleTapDetector {
    #[wasm_bindgen(constructor)]
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a tap at `t_ms`; true when it completes a double tap.
    pub fn tap(&mut self, t_ms: f64) -> bool {
        self.0.tap(t_ms)
    }

    /// Forgets a pending tap (the card changed).
    pub fn reset(&mut self) {
        self.0.reset();
    }
}

/// The first 2 requirements and "+N more requirements (click magnifier to view all)".
#[wasm_bindgen(js_name = collapseRequirements, unchecked_return_type = "CollapsedList")]
#[allow(clippy::needless_pass_by_value)] // wasm-bindgen cannot take `&[String]` from JavaScript
pub fn collapse_requirements(requirements: Vec<String>) -> Result<JsValue, JsError> {
    to_js(&jobtap_core::card::collapse_requirements(&requirements))
}

/// At most 4 benefit tags and "+N more".
#[wasm_bindgen(js_name = benefitTags, unchecked_return_type = "CollapsedList")]
#[allow(clippy::needless_pass_by_value)] // wasm-bindgen cannot take `&[String]` from JavaScript
pub fn benefit_tags(benefits: Vec<String>) -> Result<JsValue, JsError> {
    to_js(&jobtap_core::card::benefit_tags(&benefits))
}

/// "$1,500 - $2,500", "From $1,500", "Up to $2,500" or "Salary not specified".
#[wasm_bindgen(js_name = formatSalaryRange)]
pub fn format_salary_range(min: Option<f64>, max: Option<f64>) -> String {
    jobtap_core::format::format_salary_range(min, max)
}

/// "Posted Mar 5, 2025" from Unix milliseconds (UTC).
#[wasm_bindgen(js_name = formatPosted)]
pub fn format_posted(posted_at_ms: f64) -> String {
    #[allow(clippy::cast_possible_truncation)]
    jobtap_core::format::format_posted(posted_at_ms as i64)
}

/// A file's size for people: "240 KB", "1.5 MB".
#[wasm_bindgen(js_name = fileSizeText)]
pub fn file_size_text(bytes: f64) -> String {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    jobtap_core::format::file_size_text(bytes.max(0.0) as u64)
}

/// "Mar 5, 2025" from Unix milliseconds (UTC).
#[wasm_bindgen(js_name = formatDate)]
pub fn format_date(unix_ms: f64) -> String {
    #[allow(clippy::cast_possible_truncation)]
    jobtap_core::format::format_date(unix_ms as i64)
}

/// Points as every screen writes them: "4", "2.5", "15.13".
#[wasm_bindgen(js_name = pointsText)]
pub fn points_text(points: f64) -> String {
    jobtap_core::score::text::points_text(points)
}

/// A percentage with one decimal: "77.0%".
#[wasm_bindgen(js_name = percentText)]
pub fn percent_text(percentage: f64) -> String {
    jobtap_core::score::text::percent_text(percentage)
}

/// An application's stored status with core's badge text and tab:
/// `{ status, status_label, status_bucket }`, as the API sends it.
#[wasm_bindgen(js_name = applicationStatus, unchecked_return_type = "StatusFields")]
pub fn application_status(status: &str) -> Result<JsValue, JsError> {
    to_js(&jobtap_core::application_status::fields(status))
}

/// The icon name and gradient for a job title without a logo: `{ key, icon, gradient: { from, to } }`.
#[wasm_bindgen(js_name = roleStyle, unchecked_return_type = "RoleStyle")]
pub fn role_style(job_title: &str) -> Result<JsValue, JsError> {
    to_js(&jobtap_core::role_style::role_style(job_title))
}

/// A file-level import problem as a JavaScript `Error`: its message for people, its `name` the
/// core's kind (`not_csv`, `no_jobs`, …) for code, which survives the worker's message passing.
fn import_error(error: &jobtap_core::csv_import::ImportError) -> JsValue {
    let js = js_sys::Error::new(&error.to_string());
    js.set_name(error.kind());
    js.into()
}

/// The bulk-import preview of a CSV file, packed (`PackedImportPreview`); a file-level problem
/// (not a CSV, no rows, too large, bad encoding) throws an `Error` named by its kind. `limits` is `ImportLimits`
/// (camelCase) or undefined for the import defaults.
#[wasm_bindgen(js_name = previewImportPacked)]
pub fn preview_import_packed(
    file_name: &str,
    bytes: &[u8],
    #[wasm_bindgen(unchecked_param_type = "ImportLimits | undefined")] limits: JsValue,
) -> Result<PackedImportPreview, JsValue> {
    use jobtap_core::csv_import::preview_import_packed;
    preview_import_packed(file_name, bytes, &import_limits(limits)?)
        .map(PackedImportPreview)
        .map_err(|e| import_error(&e))
}

/// `ImportLimits` (camelCase) from JavaScript, or the import defaults for undefined.
fn import_limits(limits: JsValue) -> Result<jobtap_core::csv_import::ImportLimits, JsValue> {
    if limits.is_undefined() || limits.is_null() {
        Ok(jobtap_core::csv_import::ImportLimits::default())
    } else {
        from_js(limits).map_err(JsValue::from)
    }
}

/// The duplicate keys of a CSV file's valid rows (`{ rowNumbers, keys }`), for asking which
/// repeat live jobs before importing; file-level problems throw as for the preview.
#[wasm_bindgen(js_name = importRowKeys, unchecked_return_type = "{ rowNumbers: number[]; keys: string[] }")]
pub fn import_row_keys(
    file_name: &str,
    bytes: &[u8],
    #[wasm_bindgen(unchecked_param_type = "ImportLimits | undefined")] limits: JsValue,
) -> Result<JsValue, JsValue> {
    let keys = jobtap_core::csv_import::import_row_keys(file_name, bytes, &import_limits(limits)?)
        .map_err(|e| import_error(&e))?;
    to_js(&keys).map_err(JsValue::from)
}

/// The first rows of a CSV file from the start of its bytes (at most `maxRows`), to show while
/// the whole file is parsed; unless `isWholeFile`, the last, possibly cut, record is dropped.
#[wasm_bindgen(js_name = previewImportHead)]
pub fn preview_import_head(
    file_name: &str,
    bytes: &[u8],
    max_rows: u32,
    is_whole_file: bool,
) -> Result<PackedImportPreview, JsValue> {
    jobtap_core::csv_import::preview_import_head(file_name, bytes, max_rows as usize, is_whole_file)
        .map(PackedImportPreview)
        .map_err(|e| import_error(&e))
}

/// A packed preview table (`jobtap_core::csv_import::PackedPreview`): the text as bytes, typed arrays and
/// counts. Each getter copies out of wasm memory; call `free()` when done.
#[wasm_bindgen]
pub struct PackedImportPreview(jobtap_core::csv_import::PackedPreview);

#[wasm_bindgen]
impl PackedImportPreview {
    /// Every row's six cells one after another (company, title, location, type, salary, errors),
    /// as UTF-8 bytes: the page decodes only the cells it shows.
    #[wasm_bindgen(getter)]
    pub fn text(&self) -> Vec<u8> {
        self.0.text.as_bytes().to_vec()
    }

    /// Where each cell starts in `text`, in bytes; one more entry than cells.
    #[wasm_bindgen(getter)]
    pub fn offsets(&self) -> Vec<u32> {
        self.0.offsets.clone()
    }

    #[wasm_bindgen(getter, js_name = rowNumbers)]
    pub fn row_numbers(&self) -> Vec<u32> {
        self.0.row_numbers.clone()
    }

    /// 1 for a valid row, 0 for an invalid one.
    #[wasm_bindgen(getter, js_name = validFlags)]
    pub fn valid_flags(&self) -> Vec<u8> {
        self.0.valid.clone()
    }

    /// Indexes of the invalid rows, in file order.
    #[wasm_bindgen(getter, js_name = invalidRows)]
    pub fn invalid_rows(&self) -> Vec<u32> {
        self.0.invalid_rows.clone()
    }

    #[wasm_bindgen(getter, js_name = rowCount)]
    pub fn row_count(&self) -> u32 {
        self.0.row_count() as u32
    }

    #[wasm_bindgen(getter, js_name = validCount)]
    pub fn valid_count(&self) -> u32 {
        self.0.valid_count as u32
    }

    #[wasm_bindgen(getter, js_name = invalidCount)]
    pub fn invalid_count(&self) -> u32 {
        self.0.invalid_count as u32
    }

    #[wasm_bindgen(getter)]
    pub fn warnings(&self) -> Vec<String> {
        self.0.warnings.clone()
    }

    /// The toast after parsing: "Successfully parsed {n} jobs!" or the review warning.
    #[wasm_bindgen(getter)]
    pub fn summary(&self) -> String {
        self.0.summary()
    }
}

/// The five interview questions for a job position (`Question[]`: id, question,
/// displayTime, kind); a blank position throws "Please enter a job title".
#[wasm_bindgen(js_name = interviewQuestions, unchecked_return_type = "InterviewQuestion[]")]
pub fn interview_questions(job_title: &str) -> Result<JsValue, JsError> {
    use jobtap_core::interview::{JobTitle, questions_for};
    let title = JobTitle::parse(job_title).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&questions_for(&title))
}

/// An interview's scores (`InterviewScores`) from the browser's measurements
/// (`InterviewMeasurements`, camelCase); impossible numbers throw their message.
#[wasm_bindgen(js_name = scoreInterview, unchecked_return_type = "InterviewScores")]
pub fn score_interview(
    #[wasm_bindgen(unchecked_param_type = "InterviewMeasurements")] measurements: JsValue,
) -> Result<JsValue, JsError> {
    let measurements: jobtap_core::interview::InterviewMeasurements = from_js(measurements)?;
    let scores =
        jobtap_core::interview::score(&measurements).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&scores)
}

/// The downloadable text of an `InterviewReport` (camelCase).
#[wasm_bindgen(js_name = interviewReportText)]
pub fn interview_report_text(
    #[wasm_bindgen(unchecked_param_type = "InterviewReport")] report: JsValue,
) -> Result<String, JsError> {
    let report: jobtap_core::interview::InterviewReport = from_js(report)?;
    Ok(jobtap_core::interview::report_text(&report))
}

/// The report's download name, `interview-report-{position}-{yyyy-mm-dd}.txt`.
#[wasm_bindgen(js_name = interviewReportFileName)]
pub fn interview_report_file_name(job_title: &str, created_at_ms: f64) -> String {
    #[allow(clippy::cast_possible_truncation)]
    jobtap_core::interview::report_file_name(job_title, created_at_ms as i64)
}

/// The interview's fixed numbers.
#[wasm_bindgen(js_name = interviewConstants, unchecked_return_type = "InterviewConstants")]
pub fn interview_constants() -> Result<JsValue, JsError> {
    to_js(&jobtap_core::interview::CONSTANTS)
}

// Exports only the core benchmark page uses (`web/bench/core-bench*`): production builds leave
// them out.
#[cfg(feature = "bench")]
mod bench;
#[cfg(feature = "bench")]
pub use bench::{JobScores, JobSet, score_many};

//! JavaScript bindings for `jobtap-core`. Each function converts arguments,
//! calls core and converts the answer back: no rule lives here.

use wasm_bindgen::prelude::*;

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

/// Validation result for a form: `{ ok: true }` or `{ ok: false, errors: [{ field, message }] }`.
#[derive(serde::Serialize)]
struct FormCheck {
    ok: bool,
    errors: Vec<jobtap_core::validate::FieldError>,
}

fn form_check<T>(result: Result<T, jobtap_core::validate::FormErrors>) -> Result<JsValue, JsError> {
    let check = match result {
        Ok(_) => FormCheck {
            ok: true,
            errors: Vec::new(),
        },
        Err(errors) => FormCheck { ok: false, errors },
    };
    serde_wasm_bindgen::to_value(&check).map_err(|e| JsError::new(&e.to_string()))
}

/// Sign-in form rules.
#[wasm_bindgen(js_name = validateSignIn)]
pub fn validate_sign_in(email: &str, password: &str) -> Result<JsValue, JsError> {
    form_check(jobtap_core::validate::sign_in(email, password))
}

/// Candidate sign-up form rules.
#[wasm_bindgen(js_name = validateCandidateSignUp)]
pub fn validate_candidate_sign_up(
    email: &str,
    password: &str,
    full_name: &str,
) -> Result<JsValue, JsError> {
    form_check(jobtap_core::validate::candidate_sign_up(
        email, password, full_name,
    ))
}

/// Employer sign-up form rules.
#[wasm_bindgen(js_name = validateEmployerSignUp)]
pub fn validate_employer_sign_up(
    email: &str,
    password: &str,
    full_name: &str,
    company_name: &str,
) -> Result<JsValue, JsError> {
    form_check(jobtap_core::validate::employer_sign_up(
        email,
        password,
        full_name,
        company_name,
    ))
}

/// One onboarding step's rule (1 to 4), given the whole form (`OnboardingInput`, camelCase).
#[wasm_bindgen(js_name = validateOnboardingStep)]
pub fn validate_onboarding_step(step: u8, input: JsValue) -> Result<JsValue, JsError> {
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

/// The exported resume's download name, `upgraded-resume-ats.pdf`.
#[wasm_bindgen(js_name = pdfFileName)]
pub fn pdf_file_name() -> String {
    jobtap_core::resume_pdf::PDF_FILE_NAME.to_string()
}

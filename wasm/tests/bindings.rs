//! Runs the bindings in a real WebAssembly engine (node, via wasm-bindgen-test-runner).

use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn description_preview_runs_in_wasm() {
    assert_eq!(
        jobtap_wasm::description_preview("Ship it. Then rest."),
        "Ship it."
    );
}

#[wasm_bindgen_test]
fn template_starts_with_the_header() {
    assert!(jobtap_wasm::import_template_csv().starts_with("company_name,job_title,"));
}

#[wasm_bindgen_test]
fn qr_png_is_a_png() {
    let png = jobtap_wasm::qr_png("https://jobtap.example/documents").unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
}

#[wasm_bindgen_test]
fn qr_svg_is_an_svg() {
    let svg = jobtap_wasm::qr_svg("https://jobtap.example/documents").unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("viewBox"));
}

#[wasm_bindgen_test]
fn resume_pdf_is_a_pdf() {
    let pdf = jobtap_wasm::resume_pdf("JANE DOE\n\nSUMMARY\nBuilds things.").unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    assert_eq!(jobtap_wasm::pdf_file_name(), "upgraded-resume-ats.pdf");
}

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

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

//! CSV files as spreadsheet programs export them (`fixtures/csv/real-world/`):
//! each gives the preview `expected.json` names, on the server's path (`parse_import`) and
//! the browser's (`preview_import_packed`), or is refused with the message it names.

use std::path::Path;

use jobtap_core::csv_import::{ImportLimits, parse_import, preview_import_packed};
use serde_json::Value;

fn folder() -> &'static Path {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/csv/real-world"
    ))
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn every_export_gives_its_preview() {
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(folder().join("expected.json")).unwrap())
            .unwrap();
    let files = expected.as_object().unwrap();
    assert!(files.len() >= 6);
    for (name, want) in files {
        let bytes = std::fs::read(folder().join(name)).unwrap();
        let limits = ImportLimits::default();
        if let Some(refused) = want.get("refused") {
            let err = parse_import(name, &bytes, &limits).unwrap_err();
            assert_eq!(err.to_string(), refused.as_str().unwrap(), "{name}");
            let err = preview_import_packed(name, &bytes, &limits).unwrap_err();
            assert_eq!(err.to_string(), refused.as_str().unwrap(), "{name}");
            continue;
        }
        let preview = parse_import(name, &bytes, &limits).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            preview.valid_count as u64,
            want["valid"].as_u64().unwrap(),
            "{name}"
        );
        assert_eq!(
            preview.invalid_count as u64,
            want["invalid"].as_u64().unwrap(),
            "{name}"
        );
        let first = &preview.rows[0];
        assert_eq!(
            vec![
                first.company_name.clone(),
                first.job_title.clone(),
                first.location.clone(),
                first.job_type.clone(),
                first.salary.clone()
            ],
            strings(&want["first"]),
            "{name}"
        );
        assert_eq!(
            preview.rows[1].job_title,
            want["second_title"].as_str().unwrap(),
            "{name}"
        );
        assert_eq!(
            preview.jobs[0].skills,
            strings(&want["first_skills"]),
            "{name}"
        );
        let errors: Vec<String> = preview.rows.iter().flat_map(|r| r.errors.clone()).collect();
        assert_eq!(errors, strings(&want["errors"]), "{name}");
        assert!(
            preview.warnings.is_empty(),
            "{name}: {:?}",
            preview.warnings
        );

        let packed = preview_import_packed(name, &bytes, &limits).unwrap();
        assert_eq!(packed.valid_count as usize, preview.valid_count, "{name}");
        assert_eq!(
            packed.invalid_count as usize, preview.invalid_count,
            "{name}"
        );
    }
}

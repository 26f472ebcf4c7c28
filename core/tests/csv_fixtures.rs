//! `parse_import` over the files in `fixtures/csv/`, against the results in its README.

use std::path::PathBuf;

use jobtap_core::csv_import::{
    ImportError, ImportLimits, ImportPreview, ImportedJob, parse_import,
};
use test_case::test_case;

fn read(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/csv")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn parse(name: &str) -> Result<ImportPreview, ImportError> {
    parse_import(name, &read(name), &ImportLimits::default())
}

fn preview(name: &str) -> ImportPreview {
    parse(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The valid job on spreadsheet row `row`.
fn job(preview: &ImportPreview, row: usize) -> &ImportedJob {
    preview
        .jobs
        .iter()
        .find(|j| j.row_number == row)
        .unwrap_or_else(|| panic!("no valid job on row {row}: {:?}", preview.rows))
}

fn errors(preview: &ImportPreview) -> Vec<&str> {
    preview
        .rows
        .iter()
        .flat_map(|r| r.errors.iter().map(String::as_str))
        .collect()
}

#[test_case("valid-basic.csv", 3, 0, &[] ; "valid basic")]
#[test_case("quoted-commas.csv", 3, 0, &[] ; "quoted commas")]
#[test_case("multiline-cells.csv", 2, 1, &["Row 4: Location is required"] ; "multiline cells")]
#[test_case("bom-crlf.csv", 2, 0, &[] ; "bom and crlf")]
#[test_case("windows-1252.csv", 2, 0, &[] ; "windows 1252")]
#[test_case("utf16le-bom.csv", 2, 0, &[] ; "utf16 le with bom")]
#[test_case("reordered-columns.csv", 2, 0, &[] ; "reordered columns")]
#[test_case("formula-cells.csv", 3, 0, &[] ; "formula cells")]
#[test_case("list-columns.csv", 2, 0, &[] ; "list columns")]
#[test_case(
    "missing-required-columns.csv", 0, 3,
    &["Row 2: Job type is required", "Row 3: Job type is required", "Row 4: Job type is required"]
    ; "missing required column"
)]
#[test_case(
    "row-errors.csv", 2, 9,
    &[
        "Row 3: Company name is required",
        "Row 4: Job title is required",
        "Row 5: Job description is required",
        "Row 6: Location is required",
        "Row 7: Job type is required",
        "Row 8: Job type must be one of: Full-time, Part-time, Contract, Remote",
        "Row 9: Company name is required",
        "Row 9: Job type must be one of: Full-time, Part-time, Contract, Remote",
        "Row 10: Salary min must be a number",
        "Row 11: Experience years must be a whole number",
    ]
    ; "row errors"
)]
fn fixture_gives_the_expected_rows(name: &str, valid: usize, invalid: usize, want: &[&str]) {
    let preview = preview(name);
    assert_eq!(
        (preview.valid_count, preview.invalid_count),
        (valid, invalid),
        "{:?}",
        preview.rows
    );
    assert_eq!(errors(&preview), want);
    assert_eq!(preview.jobs.len(), valid);
    assert_eq!(preview.rows.len(), valid + invalid);
}

#[test_case("header-only.csv", &ImportError::HeaderOnly ; "header only")]
#[test_case("not-a-csv.txt", &ImportError::NotCsv ; "not a csv")]
fn fixture_is_refused(name: &str, want: &ImportError) {
    assert_eq!(&parse(name).unwrap_err(), want);
}

#[test]
fn a_workbook_renamed_to_csv_is_refused_as_a_workbook() {
    let err = parse("binary-garbage.csv").unwrap_err();
    assert_eq!(err, ImportError::Workbook);
    assert!(
        err.to_string()
            .starts_with("This looks like a spreadsheet workbook (.xlsx, .xls or .ods)"),
        "{err}"
    );
}

#[test]
fn not_a_csv_parses_once_renamed() {
    let preview = parse_import("jobs.csv", &read("not-a-csv.txt"), &ImportLimits::default());
    assert_eq!(preview.unwrap().valid_count, 1);
}

#[test]
fn valid_basic_values() {
    let p = preview("valid-basic.csv");
    assert_eq!(p.summary(), "Successfully parsed 3 jobs!");
    let lodge = job(&p, 3);
    assert_eq!(lodge.company_name, "Hwange Safari Lodge");
    assert_eq!(lodge.job_type, "Part-time");
    assert_eq!(lodge.salary_min, Some(450.5));
    assert_eq!(lodge.salary_max, Some(600.0));
    assert_eq!(lodge.experience_years, None);
    assert!(lodge.benefits.is_empty());
    assert_eq!(
        lodge.linkedin_url.as_deref(),
        Some("reservations@hwange-lodge.example")
    );
    let club = job(&p, 4);
    assert_eq!(
        (club.job_type.as_str(), club.location.as_str()),
        ("Contract", "Remote")
    );
    assert_eq!(
        club.company_logo.as_deref(),
        Some("https://cdn.example.com/logos/mbare-code-club.png")
    );
    assert_eq!(job(&p, 2).skills, ["SQL", "Excel", "Power BI"]);
}

#[test]
fn quoted_commas_values() {
    let p = preview("quoted-commas.csv");
    assert_eq!(
        job(&p, 2).job_description,
        "We build payments software for Harare, Bulawayo and Mutare. You will \"own\" the checkout flow, end to end."
    );
    let audit = job(&p, 3);
    assert_eq!(audit.company_name, "Moyo, Dube & Partners");
    assert_eq!(audit.location, "Bulawayo, Zimbabwe");
    assert_eq!(
        audit.benefits,
        [
            "Medical aid",
            "Fuel, airtime and data allowance",
            "Study leave"
        ]
    );
    let sales = job(&p, 4);
    assert_eq!(sales.job_title, "Sales Lead, Northern Region");
    assert!(
        sales
            .job_description
            .starts_with("\"Best place to work\" three years running.")
    );
    assert_eq!(
        sales.requirements,
        ["Driver's licence", "Willing to travel"]
    );
    assert_eq!(
        (
            &sales.degree_class,
            &sales.linkedin_url,
            &sales.company_logo
        ),
        (&None, &None, &None)
    );
}

#[test]
fn multiline_cells_keep_their_line_breaks() {
    let p = preview("multiline-cells.csv");
    assert_eq!(
        job(&p, 2).job_description,
        "Join our clinic team in Gweru.\nYou will:\n- triage walk-in patients\n- keep accurate patient records\n\nShifts are 8 hours, with one weekend in three."
    );
    assert_eq!(job(&p, 3).company_name, "Masvingo Motors");
    assert_eq!(p.rows[2].row_number, 4);
    assert!(!p.rows[2].valid);
}

#[test]
fn bom_crlf_values() {
    let p = preview("bom-crlf.csv");
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    assert_eq!(
        job(&p, 2).job_description,
        "Run the co-op\u{2019}s online shop and ship orders to buyers abroad."
    );
    let coffee = job(&p, 3);
    assert_eq!(
        coffee.job_description,
        "Train baristas in our three caf\u{e9}s."
    );
    assert_eq!(
        coffee.company_logo.as_deref(),
        Some("https://cdn.example.com/logos/chimanimani-coffee.png")
    );
}

#[test]
fn windows_1252_values() {
    let p = preview("windows-1252.csv");
    let bakery = job(&p, 2);
    assert_eq!(bakery.company_name, "Cr\u{e8}me Bakery");
    assert_eq!(
        bakery.job_description,
        "Harare\u{2019}s favourite bakery \u{2013} fresh bread daily. Join our caf\u{e9} team."
    );
    let tailor = job(&p, 3);
    assert_eq!(tailor.company_name, "Zo\u{eb}\u{2019}s Tailoring");
    assert_eq!(tailor.job_type, "Contract");
}

#[test]
fn utf16_values() {
    let p = preview("utf16le-bom.csv");
    let hr = job(&p, 2);
    assert_eq!(hr.company_name, "Ng\u{169}g\u{129} & Wambui Consulting");
    assert_eq!(
        hr.job_description,
        "Handle recruitment and staff records for our Nairobi office \u{2013} about 60 people."
    );
    let dev = job(&p, 3);
    assert_eq!(
        (dev.job_type.as_str(), dev.location.as_str()),
        ("Remote", "Remote")
    );
}

#[test]
fn reordered_columns_values() {
    let p = preview("reordered-columns.csv");
    assert_eq!(p.warnings, ["Unknown column \"department\" was ignored"]);
    let site = job(&p, 2);
    assert_eq!(
        (site.job_title.as_str(), site.company_name.as_str()),
        ("Site Engineer", "Mazowe Builders")
    );
    assert_eq!(
        (site.salary_min, site.salary_max, site.experience_years),
        (Some(1500.0), Some(2000.0), Some(4))
    );
    let payroll = job(&p, 3);
    assert_eq!(
        (payroll.job_title.as_str(), payroll.company_name.as_str()),
        ("Payroll Officer", "Sengwa Holdings")
    );
    assert_eq!(payroll.job_type, "Part-time");
    assert_eq!(
        (
            payroll.salary_min,
            payroll.salary_max,
            payroll.experience_years
        ),
        (Some(700.0), Some(900.0), Some(2))
    );
    assert!(payroll.benefits.is_empty());
}

#[test]
fn formula_cells_are_kept_verbatim() {
    let p = preview("formula-cells.csv");
    let clerk = job(&p, 2);
    assert_eq!(
        clerk.company_name,
        "=HYPERLINK(\"http://evil.example/x\",\"Click me\")"
    );
    assert_eq!(
        clerk.job_description,
        "+27 11 555 0101 is our switchboard; ask for the finance team."
    );
    assert_eq!(clerk.qualifications.as_deref(), Some("-"));
    assert_eq!(clerk.skills, ["=SUM(A1:A2)", "Excel"]);
    assert_eq!(
        clerk.requirements,
        ["@mention the hiring manager in your cover note"]
    );
    let risk = job(&p, 3);
    assert_eq!(risk.company_name, "@Risk Consulting");
    assert_eq!(risk.job_title, "=1+1");
    assert_eq!(
        risk.job_description,
        "- Visit shops daily. - Report sales weekly."
    );
    let ventures = job(&p, 4);
    assert_eq!(ventures.company_name, "+263 Ventures");
    assert_eq!(ventures.job_description, "=2+3 is not a formula here.");
    assert_eq!(ventures.location, "-");
    assert_eq!(ventures.requirements, ["-"]);
    assert_eq!(ventures.benefits, ["@home"]);
}

#[test]
fn list_columns_values() {
    let p = preview("list-columns.csv");
    let dev = job(&p, 2);
    assert_eq!(dev.skills, ["React", "TypeScript", "Node.js"]);
    assert_eq!(dev.requirements, ["3+ years of React"]);
    assert!(dev.benefits.is_empty());
    let analyst = job(&p, 3);
    assert_eq!(analyst.skills, ["Python"]);
    assert_eq!(analyst.requirements, ["Strong SQL", "Good communication"]);
    assert_eq!(analyst.benefits, ["Medical aid", "Pension"]);
}

#[test]
fn row_errors_summary_and_invalid_numbers_are_not_nulled() {
    let p = preview("row-errors.csv");
    assert_eq!(
        p.summary(),
        "Parsed 2 valid jobs and 9 invalid jobs. Please review."
    );
    assert_eq!(
        p.jobs.iter().map(|j| j.row_number).collect::<Vec<_>>(),
        [2, 12]
    );
    assert_eq!(job(&p, 2).company_name, "Zuva Analytics");
    assert_eq!(
        (
            job(&p, 12).company_name.as_str(),
            job(&p, 12).job_type.as_str()
        ),
        ("Umoja Remote", "Remote")
    );
    for row in [10, 11] {
        assert!(!p.rows.iter().find(|r| r.row_number == row).unwrap().valid);
    }
}

//! `parse_import` on inline CSV: format handling, validation messages and row numbers.

use jobtap_core::csv_import::{
    ImportError, ImportLimits, ImportPreview, csv_safe_cell, parse_import, preview_import,
};
use jobtap_core::import_template::{COLUMNS, template_csv};
use test_case::test_case;

const HEADER: &str = "company_name,job_title,job_description,location,job_type";

fn parse(text: &str) -> Result<ImportPreview, ImportError> {
    parse_import("jobs.csv", text.as_bytes(), &ImportLimits::default())
}

fn ok(text: &str) -> ImportPreview {
    parse(text).unwrap_or_else(|e| panic!("{e}: {text:?}"))
}

fn errors(text: &str) -> Vec<String> {
    ok(text).rows.into_iter().flat_map(|r| r.errors).collect()
}

#[test]
fn the_downloadable_template_imports_as_one_valid_job() {
    let preview = ok(&template_csv());
    assert_eq!((preview.valid_count, preview.invalid_count), (1, 0));
    assert!(preview.warnings.is_empty());
    let job = &preview.jobs[0];
    assert_eq!(job.row_number, 2);
    assert_eq!(job.company_name, "Acme Analytics");
    assert_eq!(job.job_type, "Full-time");
    assert!(
        job.job_description
            .contains("\"own\" our metrics, end to end")
    );
    assert_eq!(job.salary_min, Some(1500.0));
    assert_eq!(job.salary_max, Some(2500.0));
    assert_eq!(job.experience_years, Some(3));
    assert_eq!(job.skills, ["SQL", "Python", "Power BI"]);
    assert_eq!(job.benefits.len(), 3);
    assert_eq!(job.degree_class.as_deref(), Some("Second Class Upper"));
    assert_eq!(job.industry.as_deref(), Some("Technology"));
    assert_eq!(job.experience_level.as_deref(), Some("Bachelors"));
    assert_eq!(
        job.linkedin_url.as_deref(),
        Some("https://www.linkedin.com/jobs/view/123456")
    );
    assert_eq!(job.company_logo, None);
    let row = &preview.rows[0];
    assert!(row.valid);
    assert_eq!(row.salary, "1500 - 2500");
}

#[test_case("jobs.CSV" ; "upper case extension")]
#[test_case("my jobs.Csv" ; "mixed case extension")]
fn csv_extension_is_case_insensitive(name: &str) {
    let text = format!("{HEADER}\nAcme,Dev,Build,Harare,Remote\n");
    assert!(parse_import(name, text.as_bytes(), &ImportLimits::default()).is_ok());
}

#[test_case("jobs.xlsx")]
#[test_case("jobs.csv.txt")]
#[test_case("jobs")]
#[test_case("csv")]
fn other_file_names_are_refused(name: &str) {
    let err = parse_import(name, b"a,b\n1,2\n", &ImportLimits::default()).unwrap_err();
    assert_eq!(err, ImportError::NotCsv);
    assert_eq!(err.to_string(), "Please upload a CSV file");
}

#[test_case("" ; "no bytes")]
#[test_case("\r\n\n  \n" ; "blank lines")]
#[test_case("\u{FEFF}" ; "only a byte order mark")]
#[test_case(",,,\n , ,\n" ; "only empty cells")]
fn empty_files_need_headers_and_a_job(text: &str) {
    let err = parse(text).unwrap_err();
    assert_eq!(err, ImportError::Empty);
    assert_eq!(
        err.to_string(),
        "CSV file must contain headers and at least one job"
    );
}

#[test_case("company_name,job_title,job_description,location,job_type\n" ; "header only")]
#[test_case("company_name,job_title\r\n,\r\n\r\n" ; "header and blank rows")]
fn header_only_needs_a_job(text: &str) {
    let err = parse(text).unwrap_err();
    assert_eq!(err, ImportError::HeaderOnly);
    assert_eq!(
        err.to_string(),
        "CSV file must contain headers and at least one job"
    );
}

#[test]
fn a_file_without_a_header_row_is_refused() {
    let err = parse("Acme,Dev,Build things,Harare,Remote\nBeta,Ops,Run things,Lusaka,Contract\n")
        .unwrap_err();
    assert_eq!(err, ImportError::MissingHeaders);
    assert_eq!(
        err.to_string(),
        "CSV file must contain headers and at least one job"
    );
}

#[test]
fn quoted_commas_doubled_quotes_and_line_breaks_stay_in_their_cell() {
    let text = format!(
        "{HEADER},skills\n\"Acme, Inc.\",\"The \"\"Best\"\" Dev\",\"Line one\nLine two, still\r\nline three\",\"Harare, ZW\",Remote,\"Rust; SQL\"\n"
    );
    let preview = ok(&text);
    let job = &preview.jobs[0];
    assert_eq!(job.company_name, "Acme, Inc.");
    assert_eq!(job.job_title, "The \"Best\" Dev");
    assert_eq!(
        job.job_description,
        "Line one\nLine two, still\r\nline three"
    );
    assert_eq!(job.location, "Harare, ZW");
    assert_eq!(job.skills, ["Rust", "SQL"]);
}

#[test]
fn a_multi_line_cell_is_one_row_for_numbering() {
    let text = format!(
        "{HEADER}\nA,T,\"one\ntwo\nthree\",L,Remote\n,T,D,L,Remote\nC,T,\"x\r\ny\",L,Remote\nC,,D,L,Remote\n"
    );
    assert_eq!(
        errors(&text),
        [
            "Row 3: Company name is required",
            "Row 5: Job title is required"
        ]
    );
}

#[test]
fn blank_lines_are_skipped_but_keep_the_spreadsheet_row_numbers() {
    let text = format!("{HEADER}\r\n\r\nA,T,D,L,Remote\r\n,,,,\r\n\r\n,T,D,L,Remote\r\n\r\n");
    let preview = ok(&text);
    assert_eq!(preview.rows.len(), 2);
    assert_eq!(preview.rows[0].row_number, 3);
    assert_eq!(preview.rows[1].row_number, 6);
    assert_eq!(preview.rows[1].errors, ["Row 6: Company name is required"]);
}

#[test_case("\n" ; "lf")]
#[test_case("\r\n" ; "crlf")]
#[test_case("\r" ; "cr")]
fn every_line_ending_gives_the_same_rows(eol: &str) {
    let text = [
        HEADER,
        "A,T,D,L,Remote",
        "",
        ",T,D,L,Remote",
        "B,T,D,L,Contract",
    ]
    .join(eol);
    let preview = ok(&text);
    assert_eq!(preview.valid_count, 2);
    assert_eq!(preview.rows[1].errors, ["Row 4: Company name is required"]);
    assert_eq!(preview.jobs[1].row_number, 5);
    assert_eq!(preview.jobs[1].job_type, "Contract");
}

#[test]
fn a_utf8_byte_order_mark_does_not_hide_the_first_column() {
    let text = format!("\u{FEFF}{HEADER}\nAcmé,T,D,L,Remote\n");
    let preview = ok(&text);
    assert!(preview.warnings.is_empty(), "{:?}", preview.warnings);
    assert_eq!(preview.jobs[0].company_name, "Acmé");
}

#[test]
fn utf16_files_with_a_byte_order_mark_are_decoded() {
    let text = format!("{HEADER}\r\nCafé Ltd,Barista €,Coffee,Zürich,Part-time\r\n");
    let le: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let be: Vec<u8> = [0xFE, 0xFF]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_be_bytes))
        .collect();
    for bytes in [le, be] {
        let preview = parse_import("jobs.csv", &bytes, &ImportLimits::default()).unwrap();
        assert_eq!(preview.jobs[0].company_name, "Café Ltd");
        assert_eq!(preview.jobs[0].job_title, "Barista €");
        assert_eq!(preview.jobs[0].location, "Zürich");
    }
}

#[test]
fn windows_1252_files_are_decoded() {
    let mut bytes = HEADER.as_bytes().to_vec();
    bytes.extend_from_slice(
        b"\r\nCaf\xE9 Ltd,Barista \x80,\x93Great\x94 coffee \x96 daily,Z\xFCrich,Remote\r\n",
    );
    let preview = parse_import("jobs.csv", &bytes, &ImportLimits::default()).unwrap();
    let job = &preview.jobs[0];
    assert_eq!(job.company_name, "Café Ltd");
    assert_eq!(job.job_title, "Barista €");
    assert_eq!(job.job_description, "“Great” coffee – daily");
    assert_eq!(job.location, "Zürich");
}

#[test_case(b"\x89PNG\r\n\x1A\n\x00\x00\x00\rIHDR" ; "png renamed")]
#[test_case(b"company_name,job_title\n\x00\x01\x02\x03,x\n" ; "nul bytes")]
#[test_case(b"c\x00o\x00m\x00p\x00a\x00n\x00y\x00" ; "utf16 without bom")]
fn binary_files_are_refused_with_a_clear_message(bytes: &[u8]) {
    let err = parse_import("jobs.csv", bytes, &ImportLimits::default()).unwrap_err();
    assert!(matches!(err, ImportError::Unreadable(_)), "{err:?}");
    assert!(
        err.to_string()
            .starts_with("This file is not a readable CSV text file ("),
        "{err}"
    );
}

#[test]
fn a_quote_never_closed_refuses_the_file_instead_of_swallowing_rows() {
    let text = format!("{HEADER}\nA,T,D,L,Remote\nB,\"T,D,L,Remote\nC,T,D,L,Remote\n");
    let err = parse(&text).unwrap_err();
    assert_eq!(
        err.to_string(),
        "This file is not a readable CSV text file (a quoted value on row 3 is never closed)"
    );
}

#[test]
fn a_stray_quote_inside_an_unquoted_cell_is_kept() {
    let text = format!("{HEADER}\nA,15\" monitor tester,D,L,Remote\n");
    assert_eq!(ok(&text).jobs[0].job_title, "15\" monitor tester");
}

#[test]
fn columns_match_by_name_in_any_order_ignoring_case_and_spaces() {
    let text = " Job_Type , LOCATION,job_description ,Job_Title,Company_Name,Salary_Max\n\
                remote,Harare,Build,Dev,Acme,2000\n";
    let preview = ok(text);
    assert!(preview.warnings.is_empty());
    let job = &preview.jobs[0];
    assert_eq!(
        (
            job.company_name.as_str(),
            job.job_title.as_str(),
            job.location.as_str()
        ),
        ("Acme", "Dev", "Harare")
    );
    assert_eq!(job.job_type, "Remote");
    assert_eq!(job.salary_max, Some(2000.0));
    assert_eq!(preview.rows[0].salary, "Up to 2000");
}

#[test]
fn unknown_columns_are_reported_once_and_duplicates_keep_the_first() {
    let text = format!(
        "{HEADER},department,Department,,skills,SKILLS\nA,T,D,L,Remote,Eng,Eng2,x,Rust,Go\nB,T,D,L,Remote,Ops,,,,\n"
    );
    let preview = ok(&text);
    assert_eq!(
        preview.warnings,
        [
            "Unknown column \"department\" was ignored",
            "Duplicate column \"SKILLS\" was ignored"
        ]
    );
    assert_eq!(preview.jobs[0].skills, ["Rust"]);
    assert_eq!(preview.valid_count, 2);
}

#[test]
fn a_missing_required_column_fails_every_row() {
    let text = "company_name,job_title,job_description,job_type\nA,T,D,Remote\nB,T,D,Contract\n";
    assert_eq!(
        errors(text),
        ["Row 2: Location is required", "Row 3: Location is required"]
    );
}

#[test_case(0, "Company name" ; "company")]
#[test_case(1, "Job title" ; "title")]
#[test_case(2, "Job description" ; "description")]
#[test_case(3, "Location" ; "location")]
#[test_case(4, "Job type" ; "job type")]
fn each_required_field_has_its_message(blank: usize, label: &str) {
    let mut cells = ["Acme", "Dev", "Build", "Harare", "Remote"];
    cells[blank] = "   ";
    let text = format!("{HEADER}\nA,T,D,L,Remote\n{}\n", cells.join(","));
    assert_eq!(errors(&text), [format!("Row 3: {label} is required")]);
}

#[test]
fn a_row_lists_all_its_errors_in_column_order() {
    let text = "company_name,job_title,job_description,location,job_type,salary_min,salary_max,experience_years\n\
                ,,,,Freelance,abc,-5,2.5\n";
    assert_eq!(
        errors(text),
        [
            "Row 2: Company name is required",
            "Row 2: Job title is required",
            "Row 2: Job description is required",
            "Row 2: Location is required",
            "Row 2: Job type must be one of: Full-time, Part-time, Contract, Remote",
            "Row 2: Salary min must be a number",
            "Row 2: Salary max cannot be negative",
            "Row 2: Experience years must be a whole number",
        ]
    );
}

#[test_case("full-time", "Full-time")]
#[test_case("PART-TIME", "Part-time")]
#[test_case(" contract ", "Contract")]
#[test_case("Remote", "Remote")]
fn job_types_match_ignoring_case(cell: &str, canonical: &str) {
    let text = format!("{HEADER}\nA,T,D,L,{cell}\n");
    let preview = ok(&text);
    assert_eq!(preview.jobs[0].job_type, canonical);
    assert_eq!(preview.rows[0].job_type, canonical);
}

#[test_case("Full time")]
#[test_case("Internship")]
#[test_case("Full-time;Remote")]
fn other_job_types_are_refused(cell: &str) {
    let text = format!("{HEADER}\nA,T,D,L,{cell}\n");
    let preview = ok(&text);
    assert_eq!(preview.invalid_count, 1);
    assert_eq!(preview.rows[0].job_type, cell);
    assert_eq!(
        preview.rows[0].errors,
        ["Row 2: Job type must be one of: Full-time, Part-time, Contract, Remote"]
    );
}

fn salary_row(min: &str, max: &str, years: &str) -> String {
    format!(
        "{HEADER},salary_min,salary_max,experience_years\nA,T,D,L,Remote,\"{min}\",\"{max}\",\"{years}\"\n"
    )
}

#[test_case("1500", "2500", Some(1500.0), Some(2500.0) ; "whole")]
#[test_case("1500.50", "1500.50", Some(1500.5), Some(1500.5) ; "equal decimals")]
#[test_case(" 1,500 ", "12,000.75", Some(1500.0), Some(12000.75) ; "thousands commas")]
#[test_case("", "", None, None ; "both empty")]
#[test_case("0", "", Some(0.0), None ; "zero")]
fn salaries_accept_decimals(min: &str, max: &str, want_min: Option<f64>, want_max: Option<f64>) {
    let preview = ok(&salary_row(min, max, ""));
    assert_eq!(preview.rows[0].errors, Vec::<String>::new());
    assert_eq!(preview.jobs[0].salary_min, want_min);
    assert_eq!(preview.jobs[0].salary_max, want_max);
}

#[test_case("abc", "", "Row 2: Salary min must be a number" ; "letters")]
#[test_case("", "$2000", "Row 2: Salary max must be a number" ; "currency sign")]
#[test_case("1,50", "", "Row 2: Salary min must be a number" ; "bad grouping")]
#[test_case("1e5", "", "Row 2: Salary min must be a number" ; "exponent")]
#[test_case("-100", "", "Row 2: Salary min cannot be negative" ; "negative")]
#[test_case("3000", "2000.5", "Row 2: Salary min cannot be greater than salary max" ; "min above max")]
fn salaries_refuse_non_numbers_and_inverted_ranges(min: &str, max: &str, message: &str) {
    assert_eq!(errors(&salary_row(min, max, "")), [message]);
}

#[test_case("0", Some(0))]
#[test_case(" 12 ", Some(12))]
#[test_case("", None)]
fn experience_years_are_whole_numbers(cell: &str, want: Option<i64>) {
    assert_eq!(ok(&salary_row("", "", cell)).jobs[0].experience_years, want);
}

#[test_case("2.5")]
#[test_case("-1")]
#[test_case("five")]
#[test_case("99999999999999999999999")]
fn experience_years_refuse_the_rest(cell: &str) {
    assert_eq!(
        errors(&salary_row("", "", cell)),
        ["Row 2: Experience years must be a whole number"]
    );
}

#[test]
fn list_columns_split_on_semicolons_trim_and_deduplicate() {
    let text = format!(
        "{HEADER},skills,requirements,benefits\nA,T,D,L,Remote,\" SQL ;python;;Python; SQL \",\"3+ years, SQL; Degree\",\n"
    );
    let job = &ok(&text).jobs[0];
    assert_eq!(job.skills, ["SQL", "python"]);
    assert_eq!(job.requirements, ["3+ years, SQL", "Degree"]);
    assert!(job.benefits.is_empty());
}

#[test]
fn formula_like_cells_are_kept_as_text() {
    let text = format!(
        "{HEADER},qualifications,linkedin_url\n\"=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",+27 11 555,-2 stars,@SUM(A1),Remote,=1+1,@x\n"
    );
    let job = &ok(&text).jobs[0];
    assert_eq!(job.company_name, "=HYPERLINK(\"http://x\",\"y\")");
    assert_eq!(job.job_title, "+27 11 555");
    assert_eq!(job.job_description, "-2 stars");
    assert_eq!(job.location, "@SUM(A1)");
    assert_eq!(job.qualifications.as_deref(), Some("=1+1"));
    assert_eq!(job.linkedin_url.as_deref(), Some("@x"));
    assert_eq!(
        csv_safe_cell(&job.company_name),
        "'=HYPERLINK(\"http://x\",\"y\")"
    );
}

#[test]
fn short_rows_have_empty_cells_and_long_rows_extra_cells_are_ignored() {
    let text = format!("{HEADER},industry\nA,T,D\nA,T,D,L,Remote,Tech,extra,more\n");
    let preview = ok(&text);
    assert_eq!(
        preview.rows[0].errors,
        ["Row 2: Location is required", "Row 2: Job type is required"]
    );
    assert_eq!(preview.jobs[0].industry.as_deref(), Some("Tech"));
    assert!(preview.warnings.is_empty());
}

#[test]
fn all_seventeen_columns_are_typed() {
    let header = COLUMNS.join(",");
    let text = format!(
        "{header}\nAcme,Dev,Build,Harare,Contract,100,200,4,BSc,a;b,r1,b1;b2,First Class,Tech,Masters,https://l.example/1,https://x.example/logo.png\n"
    );
    let job = &ok(&text).jobs[0];
    assert_eq!(job.qualifications.as_deref(), Some("BSc"));
    assert_eq!(job.skills, ["a", "b"]);
    assert_eq!(job.requirements, ["r1"]);
    assert_eq!(job.benefits, ["b1", "b2"]);
    assert_eq!(job.degree_class.as_deref(), Some("First Class"));
    assert_eq!(job.experience_level.as_deref(), Some("Masters"));
    assert_eq!(
        job.company_logo.as_deref(),
        Some("https://x.example/logo.png")
    );
}

#[test]
fn valid_and_invalid_rows_are_counted_and_summarised() {
    let text = format!("{HEADER}\nA,T,D,L,Remote\n,T,D,L,Remote\nB,T,D,L,Contract\n");
    let preview = ok(&text);
    assert_eq!((preview.valid_count, preview.invalid_count), (2, 1));
    assert_eq!(preview.rows.len(), 3);
    assert_eq!(
        preview
            .jobs
            .iter()
            .map(|j| j.row_number)
            .collect::<Vec<_>>(),
        [2, 4]
    );
    assert_eq!(
        preview.summary(),
        "Parsed 2 valid jobs and 1 invalid jobs. Please review."
    );
    let all_valid = ok(&format!("{HEADER}\nA,T,D,L,Remote\n"));
    assert_eq!(all_valid.summary(), "Successfully parsed 1 jobs!");
}

#[test]
fn row_and_size_limits_are_enforced() {
    let text = format!("{HEADER}\nA,T,D,L,Remote\n\nB,T,D,L,Remote\nC,T,D,L,Remote\n");
    let limits = ImportLimits {
        max_rows: 2,
        ..ImportLimits::default()
    };
    let err = parse_import("jobs.csv", text.as_bytes(), &limits).unwrap_err();
    assert_eq!(
        err.to_string(),
        "This file has more than 2 job rows. Split it into files of at most 2 rows."
    );
    let limits = ImportLimits {
        max_rows: 3,
        ..ImportLimits::default()
    };
    assert!(parse_import("jobs.csv", text.as_bytes(), &limits).is_ok());

    let big = vec![b'a'; ImportLimits::DEFAULT_MAX_BYTES + 1];
    let err = parse_import("jobs.csv", &big, &ImportLimits::default()).unwrap_err();
    assert_eq!(
        err,
        ImportError::TooLarge {
            limit_bytes: 5 * 1024 * 1024
        }
    );
    assert_eq!(
        err.to_string(),
        "This file is larger than 5 MB. Split it into smaller files."
    );
}

#[test]
fn output_serialises_in_camel_case() {
    let preview = ok(&format!("{HEADER}\nA,T,D,L,Remote\n"));
    let json = serde_json::to_value(&preview).unwrap();
    assert_eq!(json["validCount"], 1);
    assert_eq!(json["rows"][0]["rowNumber"], 2);
    assert_eq!(json["jobs"][0]["jobType"], "Remote");
    assert!(json["jobs"][0]["salaryMin"].is_null());
    let back: ImportPreview = serde_json::from_value(json).unwrap();
    assert_eq!(back, preview);
    let limits: ImportLimits = serde_json::from_str(r#"{"maxRows":100000}"#).unwrap();
    assert_eq!(limits.max_rows, 100_000);
    assert_eq!(limits.max_bytes, ImportLimits::DEFAULT_MAX_BYTES);
}

#[test]
fn preview_import_gives_the_same_table_without_the_jobs() {
    let text =
        format!("{HEADER},salary_min\nA,T,D,L,Remote,10\n,T,D,L,Remote,x\nB,T,D,L,Contract,\n");
    let full = ok(&text);
    let table = preview_import("jobs.csv", text.as_bytes(), &ImportLimits::default()).unwrap();
    assert_eq!(table.rows, full.rows);
    assert_eq!((table.valid_count, table.invalid_count), (2, 1));
    assert_eq!(table.warnings, full.warnings);
    assert_eq!(table.summary(), full.summary());
    assert_eq!(
        preview_import("jobs.txt", text.as_bytes(), &ImportLimits::default()),
        Err(ImportError::NotCsv)
    );
}

#[test]
fn each_row_gets_the_post_forms_limits() {
    let title = "T".repeat(151);
    let description = "d".repeat(20_001);
    let skills = (0..51)
        .map(|i| format!("s{i}"))
        .collect::<Vec<_>>()
        .join(";");
    let long_benefit = "b".repeat(201);
    let text = format!(
        "{HEADER},salary_max,skills,benefits\n\
         Acme,{title},D,Harare,Remote,,,\n\
         Acme,T,{description},Harare,Remote,,,\n\
         \"Acme\u{202E}gpj.exe\",T,D,\"Harare\u{2066}\",Remote,100000001,{skills},{long_benefit}\n\
         Acme,{},{},Harare,Remote,100000000,a;b,c\n",
        "T".repeat(150),
        "d".repeat(20_000),
    );
    assert_eq!(
        errors(&text),
        [
            "Row 2: Job title must be at most 150 characters",
            "Row 3: Job description must be at most 20,000 characters",
            "Row 4: Company name: Remove the hidden control or text-direction characters from this field",
            "Row 4: Location: Remove the hidden control or text-direction characters from this field",
            "Row 4: Skills: A list can have at most 50 entries",
            "Row 4: Benefits: Each entry can be at most 200 characters",
            "Row 4: Salary must be at most 100,000,000",
        ]
    );
    // At the limits the row is valid.
    assert!(ok(&text).rows[3].valid);
}

#[test]
fn the_shortest_list_with_too_many_entries_is_refused() {
    // 51 one-letter entries take 101 bytes; 50 entries and empty ones around them are fine.
    let too_many = vec!["a"; 51].join(";");
    let enough = format!(";{};;", vec!["a"; 50].join(";"));
    // At most 100 bytes, the separators are not counted.
    let short = "a;".repeat(50);
    assert_eq!((too_many.len(), enough.len(), short.len()), (101, 102, 100));
    let text = format!(
        "{HEADER},skills\nAcme,T,D,Harare,Remote,{too_many}\nAcme,T,D,Harare,Remote,{enough}\n\
         Acme,T,D,Harare,Remote,{short}\n"
    );
    assert_eq!(
        errors(&text),
        ["Row 2: Skills: A list can have at most 50 entries"]
    );
}

#[test]
fn hidden_characters_at_a_records_first_and_last_byte_are_found_with_every_line_end() {
    for end in ["\n", "\r\n", "\r"] {
        let text = [
            "company_name,job_title,job_description,job_type,location",
            "\u{2066}Acme,T,D,Remote,Harare",
            "Acme,T,D,Remote,Harare\u{202E}",
            "Acme,T,D,Remote,Harare",
            "Acme,T,D,Remote,Harare\u{2067}",
        ]
        .join(end);
        let errors = errors(&text);
        let hidden = |row: usize, label: &str| {
            format!(
                "Row {row}: {label}: Remove the hidden control or text-direction characters from this field"
            )
        };
        assert_eq!(
            errors,
            [
                hidden(2, "Company name"),
                hidden(3, "Location"),
                hidden(5, "Location")
            ],
            "{end:?}"
        );
    }
}

#[test]
fn hidden_characters_are_found_in_the_cell_that_holds_them_and_nowhere_else() {
    // Rows without any, beside rows with one in a checked cell (first, last, quoted with
    // doubled quotes, multi-line), one in a cell no rule reads, and typography that hides nothing.
    let rows = "Acme,T,D,Harare,Remote,,,,\n\
         \"Acme\u{2066}\",T,D,Harare,Remote,,,,\n\
         Acme,T,\"Say \"\"hi\"\"\nthen\u{202E}go\",Harare,Remote,,,,\n\
         Acme,T,D,Harare,Remote,,,,https://example.com/\u{202E}x\n\
         Acme \u{2013} Caf\u{e9},T,\u{201C}D\u{201D} for \u{a3}5,Harare,Remote,,,,\n\
         Acme,T,D,Harare,Remote,,BSc,Te\u{85}ch,\n\
         Acme,T,D,Harare,Remote,,,,\n";
    let text = format!("{HEADER},salary_min,qualifications,industry,linkedin_url\n{rows}");
    let preview = ok(&text);
    let messages: Vec<(usize, Vec<String>)> = preview
        .rows
        .iter()
        .map(|row| (row.row_number, row.errors.clone()))
        .collect();
    let hidden = |row: usize, label: &str| {
        format!(
            "Row {row}: {label}: Remove the hidden control or text-direction characters from this field"
        )
    };
    assert_eq!(
        messages,
        [
            (2, vec![]),
            (3, vec![hidden(3, "Company name")]),
            (4, vec![hidden(4, "Job description")]),
            (5, vec![]),
            (6, vec![]),
            (7, vec![hidden(7, "Industry")]),
            (8, vec![]),
        ]
    );
}

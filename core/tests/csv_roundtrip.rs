//! Property tests: valid jobs written by a CSV writer parse back to themselves, and no input
//! makes the parser panic or break its own counts.

use jobtap_core::csv_import::{ImportLimits, ImportedJob, parse_import, preview_import};
use jobtap_core::import_template::COLUMNS;
use jobtap_core::job_type::JOB_TYPES;
use proptest::prelude::*;
use proptest::sample::subsequence;

/// Text as people paste it: commas, quotes, line breaks, semicolons, formula starts, unicode.
const TEXT: &str = "[a-zA-Z0-9 ,\";\r\n\t=+@'éüß中😀\u{00A0}-]{0,24}";

/// Trimmed text, possibly empty.
fn text() -> impl Strategy<Value = String> {
    TEXT.prop_map(|s| s.trim().to_owned())
}

fn required() -> impl Strategy<Value = String> {
    text().prop_filter("required cells are non-blank", |s| !s.is_empty())
}

fn optional() -> impl Strategy<Value = Option<String>> {
    text().prop_map(|s| (!s.is_empty()).then_some(s))
}

/// A list as the parser returns it: no semicolons, trimmed, non-empty, unique ignoring case.
fn list() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(required(), 0..5).prop_map(|items| {
        let mut out: Vec<String> = Vec::new();
        for item in items {
            let item = item.replace(';', " ").trim().to_owned();
            if !item.is_empty() && !out.iter().any(|o| o.to_lowercase() == item.to_lowercase()) {
                out.push(item);
            }
        }
        out
    })
}

fn salary() -> impl Strategy<Value = Option<f64>> {
    prop::option::of((0u64..=100_000_000).prop_map(|cents| cents as f64 / 100.0))
}

/// A job with its job type as written (any letter case) alongside.
fn job() -> impl Strategy<Value = (ImportedJob, String)> {
    let names = (required(), required(), required(), required());
    let job_type =
        (prop::sample::select(&JOB_TYPES[..]), 0..3u8).prop_map(|(t, case)| match case {
            0 => (t, t.to_owned()),
            1 => (t, t.to_lowercase()),
            _ => (t, t.to_uppercase()),
        });
    let numbers = (salary(), salary(), prop::option::of(0i64..80));
    let lists = (list(), list(), list());
    let extras = (
        optional(),
        optional(),
        optional(),
        optional(),
        optional(),
        optional(),
    );
    (names, job_type, numbers, lists, extras).prop_map(
        |(
            (company_name, job_title, job_description, location),
            (job_type, written_type),
            (a, b, experience_years),
            (skills, requirements, benefits),
            (qualifications, degree_class, industry, experience_level, linkedin_url, company_logo),
        )| {
            let (salary_min, salary_max) = match (a, b) {
                (Some(a), Some(b)) if a > b => (Some(b), Some(a)),
                other => other,
            };
            let job = ImportedJob {
                row_number: 0,
                company_name,
                job_title,
                job_description,
                location,
                job_type: job_type.to_owned(),
                salary_min,
                salary_max,
                experience_years,
                qualifications,
                skills,
                requirements,
                benefits,
                degree_class,
                industry,
                experience_level,
                linkedin_url,
                company_logo,
            };
            (job, written_type)
        },
    )
}

fn cell(job: &ImportedJob, written_type: &str, column: &str) -> String {
    let opt = |v: &Option<String>| v.clone().unwrap_or_default();
    let num = |v: Option<f64>| v.map(|n| n.to_string()).unwrap_or_default();
    match column {
        "company_name" => job.company_name.clone(),
        "job_title" => job.job_title.clone(),
        "job_description" => job.job_description.clone(),
        "location" => job.location.clone(),
        "job_type" => written_type.to_owned(),
        "salary_min" => num(job.salary_min),
        "salary_max" => num(job.salary_max),
        "experience_years" => job
            .experience_years
            .map(|n| n.to_string())
            .unwrap_or_default(),
        "qualifications" => opt(&job.qualifications),
        "skills" => job.skills.join("; "),
        "requirements" => job.requirements.join(";"),
        "benefits" => job.benefits.join(" ;"),
        "degree_class" => opt(&job.degree_class),
        "industry" => opt(&job.industry),
        "experience_level" => opt(&job.experience_level),
        "linkedin_url" => opt(&job.linkedin_url),
        "company_logo" => opt(&job.company_logo),
        other => panic!("unknown column {other}"),
    }
}

fn columns() -> impl Strategy<Value = Vec<&'static str>> {
    let required = [
        "company_name",
        "job_title",
        "job_description",
        "location",
        "job_type",
    ];
    subsequence(&COLUMNS[5..], 0..=12).prop_flat_map(move |optional| {
        let mut all = required.to_vec();
        all.extend(optional);
        Just(all).prop_shuffle()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn written_jobs_parse_back_to_themselves(
        jobs in prop::collection::vec(job(), 1..12),
        columns in columns(),
        crlf in any::<bool>(),
    ) {
        let mut writer = csv::WriterBuilder::new()
            .terminator(if crlf { csv::Terminator::CRLF } else { csv::Terminator::Any(b'\n') })
            .from_writer(Vec::new());
        writer.write_record(&columns).unwrap();
        for (job, written_type) in &jobs {
            writer.write_record(columns.iter().map(|c| cell(job, written_type, c))).unwrap();
        }
        let bytes = writer.into_inner().unwrap();

        let preview = parse_import("jobs.csv", &bytes, &ImportLimits::default()).unwrap();

        let expected: Vec<ImportedJob> = jobs
            .iter()
            .enumerate()
            .map(|(i, (job, _))| {
                let mut job = job.clone();
                job.row_number = i + 2;
                for (column, value) in [
                    ("salary_min", &mut job.salary_min),
                    ("salary_max", &mut job.salary_max),
                ] {
                    if !columns.contains(&column) { *value = None; }
                }
                let keep = |column: &str| columns.contains(&column);
                if !keep("experience_years") { job.experience_years = None; }
                if !keep("qualifications") { job.qualifications = None; }
                if !keep("skills") { job.skills.clear(); }
                if !keep("requirements") { job.requirements.clear(); }
                if !keep("benefits") { job.benefits.clear(); }
                if !keep("degree_class") { job.degree_class = None; }
                if !keep("industry") { job.industry = None; }
                if !keep("experience_level") { job.experience_level = None; }
                if !keep("linkedin_url") { job.linkedin_url = None; }
                if !keep("company_logo") { job.company_logo = None; }
                job
            })
            .collect();
        prop_assert_eq!(preview.invalid_count, 0, "{:?}", preview.rows);
        prop_assert_eq!(preview.valid_count, jobs.len());
        prop_assert!(preview.warnings.is_empty());
        prop_assert_eq!(preview.jobs, expected);
    }

    #[test]
    fn any_bytes_give_a_consistent_answer_or_an_error(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        check_consistent(&bytes)?;
    }

    #[test]
    fn any_csv_like_text_gives_a_consistent_answer_or_an_error(
        body in "[a-z_ ,\"\r\n;=1.-]{0,300}",
        header in subsequence(&COLUMNS[..], 0..=17),
    ) {
        let text = format!("{}\n{body}", header.join(","));
        check_consistent(text.as_bytes())?;
    }
}

fn check_consistent(bytes: &[u8]) -> Result<(), TestCaseError> {
    let full = parse_import("x.csv", bytes, &ImportLimits::default());
    let table = preview_import("x.csv", bytes, &ImportLimits::default());
    let Ok(preview) = full else {
        prop_assert_eq!(full.unwrap_err(), table.unwrap_err());
        return Ok(());
    };
    let table = table.unwrap();
    prop_assert_eq!(&table.rows, &preview.rows);
    prop_assert_eq!(&table.warnings, &preview.warnings);
    prop_assert_eq!(
        preview.valid_count + preview.invalid_count,
        preview.rows.len()
    );
    prop_assert_eq!(preview.jobs.len(), preview.valid_count);
    prop_assert!(!preview.rows.is_empty());
    let mut previous = 1;
    for row in &preview.rows {
        prop_assert!(row.row_number > previous);
        previous = row.row_number;
        prop_assert_eq!(row.valid, row.errors.is_empty());
        let prefix = format!("Row {}: ", row.row_number);
        prop_assert!(row.errors.iter().all(|e| e.starts_with(&prefix)));
    }
    Ok(())
}

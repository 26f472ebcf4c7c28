//! Bulk CSV job import: reads an uploaded file into a preview of typed jobs and per-row errors
//! (spec, employer side §2 Bulk import, §5 CSV rules, §9 template columns).
//!
//! The same code runs in the browser (wasm, in a Web Worker) and on the server, so both always
//! agree: [`preview_import_packed`] gives the browser its preview table, packed for JavaScript
//! ([`preview_import_head`] its first rows while the rest is read), [`parse_import`] also gives
//! the typed jobs that the server stores, [`preview_import`] the table as rows.
//!
//! ## Rules beyond the spec's text
//! - RFC 4180, read as the `csv` crate reads it ([`records`]): quoted commas, doubled quotes, line
//!   breaks inside quotes, CRLF, LF or CR line ends. A quote that is never closed refuses the file
//!   instead of swallowing every row after it.
//! - Values are separated by commas, semicolons or tabs, whichever splits the header row into
//!   the most template columns ([`separator`]): what spreadsheet programs export in every
//!   locale. A workbook (.xlsx, .xls, .ods) or another separator gets a message naming it.
//! - Text: UTF-8 (byte-order mark dropped), UTF-16 LE/BE with a byte-order mark, otherwise
//!   Windows-1252 (older Excel). Control characters other than tab, CR and LF mean binary: refused.
//! - Headers are matched trimmed and case-insensitively, in any order. An unknown column is
//!   reported once as a warning; a repeated column keeps its first copy (warning); a column with
//!   an empty header is ignored silently (spreadsheets export trailing empty columns). A first
//!   row with no template column at all is treated as a missing header row.
//! - Row numbers are as a spreadsheet shows them: the header is row 1; a quoted multi-line cell
//!   is one row; blank lines count as rows but are otherwise skipped and are not jobs.
//! - Cells are trimmed. Cells starting with `=`, `+`, `-`, `@` are kept as typed; nothing is
//!   ever evaluated. [`csv_safe_cell`] protects such cells on export.
//! - Job type matches the four types ignoring case and is stored in canonical spelling.
//! - Salaries: non-negative decimals, thousands commas allowed only in groups of three
//!   (`1,500.50`); no currency signs or exponents. A negative one gets its own message
//!   (`Row {n}: Salary min cannot be negative`). Experience years: a non-negative integer.
//! - Lists split on `;`, entries trimmed, empties dropped, duplicates (ignoring case) dropped.
//! - Missing cells in short rows are empty; extra cells in long rows are ignored.

mod decode;
mod fields;
mod packed;
mod records;
mod row_keys;
pub(crate) mod scan;
mod separator;

use serde::{Deserialize, Serialize};

use crate::job_limits;
use crate::job_type::JOB_TYPES;
pub use fields::csv_safe_cell;
pub use packed::{
    CELLS_PER_ROW, ERROR_SEPARATOR, PackedPreview, preview_import_head, preview_import_packed,
};
pub use row_keys::{RowKeys, import_row_keys};

use crate::import_template::COLUMNS;
use fields::{
    DecimalIssue, canonical_job_type, optional_text, parse_decimal, parse_list, parse_whole_number,
};
use records::{Reader, Record};
use scan::Survey;

/// How much one import may hold; the server keeps the defaults, the browser preview may allow more.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ImportLimits {
    /// Most job rows (blank rows not counted).
    pub max_rows: usize,
    /// Largest file, in bytes as uploaded.
    pub max_bytes: usize,
}

impl ImportLimits {
    /// Default row limit for one import.
    pub const DEFAULT_MAX_ROWS: usize = 10_000;
    /// Default file size limit: 5 MB.
    pub const DEFAULT_MAX_BYTES: usize = 5 * 1024 * 1024;
    /// How many imports' worth the browser previews: an employer who chose too big a file
    /// still sees its rows and errors before splitting it.
    pub const PREVIEW_FACTOR: usize = 10;

    /// The limits in words: "10,000 jobs and 5 MB".
    #[must_use]
    pub fn describe(self) -> String {
        format!(
            "{} jobs and {}",
            crate::format::group_thousands(self.max_rows as u64),
            human_size(self.max_bytes)
        )
    }

    /// What the browser previews when one import takes `self`.
    #[must_use]
    pub const fn for_preview(self) -> Self {
        Self {
            max_rows: self.max_rows.saturating_mul(Self::PREVIEW_FACTOR),
            max_bytes: self.max_bytes.saturating_mul(Self::PREVIEW_FACTOR),
        }
    }
}

impl Default for ImportLimits {
    fn default() -> Self {
        Self {
            max_rows: Self::DEFAULT_MAX_ROWS,
            max_bytes: Self::DEFAULT_MAX_BYTES,
        }
    }
}

/// Why a whole file cannot be imported; row problems are in [`PreviewRow::errors`] instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// The file name does not end in `.csv`.
    #[error("Please upload a CSV file")]
    NotCsv,
    /// No bytes, or only whitespace and blank lines.
    #[error("CSV file must contain headers and at least one job")]
    Empty,
    /// A header row but no job row.
    #[error("CSV file must contain headers and at least one job")]
    HeaderOnly,
    /// The first row names none of the template's columns.
    #[error("CSV file must contain headers and at least one job")]
    MissingHeaders,
    /// Not text, or text that is not CSV; the reason says which.
    #[error("This file is not a readable CSV text file ({0})")]
    Unreadable(String),
    /// A spreadsheet program's own format (.xlsx, .xls, .ods) under a .csv name.
    #[error(
        "This looks like a spreadsheet workbook (.xlsx, .xls or .ods), not CSV text. Save it as \"CSV UTF-8\" (File › Save As) and upload that file."
    )]
    Workbook,
    /// Values separated by a character the import does not read.
    #[error(
        "This file uses '{0}' between values. Save it as CSV, with commas, semicolons or tabs between values."
    )]
    OtherSeparator(char),
    /// More job rows than [`ImportLimits::max_rows`].
    #[error(
        "This file has more than {limit} job rows. Split it into files of at most {limit} rows."
    )]
    TooManyRows { limit: usize },
    /// More bytes than [`ImportLimits::max_bytes`].
    #[error("This file is larger than {}. Split it into smaller files.", human_size(*.limit_bytes))]
    TooLarge { limit_bytes: usize },
    /// A packed preview would pass what its `u32` offsets and row numbers hold (4 GiB of text).
    #[error("This file is too large to preview. Split it into smaller files.")]
    TooLargeToPreview,
}

impl ImportError {
    /// What went wrong, as a stable name the browser can act on (the message is for people):
    /// `not_csv`, `no_jobs` (empty, header only or no known header), `unreadable`, `workbook`,
    /// `other_separator`, `too_many_rows`, `too_large`.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::NotCsv => "not_csv",
            Self::Empty | Self::HeaderOnly | Self::MissingHeaders => "no_jobs",
            Self::Unreadable(_) => "unreadable",
            Self::Workbook => "workbook",
            Self::OtherSeparator(_) => "other_separator",
            Self::TooManyRows { .. } => "too_many_rows",
            Self::TooLarge { .. } | Self::TooLargeToPreview => "too_large",
        }
    }
}

/// The parsed file: valid jobs to import and one preview row per job row, valid or not.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportPreview {
    /// The valid rows as jobs, in file order.
    pub jobs: Vec<ImportedJob>,
    /// Every non-blank row, in file order, for the preview table.
    pub rows: Vec<PreviewRow>,
    pub valid_count: usize,
    pub invalid_count: usize,
    /// File-level notes such as `Unknown column "department" was ignored`.
    pub warnings: Vec<String>,
}

impl ImportPreview {
    /// The toast after parsing (spec §8): success when every row is valid, else a review warning.
    pub fn summary(&self) -> String {
        summary(self.valid_count, self.invalid_count)
    }
}

/// The preview table without the typed jobs: what the browser shows before the upload.
///
/// Building 100,000 [`ImportedJob`]s and sending them out of the Web Worker costs more than
/// parsing; the browser needs only the table, and the server parses the uploaded file again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PreviewTable {
    /// Every non-blank row, in file order.
    pub rows: Vec<PreviewRow>,
    pub valid_count: usize,
    pub invalid_count: usize,
    /// File-level notes such as `Unknown column "department" was ignored`.
    pub warnings: Vec<String>,
}

impl PreviewTable {
    /// The toast after parsing (spec §8): success when every row is valid, else a review warning.
    pub fn summary(&self) -> String {
        summary(self.valid_count, self.invalid_count)
    }
}

fn summary(valid: usize, invalid: usize) -> String {
    if invalid == 0 {
        format!("Successfully parsed {valid} jobs!")
    } else {
        format!("Parsed {valid} valid jobs and {invalid} invalid jobs. Please review.")
    }
}

/// One line of the preview table: Status, Company, Job Title, Location, Type, Salary, Errors.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PreviewRow {
    /// The row number a spreadsheet shows (header = 1).
    pub row_number: usize,
    pub valid: bool,
    pub company_name: String,
    pub job_title: String,
    pub location: String,
    /// Canonical spelling when valid, else as typed.
    pub job_type: String,
    /// Salary as typed: `1500 - 2500`, `From 1500`, `Up to 2500`, or empty.
    pub salary: String,
    /// Messages such as `Row 3: Job title is required`, in column order.
    pub errors: Vec<String>,
}

/// A valid job row with every template column typed; empty optional cells are `None` / empty lists.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportedJob {
    /// The row number a spreadsheet shows (header = 1).
    pub row_number: usize,
    pub company_name: String,
    pub job_title: String,
    pub job_description: String,
    pub location: String,
    /// One of [`JOB_TYPES`], canonical spelling.
    pub job_type: String,
    pub salary_min: Option<f64>,
    pub salary_max: Option<f64>,
    pub experience_years: Option<i64>,
    pub qualifications: Option<String>,
    pub skills: Vec<String>,
    pub requirements: Vec<String>,
    pub benefits: Vec<String>,
    pub degree_class: Option<String>,
    pub industry: Option<String>,
    pub experience_level: Option<String>,
    pub linkedin_url: Option<String>,
    pub company_logo: Option<String>,
}

/// Reads an uploaded CSV file into typed jobs and a preview: file-level problems are errors,
/// row problems are listed per row.
pub fn parse_import(
    file_name: &str,
    bytes: &[u8],
    limits: &ImportLimits,
) -> Result<ImportPreview, ImportError> {
    let mut sink = TableSink::with_jobs(true);
    let parsed = parse_file(file_name, bytes, limits, &mut sink)?;
    Ok(ImportPreview {
        jobs: sink.jobs,
        rows: sink.rows,
        valid_count: parsed.valid_count,
        invalid_count: parsed.invalid_count,
        warnings: parsed.warnings,
    })
}

/// Same rules and messages as [`parse_import`], without building the typed jobs (about twice
/// as fast).
pub fn preview_import(
    file_name: &str,
    bytes: &[u8],
    limits: &ImportLimits,
) -> Result<PreviewTable, ImportError> {
    let mut sink = TableSink::with_jobs(false);
    let parsed = parse_file(file_name, bytes, limits, &mut sink)?;
    Ok(PreviewTable {
        rows: sink.rows,
        valid_count: parsed.valid_count,
        invalid_count: parsed.invalid_count,
        warnings: parsed.warnings,
    })
}

/// A whole file's rows into `sink`, after the file-level checks; more rows than the limit refuse it.
fn parse_file(
    file_name: &str,
    bytes: &[u8],
    limits: &ImportLimits,
    sink: &mut impl RowSink,
) -> Result<Parsed, ImportError> {
    let (text, survey) = check_and_decode(file_name, bytes, limits)?;
    parse_text(&text, &survey, Rows::refuse_over(limits.max_rows), sink)
}

/// The file-level checks before any row is read: name, size, encoding.
fn check_and_decode<'a>(
    file_name: &str,
    bytes: &'a [u8],
    limits: &ImportLimits,
) -> Result<(std::borrow::Cow<'a, str>, Survey), ImportError> {
    check_name(file_name)?;
    if bytes.len() > limits.max_bytes {
        return Err(ImportError::TooLarge {
            limit_bytes: limits.max_bytes,
        });
    }
    decode::decode(bytes)
}

fn check_name(file_name: &str) -> Result<(), ImportError> {
    if has_csv_extension(file_name) {
        Ok(())
    } else {
        Err(ImportError::NotCsv)
    }
}

/// Whether `file_name` ends in `.csv` (any case): the upload rule ("Please upload a CSV file"),
/// public so the server can refuse a wrong file before reading it.
pub fn has_csv_extension(file_name: &str) -> bool {
    let name = file_name.as_bytes();
    name.len() >= 4 && name[name.len() - 4..].eq_ignore_ascii_case(b".csv")
}

/// Column indexes into [`COLUMNS`], looked up by name at compile time.
const fn column(name: &str) -> usize {
    let mut i = 0;
    while i < COLUMNS.len() {
        if COLUMNS[i].len() == name.len() && same_bytes(COLUMNS[i].as_bytes(), name.as_bytes()) {
            return i;
        }
        i += 1;
    }
    panic!("not a template column");
}

const fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const COMPANY_NAME: usize = column("company_name");
const JOB_TITLE: usize = column("job_title");
const JOB_DESCRIPTION: usize = column("job_description");
const LOCATION: usize = column("location");
const JOB_TYPE: usize = column("job_type");
const SALARY_MIN: usize = column("salary_min");
const SALARY_MAX: usize = column("salary_max");
const EXPERIENCE_YEARS: usize = column("experience_years");
const QUALIFICATIONS: usize = column("qualifications");
const SKILLS: usize = column("skills");
const REQUIREMENTS: usize = column("requirements");
const BENEFITS: usize = column("benefits");
const DEGREE_CLASS: usize = column("degree_class");
const INDUSTRY: usize = column("industry");
const EXPERIENCE_LEVEL: usize = column("experience_level");
const LINKEDIN_URL: usize = column("linkedin_url");
const COMPANY_LOGO: usize = column("company_logo");

/// Where each template column sits in the file, if it is there.
type ColumnMap = [Option<usize>; COLUMNS.len()];

/// Maps header cells to template columns; returns the map, warnings, and whether any matched.
fn map_header(header: &Record<'_>) -> (ColumnMap, Vec<String>, bool) {
    let mut map: ColumnMap = [None; COLUMNS.len()];
    let mut warnings = Vec::new();
    let mut unknown: Vec<&str> = Vec::new();
    let mut any = false;
    for (index, raw) in header.iter().enumerate() {
        let name = raw.trim_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}');
        if name.is_empty() {
            continue;
        }
        match COLUMNS.iter().position(|c| c.eq_ignore_ascii_case(name)) {
            Some(col) if map[col].is_none() => {
                map[col] = Some(index);
                any = true;
            }
            Some(_) => warnings.push(format!("Duplicate column \"{name}\" was ignored")),
            None => {
                if !unknown.iter().any(|u| u.eq_ignore_ascii_case(name)) {
                    unknown.push(name);
                    warnings.push(format!("Unknown column \"{name}\" was ignored"));
                }
            }
        }
    }
    (map, warnings, any)
}

/// How many job rows to read, and whether the text stops where the file does.
#[derive(Clone, Copy)]
struct Rows {
    max: usize,
    /// Past `max`: refuse the file (an import) or stop reading (a head preview).
    refuse_more: bool,
    /// The text is only the start of the file, cut after a line break: a last record that ends
    /// inside quotes was cut short, so it is dropped rather than refused.
    truncated: bool,
}

impl Rows {
    const fn refuse_over(max: usize) -> Self {
        Self {
            max,
            refuse_more: true,
            truncated: false,
        }
    }
}

/// What a parse found besides the rows, which went to the sink.
struct Parsed {
    valid_count: usize,
    invalid_count: usize,
    warnings: Vec<String>,
}

/// Where checked rows go: a table of [`PreviewRow`]s (with or without jobs), or packed text.
trait RowSink {
    /// Room for about `rows` rows of a text of `text_len` bytes, before the first push.
    fn reserve(&mut self, rows: usize, text_len: usize);
    fn push(&mut self, row: CheckedRow<'_>);
}

/// Collects [`PreviewRow`]s, and the typed jobs when asked.
struct TableSink {
    rows: Vec<PreviewRow>,
    jobs: Vec<ImportedJob>,
    build_jobs: bool,
}

impl TableSink {
    fn with_jobs(build_jobs: bool) -> Self {
        Self {
            rows: Vec::new(),
            jobs: Vec::new(),
            build_jobs,
        }
    }
}

impl RowSink for TableSink {
    fn reserve(&mut self, rows: usize, _text_len: usize) {
        self.rows.reserve(rows);
        if self.build_jobs {
            self.jobs.reserve(rows);
        }
    }

    fn push(&mut self, row: CheckedRow<'_>) {
        if self.build_jobs
            && let Some(job) = row.job()
        {
            self.jobs.push(job);
        }
        self.rows.push(row.into_preview_row());
    }
}

/// Reads `text`'s header and rows into `sink`; `survey` is what decoding found in the text.
fn parse_text(
    text: &str,
    survey: &Survey,
    limit: Rows,
    sink: &mut impl RowSink,
) -> Result<Parsed, ImportError> {
    if text.trim().is_empty() {
        return Err(ImportError::Empty);
    }
    let input = text.as_bytes();
    let separator = separator::detect(input)?;
    let mut reader = Reader::new(text, separator);
    let mut record = Record::new(text);
    let (map, warnings) = loop {
        if !reader.read(&mut record) {
            return Err(ImportError::Empty);
        }
        if is_blank(&record) {
            continue;
        }
        let (map, warnings, any_known) = map_header(&record);
        if !any_known {
            check_closed_quotes(&record)?;
            return Err(ImportError::MissingHeaders);
        }
        break (map, warnings);
    };

    // Sized up front: growing vectors of 100,000 rows costs more than counting line breaks.
    sink.reserve(
        survey.line_breaks.min(limit.max),
        input.len() - reader.position(),
    );
    // The text's C1 controls and direction marks, usually none: a row is searched for them
    // cell by cell only when one lies within it (control bytes refused the file already).
    let hiding = &survey.hiding;
    let mut next_hiding = 0;
    let mut valid_count = 0;
    let mut row_count = 0;
    // One record read ahead, so a truncated text can drop its last record.
    let mut next = Record::new(text);
    let mut have = reader.read(&mut record);
    // The last record read: a quote it leaves open refuses the file.
    let mut last = (record.row, record.unclosed);
    while have {
        have = reader.read(&mut next);
        if have {
            last = (next.row, next.unclosed);
        } else if limit.truncated && record.unclosed {
            break;
        }
        if !is_blank(&record) {
            if row_count == limit.max {
                if limit.refuse_more {
                    return Err(ImportError::TooManyRows { limit: limit.max });
                }
                break;
            }
            while hiding.get(next_hiding).is_some_and(|&at| at < record.start) {
                next_hiding += 1;
            }
            let may_hide = hiding.get(next_hiding).is_some_and(|&at| at < record.end);
            let row = check_row(&record, &map, record.row, may_hide);
            valid_count += usize::from(row.is_valid());
            row_count += 1;
            sink.push(row);
        }
        std::mem::swap(&mut record, &mut next);
    }
    if !limit.truncated && last.1 {
        return Err(unclosed_quote(last.0));
    }
    if row_count == 0 {
        return Err(ImportError::HeaderOnly);
    }
    Ok(Parsed {
        valid_count,
        invalid_count: row_count - valid_count,
        warnings,
    })
}

fn is_blank(record: &Record<'_>) -> bool {
    record.iter().all(|cell| trim(cell).is_empty())
}

/// [`str::trim`], with ASCII whitespace taken off byte by byte first: the usual cell has none or
/// only spaces, and Unicode's whitespace is looked for only where a character beyond ASCII is left
/// at an end.
fn trim(cell: &str) -> &str {
    let trimmed = cell.trim_ascii();
    match (trimmed.as_bytes().first(), trimmed.as_bytes().last()) {
        (Some(first), Some(last)) if !first.is_ascii() || !last.is_ascii() => trimmed.trim(),
        _ => trimmed,
    }
}

/// Refuses the file if `record` ends inside quotes: it would otherwise take the rest of the
/// file as one cell.
fn check_closed_quotes(record: &Record<'_>) -> Result<(), ImportError> {
    if record.unclosed {
        Err(unclosed_quote(record.row))
    } else {
        Ok(())
    }
}

fn unclosed_quote(row: usize) -> ImportError {
    ImportError::Unreadable(format!("a quoted value on row {row} is never closed"))
}

/// One row after the checks, its cells still borrowed from the record.
struct CheckedRow<'a> {
    record: &'a Record<'a>,
    map: &'a ColumnMap,
    row_number: usize,
    company_name: &'a str,
    job_title: &'a str,
    location: &'a str,
    job_type_cell: &'a str,
    job_type: Option<&'static str>,
    salary_min_cell: &'a str,
    salary_max_cell: &'a str,
    salary_min: Option<f64>,
    salary_max: Option<f64>,
    experience_years: Option<i64>,
    /// Messages such as `Row 3: Job title is required`, in column order; empty when valid.
    errors: Vec<String>,
}

impl<'a> CheckedRow<'a> {
    fn cell(&self, col: usize) -> &'a str {
        cell(self.record, self.map, col)
    }

    fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }

    /// Canonical spelling when valid, else as typed.
    fn job_type_display(&self) -> &'a str {
        self.job_type.unwrap_or(self.job_type_cell)
    }

    /// `1500 - 2500`, `From 1500`, `Up to 2500`, or empty, in pieces (joined by the caller).
    fn salary_parts(&self) -> [&'a str; 3] {
        let (min, max) = (self.salary_min_cell, self.salary_max_cell);
        match (min.is_empty(), max.is_empty()) {
            (false, false) => [min, " - ", max],
            (false, true) => ["From ", min, ""],
            (true, false) => ["Up to ", max, ""],
            (true, true) => ["", "", ""],
        }
    }

    /// The typed job, when the row is valid.
    fn job(&self) -> Option<ImportedJob> {
        let job_type = self.job_type.filter(|_| self.is_valid())?;
        Some(ImportedJob {
            row_number: self.row_number,
            company_name: self.company_name.to_owned(),
            job_title: self.job_title.to_owned(),
            job_description: self.cell(JOB_DESCRIPTION).to_owned(),
            location: self.location.to_owned(),
            job_type: job_type.to_owned(),
            salary_min: self.salary_min,
            salary_max: self.salary_max,
            experience_years: self.experience_years,
            qualifications: optional_text(self.cell(QUALIFICATIONS)),
            skills: parse_list(self.cell(SKILLS)),
            requirements: parse_list(self.cell(REQUIREMENTS)),
            benefits: parse_list(self.cell(BENEFITS)),
            degree_class: optional_text(self.cell(DEGREE_CLASS)),
            industry: optional_text(self.cell(INDUSTRY)),
            experience_level: optional_text(self.cell(EXPERIENCE_LEVEL)),
            linkedin_url: optional_text(self.cell(LINKEDIN_URL)),
            company_logo: optional_text(self.cell(COMPANY_LOGO)),
        })
    }

    fn into_preview_row(self) -> PreviewRow {
        PreviewRow {
            row_number: self.row_number,
            valid: self.is_valid(),
            company_name: self.company_name.to_owned(),
            job_title: self.job_title.to_owned(),
            location: self.location.to_owned(),
            job_type: self.job_type_display().to_owned(),
            salary: self.salary_parts().concat(),
            errors: self.errors,
        }
    }
}

/// A template column's cell in `record`, trimmed; empty when the column or the cell is missing.
fn cell<'a>(record: &'a Record<'_>, map: &ColumnMap, col: usize) -> &'a str {
    map[col].and_then(|i| record.get(i)).map_or("", trim)
}

/// Checks one row against the rules; the errors come in column order. `may_hide`: the record's
/// text holds a C1 control or a direction mark, so its cells are searched for them.
fn check_row<'a>(
    record: &'a Record<'a>,
    map: &'a ColumnMap,
    row_number: usize,
    may_hide: bool,
) -> CheckedRow<'a> {
    let cell = |col: usize| cell(record, map, col);
    let mut errors = Vec::new();

    let company_name = cell(COMPANY_NAME);
    let job_title = cell(JOB_TITLE);
    let job_description = cell(JOB_DESCRIPTION);
    let location = cell(LOCATION);
    let job_type_cell = cell(JOB_TYPE);
    for (value, label) in [
        (company_name, "Company name"),
        (job_title, "Job title"),
        (job_description, "Job description"),
        (location, "Location"),
        (job_type_cell, "Job type"),
    ] {
        if value.is_empty() {
            errors.push(format!("Row {row_number}: {label} is required"));
        }
    }
    let texts = [company_name, job_title, job_description, location];
    check_limits(record, map, row_number, texts, may_hide, &mut errors);
    let job_type = canonical_job_type(job_type_cell);
    if job_type.is_none() && !job_type_cell.is_empty() {
        errors.push(format!(
            "Row {row_number}: Job type must be one of: {}",
            JOB_TYPES.join(", ")
        ));
    }

    let salary_min_cell = cell(SALARY_MIN);
    let salary_max_cell = cell(SALARY_MAX);
    let salary_min = decimal(salary_min_cell, "Salary min", row_number, &mut errors);
    let salary_max = decimal(salary_max_cell, "Salary max", row_number, &mut errors);
    if [salary_min, salary_max]
        .iter()
        .any(|s| s.is_some_and(|s| s > job_limits::SALARY_MAX))
    {
        errors.push(format!(
            "Row {row_number}: {}",
            job_limits::MSG_SALARY_TOO_HIGH
        ));
    }
    if let (Some(min), Some(max)) = (salary_min, salary_max)
        && min > max
    {
        errors.push(format!(
            "Row {row_number}: Salary min cannot be greater than salary max"
        ));
    }
    let experience_cell = cell(EXPERIENCE_YEARS);
    let experience_years = if experience_cell.is_empty() {
        None
    } else {
        let years = parse_whole_number(experience_cell);
        if years.is_none() {
            errors.push(format!(
                "Row {row_number}: Experience years must be a whole number"
            ));
        }
        years
    };

    CheckedRow {
        record,
        map,
        row_number,
        company_name,
        job_title,
        location,
        job_type_cell,
        job_type,
        salary_min_cell,
        salary_max_cell,
        salary_min,
        salary_max,
        experience_years,
        errors,
    }
}

/// The posting form's limits ([`job_limits`]), row by row: lengths, list sizes and
/// hidden characters. Cheap for the usual row: a cell is counted in characters only when
/// its bytes exceed the limit, and searched for hidden characters only when the record holds
/// one (`may_hide`). The four required texts come already read and trimmed.
fn check_limits(
    record: &Record<'_>,
    map: &ColumnMap,
    row_number: usize,
    [company_name, job_title, job_description, location]: [&str; 4],
    may_hide: bool,
    errors: &mut Vec<String>,
) {
    let hidden = |value: &str| may_hide && job_limits::has_hidden_characters(value);
    let texts = [
        (
            company_name,
            "Company name",
            job_limits::COMPANY_NAME_MAX_CHARS,
            job_limits::MSG_COMPANY_TOO_LONG,
        ),
        (
            job_title,
            "Job title",
            job_limits::JOB_TITLE_MAX_CHARS,
            job_limits::MSG_TITLE_TOO_LONG,
        ),
        (
            job_description,
            "Job description",
            job_limits::DESCRIPTION_MAX_CHARS,
            job_limits::MSG_DESCRIPTION_TOO_LONG,
        ),
        (
            location,
            "Location",
            job_limits::LOCATION_MAX_CHARS,
            job_limits::MSG_LOCATION_TOO_LONG,
        ),
    ];
    for (value, label, max, too_long) in texts {
        if job_limits::too_long(value, max) {
            errors.push(format!("Row {row_number}: {too_long}"));
        } else if hidden(value) {
            errors.push(format!(
                "Row {row_number}: {label}: {}",
                job_limits::MSG_HIDDEN_CHARACTERS
            ));
        }
    }
    // These two have no rule but that one.
    for (col, label) in [(QUALIFICATIONS, "Qualifications"), (INDUSTRY, "Industry")] {
        if may_hide && hidden(cell(record, map, col)) {
            errors.push(format!(
                "Row {row_number}: {label}: {}",
                job_limits::MSG_HIDDEN_CHARACTERS
            ));
        }
    }
    for (col, label) in [
        (SKILLS, "Skills"),
        (REQUIREMENTS, "Requirements"),
        (BENEFITS, "Benefits"),
    ] {
        let value = cell(record, map, col);
        // A short list with few separators cannot break the first two rules: skip splitting it.
        // One past the most entries takes that many bytes and a separator between each, so a
        // list of at most twice as many bytes cannot have too many.
        let short = value.len() <= job_limits::LIST_ENTRY_MAX_CHARS
            && (value.len() <= 2 * job_limits::LIST_MAX_ENTRIES
                || value.bytes().filter(|&b| b == b';').count() < job_limits::LIST_MAX_ENTRIES);
        let entries = || value.split(';').map(str::trim).filter(|e| !e.is_empty());
        let message = if short {
            if hidden(value) {
                job_limits::MSG_HIDDEN_CHARACTERS
            } else {
                continue;
            }
        } else if entries().count() > job_limits::LIST_MAX_ENTRIES {
            job_limits::MSG_LIST_TOO_LONG
        } else if entries().any(|e| job_limits::too_long(e, job_limits::LIST_ENTRY_MAX_CHARS)) {
            job_limits::MSG_ENTRY_TOO_LONG
        } else if hidden(value) {
            job_limits::MSG_HIDDEN_CHARACTERS
        } else {
            continue;
        };
        errors.push(format!("Row {row_number}: {label}: {message}"));
    }
}

/// An optional decimal cell; a bad value adds its error and counts as absent.
fn decimal(cell: &str, label: &str, row_number: usize, errors: &mut Vec<String>) -> Option<f64> {
    if cell.is_empty() {
        return None;
    }
    match parse_decimal(cell) {
        Ok(value) => Some(value),
        Err(DecimalIssue::NotANumber) => {
            errors.push(format!("Row {row_number}: {label} must be a number"));
            None
        }
        Err(DecimalIssue::Negative) => {
            errors.push(format!("Row {row_number}: {label} cannot be negative"));
            None
        }
    }
}

/// `5 MB`, `1.5 MB`, `512 KB` or `100 bytes`.
fn human_size(bytes: usize) -> String {
    const KB: usize = 1024;
    const MB: usize = 1024 * 1024;
    if bytes >= MB {
        if bytes.is_multiple_of(MB) {
            format!("{} MB", bytes / MB)
        } else {
            format!("{:.1} MB", bytes as f64 / MB as f64)
        }
    } else if bytes >= KB && bytes.is_multiple_of(KB) {
        format!("{} KB", bytes / KB)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_read_in_words_and_the_preview_takes_ten_imports() {
        assert_eq!(ImportLimits::default().describe(), "10,000 jobs and 5 MB");
        let small = ImportLimits {
            max_rows: 3,
            max_bytes: 1024,
        };
        assert_eq!(small.describe(), "3 jobs and 1 KB");
        assert_eq!(
            small.for_preview(),
            ImportLimits {
                max_rows: 30,
                max_bytes: 10_240
            }
        );
    }

    #[test]
    fn sizes_read_naturally() {
        assert_eq!(human_size(5 * 1024 * 1024), "5 MB");
        assert_eq!(human_size(1024 * 1024 + 512 * 1024), "1.5 MB");
        assert_eq!(human_size(512 * 1024), "512 KB");
        assert_eq!(human_size(100), "100 bytes");
    }

    #[test]
    fn column_indexes_follow_the_template() {
        assert_eq!(COLUMNS[COMPANY_NAME], "company_name");
        assert_eq!(COLUMNS[COMPANY_LOGO], "company_logo");
        assert_eq!(COLUMNS[EXPERIENCE_YEARS], "experience_years");
    }

    #[test]
    fn every_file_error_has_a_kind_and_the_three_without_jobs_share_one() {
        let limits = ImportLimits::default();
        let kind = |name: &str, bytes: &[u8]| match parse_import(name, bytes, &limits) {
            Err(error) => error.kind(),
            Ok(_) => "parsed",
        };
        assert_eq!(kind("jobs.txt", b"job_title\nA"), "not_csv");
        assert_eq!(kind("jobs.csv", b""), "no_jobs");
        assert_eq!(kind("jobs.csv", b"job_title,company_name\n"), "no_jobs");
        assert_eq!(ImportError::MissingHeaders.kind(), "no_jobs");
        assert_eq!(kind("jobs.csv", b"PK\x03\x04rest of a zip"), "workbook");
        assert_eq!(ImportError::Unreadable("x".into()).kind(), "unreadable");
        assert_eq!(ImportError::OtherSeparator('|').kind(), "other_separator");
        assert_eq!(
            ImportError::TooManyRows { limit: 1 }.kind(),
            "too_many_rows"
        );
        assert_eq!(ImportError::TooLarge { limit_bytes: 1 }.kind(), "too_large");
        assert_eq!(ImportError::TooLargeToPreview.kind(), "too_large");
    }
}

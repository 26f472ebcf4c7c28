//! `jobtap import-jobs FILE --employer EMAIL [--import-key KEY] [--post-again ROWS]`: the same
//! import as the endpoint, for files an operator holds, with a progress bar on stderr and a
//! summary on stdout.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use bytes::Bytes;
use indicatif::{ProgressBar, ProgressStyle};

use jobtap_core::csv_import::ImportError;

use super::{ImportJobsError, ImportOutcome, ImportRequest, import_jobs, is_csv_name};
use crate::accounts::store::{self as accounts, Role};
use crate::clock::{Clock as _, SystemClock};
use crate::config::Config;
use crate::db::Db;

/// The command's arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportArgs {
    pub file: PathBuf,
    pub employer_email: String,
    pub import_key: Option<String>,
    /// Rows that repeat a live job but are posted all the same (the form's "Post again").
    pub post_again: Vec<usize>,
}

impl ImportArgs {
    /// Reads `FILE --employer EMAIL [--import-key KEY] [--post-again ROWS]` (options in any
    /// order, `--opt=value` too; ROWS as the form sends them, "4, 9").
    pub fn parse(args: &[String]) -> Result<Self, String> {
        let mut file = None;
        let mut employer = None;
        let mut key = None;
        let mut post_again = None;
        let mut rest = args.iter();
        while let Some(arg) = rest.next() {
            let (name, inline) = match arg.split_once('=') {
                Some((name, value)) if name.starts_with("--") => (name, Some(value.to_string())),
                _ => (arg.as_str(), None),
            };
            let slot = match name {
                "--employer" => &mut employer,
                "--import-key" => &mut key,
                "--post-again" => &mut post_again,
                other if other.starts_with("--") => return Err(format!("Unknown option {other}")),
                _ if file.is_none() => {
                    file = Some(PathBuf::from(arg));
                    continue;
                }
                _ => return Err(format!("Unexpected argument {arg:?}")),
            };
            let value = inline
                .or_else(|| rest.next().cloned())
                .ok_or_else(|| format!("{name} needs a value"))?;
            *slot = Some(value);
        }
        let post_again = match post_again {
            None => Vec::new(),
            Some(rows) => jobtap_core::job_dedupe::parse_row_numbers(&rows)
                .ok_or("--post-again lists row numbers separated by commas")?,
        };
        Ok(Self {
            file: file.ok_or("import-jobs needs a CSV file")?,
            employer_email: employer.ok_or("import-jobs needs --employer EMAIL")?,
            import_key: key,
            post_again,
        })
    }
}

/// Why the command failed; nothing was imported.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error("No account uses the e-mail {0}")]
    UnknownEmployer(String),
    #[error("{0} is not an employer account")]
    NotEmployer(String),
    #[error("{0} is no longer on a company's team")]
    NotOnATeam(String),
    #[error("Could not read {path}")]
    Read {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error(transparent)]
    Import(#[from] ImportJobsError),
    #[error("Could not open the database: {0:#}")]
    Database(anyhow::Error),
    #[error("Database query failed: {0}")]
    Query(#[from] sqlx::Error),
}

/// Runs the import against the configured database and prints its summary.
pub async fn run(config: &Config, args: &ImportArgs) -> Result<(), CliError> {
    let db = Db::connect(&config.database_url, 2)
        .await
        .map_err(CliError::Database)?;
    db.migrate().await.map_err(CliError::Database)?;
    let result = import_file(&db, config, args).await;
    db.close().await;
    let (email, outcome) = result?;
    print!("{}", summary(&email, args.import_key.as_deref(), &outcome));
    Ok(())
}

async fn import_file(
    db: &Db,
    config: &Config,
    args: &ImportArgs,
) -> Result<(String, ImportOutcome), CliError> {
    let email = args.employer_email.trim().to_lowercase();
    let employer_id = accounts::id_by_email(db, &email)
        .await?
        .ok_or_else(|| CliError::UnknownEmployer(email.clone()))?;
    let is_employer = accounts::summary(db, &employer_id)
        .await?
        .is_some_and(|user| user.roles.contains(&Role::Employer));
    if !is_employer {
        return Err(CliError::NotEmployer(email));
    }
    // The jobs are the company's: the account's team decides where they go.
    let (company, _) = crate::auth::member::membership(db, &employer_id)
        .await?
        .ok_or_else(|| CliError::NotOnATeam(email.clone()))?;
    let limits = config.import_limits;
    let file_name = args
        .file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if !is_csv_name(&file_name) {
        return Err(ImportJobsError::File(ImportError::NotCsv).into());
    }
    let bytes = read_within(&args.file, limits.max_bytes).await?;

    // Made at the first report, when the number of valid rows is known.
    let bar: OnceLock<ProgressBar> = OnceLock::new();
    let result = import_jobs(
        db,
        &limits,
        ImportRequest {
            employer_id: &company,
            actor: &employer_id,
            file_name: &file_name,
            bytes,
            import_key: args.import_key.as_deref(),
            via: "cli",
            post_again: &args.post_again,
        },
        SystemClock.now_ms(),
        &|progress| {
            bar.get_or_init(|| progress_bar(progress.total))
                .set_position(progress.inserted as u64);
        },
    )
    .await;
    if let Some(bar) = bar.get() {
        bar.finish_and_clear();
    }
    match result {
        Ok(outcome) => Ok((email, outcome)),
        Err(ImportJobsError::NoValidJobs { invalid_rows }) => {
            for error in invalid_rows.iter().flat_map(|r| &r.errors) {
                eprintln!("  {error}");
            }
            Err(ImportJobsError::NoValidJobs { invalid_rows }.into())
        }
        Err(other) => Err(other.into()),
    }
}

/// A bar on stderr (drawn only when stderr is a terminal).
fn progress_bar(total: usize) -> ProgressBar {
    let bar = ProgressBar::new(total as u64);
    bar.set_style(
        ProgressStyle::with_template("Importing [{bar:40}] {pos}/{len} jobs")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar
}

/// The file's bytes; a file over the limit is refused from its size, without reading it.
async fn read_within(path: &Path, max_bytes: usize) -> Result<Bytes, CliError> {
    let read_error = |source| CliError::Read {
        path: path.display().to_string(),
        source,
    };
    let size = tokio::fs::metadata(path).await.map_err(read_error)?.len();
    if size > max_bytes as u64 {
        return Err(ImportJobsError::File(ImportError::TooLarge {
            limit_bytes: max_bytes,
        })
        .into());
    }
    Ok(Bytes::from(
        tokio::fs::read(path).await.map_err(read_error)?,
    ))
}

/// `Imported 120 jobs for employer@…; 3 invalid rows skipped:` and the row errors, then warnings.
fn summary(email: &str, key: Option<&str>, outcome: &ImportOutcome) -> String {
    use std::fmt::Write as _;
    let s = &outcome.summary;
    let mut out = String::new();
    if outcome.replayed {
        let _ = write!(
            out,
            "Import key {:?} was already used for this file; nothing new was imported.\nEarlier: ",
            key.unwrap_or_default()
        );
    }
    let jobs = if s.imported == 1 { "job" } else { "jobs" };
    let _ = write!(out, "Imported {} {jobs} for {email}", s.imported);
    match s.invalid_count {
        0 => out.push_str(".\n"),
        1 => out.push_str("; 1 invalid row skipped:\n"),
        n => {
            let _ = writeln!(out, "; {n} invalid rows skipped:");
        }
    }
    for error in s.invalid_rows.iter().flat_map(|r| &r.errors) {
        let _ = writeln!(out, "  {error}");
    }
    if !s.already_posted.is_empty() {
        let _ = writeln!(
            out,
            "{} (the employer has these jobs live):",
            jobtap_core::job_dedupe::skipped_text(s.already_posted.len())
        );
        for row in &s.already_posted {
            let _ = writeln!(out, "  Row {}: {}", row.row_number, row.job_title);
        }
        let rows: Vec<String> = s
            .already_posted
            .iter()
            .map(|row| row.row_number.to_string())
            .collect();
        let _ = writeln!(out, "To post them again: --post-again {}", rows.join(","));
    }
    for warning in &s.warnings {
        let _ = writeln!(out, "Warning: {warning}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::job_import::{ImportSummary, InvalidRow, SkippedRow};

    fn args(list: &[&str]) -> Result<ImportArgs, String> {
        ImportArgs::parse(&list.iter().map(|s| (*s).to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn arguments_take_a_file_an_employer_and_an_optional_key() {
        let parsed = args(&["jobs.csv", "--employer", "hr@acme.example"]).unwrap();
        assert_eq!(parsed.file, PathBuf::from("jobs.csv"));
        assert_eq!(parsed.employer_email, "hr@acme.example");
        assert_eq!(parsed.import_key, None);
        assert!(parsed.post_again.is_empty());
        let parsed = args(&["--import-key=k1", "--employer=hr@acme.example", "jobs.csv"]).unwrap();
        assert_eq!(parsed.import_key.as_deref(), Some("k1"));
        assert_eq!(parsed.employer_email, "hr@acme.example");
        let parsed = args(&["jobs.csv", "--employer=a@b.c", "--post-again", "4, 9"]).unwrap();
        assert_eq!(parsed.post_again, vec![4, 9]);
    }

    #[test]
    fn missing_or_unknown_arguments_are_named() {
        assert!(args(&["jobs.csv"]).unwrap_err().contains("--employer"));
        assert!(
            args(&["--employer", "a@b.c"])
                .unwrap_err()
                .contains("CSV file")
        );
        assert!(
            args(&["jobs.csv", "--employer"])
                .unwrap_err()
                .contains("needs a value")
        );
        assert!(
            args(&["a.csv", "b.csv", "--employer", "x"])
                .unwrap_err()
                .contains("b.csv")
        );
        assert!(args(&["a.csv", "--force"]).unwrap_err().contains("--force"));
        assert!(
            args(&["a.csv", "--employer=x", "--post-again=four"])
                .unwrap_err()
                .contains("row numbers")
        );
    }

    #[test]
    fn the_summary_lists_skipped_rows_and_warnings() {
        let outcome = ImportOutcome {
            summary: ImportSummary {
                imported: 2,
                job_ids: vec!["a".into(), "b".into()],
                invalid_count: 1,
                invalid_rows: vec![InvalidRow {
                    row_number: 3,
                    errors: vec!["Row 3: Job title is required".into()],
                }],
                warnings: vec!["Unknown column \"department\" was ignored".into()],
                already_posted: vec![SkippedRow {
                    row_number: 4,
                    job_title: "Staff Nurse".into(),
                }],
            },
            replayed: false,
        };
        assert_eq!(
            summary("hr@acme.example", None, &outcome),
            "Imported 2 jobs for hr@acme.example; 1 invalid row skipped:\n  Row 3: Job title is required\n\
             1 already posted: skipped (the employer has these jobs live):\n  Row 4: Staff Nurse\n\
             To post them again: --post-again 4\n\
             Warning: Unknown column \"department\" was ignored\n"
        );
    }
}

//! The duplicate key of every valid row of a file, so the preview can ask the server which rows
//! repeat jobs the employer has live before anything is imported (the import skips the same
//! rows by the same keys: [`crate::job_dedupe::imported_key`] reads the same cells).

use super::{CheckedRow, ImportError, ImportLimits, JOB_DESCRIPTION, RowSink, parse_file};
use crate::job_dedupe::duplicate_key;

/// The valid rows' numbers (as a spreadsheet shows them) and their keys, in file order.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RowKeys {
    pub row_numbers: Vec<u32>,
    pub keys: Vec<String>,
}

impl RowSink for RowKeys {
    fn reserve(&mut self, rows: usize, _text_len: usize) {
        self.row_numbers.reserve(rows);
        self.keys.reserve(rows);
    }

    fn push(&mut self, row: CheckedRow<'_>) {
        if !row.is_valid() {
            return;
        }
        self.row_numbers
            .push(u32::try_from(row.row_number).unwrap_or(u32::MAX));
        self.keys.push(duplicate_key(
            row.company_name,
            row.job_title,
            row.location,
            row.cell(JOB_DESCRIPTION),
        ));
    }
}

/// The keys of `bytes`' valid rows, by the import's rules (the same file errors refuse it).
pub fn import_row_keys(
    file_name: &str,
    bytes: &[u8],
    limits: &ImportLimits,
) -> Result<RowKeys, ImportError> {
    let mut keys = RowKeys::default();
    parse_file(file_name, bytes, limits, &mut keys)?;
    Ok(keys)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csv_import::parse_import;
    use crate::job_dedupe::imported_key;

    #[test]
    fn each_valid_row_has_the_key_its_import_is_skipped_by() {
        let csv = "company_name,job_title,job_type,job_description,location\n\
                   Mpilo Hospital,Pharmacist,Full-time,\"Dispense, counsel; keep the stock card.\",Bulawayo\n\
                   ,No company,Full-time,Missing its company,Harare\n\
                   Mpilo Hospital,Pharmacy Technician,Part-time,Weekend dispensary cover.,Bulawayo\n";
        let limits = ImportLimits::default();
        let keys = import_row_keys("jobs.csv", csv.as_bytes(), &limits).unwrap();
        assert_eq!(keys.row_numbers, [2, 4]);
        let jobs = parse_import("jobs.csv", csv.as_bytes(), &limits)
            .unwrap()
            .jobs;
        let imported: Vec<String> = jobs.iter().map(imported_key).collect();
        assert_eq!(keys.keys, imported);
        assert_ne!(keys.keys[0], keys.keys[1]);
    }
}

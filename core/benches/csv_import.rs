//! `parse_import` (the server's full parse of an uploaded CSV) on a 10,000-row file,
//! the most one import takes by default.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use jobtap_core::csv_import::{ImportLimits, parse_import};

const ROWS: usize = 10_000;
/// Fixtures sharing the template header: valid rows, quoted commas and doubled quotes,
/// multi-line descriptions, and rows with every kind of row error.
const SOURCES: [&str; 4] = [
    "valid-basic.csv",
    "quoted-commas.csv",
    "multiline-cells.csv",
    "row-errors.csv",
];

/// The fixtures' records, cycled to `ROWS` rows under their common header.
fn ten_thousand_rows() -> Vec<u8> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/csv");
    let mut header = None;
    let mut records = Vec::new();
    for name in SOURCES {
        let mut reader = csv::ReaderBuilder::new()
            .flexible(true)
            .from_path(dir.join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let this_header = reader.byte_headers().expect("header").clone();
        assert_eq!(
            header.get_or_insert_with(|| this_header.clone()),
            &this_header
        );
        records.extend(reader.byte_records().map(|r| r.expect("record")));
    }
    let mut writer = csv::WriterBuilder::new()
        .flexible(true)
        .from_writer(Vec::new());
    writer
        .write_byte_record(&header.expect("a header"))
        .expect("write");
    for record in records.iter().cycle().take(ROWS) {
        writer.write_byte_record(record).expect("write");
    }
    writer.into_inner().expect("flush")
}

fn bench(c: &mut Criterion) {
    let file = ten_thousand_rows();
    let limits = ImportLimits::default();
    let preview = parse_import("jobs.csv", &file, &limits).expect("the file parses");
    assert_eq!(preview.valid_count + preview.invalid_count, ROWS);
    assert!(preview.valid_count > 0 && preview.invalid_count > 0);

    c.bench_function("parse_import_10000_rows", |b| {
        b.iter(|| parse_import("jobs.csv", black_box(&file), &limits));
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);

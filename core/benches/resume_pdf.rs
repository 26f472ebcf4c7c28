//! The resume PDF (`resume_pdf`) of a two-page resume, the browser benchmark's text.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use jobtap_core::resume_pdf::{LINES_FIRST_PAGE, LINES_LATER_PAGE, resume_pdf};

/// The strong-developer resume's lines, cycled to exactly two full pages, as in
/// `web/bench/core-bench-data.ts`.
fn two_page_resume() -> String {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/resumes/strong-developer.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let lines: Vec<&str> = text.trim_end().lines().collect();
    let wanted = LINES_FIRST_PAGE + LINES_LATER_PAGE;
    lines
        .iter()
        .cycle()
        .take(wanted)
        .copied()
        .collect::<Vec<_>>()
        .join("\n")
}

fn bench(c: &mut Criterion) {
    let text = two_page_resume();
    let pdf = resume_pdf(&text).expect("a PDF");
    let pages = lopdf::Document::load_mem(&pdf)
        .expect("a readable PDF")
        .get_pages()
        .len();
    assert_eq!(pages, 2, "the benchmark's resume must fill two pages");

    c.bench_function("resume_pdf_two_pages", |b| {
        b.iter(|| resume_pdf(black_box(&text)));
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);

//! The profile a resume proposes, read from files written by several tools: Word documents
//! from python-docx, pandoc and LibreOffice, and a PDF (fixtures/resumes/).

use std::path::PathBuf;

use jobtap_core::resume::{ProfileProposal, YearMonth, extract_text, propose_profile};

const TODAY: YearMonth = YearMonth {
    year: 2026,
    month: 11,
};

fn proposal(path: &str) -> ProfileProposal {
    let full = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/resumes")
        .join(path);
    let bytes = std::fs::read(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()));
    let text = extract_text(path, &bytes).unwrap_or_else(|e| panic!("{path}: {e}"));
    let proposal = propose_profile(&text.text, TODAY);
    println!("{path}: {proposal:?}");
    proposal
}

#[test]
fn word_and_pdf_resumes_from_several_writers_propose_a_profile() {
    for path in [
        "writers/nurse.python-docx.docx",
        "writers/developer.pandoc.docx",
        "writers/accountant.libreoffice-order.docx",
        "strong-developer.pdf",
        "strong-developer.docx",
    ] {
        let p = proposal(path);
        assert!(!p.skills.is_empty(), "{path}: {p:?}");
        assert!(
            p.skills.iter().all(|s| !s.contains(':')),
            "group labels are not skills: {p:?}"
        );
        assert!(p.experience_years.is_some_and(|y| y > 0), "{path}: {p:?}");
        assert!(
            p.degree_field.is_some() && p.university.is_some(),
            "{path}: {p:?}"
        );
    }
}

//! The resume PDF export (spec §9) and reading text back out of PDFs.

use jobtap_core::resume_pdf::{
    BODY_FONT_SIZE_PT, LINE_STEP_MM, LINES_FIRST_PAGE, LINES_LATER_PAGE, PDF_FILE_NAME, PDF_TITLE,
    PdfError, TEXT_WIDTH_MM, TITLE_FONT_SIZE_PT, page_count, pdf_text, resume_pdf, text_width_mm,
    to_win_ansi, unprintable, wrap_lines,
};
use lopdf::{Document, LoadOptions};

const STRONG_TXT: &str = include_str!("../../fixtures/resumes/strong-developer.txt");
const STRONG_PDF: &[u8] = include_bytes!("../../fixtures/resumes/strong-developer.pdf");

fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

fn non_blank_lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect()
}

/// Loads strictly, so a malformed cross-reference table or stream fails the test.
fn load_strict(bytes: &[u8]) -> Document {
    let options = LoadOptions {
        strict: true,
        ..LoadOptions::default()
    };
    Document::load_mem_with_options(bytes, options).expect("a well-formed PDF")
}

fn expected_pages(lines: usize) -> usize {
    1 + lines
        .saturating_sub(LINES_FIRST_PAGE)
        .div_ceil(LINES_LATER_PAGE)
}

#[test]
fn the_file_name_and_layout_constants_match_the_spec() {
    assert_eq!(PDF_FILE_NAME, "upgraded-resume-ats.pdf");
    assert_eq!(PDF_TITLE, "ATS-Optimized Resume");
    assert_eq!((BODY_FONT_SIZE_PT, TITLE_FONT_SIZE_PT), (10, 16));
    assert_eq!((TEXT_WIDTH_MM, LINE_STEP_MM), (170, 7));
    // Baselines at 35, 42, … 280 mm under the title; then 20 … 279 mm.
    assert_eq!((LINES_FIRST_PAGE, LINES_LATER_PAGE), (36, 38));
}

#[test]
fn the_output_is_a_pdf_and_deterministic() {
    let pdf = resume_pdf(STRONG_TXT).unwrap();
    assert!(pdf.starts_with(b"%PDF-1.4"));
    assert!(pdf.ends_with(b"%%EOF\n"));
    assert_eq!(pdf, resume_pdf(STRONG_TXT).unwrap());
    // No dates or random document IDs.
    let raw = String::from_utf8_lossy(&pdf);
    assert!(!raw.contains("/ID") && !raw.contains("/CreationDate"));
}

#[test]
fn the_cross_reference_table_points_at_every_object() {
    let pdf = resume_pdf(STRONG_TXT).unwrap();
    let raw = String::from_utf8_lossy(&pdf);
    let xref_at: usize = raw
        .rsplit("startxref\n")
        .next()
        .and_then(|rest| rest.lines().next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(pdf[xref_at..].starts_with(b"xref\n0 "));
    let entries: Vec<&[u8]> = pdf[xref_at..]
        .split(|&b| b == b'\n')
        .skip(3) // "xref", "0 N", the free entry
        .take_while(|line| line.ends_with(b" n "))
        .collect();
    assert_eq!(entries.len(), 4 + 2 * 2);
    for (i, entry) in entries.iter().enumerate() {
        assert_eq!(entry.len(), 19, "entries are 20 bytes with their newline");
        let offset: usize = std::str::from_utf8(&entry[..10]).unwrap().parse().unwrap();
        assert!(pdf[offset..].starts_with(format!("{} 0 obj\n", i + 1).as_bytes()));
    }
    // Every stream's /Length is exact.
    let doc = load_strict(&pdf);
    for page_id in doc.get_pages().into_values() {
        let content = doc.get_page_content(page_id);
        assert!(content.starts_with(b"BT\n") && content.trim_ascii_end().ends_with(b"ET"));
    }
}

#[test]
fn the_fixture_resume_round_trips_through_the_text_layer() {
    let pdf = resume_pdf(STRONG_TXT).unwrap();
    let text = pdf_text(&pdf).unwrap();
    let expected = [words(PDF_TITLE), words(STRONG_TXT)].concat();
    assert_eq!(words(&text), expected);
    // The title is the first line on its own.
    assert_eq!(text.lines().next(), Some(PDF_TITLE));
    // Line by line too: nothing in the fixture is wider than 170 mm, so no line wraps.
    let mut lines = non_blank_lines(&text);
    lines.remove(0);
    assert_eq!(lines, non_blank_lines(STRONG_TXT));
}

#[test]
fn the_fixture_resume_takes_two_pages() {
    let lines = wrap_lines(STRONG_TXT);
    assert_eq!(lines.len(), STRONG_TXT.trim_end().lines().count());
    assert_eq!(expected_pages(lines.len()), 2);
    assert_eq!(page_count(STRONG_TXT), 2);
    let doc = load_strict(&resume_pdf(STRONG_TXT).unwrap());
    assert_eq!(doc.get_pages().len(), 2);
}

#[test]
fn pages_follow_the_line_count() {
    for n in [0, 1, 36, 37, 74, 75, 200] {
        let text = (1..=n)
            .map(|i| format!("line {i}"))
            .collect::<Vec<_>>()
            .join("\n");
        let pdf = resume_pdf(&text).unwrap();
        let pages = load_strict(&pdf).get_pages().len();
        assert_eq!(pages, expected_pages(n), "{n} lines");
        assert_eq!(page_count(&text), pages);
        let back = pdf_text(&pdf).unwrap();
        assert_eq!(
            back.lines().count(),
            n + usize::from(n > 0) + 1,
            "{n} lines: {back:?}"
        );
    }
}

#[test]
fn blank_lines_are_kept_as_spacing_but_not_at_the_ends() {
    let lines = wrap_lines("\n\nSUMMARY\n\n\nEXPERIENCE\n\n");
    assert_eq!(lines, ["SUMMARY", "", "", "EXPERIENCE"]);
    let text = pdf_text(&resume_pdf("SUMMARY\n\nEXPERIENCE").unwrap()).unwrap();
    assert_eq!(text, "ATS-Optimized Resume\n\nSUMMARY\n\nEXPERIENCE");
}

#[test]
fn long_lines_wrap_within_the_text_width() {
    let paragraph = "Designed, built and operated a distributed payments platform ".repeat(12);
    let long_word = "Supercalifragilisticexpialidocious".repeat(8);
    let text = format!("{paragraph}\n  - indented bullet {paragraph}\n{long_word} end");
    let lines = wrap_lines(&text);
    assert!(lines.len() > 10);
    for line in &lines {
        assert!(
            text_width_mm(line) <= 170.0,
            "{line:?} is {} mm",
            text_width_mm(line)
        );
    }
    // Greedy: each line is full, the next word would not have fitted.
    let first_next = lines[1].split(' ').next().unwrap();
    assert!(text_width_mm(&format!("{} {first_next}", lines[0])) > 170.0);
    // The indented bullet is a bullet: its mark, then its text.
    assert!(lines.iter().any(|l| l.starts_with("- indented bullet")));
    // The long word is cut into full-width pieces and nothing is lost.
    assert!(lines.iter().any(|l| l.starts_with("Supercalifragilistic")));
    let rejoined: String = lines
        .concat()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let original: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(rejoined, original);
    // And it survives the round trip through the PDF.
    let back = pdf_text(&resume_pdf(&text).unwrap()).unwrap();
    let back: String = back.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(back, format!("ATS-OptimizedResume{original}"));
}

#[test]
fn widths_come_from_the_helvetica_metrics() {
    // 10 × "m" (833/1000 em) at 10 pt = 83.3 pt = 29.386… mm.
    assert!((text_width_mm("mmmmmmmmmm") - 29.386).abs() < 0.001);
    assert!((text_width_mm("iiiiiiiiii") - 7.832).abs() < 0.001);
    assert!((text_width_mm("•") - 1.2347).abs() < 0.001);
}

#[test]
fn text_is_folded_into_win_ansi() {
    assert_eq!(
        to_win_ansi("“Lead” – ‘owner’ • résumé — 5 € ™\r\nnext\rline\ttab"),
        "\"Lead\" – 'owner' • résumé — 5 € ™\nnext\nline    tab"
    );
    assert_eq!(to_win_ansi("◦ ▪ ● ✓"), "• • • •");
    // A combining accent joins its letter when WinAnsi has the pair, else prints as "?".
    assert_eq!(
        to_win_ansi("oﬃce e\u{301}cole a\u{200B}b Zu\u{308}rich s\u{30C} q\u{301}"),
        "office école ab Zürich š q?"
    );
    assert_eq!(to_win_ansi("日本 Ωmega 🚀"), "?? ?mega ?");
}

#[test]
fn characters_the_fonts_lack_are_listed_once() {
    assert_eq!(
        unprintable("Łódź 日本 日 ok? “fine” e\u{301} q\u{301} 🚀"),
        ['Ł', 'ź', '日', '本', '\u{301}', '🚀']
    );
    assert!(unprintable(STRONG_TXT).is_empty());
}

#[test]
fn win_ansi_characters_survive_the_round_trip() {
    let text =
        "• Grew revenue 40% – from €1.2M to €1.7M — “quoted” naïve Zürich ™ (parens) \\ back";
    let back = pdf_text(&resume_pdf(text).unwrap()).unwrap();
    assert_eq!(
        back.lines().last().unwrap(),
        "• Grew revenue 40% – from €1.2M to €1.7M — \"quoted\" naïve Zürich ™ (parens) \\ back"
    );
}

#[test]
fn the_hand_made_fixture_pdf_reads_back_line_by_line() {
    let text = pdf_text(STRONG_PDF).unwrap();
    assert_eq!(non_blank_lines(&text), non_blank_lines(STRONG_TXT));
    assert_eq!(load_strict(STRONG_PDF).get_pages().len(), 2);
}

#[test]
fn tj_arrays_and_positioned_runs_read_as_words() {
    // A page as many producers write it: kerned TJ arrays with word gaps, each line
    // placed with its own Tm, and a heading split into two positioned runs.
    let content = b"BT /F1 12 Tf 1 0 0 1 72 720 Tm (SKI) Tj 30 0 Td (LLS) Tj ET \
                    BT /F1 10 Tf 1 0 0 1 72 700 Tm [(R) 20 (eact) -250 (and) -300 (Rust)] TJ ET \
                    BT /F1 10 Tf 1 0 0 1 72 688 Tm [(Po) -15 (stgre) (SQL)] TJ ET";
    let pdf = hand_made_pdf(content);
    assert_eq!(
        pdf_text(&pdf).unwrap(),
        "SKI LLS\nReact and Rust\nPostgreSQL"
    );
}

#[test]
fn garbage_is_a_read_error() {
    assert!(matches!(pdf_text(b"not a pdf"), Err(PdfError::Read(_))));
    assert!(matches!(pdf_text(b""), Err(PdfError::Read(_))));
    assert_eq!(
        pdf_text(b"not a pdf").unwrap_err().to_string(),
        "The file is not a readable PDF."
    );
}

/// A one-page PDF around `content`, with Helvetica as /F1.
fn hand_made_pdf(content: &[u8]) -> Vec<u8> {
    use lopdf::{Object, Stream, dictionary};
    let mut doc = Document::with_version("1.4");
    let pages_id = doc.new_object_id();
    let font = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica",
        "Encoding" => "WinAnsiEncoding",
    });
    let content_id = doc.add_object(Stream::new(dictionary! {}, content.to_vec()));
    let page = doc.add_object(dictionary! {
        "Type" => "Page", "Parent" => pages_id, "Contents" => content_id,
        "Resources" => dictionary! { "Font" => dictionary! { "F1" => font } },
        "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
    });
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages", "Kids" => vec![page.into()], "Count" => 1,
        }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog);
    // Compressed like most real files, to exercise the Flate path.
    doc.compress();
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

/// Each string shown on the pages: its font resource, size, x and y in points, and text
/// (a `TJ` array's strings joined, a wide gap read as a space).
fn shown(pdf: &[u8]) -> Vec<(String, f32, f32, f32, String)> {
    use lopdf::content::Content;
    let doc = load_strict(pdf);
    let mut out = Vec::new();
    for page_id in doc.get_pages().into_values() {
        let content = Content::decode(&doc.get_page_content(page_id)).unwrap();
        let (mut font, mut size, mut x, mut y) = (String::new(), 0.0, 0.0, 0.0);
        for op in content.operations {
            let num = |i: usize| op.operands[i].as_float().unwrap();
            match op.operator.as_str() {
                "Tf" => {
                    font = String::from_utf8(op.operands[0].as_name().unwrap().to_vec()).unwrap();
                    size = num(1);
                }
                "Tm" => (x, y) = (num(4), num(5)),
                "Tj" | "TJ" => {
                    let mut text = String::new();
                    let items = match &op.operands[0] {
                        lopdf::Object::Array(items) => items.clone(),
                        other => vec![other.clone()],
                    };
                    for item in items {
                        match item {
                            lopdf::Object::String(bytes, _) => {
                                text.extend(bytes.iter().map(|&b| char::from(b)));
                            }
                            gap => {
                                assert!(gap.as_float().unwrap() < -200.0, "a gap, not a kern");
                                text.push(' ');
                            }
                        }
                    }
                    out.push((font.clone(), size, x, y, text));
                }
                _ => {}
            }
        }
    }
    out
}

const MM: f32 = 72.0 / 25.4;

#[test]
fn the_name_and_headings_are_bold_and_bullets_hang() {
    let long = "Led a team of 12 nurses on a 30-bed ward, cutting medication errors by 40% across three years with a new double-check routine";
    let text = format!(
        "Zoë Müller\nzoe@example.com\n\nEXPERIENCE\nSenior Nurse | Charité | 2019 - Present\n- {long}\n• Trained 25 students\n10. Audited 300 charts\n"
    );
    let runs = shown(&resume_pdf(&text).unwrap());
    let find = |needle: &str| {
        runs.iter()
            .find(|r| r.4.starts_with(needle))
            .unwrap_or_else(|| panic!("{needle} in {runs:?}"))
    };
    let close = |a: f32, b: f32| (a - b).abs() < 0.01;
    assert_eq!(find("ATS-Optimized").0, "F2");
    let name = find("Zo");
    assert_eq!(
        (name.0.as_str(), name.1),
        ("F2", 12.0),
        "the name in bold 12"
    );
    assert_eq!((find("zoe@").0.as_str(), find("zoe@").1), ("F1", 10.0));
    assert_eq!(
        (find("EXPERIENCE").0.as_str(), find("EXPERIENCE").1),
        ("F2", 10.0)
    );
    assert_eq!(find("Senior Nurse").0, "F1");
    // The bullet: its mark at the margin and its text 4 mm in, as one string.
    let bullet = find("- Led a team");
    assert!(close(bullet.2, 20.0 * MM), "{bullet:?}");
    let carried = runs
        .iter()
        .find(|r| r.3 < bullet.3 && (r.4.starts_with("new") || r.4.starts_with("routine")))
        .expect("the bullet wraps");
    assert!(close(carried.2, 24.0 * MM), "hanging indent: {carried:?}");
    assert!(close(bullet.3 - carried.3, 7.0 * MM), "the next row");
    // A mark wider than the indent keeps a space before its text.
    assert!(find("10. Audited").4.starts_with("10. "));
    // Rows break between words only: every word printed is a word of the text (compared
    // by their ASCII letters and digits, as the raw strings are WinAnsi bytes).
    let ascii = |w: &str| -> String { w.chars().filter(char::is_ascii_alphanumeric).collect() };
    let words: Vec<String> = text.split_whitespace().map(ascii).collect();
    for run in &runs[1..] {
        for word in run.4.split_whitespace().map(ascii) {
            assert!(words.contains(&word), "{word:?} is cut from a longer word");
        }
    }
}

/// `pdftotext` (Debian's poppler-utils) on `pdf`: what a recruiter's copy and paste gives.
fn pdftotext(pdf: &[u8]) -> String {
    let path = std::env::temp_dir().join(format!(
        "jobtap-pdftotext-{}-{:?}.pdf",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&path, pdf).unwrap();
    let out = std::process::Command::new("pdftotext")
        .args(["-enc", "UTF-8"])
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext runs: install poppler-utils (bash scripts/setup.sh test does)");
    std::fs::remove_file(&path).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn pdftotext_reads_back_the_text_line_by_line() {
    let upgraded_sample = "Zoë Müller-Øberg\nzoe@example.com | +49 30 1234567\n\nSUMMARY\nKrankenpflegerin, naïve façade café, Ærø, Señora Nuñez: “quoted” — dash – €5 ™ ½.\n\nEXPERIENCE\nSenior Nurse | Charité | 2019 - Present\n- Led a team of 12 nurses on a 30-bed ward, cutting medication errors by 40% across three years with a new double-check routine that the whole hospital later adopted\n• Trained 25 students\n\nSKILLS\nTriage, ECG, Łódź\n";
    let repeated = include_str!("../../fixtures/resumes/repeated-bullets.txt");
    for source in [STRONG_TXT, repeated, upgraded_sample] {
        let back = pdftotext(&resume_pdf(source).unwrap());
        let expected = format!("{PDF_TITLE}\n{}", to_win_ansi(source));
        // Word for word, accents included; "Ł" and "ź" print visibly as "?".
        assert_eq!(words(&back), words(&expected), "{back}");
        // Line by line: a bullet's mark stays with its text, and a wrapped line carries on
        // the line before it.
        let back_lines = non_blank_lines(&back);
        let mut at = 0;
        for line in non_blank_lines(&expected) {
            let mut rest = line.to_owned();
            while !rest.is_empty() {
                let printed = back_lines[at];
                assert!(rest.starts_with(printed), "{printed:?} starts {rest:?}");
                rest = rest[printed.len()..].trim_start().to_owned();
                at += 1;
            }
        }
        assert_eq!(at, back_lines.len());
    }
    assert!(pdftotext(&resume_pdf("Łódź").unwrap()).contains("?ód?"));
}

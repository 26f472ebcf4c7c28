//! The packed preview (`preview_import_packed`, `PreviewTable::packed`) and the head preview
//! (`preview_import_head`): the layout the browser decodes, byte offsets, and heads that agree
//! with the whole file wherever the bytes are cut.

use jobtap_core::csv_import::{
    CELLS_PER_ROW, ERROR_SEPARATOR, ImportError, ImportLimits, PackedPreview, PreviewRow,
    preview_import, preview_import_head, preview_import_packed,
};
use proptest::prelude::*;

const HEADER: &str =
    "company_name,job_title,job_description,location,job_type,salary_min,salary_max";

fn limits() -> ImportLimits {
    ImportLimits::default()
}

fn packed(text: &str) -> PackedPreview {
    preview_import_packed("jobs.csv", text.as_bytes(), &limits())
        .unwrap_or_else(|e| panic!("{e}: {text:?}"))
}

/// Row `index` read back from the packed form, as `previewRow` in import-preview.ts reads it:
/// cells are sliced from the text's UTF-8 bytes and decoded.
fn unpack_row(packed: &PackedPreview, index: usize) -> PreviewRow {
    let cell = |k: usize| {
        let at = index * CELLS_PER_ROW + k;
        let (start, end) = (packed.offsets[at] as usize, packed.offsets[at + 1] as usize);
        String::from_utf8(packed.text.as_bytes()[start..end].to_vec())
            .expect("offsets fall between characters")
    };
    let errors = cell(5);
    PreviewRow {
        row_number: packed.row_numbers[index] as usize,
        valid: packed.valid[index] == 1,
        company_name: cell(0),
        job_title: cell(1),
        location: cell(2),
        job_type: cell(3),
        salary: cell(4),
        errors: if errors.is_empty() {
            Vec::new()
        } else {
            errors.split(ERROR_SEPARATOR).map(str::to_owned).collect()
        },
    }
}

fn unpack(packed: &PackedPreview) -> Vec<PreviewRow> {
    (0..packed.row_count())
        .map(|i| unpack_row(packed, i))
        .collect()
}

/// A file with most of what changes how rows are read: quoted commas and line breaks, blank
/// lines, CRLF, non-ASCII text beyond the BMP, errors of several kinds.
fn varied_file() -> String {
    [
        HEADER,
        "\"Moyo, Dube & Partners\",Sales Lead,\"Line one\nline two\",Bulawayo,full-time,1500,2500",
        "",
        "Zürich Bäckerei,Baker 🥐,Bakes,Zürich,Part-time,,900",
        ",Dev,Builds,Remote,Internship,abc,",
        "\"Café \"\"Zoë\"\"\",Barista,\"Pours\r\ncoffee\",Gweru,Contract,1,000,",
        "Acme,,\"x\",Harare,Remote,5000,900",
        "中文公司,工程师,描述,北京,Remote,,",
        "",
    ]
    .join("\r\n")
}

#[test]
fn the_packed_table_holds_exactly_the_preview_rows_in_the_browsers_layout() {
    let text = varied_file();
    let table = preview_import("jobs.csv", text.as_bytes(), &limits()).unwrap();
    let packed = packed(&text);

    assert_eq!(unpack(&packed), table.rows);
    assert_eq!(packed.row_count(), table.rows.len());
    assert_eq!(packed.offsets.len(), table.rows.len() * CELLS_PER_ROW + 1);
    assert_eq!(packed.offsets[0], 0);
    assert_eq!(*packed.offsets.last().unwrap() as usize, packed.text.len());
    assert_eq!(
        (packed.valid_count, packed.invalid_count),
        (table.valid_count, table.invalid_count)
    );
    assert_eq!(packed.warnings, table.warnings);
    assert_eq!(packed.summary(), table.summary());
    // Written as it is read, or packed afterwards: the same bytes.
    assert_eq!(table.packed().unwrap(), packed);
}

#[test]
fn cells_follow_each_other_in_column_order_with_errors_joined_by_line_breaks() {
    let text =
        format!("{HEADER}\nAcme,Dev,Builds,Harare,remote,,2500\n,Dev,Builds,Harare,Intern,,\n");
    let packed = packed(&text);
    assert_eq!(
        packed.text,
        "AcmeDevHarareRemoteUp to 2500\
         DevHarareIntern\
         Row 3: Company name is required\n\
         Row 3: Job type must be one of: Full-time, Part-time, Contract, Remote"
    );
    assert_eq!(packed.offsets[..7], [0, 4, 7, 13, 19, 29, 29]);
    assert_eq!(packed.offsets[6..9], [29, 29, 32]);
}

#[test]
fn offsets_count_utf8_bytes_for_accents_and_emoji() {
    let text = format!("{HEADER}\nZürich AG,Dev 🚀,Builds,Zürich,Remote,,\n");
    let packed = packed(&text);
    // "Zürich AG" is 10 bytes ("ü" is two), "Dev 🚀" is 8 (the rocket is four), "Zürich" 7,
    // "Remote" 6, then the empty salary and errors.
    assert_eq!(packed.offsets, [0, 10, 18, 25, 31, 31, 31]);
    assert_eq!(packed.text.len(), 31);
}

#[test]
fn invalid_rows_are_listed_by_index_in_file_order() {
    let text = format!(
        "{HEADER}\nA,T,D,L,Remote,,\n,T,D,L,Remote,,\n\nB,T,D,L,Remote,,\nC,,D,L,Remote,,\nD,T,D,L,Nope,,\n"
    );
    let packed = packed(&text);
    assert_eq!(packed.invalid_rows, [1, 3, 4]);
    assert_eq!(packed.valid, [1, 0, 1, 0, 0]);
    // The blank line is skipped but still counts as a spreadsheet row.
    assert_eq!(packed.row_numbers, [2, 3, 5, 6, 7]);
    assert_eq!((packed.valid_count, packed.invalid_count), (2, 3));
}

#[test]
fn the_packed_preview_refuses_what_preview_import_refuses() {
    let rows = format!("{HEADER}\nA,T,D,L,Remote,,\nB,T,D,L,Remote,,\n");
    let one_row = ImportLimits {
        max_rows: 1,
        ..limits()
    };
    let small = ImportLimits {
        max_bytes: 10,
        ..limits()
    };
    for (name, text, limits) in [
        ("jobs.txt", rows.as_str(), limits()),
        ("jobs.csv", "", limits()),
        ("jobs.csv", HEADER, limits()),
        ("jobs.csv", "a,b\n1,2\n", limits()),
        ("jobs.csv", rows.as_str(), one_row),
        ("jobs.csv", rows.as_str(), small),
        ("jobs.csv", "company_name\n\"open", limits()),
    ] {
        let want = preview_import(name, text.as_bytes(), &limits).unwrap_err();
        assert_eq!(
            preview_import_packed(name, text.as_bytes(), &limits),
            Err(want),
            "{name} {text:?}"
        );
    }
}

#[test]
fn an_empty_table_packs_to_one_offset() {
    let table = jobtap_core::csv_import::PreviewTable {
        rows: Vec::new(),
        valid_count: 0,
        invalid_count: 0,
        warnings: Vec::new(),
    };
    let packed = table.packed().unwrap();
    assert_eq!(packed.offsets, [0]);
    assert!(packed.text.is_empty() && packed.row_numbers.is_empty());
}

#[test]
fn a_head_cut_anywhere_gives_the_first_rows_of_the_whole_file() {
    let text = varied_file();
    let bytes = text.as_bytes();
    let whole = unpack(&packed(&text));
    let mut longest = 0;
    for cut in HEADER.len()..=bytes.len() {
        let head = preview_import_head("jobs.csv", &bytes[..cut], 1000, false)
            .unwrap_or_else(|e| panic!("cut at {cut}: {e}"));
        let rows = unpack(&head);
        assert_eq!(rows[..], whole[..rows.len()], "cut at {cut}");
        assert!(rows.len() >= longest, "cut at {cut} lost rows");
        longest = rows.len();
    }
    assert_eq!(longest, whole.len());
}

#[test]
fn a_head_keeps_a_complete_last_row_and_drops_one_cut_inside_quotes() {
    let text = format!("{HEADER}\nA,T,D,L,Remote,,\nB,T,\"two\nlines\",L,Remote,,\n");
    let bytes = text.as_bytes();
    let after_first = text.find("B,T").unwrap();
    let head = preview_import_head("jobs.csv", &bytes[..after_first], 10, false).unwrap();
    assert_eq!(head.row_numbers, [2]);
    // Cut after "two\n": the quoted description is still open.
    let inside = text.find("lines").unwrap();
    let head = preview_import_head("jobs.csv", &bytes[..inside], 10, false).unwrap();
    assert_eq!(head.row_numbers, [2]);
    let head = preview_import_head("jobs.csv", bytes, 10, false).unwrap();
    assert_eq!(head.row_numbers, [2, 3]);
}

#[test]
fn a_head_cut_inside_a_character_decodes_as_the_whole_file_does() {
    let text = format!("{HEADER}\nZürich AG,Dev,D,Zürich,Remote,,\nÉcole,Dev,D,Genève,Remote,,\n");
    let bytes = text.as_bytes();
    // Between the two bytes of "É": without the cut at the line break this prefix is not UTF-8
    // and would be read as Windows-1252 ("ZÃ¼rich").
    let cut = text.find("École").unwrap() + 1;
    let head = preview_import_head("jobs.csv", &bytes[..cut], 10, false).unwrap();
    assert_eq!(unpack(&head)[0].company_name, "Zürich AG");

    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let whole = unpack(&preview_import_packed("jobs.csv", &utf16, &limits()).unwrap());
    for cut in 2..utf16.len() {
        let head = preview_import_head("jobs.csv", &utf16[..cut], 10, false).unwrap();
        let rows = unpack(&head);
        assert_eq!(rows[..], whole[..rows.len()], "UTF-16 cut at {cut}");
    }
}

#[test]
fn a_head_stops_at_max_rows_without_an_error() {
    let text = format!("{HEADER}\n{}", "A,T,D,L,Remote,,\n".repeat(50));
    let head = preview_import_head("jobs.csv", text.as_bytes(), 20, true).unwrap();
    assert_eq!(head.row_count(), 20);
    assert_eq!(head.row_numbers[19], 21);
    assert_eq!(unpack(&head)[..], unpack(&packed(&text))[..20]);
}

#[test]
fn a_whole_file_head_is_the_whole_preview_and_keeps_its_errors() {
    let text = varied_file();
    assert_eq!(
        preview_import_head("jobs.csv", text.as_bytes(), 1000, true).unwrap(),
        packed(&text)
    );
    for (name, text, want) in [
        ("jobs.txt", text.as_str(), ImportError::NotCsv),
        ("jobs.csv", HEADER, ImportError::HeaderOnly),
        ("jobs.csv", "a,b\n1,2\n", ImportError::MissingHeaders),
    ] {
        assert_eq!(
            preview_import_head(name, text.as_bytes(), 10, true),
            Err(want)
        );
    }
    assert!(matches!(
        preview_import_head("jobs.csv", b"company_name\n\"open", 10, true),
        Err(ImportError::Unreadable(_))
    ));
}

#[test]
fn a_head_without_a_complete_row_is_empty_but_still_refuses_what_no_row_can_fix() {
    for start in [
        "",
        "company_na",
        "company_name,job_title\n",
        "company_name,job_title\nAcme,De",
    ] {
        let head = preview_import_head("jobs.csv", start.as_bytes(), 10, false).unwrap();
        assert_eq!(head.row_count(), 0, "{start:?}");
        assert_eq!(head.offsets, [0]);
    }
    assert_eq!(
        preview_import_head("jobs.txt", b"a\n", 10, false),
        Err(ImportError::NotCsv)
    );
    assert_eq!(
        preview_import_head("jobs.csv", b"a,b\n1,2\n3,", 10, false),
        Err(ImportError::MissingHeaders)
    );
    assert!(matches!(
        preview_import_head("jobs.csv", b"company_name\nA\x00B\n", 10, false),
        Err(ImportError::Unreadable(_))
    ));
}

/// Text as people paste it, with a header that has the required columns most of the time.
fn csv_like() -> impl Strategy<Value = String> {
    let cell = "[a-zA-Z0-9 ,\";\r\n=éü中😀-]{0,12}";
    let row = prop::collection::vec(cell, 0..8).prop_map(|cells| cells.join(","));
    (
        prop::sample::select(vec![HEADER, "company_name,location", "x,y"]),
        prop::collection::vec(row, 0..10),
        prop::sample::select(vec!["\n", "\r\n", "\r"]),
    )
        .prop_map(|(header, rows, eol)| format!("{header}{eol}{}", rows.join(eol)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn packing_as_read_matches_packing_the_table(text in csv_like()) {
        let table = preview_import("jobs.csv", text.as_bytes(), &limits());
        let packed = preview_import_packed("jobs.csv", text.as_bytes(), &limits());
        match (table, packed) {
            (Ok(table), Ok(packed)) => {
                prop_assert_eq!(unpack(&packed), table.rows.clone());
                prop_assert_eq!(table.packed().unwrap(), packed);
            }
            (Err(a), Err(b)) => prop_assert_eq!(a, b),
            (a, b) => prop_assert!(false, "{:?} vs {:?}", a, b),
        }
    }

    #[test]
    fn every_head_is_a_prefix_of_the_whole_table(text in csv_like(), cut in any::<prop::sample::Index>()) {
        let Ok(whole) = preview_import_packed("jobs.csv", text.as_bytes(), &limits()) else {
            return Ok(());
        };
        let whole = unpack(&whole);
        let cut = cut.index(text.len() + 1);
        // A head of a file the whole parse accepts never fails.
        let head = preview_import_head("jobs.csv", &text.as_bytes()[..cut], 100, false).unwrap();
        let rows = unpack(&head);
        prop_assert_eq!(&rows[..], &whole[..rows.len()]);
    }
}

//! Text of a DOCX file: its main document part, one line per paragraph.
//!
//! The main part is the one `[Content_Types].xml` gives the WordprocessingML document type
//! (`word/document.xml` with every writer seen), found through the zip's central directory:
//! writers order their entries differently (python-docx and pandoc put the content types
//! first, LibreOffice and Google Docs last, some stream entries with their sizes after the
//! data), and none of that matters here.
//!
//! Only the main document is read (headers, footers and text boxes in other parts are
//! not), with its styles part for what the styles draw. Inside it: `w:t` is text, `w:tab` a
//! space, `w:br`/`w:cr` a line break, and `w:p` ends a line. A list paragraph (numbered
//! directly, or by its style as "List Bullet" is) starts with "• ", the mark Word draws; a
//! heading, and the paragraph after a list, follow a blank line. A table row of one paragraph
//! a cell (a real table) stays one line, its cells separated by " | "; a row that lays out the
//! page (cells of several paragraphs, lists, a heading in a cell) is read cell by cell in
//! reading order. Deleted revisions (`w:delText`) and field instructions (`w:instrText`) are
//! not document text.

use std::io::Read;

use quick_xml::Reader;
use quick_xml::events::{BytesRef, Event};

use super::ExtractError;
use super::sections::{count_dates, heading_of, strip_bullet};

/// Largest unpacked `document.xml` read, against zip bombs. A resume's main part is
/// rarely over 1 MB; anything beyond this is refused before more is inflated.
const MAX_DOCUMENT_XML: u64 = 16 * 1024 * 1024;
/// Most entries an archive may list. Word writes a few dozen parts (more with
/// images); thousands of entries only cost memory and time.
const MAX_ENTRIES: usize = 2_000;
/// Where nearly every writer puts the main part; used when the content types name none.
const DOCUMENT_PART: &str = "word/document.xml";
const CONTENT_TYPES: &str = "[Content_Types].xml";
/// The content type of a Word document's main part (macro-enabled files and templates
/// have others, and are not taken as documents).
const MAIN_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";
/// Largest `[Content_Types].xml` read: a few kilobytes in practice.
const MAX_CONTENT_TYPES: u64 = 1024 * 1024;

type Archive<'a> = zip::ZipArchive<std::io::Cursor<&'a [u8]>>;

/// Whether `bytes` are a Word (.docx) document: a zip whose content types name a
/// WordprocessingML main part that the archive holds.
pub(crate) fn is_docx(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK")
        && zip::ZipArchive::new(std::io::Cursor::new(bytes))
            .ok()
            .filter(|archive| archive.len() <= MAX_ENTRIES)
            .and_then(|mut archive| main_part(&mut archive))
            .is_some()
}

/// The name of the archive's main document part, if it is a Word document.
fn main_part(archive: &mut Archive<'_>) -> Option<String> {
    let mut types = Vec::new();
    archive
        .by_name(CONTENT_TYPES)
        .ok()?
        .take(MAX_CONTENT_TYPES)
        .read_to_end(&mut types)
        .ok()?;
    let part = main_part_in(&types)?;
    archive.index_for_name(&part).map(|_| part)
}

/// From `[Content_Types].xml`: the part an override gives the main type, else (no override
/// names one) the usual [`DOCUMENT_PART`]; `None` when the file is not content types at all
/// or names another main type (a .docm, a template).
fn main_part_in(types: &[u8]) -> Option<String> {
    let mut reader = Reader::from_reader(types);
    let mut buf = Vec::new();
    let mut seen_types = false;
    let mut other_main = false;
    loop {
        match reader.read_event_into(&mut buf).ok()? {
            Event::Start(e) | Event::Empty(e) => {
                let name = e.local_name();
                if name.as_ref() == "Types" {
                    seen_types = true;
                } else if name.as_ref() == "Override" {
                    let mut part = None;
                    let mut content_type = None;
                    for attr in e.attributes().flatten() {
                        let value = attr
                            .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                            .ok()?
                            .into_owned();
                        match attr.key.local_name().as_ref() {
                            "PartName" => part = Some(value),
                            "ContentType" => content_type = Some(value),
                            _ => {}
                        }
                    }
                    match (part, content_type.as_deref()) {
                        (Some(part), Some(MAIN_CONTENT_TYPE)) => {
                            return Some(part.trim_start_matches('/').to_string());
                        }
                        (_, Some(other)) if other.ends_with(".main+xml") => other_main = true,
                        _ => {}
                    }
                }
            }
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    (seen_types && !other_main).then(|| DOCUMENT_PART.to_string())
}

/// How much of an archive is read: the bounds a zip bomb runs into.
#[derive(Debug, Clone, Copy)]
struct Limits {
    max_part: u64,
    max_entries: usize,
}

const LIMITS: Limits = Limits {
    max_part: MAX_DOCUMENT_XML,
    max_entries: MAX_ENTRIES,
};

fn docx_error(reason: &str) -> ExtractError {
    ExtractError::Docx(reason.to_owned())
}

/// The text of the DOCX in `bytes`.
pub(super) fn docx_text(bytes: &[u8]) -> Result<String, ExtractError> {
    let xml = document_xml(bytes, LIMITS)?;
    paragraphs(&xml, &styles(bytes))
}

/// Largest styles part read: Word's own are a few hundred kilobytes.
const MAX_STYLES: u64 = 4 * 1024 * 1024;

/// The styles of the document in `bytes` (an archive [`document_xml`] has read): the part the
/// main part's relationships name, else `styles.xml` beside it; none when there is none.
fn styles(bytes: &[u8]) -> Styles {
    let read = || -> Option<Styles> {
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).ok()?;
        let main = main_part(&mut archive)?;
        let (folder, file) = main.rsplit_once('/').unwrap_or(("", main.as_str()));
        let relative = |target: &str| match target.strip_prefix('/') {
            Some(absolute) => absolute.to_owned(),
            None if folder.is_empty() => target.to_owned(),
            None => format!("{folder}/{target}"),
        };
        let rels = read_part(&mut archive, &relative(&format!("_rels/{file}.rels")));
        let named = rels
            .as_deref()
            .and_then(styles_target)
            .map(|t| relative(&t));
        let part = named.unwrap_or_else(|| relative("styles.xml"));
        Some(styles_in(&read_part(&mut archive, &part)?))
    };
    read().unwrap_or_default()
}

/// A part of at most [`MAX_STYLES`] bytes, as UTF-8.
fn read_part(archive: &mut Archive<'_>, name: &str) -> Option<String> {
    let part = archive.by_name(name).ok()?;
    if part.size() > MAX_STYLES {
        return None;
    }
    let mut xml = Vec::new();
    part.take(MAX_STYLES).read_to_end(&mut xml).ok()?;
    let xml = xml.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&xml);
    String::from_utf8(xml.to_vec()).ok()
}

/// The target of the styles relationship in a relationships part.
fn styles_target(rels: &str) -> Option<String> {
    let mut reader = Reader::from_str(rels);
    loop {
        match reader.read_event().ok()? {
            Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == "Relationship" => {
                let styles = attribute(&e, "Type").is_some_and(|t| t.ends_with("/styles"));
                if styles {
                    return attribute(&e, "Target");
                }
            }
            Event::Eof => return None,
            _ => {}
        }
    }
}

/// The unpacked main document part, as UTF-8. The part's declared size is checked
/// first (an honest bomb is refused without inflating a byte); a part inflating past
/// its declared size is stopped by zip as damaged, and the read is limited as well,
/// so no reader version can inflate more than `max_part + 1` bytes.
fn document_xml(bytes: &[u8], limits: Limits) -> Result<String, ExtractError> {
    let too_large = || docx_error("its document part is too large");
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes))
        .map_err(|_| docx_error("it is not a valid zip archive"))?;
    if archive.len() > limits.max_entries {
        return Err(docx_error("it has too many parts"));
    }
    let name = main_part(&mut archive).ok_or_else(|| docx_error("it has no document part"))?;
    let part = archive
        .by_name(&name)
        .map_err(|_| docx_error("it has no document part"))?;
    if part.size() > limits.max_part {
        return Err(too_large());
    }
    let mut xml = Vec::new();
    part.take(limits.max_part + 1)
        .read_to_end(&mut xml)
        .map_err(|_| docx_error("its document part is damaged"))?;
    if xml.len() as u64 > limits.max_part {
        return Err(too_large());
    }
    let xml = xml.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&xml);
    String::from_utf8(xml.to_vec()).map_err(|_| docx_error("its document part is not UTF-8"))
}

/// How the document's paragraph styles look: which draw a list mark, which are headings.
#[derive(Debug, Default)]
struct Styles {
    /// Style ids whose paragraphs are list items: the style (or one it is based on) has
    /// Word numbering, as "List Bullet" has.
    lists: Vec<String>,
    /// Style ids of headings: "Title", "heading 1" … or an outline level.
    headings: Vec<String>,
    /// Whether the document's styles were read; without them, style ids are judged by name.
    read: bool,
}

impl Styles {
    fn is_list(&self, id: &str) -> bool {
        if self.read {
            self.lists.iter().any(|s| s == id)
        } else {
            id.starts_with("ListBullet") || id.starts_with("ListNumber")
        }
    }

    fn is_heading(&self, id: &str) -> bool {
        if self.read {
            self.headings.iter().any(|s| s == id)
        } else {
            id.starts_with("Heading") || id == "Title"
        }
    }
}

/// One paragraph style as `styles.xml` defines it.
#[derive(Debug, Default)]
struct StyleDef {
    id: String,
    based_on: Option<String>,
    /// `Some(true)` with numbering, `Some(false)` when numbering is switched off (numId 0).
    numbered: Option<bool>,
    heading: bool,
}

/// The list and heading styles of a `styles.xml`, each style taking what it lacks from the
/// style it is based on. A damaged styles part reads as no styles: the text still reads.
fn styles_in(xml: &str) -> Styles {
    let mut reader = Reader::from_str(xml);
    let mut defs: Vec<StyleDef> = Vec::new();
    let mut current: Option<StyleDef> = None;
    loop {
        let Ok(event) = reader.read_event() else {
            return Styles::default();
        };
        match event {
            Event::Start(e) | Event::Empty(e) => {
                let val = attribute(&e, "val");
                match e.local_name().as_ref() {
                    "style" => {
                        let paragraph = attribute(&e, "type").as_deref() == Some("paragraph");
                        current =
                            attribute(&e, "styleId")
                                .filter(|_| paragraph)
                                .map(|id| StyleDef {
                                    id,
                                    ..StyleDef::default()
                                });
                    }
                    "basedOn" => {
                        if let Some(def) = current.as_mut() {
                            def.based_on = val;
                        }
                    }
                    "name" => {
                        if let Some(def) = current.as_mut() {
                            let name = val.unwrap_or_default().to_lowercase();
                            def.heading |= name == "title" || name.starts_with("heading ");
                        }
                    }
                    "outlineLvl" => {
                        if let Some(def) = current.as_mut() {
                            def.heading |= val.and_then(|v| v.parse::<u8>().ok()).unwrap_or(9) < 9;
                        }
                    }
                    "numId" => {
                        if let Some(def) = current.as_mut() {
                            def.numbered = Some(val.as_deref() != Some("0"));
                        }
                    }
                    _ => {}
                }
            }
            Event::End(e) if e.local_name().as_ref() == "style" => {
                defs.extend(current.take());
            }
            Event::Eof => break,
            _ => {}
        }
    }
    let find = |id: &str| defs.iter().find(|d| d.id == id);
    // The chain of a style and those it is based on, at most a few deep (Word allows no loop,
    // a damaged file might).
    let chain = |def| {
        let mut out: Vec<&StyleDef> = vec![def];
        while let Some(next) = out
            .last()
            .and_then(|d| d.based_on.as_deref())
            .and_then(find)
            .filter(|_| out.len() < 16)
        {
            out.push(next);
        }
        out
    };
    let mut styles = Styles {
        read: true,
        ..Styles::default()
    };
    for def in &defs {
        let chain = chain(def);
        if chain.iter().find_map(|d| d.numbered) == Some(true) {
            styles.lists.push(def.id.clone());
        }
        if chain.iter().any(|d| d.heading) {
            styles.headings.push(def.id.clone());
        }
    }
    styles
}

/// The value of the attribute whose local name is `name`.
fn attribute(e: &quick_xml::events::BytesStart<'_>, name: &str) -> Option<String> {
    e.attributes().flatten().find_map(|attr| {
        (attr.key.local_name().as_ref() == name)
            .then(|| {
                attr.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                    .ok()
                    .map(std::borrow::Cow::into_owned)
            })
            .flatten()
    })
}

/// A paragraph as read: its text, and whether Word draws it as a list item or a heading.
#[derive(Debug, Default, Clone)]
struct Paragraph {
    text: String,
    style: Option<String>,
    /// From the paragraph's own numbering: `Some(false)` when it switches a style's off.
    numbered: Option<bool>,
    list: bool,
    heading: bool,
}

impl Paragraph {
    fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }
}

/// A table being read: its rows' cells, each cell's paragraphs.
#[derive(Default)]
struct Table {
    row: Vec<Vec<Paragraph>>,
}

/// What the walk is inside of, for the elements whose text is skipped or kept.
struct Walk<'s> {
    styles: &'s Styles,
    out: String,
    /// Whether the last paragraph written was a list item; `None` before the first.
    last_list: Option<bool>,
    /// The paragraphs being read: more than one inside a text box, whose paragraphs sit in
    /// a run of the paragraph holding it.
    paragraphs: Vec<Paragraph>,
    /// Depth inside `w:pPr`, where a paragraph's style and numbering are.
    in_properties: u32,
    /// Depth inside `w:t` (text kept).
    in_text: u32,
    /// Depth inside elements whose text is not document text.
    in_skipped: u32,
    /// Tables being read, innermost last.
    tables: Vec<Table>,
}

impl<'s> Walk<'s> {
    fn new(styles: &'s Styles) -> Self {
        Self {
            styles,
            out: String::new(),
            last_list: None,
            paragraphs: Vec::new(),
            in_properties: 0,
            in_text: 0,
            in_skipped: 0,
            tables: Vec::new(),
        }
    }

    fn start(&mut self, e: &quick_xml::events::BytesStart<'_>) {
        match e.local_name().as_ref() {
            "t" => self.in_text += 1,
            "delText" | "instrText" => self.in_skipped += 1,
            "p" => self.paragraphs.push(Paragraph::default()),
            "pPr" => self.in_properties += 1,
            "tbl" => self.tables.push(Table::default()),
            "tr" => {
                if let Some(table) = self.tables.last_mut() {
                    table.row.clear();
                }
            }
            "tc" => {
                if let Some(table) = self.tables.last_mut() {
                    table.row.push(Vec::new());
                }
            }
            _ => self.property(e),
        }
    }

    /// A paragraph property: its style, or its own numbering.
    fn property(&mut self, e: &quick_xml::events::BytesStart<'_>) {
        if self.in_properties == 0 {
            return;
        }
        let Some(paragraph) = self.paragraphs.last_mut() else {
            return;
        };
        match e.local_name().as_ref() {
            "pStyle" => paragraph.style = attribute(e, "val"),
            "numId" => paragraph.numbered = Some(attribute(e, "val").as_deref() != Some("0")),
            _ => {}
        }
    }

    fn end(&mut self, local: &str) {
        match local {
            "t" => self.in_text = self.in_text.saturating_sub(1),
            "delText" | "instrText" => self.in_skipped = self.in_skipped.saturating_sub(1),
            "pPr" => self.in_properties = self.in_properties.saturating_sub(1),
            "p" => self.end_paragraph(),
            "tr" => self.end_row(),
            "tbl" => {
                self.tables.pop();
            }
            _ => {}
        }
    }

    fn empty(&mut self, e: &quick_xml::events::BytesStart<'_>) {
        match e.local_name().as_ref() {
            "tab" if self.in_skipped == 0 => self.push_text(" "),
            "br" | "cr" if self.in_skipped == 0 => self.push_text("\n"),
            "p" => {
                self.paragraphs.push(Paragraph::default());
                self.end_paragraph();
            }
            _ => self.property(e),
        }
    }

    fn text(&mut self, text: &str) {
        if self.in_text > 0 && self.in_skipped == 0 {
            self.push_text(text);
        }
    }

    fn push_text(&mut self, text: &str) {
        if self.paragraphs.is_empty() {
            self.paragraphs.push(Paragraph::default());
        }
        if let Some(paragraph) = self.paragraphs.last_mut() {
            paragraph.text.push_str(text);
        }
    }

    fn end_paragraph(&mut self) {
        let Some(mut paragraph) = self.paragraphs.pop() else {
            return;
        };
        let style = paragraph.style.as_deref().unwrap_or_default();
        paragraph.list = paragraph
            .numbered
            .unwrap_or_else(|| self.styles.is_list(style));
        paragraph.heading = self.styles.is_heading(style);
        match self.tables.last_mut().and_then(|t| t.row.last_mut()) {
            Some(cell) => {
                if !paragraph.is_blank() {
                    cell.push(paragraph);
                }
            }
            None => self.write(&paragraph),
        }
    }

    /// A table row: a row of a real table (one paragraph a cell) stays one line, its cells
    /// separated by " | "; a row laying out a page (a cell of several paragraphs, a list, a
    /// heading beside its text) is read cell by cell, left to right, a paragraph a line.
    fn end_row(&mut self) {
        let Some(table) = self.tables.last_mut() else {
            return;
        };
        let cells: Vec<Vec<Paragraph>> = std::mem::take(&mut table.row)
            .into_iter()
            .filter(|cell| !cell.is_empty())
            .collect();
        let layout = cells.iter().flatten().any(|p| p.list || p.heading)
            || cells.iter().any(|cell| cell.len() > 1)
            || (cells.len() > 1 && cells.iter().flatten().any(|p| reads_as_heading(&p.text)));
        let paragraphs: Vec<Paragraph> = if layout {
            let mut lines: Vec<Paragraph> = cells
                .iter()
                .flatten()
                .cloned()
                .map(|mut p| {
                    p.heading |= reads_as_heading(&p.text);
                    p
                })
                .collect();
            // Dates alone on the left, the role they are of first on the right: one entry line.
            if let [dates, beside, ..] = &cells[..]
                && let ([date], [first, ..]) = (&dates[..], &beside[..])
                && count_dates(&date.text) > 0
                && ![date, first]
                    .iter()
                    .any(|p| p.list || reads_as_heading(&p.text))
            {
                let joined = Paragraph {
                    text: format!("{} | {}", date.text.trim(), first.text.trim()),
                    ..Paragraph::default()
                };
                lines.splice(0..2, [joined]);
            }
            lines
        } else if cells.is_empty() {
            Vec::new()
        } else {
            let text: Vec<&str> = cells.iter().flatten().map(|p| p.text.trim()).collect();
            vec![Paragraph {
                text: text.join(" | "),
                ..Paragraph::default()
            }]
        };
        // A table inside a cell gives its lines to that cell.
        match self
            .tables
            .len()
            .checked_sub(2)
            .and_then(|outer| self.tables[outer].row.last_mut())
        {
            Some(cell) => cell.extend(paragraphs),
            None => {
                for paragraph in &paragraphs {
                    self.write(paragraph);
                }
            }
        }
    }

    /// Writes one paragraph as a line. A list item gets a bullet mark, as Word draws one.
    /// Paragraphs are apart by a blank line (items of one list excepted): in Word a paragraph
    /// wraps by itself, so no paragraph is a wrapped line of the one above, as a reader of
    /// plain text may otherwise take a title line and the duty under it to be.
    fn write(&mut self, paragraph: &Paragraph) {
        let text = paragraph.text.trim_end();
        if text.trim().is_empty() {
            return;
        }
        if self
            .last_list
            .is_some_and(|last| !(last && paragraph.list) || paragraph.heading)
        {
            self.out.push('\n');
        }
        if paragraph.list && strip_bullet(text).is_none() {
            self.out.push_str(LIST_MARK);
        }
        self.out.push_str(text);
        self.out.push('\n');
        self.last_list = Some(paragraph.list);
    }

    fn reference(&mut self, reference: &BytesRef) -> Result<(), ExtractError> {
        let text = match reference.resolve_char_ref() {
            Ok(Some(c)) => c.to_string(),
            Ok(None) => quick_xml::escape::resolve_predefined_entity(reference)
                .ok_or_else(|| docx_error("its document part has an unknown entity"))?
                .to_owned(),
            Err(_) => return Err(docx_error("its document part has a bad character")),
        };
        self.text(&text);
        Ok(())
    }
}

/// The mark a Word list item is written with: bulleted and numbered lists alike, as the
/// analysis counts both as bullet points.
const LIST_MARK: &str = "• ";

/// Whether a cell's text is a section heading ("Work Experience", "EDUCATION").
fn reads_as_heading(text: &str) -> bool {
    heading_of(text.trim(), true).is_some_and(|(_, _, rest)| rest.is_none())
}

/// Walks the WordprocessingML and writes one line per paragraph.
fn paragraphs(xml: &str, styles: &Styles) -> Result<String, ExtractError> {
    let mut reader = Reader::from_str(xml);
    let mut walk = Walk::new(styles);
    let bad_xml = |_| docx_error("its document part is not well-formed XML");
    loop {
        match reader.read_event().map_err(bad_xml)? {
            Event::Start(e) => walk.start(&e),
            Event::End(e) => walk.end(e.local_name().as_ref()),
            Event::Empty(e) => walk.empty(&e),
            Event::Text(e) => walk.text(&e.xml10_content()),
            Event::CData(e) => walk.text(&e),
            Event::GeneralRef(e) => walk.reference(&e)?,
            Event::Eof => break,
            _ => {}
        }
    }
    // Text after the last paragraph's end (a damaged or hand-made file) is still text.
    while !walk.paragraphs.is_empty() {
        walk.end_paragraph();
    }
    Ok(walk.out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: &str = "xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"";

    fn body(inner: &str) -> String {
        format!("<?xml version=\"1.0\"?><w:document {W}><w:body>{inner}</w:body></w:document>")
    }

    #[test]
    fn paragraphs_tabs_breaks_and_entities() {
        let xml = body(
            "<w:p><w:r><w:t>Jane</w:t></w:r><w:r><w:tab/><w:t xml:space=\"preserve\">Doe &amp; Co &#x263A;</w:t></w:r></w:p>\
             <w:p/>\
             <w:p><w:r><w:t>one</w:t><w:br/><w:t>two</w:t></w:r></w:p>",
        );
        assert_eq!(
            paragraphs(&xml, &Styles::default()).unwrap(),
            "Jane Doe & Co ☺\n\none\ntwo\n"
        );
    }

    #[test]
    fn deleted_text_and_field_codes_are_not_text() {
        let xml = body(
            "<w:p><w:r><w:delText>old</w:delText></w:r><w:r><w:instrText> HYPERLINK \"x\" </w:instrText></w:r><w:r><w:t>kept</w:t></w:r></w:p>",
        );
        assert_eq!(paragraphs(&xml, &Styles::default()).unwrap(), "kept\n");
    }

    #[test]
    fn table_rows_are_lines_with_cells_separated() {
        let xml = body(
            "<w:tbl><w:tr><w:tc><w:p><w:r><w:t>2021</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Acme</w:t></w:r></w:p></w:tc></w:tr></w:tbl>",
        );
        assert_eq!(
            paragraphs(&xml, &Styles::default()).unwrap(),
            "2021 | Acme\n"
        );
    }

    #[test]
    fn list_paragraphs_get_a_bullet_and_paragraphs_stand_apart() {
        let styles = styles_in(
            r#"<w:styles xmlns:w="w"><w:style w:type="paragraph" w:styleId="ListBullet"><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style><w:style w:type="paragraph" w:styleId="MyList"><w:basedOn w:val="ListBullet"/></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style></w:styles>"#,
        );
        assert_eq!(styles.lists, ["ListBullet", "MyList"]);
        assert_eq!(styles.headings, ["Heading1"]);
        let xml = body(
            "<w:p><w:r><w:t>Driver, Acme, 2020 to date</w:t></w:r></w:p>\
             <w:p><w:pPr><w:pStyle w:val=\"MyList\"/></w:pPr><w:r><w:t>Drove</w:t></w:r></w:p>\
             <w:p><w:pPr><w:numPr><w:ilvl w:val=\"0\"/><w:numId w:val=\"4\"/></w:numPr></w:pPr><w:r><w:t>Loaded</w:t></w:r></w:p>\
             <w:p><w:pPr><w:pStyle w:val=\"ListBullet\"/><w:numPr><w:numId w:val=\"0\"/></w:numPr></w:pPr><w:r><w:t>Not a list</w:t></w:r></w:p>\
             <w:p><w:pPr><w:pStyle w:val=\"Heading1\"/></w:pPr><w:r><w:t>Education</w:t></w:r></w:p>",
        );
        assert_eq!(
            paragraphs(&xml, &styles).unwrap(),
            "Driver, Acme, 2020 to date\n\n• Drove\n• Loaded\n\nNot a list\n\nEducation\n"
        );
    }

    #[test]
    fn a_layout_table_is_read_cell_by_cell() {
        let cell = |paragraphs: &[&str]| {
            let inner = paragraphs.join("</w:t></w:r></w:p><w:p><w:r><w:t>");
            if paragraphs.is_empty() {
                "<w:tc></w:tc>".to_owned()
            } else {
                format!("<w:tc><w:p><w:r><w:t>{inner}</w:t></w:r></w:p></w:tc>")
            }
        };
        let row = |cells: &[String]| format!("<w:tr>{}</w:tr>", cells.concat());
        let xml = body(&format!(
            "<w:tbl>{}{}{}</w:tbl>",
            row(&[cell(&["Work Experience"]), cell(&[])]),
            row(&[
                cell(&["2019 – Present"]),
                cell(&["Cook, Ilala Lodge", "Ran the grill."])
            ]),
            row(&[cell(&["Skills"]), cell(&["Baking"])]),
        ));
        assert_eq!(
            paragraphs(&xml, &Styles::default()).unwrap(),
            "Work Experience\n\n2019 – Present | Cook, Ilala Lodge\n\nRan the grill.\n\nSkills\n\nBaking\n"
        );
    }

    /// Bits written least significant first, as deflate packs them.
    #[derive(Default)]
    struct Bits {
        out: Vec<u8>,
        used: u32,
    }

    impl Bits {
        fn put(&mut self, value: u32, count: u32) {
            for i in 0..count {
                if self.used.is_multiple_of(8) {
                    self.out.push(0);
                }
                let bit = ((value >> i) & 1) as u8;
                *self.out.last_mut().unwrap() |= bit << (self.used % 8);
                self.used += 1;
            }
        }

        /// A Huffman code: most significant bit first.
        fn code(&mut self, code: u32, len: u32) {
            for i in (0..len).rev() {
                self.put((code >> i) & 1, 1);
            }
        }
    }

    /// A raw deflate stream that inflates to `1 + 258 * matches` zero bytes: one
    /// dynamic block whose "copy 258 bytes from 1 back" costs two bits.
    fn zero_bomb(matches: u64) -> Vec<u8> {
        let mut b = Bits::default();
        b.put(1, 1); // final block
        b.put(2, 2); // dynamic Huffman
        b.put(29, 5); // 286 literal/length codes
        b.put(0, 5); // 1 distance code
        b.put(14, 4); // 18 code-length codes
        // Code-length code lengths in RFC 1951 order 16,17,18,0,8,7,9,6,10,5,11,4,12,3,13,2,14,1:
        // symbol 18 (a run of zeros) gets 1 bit, lengths 1 and 2 get 2 bits.
        for len in [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2] {
            b.put(len, 3);
        }
        // Canonical codes: 18 -> 0, 1 -> 10, 2 -> 11.
        let (zeros, one, two) = ((0, 1), (0b10, 2), (0b11, 2));
        b.code(two.0, two.1); // literal 0: length 2
        b.code(zeros.0, zeros.1);
        b.put(127, 7); // 138 zeros (literals 1..=138)
        b.code(zeros.0, zeros.1);
        b.put(106, 7); // 117 zeros (139..=255)
        b.code(two.0, two.1); // end of block: length 2
        b.code(zeros.0, zeros.1);
        b.put(17, 7); // 28 zeros (257..=284)
        b.code(one.0, one.1); // 285 (length 258): length 1
        b.code(one.0, one.1); // distance code 0 (distance 1): length 1
        // Literal/length codes: 285 -> 0, literal 0 -> 10, end -> 11; distance 0 -> 0.
        b.code(0b10, 2);
        for _ in 0..matches {
            b.code(0, 1);
            b.code(0, 1);
        }
        b.code(0b11, 2);
        b.out
    }

    struct Entry<'a> {
        name: &'a str,
        deflated: bool,
        data: Vec<u8>,
        crc: u32,
        size: u32,
    }

    fn stored<'a>(name: &'a str, data: &[u8]) -> Entry<'a> {
        let mut crc = flate2::Crc::new();
        crc.update(data);
        Entry {
            name,
            deflated: false,
            data: data.to_vec(),
            crc: crc.sum(),
            size: data.len() as u32,
        }
    }

    /// A zip archive with consistent local and central headers.
    fn zip_of(entries: &[Entry]) -> Vec<u8> {
        // Every Word file lists its content types; with none named, the main part is the usual one.
        let types = stored(CONTENT_TYPES, b"<Types/>");
        let entries: Vec<&Entry> = std::iter::once(&types).chain(entries).collect();
        let mut out = Vec::new();
        let mut central = Vec::new();
        for e in &entries {
            let offset = out.len() as u32;
            let method: u16 = if e.deflated { 8 } else { 0 };
            let common = |buf: &mut Vec<u8>| {
                buf.extend(20u16.to_le_bytes()); // version needed
                buf.extend(0u16.to_le_bytes()); // flags
                buf.extend(method.to_le_bytes());
                buf.extend(0u16.to_le_bytes()); // time
                buf.extend(0x21u16.to_le_bytes()); // date: 1980-01-01
                buf.extend(e.crc.to_le_bytes());
                buf.extend((e.data.len() as u32).to_le_bytes());
                buf.extend(e.size.to_le_bytes());
                buf.extend((e.name.len() as u16).to_le_bytes());
                buf.extend(0u16.to_le_bytes()); // extra length
            };
            out.extend(0x0403_4b50u32.to_le_bytes());
            common(&mut out);
            out.extend(e.name.as_bytes());
            out.extend(&e.data);
            central.extend(0x0201_4b50u32.to_le_bytes());
            central.extend(20u16.to_le_bytes()); // made by
            common(&mut central);
            central.extend([0u8; 6]); // comment length, disk, internal attributes
            central.extend(0u32.to_le_bytes()); // external attributes
            central.extend(offset.to_le_bytes());
            central.extend(e.name.as_bytes());
        }
        let central_offset = out.len() as u32;
        out.extend(&central);
        out.extend(0x0605_4b50u32.to_le_bytes());
        out.extend([0u8; 4]); // disk numbers
        out.extend((entries.len() as u16).to_le_bytes());
        out.extend((entries.len() as u16).to_le_bytes());
        out.extend((central.len() as u32).to_le_bytes());
        out.extend(central_offset.to_le_bytes());
        out.extend(0u16.to_le_bytes());
        out
    }

    const GIB_MATCHES: u64 = (1 << 30) / 258;

    #[test]
    fn the_bomb_stream_really_inflates_to_zeros() {
        let mut inflated = Vec::new();
        flate2::read::DeflateDecoder::new(&zero_bomb(1000)[..])
            .read_to_end(&mut inflated)
            .unwrap();
        assert_eq!(inflated.len(), 1 + 258 * 1000);
        assert!(inflated.iter().all(|&b| b == 0));
    }

    #[test]
    fn a_bomb_declaring_its_size_is_refused_before_inflating() {
        // The data is not even deflate: refusing with "too large" shows it was never read.
        let bomb = zip_of(&[Entry {
            name: DOCUMENT_PART,
            deflated: true,
            data: vec![0xFF; 64],
            crc: 0,
            size: 1 << 30,
        }]);
        let err = document_xml(&bomb, LIMITS).unwrap_err();
        assert!(err.to_string().contains("too large"), "{err}");
    }

    #[test]
    fn a_bomb_lying_about_its_size_stops_at_the_limit() {
        // 1 GiB of zeros in about 1 MB, declaring 100 bytes.
        let data = zero_bomb(GIB_MATCHES);
        assert!(data.len() < 1_100_000, "{}", data.len());
        let bomb = zip_of(&[Entry {
            name: DOCUMENT_PART,
            deflated: true,
            data,
            crc: 0,
            size: 100,
        }]);
        // zip stops a part inflating past its declared size ("damaged"); the
        // limited read is the bound should that check ever go.
        let err = docx_text(&bomb).unwrap_err();
        assert!(matches!(err, ExtractError::Docx(_)), "{err}");
        assert!(err.to_string().contains("damaged"), "{err}");
    }

    #[test]
    fn a_part_exactly_at_the_limit_is_read_and_one_byte_more_is_not() {
        let limits = Limits {
            max_part: 64,
            max_entries: 4,
        };
        let at_limit = "a".repeat(64);
        let doc = zip_of(&[stored(DOCUMENT_PART, at_limit.as_bytes())]);
        assert_eq!(document_xml(&doc, limits).unwrap(), at_limit);
        let over = "a".repeat(65);
        let doc = zip_of(&[stored(DOCUMENT_PART, over.as_bytes())]);
        assert!(document_xml(&doc, limits).is_err());
    }

    #[test]
    fn an_archive_with_too_many_entries_is_refused() {
        let names: Vec<String> = (0..5).map(|i| format!("word/media/{i}.bin")).collect();
        let mut entries: Vec<Entry> = names.iter().map(|n| stored(n, b"x")).collect();
        entries.push(stored(DOCUMENT_PART, b"<w:document/>"));
        let doc = zip_of(&entries);
        // Seven entries with the content types.
        let limits = Limits {
            max_entries: 6,
            ..LIMITS
        };
        let err = document_xml(&doc, limits).unwrap_err();
        assert!(err.to_string().contains("too many parts"), "{err}");
        let limits = Limits {
            max_entries: 7,
            ..LIMITS
        };
        assert_eq!(document_xml(&doc, limits).unwrap(), "<w:document/>");
    }

    #[test]
    fn malformed_xml_is_a_docx_error() {
        let xml = body("<w:p><w:t>open</w:p>");
        assert!(matches!(
            paragraphs(&xml, &Styles::default()),
            Err(ExtractError::Docx(_))
        ));
    }
}

//! A document to read in the page without downloading it: its text as HTML that holds
//! nothing but the text (every character escaped, no attribute, link, image or script), laid
//! out as the file's own paragraphs, headings and lists. The page shows it in a sandboxed
//! frame; the original stays downloadable. PDFs are shown by the browser's own viewer instead.

use std::fmt::Write as _;

use super::sections::{heading_of, strip_bullet};
use super::{ExtractError, extract_text};
use crate::format::escape_html;

/// The HTML page of the document `file_name` with `bytes` (a Word file of any writer, an older
/// `.doc`, or text); the reader's error when its text cannot be read.
pub fn preview_html(file_name: &str, bytes: &[u8]) -> Result<String, ExtractError> {
    let text = extract_text(file_name, bytes)?.text;
    Ok(page(&body(&text)))
}

fn body(text: &str) -> String {
    let mut html = String::new();
    let mut in_list = false;
    for line in text.lines().map(str::trim) {
        let item = strip_bullet(line);
        if in_list && item.is_none() {
            html.push_str("</ul>\n");
            in_list = false;
        }
        if line.is_empty() {
            continue;
        }
        if let Some(item) = item {
            if !in_list {
                html.push_str("<ul>\n");
                in_list = true;
            }
            let _ = writeln!(html, "<li>{}</li>", escape_html(item.trim()));
        } else if heading_of(line, true).is_some() {
            let _ = writeln!(html, "<h2>{}</h2>", escape_html(line));
        } else {
            let _ = writeln!(html, "<p>{}</p>", escape_html(line));
        }
    }
    if in_list {
        html.push_str("</ul>\n");
    }
    html
}

fn page(body: &str) -> String {
    format!(
        "<!doctype html>\n<html><head><meta charset=\"utf-8\"><style>\
         body{{font:15px/1.55 system-ui,sans-serif;color:#0f172a;margin:1.25rem;overflow-wrap:anywhere}}\
         h2{{font-size:1rem;text-transform:uppercase;letter-spacing:.04em;margin:1.25rem 0 .5rem}}\
         p{{margin:.35rem 0}}ul{{margin:.35rem 0;padding-left:1.25rem}}</style></head>\
         <body>\n{body}</body></html>\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_keeps_its_headings_lists_and_paragraphs_and_nothing_runs() {
        let text = "RUDO DUBE\nStaff Nurse | Harare\n\nEXPERIENCE\n• Triaged <b>40</b> patients a shift\n\
                    • Ran the ward's \"IPC\" audits\nParirenyatwa Hospital, 2019 – 2024\n\n\
                    SKILLS\nWound care, <script>alert(1)</script>";
        let html = preview_html("cv.txt", text.as_bytes()).unwrap();
        assert!(html.contains("<h2>EXPERIENCE</h2>"), "{html}");
        assert!(html.contains("<h2>SKILLS</h2>"), "{html}");
        assert!(
            html.contains(
                "<ul>\n<li>Triaged &lt;b&gt;40&lt;/b&gt; patients a shift</li>\n\
                 <li>Ran the ward&#39;s &quot;IPC&quot; audits</li>\n</ul>\n\
                 <p>Parirenyatwa Hospital, 2019 – 2024</p>"
            ),
            "{html}"
        );
        assert!(!html.contains("<script>"), "{html}");
        assert!(
            html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
            "{html}"
        );
        assert!(!html.contains(" href") && !html.contains(" src"), "{html}");
    }

    #[test]
    fn an_unreadable_file_says_why() {
        assert!(matches!(
            preview_html("photo.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"),
            Err(ExtractError::NeedsOcr(_))
        ));
    }
}

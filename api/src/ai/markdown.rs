//! Chat answers are markdown; the browser gets them also as HTML rendered here,
//! where nothing unsafe survives.
//!
//! ## What it keeps
//! CommonMark with tables and strikethrough. Raw HTML (blocks and inline) is
//! dropped, images become their alt text, and links keep their target only
//! when it is `http(s)://…` or a path on this site (`/jobs`, `#top`); any other
//! link (`javascript:`, `data:`, `//host`) is reduced to its text.
//!
//! ## Why
//! Answers may come from a remote model that repeats what users or job posts
//! wrote, so the HTML must be safe to insert as it is.

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd, html};

/// `markdown` as safe HTML.
pub fn to_safe_html(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    // Links whose target was refused: their end tags must go too.
    let mut dropped_links: Vec<bool> = Vec::new();
    let mut in_image = 0usize;
    let events = Parser::new_ext(markdown, options).filter_map(|event| match event {
        Event::Html(_) | Event::InlineHtml(_) => None,
        Event::Start(Tag::Image { .. }) => {
            in_image += 1;
            None
        }
        Event::End(TagEnd::Image) => {
            in_image = in_image.saturating_sub(1);
            None
        }
        Event::Start(Tag::Link {
            link_type,
            dest_url,
            title,
            id,
        }) => {
            if in_image > 0 {
                return None;
            }
            let safe = is_safe_link(&dest_url);
            dropped_links.push(!safe);
            safe.then_some(Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }))
        }
        Event::End(TagEnd::Link) => {
            if in_image > 0 {
                return None;
            }
            match dropped_links.pop() {
                Some(true) => None,
                _ => Some(Event::End(TagEnd::Link)),
            }
        }
        other => Some(other),
    });
    let mut out = String::new();
    html::push_html(&mut out, events);
    out
}

/// Whether a link target may be kept: http(s) URLs and paths on this site.
pub fn is_safe_link(url: &CowStr<'_>) -> bool {
    let url = url.trim();
    // Browsers ignore tabs and newlines inside URLs ("java\tscript:"); refuse them outright.
    if url.chars().any(char::is_control) {
        return false;
    }
    let lower = url.to_ascii_lowercase();
    if lower.starts_with("https://") || lower.starts_with("http://") {
        return url.len() > "https://".len();
    }
    // A path here, but not `//host` (another site) nor `/\host` (the same, to some browsers).
    (url.starts_with('/') && !url.starts_with("//") && !url.starts_with("/\\"))
        || url.starts_with('#')
}

/// `raw` as literal markdown text: every ASCII punctuation character escaped, so
/// names such as `C#`, `[Lead]` or `<b>` print as written.
pub fn text(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len() + 8);
    for c in raw.chars() {
        if c.is_ascii_punctuation() {
            out.push('\\');
        }
        // Line breaks would end a list item or a heading.
        out.push(if c == '\n' || c == '\r' { ' ' } else { c });
    }
    out
}

/// A markdown link to the job page of `id`, labelled `label` (escaped).
pub fn job_link(id: &str, label: &str) -> String {
    let safe_id: String = id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    format!("[{}](/job/{safe_id})", text(label))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_and_raw_html_do_not_survive() {
        let html = to_safe_html(
            "Hi <script>alert(1)</script> there\n\n<div onclick=\"x()\">block</div>\n\n<img src=x onerror=alert(1)>",
        );
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("<div"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(!html.contains("onerror"), "{html}");
        assert!(html.contains("Hi "), "{html}");
    }

    #[test]
    fn only_http_and_local_links_keep_their_target() {
        let html = to_safe_html(
            "[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](data:text/html,x) \
             [d](//evil.example) [e](/job/123) [f](https://jobtap.app/x) <javascript:alert(1)>",
        );
        assert!(!html.to_lowercase().contains("href=\"javascript"), "{html}");
        assert_eq!(
            html.matches("<a ").count(),
            2,
            "only e and f stay links: {html}"
        );
        assert!(!html.contains("evil.example"), "{html}");
        assert!(html.contains(r#"<a href="/job/123">e</a>"#), "{html}");
        assert!(
            html.contains(r#"<a href="https://jobtap.app/x">f</a>"#),
            "{html}"
        );
        assert!(html.contains(" d "), "the text stays: {html}");
    }

    #[test]
    fn images_become_their_alt_text() {
        let html = to_safe_html("![a tracking pixel](https://evil.example/p.png)");
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains("a tracking pixel"), "{html}");
    }

    #[test]
    fn escaped_text_prints_as_written() {
        let md = format!(
            "{} {}",
            text("C# <b>[Lead]</b> *x*"),
            job_link("mock-1\"x", "A & B")
        );
        let html = to_safe_html(&md);
        assert!(html.contains("C# &lt;b&gt;[Lead]&lt;/b&gt; *x*"), "{html}");
        assert!(
            html.contains(r#"<a href="/job/mock-1x">A &amp; B</a>"#),
            "{html}"
        );
    }
}

//! How a resume's text is set when it is exported (PDF and Word): which line is the
//! name, which are section headings, which are bullets with their continuation lines.
//!
//! The blocks keep every character of the text in order (a bullet keeps its mark as
//! written), so the exported text reads back as the text itself. Headings and bullets
//! are recognised by the same rules as the analysis ([`super::sections`]).

use super::sections::{heading_of, strip_bullet};

/// Longest first line taken as the candidate's name.
const MAX_NAME_CHARS: usize = 60;

/// One line of the resume, as it is set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// The first line, when it reads as a name: no digits, no e-mail address.
    Name(String),
    /// A section heading ("EXPERIENCE", "Skills:").
    Heading(String),
    /// A bullet: its mark as written ("-", "•", "1.") and the text after it; a numbered
    /// one ("1.", "2)") keeps its number, where another mark may be drawn as a bullet.
    Bullet {
        mark: String,
        text: String,
        numbered: bool,
    },
    /// An indented line right under a bullet: the bullet's text carried on.
    Continued(String),
    /// Any other line, leading spaces kept.
    Line(String),
    /// A blank line between blocks.
    Gap,
}

impl Block {
    /// The same block with each of its texts (a bullet's mark too) passed through `f`:
    /// how an exporter fits the text to what its format can hold.
    #[must_use]
    pub fn map_text(self, f: impl Fn(&str) -> String) -> Block {
        match self {
            Block::Name(text) => Block::Name(f(&text)),
            Block::Heading(text) => Block::Heading(f(&text)),
            Block::Continued(text) => Block::Continued(f(&text)),
            Block::Line(text) => Block::Line(f(&text)),
            Block::Bullet {
                mark,
                text,
                numbered,
            } => Block::Bullet {
                mark: f(&mark),
                text: f(&text),
                numbered,
            },
            Block::Gap => Block::Gap,
        }
    }
}

/// The blocks of `text`, one per line (a line ends at "\n", "\r\n" or a lone "\r"); blank
/// lines at either end are dropped.
pub fn layout(text: &str) -> Vec<Block> {
    let text = if text.contains('\r') {
        std::borrow::Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        std::borrow::Cow::Borrowed(text)
    };
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let first = lines.iter().position(|l| !l.trim().is_empty());
    let Some(first) = first else {
        return Vec::new();
    };
    let last = lines
        .iter()
        .rposition(|l| !l.trim().is_empty())
        .unwrap_or(first);
    let mut blocks = Vec::with_capacity(last + 1 - first);
    let mut in_body = false;
    for (index, &line) in lines[first..=last].iter().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            blocks.push(Block::Gap);
            continue;
        }
        if let Some((_, _, rest)) = heading_of(trimmed, in_body) {
            in_body = true;
            // "Skills: Excel, SQL" opens a section but is a line of text, not a heading.
            blocks.push(match rest {
                None => Block::Heading(trimmed.to_owned()),
                Some(_) => Block::Line(line.to_owned()),
            });
            continue;
        }
        if let Some(rest) = strip_bullet(trimmed) {
            let mark = trimmed[..trimmed.len() - rest.len()].trim_end().to_owned();
            blocks.push(Block::Bullet {
                numbered: mark.starts_with(|c: char| c.is_ascii_digit()),
                mark,
                text: rest.to_owned(),
            });
            continue;
        }
        let under_bullet = matches!(
            blocks.last(),
            Some(Block::Bullet { .. } | Block::Continued(_))
        );
        if under_bullet && line.starts_with([' ', '\t']) {
            blocks.push(Block::Continued(trimmed.to_owned()));
        } else if index == 0 && is_name(trimmed) {
            blocks.push(Block::Name(trimmed.to_owned()));
        } else {
            blocks.push(Block::Line(line.to_owned()));
        }
    }
    blocks
}

fn is_name(line: &str) -> bool {
    line.chars().count() <= MAX_NAME_CHARS
        && line.chars().any(char::is_alphabetic)
        && !line.contains(['@', '|', ':'])
        && !line.chars().any(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_headings_bullets_and_lines() {
        let blocks = layout(
            "\n\nJane Doe\njane@example.com | +263 77 123 4567\n\nEXPERIENCE\nAnalyst | Acme | 2020 - Present\n- Built dashboards used by\n  40 managers\n• Cut costs 10%.\n12. Numbered\n\nSkills: Excel, SQL\nINTERESTS\n\n",
        );
        assert_eq!(
            blocks,
            [
                Block::Name("Jane Doe".into()),
                Block::Line("jane@example.com | +263 77 123 4567".into()),
                Block::Gap,
                Block::Heading("EXPERIENCE".into()),
                Block::Line("Analyst | Acme | 2020 - Present".into()),
                Block::Bullet {
                    mark: "-".into(),
                    text: "Built dashboards used by".into(),
                    numbered: false,
                },
                Block::Continued("40 managers".into()),
                Block::Bullet {
                    mark: "•".into(),
                    text: "Cut costs 10%.".into(),
                    numbered: false,
                },
                Block::Bullet {
                    mark: "12.".into(),
                    text: "Numbered".into(),
                    numbered: true,
                },
                Block::Gap,
                Block::Line("Skills: Excel, SQL".into()),
                Block::Heading("INTERESTS".into()),
            ]
        );
    }

    #[test]
    fn a_first_line_that_is_not_a_name_is_a_line() {
        assert_eq!(
            layout("jane@example.com\nSUMMARY"),
            [
                Block::Line("jane@example.com".into()),
                Block::Heading("SUMMARY".into())
            ]
        );
        assert_eq!(layout(" \n\n"), []);
        // Old Mac line ends are line ends.
        assert_eq!(
            layout("Jane Doe\rSUMMARY\r\nAnalyst."),
            [
                Block::Name("Jane Doe".into()),
                Block::Heading("SUMMARY".into()),
                Block::Line("Analyst.".into())
            ]
        );
    }
}

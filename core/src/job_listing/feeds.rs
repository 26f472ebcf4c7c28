//! The public XML feeds of live jobs: RSS 2.0 for feed readers (paged with Atom's `next`
//! link, RFC 5005), the XML job boards ingest (Indeed's `<source><job>…` format, one feed per
//! employer) and the sitemap of job pages (sitemaps.org 0.9).
//!
//! Text that XML 1.0 cannot carry (control characters other than tab and line ends, which
//! rows stored before the job limits may hold) is left out rather than making the feed
//! unreadable for every job.

use std::io;

use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesText, Event};

use super::{Listing, description_html, iso_datetime, rfc822_datetime};
use crate::format::format_salary_range;
use crate::job_type::JobType;

/// Most jobs in one page of a feed.
pub const FEED_PAGE_SIZE: usize = 100;
/// Most addresses in one sitemap (the sitemap protocol's limit).
pub const SITEMAP_MAX_URLS: usize = 50_000;

/// What a feed says about itself.
#[derive(Debug, Clone, Copy)]
pub struct Channel<'a> {
    pub title: &'a str,
    pub description: &'a str,
    /// The site's home page.
    pub site_url: &'a str,
    /// This page's own address.
    pub self_url: &'a str,
    /// The next page's address, when there are more jobs.
    pub next_url: Option<&'a str>,
    pub built_at_ms: i64,
}

/// One page of the RSS 2.0 feed.
#[must_use]
pub fn rss(channel: &Channel, jobs: &[Listing]) -> String {
    document(|w| {
        w.create_element("rss")
            .with_attribute(("version", "2.0"))
            .with_attribute(("xmlns:atom", "http://www.w3.org/2005/Atom"))
            .write_inner_content(|w| {
                w.create_element("channel").write_inner_content(|w| {
                    text(w, "title", channel.title)?;
                    text(w, "link", channel.site_url)?;
                    text(w, "description", channel.description)?;
                    text(w, "language", "en")?;
                    text(w, "lastBuildDate", &rfc822_datetime(channel.built_at_ms))?;
                    atom_link(w, "self", channel.self_url)?;
                    if let Some(next) = channel.next_url {
                        atom_link(w, "next", next)?;
                    }
                    for job in jobs {
                        w.create_element("item").write_inner_content(|w| {
                            text(w, "title", &format!("{} at {}", job.title, job.company))?;
                            text(w, "link", job.url)?;
                            w.create_element("guid")
                                .with_attribute(("isPermaLink", "true"))
                                .write_text_content(BytesText::new(&xml_text(job.url)))?;
                            text(w, "pubDate", &rfc822_datetime(job.posted_at_ms))?;
                            text(w, "category", job.job_type)?;
                            text(w, "description", &item_description(job))
                        })?;
                    }
                    Ok(())
                })?;
                Ok(())
            })?;
        Ok(())
    })
}

/// An item's description: where, the pay, then the description as HTML.
fn item_description(job: &Listing) -> String {
    let (low, high) = job.salary();
    format!(
        "<p>{} · {} · {}</p>{}",
        super::escape_html(job.location),
        super::escape_html(job.job_type),
        super::escape_html(&format_salary_range(low, high)),
        description_html(job.description)
    )
}

/// Indeed's `jobtype` for a job type; a remote job says where instead (`remotetype`).
fn indeed_job_type(job_type: &str) -> Option<&'static str> {
    match JobType::parse(job_type)? {
        JobType::FullTime => Some("fulltime"),
        JobType::PartTime => Some("parttime"),
        JobType::Contract => Some("contract"),
        JobType::Remote => None,
    }
}

/// One page of the XML job boards ingest, in Indeed's format: a `<source>` naming the
/// publisher, then a `<job>` per posting.
#[must_use]
pub fn job_board_xml(channel: &Channel, jobs: &[Listing]) -> String {
    document(|w| {
        w.create_element("source").write_inner_content(|w| {
            text(w, "publisher", channel.title)?;
            text(w, "publisherurl", channel.site_url)?;
            text(w, "lastBuildDate", &rfc822_datetime(channel.built_at_ms))?;
            for job in jobs {
                w.create_element("job").write_inner_content(|w| {
                    text(w, "title", job.title)?;
                    text(w, "date", &rfc822_datetime(job.posted_at_ms))?;
                    text(w, "referencenumber", job.id)?;
                    text(w, "url", job.url)?;
                    text(w, "company", job.company)?;
                    let (town, country) = job.place();
                    text(w, "city", town.unwrap_or_default())?;
                    text(w, "country", country.unwrap_or_default())?;
                    text(w, "description", &description_html(job.description))?;
                    let (low, high) = job.salary();
                    if low.is_some() || high.is_some() {
                        text(
                            w,
                            "salary",
                            &format!("{} per year", format_salary_range(low, high)),
                        )?;
                    }
                    if let Some(kind) = indeed_job_type(job.job_type) {
                        text(w, "jobtype", kind)?;
                    } else if JobType::parse(job.job_type) == Some(JobType::Remote) {
                        text(w, "remotetype", "Fully remote")?;
                    }
                    if let Some(expires) = job.expires_at_ms {
                        text(w, "expirationdate", &rfc822_datetime(expires))?;
                    }
                    Ok(())
                })?;
            }
            Ok(())
        })?;
        Ok(())
    })
}

/// A page address for the sitemap, with when it last changed.
#[derive(Debug, Clone, Copy)]
pub struct SitemapUrl<'a> {
    pub url: &'a str,
    pub changed_at_ms: Option<i64>,
}

/// The sitemap of `urls` (at most [`SITEMAP_MAX_URLS`]; the rest are left out).
#[must_use]
pub fn sitemap(urls: &[SitemapUrl]) -> String {
    document(|w| {
        w.create_element("urlset")
            .with_attribute(("xmlns", "http://www.sitemaps.org/schemas/sitemap/0.9"))
            .write_inner_content(|w| {
                for entry in urls.iter().take(SITEMAP_MAX_URLS) {
                    w.create_element("url").write_inner_content(|w| {
                        text(w, "loc", entry.url)?;
                        if let Some(changed) = entry.changed_at_ms {
                            text(w, "lastmod", &iso_datetime(changed))?;
                        }
                        Ok(())
                    })?;
                }
                Ok(())
            })?;
        Ok(())
    })
}

/// An XML document written by `body` after the declaration.
fn document(body: impl FnOnce(&mut Writer<Vec<u8>>) -> io::Result<()>) -> String {
    let mut writer = Writer::new_with_indent(Vec::new(), b' ', 2);
    // Writing into a Vec cannot fail; an error here would be a bug in the writer.
    writer
        .write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))
        .and_then(|()| body(&mut writer))
        .expect("XML into memory");
    String::from_utf8(writer.into_inner()).expect("XML written from text is UTF-8")
}

/// `<name>value</name>`, the value escaped.
fn text(w: &mut Writer<Vec<u8>>, name: &str, value: &str) -> io::Result<()> {
    w.create_element(name)
        .write_text_content(BytesText::new(&xml_text(value)))?;
    Ok(())
}

/// An Atom link of the channel (`self`, `next`).
fn atom_link(w: &mut Writer<Vec<u8>>, rel: &str, href: &str) -> io::Result<()> {
    w.create_element("atom:link")
        .with_attribute(("href", href))
        .with_attribute(("rel", rel))
        .with_attribute(("type", "application/rss+xml"))
        .write_empty()?;
    Ok(())
}

/// `value` without the characters XML 1.0 does not allow.
fn xml_text(value: &str) -> String {
    value
        .chars()
        .filter(|&c| {
            matches!(c, '\t' | '\n' | '\r')
                || matches!(c, '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use quick_xml::Reader;

    use super::super::tests::nurse;
    use super::*;

    /// Every element's text, in document order of the elements' ends, as (name, text);
    /// fails on malformed XML.
    fn texts(xml: &str) -> Vec<(String, String)> {
        let mut reader = Reader::from_str(xml);
        let mut open: Vec<(String, String)> = Vec::new();
        let mut out = Vec::new();
        loop {
            match reader.read_event().expect("well-formed XML") {
                Event::Start(start) => {
                    open.push((start.name().as_ref().to_string(), String::new()));
                }
                Event::End(_) => {
                    let (name, text) = open.pop().unwrap();
                    if !text.trim().is_empty() {
                        out.push((name, text));
                    }
                }
                Event::Text(t) => {
                    if let Some((_, text)) = open.last_mut() {
                        text.push_str(&t.xml10_content());
                    }
                }
                Event::GeneralRef(r) => {
                    let text = match r.resolve_char_ref().unwrap() {
                        Some(c) => c.to_string(),
                        None => quick_xml::escape::resolve_predefined_entity(&r)
                            .unwrap()
                            .to_string(),
                    };
                    open.last_mut().unwrap().1.push_str(&text);
                }
                Event::Eof => break,
                _ => {}
            }
        }
        out
    }

    fn channel() -> Channel<'static> {
        Channel {
            title: "JobTap jobs",
            description: "Live jobs on JobTap",
            site_url: "https://jobtap.example",
            self_url: "https://jobtap.example/feeds/jobs.rss",
            next_url: Some("https://jobtap.example/feeds/jobs.rss?page=2"),
            built_at_ms: 1_795_772_100_000,
        }
    }

    #[test]
    fn the_rss_feed_lists_each_job_with_its_link_and_date() {
        let xml = rss(&channel(), &[nurse()]);
        assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
        assert!(xml.contains(
            "<atom:link href=\"https://jobtap.example/feeds/jobs.rss?page=2\" rel=\"next\""
        ));
        let texts = texts(&xml);
        let value = |name: &str| {
            texts
                .iter()
                .filter(|(n, _)| n == name)
                .map(|(_, t)| t.as_str())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            value("title"),
            ["JobTap jobs", "Registered Nurse at City Clinic"]
        );
        assert_eq!(value("guid"), ["https://jobtap.example/job/job-1"]);
        assert_eq!(value("pubDate"), ["Fri, 27 Nov 2026 09:35:00 GMT"]);
        assert_eq!(
            value("description")[1],
            "<p>Harare, Zimbabwe · Full-time · $24,000 - $30,000</p><p>Care for patients on the \
             ward.</p><p>Night shifts &lt;rotating&gt; &amp; weekends.</p>"
        );
    }

    #[test]
    fn the_job_board_feed_uses_indeeds_fields() {
        let remote = Listing {
            id: "job-2",
            job_type: "Remote",
            location: "Remote",
            salary_min: None,
            salary_max: None,
            expires_at_ms: None,
            ..nurse()
        };
        let texts = texts(&job_board_xml(&channel(), &[nurse(), remote]));
        let of = |name: &str| -> Vec<&str> {
            texts
                .iter()
                .filter(|(n, _)| n == name)
                .map(|(_, t)| t.as_str())
                .collect()
        };
        assert_eq!(of("referencenumber"), ["job-1", "job-2"]);
        assert_eq!(of("city"), ["Harare", "Remote"]);
        assert_eq!(of("country"), ["Zimbabwe"]);
        assert_eq!(of("salary"), ["$24,000 - $30,000 per year"]);
        assert_eq!(of("jobtype"), ["fulltime"]);
        assert_eq!(of("remotetype"), ["Fully remote"]);
        assert_eq!(of("expirationdate"), ["Sun, 27 Dec 2026 09:35:00 GMT"]);
    }

    #[test]
    fn characters_xml_cannot_carry_are_left_out_and_markup_is_escaped() {
        let job = Listing {
            title: "Nurse\u{0}\u{1b} </title><x>",
            ..nurse()
        };
        let texts = texts(&job_board_xml(&channel(), &[job]));
        assert!(texts.contains(&("title".into(), "Nurse </title><x>".into())));
    }

    #[test]
    fn the_sitemap_names_each_page_with_its_last_change() {
        let xml = sitemap(&[
            SitemapUrl {
                url: "https://jobtap.example/",
                changed_at_ms: None,
            },
            SitemapUrl {
                url: "https://jobtap.example/job/a?x=1&y=2",
                changed_at_ms: Some(0),
            },
        ]);
        assert!(xml.contains("xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""));
        assert_eq!(
            texts(&xml),
            [
                ("loc".to_string(), "https://jobtap.example/".to_string()),
                ("loc".into(), "https://jobtap.example/job/a?x=1&y=2".into()),
                ("lastmod".into(), "1970-01-01T00:00:00Z".into()),
            ]
        );
    }
}

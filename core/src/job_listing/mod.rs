//! A live job as the rest of the web reads it: schema.org `JobPosting` data for
//! search engines' job listings ([`json_ld`]), the page's title and description, and the
//! public feeds ([`feeds`]: RSS 2.0 for everyone, an Indeed-style XML feed per employer, a
//! sitemap of job pages). The server fills a [`Listing`] from the database; every format is
//! decided here, once.

pub mod feeds;
pub mod json_ld;

use crate::format::civil_from_unix_ms;
pub use crate::format::escape_html;

/// The currency of every salary (the app shows them in dollars, `crate::format`).
pub const SALARY_CURRENCY: &str = "USD";
/// How long the page's description meta tag may be, in characters (what result pages show).
pub const META_DESCRIPTION_MAX_CHARS: usize = 160;

/// What a public listing shows of a live job.
#[derive(Debug, Clone, Copy)]
pub struct Listing<'a> {
    pub id: &'a str,
    pub title: &'a str,
    pub company: &'a str,
    /// The company logo's absolute address, or "" without one.
    pub logo_url: &'a str,
    pub description: &'a str,
    pub location: &'a str,
    /// The job type's label ("Full-time").
    pub job_type: &'a str,
    pub salary_min: Option<f64>,
    pub salary_max: Option<f64>,
    pub posted_at_ms: i64,
    pub expires_at_ms: Option<i64>,
    /// The job page's absolute address.
    pub url: &'a str,
}

impl Listing<'_> {
    /// The salary bounds worth stating: finite and above zero, low before high (as the card
    /// reads them, `crate::format::format_salary_range`).
    #[must_use]
    pub fn salary(&self) -> (Option<f64>, Option<f64>) {
        let given = |v: Option<f64>| v.filter(|x| x.is_finite() && *x > 0.0);
        match (given(self.salary_min), given(self.salary_max)) {
            (Some(a), Some(b)) if a > b => (Some(b), Some(a)),
            bounds => bounds,
        }
    }

    /// (town or region, country) read from the location as people write it, "Harare,
    /// Zimbabwe": the last part is the country when there are several; one part is a place.
    #[must_use]
    pub fn place(&self) -> (Option<&str>, Option<&str>) {
        let parts: Vec<&str> = self
            .location
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        match parts.as_slice() {
            [] => (None, None),
            [one] => (Some(one), None),
            [first, .., last] => (Some(first), Some(last)),
        }
    }
}

/// The page title: "Nurse at City Clinic – JobTap".
#[must_use]
pub fn page_title(listing: &Listing) -> String {
    format!("{} at {} – JobTap", listing.title, listing.company)
}

/// The description meta tag: who, where and what, then the description, cut at a word
/// within [`META_DESCRIPTION_MAX_CHARS`].
#[must_use]
pub fn meta_description(listing: &Listing) -> String {
    let text = format!(
        "{} · {} · {}. {}",
        listing.company,
        listing.location,
        listing.job_type,
        collapse_space(listing.description)
    );
    cut_at_word(&text, META_DESCRIPTION_MAX_CHARS)
}

/// Runs of white space as one space.
fn collapse_space(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` when it fits in `max` characters, else its words that fit followed by "…".
fn cut_at_word(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let room: String = text.chars().take(max - 1).collect();
    let cut = match room.rfind(' ') {
        Some(space) if space > 0 => &room[..space],
        _ => room.as_str(),
    };
    format!("{}…", cut.trim_end_matches([' ', ',', '.', '·']))
}

/// The description as HTML paragraphs (what `JobPosting.description` and feed readers expect):
/// blank lines part paragraphs, single line ends become `<br>`, the text is escaped.
#[must_use]
pub fn description_html(description: &str) -> String {
    let text = description.replace("\r\n", "\n").replace('\r', "\n");
    let mut html = String::with_capacity(text.len() + 16);
    for paragraph in text.split("\n\n").map(str::trim).filter(|p| !p.is_empty()) {
        html.push_str("<p>");
        for (i, line) in paragraph.lines().enumerate() {
            if i > 0 {
                html.push_str("<br>");
            }
            html.push_str(&escape_html(line.trim()));
        }
        html.push_str("</p>");
    }
    html
}

/// ISO 8601 in UTC to the second, "2026-11-27T09:35:00Z" (schema.org dates, Atom, sitemaps).
#[must_use]
pub fn iso_datetime(unix_ms: i64) -> String {
    let (year, month, day) = civil_from_unix_ms(unix_ms);
    let second_of_day = unix_ms.div_euclid(1000).rem_euclid(86_400);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        second_of_day / 3600,
        second_of_day / 60 % 60,
        second_of_day % 60
    )
}

/// RFC 822 as RSS 2.0 writes dates, in UTC: "Fri, 27 Nov 2026 09:35:00 GMT".
#[must_use]
pub fn rfc822_datetime(unix_ms: i64) -> String {
    const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let (year, month, day) = civil_from_unix_ms(unix_ms);
    let days = unix_ms.div_euclid(86_400_000);
    let second_of_day = unix_ms.div_euclid(1000).rem_euclid(86_400);
    format!(
        "{}, {day:02} {} {year:04} {:02}:{:02}:{:02} GMT",
        DAYS[usize::try_from(days.rem_euclid(7)).unwrap_or(0)],
        MONTHS[(month - 1) as usize],
        second_of_day / 3600,
        second_of_day / 60 % 60,
        second_of_day % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn nurse() -> Listing<'static> {
        Listing {
            id: "job-1",
            title: "Registered Nurse",
            company: "City Clinic",
            logo_url: "",
            description: "Care for patients on the ward.\n\nNight shifts <rotating> & weekends.",
            location: "Harare, Zimbabwe",
            job_type: "Full-time",
            salary_min: Some(24_000.0),
            salary_max: Some(30_000.0),
            posted_at_ms: 1_795_772_100_000,
            expires_at_ms: Some(1_798_364_100_000),
            url: "https://jobtap.example/job/job-1",
        }
    }

    #[test]
    fn dates_are_written_in_utc_in_both_formats() {
        assert_eq!(iso_datetime(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc822_datetime(0), "Thu, 01 Jan 1970 00:00:00 GMT");
        // 2026-11-27 was a Friday.
        assert_eq!(iso_datetime(1_795_772_100_000), "2026-11-27T09:35:00Z");
        assert_eq!(
            rfc822_datetime(1_795_772_100_000),
            "Fri, 27 Nov 2026 09:35:00 GMT"
        );
        assert_eq!(iso_datetime(-1000), "1969-12-31T23:59:59Z");
    }

    #[test]
    fn the_place_reads_town_and_country_from_the_location() {
        let mut job = nurse();
        assert_eq!(job.place(), (Some("Harare"), Some("Zimbabwe")));
        job.location = "Remote";
        assert_eq!(job.place(), (Some("Remote"), None));
        job.location = " , ";
        assert_eq!(job.place(), (None, None));
        job.location = "Bulawayo, Matabeleland, Zimbabwe";
        assert_eq!(job.place(), (Some("Bulawayo"), Some("Zimbabwe")));
    }

    #[test]
    fn salaries_of_zero_are_not_stated_and_bounds_are_ordered() {
        let mut job = nurse();
        assert_eq!(job.salary(), (Some(24_000.0), Some(30_000.0)));
        job.salary_min = Some(0.0);
        assert_eq!(job.salary(), (None, Some(30_000.0)));
        job.salary_min = Some(40_000.0);
        assert_eq!(job.salary(), (Some(30_000.0), Some(40_000.0)));
    }

    #[test]
    fn the_meta_description_says_where_and_what_within_its_length() {
        let job = nurse();
        assert_eq!(
            meta_description(&job),
            "City Clinic · Harare, Zimbabwe · Full-time. Care for patients on the ward. Night \
             shifts <rotating> & weekends."
        );
        let long = Listing {
            description: &"word ".repeat(100),
            ..job
        };
        let text = meta_description(&long);
        assert!(text.chars().count() <= META_DESCRIPTION_MAX_CHARS, "{text}");
        assert!(text.ends_with("word…"), "{text}");
    }

    #[test]
    fn the_description_becomes_escaped_paragraphs() {
        assert_eq!(
            description_html("One\r\ntwo\n\n\nThree <b> & \"four\""),
            "<p>One<br>two</p><p>Three &lt;b&gt; &amp; &quot;four&quot;</p>"
        );
        assert_eq!(description_html("  \n\n "), "");
    }
}

//! Job alerts: the double opt-in e-mail and the daily digest.

use std::fmt::Write as _;

use super::{button, greeting};
use crate::mail::message::{Mail, escape_html, html_page};

/// The footer of job alerts.
const ALERT_FOOTER: &str =
    "You receive this because you subscribed to JobTap job alerts with this address.";

/// A subscription waiting for its owner to confirm it.
pub struct AlertConfirmation<'a> {
    pub to_address: &'a str,
    /// `{public_url}/alerts/confirm?token=…`
    pub confirm_url: &'a str,
    /// The search the alerts follow, in words (core's `Search::describe`); empty for every new job.
    pub search: &'a str,
}

/// What the alerts send, in a sentence's end: "new jobs" or "new jobs for “nurse”, in Harare".
fn what_is_sent(search: &str) -> String {
    if search.is_empty() {
        "new jobs".to_string()
    } else {
        format!("new jobs for {search}")
    }
}

/// The double opt-in e-mail: nothing else is sent until its link is followed.
pub fn alert_confirmation(c: &AlertConfirmation<'_>) -> Mail {
    let days = jobtap_core::alerts::CONFIRM_LINK_DAYS;
    let ask = format!(
        "Someone, hopefully you, asked JobTap to e-mail {} to this address.",
        what_is_sent(c.search)
    );
    let act = "Confirm to start your job alerts:";
    let ignore = "If it was not you, ignore this e-mail: no job alerts are sent unless the link is followed.";
    let text = format!(
        "Hi,\n\n{ask} {act}\n{}\n\nThe link works for {days} days. {ignore}\n\n— JobTap\n",
        c.confirm_url
    );
    let body = format!(
        "<p>Hi,</p><p>{}</p><p>{}</p><p>The link works for {days} days. {ignore}</p>",
        escape_html(&ask),
        button(c.confirm_url, "Confirm job alerts")
    );
    Mail::new(
        "alert_confirmation",
        c.to_address,
        // A subscription knows only its address.
        "",
        "Confirm your JobTap job alerts",
        text,
        html_page(&body, "JobTap job alerts"),
    )
}

/// One job of a digest, as the e-mail lists it.
pub struct DigestJob {
    pub id: String,
    pub title: String,
    pub company: String,
    pub location: String,
    /// Core's salary text ("$50,000 - $90,000"), empty when the job names none.
    pub salary: String,
}

/// New jobs for a confirmed subscriber.
pub struct Digest<'a> {
    pub to_address: &'a str,
    pub name: &'a str,
    /// The jobs were chosen by the subscriber's fit (they have a profile), not only by date.
    pub by_fit: bool,
    /// The search the jobs were found by, in words; empty when every new job counts.
    pub search: &'a str,
    /// The feed's query for that search (`q=nurse&place=Harare`), empty with it.
    pub search_query: &'a str,
    pub jobs: &'a [DigestJob],
    /// More fitting new jobs than the message lists.
    pub more: usize,
    /// `{public_url}/alerts/unsubscribe?token=…`, also sent as `List-Unsubscribe`.
    pub unsubscribe_url: &'a str,
    pub public_url: &'a str,
}

/// The daily job alert.
pub fn digest(d: &Digest<'_>) -> Mail {
    let count = d.jobs.len() + d.more;
    let subject = if count == 1 {
        "1 new job for you on JobTap".to_string()
    } else {
        format!("{count} new jobs for you on JobTap")
    };
    let feed = if d.search_query.is_empty() {
        format!("{}/jobs", d.public_url)
    } else {
        format!("{}/jobs?{}", d.public_url, d.search_query)
    };
    let summary = |job: &DigestJob| {
        let mut parts = vec![job.company.trim(), job.location.trim()];
        parts.retain(|p| !p.is_empty());
        if !job.salary.is_empty() {
            parts.push(job.salary.as_str());
        }
        parts.join(" · ")
    };
    let more = match d.more {
        0 => String::new(),
        1 => "1 more is waiting in your feed.".to_string(),
        n => format!("{n} more are waiting in your feed."),
    };
    // Writing to a String cannot fail.
    let found = if d.search.is_empty() {
        String::new()
    } else {
        format!(" for {}", d.search)
    };
    let intro = if d.by_fit {
        format!("New jobs{found} that fit you:")
    } else {
        format!("New jobs{found} on JobTap (complete your profile to get only those that fit you):")
    };
    let mut text = format!("{}\n\n{intro}\n\n", greeting(d.name));
    let mut items = String::new();
    for job in d.jobs {
        let url = format!("{}/job/{}", d.public_url, job.id);
        let _ = write!(text, "{}\n{}\n{url}\n\n", job.title.trim(), summary(job));
        let _ = write!(
            items,
            "<li style=\"margin:0 0 14px\"><a href=\"{}\" style=\"color:#7c3aed;font-weight:600\">\
             {}</a><br><span style=\"color:#475569\">{}</span></li>",
            escape_html(&url),
            escape_html(job.title.trim()),
            escape_html(&summary(job)),
        );
    }
    if !more.is_empty() {
        let _ = writeln!(text, "{more}");
    }
    let _ = write!(
        text,
        "Swipe through them all: {feed}\n\n— JobTap\n\n{ALERT_FOOTER}\nUnsubscribe: {}\n",
        d.unsubscribe_url
    );
    let body = format!(
        "<p>{}</p><p>{}</p><ul style=\"padding-left:18px\">{items}</ul>\
         <p>{} <a href=\"{}\" style=\"color:#7c3aed\">Swipe through them all</a></p>",
        escape_html(&greeting(d.name)),
        escape_html(&intro),
        escape_html(&more),
        escape_html(&feed),
    );
    let footer = format!(
        "{ALERT_FOOTER} <a href=\"{}\" style=\"color:#64748b\">Unsubscribe</a>",
        escape_html(d.unsubscribe_url)
    );
    Mail {
        unsubscribe_url: Some(d.unsubscribe_url.to_string()),
        ..Mail::new(
            "alert_digest",
            d.to_address,
            d.name,
            subject,
            text,
            html_page(&body, &footer),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_confirmation_asks_first_and_says_how_long_the_link_works() {
        let mail = alert_confirmation(&AlertConfirmation {
            to_address: "rudo@example.com",
            confirm_url: "https://jobs.example/alerts/confirm?token=a&b",
            search: "",
        });
        assert_eq!(mail.subject, "Confirm your JobTap job alerts");
        assert!(
            mail.text
                .contains("https://jobs.example/alerts/confirm?token=a&b\n")
        );
        assert!(mail.text.contains("The link works for 7 days."));
        assert!(
            mail.html
                .contains("href=\"https://jobs.example/alerts/confirm?token=a&amp;b\"")
        );
        assert!(mail.unsubscribe_url.is_none());
        assert!(mail.text.contains("to e-mail new jobs to this address."));
        let searched = alert_confirmation(&AlertConfirmation {
            to_address: "rudo@example.com",
            confirm_url: "https://jobs.example/alerts/confirm?token=a",
            search: "“theatre nurse”, in Harare",
        });
        assert!(
            searched
                .text
                .contains("to e-mail new jobs for “theatre nurse”, in Harare to this address.")
        );
    }

    #[test]
    fn a_digest_lists_its_jobs_escaped_with_an_unsubscribe_link() {
        let jobs = [DigestJob {
            id: "j1".into(),
            title: "Nurse <ICU>".into(),
            company: "St Mary's".into(),
            location: "Harare".into(),
            salary: "$30,000 - $40,000".into(),
        }];
        let mail = digest(&Digest {
            to_address: "rudo@example.com",
            name: "Rudo",
            by_fit: true,
            search: "",
            search_query: "",
            jobs: &jobs,
            more: 2,
            unsubscribe_url: "https://jobs.example/alerts/unsubscribe?token=u1",
            public_url: "https://jobs.example",
        });
        assert_eq!(mail.subject, "3 new jobs for you on JobTap");
        assert!(mail.text.contains(
            "Nurse <ICU>\nSt Mary's · Harare · $30,000 - $40,000\nhttps://jobs.example/job/j1\n"
        ));
        assert!(mail.text.contains("2 more are waiting in your feed."));
        assert!(
            mail.text
                .contains("Unsubscribe: https://jobs.example/alerts/unsubscribe?token=u1")
        );
        assert!(mail.html.contains("Nurse &lt;ICU&gt;"));
        assert!(mail.html.contains("St Mary&#39;s"));
        assert_eq!(
            mail.unsubscribe_url.as_deref(),
            Some("https://jobs.example/alerts/unsubscribe?token=u1")
        );
        assert!(
            mail.text
                .contains("Swipe through them all: https://jobs.example/jobs\n")
        );
    }

    #[test]
    fn a_digest_of_a_search_names_it_and_links_to_it() {
        let jobs = [DigestJob {
            id: "j2".into(),
            title: "Pharmacist".into(),
            company: "Mpilo Central Hospital".into(),
            location: "Bulawayo".into(),
            salary: String::new(),
        }];
        let mail = digest(&Digest {
            to_address: "tariro@example.com",
            name: "Tariro",
            by_fit: false,
            search: "“pharmacist”, in Bulawayo",
            search_query: "q=pharmacist&place=Bulawayo",
            jobs: &jobs,
            more: 0,
            unsubscribe_url: "https://jobs.example/alerts/unsubscribe?token=u2",
            public_url: "https://jobs.example",
        });
        assert_eq!(mail.subject, "1 new job for you on JobTap");
        assert!(
            mail.text
                .contains("New jobs for “pharmacist”, in Bulawayo on JobTap (complete")
        );
        assert!(mail.text.contains(
            "Swipe through them all: https://jobs.example/jobs?q=pharmacist&place=Bulawayo\n"
        ));
        assert!(
            mail.html
                .contains("href=\"https://jobs.example/jobs?q=pharmacist&amp;place=Bulawayo\"")
        );
    }
}

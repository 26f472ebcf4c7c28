//! What the interview e-mails say: the invitation with its times, the booking with the
//! calendar event attached, the cancellation.

use std::fmt::Write as _;

use super::message::{FileAttachment, Mail, escape_html, html_page};
use super::texts::{ACCOUNT_FOOTER, EMPLOYER_FOOTER, greeting};

/// The interview an e-mail is about.
pub struct About<'a> {
    pub job_title: &'a str,
    pub company_name: &'a str,
    pub candidate_name: &'a str,
    /// The place in words, or the video link.
    pub place: &'a str,
    /// The app's address (`JOBTAP_PUBLIC_URL`).
    pub public_url: &'a str,
}

/// Who an e-mail goes to.
pub struct To<'a> {
    pub address: &'a str,
    pub name: &'a str,
    /// The employer's account (else the candidate's).
    pub employer: bool,
}

fn mail(
    kind: &'static str,
    to: &To<'_>,
    subject: String,
    lines: &[String],
    link: (&str, String),
    attachment: Option<FileAttachment>,
) -> Mail {
    let footer = if to.employer {
        EMPLOYER_FOOTER
    } else {
        ACCOUNT_FOOTER
    };
    let greeting = greeting(to.name);
    let mut text = format!("{greeting}\n\n");
    let mut body = format!("<p>{}</p>", escape_html(&greeting));
    for line in lines {
        let _ = write!(text, "{line}\n\n");
        let _ = write!(
            body,
            "<p style=\"white-space:pre-line\">{}</p>",
            escape_html(line)
        );
    }
    let (label, url) = link;
    let _ = write!(text, "{label}: {url}\n\n— JobTap\n\n{footer}\n");
    let _ = write!(
        body,
        "<p><a href=\"{}\" style=\"color:#7c3aed\">{}</a></p>",
        escape_html(&url),
        escape_html(label)
    );
    Mail {
        attachments: attachment.into_iter().collect(),
        ..Mail::new(
            kind,
            to.address,
            to.name,
            subject,
            text,
            html_page(&body, footer),
        )
    }
}

/// The candidate's invitation: the proposed times (as labels) to pick from in the app.
pub fn invitation(about: &About<'_>, to: &To<'_>, slots: &[String], again: bool) -> Mail {
    let (subject, news) = if again {
        (
            format!("New interview times: {}", about.job_title.trim()),
            format!(
                "{} proposed new times for your interview for {}.",
                about.company_name.trim(),
                about.job_title.trim()
            ),
        )
    } else {
        (
            format!("Interview invitation: {}", about.job_title.trim()),
            format!(
                "{} would like to interview you for {}.",
                about.company_name.trim(),
                about.job_title.trim()
            ),
        )
    };
    let times: Vec<String> = slots.iter().map(|s| format!("• {s}")).collect();
    mail(
        "interview_proposed",
        to,
        subject,
        &[
            format!("{news} Pick the time that suits you on My Applications:"),
            times.join("\n"),
            format!("Where: {}", about.place),
        ],
        ("Pick a time", format!("{}/applications", about.public_url)),
        None,
    )
}

/// The booking, to either side, with the calendar event attached.
pub fn booked(about: &About<'_>, to: &To<'_>, when: &str, event: FileAttachment) -> Mail {
    let news = if to.employer {
        format!(
            "{} picked a time for the {} interview: {when}.",
            name_or_candidate(about.candidate_name),
            about.job_title.trim()
        )
    } else {
        format!(
            "Your interview for {} at {} is booked: {when}.",
            about.job_title.trim(),
            about.company_name.trim()
        )
    };
    mail(
        "interview_scheduled",
        to,
        format!("Interview booked: {}, {when}", about.job_title.trim()),
        &[
            news,
            format!("Where: {}", about.place),
            "The calendar event is attached: open it to add the interview to your calendar."
                .to_string(),
        ],
        applications_link(about, to),
        Some(event),
    )
}

/// Why an interview is off, as its cancellation says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cancelled {
    /// The employer cancelled the interview itself.
    ByEmployer,
    /// The employer rejected the application.
    Rejected,
    /// The candidate withdrew the application.
    Withdrawn,
    /// The employer deleted the job.
    JobClosed,
}

/// The cancellation, to either side; with the cancelled event attached when one had been
/// sent (it then leaves calendars).
pub fn cancelled(
    about: &About<'_>,
    to: &To<'_>,
    why: Cancelled,
    when: Option<&str>,
    event: Option<FileAttachment>,
) -> Mail {
    let time = when.map_or_else(String::new, |w| format!(" ({w})"));
    let (company, job) = (about.company_name.trim(), about.job_title.trim());
    let mut lines = vec![match why {
        Cancelled::ByEmployer => format!("{company} cancelled the interview for {job}{time}."),
        Cancelled::Rejected => format!(
            "The application for {job} at {company} is not going ahead, so the interview{time} is \
             cancelled."
        ),
        Cancelled::Withdrawn => format!(
            "{} withdrew the application for {job} at {company}, so the interview{time} is \
             cancelled.",
            name_or_candidate(about.candidate_name)
        ),
        Cancelled::JobClosed => {
            format!("{company} closed the {job} job, so the interview{time} is cancelled.")
        }
    }];
    if event.is_some() {
        lines.push(
            "The cancellation is attached: open it to take the interview out of your calendar."
                .to_string(),
        );
    }
    mail(
        "interview_cancelled",
        to,
        format!("Interview cancelled: {job}"),
        &lines,
        applications_link(about, to),
        event,
    )
}

fn applications_link(about: &About<'_>, to: &To<'_>) -> (&'static str, String) {
    if to.employer {
        (
            "See the applications",
            format!("{}/employer/applications", about.public_url),
        )
    } else {
        (
            "See your applications",
            format!("{}/applications", about.public_url),
        )
    }
}

fn name_or_candidate(name: &str) -> &str {
    match name.trim() {
        "" => "The candidate",
        name => name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ABOUT: About<'static> = About {
        job_title: "Staff Nurse",
        company_name: "Parirenyatwa <Hospital>",
        candidate_name: "Rudo Dube",
        place: "Ward 4, Parirenyatwa",
        public_url: "https://jobs.example",
    };

    #[test]
    fn the_invitation_lists_each_time_and_escapes_user_text_in_html() {
        let to = To {
            address: "rudo@example.com",
            name: "Rudo Dube",
            employer: false,
        };
        let mail = invitation(
            &ABOUT,
            &to,
            &["Tue 1 Dec 2026, 10:00–10:45 (Africa/Harare)".into()],
            false,
        );
        assert_eq!(mail.subject, "Interview invitation: Staff Nurse");
        assert!(
            mail.text
                .contains("• Tue 1 Dec 2026, 10:00–10:45 (Africa/Harare)")
        );
        assert!(
            mail.text
                .contains("Pick a time: https://jobs.example/applications")
        );
        assert!(
            mail.html.contains("Parirenyatwa &lt;Hospital&gt;"),
            "{}",
            mail.html
        );
        assert!(mail.attachments.is_empty());
        let again = invitation(&ABOUT, &to, &[], true);
        assert_eq!(again.subject, "New interview times: Staff Nurse");
    }

    #[test]
    fn the_employer_reads_who_picked_and_gets_their_own_link() {
        let to = To {
            address: "hr@example.com",
            name: "",
            employer: true,
        };
        let event = FileAttachment {
            file_name: "interview.ics".into(),
            content_type: "text/calendar".into(),
            bytes: b"BEGIN:VCALENDAR".to_vec(),
        };
        let mail = booked(&ABOUT, &to, "Tue 1 Dec", event);
        assert!(
            mail.text
                .contains("Rudo Dube picked a time for the Staff Nurse interview: Tue 1 Dec.")
        );
        assert!(
            mail.text
                .contains("https://jobs.example/employer/applications")
        );
        assert_eq!(mail.attachments.len(), 1);
        let cancel = cancelled(&ABOUT, &to, Cancelled::ByEmployer, None, None);
        assert!(!cancel.text.contains("attached"));
    }
}

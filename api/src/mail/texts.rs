//! What each e-mail says: subject, plain text and HTML, with links back to the app.

use std::fmt::Write as _;

use super::message::{Mail, escape_html, html_page};

/// The footer of messages about someone's own applications.
pub(super) const ACCOUNT_FOOTER: &str =
    "You receive this because you applied for this job on JobTap.";

/// What became of an application.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Accepted,
    Rejected,
    /// The employer deleted the job, which declined its open applications.
    JobClosed,
}

/// A candidate's application was decided.
pub struct Decision<'a> {
    pub to_address: &'a str,
    pub candidate_name: &'a str,
    pub job_title: &'a str,
    pub company_name: &'a str,
    pub outcome: Outcome,
    /// The employer's feedback to the candidate, when they wrote one (never the private note).
    pub feedback: Option<&'a str>,
    /// The app's address (`JOBTAP_PUBLIC_URL`).
    pub public_url: &'a str,
}

/// The e-mail telling a candidate the employer's decision.
pub fn decision(d: &Decision<'_>) -> Mail {
    let link = format!("{}/applications", d.public_url);
    let greeting = greeting(d.candidate_name);
    let (subject, news, next) = match d.outcome {
        Outcome::Accepted => (
            format!("Your application for {} was accepted", d.job_title),
            format!(
                "Good news: {} accepted your application for {}.",
                d.company_name, d.job_title
            ),
            "They will contact you about the next steps.",
        ),
        Outcome::Rejected => (
            format!("Your application for {}", d.job_title),
            format!(
                "{} has decided not to go ahead with your application for {}.",
                d.company_name, d.job_title
            ),
            "Thank you for applying. There are more jobs waiting for you in your feed.",
        ),
        Outcome::JobClosed => (
            format!("Your application for {}", d.job_title),
            format!(
                "{} removed the {} job, so your application was declined.",
                d.company_name, d.job_title
            ),
            "There are more jobs waiting for you in your feed.",
        ),
    };
    let feedback = d.feedback.map(str::trim).filter(|f| !f.is_empty());
    let from = format!("Feedback from {}:", d.company_name);
    let feedback_text = feedback.map_or_else(String::new, |f| format!("\n\n{from}\n{f}"));
    let text = format!(
        "{greeting}\n\n{news} {next}{feedback_text}\n\nSee your applications: {link}\n\n— JobTap\n\n{ACCOUNT_FOOTER}\n"
    );
    let feedback_html = feedback.map_or_else(String::new, |f| {
        format!(
            "<p>{}</p><blockquote style=\"margin:0 0 1em;padding:8px 12px;border-left:3px solid #c4b5fd;\
             white-space:pre-line\">{}</blockquote>",
            escape_html(&from),
            escape_html(f)
        )
    });
    let body = format!(
        "<p>{}</p><p>{} {}</p>{feedback_html}<p><a href=\"{}\" style=\"color:#7c3aed\">See your applications</a></p>",
        escape_html(&greeting),
        escape_html(&news),
        escape_html(next),
        escape_html(&link),
    );
    Mail {
        kind: match d.outcome {
            Outcome::Accepted => "application_accepted",
            Outcome::Rejected => "application_rejected",
            Outcome::JobClosed => "application_job_closed",
        },
        to_address: d.to_address.to_string(),
        to_name: Some(d.candidate_name.trim().to_string()).filter(|n| !n.is_empty()),
        subject,
        text,
        html: html_page(&body, ACCOUNT_FOOTER),
        unsubscribe_url: None,
        attachments: Vec::new(),
    }
}

/// The footer of job alerts.
const ALERT_FOOTER: &str =
    "You receive this because you subscribed to JobTap job alerts with this address.";

/// "Hi Tendai," or "Hi," without a name.
pub(super) fn greeting(name: &str) -> String {
    if name.trim().is_empty() {
        "Hi,".to_string()
    } else {
        format!("Hi {},", name.trim())
    }
}

/// A subscription waiting for its owner to confirm it.
pub struct AlertConfirmation<'a> {
    pub to_address: &'a str,
    /// `{public_url}/alerts/confirm?token=…`
    pub confirm_url: &'a str,
}

/// The double opt-in e-mail: nothing else is sent until its link is followed.
pub fn alert_confirmation(c: &AlertConfirmation<'_>) -> Mail {
    let days = jobtap_core::alerts::CONFIRM_LINK_DAYS;
    let ask = "Someone, hopefully you, asked JobTap to e-mail new jobs to this address.";
    let act = "Confirm to start your job alerts:";
    let ignore = "If it was not you, ignore this e-mail: no job alerts are sent unless the link is followed.";
    let text = format!(
        "Hi,\n\n{ask} {act}\n{}\n\nThe link works for {days} days. {ignore}\n\n— JobTap\n",
        c.confirm_url
    );
    let body = format!(
        "<p>Hi,</p><p>{ask}</p><p><a href=\"{}\" style=\"display:inline-block;background:#7c3aed;\
         color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600\">\
         Confirm job alerts</a></p><p>The link works for {days} days. {ignore}</p>",
        escape_html(c.confirm_url)
    );
    Mail {
        kind: "alert_confirmation",
        to_address: c.to_address.to_string(),
        to_name: None,
        subject: "Confirm your JobTap job alerts".into(),
        text,
        html: html_page(&body, "JobTap job alerts"),
        unsubscribe_url: None,
        attachments: Vec::new(),
    }
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
    let feed = format!("{}/jobs", d.public_url);
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
    let intro = if d.by_fit {
        "New jobs that fit you:"
    } else {
        "New jobs on JobTap (complete your profile to get only those that fit you):"
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
        escape_html(intro),
        escape_html(&more),
        escape_html(&feed),
    );
    let footer = format!(
        "{ALERT_FOOTER} <a href=\"{}\" style=\"color:#64748b\">Unsubscribe</a>",
        escape_html(d.unsubscribe_url)
    );
    Mail {
        kind: "alert_digest",
        to_address: d.to_address.to_string(),
        to_name: Some(d.name.trim().to_string()).filter(|n| !n.is_empty()),
        subject,
        text,
        html: html_page(&body, &footer),
        unsubscribe_url: Some(d.unsubscribe_url.to_string()),
        attachments: Vec::new(),
    }
}

/// The footer of the messages about the account's password.
const PASSWORD_FOOTER: &str = "You receive this because this address belongs to a JobTap account.";

/// A link to set a new password ("Forgot password?").
pub struct PasswordReset<'a> {
    pub to_address: &'a str,
    pub name: &'a str,
    /// `{public_url}/reset-password#token=…`
    pub reset_url: &'a str,
}

/// The e-mail with a link to set a new password; nothing changes unless it is followed.
pub fn password_reset(r: &PasswordReset<'_>) -> Mail {
    let minutes = jobtap_core::password_reset::LINK_MINUTES;
    let ask = "Someone, hopefully you, asked to set a new password for the JobTap account of this address.";
    let limits = format!("The link works once, for {minutes} minutes.");
    let ignore = "If it was not you, ignore this e-mail: your password stays as it is.";
    let text = format!(
        "{}\n\n{ask} Choose a new one here:\n{}\n\n{limits} {ignore}\n\n— JobTap\n\n{PASSWORD_FOOTER}\n",
        greeting(r.name),
        r.reset_url
    );
    let body = format!(
        "<p>{}</p><p>{ask}</p><p><a href=\"{}\" style=\"display:inline-block;background:#7c3aed;\
         color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600\">\
         Set a new password</a></p><p>{limits} {ignore}</p>",
        escape_html(&greeting(r.name)),
        escape_html(r.reset_url)
    );
    Mail {
        kind: "password_reset",
        to_address: r.to_address.to_string(),
        to_name: Some(r.name.trim().to_string()).filter(|n| !n.is_empty()),
        subject: "Set a new JobTap password".into(),
        text,
        html: html_page(&body, PASSWORD_FOOTER),
        unsubscribe_url: None,
        attachments: Vec::new(),
    }
}

/// A link that confirms an address: the account's own at sign-up, or the new one it asked for.
pub struct EmailConfirmation<'a> {
    pub to_address: &'a str,
    pub name: &'a str,
    /// `{public_url}/confirm-email#token=…`
    pub confirm_url: &'a str,
    /// True when the link replaces the account's current address with this one.
    pub is_change: bool,
}

/// The e-mail with a link that confirms an address; nothing changes unless it is followed.
pub fn email_confirmation(c: &EmailConfirmation<'_>) -> Mail {
    let days = jobtap_core::email_confirmation::LINK_DAYS;
    let (ask, button, ignore) = if c.is_change {
        (
            "Someone, hopefully you, asked to use this address for their JobTap account. \
             Confirm it here, and it becomes the account's address:",
            "Use this address",
            "If it was not you, ignore this e-mail: nothing changes unless the link is followed.",
        )
    } else {
        (
            "Welcome to JobTap. Confirm your e-mail address, so you can apply to jobs and publish them:",
            "Confirm my address",
            "If you did not sign up, ignore this e-mail.",
        )
    };
    let limits = format!("The link works once, for {days} days.");
    let text = format!(
        "{}\n\n{ask}\n{}\n\n{limits} {ignore}\n\n— JobTap\n\n{PASSWORD_FOOTER}\n",
        greeting(c.name),
        c.confirm_url
    );
    let body = format!(
        "<p>{}</p><p>{ask}</p><p><a href=\"{}\" style=\"display:inline-block;background:#7c3aed;\
         color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600\">\
         {button}</a></p><p>{limits} {ignore}</p>",
        escape_html(&greeting(c.name)),
        escape_html(c.confirm_url)
    );
    Mail {
        kind: if c.is_change {
            "email_change_confirmation"
        } else {
            "email_confirmation"
        },
        to_address: c.to_address.to_string(),
        to_name: Some(c.name.trim().to_string()).filter(|n| !n.is_empty()),
        subject: if c.is_change {
            "Confirm your new JobTap e-mail address".into()
        } else {
            "Confirm your JobTap e-mail address".into()
        },
        text,
        html: html_page(&body, PASSWORD_FOOTER),
        unsubscribe_url: None,
        attachments: Vec::new(),
    }
}

/// The notice to an account's current address that a new one was asked for.
pub struct EmailChangeAsked<'a> {
    pub to_address: &'a str,
    pub name: &'a str,
    pub new_address: &'a str,
    /// The app's address (`JOBTAP_PUBLIC_URL`).
    pub public_url: &'a str,
}

/// Tells the old address of a change before it happens, with the way back if it was not them.
pub fn email_change_asked(c: &EmailChangeAsked<'_>) -> Mail {
    let what = format!(
        "Someone asked to change the e-mail address of your JobTap account to {}. It changes \
         only when the link sent there is followed; until then this address stays in use.",
        c.new_address
    );
    let not_you = "If it was not you, change your password now with \"Forgot password?\":";
    let link = format!("{}{}", c.public_url, jobtap_core::password_reset::ASK_PAGE);
    let text = format!(
        "{}\n\n{what}\n\n{not_you}\n{link}\n\n— JobTap\n\n{PASSWORD_FOOTER}\n",
        greeting(c.name)
    );
    let body = format!(
        "<p>{}</p><p>{}</p><p>{}</p><p><a href=\"{}\" style=\"color:#7c3aed\">Set a new \
         password</a></p>",
        escape_html(&greeting(c.name)),
        escape_html(&what),
        escape_html(not_you),
        escape_html(&link)
    );
    Mail {
        kind: "email_change_asked",
        to_address: c.to_address.to_string(),
        to_name: Some(c.name.trim().to_string()).filter(|n| !n.is_empty()),
        subject: "Your JobTap e-mail address is about to change".into(),
        text,
        html: html_page(&body, PASSWORD_FOOTER),
        unsubscribe_url: None,
        attachments: Vec::new(),
    }
}

/// How a password was changed, which decides which sessions ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordChange {
    /// With a link from a "Forgot password?" e-mail: every session ended.
    ResetLink,
    /// In Settings, with the current password: every other session ended.
    Settings,
}

/// The account's password was changed.
pub struct PasswordChanged<'a> {
    pub to_address: &'a str,
    pub name: &'a str,
    pub how: PasswordChange,
    /// The app's address (`JOBTAP_PUBLIC_URL`).
    pub public_url: &'a str,
}

/// The notice to the account's owner that its password was changed, with the way back in if it
/// was not them.
pub fn password_changed(c: &PasswordChanged<'_>) -> Mail {
    let what = match c.how {
        PasswordChange::ResetLink => {
            "The password of your JobTap account was changed with a link e-mailed to this address, \
             and every device signed in to the account was signed out."
        }
        PasswordChange::Settings => {
            "The password of your JobTap account was changed in Settings, and every other device \
             signed in to the account was signed out."
        }
    };
    let fine = "If it was you, there is nothing more to do.";
    let not_you = "If it was not you, set a new password now with \"Forgot password?\":";
    let link = format!("{}{}", c.public_url, jobtap_core::password_reset::ASK_PAGE);
    let text = format!(
        "{}\n\n{what}\n\n{fine} {not_you}\n{link}\n\n— JobTap\n\n{PASSWORD_FOOTER}\n",
        greeting(c.name)
    );
    let body = format!(
        "<p>{}</p><p>{what}</p><p>{fine} {}</p><p><a href=\"{}\" style=\"color:#7c3aed\">Set a new \
         password</a></p>",
        escape_html(&greeting(c.name)),
        escape_html(not_you),
        escape_html(&link)
    );
    Mail {
        kind: "password_changed",
        to_address: c.to_address.to_string(),
        to_name: Some(c.name.trim().to_string()).filter(|n| !n.is_empty()),
        subject: "Your JobTap password was changed".into(),
        text,
        html: html_page(&body, PASSWORD_FOOTER),
        unsubscribe_url: None,
        attachments: Vec::new(),
    }
}

/// The footer of messages to employers about their jobs.
pub(super) const EMPLOYER_FOOTER: &str =
    "You receive this because you post jobs on JobTap. Turn these e-mails off in Notifications.";

/// One new applicant, as the employer's e-mail lists them.
pub struct Applicant {
    pub name: String,
    /// Core's percentage text ("77.0%").
    pub fit: String,
}

/// New applications to one of an employer's jobs since the last such e-mail.
pub struct NewApplicants<'a> {
    pub to_address: &'a str,
    pub employer_name: &'a str,
    pub job_title: &'a str,
    pub applicants: &'a [Applicant],
    pub public_url: &'a str,
}

/// The employer's batched e-mail about new applicants to one job.
pub fn new_applicants(n: &NewApplicants<'_>) -> Mail {
    let job = n.job_title.trim();
    let subject = match n.applicants.len() {
        1 => format!("New applicant for {job}"),
        count => format!("{count} new applicants for {job}"),
    };
    let link = format!("{}/employer/applications", n.public_url);
    let name = |a: &Applicant| match a.name.trim() {
        "" => "A candidate".to_string(),
        name => name.to_string(),
    };
    let mut text = format!(
        "{}\n\nNew applications for {job}:\n\n",
        greeting(n.employer_name)
    );
    let mut items = String::new();
    for applicant in n.applicants {
        let _ = writeln!(text, "- {} ({} fit)", name(applicant), applicant.fit);
        let _ = write!(
            items,
            "<li>{} <span style=\"color:#475569\">({} fit)</span></li>",
            escape_html(&name(applicant)),
            escape_html(&applicant.fit)
        );
    }
    let _ = write!(
        text,
        "\nReview them: {link}\n\n— JobTap\n\n{EMPLOYER_FOOTER}\n"
    );
    let body = format!(
        "<p>{}</p><p>New applications for <strong>{}</strong>:</p><ul>{items}</ul>\
         <p><a href=\"{}\" style=\"color:#7c3aed\">Review them</a></p>",
        escape_html(&greeting(n.employer_name)),
        escape_html(job),
        escape_html(&link),
    );
    Mail {
        kind: "new_applicants",
        to_address: n.to_address.to_string(),
        to_name: Some(n.employer_name.trim().to_string()).filter(|n| !n.is_empty()),
        subject,
        text,
        html: html_page(&body, EMPLOYER_FOOTER),
        unsubscribe_url: None,
        attachments: Vec::new(),
    }
}

/// One job's line of an employer's daily summary.
pub struct SummaryJob {
    pub title: String,
    /// Applications in the last day.
    pub new: i64,
    /// Applications still awaiting the employer's decision.
    pub waiting: i64,
}

/// An employer's day on JobTap.
pub struct DailySummary<'a> {
    pub to_address: &'a str,
    pub employer_name: &'a str,
    pub jobs: &'a [SummaryJob],
    pub public_url: &'a str,
}

/// "1 new applicant" / "3 new applicants".
fn count_text(n: i64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The employer's daily summary, per job.
pub fn daily_summary(d: &DailySummary<'_>) -> Mail {
    let new: i64 = d.jobs.iter().map(|j| j.new).sum();
    let waiting: i64 = d.jobs.iter().map(|j| j.waiting).sum();
    let subject = format!(
        "Your day on JobTap: {}, {} awaiting your decision",
        count_text(new, "new applicant", "new applicants"),
        waiting
    );
    let link = format!("{}/employer/applications", d.public_url);
    let job_line = |j: &SummaryJob| {
        format!(
            "{}: {}, {} awaiting your decision",
            j.title.trim(),
            count_text(j.new, "new", "new"),
            j.waiting
        )
    };
    let mut text = format!("{}\n\nYour jobs today:\n\n", greeting(d.employer_name));
    let mut items = String::new();
    for job in d.jobs {
        let _ = writeln!(text, "- {}", job_line(job));
        let _ = write!(items, "<li>{}</li>", escape_html(&job_line(job)));
    }
    let _ = write!(
        text,
        "\nReview them: {link}\n\n— JobTap\n\n{EMPLOYER_FOOTER}\n"
    );
    let body = format!(
        "<p>{}</p><p>Your jobs today:</p><ul>{items}</ul><p><a href=\"{}\" style=\"color:#7c3aed\">\
         Review them</a></p>",
        escape_html(&greeting(d.employer_name)),
        escape_html(&link),
    );
    Mail {
        kind: "daily_summary",
        to_address: d.to_address.to_string(),
        to_name: Some(d.employer_name.trim().to_string()).filter(|n| !n.is_empty()),
        subject,
        text,
        html: html_page(&body, EMPLOYER_FOOTER),
        unsubscribe_url: None,
        attachments: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_daily_summary_adds_up_each_job() {
        let jobs = [
            SummaryJob {
                title: "Staff Nurse".into(),
                new: 1,
                waiting: 3,
            },
            SummaryJob {
                title: "Data <Analyst>".into(),
                new: 2,
                waiting: 2,
            },
        ];
        let mail = daily_summary(&DailySummary {
            to_address: "hr@acme.example",
            employer_name: "Farai",
            jobs: &jobs,
            public_url: "https://jobs.example",
        });
        assert_eq!(
            mail.subject,
            "Your day on JobTap: 3 new applicants, 5 awaiting your decision"
        );
        assert!(
            mail.text
                .contains("- Staff Nurse: 1 new, 3 awaiting your decision\n")
        );
        assert!(mail.html.contains("Data &lt;Analyst&gt;: 2 new"));
    }

    #[test]
    fn new_applicants_are_listed_with_their_fit() {
        let applicants = [
            Applicant {
                name: "Rudo <Dube>".into(),
                fit: "81.2%".into(),
            },
            Applicant {
                name: " ".into(),
                fit: "40.0%".into(),
            },
        ];
        let mail = new_applicants(&NewApplicants {
            to_address: "hr@acme.example",
            employer_name: "Farai",
            job_title: "Staff Nurse",
            applicants: &applicants,
            public_url: "https://jobs.example",
        });
        assert_eq!(mail.subject, "2 new applicants for Staff Nurse");
        assert!(
            mail.text
                .contains("- Rudo <Dube> (81.2% fit)\n- A candidate (40.0% fit)\n")
        );
        assert!(
            mail.text
                .contains("https://jobs.example/employer/applications")
        );
        assert!(mail.html.contains("Rudo &lt;Dube&gt;"));
    }

    fn decision_mail(outcome: Outcome, company: &str) -> Mail {
        decision(&Decision {
            to_address: "tendai@example.com",
            candidate_name: "Tendai Moyo",
            job_title: "Data Analyst",
            company_name: company,
            outcome,
            feedback: None,
            public_url: "https://jobs.example",
        })
    }

    #[test]
    fn feedback_travels_with_a_decision_escaped_in_html() {
        let mail = decision(&Decision {
            to_address: "tendai@example.com",
            candidate_name: "Tendai Moyo",
            job_title: "Data Analyst",
            company_name: "Acme",
            outcome: Outcome::Rejected,
            feedback: Some("  Keep <practising> SQL\nand apply again  "),
            public_url: "https://jobs.example",
        });
        assert!(mail.text.contains("\n\nFeedback from Acme:\nKeep <practising> SQL\nand apply again\n\nSee your applications"));
        assert!(
            mail.html
                .contains("Keep &lt;practising&gt; SQL\nand apply again</blockquote>")
        );
        let without = decision_mail(Outcome::Rejected, "Acme");
        assert!(!without.text.contains("Feedback from"));
    }

    #[test]
    fn an_acceptance_says_so_and_links_to_the_applications() {
        let mail = decision_mail(Outcome::Accepted, "Acme");
        assert_eq!(
            mail.subject,
            "Your application for Data Analyst was accepted"
        );
        assert!(mail.text.starts_with(
            "Hi Tendai Moyo,\n\nGood news: Acme accepted your application for Data Analyst."
        ));
        assert!(mail.text.contains("https://jobs.example/applications"));
        assert!(
            mail.html
                .contains("href=\"https://jobs.example/applications\"")
        );
        assert_eq!(mail.kind, "application_accepted");
    }

    #[test]
    fn a_rejection_is_kind_and_user_text_is_escaped_in_html() {
        let mail = decision_mail(Outcome::Rejected, "<b>Evil</b> & Co");
        assert_eq!(mail.subject, "Your application for Data Analyst");
        assert!(
            mail.text
                .contains("<b>Evil</b> & Co has decided not to go ahead")
        );
        assert!(
            mail.html
                .contains("&lt;b&gt;Evil&lt;/b&gt; &amp; Co has decided")
        );
        assert!(!mail.html.contains("<b>Evil"));
        assert_eq!(mail.kind, "application_rejected");
    }

    #[test]
    fn the_confirmation_asks_first_and_says_how_long_the_link_works() {
        let mail = alert_confirmation(&AlertConfirmation {
            to_address: "rudo@example.com",
            confirm_url: "https://jobs.example/alerts/confirm?token=a&b",
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
    }

    #[test]
    fn a_closed_job_says_why_the_application_ended() {
        let mail = decision_mail(Outcome::JobClosed, "Acme");
        assert!(
            mail.text
                .contains("Acme removed the Data Analyst job, so your application was declined.")
        );
        assert_eq!(mail.kind, "application_job_closed");
    }

    #[test]
    fn the_reset_link_says_it_works_once_for_an_hour_and_escapes_the_name() {
        let mail = password_reset(&PasswordReset {
            to_address: "rudo@example.com",
            name: "Rudo <b>",
            reset_url: "https://jobs.example/reset-password#token=a&b",
        });
        assert_eq!(mail.subject, "Set a new JobTap password");
        assert!(mail.text.starts_with("Hi Rudo <b>,\n"), "{}", mail.text);
        assert!(
            mail.text
                .contains("https://jobs.example/reset-password#token=a&b\n")
        );
        assert!(mail.text.contains("The link works once, for 60 minutes."));
        assert!(mail.text.contains("your password stays as it is"));
        assert!(
            mail.html
                .contains("href=\"https://jobs.example/reset-password#token=a&amp;b\"")
        );
        assert!(mail.html.contains("Hi Rudo &lt;b&gt;,"));
        // Nothing in it is fetched from elsewhere: no tracking.
        assert!(!mail.html.contains("<img"), "{}", mail.html);
        assert!(mail.unsubscribe_url.is_none());
    }

    #[test]
    fn the_changed_notice_says_which_sessions_ended_and_how_back_in() {
        let by = |how| {
            password_changed(&PasswordChanged {
                to_address: "rudo@example.com",
                name: "",
                how,
                public_url: "https://jobs.example",
            })
        };
        let reset = by(PasswordChange::ResetLink);
        assert_eq!(reset.subject, "Your JobTap password was changed");
        assert!(reset.text.starts_with("Hi,\n"));
        assert!(
            reset
                .text
                .contains("every device signed in to the account was signed out")
        );
        assert!(
            reset
                .text
                .contains("https://jobs.example/forgot-password\n")
        );
        assert!(!reset.html.contains("<img"));
        let settings = by(PasswordChange::Settings);
        assert!(
            settings
                .text
                .contains("changed in Settings, and every other device")
        );
        assert_eq!(settings.kind, "password_changed");
    }
}

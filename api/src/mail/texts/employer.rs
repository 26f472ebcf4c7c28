//! E-mails to employers about their jobs: new applicants and the daily summary.

use std::fmt::Write as _;

use jobtap_core::notifications::awaiting_decision;
use jobtap_core::team::CompanyRole;

use super::greeting;
use crate::mail::message::{Mail, escape_html, html_page};

/// The footer of messages to employers about their jobs.
pub(in crate::mail) const EMPLOYER_FOOTER: &str =
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
    Mail::new(
        "new_applicants",
        n.to_address,
        n.employer_name,
        subject,
        text,
        html_page(&body, EMPLOYER_FOOTER),
    )
}

/// One job's line of an employer's daily summary.
pub struct SummaryJob {
    pub title: String,
    /// Applications in the last day.
    pub new: i64,
    /// Applications still awaiting a decision.
    pub waiting: i64,
}

/// An employer's day on JobTap.
pub struct DailySummary<'a> {
    pub to_address: &'a str,
    pub employer_name: &'a str,
    /// The recipient's role in their company: whether the decisions are theirs to make.
    pub role: CompanyRole,
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
    let awaiting = awaiting_decision(d.role);
    let subject = format!(
        "Your day on JobTap: {}, {waiting} {awaiting}",
        count_text(new, "new applicant", "new applicants"),
    );
    let link = format!("{}/employer/applications", d.public_url);
    let job_line = |j: &SummaryJob| {
        format!(
            "{}: {}, {} {awaiting}",
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
    Mail::new(
        "daily_summary",
        d.to_address,
        d.employer_name,
        subject,
        text,
        html_page(&body, EMPLOYER_FOOTER),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary_to(role: CompanyRole, jobs: &[SummaryJob]) -> Mail {
        daily_summary(&DailySummary {
            to_address: "hr@acme.example",
            employer_name: "Farai",
            role,
            jobs,
            public_url: "https://jobs.example",
        })
    }

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
        let mail = summary_to(CompanyRole::Recruiter, &jobs);
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
    fn an_interviewers_summary_does_not_leave_the_decision_to_them() {
        let jobs = [SummaryJob {
            title: "Staff Nurse".into(),
            new: 1,
            waiting: 2,
        }];
        let mail = summary_to(CompanyRole::Interviewer, &jobs);
        assert_eq!(
            mail.subject,
            "Your day on JobTap: 1 new applicant, 2 awaiting a decision"
        );
        assert!(
            mail.text
                .contains("- Staff Nurse: 1 new, 2 awaiting a decision\n"),
            "{}",
            mail.text
        );
        assert!(
            mail.html
                .contains("Staff Nurse: 1 new, 2 awaiting a decision")
        );
        for text in [&mail.subject, &mail.text, &mail.html] {
            assert!(!text.contains("your decision"), "{text}");
        }
        let admin = summary_to(CompanyRole::Admin, &jobs);
        assert!(
            admin
                .html
                .contains("Staff Nurse: 1 new, 2 awaiting your decision")
        );
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
}

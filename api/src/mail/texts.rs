//! What each e-mail says: subject, plain text and HTML, with links back to the app.

use super::message::{Mail, escape_html, html_page};

/// The footer of messages about someone's own applications.
const ACCOUNT_FOOTER: &str = "You receive this because you applied for this job on JobTap.";

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
    /// The app's address (`JOBTAP_PUBLIC_URL`).
    pub public_url: &'a str,
}

/// The e-mail telling a candidate the employer's decision.
pub fn decision(d: &Decision<'_>) -> Mail {
    let link = format!("{}/applications", d.public_url);
    let greeting = if d.candidate_name.trim().is_empty() {
        "Hi,".to_string()
    } else {
        format!("Hi {},", d.candidate_name.trim())
    };
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
    let text = format!(
        "{greeting}\n\n{news} {next}\n\nSee your applications: {link}\n\n— JobTap\n\n{ACCOUNT_FOOTER}\n"
    );
    let body = format!(
        "<p>{}</p><p>{} {}</p><p><a href=\"{}\" style=\"color:#7c3aed\">See your applications</a></p>",
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decision_mail(outcome: Outcome, company: &str) -> Mail {
        decision(&Decision {
            to_address: "tendai@example.com",
            candidate_name: "Tendai Moyo",
            job_title: "Data Analyst",
            company_name: company,
            outcome,
            public_url: "https://jobs.example",
        })
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
    fn a_closed_job_says_why_the_application_ended() {
        let mail = decision_mail(Outcome::JobClosed, "Acme");
        assert!(
            mail.text
                .contains("Acme removed the Data Analyst job, so your application was declined.")
        );
        assert_eq!(mail.kind, "application_job_closed");
    }
}

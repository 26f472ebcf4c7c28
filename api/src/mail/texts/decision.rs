//! The e-mail telling a candidate what became of an application.

use super::greeting;
use crate::mail::message::{Mail, escape_html, html_page};

/// The footer of messages about someone's own applications.
pub(in crate::mail) const ACCOUNT_FOOTER: &str =
    "You receive this because you applied for this job on JobTap.";

/// What became of an application.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Accepted,
    Rejected,
    /// The employer deleted the job, which declined its open applications.
    JobClosed,
    /// The employer took back a rejection: the application is in review again.
    Reconsidered,
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
        Outcome::Reconsidered => (
            format!("Your application for {} is back in review", d.job_title),
            format!(
                "{} is taking another look at your application for {}.",
                d.company_name, d.job_title
            ),
            "It is in review again; you will hear when they decide.",
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
    let kind = match d.outcome {
        Outcome::Accepted => "application_accepted",
        Outcome::Rejected => "application_rejected",
        Outcome::JobClosed => "application_job_closed",
        Outcome::Reconsidered => "application_reconsidered",
    };
    Mail::new(
        kind,
        d.to_address,
        d.candidate_name,
        subject,
        text,
        html_page(&body, ACCOUNT_FOOTER),
    )
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
            feedback: None,
            public_url: "https://jobs.example",
        })
    }

    /// Today's acceptance and rejection, to the byte: JobTap's wording is a template now, and
    /// the e-mail it gives must be the one it always was.
    #[test]
    fn the_default_wording_is_unchanged_to_the_byte() {
        let link = "<p><a href=\"https://jobs.example/applications\" style=\"color:#7c3aed\">See your applications</a></p>";
        let tail = "See your applications: https://jobs.example/applications\n\n— JobTap\n\nYou receive this because you applied for this job on JobTap.\n";
        let accepted = decision(&Decision {
            to_address: "tendai@example.com",
            candidate_name: " ",
            job_title: "Data Analyst",
            company_name: "Acme & Sons",
            outcome: Outcome::Accepted,
            feedback: None,
            public_url: "https://jobs.example",
        });
        assert_eq!(accepted.subject, "Your application for Data Analyst was accepted");
        assert_eq!(
            accepted.text,
            format!("Hi,\n\nGood news: Acme & Sons accepted your application for Data Analyst. They will contact you about the next steps.\n\n{tail}")
        );
        assert_eq!(
            accepted.html,
            html_page(
                &format!("<p>Hi,</p><p>Good news: Acme &amp; Sons accepted your application for Data Analyst. They will contact you about the next steps.</p>{link}"),
                ACCOUNT_FOOTER
            )
        );
        let rejected = decision(&Decision {
            to_address: "tendai@example.com",
            candidate_name: "  Tendai Moyo ",
            job_title: "Data Analyst",
            company_name: "Acme",
            outcome: Outcome::Rejected,
            feedback: Some(" Keep <practising> SQL\nand apply again "),
            public_url: "https://jobs.example",
        });
        assert_eq!(rejected.subject, "Your application for Data Analyst");
        assert_eq!(
            rejected.text,
            format!("Hi Tendai Moyo,\n\nAcme has decided not to go ahead with your application for Data Analyst. Thank you for applying. There are more jobs waiting for you in your feed.\n\nFeedback from Acme:\nKeep <practising> SQL\nand apply again\n\n{tail}")
        );
        assert_eq!(
            rejected.html,
            html_page(
                &format!("<p>Hi Tendai Moyo,</p><p>Acme has decided not to go ahead with your application for Data Analyst. Thank you for applying. There are more jobs waiting for you in your feed.</p>\
                 <p>Feedback from Acme:</p><blockquote style=\"margin:0 0 1em;padding:8px 12px;border-left:3px solid #c4b5fd;white-space:pre-line\">Keep &lt;practising&gt; SQL\nand apply again</blockquote>{link}"),
                ACCOUNT_FOOTER
            )
        );
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
    fn a_reconsidered_application_is_back_in_review() {
        let mail = decision_mail(Outcome::Reconsidered, "Acme");
        assert_eq!(
            mail.subject,
            "Your application for Data Analyst is back in review"
        );
        assert!(
            mail.text
                .contains("Acme is taking another look at your application for Data Analyst.")
        );
        assert_eq!(mail.kind, "application_reconsidered");
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

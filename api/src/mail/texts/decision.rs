//! The e-mail telling a candidate what became of an application.

use std::fmt::Write as _;

use jobtap_core::decision_template::{Kind, Values, places_feedback, render};

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

/// An employer's own wording of an acceptance or rejection (core's `decision_template`, as
/// saved): each part set replaces JobTap's.
#[derive(Debug, Clone, Copy, Default)]
pub struct Wording<'a> {
    pub subject: Option<&'a str>,
    pub body: Option<&'a str>,
}

/// The e-mail telling a candidate the employer's decision, in JobTap's wording.
pub fn decision(d: &Decision<'_>) -> Mail {
    decision_in(d, Wording::default())
}

/// The e-mail telling a candidate the employer's decision, in `wording` where the employer
/// set one (for an acceptance or a rejection; the other outcomes have JobTap's only). The
/// preview of a template is this function's answer, so it shows what is sent.
pub fn decision_in(d: &Decision<'_>, wording: Wording<'_>) -> Mail {
    let link = format!("{}/applications", d.public_url);
    let values = Values {
        name: d.candidate_name,
        job: d.job_title,
        company: d.company_name,
        feedback: d.feedback,
    };
    let templated = |kind: Kind| {
        let subject = wording.subject.unwrap_or_else(|| kind.default_subject());
        let body = wording.body.unwrap_or_else(|| kind.default_body());
        (
            render(subject, &values),
            render(body, &values),
            places_feedback(body),
        )
    };
    let (subject, message, feedback_placed) = match d.outcome {
        Outcome::Accepted => templated(Kind::Acceptance),
        Outcome::Rejected => templated(Kind::Rejection),
        Outcome::JobClosed => (
            format!("Your application for {}", d.job_title),
            format!(
                "{}\n\n{} removed the {} job, so your application was declined. \
                 There are more jobs waiting for you in your feed.",
                greeting(d.candidate_name),
                d.company_name,
                d.job_title
            ),
            false,
        ),
        Outcome::Reconsidered => (
            format!("Your application for {} is back in review", d.job_title),
            format!(
                "{}\n\n{} is taking another look at your application for {}. \
                 It is in review again; you will hear when they decide.",
                greeting(d.candidate_name),
                d.company_name,
                d.job_title
            ),
            false,
        ),
    };
    // Feedback the message does not place itself comes after it, set apart.
    let feedback = values.feedback().filter(|_| !feedback_placed);
    let from = format!("Feedback from {}:", d.company_name);
    let feedback_text = feedback.map_or_else(String::new, |f| format!("\n\n{from}\n{f}"));
    let text = format!(
        "{message}{feedback_text}\n\nSee your applications: {link}\n\n— JobTap\n\n{ACCOUNT_FOOTER}\n"
    );
    let feedback_html = feedback.map_or_else(String::new, |f| {
        format!(
            "<p>{}</p><blockquote style=\"margin:0 0 1em;padding:8px 12px;border-left:3px solid #c4b5fd;\
             white-space:pre-line\">{}</blockquote>",
            escape_html(&from),
            escape_html(f)
        )
    });
    // Each paragraph of the message is one `<p>`; a line break within one is a `<br>`.
    let mut paragraphs = String::new();
    for paragraph in message.split("\n\n") {
        let _ = write!(
            paragraphs,
            "<p>{}</p>",
            escape_html(paragraph).replace('\n', "<br>")
        );
    }
    let body = format!(
        "{paragraphs}{feedback_html}<p><a href=\"{}\" style=\"color:#7c3aed\">See your applications</a></p>",
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
        assert_eq!(
            accepted.subject,
            "Your application for Data Analyst was accepted"
        );
        assert_eq!(
            accepted.text,
            format!(
                "Hi,\n\nGood news: Acme & Sons accepted your application for Data Analyst. They will contact you about the next steps.\n\n{tail}"
            )
        );
        assert_eq!(
            accepted.html,
            html_page(
                &format!(
                    "<p>Hi,</p><p>Good news: Acme &amp; Sons accepted your application for Data Analyst. They will contact you about the next steps.</p>{link}"
                ),
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
            format!(
                "Hi Tendai Moyo,\n\nAcme has decided not to go ahead with your application for Data Analyst. Thank you for applying. There are more jobs waiting for you in your feed.\n\nFeedback from Acme:\nKeep <practising> SQL\nand apply again\n\n{tail}"
            )
        );
        assert_eq!(
            rejected.html,
            html_page(
                &format!(
                    "<p>Hi Tendai Moyo,</p><p>Acme has decided not to go ahead with your application for Data Analyst. Thank you for applying. There are more jobs waiting for you in your feed.</p>\
                 <p>Feedback from Acme:</p><blockquote style=\"margin:0 0 1em;padding:8px 12px;border-left:3px solid #c4b5fd;white-space:pre-line\">Keep &lt;practising&gt; SQL\nand apply again</blockquote>{link}"
                ),
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

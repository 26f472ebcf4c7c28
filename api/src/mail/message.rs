//! Building a message: plain text and HTML, the product's name, safe headers.

use lettre::Message;
use lettre::message::header::ContentType;
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart};

use super::config::MailConfig;

/// A message to one person, before it is built.
#[derive(Debug, Clone)]
pub struct Mail {
    /// What caused it (`application_accepted`, …), kept with the queued row.
    pub kind: &'static str,
    pub to_address: String,
    /// The person's name for the `To` header; encoded by the builder, never pasted in.
    pub to_name: Option<String>,
    pub subject: String,
    /// The plain-text body.
    pub text: String,
    /// The HTML body, with every piece of user text already escaped ([`escape_html`]).
    pub html: String,
    /// A one-click unsubscribe link (RFC 8058), for alerts.
    pub unsubscribe_url: Option<String>,
    /// Files sent with it (an interview's calendar event).
    pub attachments: Vec<FileAttachment>,
}

impl Mail {
    /// A message to `name` at `to_address` (no name in the header when it is blank), with no
    /// unsubscribe link and no file.
    pub fn new(
        kind: &'static str,
        to_address: &str,
        name: &str,
        subject: impl Into<String>,
        text: String,
        html: String,
    ) -> Self {
        Self {
            kind,
            to_address: to_address.to_string(),
            to_name: Some(name.trim().to_string()).filter(|n| !n.is_empty()),
            subject: subject.into(),
            text,
            html,
            unsubscribe_url: None,
            attachments: Vec::new(),
        }
    }
}

/// A file sent with a message.
#[derive(Debug, Clone)]
pub struct FileAttachment {
    pub file_name: String,
    /// The full content type, parameters included (`text/calendar; method=REQUEST; …`).
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// Why a message could not be built.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("not an e-mail address: {0}")]
    Address(String),
    #[error("not a content type: {0}")]
    ContentType(String),
    #[error("the message could not be built: {0}")]
    Message(#[from] lettre::error::Error),
}

/// The message as it goes on the wire, with its recipient's address for the envelope.
pub struct Built {
    pub to: String,
    pub bytes: Vec<u8>,
}

/// Builds `mail` from the configured sender; `id` names the message (`Message-ID`).
pub fn build(mail: &Mail, config: &MailConfig, id: &str) -> Result<Built, BuildError> {
    let address: lettre::Address = mail
        .to_address
        .parse()
        .map_err(|_| BuildError::Address(mail.to_address.clone()))?;
    // RFC 2606 reserves `.invalid`: the stand-in of a deleted account has such an address, and
    // nothing is ever sent there.
    if address.domain().ends_with(".invalid") {
        return Err(BuildError::Address(mail.to_address.clone()));
    }
    // Line breaks in a name or subject would break the header (lettre refuses them by
    // panicking while formatting): they become spaces.
    let to_name = mail
        .to_name
        .as_deref()
        .map(one_line)
        .filter(|n| !n.is_empty());
    let to = Mailbox::new(to_name, address);
    let host = config.from.email.domain().to_string();
    let mut builder = Message::builder()
        .from(config.from.clone())
        .to(to.clone())
        .subject(one_line(&mail.subject))
        .message_id(Some(format!("<{id}@{host}>")));
    if let Some(url) = &mail.unsubscribe_url {
        builder = builder
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{url}>"),
            ))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_string(),
            ));
    }
    let body = MultiPart::alternative_plain_html(mail.text.clone(), mail.html.clone());
    let message = if mail.attachments.is_empty() {
        builder.multipart(body)?
    } else {
        let mut mixed = MultiPart::mixed().multipart(body);
        for file in &mail.attachments {
            let content_type = ContentType::parse(&file.content_type)
                .map_err(|_| BuildError::ContentType(file.content_type.clone()))?;
            mixed = mixed.singlepart(
                Attachment::new(file.file_name.clone()).body(file.bytes.clone(), content_type),
            );
        }
        builder.multipart(mixed)?
    };
    Ok(Built {
        to: to.email.to_string(),
        bytes: message.formatted(),
    })
}

/// `text` on one line: control characters become spaces, runs of space one.
pub fn one_line(text: &str) -> String {
    text.split(char::is_control)
        .flat_map(str::split_whitespace)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` safe to place in HTML, in an element or a quoted attribute (core's, which the job
/// pages use too).
pub use jobtap_core::format::escape_html;

/// The HTML frame every message shares: the product's name, the body, a footer.
pub fn html_page(body: &str, footer: &str) -> String {
    format!(
        "<!doctype html><html><body style=\"font-family:system-ui,sans-serif;color:#0f172a;\
         max-width:560px;margin:0 auto;padding:24px\"><p style=\"font-size:20px;font-weight:700;\
         color:#7c3aed;margin:0 0 16px\">JobTap</p>{body}<p style=\"color:#64748b;font-size:12px;\
         margin-top:32px\">{footer}</p></body></html>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn config() -> MailConfig {
        MailConfig::from_lookup(|_| None, Path::new("/tmp")).unwrap()
    }

    fn mail(name: &str) -> Mail {
        Mail {
            kind: "test",
            to_address: "tendai@example.com".into(),
            to_name: Some(name.into()),
            subject: "Your application to Data Analyst".into(),
            text: "Hello".into(),
            html: html_page(&escape_html("<b>Hello</b>"), "footer"),
            unsubscribe_url: Some(
                "http://127.0.0.1:8080/api/v1/alerts/unsubscribe?token=abc".into(),
            ),
            attachments: Vec::new(),
        }
    }

    #[test]
    fn names_in_headers_are_encoded_and_cannot_add_headers() {
        let built = build(&mail("Eve\r\nBcc: victim@example.com"), &config(), "m1").unwrap();
        let text = String::from_utf8_lossy(&built.bytes);
        assert!(!text.contains("\r\nBcc:"), "{text}");
        // "Eve Bcc: victim@example.com", on one line and encoded.
        assert!(
            text.contains(
                "To: =?utf-8?b?RXZlIEJjYzogdmljdGltQGV4YW1wbGUuY29t?= <tendai@example.com>"
            ),
            "{text}"
        );
        assert_eq!(built.to, "tendai@example.com");
        let built = build(&mail("Tafadzwa Ñoño"), &config(), "m2").unwrap();
        let text = String::from_utf8_lossy(&built.bytes);
        assert!(text.contains("=?utf-8?"), "{text}");
        assert!(text.contains("Message-ID: <m2@jobtap.localhost>"), "{text}");
    }

    #[test]
    fn alerts_carry_one_click_unsubscribe_headers() {
        let built = build(&mail("Tendai"), &config(), "m3").unwrap();
        let text = String::from_utf8_lossy(&built.bytes);
        assert!(
            text.contains(
                "List-Unsubscribe: <http://127.0.0.1:8080/api/v1/alerts/unsubscribe?token=abc>"
            ),
            "{text}"
        );
        assert!(
            text.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
            "{text}"
        );
        assert!(text.contains("multipart/alternative"), "{text}");
    }

    #[test]
    fn user_text_is_escaped_in_html() {
        assert_eq!(
            escape_html("<script>\"x\" & 'y'"),
            "&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;"
        );
    }
}

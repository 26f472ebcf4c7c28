//! Where e-mail goes: an SMTP server (`JOBTAP_SMTP_URL`) or, with none set, `.eml` files in
//! `$JOBTAP_DATA_DIR/outbox/`, so a local run shows what would be sent without any set-up.

use std::path::{Path, PathBuf};

use lettre::message::Mailbox;

use crate::error::ConfigError;

/// The sender's address when `JOBTAP_MAIL_FROM` is not set.
const DEFAULT_FROM: &str = "JobTap <no-reply@jobtap.localhost>";
/// How long a sender holds the messages it took when `JOBTAP_MAIL_CLAIM_SECS` is not set:
/// far longer than one hand-over takes.
const DEFAULT_CLAIM_MS: i64 = 60_000;
/// Links in e-mails start here when `JOBTAP_PUBLIC_URL` is not set (the `make run` address).
const DEFAULT_PUBLIC_URL: &str = "http://127.0.0.1:8080";

/// How messages leave the server.
#[derive(Clone)]
pub enum Delivery {
    /// `JOBTAP_SMTP_URL`: `smtp://user:pass@host:587` (STARTTLS required), `smtps://host:465`
    /// (TLS from the start), or `smtp://127.0.0.1:2525` (a server on this machine, plain).
    Smtp(String),
    /// Each message as `<id>.eml` in this folder.
    Outbox(PathBuf),
}

impl std::fmt::Debug for Delivery {
    // The SMTP URL may hold a password: it is never printed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Smtp(_) => f.write_str("Smtp(…)"),
            Self::Outbox(dir) => f.debug_tuple("Outbox").field(dir).finish(),
        }
    }
}

/// The e-mail settings.
#[derive(Debug, Clone)]
pub struct MailConfig {
    pub delivery: Delivery,
    /// `JOBTAP_MAIL_FROM`: the `From` of every message.
    pub from: Mailbox,
    /// `JOBTAP_PUBLIC_URL`: the app's address as people reach it, for links (no trailing `/`).
    pub public_url: String,
    /// `JOBTAP_MAIL_CLAIM_SECS`: how long a sender holds the messages it took (60 s); if it dies
    /// before marking them, another sender (or it, restarted) takes them after that.
    pub claim_ms: i64,
    /// `JOBTAP_SCHEDULED_MAIL` (on unless `0`): whether this instance looks for the scheduled
    /// e-mails (job-alert digests, new-applicant batches, daily summaries). Off, it still sends
    /// what others queue.
    pub scheduled: bool,
}

impl MailConfig {
    /// With no SMTP server the message is only a file: the log shows a link just e-mailed too
    /// (`what` names it), so a person trying JobTap on their own machine can follow it.
    pub fn show_link(&self, what: &str, to: &str, link: &str) {
        if let Delivery::Outbox(dir) = &self.delivery {
            tracing::info!(
                to = %to,
                link = %link,
                outbox = %dir.display(),
                "{what} (no JOBTAP_SMTP_URL set: open it from here or from the outbox folder)"
            );
        }
    }

    /// Reads the settings through `get` (blank values count as unset).
    pub fn from_lookup(
        get: impl Fn(&str) -> Option<String>,
        data_dir: &Path,
    ) -> Result<Self, ConfigError> {
        let delivery = match get("JOBTAP_SMTP_URL") {
            Some(url) => {
                let url = with_starttls(url.trim());
                // Checked now, so a typo stops the start rather than every send.
                lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::from_url(&url).map_err(
                    |_| ConfigError::Invalid {
                        var: "JOBTAP_SMTP_URL",
                        what: "SMTP URL (smtp://host:port or smtps://host:port)",
                        value: redact(&url),
                    },
                )?;
                Delivery::Smtp(url)
            }
            None => Delivery::Outbox(data_dir.join("outbox")),
        };
        let from_text = get("JOBTAP_MAIL_FROM").unwrap_or_else(|| DEFAULT_FROM.into());
        let from = from_text
            .trim()
            .parse::<Mailbox>()
            .map_err(|_| ConfigError::Invalid {
                var: "JOBTAP_MAIL_FROM",
                what: "e-mail address (\"Name <address>\" or an address)",
                value: from_text.clone(),
            })?;
        let public_url = get("JOBTAP_PUBLIC_URL")
            .unwrap_or_else(|| DEFAULT_PUBLIC_URL.into())
            .trim()
            .trim_end_matches('/')
            .to_string();
        if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
            return Err(ConfigError::Invalid {
                var: "JOBTAP_PUBLIC_URL",
                what: "http:// or https:// address",
                value: public_url,
            });
        }
        let claim_ms = match get("JOBTAP_MAIL_CLAIM_SECS") {
            None => DEFAULT_CLAIM_MS,
            Some(v) => v
                .trim()
                .parse::<i64>()
                .ok()
                .filter(|s| (1..=86_400).contains(s))
                .map(|s| s * 1000)
                .ok_or(ConfigError::Invalid {
                    var: "JOBTAP_MAIL_CLAIM_SECS",
                    what: "number of seconds (1 to 86400)",
                    value: v,
                })?,
        };
        let scheduled = match get("JOBTAP_SCHEDULED_MAIL").as_deref().map(str::trim) {
            None | Some("1") => true,
            Some("0") => false,
            Some(other) => {
                return Err(ConfigError::Invalid {
                    var: "JOBTAP_SCHEDULED_MAIL",
                    what: "1 (on) or 0 (off)",
                    value: other.to_string(),
                });
            }
        };
        Ok(Self {
            delivery,
            from,
            public_url,
            claim_ms,
            scheduled,
        })
    }
}

/// `smtp://` to another machine without a `tls` setting requires STARTTLS: lettre's own default
/// for it is plain text, which would send passwords and messages readable on the way. A server
/// on this machine (a loopback address or `localhost`) stays plain unless told otherwise.
fn with_starttls(text: &str) -> String {
    let Ok(mut url) = url::Url::parse(text) else {
        return text.to_string();
    };
    if url.scheme() != "smtp" || url.query_pairs().any(|(key, _)| key == "tls") {
        return url.to_string();
    }
    let local = match url.host() {
        // `smtp` is no scheme the URL standard knows, so an IPv4 address comes as a name.
        Some(url::Host::Domain(name)) => {
            name.eq_ignore_ascii_case("localhost")
                || name
                    .parse::<std::net::IpAddr>()
                    .is_ok_and(|ip| ip.is_loopback())
        }
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    };
    if !local {
        url.query_pairs_mut().append_pair("tls", "required");
    }
    url.to_string()
}

/// The URL without its password, for messages.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            format!("{}://…@{}", &url[..scheme], &url[at + 1..])
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(vars: &[(&str, &str)]) -> Result<MailConfig, ConfigError> {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect();
        MailConfig::from_lookup(
            |k| vars.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()),
            Path::new("/srv/jobtap"),
        )
    }

    #[test]
    fn without_smtp_messages_go_to_the_outbox_folder() {
        let config = read(&[]).unwrap();
        assert!(
            matches!(config.delivery, Delivery::Outbox(ref d) if d == Path::new("/srv/jobtap/outbox"))
        );
        assert_eq!(config.public_url, "http://127.0.0.1:8080");
        assert_eq!(config.from.email.to_string(), "no-reply@jobtap.localhost");
        assert_eq!(config.claim_ms, 60_000);
        assert_eq!(
            read(&[("JOBTAP_MAIL_CLAIM_SECS", "2")]).unwrap().claim_ms,
            2_000
        );
        assert!(read(&[("JOBTAP_MAIL_CLAIM_SECS", "0")]).is_err());
        assert!(config.scheduled);
        assert!(!read(&[("JOBTAP_SCHEDULED_MAIL", "0")]).unwrap().scheduled);
        assert!(read(&[("JOBTAP_SCHEDULED_MAIL", "no")]).is_err());
    }

    #[test]
    fn smtp_to_another_machine_requires_starttls_unless_told() {
        assert_eq!(
            with_starttls("smtp://u:p@mail.example.com:587"),
            "smtp://u:p@mail.example.com:587?tls=required"
        );
        assert_eq!(
            with_starttls("smtp://mail.example.com?tls=opportunistic"),
            "smtp://mail.example.com?tls=opportunistic"
        );
        assert_eq!(
            with_starttls("smtp://mail.example.com:587?ehlo-name=me"),
            "smtp://mail.example.com:587?ehlo-name=me&tls=required"
        );
        assert_eq!(
            with_starttls("smtp://127.0.0.1:2525"),
            "smtp://127.0.0.1:2525"
        );
        assert_eq!(
            with_starttls("smtp://user:p@localhost:25"),
            "smtp://user:p@localhost:25"
        );
        assert_eq!(with_starttls("smtp://[::1]:2525"), "smtp://[::1]:2525");
        // The scheme's case does not matter; a name that merely starts like a loopback address
        // is another machine.
        assert_eq!(
            with_starttls("SMTP://u:p@mail.example.com:587"),
            "smtp://u:p@mail.example.com:587?tls=required"
        );
        assert_eq!(
            with_starttls("smtp://127.mail.example.com:25"),
            "smtp://127.mail.example.com:25?tls=required"
        );
        assert_eq!(
            with_starttls("smtps://u:p@mail.example.com"),
            "smtps://u:p@mail.example.com"
        );
    }

    #[test]
    fn smtp_urls_and_addresses_are_read_and_checked() {
        let config = read(&[
            (
                "JOBTAP_SMTP_URL",
                "smtps://user:secret@mail.example.com:465",
            ),
            ("JOBTAP_MAIL_FROM", "Hiring at Acme <jobs@acme.example>"),
            ("JOBTAP_PUBLIC_URL", "https://jobs.acme.example/"),
        ])
        .unwrap();
        assert!(matches!(config.delivery, Delivery::Smtp(_)));
        assert!(!format!("{config:?}").contains("secret"));
        assert_eq!(config.from.name.as_deref(), Some("Hiring at Acme"));
        assert_eq!(config.public_url, "https://jobs.acme.example");

        let err = read(&[("JOBTAP_SMTP_URL", "ftp://user:secret@host")])
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("JOBTAP_SMTP_URL") && !err.contains("secret"),
            "{err}"
        );
        assert!(read(&[("JOBTAP_MAIL_FROM", "not an address")]).is_err());
        assert!(read(&[("JOBTAP_PUBLIC_URL", "jobs.example")]).is_err());
    }
}

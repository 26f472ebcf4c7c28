//! The employer's company website and what JobTap may say it checked about an employer:
//! "Address confirmed" and "Domain confirmed".
//!
//! ## What it checks
//! - **Address confirmed**: the employer followed a link JobTap sent to their current address.
//! - **Domain confirmed**: the address is confirmed, and its domain and the company website's
//!   host (lower-cased, `www.` left off) are the same, or one lies under the other at a dot
//!   (`hr@mail.avenues.co.zw` and `https://avenues.co.zw`; `hr@avenues.co.zw` and
//!   `https://careers.avenues.co.zw`). The shared part must be a domain someone can own: two
//!   labels or more, not a public suffix of [`PUBLIC_SUFFIXES`] (`co.zw`), and not a free-mail
//!   provider's ([`FREE_MAIL_DOMAINS`]), whose addresses anyone can have.
//!
//! ## Why
//! A candidate reads the badge as "this employer is who they say": nothing is claimed that was
//! not checked. Receiving mail on the website's domain shows control of that domain; a mailbox
//! at gmail.com shows nothing about the company, and `avenues.co.zw.evil.com` is not
//! `avenues.co.zw`. No full public suffix list ships with core, so the website rule refuses a
//! host that is itself a listed suffix and the match needs the shared part to be longer than one.

use serde::Serialize;

use crate::job_limits::{
    COMPANY_NAME_MAX_CHARS, MSG_COMPANY_TOO_LONG, MSG_HIDDEN_CHARACTERS, too_long,
};
use crate::validate::{FieldError, single_line_hidden};

/// Longest company website address, in characters.
pub const WEBSITE_MAX_CHARS: usize = 200;

pub const MSG_WEBSITE_INVALID: &str =
    "Enter the company's website address, like https://avenues.co.zw";
pub const MSG_WEBSITE_SCHEME: &str = "A website address starts with https:// or http://";
pub const MSG_WEBSITE_TOO_LONG: &str = "Website must be at most 200 characters";
pub const MSG_WEBSITE_NOT_OWN: &str =
    "Enter your company's own website, not a shared or free-mail domain";

pub const MSG_COMPANY_NAME_REQUIRED: &str = "Please enter your company's name";

/// The company's name as Settings saves it: trimmed, not blank, at most
/// [`COMPANY_NAME_MAX_CHARS`] characters on one line.
pub fn company_name(input: &str) -> Result<String, FieldError> {
    let fail = |message| FieldError {
        field: "company_name",
        message,
    };
    let name = input.trim();
    if name.is_empty() {
        Err(fail(MSG_COMPANY_NAME_REQUIRED))
    } else if too_long(name, COMPANY_NAME_MAX_CHARS) {
        Err(fail(MSG_COMPANY_TOO_LONG))
    } else if single_line_hidden(name) {
        Err(fail(MSG_HIDDEN_CHARACTERS))
    } else {
        Ok(name.to_string())
    }
}

/// The badge of a confirmed address, and what it says was checked.
pub const BADGE_ADDRESS: &str = "Address confirmed";
pub const BADGE_ADDRESS_TITLE: &str =
    "JobTap checked that this employer receives e-mail at their address";
/// The badge of a confirmed domain; its title names the domain ([`domain_badge_title`]).
pub const BADGE_DOMAIN: &str = "Domain confirmed";
/// [`BADGE_DOMAIN`]'s title, `{domain}` standing for the domain.
pub const BADGE_DOMAIN_TITLE: &str = "JobTap checked that this employer receives e-mail at an address on {domain}, the domain of the company's website";

/// What "Domain confirmed" says was checked, for `domain`.
pub fn domain_badge_title(domain: &str) -> String {
    BADGE_DOMAIN_TITLE.replace("{domain}", domain)
}

/// Free-mail providers: anyone can have an address there, so it proves nothing about a company.
/// Hand-picked: the largest providers worldwide and those common in Southern Africa (their own
/// sign-up pages); a domain missing here only fails to match a company website, which a
/// provider's is not.
pub const FREE_MAIL_DOMAINS: &[&str] = &[
    "aol.com",
    "fastmail.com",
    "gmail.com",
    "gmx.com",
    "gmx.net",
    "googlemail.com",
    "hey.com",
    "hotmail.co.uk",
    "hotmail.com",
    "icloud.com",
    "live.com",
    "mac.com",
    "mail.com",
    "mail.ru",
    "me.com",
    "msn.com",
    "outlook.com",
    "proton.me",
    "protonmail.com",
    "tutanota.com",
    "yahoo.co.uk",
    "yahoo.co.za",
    "yahoo.com",
    "yandex.com",
    "yandex.ru",
    "ymail.com",
    "zoho.com",
    "zol.co.zw",
];

/// Public suffixes of more than one label under which companies register, from the Public
/// Suffix List (publicsuffix.org, ICANN section): a selection for Southern and East Africa and
/// the most used elsewhere. Single labels (`com`, `zw`) are refused by the two-label rule.
pub const PUBLIC_SUFFIXES: &[&str] = &[
    "ac.bw", "ac.uk", "ac.za", "ac.zw", "co.bw", "co.in", "co.jp", "co.ke", "co.mz", "co.nz",
    "co.tz", "co.ug", "co.uk", "co.za", "co.zm", "co.zw", "com.au", "com.br", "com.gh", "com.na",
    "com.ng", "gov.uk", "gov.za", "gov.zw", "ltd.uk", "net.za", "or.ke", "org.au", "org.bw",
    "org.na", "org.uk", "org.za", "org.zm", "org.zw", "plc.uk",
];

/// A company website: an http(s) address whose host is a domain a company can own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompanyWebsite {
    url: String,
    host: String,
}

impl CompanyWebsite {
    /// Parses what the employer typed; `Ok(None)` for a blank field (no website). An address
    /// without a scheme is taken as `https://`.
    pub fn parse(input: &str) -> Result<Option<Self>, FieldError> {
        let fail = |message| FieldError {
            field: "company_website",
            message,
        };
        let input = input.trim();
        if input.is_empty() {
            return Ok(None);
        }
        if input.chars().count() > WEBSITE_MAX_CHARS {
            return Err(fail(MSG_WEBSITE_TOO_LONG));
        }
        if input.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(fail(MSG_WEBSITE_INVALID));
        }
        let lower = input.to_ascii_lowercase();
        let (scheme, rest) = match lower.split_once("://") {
            Some((scheme @ ("http" | "https"), _)) => (scheme, &input[scheme.len() + 3..]),
            Some(_) => return Err(fail(MSG_WEBSITE_SCHEME)),
            None => ("https", input),
        };
        let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let (authority, path) = rest.split_at(end);
        // A user name before the host ("avenues.co.zw@evil.com") only disguises it.
        if authority.contains('@') {
            return Err(fail(MSG_WEBSITE_INVALID));
        }
        let host = authority.split(':').next().unwrap_or_default();
        let port = &authority[host.len()..];
        let port_ok =
            port.is_empty() || (port.len() > 1 && port[1..].chars().all(|c| c.is_ascii_digit()));
        if !port_ok {
            return Err(fail(MSG_WEBSITE_INVALID));
        }
        let host = host.trim_end_matches('.').to_ascii_lowercase();
        let labels: Vec<&str> = host.split('.').collect();
        let valid = labels.len() >= 2
            && labels.iter().all(|label| {
                !label.is_empty()
                    && label.len() <= 63
                    && !label.starts_with('-')
                    && !label.ends_with('-')
                    && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            })
            // A top-level domain has a letter: this refuses addresses like 10.0.0.1.
            && labels
                .last()
                .is_some_and(|tld| tld.chars().any(|c| c.is_ascii_alphabetic()));
        if !valid {
            return Err(fail(MSG_WEBSITE_INVALID));
        }
        if !ownable(bare(&host)) || FREE_MAIL_DOMAINS.contains(&bare(&host)) {
            return Err(fail(MSG_WEBSITE_NOT_OWN));
        }
        Ok(Some(Self {
            url: format!("{scheme}://{host}{port}{path}"),
            host,
        }))
    }

    /// The address as stored and shown: scheme, lower-cased host, then what followed it.
    pub fn as_str(&self) -> &str {
        &self.url
    }

    /// The host without a leading `www.`.
    pub fn domain(&self) -> &str {
        bare(&self.host)
    }
}

/// `host` without a leading `www.`.
fn bare(host: &str) -> &str {
    host.strip_prefix("www.").unwrap_or(host)
}

/// Whether `domain` is more than a public suffix: two labels or more, not a listed suffix.
fn ownable(domain: &str) -> bool {
    domain.contains('.') && !PUBLIC_SUFFIXES.contains(&domain)
}

/// Whether `longer` is `shorter` or lies under it at a dot.
fn within(longer: &str, shorter: &str) -> bool {
    longer == shorter
        || longer
            .strip_suffix(shorter)
            .is_some_and(|head| head.ends_with('.'))
}

/// The domain an address at `email_domain` shows control of for a website on `website_host`:
/// the shared part, when one lies within the other and it is ownable and no free-mail domain.
pub fn matching_domain(email_domain: &str, website_host: &str) -> Option<String> {
    let email = email_domain
        .trim()
        .trim_end_matches('.')
        .to_ascii_lowercase();
    let site = website_host
        .trim()
        .trim_end_matches('.')
        .to_ascii_lowercase();
    let site = bare(&site);
    let shared = if within(&email, site) {
        site
    } else if within(site, &email) {
        email.as_str()
    } else {
        return None;
    };
    let free = FREE_MAIL_DOMAINS
        .iter()
        .any(|free| within(&email, free) || within(shared, free));
    (ownable(shared) && !free).then(|| shared.to_string())
}

/// What JobTap checked about an employer, as job cards and pages show it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize)]
pub struct EmployerChecks {
    /// The employer follows links sent to their address.
    pub address_confirmed: bool,
    /// The domain their confirmed address shares with the company website, if any.
    pub confirmed_domain: Option<String>,
}

impl EmployerChecks {
    /// The checks of an employer at `email` (confirmed or not) with `website` (stored, or none).
    pub fn of(email: &str, email_confirmed: bool, website: Option<&str>) -> Self {
        if !email_confirmed {
            return Self::default();
        }
        let confirmed_domain = website
            .and_then(|w| CompanyWebsite::parse(w).ok().flatten())
            .zip(email.rsplit_once('@'))
            .and_then(|(site, (_, domain))| matching_domain(domain, site.domain()));
        Self {
            address_confirmed: true,
            confirmed_domain,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use test_case::test_case;

    #[test_case("hr@avenues.co.zw", "https://www.avenues.co.zw", Some("avenues.co.zw"); "www left off")]
    #[test_case("HR@Avenues.CO.ZW", "https://avenues.co.zw/careers", Some("avenues.co.zw"); "case")]
    #[test_case("hr@mail.avenues.co.zw", "https://avenues.co.zw", Some("avenues.co.zw"); "mail on a subdomain")]
    #[test_case("hr@avenues.co.zw", "https://careers.avenues.co.zw", Some("avenues.co.zw"); "site on a subdomain")]
    #[test_case("people@econet.co.zw", "http://econet.co.zw.", Some("econet.co.zw"); "trailing dot")]
    #[test_case("hr@avenues.co.zw.evil.com", "https://avenues.co.zw", None; "look-alike under another domain")]
    #[test_case("hr@evil-avenues.co.zw", "https://avenues.co.zw", None; "look-alike prefix")]
    #[test_case("hr@evilavenues.co.zw", "https://avenues.co.zw", None; "no dot before the shared part")]
    #[test_case("hr@avenues.co.zw", "https://avenues.co.zw.evil.com", None; "site under a look-alike")]
    #[test_case("hr@other.co.zw", "https://avenues.co.zw", None; "only the public suffix shared")]
    #[test_case("hr@gmail.com", "https://gmail.com", None; "free mail")]
    #[test_case("avenues.clinic@gmail.com", "https://avenues.co.zw", None; "free mail, other site")]
    #[test_case("hr@mail.yahoo.com", "https://yahoo.com", None; "under free mail")]
    #[test_case("hr@avenues.com", "https://avenues.co.zw", None; "another top-level domain")]
    fn the_domain_rule(email: &str, website: &str, expected: Option<&str>) {
        let checks = EmployerChecks::of(email, true, Some(website));
        assert!(checks.address_confirmed);
        assert_eq!(checks.confirmed_domain.as_deref(), expected);
    }

    #[test]
    fn nothing_is_claimed_for_an_unconfirmed_address() {
        let checks = EmployerChecks::of("hr@avenues.co.zw", false, Some("https://avenues.co.zw"));
        assert_eq!(checks, EmployerChecks::default());
        let no_site = EmployerChecks::of("hr@avenues.co.zw", true, None);
        assert_eq!(
            no_site,
            EmployerChecks {
                address_confirmed: true,
                confirmed_domain: None
            }
        );
    }

    #[test]
    fn a_public_suffix_shared_at_both_ends_is_no_match() {
        // A website stored before a suffix was listed must still not match every address under it.
        assert_eq!(matching_domain("avenues.co.zw", "co.zw"), None);
        assert_eq!(matching_domain("co.zw", "co.zw"), None);
        assert_eq!(matching_domain("avenues.co.zw", "zw"), None);
    }

    #[test_case("avenues.co.zw", "https://avenues.co.zw"; "no scheme")]
    #[test_case("  https://WWW.Avenues.co.zw/about?x=1 ", "https://www.avenues.co.zw/about?x=1"; "host lower-cased, path kept")]
    #[test_case("http://delta.co.zw:8080/", "http://delta.co.zw:8080/"; "port")]
    fn websites_parse(input: &str, stored: &str) {
        assert_eq!(
            CompanyWebsite::parse(input).unwrap().unwrap().as_str(),
            stored
        );
    }

    #[test_case("ftp://avenues.co.zw", MSG_WEBSITE_SCHEME; "ftp")]
    #[test_case("javascript:alert(1)", MSG_WEBSITE_INVALID; "script")]
    #[test_case("https://avenues", MSG_WEBSITE_INVALID; "one label")]
    #[test_case("https://10.0.0.1", MSG_WEBSITE_INVALID; "an ip address")]
    #[test_case("https://avenues.co.zw@evil.com", MSG_WEBSITE_INVALID; "user info")]
    #[test_case("https://aven ues.co.zw", MSG_WEBSITE_INVALID; "space")]
    #[test_case("https://-avenues.co.zw", MSG_WEBSITE_INVALID; "label starts with a dash")]
    #[test_case("https://co.zw", MSG_WEBSITE_NOT_OWN; "a public suffix")]
    #[test_case("https://www.gmail.com", MSG_WEBSITE_NOT_OWN; "free mail")]
    fn bad_websites_are_refused_plainly(input: &str, message: &'static str) {
        assert_eq!(
            CompanyWebsite::parse(input),
            Err(FieldError {
                field: "company_website",
                message
            })
        );
    }

    #[test]
    fn a_blank_website_is_none_and_a_long_one_is_refused() {
        assert_eq!(CompanyWebsite::parse("   "), Ok(None));
        let long = format!("https://avenues.co.zw/{}", "a".repeat(WEBSITE_MAX_CHARS));
        assert_eq!(
            CompanyWebsite::parse(&long).unwrap_err().message,
            MSG_WEBSITE_TOO_LONG
        );
    }

    #[test]
    fn a_company_name_is_trimmed_and_required() {
        assert_eq!(
            company_name("  Avenues Clinic "),
            Ok("Avenues Clinic".into())
        );
        assert_eq!(
            company_name(" ").unwrap_err().message,
            MSG_COMPANY_NAME_REQUIRED
        );
        assert_eq!(
            company_name(&"A".repeat(101)).unwrap_err().message,
            MSG_COMPANY_TOO_LONG
        );
        assert_eq!(
            company_name("Avenues\u{202e}").unwrap_err().message,
            MSG_HIDDEN_CHARACTERS
        );
    }

    #[test]
    fn the_domain_badge_names_what_was_checked() {
        assert_eq!(
            domain_badge_title("avenues.co.zw"),
            "JobTap checked that this employer receives e-mail at an address on avenues.co.zw, the domain of the company's website"
        );
    }
}

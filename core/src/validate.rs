//! Form rules shared by the browser and the server (spec, candidate side §5 and
//! employer side §5), as parsed values: an [`Email`] that exists is valid.

use serde::Serialize;

use crate::job_limits::{
    COMPANY_NAME_MAX_CHARS, MSG_COMPANY_TOO_LONG, MSG_HIDDEN_CHARACTERS, has_hidden_characters,
    too_long,
};

/// Shortest password accepted (spec §9).
pub const PASSWORD_MIN_CHARS: usize = 6;
/// Longest password accepted: longer ones are refused, never truncated.
pub const PASSWORD_MAX_CHARS: usize = 128;

pub const MSG_INVALID_EMAIL: &str = "Invalid email address";
pub const MSG_PASSWORD_SHORT: &str = "Password must be at least 6 characters";
pub const MSG_PASSWORD_LONG: &str = "Password must be at most 128 characters";
pub const MSG_FULL_NAME: &str = "Please enter your full name";
pub const MSG_FULL_NAME_TOO_LONG: &str = "Full name must be at most 100 characters";

/// Longest name of a person, in characters: names show on dashboards, cards and exports.
pub const FULL_NAME_MAX_CHARS: usize = 100;
pub const MSG_FILL_ALL: &str = "Please fill in all fields";
/// Deleting an account asks for its password again; a wrong one is refused with this.
pub const MSG_PASSWORD_WRONG: &str = "That password is not right";

/// One field's validation failure.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct FieldError {
    pub field: &'static str,
    pub message: &'static str,
}

impl FieldError {
    const fn new(field: &'static str, message: &'static str) -> Self {
        Self { field, message }
    }
}

/// A trimmed, lower-cased e-mail address of a plausible shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    /// Accepts `local@domain.tld` with no spaces, at most 254 characters.
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        let email = input.trim().to_lowercase();
        let invalid = FieldError::new("email", MSG_INVALID_EMAIL);
        if email.len() > 254 || email.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(invalid);
        }
        let Some((local, domain)) = email.split_once('@') else {
            return Err(invalid);
        };
        let domain_ok = domain.contains('.')
            && !domain.contains('@')
            && domain.split('.').all(|label| {
                !label.is_empty()
                    && !label.starts_with('-')
                    && !label.ends_with('-')
                    && label.chars().all(|c| c.is_alphanumeric() || c == '-')
            });
        // RFC 5322's unquoted local part: letters, digits and these marks, so
        // `<script>@x.y` is no address.
        let local_ok = !local.is_empty()
            && local.len() <= 64
            && !local.starts_with('.')
            && !local.ends_with('.')
            && local
                .chars()
                .all(|c| c.is_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c));
        if domain_ok && local_ok {
            Ok(Self(email))
        } else {
            Err(invalid)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A password of 6 to 128 characters, kept exactly as typed.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(<redacted>)")
    }
}

impl Password {
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        let chars = input.chars().count();
        if chars < PASSWORD_MIN_CHARS {
            Err(FieldError::new("password", MSG_PASSWORD_SHORT))
        } else if chars > PASSWORD_MAX_CHARS {
            Err(FieldError::new("password", MSG_PASSWORD_LONG))
        } else {
            Ok(Self(input.to_string()))
        }
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

/// Whether a one-line name holds a character that hides or reorders text: the job fields'
/// list, and tabs and line ends too (a name is one line on every dashboard).
fn single_line_hidden(name: &str) -> bool {
    has_hidden_characters(name) || name.chars().any(char::is_control)
}

/// A non-blank name, trimmed, at most [`FULL_NAME_MAX_CHARS`] characters, without the
/// characters that hide or reorder text (they spoof names on an employer's dashboard).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FullName(String);

impl FullName {
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        let name = input.trim();
        let message = if name.is_empty() {
            MSG_FULL_NAME
        } else if too_long(name, FULL_NAME_MAX_CHARS) {
            MSG_FULL_NAME_TOO_LONG
        } else if single_line_hidden(name) {
            MSG_HIDDEN_CHARACTERS
        } else {
            return Ok(Self(name.to_string()));
        };
        Err(FieldError::new("full_name", message))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A validated sign-in form.
#[derive(Debug)]
pub struct SignIn {
    pub email: Email,
    pub password: Password,
}

/// A validated candidate sign-up form.
#[derive(Debug)]
pub struct CandidateSignUp {
    pub email: Email,
    pub password: Password,
    pub full_name: FullName,
}

/// A validated employer sign-up form.
#[derive(Debug)]
pub struct EmployerSignUp {
    pub email: Email,
    pub password: Password,
    pub full_name: FullName,
    pub company_name: String,
}

/// Every failure of a form, in field order; the first is the one a toast shows.
pub type FormErrors = Vec<FieldError>;

/// A form's check as the browser reads it: `ok`, or the failing fields with their messages.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FormCheck {
    pub ok: bool,
    pub errors: Vec<FieldError>,
}

impl<T> From<Result<T, FormErrors>> for FormCheck {
    fn from(result: Result<T, FormErrors>) -> Self {
        match result {
            Ok(_) => Self {
                ok: true,
                errors: Vec::new(),
            },
            Err(errors) => Self { ok: false, errors },
        }
    }
}

fn collect<T>(result: Result<T, FieldError>, errors: &mut FormErrors) -> Option<T> {
    result.map_err(|e| errors.push(e)).ok()
}

/// Sign-in: a valid e-mail and a password of the right length.
pub fn sign_in(email: &str, password: &str) -> Result<SignIn, FormErrors> {
    let mut errors = FormErrors::new();
    let email = collect(Email::parse(email), &mut errors);
    let password = collect(Password::parse(password), &mut errors);
    match (email, password) {
        (Some(email), Some(password)) => Ok(SignIn { email, password }),
        _ => Err(errors),
    }
}

/// Candidate sign-up: e-mail, password, then a non-blank full name.
pub fn candidate_sign_up(
    email: &str,
    password: &str,
    full_name: &str,
) -> Result<CandidateSignUp, FormErrors> {
    let mut errors = FormErrors::new();
    let email = collect(Email::parse(email), &mut errors);
    let password = collect(Password::parse(password), &mut errors);
    let full_name = collect(FullName::parse(full_name), &mut errors);
    match (email, password, full_name) {
        (Some(email), Some(password), Some(full_name)) => Ok(CandidateSignUp {
            email,
            password,
            full_name,
        }),
        _ => Err(errors),
    }
}

/// Employer sign-up: every field filled ("Please fill in all fields"), then e-mail and password.
pub fn employer_sign_up(
    email: &str,
    password: &str,
    full_name: &str,
    company_name: &str,
) -> Result<EmployerSignUp, FormErrors> {
    let mut errors = FormErrors::new();
    let blank = [
        ("full_name", full_name),
        ("company_name", company_name),
        ("email", email),
        ("password", password),
    ]
    .into_iter()
    .filter(|(_, v)| v.trim().is_empty())
    .map(|(field, _)| FieldError::new(field, MSG_FILL_ALL));
    errors.extend(blank);
    if !errors.is_empty() {
        return Err(errors);
    }
    let email = collect(Email::parse(email), &mut errors);
    let password = collect(Password::parse(password), &mut errors);
    let full_name = collect(FullName::parse(full_name), &mut errors);
    let company = company_name.trim();
    if too_long(company, COMPANY_NAME_MAX_CHARS) {
        errors.push(FieldError::new("company_name", MSG_COMPANY_TOO_LONG));
    } else if single_line_hidden(company) {
        errors.push(FieldError::new("company_name", MSG_HIDDEN_CHARACTERS));
    }
    match (email, password, full_name) {
        (Some(email), Some(password), Some(full_name)) if errors.is_empty() => Ok(EmployerSignUp {
            email,
            password,
            full_name,
            company_name: company.to_string(),
        }),
        _ => Err(errors),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use test_case::test_case;

    #[test_case("user@example.com" ; "plain")]
    #[test_case("  First.Last+tag@Sub.Example.co.zw " ; "trimmed and mixed case")]
    #[test_case("o'brien_2@example.ie" ; "apostrophe and underscore")]
    fn valid_emails_parse(input: &str) {
        let email = Email::parse(input).unwrap();
        assert_eq!(email.as_str(), input.trim().to_lowercase());
    }

    #[test_case("" ; "empty")]
    #[test_case("no-at-sign" ; "no at")]
    #[test_case("a@b" ; "no dot in domain")]
    #[test_case("a b@example.com" ; "space")]
    #[test_case("a@@example.com" ; "two ats")]
    #[test_case("@example.com" ; "empty local part")]
    #[test_case("a@example..com" ; "empty label")]
    #[test_case("<script>@x.y" ; "markup in the local part")]
    #[test_case("a\"b@example.com" ; "a quote")]
    fn invalid_emails_are_refused_with_the_spec_message(input: &str) {
        assert_eq!(Email::parse(input).unwrap_err().message, MSG_INVALID_EMAIL);
    }

    #[test]
    fn password_length_is_counted_in_characters_and_never_truncated() {
        assert_eq!(
            Password::parse("12345").unwrap_err().message,
            MSG_PASSWORD_SHORT
        );
        assert!(Password::parse("123456").is_ok());
        assert!(Password::parse(&"é".repeat(128)).is_ok());
        assert_eq!(
            Password::parse(&"a".repeat(129)).unwrap_err().message,
            MSG_PASSWORD_LONG
        );
        assert_eq!(Password::parse("  pass  ").unwrap().expose(), "  pass  ");
    }

    #[test]
    fn passwords_never_show_in_debug_output() {
        let p = Password::parse("hunter22").unwrap();
        assert!(!format!("{p:?}").contains("hunter22"));
    }

    #[test]
    fn candidate_sign_up_reports_every_field_in_order() {
        let errors = candidate_sign_up("bad", "123", "   ").unwrap_err();
        let messages: Vec<_> = errors.iter().map(|e| e.message).collect();
        assert_eq!(
            messages,
            [MSG_INVALID_EMAIL, MSG_PASSWORD_SHORT, MSG_FULL_NAME]
        );
    }

    #[test]
    fn names_are_at_most_100_characters_without_hidden_ones() {
        assert!(FullName::parse(&"é".repeat(100)).is_ok());
        assert_eq!(
            FullName::parse(&"a".repeat(101)).unwrap_err().message,
            MSG_FULL_NAME_TOO_LONG
        );
        for spoof in [
            "Rudo\u{0}",
            "Rudo \u{202E}gnp.exe",
            "Ru\u{1b}do",
            "Ru\ndo",
            "Ru\tdo",
        ] {
            assert_eq!(
                FullName::parse(spoof).unwrap_err().message,
                MSG_HIDDEN_CHARACTERS,
                "{spoof:?}"
            );
        }
        let errors = employer_sign_up("a@b.co", "secret1", "Rudo", &"A".repeat(101)).unwrap_err();
        assert_eq!(errors[0].field, "company_name");
        assert_eq!(errors[0].message, MSG_COMPANY_TOO_LONG);
        let errors = employer_sign_up("a@b.co", "secret1", "Rudo", "Acme\u{2066}").unwrap_err();
        assert_eq!(errors[0].message, MSG_HIDDEN_CHARACTERS);
    }

    #[test]
    fn employer_sign_up_asks_to_fill_all_fields_first() {
        let errors = employer_sign_up("a@b.co", "secret1", "Rudo", " ").unwrap_err();
        assert_eq!(errors[0].message, MSG_FILL_ALL);
        assert_eq!(errors[0].field, "company_name");
        let ok = employer_sign_up("A@B.co", "secret1", " Rudo ", " Acme ").unwrap();
        assert_eq!(ok.email.as_str(), "a@b.co");
        assert_eq!(ok.full_name.as_str(), "Rudo");
        assert_eq!(ok.company_name, "Acme");
    }
}

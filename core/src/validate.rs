//! Form rules shared by the browser and the server (spec, candidate side §5 and
//! employer side §5), as parsed values: an [`Email`] that exists is valid.

use serde::Serialize;

use crate::job_limits::{
    COMPANY_NAME_MAX_CHARS, MSG_COMPANY_TOO_LONG, MSG_HIDDEN_CHARACTERS, has_hidden_characters,
    too_long,
};

/// Shortest new password, in characters (NIST SP 800-63B).
pub const PASSWORD_MIN_CHARS: usize = 8;
/// Shortest password sign-in takes: accounts made before the 8-character rule keep 6-character
/// ones (spec §9).
pub const EXISTING_PASSWORD_MIN_CHARS: usize = 6;
/// Longest password accepted: longer ones are refused, never truncated.
pub const PASSWORD_MAX_CHARS: usize = 128;

pub const MSG_INVALID_EMAIL: &str = "Invalid email address";
pub const MSG_PASSWORD_SHORT: &str = "Password must be at least 8 characters";
/// Sign-in's message for a password shorter than any account can have.
pub const MSG_EXISTING_PASSWORD_SHORT: &str = "Password must be at least 6 characters";
pub const MSG_PASSWORD_LONG: &str = "Password must be at most 128 characters";
pub const MSG_PASSWORD_COMMON: &str =
    "This password is one of the most common and is easy to guess. Please choose another.";
pub const MSG_PASSWORD_BLANK: &str = "A password can't be only spaces. Please choose another.";
pub const MSG_PASSWORD_REPEATED: &str =
    "A password of one character repeated is easy to guess. Please choose another.";
/// What a form asking for a new password says under the field.
pub const NEW_PASSWORD_HINT: &str = "At least 8 characters, and not a commonly used password";
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

/// A new password (sign-up, a reset or a change), kept exactly as typed: 8 to 128 characters
/// counted as characters, any characters (spaces and emoji too), no composition rules, and not
/// a commonly used one. Built by [`Password::new`]; signing in takes an [`ExistingPassword`].
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(<redacted>)")
    }
}

impl Password {
    /// The rule for every new password (NIST SP 800-63B): [`Password::check_early`], then not
    /// on the list of common passwords, ignoring case ([`crate::passwords`]).
    pub fn new(input: &str) -> Result<Self, FieldError> {
        Self::check_early(input)?;
        if crate::passwords::is_common(input) {
            return Err(FieldError::new("password", MSG_PASSWORD_COMMON));
        }
        Ok(Self(input.to_string()))
    }

    /// The part of the rule a browser checks before sending, with no list to download: 8 to 128
    /// characters, not white space only (nothing to remember, and often a paste gone wrong), not
    /// one character repeated ("aaaaaaaa").
    pub fn check_early(input: &str) -> Result<(), FieldError> {
        let chars = input.chars().count();
        let message = if chars < PASSWORD_MIN_CHARS {
            MSG_PASSWORD_SHORT
        } else if chars > PASSWORD_MAX_CHARS {
            MSG_PASSWORD_LONG
        } else if input.chars().all(char::is_whitespace) {
            MSG_PASSWORD_BLANK
        } else if input.chars().all(|c| input.starts_with(c)) {
            MSG_PASSWORD_REPEATED
        } else {
            return Ok(());
        };
        Err(FieldError::new("password", message))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

/// A password typed to prove who someone is (sign-in, or asked again before a change): 6 to 128
/// characters, kept exactly as typed. Only its length is checked: an account made before the
/// 8-character rule keeps its 6-character password, and the stored hash decides the rest.
#[derive(Clone, PartialEq, Eq)]
pub struct ExistingPassword(String);

impl std::fmt::Debug for ExistingPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ExistingPassword(<redacted>)")
    }
}

impl ExistingPassword {
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        let chars = input.chars().count();
        if chars < EXISTING_PASSWORD_MIN_CHARS {
            Err(FieldError::new("password", MSG_EXISTING_PASSWORD_SHORT))
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
pub(crate) fn single_line_hidden(name: &str) -> bool {
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
    pub password: ExistingPassword,
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

/// Sign-in: a valid e-mail and a password that an account could have (6 characters or more).
pub fn sign_in(email: &str, password: &str) -> Result<SignIn, FormErrors> {
    let mut errors = FormErrors::new();
    let email = collect(Email::parse(email), &mut errors);
    let password = collect(ExistingPassword::parse(password), &mut errors);
    match (email, password) {
        (Some(email), Some(password)) => Ok(SignIn { email, password }),
        _ => Err(errors),
    }
}

/// Candidate sign-up: e-mail, a new password ([`Password::new`]), then a non-blank full name.
pub fn candidate_sign_up(
    email: &str,
    password: &str,
    full_name: &str,
) -> Result<CandidateSignUp, FormErrors> {
    let (email, password, full_name) = candidate_form(email, password, full_name, Password::new)?;
    Ok(CandidateSignUp {
        email,
        password,
        full_name,
    })
}

/// The browser's check of the candidate sign-up before sending: [`candidate_sign_up`] with
/// [`Password::check_early`] for the password. The common-password list would add about 125 KB
/// to the browser's package, so only the server looks a password up in it.
pub fn early_candidate_sign_up(
    email: &str,
    password: &str,
    full_name: &str,
) -> Result<(), FormErrors> {
    candidate_form(email, password, full_name, Password::check_early).map(|_| ())
}

fn candidate_form<P>(
    email: &str,
    password: &str,
    full_name: &str,
    new_password: fn(&str) -> Result<P, FieldError>,
) -> Result<(Email, P, FullName), FormErrors> {
    let mut errors = FormErrors::new();
    let email = collect(Email::parse(email), &mut errors);
    let password = collect(new_password(password), &mut errors);
    let full_name = collect(FullName::parse(full_name), &mut errors);
    match (email, password, full_name) {
        (Some(email), Some(password), Some(full_name)) => Ok((email, password, full_name)),
        _ => Err(errors),
    }
}

/// Employer sign-up: every field filled ("Please fill in all fields"), then e-mail and a new
/// password ([`Password::new`]).
pub fn employer_sign_up(
    email: &str,
    password: &str,
    full_name: &str,
    company_name: &str,
) -> Result<EmployerSignUp, FormErrors> {
    let (email, password, full_name, company_name) =
        employer_form(email, password, full_name, company_name, Password::new)?;
    Ok(EmployerSignUp {
        email,
        password,
        full_name,
        company_name,
    })
}

/// The browser's check of the employer sign-up before sending: [`employer_sign_up`] with
/// [`Password::check_early`] for the password (see [`early_candidate_sign_up`]).
pub fn early_employer_sign_up(
    email: &str,
    password: &str,
    full_name: &str,
    company_name: &str,
) -> Result<(), FormErrors> {
    employer_form(
        email,
        password,
        full_name,
        company_name,
        Password::check_early,
    )
    .map(|_| ())
}

fn employer_form<P>(
    email: &str,
    password: &str,
    full_name: &str,
    company_name: &str,
    new_password: fn(&str) -> Result<P, FieldError>,
) -> Result<(Email, P, FullName, String), FormErrors> {
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
    let password = collect(new_password(password), &mut errors);
    let full_name = collect(FullName::parse(full_name), &mut errors);
    let company = company_name.trim();
    if too_long(company, COMPANY_NAME_MAX_CHARS) {
        errors.push(FieldError::new("company_name", MSG_COMPANY_TOO_LONG));
    } else if single_line_hidden(company) {
        errors.push(FieldError::new("company_name", MSG_HIDDEN_CHARACTERS));
    }
    match (email, password, full_name) {
        (Some(email), Some(password), Some(full_name)) if errors.is_empty() => {
            Ok((email, password, full_name, company.to_string()))
        }
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
    fn a_new_password_is_8_to_128_characters_counted_as_characters() {
        assert_eq!(
            Password::new("Zq7-kp1").unwrap_err().message,
            MSG_PASSWORD_SHORT
        );
        assert_eq!(Password::new("Zq7-kp1x").unwrap().expose(), "Zq7-kp1x");
        // Eight characters of two bytes each: counted as 8, not 16.
        assert!(Password::new("ééééééèè").is_ok());
        assert_eq!(
            Password::new("ééééééè").unwrap_err().message,
            MSG_PASSWORD_SHORT
        );
        let sixty_four = "tawanda-".repeat(8);
        assert!(Password::new(&sixty_four).is_ok());
        assert!(Password::new(&format!("{}é", "ab".repeat(63) + "c")).is_ok());
        assert_eq!(
            Password::new(&format!("{}é", "ab".repeat(64)))
                .unwrap_err()
                .message,
            MSG_PASSWORD_LONG
        );
    }

    #[test_case("password" ; "the most common word")]
    #[test_case("123456" ; "six digits, refused first for its length")]
    #[test_case("12345678" ; "eight digits")]
    #[test_case("Password1" ; "capital and digit")]
    #[test_case("qwerty123" ; "keyboard row")]
    #[test_case("PASSWORD123" ; "upper case")]
    #[test_case("iloveyou" ; "a phrase")]
    fn common_passwords_are_refused_with_a_plain_reason(input: &str) {
        let message = Password::new(input).unwrap_err().message;
        if input.chars().count() < PASSWORD_MIN_CHARS {
            assert_eq!(message, MSG_PASSWORD_SHORT);
        } else {
            assert_eq!(message, MSG_PASSWORD_COMMON);
        }
    }

    #[test_case("correct horse battery staple" ; "spaces between words")]
    #[test_case("  kombi to Mbare  " ; "spaces around")]
    #[test_case("🦒🦓🐘🦏 in Hwange" ; "emoji")]
    #[test_case("mufaro🔑🔑🔑" ; "emoji after letters")]
    #[test_case("ngozi ya ngozi" ; "no digit or capital needed")]
    fn any_characters_are_allowed_and_kept_exactly(input: &str) {
        assert_eq!(Password::new(input).unwrap().expose(), input);
    }

    #[test]
    fn white_space_only_or_one_character_repeated_is_refused() {
        assert_eq!(
            Password::new(&" ".repeat(8)).unwrap_err().message,
            MSG_PASSWORD_BLANK
        );
        assert_eq!(
            Password::new(" \t \t \u{3000}   ").unwrap_err().message,
            MSG_PASSWORD_BLANK
        );
        for repeated in ["aaaaaaaa", "🔑🔑🔑🔑🔑🔑🔑🔑", "!!!!!!!!!!"] {
            assert_eq!(
                Password::new(repeated).unwrap_err().message,
                MSG_PASSWORD_REPEATED,
                "{repeated}"
            );
        }
    }

    #[test]
    fn sign_in_takes_an_existing_six_character_password() {
        let form = sign_in("old@example.com", "secret").unwrap();
        assert_eq!(form.password.expose(), "secret");
        assert!(
            sign_in("old@example.com", "password").is_ok(),
            "the hash decides"
        );
        let errors = sign_in("old@example.com", "12345").unwrap_err();
        assert_eq!(errors[0].message, MSG_EXISTING_PASSWORD_SHORT);
        let errors = sign_in("old@example.com", &"a".repeat(129)).unwrap_err();
        assert_eq!(errors[0].message, MSG_PASSWORD_LONG);
        assert_eq!(
            ExistingPassword::parse("  pass  ").unwrap().expose(),
            "  pass  "
        );
    }

    #[test]
    fn both_sign_ups_hold_new_passwords_to_the_new_rule() {
        let errors = candidate_sign_up("a@b.co", "secret", "Rudo").unwrap_err();
        assert_eq!(errors[0].message, MSG_PASSWORD_SHORT);
        let errors = employer_sign_up("a@b.co", "Password1", "Rudo", "Acme").unwrap_err();
        assert_eq!(errors[0].message, MSG_PASSWORD_COMMON);
        assert!(candidate_sign_up("a@b.co", "kombi to Mbare", "Rudo").is_ok());
    }

    /// The browser's early check is the same rule less the list: the server refuses what it lets by.
    #[test]
    fn the_early_checks_are_the_rule_without_the_list() {
        let early = early_candidate_sign_up("a@b.co", "secret", "Rudo").unwrap_err();
        assert_eq!(
            early,
            candidate_sign_up("a@b.co", "secret", "Rudo").unwrap_err()
        );
        let early = early_employer_sign_up("bad", "aaaaaaaa", "Rudo", "Acme\u{0}").unwrap_err();
        let full = employer_sign_up("bad", "aaaaaaaa", "Rudo", "Acme\u{0}").unwrap_err();
        assert_eq!(early, full);
        assert_eq!(early.len(), 3);
        assert!(early_candidate_sign_up("a@b.co", "Password1", "Rudo").is_ok());
        assert!(early_employer_sign_up("a@b.co", "Password1", "Rudo", "Acme").is_ok());
        assert!(employer_sign_up("a@b.co", "Password1", "Rudo", "Acme").is_err());
    }

    #[test]
    fn passwords_never_show_in_debug_output() {
        let p = Password::new("hunter22-kombi").unwrap();
        assert!(!format!("{p:?}").contains("hunter22"));
        let p = ExistingPassword::parse("hunter22").unwrap();
        assert!(!format!("{p:?}").contains("hunter22"));
    }

    #[test]
    fn candidate_sign_up_reports_every_field_in_order() {
        let errors = candidate_sign_up("bad", "1234567", "   ").unwrap_err();
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
        let errors =
            employer_sign_up("a@b.co", "kombi to Mbare", "Rudo", &"A".repeat(101)).unwrap_err();
        assert_eq!(errors[0].field, "company_name");
        assert_eq!(errors[0].message, MSG_COMPANY_TOO_LONG);
        let errors =
            employer_sign_up("a@b.co", "kombi to Mbare", "Rudo", "Acme\u{2066}").unwrap_err();
        assert_eq!(errors[0].message, MSG_HIDDEN_CHARACTERS);
    }

    #[test]
    fn employer_sign_up_asks_to_fill_all_fields_first() {
        let errors = employer_sign_up("a@b.co", "kombi to Mbare", "Rudo", " ").unwrap_err();
        assert_eq!(errors[0].message, MSG_FILL_ALL);
        assert_eq!(errors[0].field, "company_name");
        let ok = employer_sign_up("A@B.co", "kombi to Mbare", " Rudo ", " Acme ").unwrap();
        assert_eq!(ok.email.as_str(), "a@b.co");
        assert_eq!(ok.full_name.as_str(), "Rudo");
        assert_eq!(ok.company_name, "Acme");
    }
}

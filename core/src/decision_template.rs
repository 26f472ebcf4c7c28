//! An employer's own wording of the e-mails telling a candidate they were accepted or
//! rejected: a subject and a message, each with placeholders for the candidate's name, the
//! job, the company and the employer's feedback. A blank part uses JobTap's wording, which is
//! itself a template here ([`Kind::default_subject`], [`Kind::default_body`]), so the e-mail
//! with no wording of the employer's is the one it always was.
//!
//! Rendering fills plain text; the server escapes it for the e-mail's HTML part. The
//! feedback: where the message has no `{feedback}`, feedback the employer wrote is added after
//! it, as JobTap's own wording does, so a candidate is never told less than before.

/// Longest subject, in characters.
pub const SUBJECT_MAX_CHARS: usize = 150;
/// Longest message, in characters.
pub const BODY_MAX_CHARS: usize = 4000;

/// The placeholders, with what each stands for (the editor's help).
pub const PLACEHOLDERS: [(&str, &str); 4] = [
    ("name", "The candidate's name"),
    ("job", "The job's title"),
    ("company", "Your company's name, as on the job"),
    (
        "feedback",
        "Your feedback to the candidate, when you wrote some",
    ),
];

pub const MSG_KIND: &str = "Choose the acceptance or the rejection e-mail";
pub const MSG_SUBJECT_TOO_LONG: &str = "A subject must be at most 150 characters";
pub const MSG_BODY_TOO_LONG: &str = "A message must be at most 4000 characters";
pub const MSG_SUBJECT_ONE_LINE: &str = "A subject must be one line";
pub const MSG_FEEDBACK_IN_SUBJECT: &str =
    "{feedback} can go in the message only: feedback can be long and span lines";
/// [`unknown_placeholder`]'s message, `{found}` standing for what was written.
pub const MSG_UNKNOWN_PLACEHOLDER: &str =
    "{found} is not a placeholder: use {name}, {job}, {company} or {feedback}";

/// What an unknown placeholder is told, naming it (`{salary}`).
pub fn unknown_placeholder(found: &str) -> String {
    MSG_UNKNOWN_PLACEHOLDER.replacen("{found}", &format!("{{{found}}}"), 1)
}

/// Which decision an e-mail tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Acceptance,
    Rejection,
}

impl Kind {
    pub const ALL: [Self; 2] = [Self::Acceptance, Self::Rejection];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Acceptance => "acceptance",
            Self::Rejection => "rejection",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// JobTap's subject for this decision.
    pub fn default_subject(self) -> &'static str {
        match self {
            Self::Acceptance => "Your application for {job} was accepted",
            Self::Rejection => "Your application for {job}",
        }
    }

    /// JobTap's message for this decision.
    pub fn default_body(self) -> &'static str {
        match self {
            Self::Acceptance => {
                "Hi {name},\n\nGood news: {company} accepted your application for {job}. \
                 They will contact you about the next steps."
            }
            Self::Rejection => {
                "Hi {name},\n\n{company} has decided not to go ahead with your application for \
                 {job}. Thank you for applying. There are more jobs waiting for you in your feed."
            }
        }
    }
}

/// Which part of a template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Subject,
    Body,
}

impl Part {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Subject => "subject",
            Self::Body => "body",
        }
    }
}

/// A placeholder as written: `{` letters, digits or `_` `}`.
enum Piece<'a> {
    Text(&'a str),
    Placeholder(&'a str),
}

fn pieces(template: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let name_len = after
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        if name_len > 0 && after[name_len..].starts_with('}') {
            out.push(Piece::Text(&rest[..open]));
            out.push(Piece::Placeholder(&after[..name_len]));
            rest = &after[name_len + 1..];
        } else {
            out.push(Piece::Text(&rest[..=open]));
            rest = after;
        }
    }
    out.push(Piece::Text(rest));
    out
}

/// `input` as saved: `None` when blank (JobTap's wording), else the text with its line ends
/// as `\n` and its outer blank space trimmed; the message when it breaks a rule.
pub fn check(part: Part, input: &str) -> Result<Option<String>, String> {
    let text = input.replace("\r\n", "\n").replace('\r', "\n");
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let chars = text.chars().count();
    match part {
        Part::Subject if chars > SUBJECT_MAX_CHARS => return Err(MSG_SUBJECT_TOO_LONG.into()),
        Part::Body if chars > BODY_MAX_CHARS => return Err(MSG_BODY_TOO_LONG.into()),
        Part::Subject if text.contains(char::is_control) => {
            return Err(MSG_SUBJECT_ONE_LINE.into());
        }
        _ => {}
    }
    for piece in pieces(text) {
        if let Piece::Placeholder(name) = piece {
            if !PLACEHOLDERS.iter().any(|(known, _)| *known == name) {
                return Err(unknown_placeholder(name));
            }
            if part == Part::Subject && name == "feedback" {
                return Err(MSG_FEEDBACK_IN_SUBJECT.into());
            }
        }
    }
    Ok(Some(text.to_string()))
}

/// `input` for `kind`'s `part` as an employer's settings keep it: [`check`]ed, and `None` also
/// when it is JobTap's own wording, so that part keeps following JobTap's wording.
pub fn stored(kind: Kind, part: Part, input: &str) -> Result<Option<String>, String> {
    let default = match part {
        Part::Subject => kind.default_subject(),
        Part::Body => kind.default_body(),
    };
    Ok(check(part, input)?.filter(|text| text != default))
}

/// What the placeholders stand for in one e-mail.
#[derive(Debug, Clone, Copy)]
pub struct Values<'a> {
    pub name: &'a str,
    pub job: &'a str,
    pub company: &'a str,
    /// The employer's feedback; none or blank when they wrote none.
    pub feedback: Option<&'a str>,
}

impl Values<'_> {
    /// The feedback as sent: trimmed, none when blank.
    pub fn feedback(&self) -> Option<&str> {
        self.feedback.map(str::trim).filter(|f| !f.is_empty())
    }
}

/// Whether `template` places the feedback itself.
pub fn places_feedback(template: &str) -> bool {
    pieces(template)
        .iter()
        .any(|p| matches!(p, Piece::Placeholder("feedback")))
}

/// `template` with its placeholders filled from `values` (trimmed). A blank value takes the
/// space before it along ("Hi {name}," to a nameless candidate is "Hi,"); lines are trimmed at
/// their end, more than one empty line in a row becomes one, and the end is trimmed. An
/// unknown placeholder stays as written (a saved template has none).
pub fn render(template: &str, values: &Values<'_>) -> String {
    let mut out = String::with_capacity(template.len() + 64);
    for piece in pieces(template) {
        match piece {
            Piece::Text(text) => out.push_str(text),
            Piece::Placeholder(name) => {
                let value = match name {
                    "name" => values.name.trim(),
                    "job" => values.job.trim(),
                    "company" => values.company.trim(),
                    "feedback" => values.feedback().unwrap_or_default(),
                    _ => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                        continue;
                    }
                };
                if value.is_empty() && out.ends_with(' ') {
                    out.pop();
                }
                out.push_str(value);
            }
        }
    }
    let mut tidy = String::with_capacity(out.len());
    let mut empty_run = 0;
    for line in out.split('\n').map(str::trim_end) {
        if line.is_empty() {
            empty_run += 1;
            if empty_run > 1 {
                continue;
            }
        } else {
            empty_run = 0;
        }
        tidy.push_str(line);
        tidy.push('\n');
    }
    tidy.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TENDAI: Values<'static> = Values {
        name: "Tendai Moyo",
        job: "Data Analyst",
        company: "Econet Wireless",
        feedback: None,
    };

    #[test]
    fn the_defaults_fill_in_as_jobtap_always_wrote_them() {
        assert_eq!(
            render(Kind::Acceptance.default_subject(), &TENDAI),
            "Your application for Data Analyst was accepted"
        );
        assert_eq!(
            render(Kind::Acceptance.default_body(), &TENDAI),
            "Hi Tendai Moyo,\n\nGood news: Econet Wireless accepted your application for Data Analyst. \
             They will contact you about the next steps."
        );
        let nameless = Values {
            name: "  ",
            ..TENDAI
        };
        assert!(render(Kind::Rejection.default_body(), &nameless).starts_with("Hi,\n\nEconet"));
        for kind in Kind::ALL {
            assert_eq!(
                check(Part::Subject, kind.default_subject())
                    .unwrap()
                    .as_deref(),
                Some(kind.default_subject())
            );
            assert_eq!(
                check(Part::Body, kind.default_body()).unwrap().as_deref(),
                Some(kind.default_body())
            );
            assert!(!places_feedback(kind.default_body()));
            assert_eq!(Kind::parse(kind.as_str()), Some(kind));
        }
    }

    #[test]
    fn an_unknown_placeholder_is_named() {
        assert_eq!(
            check(Part::Body, "Dear {name}, the {salary} is fixed."),
            Err("{salary} is not a placeholder: use {name}, {job}, {company} or {feedback}".into())
        );
        assert_eq!(
            check(Part::Subject, "About {Job}"),
            Err(unknown_placeholder("Job"))
        );
        // Braces around nothing a placeholder could be are text.
        assert_eq!(
            check(Part::Body, "Our values {} and { honesty } matter, {name}.")
                .unwrap()
                .as_deref(),
            Some("Our values {} and { honesty } matter, {name}.")
        );
    }

    #[test]
    fn blank_means_the_default_and_limits_hold() {
        assert_eq!(check(Part::Subject, "  \n "), Ok(None));
        assert_eq!(check(Part::Body, ""), Ok(None));
        let subject = "s".repeat(SUBJECT_MAX_CHARS);
        assert_eq!(check(Part::Subject, &subject), Ok(Some(subject.clone())));
        assert_eq!(
            check(Part::Subject, &format!("{subject}é")),
            Err(MSG_SUBJECT_TOO_LONG.into())
        );
        let body = "é".repeat(BODY_MAX_CHARS);
        assert!(check(Part::Body, &body).is_ok());
        assert_eq!(
            check(Part::Body, &format!("{body}x")),
            Err(MSG_BODY_TOO_LONG.into())
        );
        assert_eq!(
            check(Part::Subject, "Your application\nfor {job}"),
            Err(MSG_SUBJECT_ONE_LINE.into())
        );
        assert_eq!(
            check(Part::Subject, "About {job}: {feedback}"),
            Err(MSG_FEEDBACK_IN_SUBJECT.into())
        );
        assert_eq!(
            check(Part::Body, "Hi {name},\r\n\r\nThanks.  \r\n")
                .unwrap()
                .as_deref(),
            Some("Hi {name},\n\nThanks.")
        );
    }

    #[test]
    fn feedback_fills_its_place_and_a_blank_one_leaves_no_gap() {
        let template = "Dear {name},\n\nAbout {job}:\n\n{feedback}\n\nWarm regards,\n{company}";
        assert!(places_feedback(template));
        let with = Values {
            feedback: Some("  Strong SQL; we went with someone who knows our billing system.  "),
            ..TENDAI
        };
        assert_eq!(
            render(template, &with),
            "Dear Tendai Moyo,\n\nAbout Data Analyst:\n\nStrong SQL; we went with someone who knows our billing system.\n\nWarm regards,\nEconet Wireless"
        );
        assert_eq!(
            render(template, &TENDAI),
            "Dear Tendai Moyo,\n\nAbout Data Analyst:\n\nWarm regards,\nEconet Wireless"
        );
    }

    #[test]
    fn jobtap_s_own_wording_is_stored_as_none_so_it_follows_jobtap() {
        for kind in Kind::ALL {
            assert_eq!(
                stored(kind, Part::Subject, kind.default_subject()),
                Ok(None)
            );
            let typed_again = format!("  {}\r\n", kind.default_body().replace('\n', "\r\n"));
            assert_eq!(stored(kind, Part::Body, &typed_again), Ok(None));
        }
        assert_eq!(
            stored(Kind::Rejection, Part::Subject, "About {job}"),
            Ok(Some("About {job}".into()))
        );
        // The acceptance's subject is the rejection's own text, not its default.
        assert!(
            stored(
                Kind::Rejection,
                Part::Subject,
                Kind::Acceptance.default_subject()
            )
            .unwrap()
            .is_some()
        );
        assert!(stored(Kind::Acceptance, Part::Body, "{salary}").is_err());
    }
}

//! The account's own e-mails: a new password, a confirmed address, an address or password changed.

use super::{button, greeting};
use crate::mail::message::{Mail, escape_html, html_page};

/// The footer of the messages about the account's password.
const PASSWORD_FOOTER: &str = "You receive this because this address belongs to a JobTap account.";

/// A link to set a new password ("Forgot password?").
pub struct PasswordReset<'a> {
    pub to_address: &'a str,
    pub name: &'a str,
    /// `{public_url}/reset-password#token=…`
    pub reset_url: &'a str,
}

/// The e-mail with a link to set a new password; nothing changes unless it is followed.
pub fn password_reset(r: &PasswordReset<'_>) -> Mail {
    let minutes = jobtap_core::password_reset::LINK_MINUTES;
    let ask = "Someone, hopefully you, asked to set a new password for the JobTap account of this address.";
    let limits = format!("The link works once, for {minutes} minutes.");
    let ignore = "If it was not you, ignore this e-mail: your password stays as it is.";
    let text = format!(
        "{}\n\n{ask} Choose a new one here:\n{}\n\n{limits} {ignore}\n\n— JobTap\n\n{PASSWORD_FOOTER}\n",
        greeting(r.name),
        r.reset_url
    );
    let body = format!(
        "<p>{}</p><p>{ask}</p><p>{}</p><p>{limits} {ignore}</p>",
        escape_html(&greeting(r.name)),
        button(r.reset_url, "Set a new password")
    );
    Mail::new(
        "password_reset",
        r.to_address,
        r.name,
        "Set a new JobTap password",
        text,
        html_page(&body, PASSWORD_FOOTER),
    )
}

/// A link that confirms an address: the account's own at sign-up, or the new one it asked for.
pub struct EmailConfirmation<'a> {
    pub to_address: &'a str,
    pub name: &'a str,
    /// `{public_url}/confirm-email#token=…`
    pub confirm_url: &'a str,
    /// True when the link replaces the account's current address with this one.
    pub is_change: bool,
}

/// The e-mail with a link that confirms an address; nothing changes unless it is followed.
pub fn email_confirmation(c: &EmailConfirmation<'_>) -> Mail {
    let days = jobtap_core::email_confirmation::LINK_DAYS;
    let (ask, label, ignore) = if c.is_change {
        (
            "Someone, hopefully you, asked to use this address for their JobTap account. \
             Confirm it here, and it becomes the account's address:",
            "Use this address",
            "If it was not you, ignore this e-mail: nothing changes unless the link is followed.",
        )
    } else {
        (
            "Welcome to JobTap. Confirm your e-mail address, so you can apply to jobs and publish them:",
            "Confirm my address",
            "If you did not sign up, ignore this e-mail.",
        )
    };
    let limits = format!("The link works once, for {days} days.");
    let text = format!(
        "{}\n\n{ask}\n{}\n\n{limits} {ignore}\n\n— JobTap\n\n{PASSWORD_FOOTER}\n",
        greeting(c.name),
        c.confirm_url
    );
    let body = format!(
        "<p>{}</p><p>{ask}</p><p>{}</p><p>{limits} {ignore}</p>",
        escape_html(&greeting(c.name)),
        button(c.confirm_url, label)
    );
    Mail::new(
        if c.is_change {
            "email_change_confirmation"
        } else {
            "email_confirmation"
        },
        c.to_address,
        c.name,
        if c.is_change {
            "Confirm your new JobTap e-mail address"
        } else {
            "Confirm your JobTap e-mail address"
        },
        text,
        html_page(&body, PASSWORD_FOOTER),
    )
}

/// The notice to an account's current address that a new one was asked for.
pub struct EmailChangeAsked<'a> {
    pub to_address: &'a str,
    pub name: &'a str,
    pub new_address: &'a str,
    /// The app's address (`JOBTAP_PUBLIC_URL`).
    pub public_url: &'a str,
}

/// Tells the old address of a change before it happens, with the way back if it was not them.
pub fn email_change_asked(c: &EmailChangeAsked<'_>) -> Mail {
    let what = format!(
        "Someone asked to change the e-mail address of your JobTap account to {}. It changes \
         only when the link sent there is followed; until then this address stays in use.",
        c.new_address
    );
    let not_you = "If it was not you, change your password now with \"Forgot password?\":";
    let link = format!("{}{}", c.public_url, jobtap_core::password_reset::ASK_PAGE);
    let text = format!(
        "{}\n\n{what}\n\n{not_you}\n{link}\n\n— JobTap\n\n{PASSWORD_FOOTER}\n",
        greeting(c.name)
    );
    let body = format!(
        "<p>{}</p><p>{}</p><p>{}</p><p><a href=\"{}\" style=\"color:#7c3aed\">Set a new \
         password</a></p>",
        escape_html(&greeting(c.name)),
        escape_html(&what),
        escape_html(not_you),
        escape_html(&link)
    );
    Mail::new(
        "email_change_asked",
        c.to_address,
        c.name,
        "Your JobTap e-mail address is about to change",
        text,
        html_page(&body, PASSWORD_FOOTER),
    )
}

/// How a password was changed, which decides which sessions ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordChange {
    /// With a link from a "Forgot password?" e-mail: every session ended.
    ResetLink,
    /// In Settings, with the current password: every other session ended.
    Settings,
}

/// The account's password was changed.
pub struct PasswordChanged<'a> {
    pub to_address: &'a str,
    pub name: &'a str,
    pub how: PasswordChange,
    /// The app's address (`JOBTAP_PUBLIC_URL`).
    pub public_url: &'a str,
}

/// The notice to the account's owner that its password was changed, with the way back in if it
/// was not them.
pub fn password_changed(c: &PasswordChanged<'_>) -> Mail {
    let what = match c.how {
        PasswordChange::ResetLink => {
            "The password of your JobTap account was changed with a link e-mailed to this address, \
             and every device signed in to the account was signed out."
        }
        PasswordChange::Settings => {
            "The password of your JobTap account was changed in Settings, and every other device \
             signed in to the account was signed out."
        }
    };
    let fine = "If it was you, there is nothing more to do.";
    let not_you = "If it was not you, set a new password now with \"Forgot password?\":";
    let link = format!("{}{}", c.public_url, jobtap_core::password_reset::ASK_PAGE);
    let text = format!(
        "{}\n\n{what}\n\n{fine} {not_you}\n{link}\n\n— JobTap\n\n{PASSWORD_FOOTER}\n",
        greeting(c.name)
    );
    let body = format!(
        "<p>{}</p><p>{what}</p><p>{fine} {}</p><p><a href=\"{}\" style=\"color:#7c3aed\">Set a new \
         password</a></p>",
        escape_html(&greeting(c.name)),
        escape_html(not_you),
        escape_html(&link)
    );
    Mail::new(
        "password_changed",
        c.to_address,
        c.name,
        "Your JobTap password was changed",
        text,
        html_page(&body, PASSWORD_FOOTER),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reset_link_says_it_works_once_for_an_hour_and_escapes_the_name() {
        let mail = password_reset(&PasswordReset {
            to_address: "rudo@example.com",
            name: "Rudo <b>",
            reset_url: "https://jobs.example/reset-password#token=a&b",
        });
        assert_eq!(mail.subject, "Set a new JobTap password");
        assert!(mail.text.starts_with("Hi Rudo <b>,\n"), "{}", mail.text);
        assert!(
            mail.text
                .contains("https://jobs.example/reset-password#token=a&b\n")
        );
        assert!(mail.text.contains("The link works once, for 60 minutes."));
        assert!(mail.text.contains("your password stays as it is"));
        assert!(
            mail.html
                .contains("href=\"https://jobs.example/reset-password#token=a&amp;b\"")
        );
        assert!(mail.html.contains("Hi Rudo &lt;b&gt;,"));
        // Nothing in it is fetched from elsewhere: no tracking.
        assert!(!mail.html.contains("<img"), "{}", mail.html);
        assert!(mail.unsubscribe_url.is_none());
    }

    #[test]
    fn the_changed_notice_says_which_sessions_ended_and_how_back_in() {
        let by = |how| {
            password_changed(&PasswordChanged {
                to_address: "rudo@example.com",
                name: "",
                how,
                public_url: "https://jobs.example",
            })
        };
        let reset = by(PasswordChange::ResetLink);
        assert_eq!(reset.subject, "Your JobTap password was changed");
        assert!(reset.text.starts_with("Hi,\n"));
        assert!(
            reset
                .text
                .contains("every device signed in to the account was signed out")
        );
        assert!(
            reset
                .text
                .contains("https://jobs.example/forgot-password\n")
        );
        assert!(!reset.html.contains("<img"));
        let settings = by(PasswordChange::Settings);
        assert!(
            settings
                .text
                .contains("changed in Settings, and every other device")
        );
        assert_eq!(settings.kind, "password_changed");
    }
}

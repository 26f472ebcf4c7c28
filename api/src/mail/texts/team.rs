//! The e-mail that invites a person onto a company's team.

use jobtap_core::team::{CompanyRole, INVITATION_DAYS};

use super::button;
use crate::mail::message::{Mail, escape_html, html_page};

/// The footer of an invitation: the person invited has no say in receiving it.
const INVITATION_FOOTER: &str =
    "You receive this because a member of a company's team on JobTap typed this address.";

/// An invitation to join `company` as `role`, sent by `inviter`.
pub struct TeamInvitation<'a> {
    pub to_address: &'a str,
    pub inviter: &'a str,
    pub company: &'a str,
    pub role: CompanyRole,
    /// `{public_url}/join-team#token=…`
    pub join_url: &'a str,
}

/// The invitation e-mail; nothing happens unless its link is followed.
pub fn team_invitation(t: &TeamInvitation<'_>) -> Mail {
    let ask = format!(
        "{} invited you to join {} on JobTap as {}: you will {}.",
        t.inviter.trim(),
        t.company.trim(),
        t.role.in_sentence(),
        t.role.summary()
    );
    let limits = format!("The link works once, for {INVITATION_DAYS} days.");
    let ignore =
        "If you did not expect it, ignore this e-mail: nothing happens unless you follow the link.";
    let text = format!(
        "Hi,\n\n{ask} Accept here:\n{}\n\n{limits} {ignore}\n\n— JobTap\n\n{INVITATION_FOOTER}\n",
        t.join_url
    );
    let body = format!(
        "<p>Hi,</p><p>{}</p><p>{}</p><p>{limits} {ignore}</p>",
        escape_html(&ask),
        button(t.join_url, "Join the team")
    );
    Mail::new(
        "team_invitation",
        t.to_address,
        "",
        format!("Join {} on JobTap", t.company.trim()),
        text,
        html_page(&body, INVITATION_FOOTER),
    )
}

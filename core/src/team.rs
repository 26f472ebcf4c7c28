//! An employer's team: the members of a company, their roles, and the invitations that bring
//! new members in.
//!
//! A company owns its jobs, applicants, logo and settings; a member reaches them through their
//! role, checked on the server for every request, so a member who is removed loses access on
//! their next request. A company always keeps at least one admin.

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// How long an invitation's link works.
pub const INVITATION_MS: i64 = 7 * DAY_MS;
/// [`INVITATION_MS`] in days, as the e-mail says it.
pub const INVITATION_DAYS: i64 = INVITATION_MS / DAY_MS;

/// The page an invitation's link opens; the token follows in the fragment (`#token=…`), which
/// browsers never send to a server nor in a `Referer`.
pub const JOIN_PAGE: &str = "/join-team";

/// A member's role in their company.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompanyRole {
    /// Members and settings, and every job.
    Admin,
    /// Every job of the company: post, import, move, decide.
    Recruiter,
    /// A hiring manager or interviewer: only the jobs whose hiring team lists them, to read
    /// their applicants and the documents sent and to write their own scorecards.
    Interviewer,
}

impl CompanyRole {
    pub const ALL: [CompanyRole; 3] = [
        CompanyRole::Admin,
        CompanyRole::Recruiter,
        CompanyRole::Interviewer,
    ];

    /// The stored and sent key.
    pub fn key(self) -> &'static str {
        match self {
            CompanyRole::Admin => "admin",
            CompanyRole::Recruiter => "recruiter",
            CompanyRole::Interviewer => "interviewer",
        }
    }

    pub fn parse(key: &str) -> Option<CompanyRole> {
        Self::ALL.into_iter().find(|role| role.key() == key)
    }

    /// As the team page and the invitation e-mail name it.
    pub fn label(self) -> &'static str {
        match self {
            CompanyRole::Admin => "Admin",
            CompanyRole::Recruiter => "Recruiter",
            CompanyRole::Interviewer => "Interviewer",
        }
    }

    /// The role within a sentence ("join … as a recruiter").
    pub fn in_sentence(self) -> &'static str {
        match self {
            CompanyRole::Admin => "an admin",
            CompanyRole::Recruiter => "a recruiter",
            CompanyRole::Interviewer => "an interviewer",
        }
    }

    /// What the role may do, as the invitation e-mail tells the person invited.
    pub fn summary(self) -> &'static str {
        match self {
            CompanyRole::Admin => {
                "post jobs, review and decide on applicants, and manage the team and the company's settings"
            }
            CompanyRole::Recruiter => "post jobs, review and decide on applicants",
            CompanyRole::Interviewer => {
                "read the applicants of the jobs you are on and the documents they sent, and write your scorecards"
            }
        }
    }

    /// Whether the role manages the team and the company's settings.
    pub fn is_admin(self) -> bool {
        self == CompanyRole::Admin
    }

    /// Whether the role reaches every job of the company and acts on its applicants (moves,
    /// decisions, notes, exports); an interviewer reaches only the jobs they are on, to read.
    pub fn works_every_job(self) -> bool {
        self != CompanyRole::Interviewer
    }
}

/// What a change of roles or members leaves: refused when the company would have no admin.
///
/// `admins` is how many admins the company has now; `target_is_admin` whether the member
/// changed is one of them; `stays_admin` whether they are still an admin after the change.
pub fn keeps_an_admin(admins: i64, target_is_admin: bool, stays_admin: bool) -> bool {
    !(target_is_admin && !stays_admin && admins <= 1)
}

/// Why an account cannot be deleted yet, if it cannot.
///
/// `holds` is how many others are on the team of the company the account keys (its jobs are
/// kept under it); `admins` how many admins its team has if it is one of them (0 if it is not);
/// `others` how many others are on its team.
pub fn deletion_refused(holds: i64, admins: i64, others: i64) -> Option<&'static str> {
    if holds > 0 {
        Some(MSG_TEAM_HOLDS_ACCOUNT)
    } else if admins == 1 && others > 0 {
        Some(MSG_LAST_ADMIN)
    } else {
        None
    }
}

/// An admin asks for a role that is not one of [`CompanyRole::ALL`].
pub const MSG_ROLE_UNKNOWN: &str = "Choose a role: Admin, Recruiter or Interviewer.";
/// An interviewer asks for what only recruiters and admins do (post, move, decide, notes,
/// exports, analytics).
pub const MSG_RECRUITERS_ONLY: &str = "Interviewers read the applicants of their jobs and write scorecards: ask a recruiter to do this.";
/// A recruiter lists someone on a job's hiring team who is not on the company's team.
pub const MSG_NOT_A_MEMBER: &str = "Choose people on your company's team.";
/// A member who is not an admin asks to manage the team or the company's settings.
pub const MSG_ADMIN_ONLY: &str = "Only your company's admins can do this.";
/// An employer account that is no longer on any company's team.
pub const MSG_NOT_ON_A_TEAM: &str =
    "You are no longer on a company's team. Ask one of its admins to invite you again.";
/// The change would leave the company with no admin.
pub const MSG_LAST_ADMIN: &str =
    "Your company needs at least one admin: make another member an admin first.";
/// The address invited already belongs to a member of this company.
pub const MSG_ALREADY_MEMBER: &str = "This person is already on your team.";
/// A link that was used, revoked or has expired, or never was.
pub const MSG_INVITATION_GONE: &str =
    "This invitation has expired, was already used or was withdrawn. Ask for a new one.";
/// Joining by link with an address that already has an account.
pub const MSG_SIGN_IN_TO_JOIN: &str =
    "This address already has a JobTap account: sign in with it, then open the link again.";
/// A signed-in account accepts an invitation sent to another address.
pub const MSG_OTHER_ADDRESS: &str =
    "This invitation was sent to another address. Sign in with that address to accept it.";
/// An account that cannot join: a candidate's, or a member of another company.
pub const MSG_CANNOT_JOIN: &str = "This account cannot join the team: it is a candidate's account or already on another company's team.";
/// An admin asks to remove the account that signed the company up: its jobs are kept under it.
pub const MSG_KEY_ACCOUNT_STAYS: &str = "The account that signed your company up holds its jobs, so it stays on the team. You can change its role.";
/// The address invited has an account that could not accept: a candidate's, or one on a team.
pub const MSG_ADDRESS_CANNOT_JOIN: &str = "This address has a JobTap account that cannot join your team: a candidate's, or one already on a company's team.";
/// An admin whose address is not confirmed asks to invite someone.
pub const MSG_CONFIRM_TO_INVITE: &str =
    "Confirm your e-mail address before you invite anyone: follow the link we sent you.";
/// How many invitations one member may send in [`INVITES_WINDOW_MS`].
pub const INVITES_PER_WINDOW: i64 = 20;
/// The window of [`INVITES_PER_WINDOW`]: an hour.
pub const INVITES_WINDOW_MS: i64 = 60 * 60 * 1000;

/// The account that holds the company's jobs is deleted while others are on its team.
pub const MSG_TEAM_HOLDS_ACCOUNT: &str = "Your company's jobs are kept under this account while others are on its team. Remove the other members first.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_round_trip_through_their_keys() {
        for role in CompanyRole::ALL {
            assert_eq!(CompanyRole::parse(role.key()), Some(role));
        }
        assert_eq!(CompanyRole::parse("owner"), None);
        assert_eq!(CompanyRole::parse("Admin"), None);
    }

    #[test]
    fn the_last_admin_cannot_be_demoted_or_removed() {
        assert!(!keeps_an_admin(1, true, false));
        assert!(keeps_an_admin(2, true, false));
        assert!(keeps_an_admin(1, true, true));
        assert!(keeps_an_admin(1, false, false));
    }

    #[test]
    fn an_account_holding_jobs_or_the_last_admin_of_others_is_not_deleted() {
        assert_eq!(deletion_refused(1, 1, 1), Some(MSG_TEAM_HOLDS_ACCOUNT));
        assert_eq!(deletion_refused(0, 1, 1), Some(MSG_LAST_ADMIN));
        assert_eq!(deletion_refused(0, 2, 1), None);
        assert_eq!(deletion_refused(0, 0, 1), None);
        // Alone on the team: the company goes with its only member.
        assert_eq!(deletion_refused(0, 1, 0), None);
    }

    #[test]
    fn only_interviewers_are_kept_to_their_jobs() {
        assert!(CompanyRole::Admin.works_every_job());
        assert!(CompanyRole::Recruiter.works_every_job());
        assert!(!CompanyRole::Interviewer.works_every_job());
        assert!(!CompanyRole::Interviewer.is_admin());
    }

    #[test]
    fn an_invitation_lasts_seven_days() {
        assert_eq!(INVITATION_DAYS, 7);
    }
}

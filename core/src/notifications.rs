//! Notifications: what the bell lists, which e-mails each person can turn off, and how often
//! an employer hears of new applicants.

use serde::Serialize;

use crate::team::CompanyRole;

/// An employer hears of a job's new applicants by e-mail at most once in this time; the
/// applications in between go together in the next message.
pub const NEW_APPLICANTS_MAIL_EVERY_MS: i64 = 60 * 60 * 1000;
/// At most one daily summary per employer in this time.
pub const SUMMARY_EVERY_MS: i64 = 24 * 60 * 60 * 1000;
/// The most notifications the bell lists.
pub const BELL_LIMIT: i64 = 30;

/// A kind of e-mail a person can turn on or off (the bell always shows the events).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Setting {
    /// A candidate's application was accepted, rejected or reconsidered, or its job was removed.
    ApplicationUpdates,
    /// New applications to an employer's jobs.
    NewApplicants,
    /// Once a day, an employer's new applications and those awaiting a decision, per job.
    DailySummary,
    /// A candidate picked an interview time (with the calendar event), or an employer
    /// cancelled an interview that was in calendars.
    InterviewUpdates,
}

impl Setting {
    pub const ALL: [Self; 4] = [
        Self::ApplicationUpdates,
        Self::NewApplicants,
        Self::DailySummary,
        Self::InterviewUpdates,
    ];

    /// The name stored and sent.
    pub fn key(self) -> &'static str {
        match self {
            Self::ApplicationUpdates => "application_updates",
            Self::NewApplicants => "new_applicants",
            Self::DailySummary => "daily_summary",
            Self::InterviewUpdates => "interview_updates",
        }
    }

    /// The setting named `key`.
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.key() == key)
    }

    /// The settings screen's label.
    pub fn label(self) -> &'static str {
        match self {
            Self::ApplicationUpdates => "Application updates",
            Self::NewApplicants => "New applicants",
            Self::DailySummary => "Daily summary",
            Self::InterviewUpdates => "Interview updates",
        }
    }

    /// What turning it on sends.
    pub fn description(self) -> &'static str {
        match self {
            Self::ApplicationUpdates => {
                "An e-mail when an employer invites you to an interview, accepts, rejects or reconsiders your application, or removes the job."
            }
            Self::NewApplicants => {
                "An e-mail when candidates apply to your jobs: at most one an hour per job, with every new applicant."
            }
            Self::InterviewUpdates => {
                "An e-mail with the calendar event when a candidate picks an interview time, and when an interview is cancelled."
            }
            Self::DailySummary => {
                "One e-mail a day with each job's new applications and those awaiting a decision, when there are any."
            }
        }
    }

    /// Whether employers (else candidates) have it.
    pub fn for_employers(self) -> bool {
        matches!(
            self,
            Self::NewApplicants | Self::DailySummary | Self::InterviewUpdates
        )
    }

    /// Whether it is on until the person says otherwise: a daily summary is asked for.
    pub fn on_by_default(self) -> bool {
        !matches!(self, Self::DailySummary)
    }
}

/// How the daily summary names the applications still open to a member in `role`: the decision
/// is theirs only when their role decides (an interviewer rates, a recruiter decides).
pub fn awaiting_decision(role: CompanyRole) -> &'static str {
    if role.works_every_job() {
        "awaiting your decision"
    } else {
        "awaiting a decision"
    }
}

/// What happened, as a notification row records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    NewApplicant,
    Accepted,
    Rejected,
    JobClosed,
    /// An employer proposed interview times (to the candidate).
    InterviewProposed,
    /// The candidate picked one (to the employer).
    InterviewScheduled,
    /// The employer cancelled the interview (to the candidate).
    InterviewCancelled,
    /// The employer took a rejected application back into their pipeline (to the candidate).
    Reconsidered,
}

impl Event {
    pub const ALL: [Self; 8] = [
        Self::NewApplicant,
        Self::Accepted,
        Self::Rejected,
        Self::JobClosed,
        Self::InterviewProposed,
        Self::InterviewScheduled,
        Self::InterviewCancelled,
        Self::Reconsidered,
    ];

    /// The name stored.
    pub fn key(self) -> &'static str {
        match self {
            Self::NewApplicant => "new_applicant",
            Self::Accepted => "application_accepted",
            Self::Rejected => "application_rejected",
            Self::JobClosed => "application_job_closed",
            Self::InterviewProposed => "interview_proposed",
            Self::InterviewScheduled => "interview_scheduled",
            Self::InterviewCancelled => "interview_cancelled",
            Self::Reconsidered => "application_reconsidered",
        }
    }

    /// The event named `key`.
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|e| e.key() == key)
    }

    /// The e-mail setting that covers it.
    pub fn setting(self) -> Setting {
        match self {
            Self::NewApplicant => Setting::NewApplicants,
            Self::InterviewScheduled => Setting::InterviewUpdates,
            _ => Setting::ApplicationUpdates,
        }
    }
}

/// What the bell shows for one notification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BellText {
    pub title: String,
    pub body: String,
    /// Where opening it leads, in the app.
    pub link: &'static str,
}

/// The bell's text for `event` about an application to `job_title` at `company`, by
/// `candidate` (the candidate's name; employers see it).
pub fn bell_text(event: Event, job_title: &str, company: &str, candidate: &str) -> BellText {
    let job_title = job_title.trim();
    let company = company.trim();
    let candidate = match candidate.trim() {
        "" => "A candidate",
        name => name,
    };
    match event {
        Event::NewApplicant => BellText {
            title: "New applicant".into(),
            body: format!("{candidate} applied for {job_title}."),
            link: "/employer/applications",
        },
        Event::Accepted => BellText {
            title: "Application accepted".into(),
            body: format!("{company} accepted your application for {job_title}."),
            link: "/applications",
        },
        Event::Rejected => BellText {
            title: "Application not taken further".into(),
            body: format!(
                "{company} has decided not to go ahead with your application for {job_title}."
            ),
            link: "/applications",
        },
        Event::InterviewProposed => BellText {
            title: "Interview invitation".into(),
            body: format!(
                "{company} invites you to an interview for {job_title}: pick a time on My Applications."
            ),
            link: "/applications",
        },
        Event::InterviewScheduled => BellText {
            title: "Interview time picked".into(),
            body: format!("{candidate} picked a time for the {job_title} interview."),
            link: "/employer/applications",
        },
        Event::InterviewCancelled => BellText {
            title: "Interview cancelled".into(),
            body: format!("{company} cancelled the interview for {job_title}."),
            link: "/applications",
        },
        Event::Reconsidered => BellText {
            title: "Application back in review".into(),
            body: format!("{company} is taking another look at your application for {job_title}."),
            link: "/applications",
        },
        Event::JobClosed => BellText {
            title: "Job removed".into(),
            body: format!(
                "{company} removed the {job_title} job, so your application was declined."
            ),
            link: "/applications",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_reads_back() {
        for setting in Setting::ALL {
            assert_eq!(Setting::from_key(setting.key()), Some(setting));
        }
        for event in Event::ALL {
            assert_eq!(Event::from_key(event.key()), Some(event));
        }
        assert_eq!(Setting::from_key("nope"), None);
        assert_eq!(Event::NewApplicant.setting(), Setting::NewApplicants);
        assert_eq!(Event::JobClosed.setting(), Setting::ApplicationUpdates);
        assert!(Setting::NewApplicants.for_employers());
        assert!(!Setting::ApplicationUpdates.for_employers());
        assert!(Setting::DailySummary.for_employers() && !Setting::DailySummary.on_by_default());
        assert!(Setting::NewApplicants.on_by_default());
    }

    #[test]
    fn only_those_who_decide_are_told_the_decision_is_theirs() {
        assert_eq!(
            awaiting_decision(CompanyRole::Admin),
            "awaiting your decision"
        );
        assert_eq!(
            awaiting_decision(CompanyRole::Recruiter),
            "awaiting your decision"
        );
        assert_eq!(
            awaiting_decision(CompanyRole::Interviewer),
            "awaiting a decision"
        );
        // The setting is shown to every role, so it promises no one the decision.
        assert!(
            !Setting::DailySummary
                .description()
                .contains("your decision")
        );
    }

    #[test]
    fn bell_texts_name_the_job_and_who() {
        let text = bell_text(Event::NewApplicant, "Staff Nurse ", "", " Rudo Dube");
        assert_eq!(text.body, "Rudo Dube applied for Staff Nurse.");
        assert_eq!(text.link, "/employer/applications");
        assert_eq!(
            bell_text(Event::NewApplicant, "Nurse", "", " ").body,
            "A candidate applied for Nurse."
        );
        let text = bell_text(Event::Accepted, "Data Analyst", "Acme", "");
        assert_eq!(text.title, "Application accepted");
        assert_eq!(
            text.body,
            "Acme accepted your application for Data Analyst."
        );
    }
}

//! Persistence of interview invitations: proposing, picking and cancelling, each in one
//! transaction with the bell rows and the e-mails it causes.

use chrono_tz::Tz;
use serde::Serialize;

use jobtap_core::interview_invite::{self as invite, InviteStatus, Place, Reader};
use jobtap_core::job_stages::Place as StagePlace;
use jobtap_core::notifications::{Event, Setting};
use jobtap_core::pipeline::Stage;

use crate::db::Db;
use crate::mail::config::MailConfig;
use crate::mail::interview_texts::{self as texts, About, Cancelled, To};
use crate::mail::message::{FileAttachment, Mail};
use crate::mail::outbox::NewRow;
use crate::on_db_write;

use super::{ics, zone};

/// A proposal the route has read and checked (core's rules).
#[derive(Debug, Clone)]
pub struct Proposal {
    pub zone: Tz,
    pub starts: Vec<i64>,
    pub duration_minutes: u32,
    pub place: Place,
}

/// What a change came to.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Done,
    /// Not the caller's application, or no interview on it.
    NotFound,
    /// Not allowed now (core's message).
    Refused(&'static str),
}

/// Whose applications: a candidate's own, or those to an employer's jobs still on their list.
#[derive(Debug, Clone, Copy)]
pub enum Scope<'a> {
    Candidate(&'a str),
    Employer(&'a str),
}

/// One proposed time, as both sides read it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SlotView {
    /// The candidate picks it by this number.
    pub position: i64,
    pub starts_at: i64,
    pub ends_at: i64,
    /// "Tue 1 Dec 2026, 10:00–10:45 (Africa/Harare)".
    pub label: String,
    /// The start on the time zone's clock, as a `datetime-local` field holds it.
    pub wall_clock: String,
    /// Begun or over: it can no longer be picked.
    pub passed: bool,
}

/// An application's interview, as both sides read it (nothing in it is private to either).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct InterviewView {
    /// `proposed`, `scheduled` or `cancelled` (core's `InviteStatus`).
    pub status: &'static str,
    // Worded for the side reading it: a proposal is news to the candidate, a wait to the employer.
    pub status_label: &'static str,
    /// The IANA time zone the times were given in.
    pub time_zone: String,
    pub duration_minutes: i64,
    /// The place in words, or the video link.
    pub location: String,
    pub location_is_link: bool,
    /// The times proposed (the last proposal).
    pub slots: Vec<SlotView>,
    /// The booked time, while it is scheduled.
    pub booked: Option<SlotView>,
    /// Whether a calendar event was issued (the `.ics` download exists).
    pub has_calendar_event: bool,
}

/// The people and the job around an application, read with the change.
#[derive(Debug, sqlx::FromRow)]
pub(crate) struct Party {
    stage: String,
    pub(super) user_id: String,
    candidate_email: String,
    candidate_name: String,
    job_title: String,
    company_name: String,
    pub(super) employer_id: String,
    employer_email: String,
}

/// The candidate and the employer's side of an application's interview: the member who
/// proposed it while on the company's team, else the account that keys the company.
macro_rules! party {
    () => {
        concat!(
            "SELECT a.stage, a.user_id, u.email AS candidate_email, \
             COALESCE(p.full_name, '') AS candidate_name, j.job_title, j.company_name, \
             e.id AS employer_id, e.email AS employer_email \
             FROM applications a JOIN jobs j ON j.id = a.job_id JOIN users u ON u.id = a.user_id \
             LEFT JOIN interviews i ON i.application_id = a.id \
             JOIN users e ON e.id = COALESCE((SELECT m.user_id FROM company_members m \
             WHERE m.user_id = i.proposed_by AND m.company_id = j.employer_id AND ",
            crate::knows_job!("m", "j.id"),
            "), j.employer_id) \
             LEFT JOIN profiles p ON p.id = a.user_id WHERE a.id = $1 "
        )
    };
}

/// Calls off application `$1`'s interview at `$2`, raising the SEQUENCE of an event issued.
pub(super) const CALL_OFF: &str = "UPDATE interviews SET status = 'cancelled', sequence = CASE \
     WHEN sequence >= 0 THEN sequence + 1 ELSE sequence END, updated_at = $2 \
     WHERE application_id = $1 AND status <> 'cancelled' RETURNING application_id, uid, status, \
     time_zone, duration_minutes, location, sequence, event_start, event_end, updated_at";

/// Application `$1`'s party, whoever asks.
pub(super) const PARTY: &str = party!();

/// Application `$1` of `$2`'s, for each scope.
pub(super) const fn party_sql(scope: Scope<'_>) -> &'static str {
    match scope {
        Scope::Candidate(_) => concat!(party!(), "AND a.user_id = $2"),
        Scope::Employer(_) => {
            concat!(
                party!(),
                "AND NOT a.hidden_from_employer AND j.employer_id = $2"
            )
        }
    }
}

/// Within `$tx`: the party of application `$id` in `$scope`, or an early `Outcome::NotFound`.
macro_rules! party_or_not_found {
    ($tx:expr, $scope:expr, $id:expr) => {{
        let scope: Scope<'_> = $scope;
        let party: Option<Party> = sqlx::query_as(party_sql(scope))
            .bind($id)
            .bind(scope.user())
            .fetch_optional($tx)
            .await?;
        match party {
            Some(party) => party,
            None => return Ok(Outcome::NotFound),
        }
    }};
}

impl<'a> Scope<'a> {
    /// The candidate or the employer whose scope it is.
    pub(super) fn user(self) -> &'a str {
        match self {
            Self::Candidate(id) | Self::Employer(id) => id,
        }
    }

    pub(super) fn reader(self) -> Reader {
        match self {
            Self::Candidate(_) => Reader::Candidate,
            Self::Employer(_) => Reader::Employer,
        }
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct Row {
    pub(super) application_id: String,
    uid: String,
    status: String,
    time_zone: String,
    duration_minutes: i64,
    location: String,
    pub(super) sequence: i64,
    pub(super) event_start: Option<i64>,
    pub(super) event_end: Option<i64>,
    updated_at: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub(super) struct SlotRow {
    application_id: String,
    position: i64,
    starts_at: i64,
}

macro_rules! row {
    () => {
        "SELECT i.application_id, i.uid, i.status, i.time_zone, i.duration_minutes, \
         i.location, i.sequence, i.event_start, i.event_end, i.updated_at FROM interviews i "
    };
}
pub(super) use row;

/// The interview of application `$1`.
pub(super) const ROW_OF: &str = concat!(row!(), "WHERE i.application_id = $1");

impl Row {
    pub(super) fn zone(&self) -> Tz {
        zone::parse(&self.time_zone).unwrap_or(Tz::UTC)
    }

    pub(super) fn status(&self) -> InviteStatus {
        InviteStatus::parse(&self.status).unwrap_or(InviteStatus::Cancelled)
    }

    pub(super) fn place(&self) -> Place {
        invite::place(&self.location).unwrap_or_else(|_| Place::Address(self.location.clone()))
    }

    fn slot(&self, position: i64, start: i64, now: i64) -> SlotView {
        let end = start + self.duration_minutes * 60_000;
        SlotView {
            position,
            starts_at: start,
            ends_at: end,
            label: zone::label(self.zone(), start, end),
            wall_clock: zone::wall_clock(self.zone(), start),
            passed: start <= now,
        }
    }

    pub(super) fn view(&self, slots: &[SlotRow], now: i64, reader: Reader) -> InterviewView {
        let status = self.status();
        InterviewView {
            status: status.as_str(),
            status_label: status.label(reader),
            time_zone: self.time_zone.clone(),
            duration_minutes: self.duration_minutes,
            location: self.location.clone(),
            location_is_link: matches!(self.place(), Place::Link(_)),
            slots: slots
                .iter()
                .filter(|s| s.application_id == self.application_id)
                .map(|s| self.slot(s.position, s.starts_at, now))
                .collect(),
            booked: self
                .event_start
                .filter(|_| status == InviteStatus::Scheduled)
                .map(|start| self.slot(-1, start, now)),
            has_calendar_event: self.sequence >= 0,
        }
    }

    /// The calendar file of the event as last issued; `None` before any was.
    pub(super) fn calendar(&self, party: &Party, public_url: &str) -> Option<String> {
        let sequence = u32::try_from(self.sequence).ok()?;
        let start = self.event_start?;
        let place = self.place();
        Some(ics::calendar(&ics::Facts {
            uid: &self.uid,
            sequence,
            start,
            end: self.event_end.unwrap_or(start),
            stamp: self.updated_at,
            job_title: &party.job_title,
            company_name: &party.company_name,
            place: &place,
            organizer_email: &party.employer_email,
            candidate_name: &party.candidate_name,
            candidate_email: &party.candidate_email,
            link: &format!("{public_url}/applications"),
            cancelled: self.status() == InviteStatus::Cancelled,
        }))
    }

    pub(super) fn attachment(&self, party: &Party, public_url: &str) -> Option<FileAttachment> {
        Some(FileAttachment {
            file_name: ics::FILE_NAME.to_string(),
            content_type: ics::content_type(self.status() == InviteStatus::Cancelled).to_string(),
            bytes: self.calendar(party, public_url)?.into_bytes(),
        })
    }
}

impl Party {
    pub(super) fn about<'a>(&'a self, place: &'a str, public_url: &'a str) -> About<'a> {
        About {
            job_title: &self.job_title,
            company_name: &self.company_name,
            candidate_name: &self.candidate_name,
            place,
            public_url,
        }
    }

    pub(super) fn candidate(&self) -> To<'_> {
        To {
            address: &self.candidate_email,
            name: &self.candidate_name,
            employer: false,
        }
    }

    pub(super) fn employer(&self) -> To<'_> {
        To {
            address: &self.employer_email,
            name: &self.company_name,
            employer: true,
        }
    }
}

/// `mail` ready to queue; `None` (logged) when the address cannot carry e-mail: the change
/// stands.
pub(super) fn ready_row(mail: &Mail, config: &MailConfig, now: i64) -> Option<NewRow> {
    NewRow::new(mail, config, now)
        .inspect_err(|err| tracing::warn!(kind = mail.kind, %err, "interview e-mail not queued"))
        .ok()
}

/// Proposes the times of `proposal` for application `id` of `employer_id`'s (the company's), by
/// member `proposed_by`, in the Interview stage; a second proposal replaces the first (the candidate picks again). The
/// candidate's bell row and e-mail go in the same transaction.
pub async fn propose(
    db: &Db,
    mail: &MailConfig,
    employer_id: &str,
    proposed_by: &str,
    id: &str,
    proposal: &Proposal,
    now: i64,
) -> Result<Outcome, sqlx::Error> {
    let scope = Scope::Employer(employer_id);
    let uid = format!(
        "interview-{}@{}",
        uuid::Uuid::new_v4().simple(),
        mail.from.email.domain()
    );
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        let party = party_or_not_found!(&mut *tx, scope, id);
        // A job's own stage after Interview ("Second interview") proposes times as well.
        if StagePlace::parse(&party.stage).map(StagePlace::group) != Some(Stage::Interview) {
            return Ok(Outcome::Refused(invite::MSG_NOT_INTERVIEW_STAGE));
        }
        let again: bool = sqlx::query_scalar::<_, String>("SELECT status FROM interviews WHERE application_id = $1")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?
            .is_some();
        sqlx::query(
            "INSERT INTO interviews (application_id, uid, status, time_zone, duration_minutes, \
             location, sequence, proposed_by, created_at, updated_at) \
             VALUES ($1, $2, 'proposed', $3, $4, $5, -1, $6, $7, $7) \
             ON CONFLICT (application_id) DO UPDATE SET status = 'proposed', \
             time_zone = excluded.time_zone, duration_minutes = excluded.duration_minutes, \
             location = excluded.location, proposed_by = excluded.proposed_by, \
             updated_at = excluded.updated_at",
        )
        .bind(id)
        .bind(&uid)
        .bind(proposal.zone.name())
        .bind(i64::from(proposal.duration_minutes))
        .bind(proposal.place.text())
        .bind(proposed_by)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM interview_slots WHERE application_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let mut labels = Vec::with_capacity(proposal.starts.len());
        for (position, start) in (0_i64..).zip(&proposal.starts) {
            sqlx::query(
                "INSERT INTO interview_slots (application_id, position, starts_at) VALUES ($1, $2, $3)",
            )
            .bind(id)
            .bind(position)
            .bind(start)
            .execute(&mut *tx)
            .await?;
            let end = start + invite::duration_ms(proposal.duration_minutes);
            labels.push(zone::label(proposal.zone, *start, end));
        }
        if crate::notify!(&mut *tx, &party.user_id, Event::InterviewProposed, id, now)? {
            let about = party.about(proposal.place.text(), &mail.public_url);
            let message = texts::invitation(&about, &party.candidate(), &labels, again);
            if let Some(row) = ready_row(&message, mail, now) {
                crate::queue_mail!(&mut *tx, &row)?;
            }
        }
        tx.commit().await?;
        Ok(Outcome::Done)
    })
}

/// The candidate `user_id` picks proposed time `position` of application `id`: the event is
/// issued (its SEQUENCE one higher than any before) and sent to both sides as they chose.
pub async fn choose(
    db: &Db,
    mail: &MailConfig,
    user_id: &str,
    id: &str,
    position: usize,
    now: i64,
) -> Result<Outcome, sqlx::Error> {
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        let party = party_or_not_found!(&mut *tx, Scope::Candidate(user_id), id);
        if party.stage == Stage::Rejected.as_str() {
            return Ok(Outcome::Refused(invite::MSG_CLOSED));
        }
        let row: Option<Row> = sqlx::query_as(ROW_OF)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else {
            return Ok(Outcome::Refused(invite::MSG_NOT_PROPOSED));
        };
        let starts: Vec<i64> = sqlx::query_scalar(
            "SELECT starts_at FROM interview_slots WHERE application_id = $1 ORDER BY position",
        )
        .bind(id)
        .fetch_all(&mut *tx)
        .await?;
        let start = match invite::check_choice(row.status(), &starts, position, now) {
            Ok(start) => start,
            Err(why) => return Ok(Outcome::Refused(why)),
        };
        let end = start + row.duration_minutes * 60_000;
        // Only from the proposal just read: a cancellation or a new proposal meanwhile wins.
        let updated: Option<Row> = sqlx::query_as(
            "UPDATE interviews SET status = 'scheduled', sequence = sequence + 1, event_start = $2, \
             event_end = $3, updated_at = $4 WHERE application_id = $1 AND status = 'proposed' \
             AND updated_at = $5 RETURNING application_id, uid, status, time_zone, duration_minutes, \
             location, sequence, event_start, event_end, updated_at",
        )
        .bind(id)
        .bind(start)
        .bind(end)
        .bind(now)
        .bind(row.updated_at)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = updated else {
            return Ok(Outcome::Refused(invite::MSG_NOT_PROPOSED));
        };
        let place = row.place();
        let about = party.about(place.text(), &mail.public_url);
        let when = zone::label(row.zone(), start, end);
        let employer_wants =
            crate::notify!(&mut *tx, &party.employer_id, Event::InterviewScheduled, id, now)?;
        let candidate_wants =
            crate::email_wanted!(&mut *tx, &party.user_id, Setting::ApplicationUpdates)?;
        for (wants, to) in [
            (employer_wants, party.employer()),
            (candidate_wants, party.candidate()),
        ] {
            if let (true, Some(event)) = (wants, row.attachment(&party, &mail.public_url))
                && let Some(queued) = ready_row(&texts::booked(&about, &to, &when, event), mail, now)
            {
                crate::queue_mail!(&mut *tx, &queued)?;
            }
        }
        tx.commit().await?;
        Ok(Outcome::Done)
    })
}

/// Cancels the interview of application `id` of `employer_id`'s. An event already in
/// calendars is cancelled with the next SEQUENCE and sent to both sides as they chose.
pub async fn cancel(
    db: &Db,
    mail: &MailConfig,
    employer_id: &str,
    id: &str,
    now: i64,
) -> Result<Outcome, sqlx::Error> {
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        let party = party_or_not_found!(&mut *tx, Scope::Employer(employer_id), id);
        let updated: Option<Row> = sqlx::query_as(CALL_OFF)
        .bind(id)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = updated else {
            return Ok(Outcome::NotFound);
        };
        let place = row.place();
        let about = party.about(place.text(), &mail.public_url);
        let when = row
            .event_start
            .filter(|_| row.sequence >= 0)
            .map(|start| zone::label(row.zone(), start, row.event_end.unwrap_or(start)));
        let event = row.attachment(&party, &mail.public_url);
        if crate::notify!(&mut *tx, &party.user_id, Event::InterviewCancelled, id, now)?
            && let Some(queued) = ready_row(
                &texts::cancelled(&about, &party.candidate(), Cancelled::ByEmployer, when.as_deref(), event.clone()),
                mail,
                now,
            )
        {
            crate::queue_mail!(&mut *tx, &queued)?;
        }
        // The employer's calendar holds the event only once it was issued.
        if let Some(event) = event
            && crate::email_wanted!(&mut *tx, &party.employer_id, Setting::InterviewUpdates)?
            && let Some(queued) = ready_row(
                &texts::cancelled(&about, &party.employer(), Cancelled::ByEmployer, when.as_deref(), Some(event)),
                mail,
                now,
            )
        {
            crate::queue_mail!(&mut *tx, &queued)?;
        }
        tx.commit().await?;
        Ok(Outcome::Done)
    })
}

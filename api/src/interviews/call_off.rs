//! Calling an interview off along with its application (a rejection, a withdrawal, a deleted
//! job): in the caller's transaction, with the cancellations its calendar event needs.

use jobtap_core::notifications::{Event, Setting};

use super::store::{Party, Row, ready_row};
use super::zone;
use crate::mail::config::MailConfig;
use crate::mail::interview_texts::{self as texts, Cancelled};
use crate::mail::outbox::NewRow;

/// Application `$1`'s party, whoever asks: for a change the caller's own query has scoped.
pub(crate) const PARTY_OF: &str = super::store::PARTY;

/// Calls off application `$1`'s interview at `$2` (kept with the interviews' other SQL).
pub(crate) const CALL_OFF: &str = super::store::CALL_OFF;

/// The cancellations an interview called off with its application sends: to both sides, with
/// the event's cancellation, when an event in their calendars is still to come. Each goes
/// with the user it is for and the setting that lets them turn it off.
pub(crate) fn call_off_mails(
    row: Option<Row>,
    party: Option<Party>,
    mail: &MailConfig,
    now: i64,
    why: Cancelled,
) -> Vec<(String, Setting, NewRow)> {
    let (Some(row), Some(party)) = (row, party) else {
        return Vec::new();
    };
    let Some((start, end)) = row.event_start.map(|s| (s, row.event_end.unwrap_or(s))) else {
        return Vec::new();
    };
    if row.sequence < 0 || end <= now {
        return Vec::new();
    }
    let Some(event) = row.attachment(&party, &mail.public_url) else {
        return Vec::new();
    };
    let place = row.place();
    let about = party.about(place.text(), &mail.public_url);
    let when = zone::label(row.zone(), start, end);
    [
        (
            &party.user_id,
            Event::InterviewCancelled.setting(),
            party.candidate(),
        ),
        (
            &party.employer_id,
            Setting::InterviewUpdates,
            party.employer(),
        ),
    ]
    .into_iter()
    .filter_map(|(user, setting, to)| {
        let message = texts::cancelled(&about, &to, why, Some(&when), Some(event.clone()));
        ready_row(&message, mail, now).map(|queued| (user.clone(), setting, queued))
    })
    .collect()
}

/// Within `$conn`: calls off application `$id`'s interview, if it has one still on, because
/// of `$why` (`mail::interview_texts::Cancelled`): its times can no longer be picked, and an
/// event still to come leaves both calendars by a cancellation with the same UID and the next
/// SEQUENCE (RFC 5546), e-mailed as each side chose. Run it before the change that ends the
/// application, in the same transaction. `Result<(), sqlx::Error>`.
#[macro_export]
macro_rules! call_off_interview {
    ($conn:expr, $mail:expr, $id:expr, $now:expr, $why:expr) => {{
        let mail: &$crate::mail::config::MailConfig = $mail;
        let id: &str = $id;
        let now: i64 = $now;
        async {
            let row: Option<$crate::interviews::store::Row> =
                sqlx::query_as($crate::interviews::call_off::CALL_OFF)
                    .bind(id)
                    .bind(now)
                    .fetch_optional($conn)
                    .await?;
            let party: Option<$crate::interviews::store::Party> = match row {
                Some(_) => {
                    sqlx::query_as($crate::interviews::call_off::PARTY_OF)
                        .bind(id)
                        .fetch_optional($conn)
                        .await?
                }
                None => None,
            };
            for (user, setting, queued) in
                $crate::interviews::call_off::call_off_mails(row, party, mail, now, $why)
            {
                if $crate::email_wanted!($conn, &user, setting)? {
                    $crate::queue_mail!($conn, &queued)?;
                }
            }
            Ok::<(), sqlx::Error>(())
        }
        .await
    }};
}

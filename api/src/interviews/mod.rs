//! Interview invitations (core's `interview_invite`): from the Interview stage the employer
//! proposes up to three times and a place or link, the candidate picks one, and both get the
//! event as an iCalendar file, by e-mail and as a download. Rescheduling and cancelling keep
//! the event's UID and raise its SEQUENCE, so calendars update the one event.

pub mod call_off;
pub mod ics;
pub mod read;
pub mod routes;
pub mod store;
pub mod zone;

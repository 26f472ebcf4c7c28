//! E-mail that is really sent. A change that causes a message queues it in the outbox table
//! within its own transaction ([`queue_mail!`](crate::queue_mail)); the sender task delivers
//! it over SMTP or, with no SMTP server configured, as an `.eml` file, retrying with back-off.
//! A message is marked sent only once handed over, so a crash before that sends it after the
//! restart, and claims keep several instances from sending one message twice.

pub mod config;
pub mod interview_texts;
pub mod message;
pub mod outbox;
pub mod scheduled;
pub mod sender;
pub mod texts;

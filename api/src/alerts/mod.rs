//! Job alerts by e-mail: subscribing with double opt-in, the confirmation and unsubscribe
//! pages, and the daily digest of new jobs that fit the subscriber.

pub mod digest;
pub mod pages;
pub mod routes;
pub mod store;

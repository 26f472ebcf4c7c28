//! Job alerts by e-mail: subscribing with double opt-in, the confirmation and unsubscribe
//! pages, and the daily digest of new jobs that fit the subscriber (found by the feed's search
//! the alert was made from, if any).

pub mod digest;
pub mod pages;
pub mod routes;
pub mod saved_search;
pub mod store;

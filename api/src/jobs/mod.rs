//! Job postings.

pub mod store;

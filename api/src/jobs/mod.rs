//! Job postings.

pub mod row;
pub mod store;

//! Job postings.

pub mod row;
pub mod search;
pub mod store;

//! Job postings.

pub mod match_terms;
pub mod row;
pub mod search;
pub mod store;

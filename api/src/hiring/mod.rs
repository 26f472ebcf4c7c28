//! Hiring: each job's hiring team (the members listed on it, which bounds what an interviewer
//! reaches), the criteria its scorecards rate, and the scorecards members write of its
//! applicants (`routes`), with their SQL (`store`).

pub mod routes;
pub mod store;

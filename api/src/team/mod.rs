//! A company's team: its members and their roles (`routes`), invitations by e-mail and joining
//! through one (`join`), the company's log its admins read (`log`), and their SQL (`store`).
//! Who a request acts for is [`crate::auth::member::Member`], read on every employer route.

pub mod join;
pub mod log;
pub mod routes;
pub mod store;

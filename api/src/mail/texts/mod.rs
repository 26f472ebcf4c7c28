//! What each e-mail says: subject, plain text and HTML, with links back to the app; one module
//! per kind of reader.

mod account;
mod alerts;
mod decision;
mod employer;

pub use account::*;
pub use alerts::*;
pub use decision::*;
pub use employer::*;

/// "Hi Tendai," or "Hi," without a name.
pub(in crate::mail) fn greeting(name: &str) -> String {
    if name.trim().is_empty() {
        "Hi,".to_string()
    } else {
        format!("Hi {},", name.trim())
    }
}

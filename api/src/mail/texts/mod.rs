//! What each e-mail says: subject, plain text and HTML, with links back to the app; one module
//! per kind of reader.

mod account;
mod alerts;
mod decision;
mod employer;
mod team;

pub use account::*;
pub use alerts::*;
pub use decision::*;
pub use employer::*;
pub use team::*;

/// The HTML of an e-mail's one link, as a button labelled `label` (plain text, escaped here).
pub(in crate::mail) fn button(url: &str, label: &str) -> String {
    format!(
        "<a href=\"{}\" style=\"display:inline-block;background:#7c3aed;color:#fff;\
         padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600\">{}</a>",
        crate::mail::message::escape_html(url),
        crate::mail::message::escape_html(label)
    )
}

/// "Hi Tendai," or "Hi," without a name.
pub(in crate::mail) fn greeting(name: &str) -> String {
    if name.trim().is_empty() {
        "Hi,".to_string()
    } else {
        format!("Hi {},", name.trim())
    }
}

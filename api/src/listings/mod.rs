//! Live jobs for the rest of the web, without signing in: each job's page carries
//! schema.org `JobPosting` data, a title and a description in the HTML the server sends
//! ([`job_page`]); public XML feeds and a sitemap ([`routes`]). The formats are core's
//! (`jobtap_core::job_listing`); this module reads the jobs and answers with caching headers.

pub mod cache;
pub mod job_page;
pub mod routes;

use jobtap_core::job_listing::Listing;

use crate::jobs::store::LiveJob;

/// The addresses a listing names, owned beside the job it is made from.
pub struct Addresses {
    pub page: String,
    pub logo: String,
}

impl Addresses {
    /// The job's page and logo as absolute addresses under `public_url`.
    pub fn of(job: &LiveJob, public_url: &str) -> Self {
        let logo = job.fields.company_logo.trim();
        let logo = if logo.starts_with("https://") || logo.starts_with("http://") {
            logo.to_string()
        } else if logo.starts_with('/') {
            format!("{public_url}{logo}")
        } else {
            String::new()
        };
        Self {
            page: job_page_url(public_url, &job.fields.id),
            logo,
        }
    }
}

/// What a path segment keeps as it is: RFC 3986's unreserved characters.
const UNRESERVED: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// `text` as one path segment of an address.
pub fn path_segment(text: &str) -> impl std::fmt::Display + '_ {
    percent_encoding::utf8_percent_encode(text, UNRESERVED)
}

/// The job page's address.
pub fn job_page_url(public_url: &str, id: &str) -> String {
    format!("{public_url}/job/{}", path_segment(id))
}

/// `live` as core's [`Listing`], with its `addresses`.
pub fn listing<'a>(live: &'a LiveJob, addresses: &'a Addresses) -> Listing<'a> {
    let job = &live.fields;
    Listing {
        id: &job.id,
        title: &job.job_title,
        company: &job.company_name,
        logo_url: &addresses.logo,
        description: &job.job_description,
        location: &job.location,
        job_type: &job.job_type,
        salary_min: job.salary_min,
        salary_max: job.salary_max,
        posted_at_ms: job.posted_at,
        expires_at_ms: job.expires_at,
        url: &addresses.page,
    }
}

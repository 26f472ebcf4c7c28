//! schema.org `JobPosting` structured data, as Google's job listings read it
//! (<https://developers.google.com/search/docs/appearance/structured-data/job-posting>):
//! the required `title`, `description` (HTML), `datePosted`, `hiringOrganization` and
//! `jobLocation` (or, for a remote job, `jobLocationType` with the applicant's country),
//! and the recommended `validThrough`, `employmentType`, `baseSalary`, `identifier` and
//! `directApply`.

use serde_json::{Map, Value, json};

use super::{Listing, SALARY_CURRENCY, description_html, iso_datetime};
use crate::job_type::JobType;

/// Google's `employmentType` for a job type; a remote job says where, not how many hours.
#[must_use]
pub fn employment_type(job_type: &str) -> Option<&'static str> {
    match JobType::parse(job_type)? {
        JobType::FullTime => Some("FULL_TIME"),
        JobType::PartTime => Some("PART_TIME"),
        JobType::Contract => Some("CONTRACTOR"),
        JobType::Remote => None,
    }
}

/// The `JobPosting` object of `listing`.
#[must_use]
pub fn job_posting(listing: &Listing) -> Value {
    let mut posting = Map::new();
    posting.insert("@context".into(), json!("https://schema.org/"));
    posting.insert("@type".into(), json!("JobPosting"));
    posting.insert("title".into(), json!(listing.title));
    posting.insert(
        "description".into(),
        json!(description_html(listing.description)),
    );
    posting.insert(
        "identifier".into(),
        json!({ "@type": "PropertyValue", "name": listing.company, "value": listing.id }),
    );
    posting.insert(
        "datePosted".into(),
        json!(iso_datetime(listing.posted_at_ms)),
    );
    if let Some(expires) = listing.expires_at_ms {
        posting.insert("validThrough".into(), json!(iso_datetime(expires)));
    }
    let mut organization = json!({ "@type": "Organization", "name": listing.company });
    if !listing.logo_url.is_empty() {
        organization["logo"] = json!(listing.logo_url);
    }
    posting.insert("hiringOrganization".into(), organization);

    let (town, country) = listing.place();
    let remote = JobType::parse(listing.job_type) == Some(JobType::Remote);
    if remote {
        posting.insert("jobLocationType".into(), json!("TELECOMMUTE"));
        // A remote job's one place names where applicants may live.
        if let Some(country) = country
            .or(town)
            .filter(|p| !p.eq_ignore_ascii_case("remote"))
        {
            posting.insert(
                "applicantLocationRequirements".into(),
                json!({ "@type": "Country", "name": country }),
            );
        }
    } else {
        let mut address = json!({ "@type": "PostalAddress" });
        if let Some(town) = town {
            address["addressLocality"] = json!(town);
        }
        if let Some(country) = country {
            address["addressCountry"] = json!(country);
        }
        posting.insert(
            "jobLocation".into(),
            json!({ "@type": "Place", "address": address }),
        );
    }
    if let Some(kind) = employment_type(listing.job_type) {
        posting.insert("employmentType".into(), json!(kind));
    }
    let (low, high) = listing.salary();
    if low.is_some() || high.is_some() {
        let mut value = json!({ "@type": "QuantitativeValue", "unitText": "YEAR" });
        match (low, high) {
            (Some(low), Some(high)) if (low - high).abs() < f64::EPSILON => {
                value["value"] = json!(low);
            }
            _ => {
                if let Some(low) = low {
                    value["minValue"] = json!(low);
                }
                if let Some(high) = high {
                    value["maxValue"] = json!(high);
                }
            }
        }
        posting.insert(
            "baseSalary".into(),
            json!({ "@type": "MonetaryAmount", "currency": SALARY_CURRENCY, "value": value }),
        );
    }
    posting.insert("directApply".into(), json!(true));
    posting.insert("url".into(), json!(listing.url));
    Value::Object(posting)
}

/// `value` as the text of a `<script type="application/ld+json">` element: `<`, `>` and `&`
/// escaped as JSON escapes, so no text of the job can close the element or open a comment.
#[must_use]
pub fn script_text(value: &Value) -> String {
    let json = value.to_string();
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::tests::nurse;
    use super::*;

    #[test]
    fn a_job_at_a_place_carries_every_field_google_requires() {
        let posting = job_posting(&nurse());
        assert_eq!(posting["@type"], "JobPosting");
        assert_eq!(posting["title"], "Registered Nurse");
        assert_eq!(
            posting["description"],
            "<p>Care for patients on the ward.</p><p>Night shifts &lt;rotating&gt; &amp; weekends.</p>"
        );
        assert_eq!(posting["datePosted"], "2026-11-27T09:35:00Z");
        assert_eq!(posting["validThrough"], "2026-12-27T09:35:00Z");
        assert_eq!(posting["hiringOrganization"]["name"], "City Clinic");
        assert!(posting["hiringOrganization"].get("logo").is_none());
        assert_eq!(
            posting["jobLocation"]["address"]["addressLocality"],
            "Harare"
        );
        assert_eq!(
            posting["jobLocation"]["address"]["addressCountry"],
            "Zimbabwe"
        );
        assert_eq!(posting["employmentType"], "FULL_TIME");
        assert_eq!(posting["baseSalary"]["currency"], "USD");
        assert_eq!(posting["baseSalary"]["value"]["minValue"], 24_000.0);
        assert_eq!(posting["baseSalary"]["value"]["maxValue"], 30_000.0);
        assert_eq!(posting["baseSalary"]["value"]["unitText"], "YEAR");
        assert_eq!(posting["identifier"]["value"], "job-1");
        assert_eq!(posting["url"], "https://jobtap.example/job/job-1");
    }

    #[test]
    fn a_remote_job_names_where_applicants_may_live_instead_of_a_place() {
        let job = Listing {
            job_type: "Remote",
            location: "Remote, Kenya",
            salary_min: None,
            salary_max: None,
            expires_at_ms: None,
            ..nurse()
        };
        let posting = job_posting(&job);
        assert_eq!(posting["jobLocationType"], "TELECOMMUTE");
        assert_eq!(posting["applicantLocationRequirements"]["name"], "Kenya");
        assert!(posting.get("jobLocation").is_none());
        assert!(posting.get("employmentType").is_none());
        assert!(posting.get("baseSalary").is_none());
        assert!(posting.get("validThrough").is_none());

        let anywhere = job_posting(&Listing {
            location: "Remote",
            ..job
        });
        assert!(anywhere.get("applicantLocationRequirements").is_none());
    }

    #[test]
    fn one_salary_is_a_value_and_each_job_type_maps() {
        let job = Listing {
            salary_min: Some(50_000.0),
            salary_max: Some(50_000.0),
            job_type: "Contract",
            ..nurse()
        };
        let posting = job_posting(&job);
        assert_eq!(posting["baseSalary"]["value"]["value"], 50_000.0);
        assert_eq!(posting["employmentType"], "CONTRACTOR");
        assert_eq!(employment_type("Part-time"), Some("PART_TIME"));
        assert_eq!(employment_type("Gig"), None);
    }

    #[test]
    fn no_job_text_can_close_the_script_element() {
        let job = Listing {
            title: "</script><script>alert(1)</script> & <!--",
            ..nurse()
        };
        let text = script_text(&job_posting(&job));
        assert!(!text.contains('<') && !text.contains('>'), "{text}");
        let back: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["title"], job.title);
    }
}

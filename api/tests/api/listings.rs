//! Live jobs for the rest of the web: the job page's schema.org data, the RSS feed, the
//! employer's job-board feed, the sitemap and robots.txt. Read as a crawler reads them: no
//! session, standard parsers (serde for the JSON-LD, `rss` for the RSS, `roxmltree` for XML).

use jobtap_api::clock::DAY_MS;
use jobtap_api::jobs::store::JobFields;
use serde::Deserialize;
use serde_json::Value;

use crate::feed::{employer, insert, job};
use crate::helpers::{TestApp, TestOptions, spawn_app_with_env};

/// The status of the RSS feed asked for by a reader holding version `etag`.
async fn status_holding(app: &TestApp, etag: &str) -> u16 {
    app.client
        .get(app.url("/feeds/jobs.rss"))
        .header("if-none-match", etag)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

async fn app() -> TestApp {
    spawn_app_with_env(
        TestOptions::default(),
        vec![("JOBTAP_PUBLIC_URL", "https://jobs.example".into())],
    )
    .await
}

/// The fields Google's job listings require (and those it recommends that JobTap has):
/// reading fails when a required one is missing.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct JobPosting {
    #[serde(rename = "@context")]
    context: String,
    #[serde(rename = "@type")]
    kind: String,
    title: String,
    description: String,
    date_posted: String,
    valid_through: Option<String>,
    employment_type: Option<String>,
    hiring_organization: Organization,
    job_location: Option<Place>,
    job_location_type: Option<String>,
    base_salary: Option<Value>,
    url: String,
}

#[derive(Debug, Deserialize)]
struct Organization {
    #[serde(rename = "@type")]
    kind: String,
    name: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Place {
    address: Address,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Address {
    address_locality: Option<String>,
    address_country: Option<String>,
}

/// The JSON-LD blocks of an HTML page.
fn json_ld(html: &str) -> Vec<JobPosting> {
    const OPEN: &str = "<script type=\"application/ld+json\">";
    html.split(OPEN)
        .skip(1)
        .map(|rest| {
            let json = &rest[..rest.find("</script>").expect("closed script")];
            serde_json::from_str(json).expect("JSON-LD that reads as a JobPosting")
        })
        .collect()
}

fn nurse(app: &TestApp, id: &str, employer_id: &str) -> JobFields {
    JobFields {
        employer_id: Some(employer_id.into()),
        company_name: "City Clinic".into(),
        job_title: "Registered Nurse".into(),
        job_description: "Care for patients on the ward.\n\nNight shifts </script> & weekends."
            .into(),
        location: "Bulawayo, Zimbabwe".into(),
        salary_min: Some(24_000.0),
        salary_max: Some(30_000.0),
        expires_at: Some(app.clock_now() + 30 * DAY_MS),
        ..job(app, id, 60)
    }
}

#[tokio::test]
async fn a_live_jobs_page_carries_its_job_posting_data_and_others_do_not() {
    let app = app().await;
    let clinic = employer(&app, "clinic@example.com").await;
    let paused = JobFields {
        is_active: false,
        ..nurse(&app, "job-paused", &clinic.id)
    };
    let remote = JobFields {
        job_type: "Remote".into(),
        location: "Remote, Kenya".into(),
        salary_min: None,
        salary_max: None,
        expires_at: None,
        ..nurse(&app, "job-remote", &clinic.id)
    };
    let open = nurse(&app, "job-nurse", &clinic.id);
    // The test clock runs on, so the date is the one the job was given, not the clock read again.
    let posted = jobtap_core::job_listing::iso_datetime(open.posted_at);
    insert(&app, &[open, paused, remote]).await;

    let response = app.get("/job/job-nurse").await;
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    assert!(response.headers().contains_key("content-security-policy"));
    let html = response.text().await.unwrap();
    assert!(html.contains("<div id=root>"), "the app's page: {html}");
    assert!(html.contains("<title>Registered Nurse at City Clinic – JobTap</title>"));
    assert!(html.contains(
        "<meta name=\"description\" content=\"City Clinic · Bulawayo, Zimbabwe · Full-time. Care \
         for patients on the ward. Night shifts &lt;/script&gt; &amp; weekends.\" />"
    ));
    assert!(
        html.contains("<link rel=\"canonical\" href=\"https://jobs.example/job/job-nurse\" />")
    );
    let postings = json_ld(&html);
    assert_eq!(postings.len(), 1, "{html}");
    let posting = &postings[0];
    assert_eq!(posting.context, "https://schema.org/");
    assert_eq!(posting.kind, "JobPosting");
    assert_eq!(posting.title, "Registered Nurse");
    assert_eq!(
        posting.description,
        "<p>Care for patients on the ward.</p><p>Night shifts &lt;/script&gt; &amp; weekends.</p>"
    );
    assert_eq!(posting.date_posted, posted);
    assert!(posting.valid_through.as_deref() > Some(posted.as_str()));
    assert_eq!(posting.employment_type.as_deref(), Some("FULL_TIME"));
    assert_eq!(posting.hiring_organization.kind, "Organization");
    assert_eq!(posting.hiring_organization.name, "City Clinic");
    let address = &posting.job_location.as_ref().expect("a place").address;
    assert_eq!(address.address_locality.as_deref(), Some("Bulawayo"));
    assert_eq!(address.address_country.as_deref(), Some("Zimbabwe"));
    let salary = posting.base_salary.as_ref().expect("a salary");
    assert_eq!(salary["currency"], "USD");
    assert_eq!(salary["value"]["minValue"], 24_000.0);
    assert_eq!(salary["value"]["maxValue"], 30_000.0);
    assert_eq!(posting.url, "https://jobs.example/job/job-nurse");

    let remote = json_ld(&app.get("/job/job-remote").await.text().await.unwrap());
    assert_eq!(remote[0].job_location_type.as_deref(), Some("TELECOMMUTE"));
    assert!(remote[0].job_location.is_none() && remote[0].base_salary.is_none());

    // A paused job, an unknown one and an expired one get the app's plain page.
    app.clock.advance(31 * DAY_MS);
    for path in ["/job/job-paused", "/job/no-such-job", "/job/job-nurse"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        let html = response.text().await.unwrap();
        assert!(
            html.contains("<div id=root>") && json_ld(&html).is_empty(),
            "{path}: {html}"
        );
        assert!(html.contains("<title>JobTap</title>"), "{path}");
    }
}

#[tokio::test]
async fn the_rss_feed_lists_live_jobs_newest_first_a_hundred_a_page() {
    let app = app().await;
    let clinic = employer(&app, "clinic@example.com").await;
    let mut jobs: Vec<JobFields> = (0..101)
        .map(|i| JobFields {
            job_title: format!("Nurse {i}"),
            ..nurse(&app, &format!("job-{i:03}"), &clinic.id)
        })
        .map(|j| JobFields {
            posted_at: app.clock_now() - 1_000 * j.id[4..].parse::<i64>().unwrap(),
            ..j
        })
        .collect();
    jobs.push(JobFields {
        is_active: false,
        ..nurse(&app, "job-paused", &clinic.id)
    });
    insert(&app, &jobs).await;

    let response = app.get("/feeds/jobs.rss").await;
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    assert_eq!(
        headers["content-type"],
        "application/rss+xml; charset=utf-8"
    );
    assert_eq!(headers["cache-control"], "public, max-age=300");
    let etag = headers["etag"].to_str().unwrap().to_string();
    let next = headers["link"].to_str().unwrap();
    let next = next
        .strip_prefix("<https://jobs.example")
        .and_then(|l| l.strip_suffix(">; rel=\"next\""))
        .expect("a next link")
        .to_string();
    let channel = rss::Channel::read_from(&response.bytes().await.unwrap()[..]).expect("RSS 2.0");
    assert_eq!(channel.title(), "JobTap jobs");
    assert_eq!(channel.items().len(), 100);
    let first = &channel.items()[0];
    assert_eq!(first.title(), Some("Nurse 0 at City Clinic"));
    assert_eq!(first.link(), Some("https://jobs.example/job/job-000"));
    assert_eq!(
        first.guid().map(rss::Guid::value),
        Some("https://jobs.example/job/job-000")
    );
    assert!(first.pub_date().is_some_and(|d| d.ends_with(" GMT")));
    assert!(
        first
            .description()
            .is_some_and(|d| d.contains("Night shifts &lt;/script&gt; &amp; weekends.")),
        "{first:?}"
    );

    // The next page holds the last job and no paused one, and says there is no more.
    let response = app.get(&next).await;
    assert_eq!(response.status(), 200);
    assert!(!response.headers().contains_key("link"));
    let channel = rss::Channel::read_from(&response.bytes().await.unwrap()[..]).unwrap();
    let titles: Vec<_> = channel
        .items()
        .iter()
        .filter_map(rss::Item::title)
        .collect();
    assert_eq!(titles, ["Nurse 100 at City Clinic"]);

    // A reader holding this version is told nothing changed; a bad cursor is refused.
    assert_eq!(status_holding(&app, &etag).await, 304);
    assert_eq!(
        app.get("/feeds/jobs.rss?cursor=nonsense").await.status(),
        400
    );
    // Made again after the cache's minute, with nothing changed, it is the same version.
    app.clock.advance(60_000);
    assert_eq!(status_holding(&app, &etag).await, 304);

    // Compressed for readers that take it, the same once decoded.
    let plain = app.get("/feeds/jobs.rss").await.bytes().await.unwrap();
    let gzipped = app
        .client
        .get(app.url("/feeds/jobs.rss"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(gzipped.headers()["content-encoding"], "gzip");
    let mut decoded = Vec::new();
    std::io::Read::read_to_end(
        &mut flate2::read::GzDecoder::new(&gzipped.bytes().await.unwrap()[..]),
        &mut decoded,
    )
    .unwrap();
    assert_eq!(decoded, plain);
}

#[tokio::test]
async fn a_new_job_shows_in_the_feed_within_a_minute() {
    let app = app().await;
    let clinic = employer(&app, "clinic@example.com").await;
    insert(&app, &[nurse(&app, "job-a", &clinic.id)]).await;
    let count = |body: bytes::Bytes| rss::Channel::read_from(&body[..]).unwrap().items().len();
    assert_eq!(
        count(app.get("/feeds/jobs.rss").await.bytes().await.unwrap()),
        1
    );
    let midwife = JobFields {
        job_title: "Midwife".into(),
        ..nurse(&app, "job-b", &clinic.id)
    };
    insert(&app, &[midwife]).await;
    assert_eq!(
        count(app.get("/feeds/jobs.rss").await.bytes().await.unwrap()),
        1
    );
    app.clock.advance(60_000);
    assert_eq!(
        count(app.get("/feeds/jobs.rss").await.bytes().await.unwrap()),
        2
    );
}

#[tokio::test]
async fn an_employers_job_board_feed_holds_only_their_live_jobs() {
    let app = app().await;
    let clinic = employer(&app, "clinic@example.com").await;
    let other = employer(&app, "other@example.com").await;
    let candidate = crate::feed::candidate(&app, "cand@example.com").await;
    insert(
        &app,
        &[
            nurse(&app, "job-clinic", &clinic.id),
            JobFields {
                job_type: "Part-time".into(),
                ..nurse(&app, "job-other", &other.id)
            },
            JobFields {
                is_active: false,
                ..nurse(&app, "job-paused", &clinic.id)
            },
        ],
    )
    .await;

    let response = app
        .get(&format!("/feeds/employers/{}/jobs.xml", clinic.id))
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "application/xml; charset=utf-8"
    );
    let xml = response.text().await.unwrap();
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let source = doc.root_element();
    assert_eq!(source.tag_name().name(), "source");
    let child = |node: roxmltree::Node, name: &str| {
        node.children()
            .find(|c| c.has_tag_name(name))
            .and_then(|c| c.text())
            .map(str::to_string)
    };
    assert_eq!(
        child(source, "publisher").as_deref(),
        Some("Acme on JobTap")
    );
    let jobs: Vec<_> = source
        .children()
        .filter(|c| c.has_tag_name("job"))
        .collect();
    assert_eq!(jobs.len(), 1, "{xml}");
    let job = jobs[0];
    assert_eq!(child(job, "referencenumber").as_deref(), Some("job-clinic"));
    assert_eq!(child(job, "title").as_deref(), Some("Registered Nurse"));
    assert_eq!(
        child(job, "url").as_deref(),
        Some("https://jobs.example/job/job-clinic")
    );
    assert_eq!(child(job, "company").as_deref(), Some("City Clinic"));
    assert_eq!(child(job, "city").as_deref(), Some("Bulawayo"));
    assert_eq!(child(job, "country").as_deref(), Some("Zimbabwe"));
    assert_eq!(child(job, "jobtype").as_deref(), Some("fulltime"));
    assert_eq!(
        child(job, "salary").as_deref(),
        Some("$24,000 - $30,000 per year")
    );
    assert!(child(job, "expirationdate").is_some());
    assert!(child(job, "description").is_some_and(|d| d.starts_with("<p>Care for patients")));

    // A candidate's id and an unknown one are no employer's feed.
    for id in [candidate.id.as_str(), "nobody"] {
        let response = app.get(&format!("/feeds/employers/{id}/jobs.xml")).await;
        assert_eq!(response.status(), 404, "{id}");
    }
}

#[tokio::test]
async fn the_sitemap_names_the_public_pages_and_each_live_job_and_robots_txt_names_it() {
    let app = app().await;
    let clinic = employer(&app, "clinic@example.com").await;
    insert(
        &app,
        &[
            nurse(&app, "job-a", &clinic.id),
            JobFields {
                is_active: false,
                ..nurse(&app, "job-paused", &clinic.id)
            },
        ],
    )
    .await;
    let response = app.get("/sitemap.xml").await;
    assert_eq!(response.status(), 200);
    let xml = response.text().await.unwrap();
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    assert_eq!(
        doc.root_element().tag_name().namespace(),
        Some("http://www.sitemaps.org/schemas/sitemap/0.9")
    );
    let locs: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("loc"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(
        locs,
        [
            "https://jobs.example/",
            "https://jobs.example/auth",
            "https://jobs.example/employer/auth",
            "https://jobs.example/hr-api",
            "https://jobs.example/job/job-a",
        ]
    );
    let robots = app.get("/robots.txt").await.text().await.unwrap();
    assert!(
        robots.contains("Sitemap: https://jobs.example/sitemap.xml"),
        "{robots}"
    );
    assert!(robots.contains("Disallow: /api/"), "{robots}");
    let head = app
        .client
        .head(app.url("/sitemap.xml"))
        .send()
        .await
        .unwrap();
    assert_eq!(head.status(), 200);
}

// A job posted twice is published once: the board feed, the sitemap and the RSS feed name the
// newest posting, and the older one's page moves there, so crawlers see one JobPosting.
#[tokio::test]
async fn a_job_posted_twice_is_published_once() {
    let app = app().await;
    let clinic = employer(&app, "clinic@example.com").await;
    insert(
        &app,
        &[
            JobFields {
                posted_at: app.clock_now() - 3 * DAY_MS,
                ..nurse(&app, "job-first", &clinic.id)
            },
            nurse(&app, "job-again", &clinic.id),
        ],
    )
    .await;

    let board = app
        .get(&format!("/feeds/employers/{}/jobs.xml", clinic.id))
        .await
        .text()
        .await
        .unwrap();
    assert!(board.contains("job-again"), "{board}");
    assert!(!board.contains("job-first"), "{board}");
    let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();
    assert!(sitemap.contains("/job/job-again"), "{sitemap}");
    assert!(!sitemap.contains("/job/job-first"), "{sitemap}");
    let rss = app.get("/feeds/jobs.rss").await.text().await.unwrap();
    assert_eq!(rss.matches("<item>").count(), 1, "{rss}");

    let moved = app.get("/job/job-first").await;
    assert_eq!(moved.status(), 301);
    assert_eq!(moved.headers()["location"], "/job/job-again");
    let page = app.get("/job/job-again").await;
    let postings = json_ld(&page.text().await.unwrap());
    assert_eq!(postings.len(), 1);
    assert_eq!(postings[0].url, "https://jobs.example/job/job-again");
}

//! The employer's company (name and website, in Settings) and the badges candidates see on
//! their jobs: "Address confirmed" once the employer's address is confirmed, "Domain confirmed"
//! when that address is on the company website's domain. Nothing is claimed that was not checked.

use jobtap_core::company::{
    MSG_COMPANY_NAME_REQUIRED, MSG_WEBSITE_INVALID, MSG_WEBSITE_NOT_OWN, MSG_WEBSITE_SCHEME,
};
use serde_json::{Value, json};

use crate::employer::{job_body, post_job, send};
use crate::feed::{User, error};
use crate::helpers::{TestApp, TestOptions, spawn_app, spawn_app_with_env};

const COMPANY: &str = "/api/v1/employer/settings/company";

async fn sign_up_employer(app: &TestApp, email: &str, company: &str) -> User {
    crate::feed::sign_up(
        app,
        "/api/v1/auth/employer/signup",
        json!({ "email": email, "password": "sadza-nyama-2024", "full_name": "Ruvimbo Sibanda", "company_name": company }),
    )
    .await
}

async fn company(app: &TestApp, employer: &User) -> Value {
    let response = app.get_auth(COMPANY, &employer.token).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

async fn save(app: &TestApp, employer: &User, name: &str, website: &str) -> reqwest::Response {
    send(
        app,
        reqwest::Method::PUT,
        COMPANY,
        &employer.token,
        Some(json!({ "company_name": name, "company_website": website })),
    )
    .await
}

/// Asks to move `employer`'s address to `new_email`; the old one stays until the link is followed.
async fn change_email(app: &TestApp, employer: &User, new_email: &str) {
    let response = send(
        app,
        reqwest::Method::POST,
        "/api/v1/auth/change-email",
        &employer.token,
        Some(json!({ "new_email": new_email, "current_password": "sadza-nyama-2024" })),
    )
    .await;
    assert_eq!(response.status(), 202, "{:?}", response.text().await);
}

/// The badges of job `id` in the candidate's feed and on its own page (they must agree).
async fn checks_seen(app: &TestApp, candidate: &User, id: &str) -> Value {
    let feed: Value = app
        .get_auth("/api/v1/jobs", &candidate.token)
        .await
        .json()
        .await
        .unwrap();
    let card = feed["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|j| j["id"] == id)
        .unwrap_or_else(|| panic!("{id} not in the feed: {feed}"))
        .clone();
    let page: Value = app
        .get_auth(&format!("/api/v1/jobs/{id}"), &candidate.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(card["employer_checks"], page["employer_checks"], "{page}");
    card["employer_checks"].clone()
}

#[tokio::test]
async fn settings_save_the_company_and_refuse_bad_input_plainly_saving_nothing() {
    let app = spawn_app().await;
    let employer = sign_up_employer(&app, "hr@avenues.co.zw", "Avenues Clinic").await;
    assert_eq!(
        company(&app, &employer).await,
        json!({
            "company_name": "Avenues Clinic",
            "company_website": null,
            // Signed up through the real link, but without a website: no domain to confirm.
            "employer_checks": { "address_confirmed": true, "confirmed_domain": null },
        })
    );

    let both = error(
        save(&app, &employer, "  ", "ftp://avenues.co.zw").await,
        422,
    )
    .await;
    assert_eq!(
        both["fields"]["company_name"],
        json!([MSG_COMPANY_NAME_REQUIRED])
    );
    assert_eq!(
        both["fields"]["company_website"],
        json!([MSG_WEBSITE_SCHEME])
    );
    for (website, message) in [
        ("https://co.zw", MSG_WEBSITE_NOT_OWN),
        ("https://www.gmail.com", MSG_WEBSITE_NOT_OWN),
        ("javascript:alert(1)", MSG_WEBSITE_INVALID),
        ("https://avenues.co.zw@evil.com", MSG_WEBSITE_INVALID),
    ] {
        let refused = error(save(&app, &employer, "Avenues Clinic", website).await, 422).await;
        assert_eq!(
            refused["fields"]["company_website"],
            json!([message]),
            "{website}"
        );
    }
    assert_eq!(
        company(&app, &employer).await["company_website"],
        Value::Null
    );

    let saved = save(&app, &employer, " Avenues Clinic Ltd ", "WWW.Avenues.co.zw").await;
    assert_eq!(saved.status(), 200);
    let saved: Value = saved.json().await.unwrap();
    assert_eq!(saved["company_name"], "Avenues Clinic Ltd");
    assert_eq!(saved["company_website"], "https://www.avenues.co.zw");
    // The confirmed address is on the website's domain.
    assert_eq!(
        saved["employer_checks"],
        json!({ "address_confirmed": true, "confirmed_domain": "avenues.co.zw" })
    );
    assert_eq!(company(&app, &employer).await, saved);

    // A blank website clears it.
    let cleared: Value = save(&app, &employer, "Avenues Clinic Ltd", "")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(cleared["company_website"], Value::Null);
}

/// A deployment that vouches for addresses elsewhere (`JOBTAP_REQUIRE_CONFIRMED_EMAIL=0`) lets an
/// unconfirmed employer publish, and their jobs claim nothing.
#[tokio::test]
async fn an_unconfirmed_employers_jobs_show_no_badge() {
    let app = spawn_app_with_env(
        TestOptions::default(),
        vec![("JOBTAP_REQUIRE_CONFIRMED_EMAIL", "0".into())],
    )
    .await;
    let employer = crate::feed::sign_up_unconfirmed(
        &app,
        "/api/v1/auth/employer/signup",
        &json!({ "email": "hr@avenues.co.zw", "password": "sadza-nyama-2024", "full_name": "Ruvimbo Sibanda", "company_name": "Avenues Clinic" }),
    )
    .await;
    assert_eq!(
        save(&app, &employer, "Avenues Clinic", "https://avenues.co.zw")
            .await
            .status(),
        200
    );
    let job = post_job(&app, &employer.token, job_body("Registered Nurse")).await;
    let candidate = crate::feed::sign_up_unconfirmed(
        &app,
        "/api/v1/auth/signup",
        &json!({ "email": "tatenda.ncube@example.com", "password": "sadza-nyama-2024", "full_name": "Tatenda Ncube" }),
    )
    .await;

    let checks = checks_seen(&app, &candidate, job["id"].as_str().unwrap()).await;
    assert_eq!(
        checks,
        json!({ "address_confirmed": false, "confirmed_domain": null })
    );
}

/// The employer follows the link to a new address on the website's domain: the job a candidate
/// already has in their feed shows "Domain confirmed" at once, and loses it when the website moves.
#[tokio::test]
async fn a_confirmed_address_on_the_websites_domain_shows_both_badges_and_changes_show_at_once() {
    let app = spawn_app().await;
    let employer = sign_up_employer(&app, "ruvimbo.sibanda@gmail.com", "Avenues Clinic").await;
    save(
        &app,
        &employer,
        "Avenues Clinic",
        "https://www.avenues.co.zw",
    )
    .await;
    let job = post_job(&app, &employer.token, job_body("Pharmacy Technician")).await;
    let id = job["id"].as_str().unwrap();
    let candidate = crate::feed::candidate(&app, "tatenda.ncube@example.com").await;
    // Read once first, so the feed has the card cached.
    assert_eq!(
        checks_seen(&app, &candidate, id).await,
        json!({ "address_confirmed": true, "confirmed_domain": null })
    );

    // A new address on the clinic's domain counts only once its link is followed.
    change_email(&app, &employer, "hr@avenues.co.zw").await;
    assert_eq!(
        checks_seen(&app, &candidate, id).await["confirmed_domain"],
        Value::Null
    );
    app.confirm_email("hr@avenues.co.zw").await;
    assert_eq!(
        checks_seen(&app, &candidate, id).await,
        json!({ "address_confirmed": true, "confirmed_domain": "avenues.co.zw" })
    );

    // Another domain's website: the address is still confirmed, the domain is not.
    save(
        &app,
        &employer,
        "Avenues Clinic",
        "https://avenues-clinic.com",
    )
    .await;
    assert_eq!(
        checks_seen(&app, &candidate, id).await,
        json!({ "address_confirmed": true, "confirmed_domain": null })
    );
}

#[tokio::test]
async fn a_free_mail_address_never_confirms_a_domain() {
    let app = spawn_app().await;
    let employer = sign_up_employer(&app, "kudzai.builders@gmail.com", "Kudzai Builders").await;
    save(
        &app,
        &employer,
        "Kudzai Builders",
        "https://kudzaibuilders.co.zw",
    )
    .await;
    let job = post_job(&app, &employer.token, job_body("Site Foreman")).await;
    let candidate = crate::feed::candidate(&app, "blessing.mhlanga@example.com").await;
    assert_eq!(
        checks_seen(&app, &candidate, job["id"].as_str().unwrap()).await,
        json!({ "address_confirmed": true, "confirmed_domain": null })
    );
    let own = company(&app, &employer).await;
    assert_eq!(own["employer_checks"]["confirmed_domain"], Value::Null);
}

//! "Best match" over every live job (`GET /api/v1/jobs?order=best_match`): a job the caller's
//! profile shares match terms with is found through the index whatever its age; a job's terms
//! follow its edits; jobs written before the index get theirs at start-up; a term many jobs share
//! reads only its newest jobs.

use jobtap_api::feed::ranked::RANKED_POOL;
use jobtap_api::jobs::store::JobFields;
use serde_json::{Value, json};

use crate::employer::{job_body, send};
use crate::feed::{candidate, employer, ids, insert, job, page};
use crate::helpers::{TestApp, spawn_app};
use crate::matching::onboard;

/// Newer jobs than the pharmacist's: more than the newest jobs the ranking reads.
const NEWER: usize = 1_200;

/// A pharmacist as she writes about herself: two skills typed in a hurry at onboarding, and a
/// resume in her own words, none of them the job's.
fn rutendo() -> Value {
    json!({
        "key": "rutendo",
        "full_name": "Rutendo Chirwa",
        "profile": {
            "degree_class": "2.1 Class",
            "degree_field": "B Pharm",
            "university": "MSU",
            "skills": ["dispensing", "counselling pts on their meds"],
            "experience_years": 5
        },
        "resume": "RUTENDO CHIRWA\n\
            Pharmacist | Gweru | rutendo.chirwa@example.com\n\n\
            ABOUT ME\n\
            Pharmacist of five years, first at a mission hospital and now at a provincial one. \
            Ward work is what I like best.\n\n\
            EXPERIENCE\n\
            Pharmacist | Gweru Provincial Hospital | Jan 2022 – Present\n\
            • Go round the medical wards with the doctors every morning and check the drug charts\n\
            • Sit on the antibiotics committee; we audit ceftriaxone use every quarter and the \
            antimicrobial stewardship plan\n\
            • Make up TPN and chemo in the sterile room under the laminar flow hood\n\
            • Order from NatPharm each month and do the stock counts\n\n\
            Dispensary Pharmacist, Howard Mission Hospital, 2019 - 2021\n\
            - Dispensed for the outpatient and HIV clinics\n\
            - Reported suspected side effects of medicines on the yellow forms\n\
            - Taught the nurses how to read prescriptions\n\n\
            EDUCATION\n\
            Bachelor of Pharmacy, Midlands State University, 2018\n\n\
            SKILLS\n\
            dispensing, counselling, sterile preps, stock counts\n"
    })
}

/// The pharmacy's job as its employer wrote it.
fn pharmacy_job(app: &TestApp, minutes_ago: i64) -> JobFields {
    JobFields {
        company_name: "Mpilo Central Hospital".into(),
        job_title: "Clinical Pharmacist".into(),
        job_description: "Mpilo Central Hospital seeks a clinical pharmacist for its inpatient \
                          wards: ward-based pharmaceutical care, aseptic preparation of parenteral \
                          nutrition and cytotoxics, and reporting of adverse drug reactions."
            .into(),
        location: "Bulawayo".into(),
        skills: vec![
            "Antimicrobial stewardship".into(),
            "Aseptic compounding".into(),
            "Pharmacovigilance".into(),
            "Clinical pharmacy".into(),
            "Stock control".into(),
        ],
        requirements: vec!["Bachelor of Pharmacy".into()],
        required_degree_classes: Some(vec!["Pharmacy".into()]),
        degree_class: Some("Second Class Lower".into()),
        experience_years: Some(3),
        minimum_score_threshold: 40.0,
        ..job(app, "pharmacy", minutes_ago)
    }
}

/// The newer jobs: shops and other lines of work, some of them close to a pharmacy's words.
fn newer_jobs(app: &TestApp) -> Vec<JobFields> {
    const KINDS: &[(&str, &[&str])] = &[
        (
            "Shop Assistant",
            &["Customer service", "Cash handling", "Stock taking"],
        ),
        ("Cashier", &["Cash handling", "Point of sale"]),
        ("Merchandiser", &["Shelf packing", "Stock rotation"]),
        (
            "Store Supervisor",
            &["Stock control", "Customer service", "Rostering"],
        ),
        ("Sales Representative", &["Sales", "Negotiation", "Driving"]),
        (
            "Pharmacy Till Operator",
            &["Cash handling", "Customer service"],
        ),
        (
            "Warehouse Clerk",
            &["Stock control", "Forklift", "Inventory management"],
        ),
        ("Nurse Aide", &["Patient care", "Bed making"]),
        ("Accounts Clerk", &["Bank reconciliations", "Pastel"]),
        ("Cook", &["Food safety", "Menu planning"]),
    ];
    (0..NEWER)
        .map(|i| {
            let (title, skills) = KINDS[i % KINDS.len()];
            JobFields {
                job_title: title.into(),
                skills: skills.iter().map(|s| (*s).to_string()).collect(),
                company_name: format!("OK Zimbabwe branch {}", i % 40),
                minimum_score_threshold: 20.0,
                ..job(app, &format!("newer-{i:04}"), i64::try_from(i).unwrap() + 1)
            }
        })
        .collect()
}

/// A page of the caller's feed in Best match order; `query` goes on with `&…`.
async fn best_page(app: &TestApp, token: &str, query: &str) -> Value {
    page(app, token, &format!("?order=best_match{query}")).await
}

#[tokio::test]
async fn a_pharmacist_finds_her_job_posted_before_1200_newer_ones_first() {
    assert!(i64::try_from(NEWER).unwrap() > RANKED_POOL);
    let app = spawn_app().await;
    let user = candidate(&app, "rutendo.chirwa@example.com").await;
    onboard(&app, &user.token, &rutendo()).await;
    let mut jobs = newer_jobs(&app);
    jobs.push(pharmacy_job(&app, 3 * 24 * 60));
    insert(&app, &jobs).await;

    let first = best_page(&app, &user.token, "&limit=10").await;
    let first_ids = ids(&first);
    assert_eq!(first_ids[0], "pharmacy", "{first_ids:?}");

    // The next page goes on from the first, without repeating it.
    let cursor = first["next_cursor"].as_str().expect("more jobs follow");
    let second = ids(&best_page(&app, &user.token, &format!("&limit=10&cursor={cursor}")).await);
    assert_eq!(second.len(), 10);
    assert!(
        second.iter().all(|id| !first_ids.contains(id)),
        "{second:?}"
    );
}

#[tokio::test]
async fn a_jobs_terms_follow_its_edits() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@mpilo.example").await;
    let created = send(
        &app,
        reqwest::Method::POST,
        "/api/v1/employer/jobs",
        &boss.token,
        Some(job_body("Data Analyst")),
    )
    .await;
    assert_eq!(created.status(), 201);
    let created: Value = created.json().await.unwrap();
    let id = created["job"]["id"].as_str().unwrap().to_string();
    let before = terms(&app, &id).await;
    assert!(before.contains(&"w:sql".to_string()), "{before:?}");

    let mut edit = job_body("Clinical Pharmacist");
    edit["skills"] = json!(["Aseptic compounding", "Pharmacovigilance"]);
    let edited = send(
        &app,
        reqwest::Method::PUT,
        &format!("/api/v1/employer/jobs/{id}"),
        &boss.token,
        Some(edit),
    )
    .await;
    assert_eq!(edited.status(), 200);
    let after = terms(&app, &id).await;
    assert!(after.contains(&"t:pharmac".to_string()), "{after:?}");
    assert!(after.contains(&"w:asept".to_string()), "{after:?}");
    assert!(!after.contains(&"w:sql".to_string()), "{after:?}");
}

#[tokio::test]
async fn jobs_without_terms_get_theirs_at_start_up() {
    let app = spawn_app().await;
    let user = candidate(&app, "tariro.moyo@example.com").await;
    onboard(&app, &user.token, &rutendo()).await;
    let mut jobs = newer_jobs(&app);
    jobs.push(pharmacy_job(&app, 3 * 24 * 60));
    insert(&app, &jobs).await;
    // As the jobs written before the terms were.
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query("DELETE FROM job_match_terms").execute(pool).await.unwrap();
        sqlx::query("UPDATE jobs SET match_terms_version = NULL")
            .execute(pool)
            .await
            .map(|_| ())
    })
    .unwrap();
    let unindexed = ids(&best_page(&app, &user.token, "&limit=10").await);
    assert!(
        !unindexed.contains(&"pharmacy".to_string()),
        "{unindexed:?}"
    );

    let indexed = jobtap_api::jobs::match_terms::backfill(&app.db)
        .await
        .unwrap();
    assert_eq!(indexed, u64::try_from(jobs.len()).unwrap());
    assert_eq!(
        ids(&best_page(&app, &user.token, "&limit=10").await)[0],
        "pharmacy"
    );
    assert_eq!(
        jobtap_api::jobs::match_terms::backfill(&app.db)
            .await
            .unwrap(),
        0
    );
}

/// The terms job `id` is indexed by.
async fn terms(app: &TestApp, id: &str) -> Vec<String> {
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar::<_, String>("SELECT term FROM job_match_terms WHERE job_id = $1")
            .bind(id)
            .fetch_all(pool)
            .await
            .unwrap()
    })
}

#[tokio::test]
async fn a_term_many_jobs_share_reads_only_its_newest_jobs() {
    use jobtap_api::jobs::match_terms::{NEWEST_PER_TERM, sharing};
    let app = spawn_app().await;
    insert(&app, &newer_jobs(&app)).await;
    let kind = app.db.kind();
    let (term, having): (String, i64) = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_as(
            "SELECT term, COUNT(*) FROM job_match_terms GROUP BY term ORDER BY 2 DESC, 1 LIMIT 1",
        )
        .fetch_one(pool)
        .await
        .unwrap()
    });
    assert!(having > NEWEST_PER_TERM, "{term}: {having}");
    let newest: Vec<String> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar(
            "SELECT job_id FROM job_match_terms WHERE term = $1 ORDER BY posted_at DESC LIMIT $2",
        )
        .bind(&term)
        .bind(NEWEST_PER_TERM)
        .fetch_all(pool)
        .await
        .unwrap()
    });
    // The subquery takes the terms as `$3`; alone, they are its only value.
    let query = sharing(kind).replace("$3", "$1");
    let found: Vec<(String, i64)> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_as::<_, (String, i64, i64)>(sqlx::AssertSqlSafe(query.clone()))
            .bind(sqlx::types::Json(vec![term.clone()]))
            .fetch_all(pool)
            .await
            .unwrap()
            .into_iter()
            .map(|(id, shared, _)| (id, shared))
            .collect()
    });
    assert_eq!(found.len(), usize::try_from(NEWEST_PER_TERM).unwrap());
    assert!(found.iter().all(|(_, shared)| *shared == 1), "{found:?}");
    let mut found_ids: Vec<String> = found.iter().map(|(id, _)| id.clone()).collect();
    found_ids.sort();
    let mut newest = newest;
    newest.sort();
    assert_eq!(found_ids, newest);
}

//! Searching the feed: `GET /api/v1/jobs?q=…&place=…&remote=…&min_salary=…&job_type=…&
//! posted_within_days=…&fits=…`, on whichever engine the run uses, and the store's search on
//! SQLite and PostgreSQL side by side (same jobs, same ids).

use jobtap_api::db::Db;
use jobtap_api::jobs::store::{JobFields, insert_many};
use jobtap_core::job_search::{
    MSG_JOB_TYPE, MSG_KEYWORDS_TOO_LONG, MSG_MIN_SALARY, MSG_PLACE_TOO_LONG, MSG_POSTED_WITHIN,
    Search, SearchInput,
};
use jobtap_core::score::CandidateProfile;
use jobtap_core::score::terms::profile_terms;
use serde_json::Value;

use crate::feed::{candidate, error, insert, set_profile};
use crate::helpers::{DirectScores, TestApp, spawn_app};
use crate::support::postgres;

const HOUR_MS: i64 = 60 * 60 * 1000;

/// A job as its employer wrote it, posted `hours_ago`.
#[allow(clippy::too_many_arguments)]
fn posting(
    now: i64,
    id: &str,
    hours_ago: i64,
    title: &str,
    company: &str,
    location: &str,
    job_type: &str,
    salary: Option<(f64, f64)>,
    description: &str,
    skills: &[&str],
) -> JobFields {
    JobFields {
        id: id.into(),
        company_name: company.into(),
        job_title: title.into(),
        job_type: job_type.into(),
        job_description: description.into(),
        location: location.into(),
        salary_min: salary.map(|s| s.0),
        salary_max: salary.map(|s| s.1),
        minimum_score_threshold: 0.0,
        skills: skills.iter().map(|s| (*s).to_string()).collect(),
        posted_at: now - hours_ago * HOUR_MS,
        is_active: true,
        ..JobFields::default()
    }
}

/// The fixed set every search test reads, newest first.
fn jobs(now: i64) -> Vec<JobFields> {
    vec![
        posting(
            now,
            "pharm-byo",
            20,
            "Pharmacist",
            "Greenwood Pharmacy",
            "Bulawayo, Zimbabwe",
            "Full-time",
            Some((1500.0, 2000.0)),
            "Dispense prescriptions and advise patients at our Fife Street branch. Registered with the MCAZ.",
            &["Dispensing", "Stock control"],
        ),
        posting(
            now,
            "shop-byo",
            30,
            "Shop Assistant",
            "Bon Marché Supermarket",
            "Bulawayo",
            "Part-time",
            Some((350.0, 450.0)),
            "Serve customers at the tills, pack shelves and keep the aisles tidy on weekends.",
            &["Customer service", "Cash handling"],
        ),
        posting(
            now,
            "nurse-mpilo",
            50,
            "Nursing Sister",
            "Mpilo Central Hospital",
            "Bulawayo",
            "Full-time",
            Some((900.0, 1200.0)),
            "Day and night shifts on the maternity ward; you will mentor student midwives.",
            &["Midwifery", "Patient care"],
        ),
        posting(
            now,
            "pharm-hre",
            70,
            "Locum Pharmacist",
            "Avondale Pharmacy",
            "Harare",
            "Contract",
            Some((1800.0, 2400.0)),
            "Cover weekend and public holiday shifts in a busy community pharmacy.",
            &["Dispensing"],
        ),
        posting(
            now,
            "pharm-byo-low",
            110,
            "Pharmacist (weekends)",
            "Hillside Chemists",
            "Bulawayo",
            "Part-time",
            Some((300.0, 400.0)),
            "Saturday and Sunday mornings behind the counter; ideal for a recent graduate.",
            &["Dispensing"],
        ),
        posting(
            now,
            "dev-remote",
            240,
            "Backend Developer",
            "Cassava Tech",
            "Remote (anywhere in Zimbabwe)",
            "Full-time",
            Some((2500.0, 3500.0)),
            "Build our payments services in C++ and keep them fast; we review code together.",
            &["C++", "PostgreSQL"],
        ),
        posting(
            now,
            "support-remote",
            480,
            "Customer Support Agent",
            "Econet Wireless",
            "Harare",
            "Remote",
            None,
            "Answer subscribers' questions by chat and e-mail from home.",
            &["Communication"],
        ),
        posting(
            now,
            "nurse-parirenyatwa",
            960,
            "Registered Nurse",
            "Parirenyatwa Hospital",
            "Harare",
            "Full-time",
            Some((1000.0, 1300.0)),
            "Care for patients on the surgical ward, twelve-hour shifts.",
            &["Patient care", "Theatre"],
        ),
    ]
}

/// `/api/v1/jobs` with `query` as `token` reads it: the jobs' ids and the next cursor.
async fn search(app: &TestApp, token: &str, query: &str) -> (Vec<String>, Option<String>) {
    let response = app.get_auth(&format!("/api/v1/jobs?{query}"), token).await;
    assert_eq!(response.status(), 200, "{query}");
    let page: Value = response.json().await.unwrap();
    let ids = page["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j["id"].as_str().unwrap().to_string())
        .collect();
    (ids, page["next_cursor"].as_str().map(str::to_string))
}

async fn ids(app: &TestApp, token: &str, query: &str) -> Vec<String> {
    search(app, token, query).await.0
}

/// Each filter alone and together: what a person searching would expect to find.
const CASES: &[(&str, &[&str])] = &[
    ("q=nurse", &["nurse-mpilo", "nurse-parirenyatwa"]),
    ("q=Pharmacist", &["pharm-byo", "pharm-hre", "pharm-byo-low"]),
    (
        "q=pharmacists%20dispensing",
        &["pharm-byo", "pharm-hre", "pharm-byo-low"],
    ),
    ("q=maternity%20midwives", &["nurse-mpilo"]),
    ("q=Mpilo", &["nurse-mpilo"]),
    ("q=C%2B%2B%20developer", &["dev-remote"]),
    (
        "q=the%20nurse%20on%20the%20surgical%20ward",
        &["nurse-parirenyatwa"],
    ),
    (
        "place=bulawayo",
        &["pharm-byo", "shop-byo", "nurse-mpilo", "pharm-byo-low"],
    ),
    ("remote=true", &["dev-remote", "support-remote"]),
    ("place=Remote", &["dev-remote", "support-remote"]),
    (
        "min_salary=1000",
        &[
            "pharm-byo",
            "nurse-mpilo",
            "pharm-hre",
            "dev-remote",
            "nurse-parirenyatwa",
        ],
    ),
    ("job_type=Contract", &["pharm-hre"]),
    ("job_type=part-time", &["shop-byo", "pharm-byo-low"]),
    (
        "posted_within_days=3",
        &["pharm-byo", "shop-byo", "nurse-mpilo", "pharm-hre"],
    ),
    (
        "posted_within_days=14",
        &[
            "pharm-byo",
            "shop-byo",
            "nurse-mpilo",
            "pharm-hre",
            "pharm-byo-low",
            "dev-remote",
        ],
    ),
    (
        "q=pharmacist&place=Bulawayo&min_salary=1000",
        &["pharm-byo"],
    ),
    (
        "q=pharmacist&place=Bulawayo",
        &["pharm-byo", "pharm-byo-low"],
    ),
    (
        "q=nurse&posted_within_days=7&job_type=Full-time",
        &["nurse-mpilo"],
    ),
    ("remote=true&min_salary=100", &["dev-remote"]),
    ("q=plumber", &[]),
];

#[tokio::test]
async fn every_filter_alone_and_together_finds_the_jobs_a_person_would_expect() {
    let app = spawn_app().await;
    insert(&app, &jobs(app.clock_now())).await;
    let user = candidate(&app, "thandiwe.ncube@example.com").await;
    for (query, expected) in CASES {
        assert_eq!(ids(&app, &user.token, query).await, *expected, "{query}");
    }
    // No filter: the whole feed, as before.
    assert_eq!(ids(&app, &user.token, "q=&place=%20").await.len(), 8);
}

#[tokio::test]
async fn quotes_and_operators_in_the_words_are_read_as_words_never_as_an_error() {
    let app = spawn_app().await;
    insert(&app, &jobs(app.clock_now())).await;
    let user = candidate(&app, "farai.dube@example.com").await;
    let nurses = ["nurse-mpilo", "nurse-parirenyatwa"];
    for q in [
        "%22nurse",
        "nurse*",
        "-nurse",
        "%5Enurse",
        "nurse:",
        "(nurse)",
        "%7Bnurse%7D",
        "nurse%20NOT",
        "nurse%20OR",
        "nurse%20AND%20(",
        "nurse'%3B--",
        "nurse%20%26%20%7C%20!",
    ] {
        assert_eq!(
            ids(&app, &user.token, &format!("q={q}")).await,
            nurses,
            "{q}"
        );
    }
    // Every word must occur, an operator's name too.
    for q in [
        "NEAR(nurse%2C%20pharmacist)",
        "nurse'%3B%20DROP%20TABLE%20jobs%3B--",
        "job_title:nurse",
    ] {
        assert_eq!(
            ids(&app, &user.token, &format!("q={q}")).await,
            Vec::<String>::new(),
            "{q}"
        );
    }
    // Only punctuation: no words, so no filter.
    for q in ["%22", "*", "-", "%22%22%20*%20()"] {
        assert_eq!(
            ids(&app, &user.token, &format!("q={q}")).await.len(),
            8,
            "{q}"
        );
    }
    assert_eq!(ids(&app, &user.token, "q=NEAR").await, Vec::<String>::new());
    // A place's `%` and `_` are characters, not wildcards.
    for place in ["%25", "_", "Bulawayo%25"] {
        assert_eq!(
            ids(&app, &user.token, &format!("place={place}")).await,
            Vec::<String>::new(),
            "{place}"
        );
    }
}

#[tokio::test]
async fn bad_filter_values_are_400_with_their_message() {
    let app = spawn_app().await;
    let user = candidate(&app, "nyasha.moyo@example.com").await;
    let long = "a".repeat(101);
    for (query, message) in [
        (format!("q={long}"), MSG_KEYWORDS_TOO_LONG),
        (format!("place={long}"), MSG_PLACE_TOO_LONG),
        ("min_salary=-5".to_string(), MSG_MIN_SALARY),
        ("min_salary=lots".to_string(), MSG_MIN_SALARY),
        ("min_salary=inf".to_string(), MSG_MIN_SALARY),
        ("job_type=Internship".to_string(), MSG_JOB_TYPE),
        ("posted_within_days=2".to_string(), MSG_POSTED_WITHIN),
        ("posted_within_days=week".to_string(), MSG_POSTED_WITHIN),
    ] {
        let err = error(
            app.get_auth(&format!("/api/v1/jobs?{query}"), &user.token)
                .await,
            400,
        )
        .await;
        assert_eq!(err["message"], message, "{query}");
    }
    error(
        app.get_auth("/api/v1/jobs?remote=maybe", &user.token).await,
        400,
    )
    .await;
    error(app.get("/api/v1/jobs?q=nurse").await, 401).await;
}

#[tokio::test]
async fn a_searchs_cursor_pages_through_the_same_search_without_gaps() {
    let app = spawn_app().await;
    insert(&app, &jobs(app.clock_now())).await;
    let user = candidate(&app, "tatenda.sibanda@example.com").await;
    let query = "place=Bulawayo&limit=3";
    let (first, cursor) = search(&app, &user.token, query).await;
    assert_eq!(first, ["pharm-byo", "shop-byo", "nurse-mpilo"]);
    let cursor = cursor.expect("a fourth job in Bulawayo follows");
    let (second, last) = search(&app, &user.token, &format!("{query}&cursor={cursor}")).await;
    assert_eq!(second, ["pharm-byo-low"]);
    assert_eq!(last, None);
    // Best match reads the search's jobs only.
    let mut ranked = ids(&app, &user.token, "place=Bulawayo&order=best_match").await;
    ranked.sort();
    assert_eq!(
        ranked,
        ["nurse-mpilo", "pharm-byo", "pharm-byo-low", "shop-byo"]
    );
}

#[tokio::test]
async fn jobs_applied_to_or_rejected_stay_out_of_a_search() {
    let app = spawn_app().await;
    insert(&app, &jobs(app.clock_now())).await;
    let user = candidate(&app, "blessing.chikore@example.com").await;
    let rejected = app
        .client
        .put(app.url("/api/v1/jobs/pharm-byo/rejection"))
        .bearer_auth(&user.token)
        .send()
        .await
        .unwrap();
    assert_eq!(rejected.status(), 204);
    app.insert_application(
        &user.id,
        "pharm-hre",
        DirectScores::TYPICAL,
        app.clock_now(),
    )
    .await;
    assert_eq!(
        ids(&app, &user.token, "q=pharmacist").await,
        ["pharm-byo-low"]
    );
    let other = candidate(&app, "kudzai.mlambo@example.com").await;
    assert_eq!(ids(&app, &other.token, "q=pharmacist").await.len(), 3);
}

#[tokio::test]
async fn fits_my_profile_keeps_the_jobs_whose_score_meets_their_threshold() {
    let app = spawn_app().await;
    let now = app.clock_now();
    let mut set = jobs(now);
    // Employers who ask for a close fit.
    for job in &mut set {
        if ["pharm-hre", "nurse-mpilo", "dev-remote"].contains(&job.id.as_str()) {
            job.minimum_score_threshold = 95.0;
        }
    }
    insert(&app, &set).await;
    let user = candidate(&app, "rumbidzai.chari@example.com").await;
    set_profile(
        &app,
        &user.id,
        Some("2.1 Class"),
        Some("NUST"),
        &["Dispensing", "Customer service"],
        Some(2),
    )
    .await;
    let fitting = ids(&app, &user.token, "fits=true").await;
    for job in &set {
        let response = app
            .get_auth(&format!("/api/v1/jobs/{}/score", job.id), &user.token)
            .await;
        let fit: Value = response.json().await.unwrap();
        let meets = fit["meetsThreshold"].as_bool().unwrap();
        assert_eq!(fitting.contains(&job.id), meets, "{} {fit}", job.id);
    }
    assert!(!fitting.contains(&"pharm-hre".to_string()), "{fitting:?}");
    assert!(fitting.contains(&"pharm-byo".to_string()), "{fitting:?}");
    // With the other filters, and a page at a time.
    let (first, cursor) = search(&app, &user.token, "fits=true&q=pharmacist&limit=1").await;
    assert_eq!(first, ["pharm-byo"]);
    let (second, end) = search(
        &app,
        &user.token,
        &format!("fits=true&q=pharmacist&limit=1&cursor={}", cursor.unwrap()),
    )
    .await;
    assert_eq!(second, ["pharm-byo-low"]);
    assert_eq!(end, None);
}

/// A fresh database of `kind`, migrated, the fixed set inserted.
async fn seeded(url: &str, now: i64) -> Db {
    let db = Db::connect(url, 4).await.unwrap();
    db.migrate().await.unwrap();
    insert_many(&db, &jobs(now), now).await.unwrap();
    db
}

/// What the store's search finds for `query` (as parameters), newest first.
async fn found(db: &Db, now: i64, input: SearchInput) -> Vec<String> {
    let search = Search::parse(&input).unwrap();
    jobtap_api::jobs::search::page(db, "nobody", now, &search, None, 50)
        .await
        .unwrap()
        .into_iter()
        .map(|j| j.fields.id)
        .collect()
}

/// The `limit` jobs sharing most of `terms` that `search` finds (Best match's pool), best first.
async fn sharing(db: &Db, now: i64, search: &Search, terms: &[String]) -> Vec<String> {
    jobtap_api::jobs::search::sharing(db, "nobody", now, search, terms, 50)
        .await
        .unwrap()
        .into_iter()
        .map(|j| j.fields.id)
        .collect()
}

fn words(q: &str) -> SearchInput {
    SearchInput {
        q: Some(q.into()),
        ..SearchInput::default()
    }
}

#[tokio::test]
async fn sqlite_and_postgresql_find_the_same_jobs_for_the_same_words() {
    let now = 1_790_000_000_000;
    let dir = tempfile::tempdir().unwrap();
    let mut engines = vec![
        seeded(
            &format!("sqlite://{}", dir.path().join("a.db").display()),
            now,
        )
        .await,
    ];
    // PostgreSQL is always there in CI; a SQLite-only run still checks SQLite's answers.
    if let Some(base) = postgres::configured_base() {
        engines.push(seeded(&postgres::fresh_database(&base).await, now).await);
    }
    let inputs = [
        (words("nurse"), vec!["nurse-mpilo", "nurse-parirenyatwa"]),
        (words("nursing"), vec!["nurse-mpilo", "nurse-parirenyatwa"]),
        (
            words("pharmacist"),
            vec!["pharm-byo", "pharm-hre", "pharm-byo-low"],
        ),
        (
            words("shifts ward"),
            vec!["nurse-mpilo", "nurse-parirenyatwa"],
        ),
        (
            words("patients"),
            vec!["pharm-byo", "nurse-mpilo", "nurse-parirenyatwa"],
        ),
        (
            words("dispensing"),
            vec!["pharm-byo", "pharm-hre", "pharm-byo-low"],
        ),
        (
            words("weekends"),
            vec!["shop-byo", "pharm-hre", "pharm-byo-low"],
        ),
        (words("C++ payments"), vec!["dev-remote"]),
        (words("\"near\" OR * -"), vec![]),
        (words("e-mail"), vec!["support-remote"]),
        (
            SearchInput {
                q: Some("pharmacist".into()),
                place: Some("Bulawayo".into()),
                min_salary: Some(1000.0),
                ..SearchInput::default()
            },
            vec!["pharm-byo"],
        ),
    ];
    for (input, expected) in inputs {
        let mut answers = Vec::new();
        for db in &engines {
            answers.push(found(db, now, input.clone()).await);
        }
        assert_eq!(answers[0], expected, "{input:?}");
        assert!(
            answers.iter().all(|a| *a == answers[0]),
            "{input:?}: {answers:?}"
        );
    }
    // Best match's pool: the jobs sharing most of a pharmacist's terms, under the filters.
    let terms = profile_terms(&CandidateProfile {
        skills: vec!["Dispensing".into(), "Stock control".into()],
        ..CandidateProfile::default()
    });
    let bulawayo = Search::parse(&SearchInput {
        place: Some("Bulawayo".into()),
        ..SearchInput::default()
    })
    .unwrap();
    for db in &engines {
        assert_eq!(
            sharing(db, now, &Search::default(), &terms).await,
            ["pharm-byo", "pharm-hre", "pharm-byo-low"]
        );
        assert_eq!(
            sharing(db, now, &bulawayo, &terms).await,
            ["pharm-byo", "pharm-byo-low"]
        );
        assert!(sharing(db, now, &bulawayo, &[]).await.is_empty());
    }
}

#[tokio::test]
async fn best_match_keeps_to_every_filter() {
    let app = spawn_app().await;
    insert(&app, &jobs(app.clock_now())).await;
    let user = candidate(&app, "nyarai.gumbo@example.com").await;
    // Her terms select the pharmacy and nursing jobs whatever a filter says: the filter must
    // still keep out those it does not find.
    set_profile(
        &app,
        &user.id,
        Some("2.1 Class"),
        Some("UZ"),
        &["Dispensing", "Stock control", "Patient care", "Midwifery"],
        Some(4),
    )
    .await;
    for (query, expected) in CASES {
        let mut ranked = ids(&app, &user.token, &format!("{query}&order=best_match")).await;
        ranked.sort();
        let mut expected = expected.to_vec();
        expected.sort_unstable();
        assert_eq!(ranked, expected, "{query}");
    }
}

#[tokio::test]
async fn jobs_posted_before_the_search_index_are_found_after_the_migration() {
    let now = 1_790_000_000_000;
    let dir = tempfile::tempdir().unwrap();
    for db in postgres::migrated_before(dir.path(), 27).await {
        let engine = db.kind();
        insert_as_before(&db, &jobs(now), now).await;
        db.migrate().await.unwrap();
        assert_eq!(
            found(&db, now, words("nurse")).await,
            ["nurse-mpilo", "nurse-parirenyatwa"],
            "{engine:?}"
        );
        // Best match's terms come at start-up, for every job.
        assert_eq!(
            jobtap_api::jobs::match_terms::backfill(&db).await.unwrap(),
            8
        );
        assert_eq!(
            sharing(&db, now, &Search::default(), &["w:dispens".to_string()]).await,
            ["pharm-byo", "pharm-hre", "pharm-byo-low"],
            "{engine:?}"
        );
        // And the index follows a job's later changes.
        jobtap_api::on_db_write!(&db, pool => {
            sqlx::query("UPDATE jobs SET job_title = 'Senior Midwife' WHERE id = 'nurse-mpilo'")
                .execute(pool)
                .await
                .map(|_| ())
        })
        .unwrap();
        assert_eq!(
            found(&db, now, words("nursing")).await,
            ["nurse-parirenyatwa"],
            "{engine:?}"
        );
        assert_eq!(
            found(&db, now, words("midwife")).await,
            ["nurse-mpilo"],
            "{engine:?}"
        );
    }
}

/// Inserts `jobs` with the columns every version of the schema has, as a job posted before the
/// later migrations was written.
async fn insert_as_before(db: &Db, jobs: &[JobFields], now: i64) {
    for job in jobs {
        jobtap_api::on_db_write!(db, pool => {
            sqlx::query(
                "INSERT INTO jobs (id, company_name, job_title, job_type, job_description, \
                 location, salary_min, salary_max, minimum_score_threshold, skills, posted_at, \
                 is_active, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, TRUE, $12, $12)",
            )
            .bind(&job.id)
            .bind(&job.company_name)
            .bind(&job.job_title)
            .bind(&job.job_type)
            .bind(&job.job_description)
            .bind(&job.location)
            .bind(job.salary_min)
            .bind(job.salary_max)
            .bind(job.minimum_score_threshold)
            .bind(sqlx::types::Json(&job.skills))
            .bind(job.posted_at)
            .bind(now)
            .execute(pool)
            .await
            .unwrap();
        });
    }
}

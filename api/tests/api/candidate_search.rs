//! Finding people among an employer's own applicants: by name, skills or field of
//! study, stage, job and score range; sorted by score or date; paged by cursor; each person
//! once with their matching applications; nobody else's applicants.

use serde_json::{Value, json};

use crate::employer::{job_body, post_job, send};
use crate::feed::{User, candidate, employer, error, set_profile, sign_up};
use crate::helpers::{DirectScores, TestApp, spawn_app};

const DAY: i64 = 86_400_000;

/// A candidate named `name` with `skills`, studying `field`.
async fn person(app: &TestApp, email: &str, name: &str, skills: &[&str], field: &str) -> User {
    let user = sign_up(
        app,
        "/api/v1/auth/signup",
        json!({ "email": email, "password": "sadza-nyama-2024", "full_name": name }),
    )
    .await;
    set_profile(
        app,
        &user.id,
        Some("2.1 Class"),
        Some("NUST"),
        skills,
        Some(3),
    )
    .await;
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query("UPDATE profiles SET degree_field = $2 WHERE id = $1")
            .bind(&user.id)
            .bind(field)
            .execute(pool)
            .await
            .map(|_| ())
    })
    .unwrap();
    user
}

async fn applied(app: &TestApp, who: &User, job: &str, percentage: f64, at: i64) -> String {
    let scores = DirectScores {
        percentage,
        ..DirectScores::TYPICAL
    };
    app.insert_application(&who.id, job, scores, at).await
}

async fn find(app: &TestApp, boss: &User, query: &str) -> Value {
    let response = app
        .get_auth(&format!("/api/v1/employer/candidates?{query}"), &boss.token)
        .await;
    assert_eq!(response.status(), 200, "{query}");
    response.json().await.unwrap()
}

/// The names found, each with the job titles of their matching applications.
fn names(found: &Value) -> Vec<(String, Vec<String>)> {
    found["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["candidate_name"].as_str().unwrap().to_string(),
                c["applications"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|a| a["job_title"].as_str().unwrap().to_string())
                    .collect(),
            )
        })
        .collect()
}

fn found(list: &[(&str, &[&str])]) -> Vec<(String, Vec<String>)> {
    list.iter()
        .map(|(name, jobs)| {
            (
                (*name).to_string(),
                jobs.iter().map(|j| (*j).to_string()).collect(),
            )
        })
        .collect()
}

// One set of applicants searched many ways: the searches share it on purpose.
#[allow(clippy::too_many_lines)]
#[tokio::test]
async fn an_employer_finds_their_own_applicants_each_person_once() {
    let app = spawn_app().await;
    let boss = employer(&app, "hr@hospital.example").await;
    let analyst = post_job(&app, &boss.token, job_body("Data Analyst")).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let nurse = post_job(&app, &boss.token, job_body("Staff Nurse")).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let other_boss = employer(&app, "hr@bank.example").await;
    let teller = post_job(&app, &other_boss.token, job_body("Bank Teller")).await["id"]
        .as_str()
        .unwrap()
        .to_string();

    let t0 = app.clock_now() - 10 * DAY;
    let rudo = person(
        &app,
        "rudo@example.com",
        "Rudo Dube",
        &["Patient care", "Phlebotomy"],
        "Nursing",
    )
    .await;
    applied(&app, &rudo, &nurse, 90.0, t0 + DAY).await;
    applied(&app, &rudo, &analyst, 40.0, t0 + 2 * DAY).await;
    let tendai = person(
        &app,
        "tendai@example.com",
        "Tendai Moyo",
        &["SQL", "Power BI"],
        "Statistics",
    )
    .await;
    applied(&app, &tendai, &analyst, 75.0, t0 + 3 * DAY).await;
    let farai = person(
        &app,
        "farai@example.com",
        "Farai Ncube",
        &["Excel"],
        "Accounting",
    )
    .await;
    let farai_application = applied(&app, &farai, &analyst, 60.0, t0).await;
    let chipo = person(
        &app,
        "chipo@example.com",
        "Chipo SQL-Banda",
        &["SQL"],
        "Finance",
    )
    .await;
    applied(&app, &chipo, &teller, 99.0, t0).await;
    let moved = send(
        &app,
        reqwest::Method::POST,
        &format!("/api/v1/employer/applications/{farai_application}/stage"),
        &boss.token,
        Some(json!({ "stage": "screening" })),
    )
    .await;
    assert_eq!(moved.status(), 200);

    // Everyone, best score first; Rudo once with both applications, newest first.
    let everyone = find(&app, &boss, "").await;
    assert_eq!(
        names(&everyone),
        found(&[
            ("Rudo Dube", &["Data Analyst", "Staff Nurse"]),
            ("Tendai Moyo", &["Data Analyst"]),
            ("Farai Ncube", &["Data Analyst"]),
        ])
    );
    let rudo_hit = &everyone["candidates"][0];
    assert_eq!(rudo_hit["best_score"], 90.0);
    assert_eq!(rudo_hit["field_of_study"], "Nursing");
    assert_eq!(rudo_hit["skills"], json!(["Patient care", "Phlebotomy"]));
    assert_eq!(rudo_hit["applications"][1]["stage_label"], "Applied");
    assert!(everyone["next_cursor"].is_null());

    // Words in the skills, the field of study or the name, in any case; never another
    // employer's applicant.
    for (query, expected) in [
        ("q=sql", found(&[("Tendai Moyo", &["Data Analyst"])])),
        (
            "q=NURS",
            found(&[("Rudo Dube", &["Data Analyst", "Staff Nurse"])]),
        ),
        ("q=ncube", found(&[("Farai Ncube", &["Data Analyst"])])),
        ("q=100%25", found(&[])),
    ] {
        assert_eq!(names(&find(&app, &boss, query).await), expected, "{query}");
    }

    // Job, stage and score range narrow the applications shown.
    assert_eq!(
        names(&find(&app, &boss, &format!("job_id={nurse}")).await),
        found(&[("Rudo Dube", &["Staff Nurse"])])
    );
    assert_eq!(
        names(&find(&app, &boss, "stage=screening").await),
        found(&[("Farai Ncube", &["Data Analyst"])])
    );
    let scored = find(&app, &boss, "min_score=70").await;
    assert_eq!(
        names(&scored),
        found(&[
            ("Rudo Dube", &["Staff Nurse"]),
            ("Tendai Moyo", &["Data Analyst"])
        ])
    );
    assert_eq!(
        names(&find(&app, &boss, "min_score=50&max_score=70").await),
        found(&[("Farai Ncube", &["Data Analyst"])])
    );

    // By date: the latest application first.
    let by_date: Vec<String> = names(&find(&app, &boss, "sort=date").await)
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    assert_eq!(by_date, ["Tendai Moyo", "Rudo Dube", "Farai Ncube"]);

    // A page at a time, each person once, in either order, of every job or of one (whose
    // pages read that job's applications in order rather than grouping people).
    for (sort, only) in [
        ("score", String::new()),
        ("date", String::new()),
        ("score", format!("&job_id={analyst}")),
        ("date", format!("&job_id={analyst}")),
    ] {
        let sort = format!("{sort}{only}");
        let mut pages = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let query = match &cursor {
                Some(c) => format!("sort={sort}&limit=1&cursor={c}"),
                None => format!("sort={sort}&limit=1"),
            };
            let page = find(&app, &boss, &query).await;
            assert_eq!(page["candidates"].as_array().unwrap().len(), 1, "{query}");
            pages.extend(names(&page));
            match page["next_cursor"].as_str() {
                Some(next) => cursor = Some(next.to_string()),
                None => break,
            }
        }
        assert_eq!(
            pages,
            names(&find(&app, &boss, &format!("sort={sort}")).await),
            "{sort}"
        );
        assert_eq!(pages.len(), 3, "{sort}");
    }
    let by_score: Vec<String> = names(&find(&app, &boss, &format!("job_id={analyst}")).await)
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    assert_eq!(by_score, ["Tendai Moyo", "Farai Ncube", "Rudo Dube"]);

    // Bad searches are named; only employers search.
    let long = "a".repeat(101);
    for (query, field, message) in [
        (
            format!("q={long}"),
            "q",
            "A search can be at most 100 characters",
        ),
        (
            "min_score=80&max_score=60".into(),
            "min_score",
            "Scores go from 0 to 100, the lowest first",
        ),
        ("stage=onboarding".into(), "stage", "Please choose a stage"),
        ("sort=name".into(), "sort", "Sort by score or by date"),
    ] {
        let response = app
            .get_auth(&format!("/api/v1/employer/candidates?{query}"), &boss.token)
            .await;
        let body = error(response, 422).await;
        assert_eq!(body["fields"][field][0], message, "{query}");
    }
    let bad_cursor = app
        .get_auth("/api/v1/employer/candidates?cursor=!!!", &boss.token)
        .await;
    assert_eq!(bad_cursor.status(), 400);
    let someone = candidate(&app, "someone@example.com").await;
    let refused = app
        .get_auth("/api/v1/employer/candidates", &someone.token)
        .await;
    assert_eq!(refused.status(), 403);
    // The other employer finds only their own applicant.
    assert_eq!(
        names(&find(&app, &other_boss, "q=sql").await),
        found(&[("Chipo SQL-Banda", &["Bank Teller"])])
    );
}

/// The page of one job's applicants is read back by its applications' ids. Asked to match
/// again, SQLite 3.51 with the statistics of a large board started from the employer's jobs
/// and read every applicant of each (50 ms for a job with 10,000); this holds the shape that
/// cannot.
#[tokio::test]
async fn on_sqlite_one_jobs_page_is_read_back_by_id_not_matched_again() {
    use jobtap_api::employer::candidates::search_sql;
    let app = spawn_app().await;
    if app.db.kind() != jobtap_api::db::DbKind::Sqlite {
        return;
    }
    let boss = employer(&app, "hr@clinic.example").await;
    let job = post_job(&app, &boss.token, job_body("Pharmacist")).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let rudo = person(
        &app,
        "rudo@example.com",
        "Rudo Dube",
        &["Dispensing"],
        "Pharmacy",
    )
    .await;
    applied(&app, &rudo, &job, 80.0, app.clock_now()).await;
    for (column, key, agg) in [
        ("score_percentage", "best", "MAX(a.score_percentage)"),
        ("applied_at", "latest", "MAX(a.applied_at)"),
    ] {
        let sql = format!("EXPLAIN QUERY PLAN {}", search_sql(agg, key, column, true));
        let plan: Vec<String> = jobtap_api::on_db!(&app.db, pool => {
            sqlx::query_as::<_, (i64, i64, i64, String)>(sqlx::AssertSqlSafe(sql))
                .bind(&boss.id)
                .bind("")
                .bind("")
                .bind(&job)
                .bind(0.0)
                .bind(100.0)
                .bind(i64::MAX)
                .bind("")
                .bind(21)
                .fetch_all(pool)
                .await
                .unwrap()
                .into_iter()
                .map(|(_, _, _, step)| step)
                .collect()
        });
        let after_page: Vec<&str> = plan
            .iter()
            .map(String::as_str)
            .skip_while(|step| !step.starts_with("SCAN page"))
            .collect();
        assert!(!after_page.is_empty(), "{plan:#?}");
        let reads_applications: Vec<&str> = after_page
            .into_iter()
            .filter(|step| step.contains(" a "))
            .collect();
        assert_eq!(
            reads_applications,
            ["SEARCH a USING INDEX sqlite_autoindex_applications_1 (id=?)"],
            "{plan:#?}"
        );
        assert!(
            !plan.iter().any(|step| step.contains("jobs_employer")),
            "{plan:#?}"
        );
    }
}

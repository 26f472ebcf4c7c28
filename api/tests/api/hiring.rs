//! Hiring teams and scorecards: an interviewer reaches only the jobs whose hiring team lists
//! them, reads those applicants and the documents sent, writes their own scorecard and changes
//! nothing else; recruiters read every scorecard with their summary; the candidate never does.

use jobtap_core::scorecard::{
    FORMER_MEMBER, MSG_NO_RATING, MSG_RATING_RANGE, MSG_UNKNOWN_CRITERION,
};
use jobtap_core::team::{MSG_NOT_A_MEMBER, MSG_RECRUITERS_ONLY};
use reqwest::Method;
use serde_json::{Value, json};

use crate::documents::upload;
use crate::employer::{attach, job_body, post_job, send};
use crate::feed::{User, candidate, error};
use crate::helpers::{DirectScores, TestApp, spawn_app};
use crate::profile::PDF;
use crate::team::{clinic_admin, invited, joined};

/// A pharmacy's posting in its own words.
fn pharmacy_job(title: &str) -> Value {
    let mut body = job_body(title);
    body["company_name"] = json!("Bulawayo Central Pharmacy");
    body["job_description"] = json!("Dispense, counsel patients and keep the stock right.");
    body["skills"] = json!(["Dispensing", "Patient counselling"]);
    body["requirements"] = json!(["Registered with the Pharmacy Council"]);
    body
}

async fn job(app: &TestApp, member: &User, body: Value) -> String {
    post_job(app, &member.token, body).await["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// A document `who` uploads, by id.
async fn document(app: &TestApp, who: &User, name: &str) -> String {
    let response = upload(app, &who.token, "resume", PDF, name).await;
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    body["document"]["id"].as_str().unwrap().to_string()
}

async fn set_team(app: &TestApp, who: &User, job: &str, ids: &[&str]) -> reqwest::Response {
    let path = format!("/api/v1/employer/jobs/{job}/team");
    send(
        app,
        Method::PUT,
        &path,
        &who.token,
        Some(json!({ "member_ids": ids })),
    )
    .await
}

async fn status(app: &TestApp, who: &User, method: Method, path: &str, body: Option<Value>) -> u16 {
    send(app, method, path, &who.token, body)
        .await
        .status()
        .as_u16()
}

async fn titles(app: &TestApp, who: &User) -> Vec<String> {
    let body: Value = app
        .get_auth("/api/v1/employer/jobs", &who.token)
        .await
        .json()
        .await
        .unwrap();
    body["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j["job_title"].as_str().unwrap().to_string())
        .collect()
}

async fn applications(app: &TestApp, who: &User) -> Vec<Value> {
    let response = app
        .get_auth("/api/v1/employer/applications", &who.token)
        .await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    body["applications"].as_array().unwrap().clone()
}

struct Clinic {
    admin: User,
    interviewer: User,
    listed_job: String,
    other_job: String,
    listed_application: String,
    other_application: String,
    sent: String,
    kept: String,
}

/// A pharmacy with two jobs, an applicant to each (a resume sent with the first, another kept
/// back), and an interviewer who joined by the link and is on no job yet.
async fn clinic(app: &TestApp) -> Clinic {
    let admin = clinic_admin(
        app,
        "hr@bulawayo-central.example",
        "Bulawayo Central Pharmacy",
    )
    .await;
    let listed_job = job(app, &admin, pharmacy_job("Locum Pharmacist")).await;
    let other_job = job(app, &admin, pharmacy_job("Stores Clerk")).await;
    let pharmacist = candidate(app, "thandeka.ncube@mail.example").await;
    let listed_application = app
        .insert_application(
            &pharmacist.id,
            &listed_job,
            DirectScores::TYPICAL,
            app.clock_now(),
        )
        .await;
    let other_application = app
        .insert_application(
            &pharmacist.id,
            &other_job,
            DirectScores::TYPICAL,
            app.clock_now(),
        )
        .await;
    let sent = document(app, &pharmacist, "Thandeka Ncube CV.pdf").await;
    let kept = document(app, &pharmacist, "Old CV 2019.pdf").await;
    attach(app, &listed_application, &sent).await;
    attach(app, &other_application, &kept).await;
    let token = invited(
        app,
        &admin,
        "dr.moyo@bulawayo-central.example",
        "interviewer",
    )
    .await;
    let interviewer = joined(app, &token, "Sipho Moyo").await;
    Clinic {
        admin,
        interviewer,
        listed_job,
        other_job,
        listed_application,
        other_application,
        sent,
        kept,
    }
}

#[tokio::test]
#[allow(clippy::too_many_lines)]
async fn an_interviewer_reads_only_the_applicants_of_the_jobs_they_are_on() {
    let app = spawn_app().await;
    let c = clinic(&app).await;
    let me = &c.interviewer;

    // On no job yet: nothing to read.
    assert!(titles(&app, me).await.is_empty());
    assert!(applications(&app, me).await.is_empty());
    let job_path = format!("/api/v1/employer/jobs/{}", c.listed_job);
    assert_eq!(status(&app, me, Method::GET, &job_path, None).await, 404);

    // A recruiter's note, which an interviewer is not to read.
    let note = format!(
        "/api/v1/employer/applications/{}/comment",
        c.listed_application
    );
    let body = json!({ "private_note": "Salary ask is high; call her back Friday" });
    assert_eq!(
        status(&app, &c.admin, Method::PUT, &note, Some(body)).await,
        200
    );

    // The admin lists them on the locum job; a stranger's id is refused.
    let refused = error(
        set_team(&app, &c.admin, &c.listed_job, &["not-a-member"]).await,
        422,
    )
    .await;
    assert_eq!(refused["fields"]["member_ids"][0], MSG_NOT_A_MEMBER);
    let team: Value = set_team(&app, &c.admin, &c.listed_job, &[&me.id])
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(team["members"][0]["full_name"], "Sipho Moyo");
    assert_eq!(team["members"][0]["role"], "interviewer");

    // Their job and its applicant, without the team's notes.
    assert_eq!(titles(&app, me).await, ["Locum Pharmacist"]);
    assert_eq!(status(&app, me, Method::GET, &job_path, None).await, 200);
    let listed = applications(&app, me).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["id"], c.listed_application.as_str());
    assert_eq!(listed[0]["private_note"], Value::Null);
    assert_eq!(applications(&app, &c.admin).await.len(), 2);
    let candidate = |id: &str| format!("/api/v1/employer/applications/{id}/candidate");
    let seen: Value = app
        .get_auth(&candidate(&c.listed_application), &me.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(seen["documents"].as_array().unwrap().len(), 1);
    let doc = |id: &str, doc: &str| format!("/api/v1/employer/applications/{id}/documents/{doc}");
    let sent = doc(&c.listed_application, &c.sent);
    assert_eq!(status(&app, me, Method::GET, &sent, None).await, 200);

    // Not the other job, its applicant, nor a document not sent with this application.
    for path in [
        format!("/api/v1/employer/jobs/{}", c.other_job),
        format!("/api/v1/employer/jobs/{}/stages", c.other_job),
        format!("/api/v1/employer/jobs/{}/team", c.other_job),
        candidate(&c.other_application),
        doc(&c.other_application, &c.kept),
        doc(&c.listed_application, &c.kept),
        format!(
            "/api/v1/employer/applications/{}/scorecards",
            c.other_application
        ),
    ] {
        assert_eq!(
            status(&app, me, Method::GET, &path, None).await,
            404,
            "{path}"
        );
    }

    // No moves, decisions, notes, removals, exports, analytics, postings or team changes.
    let on = |tail: &str| {
        format!(
            "/api/v1/employer/applications/{}/{tail}",
            c.listed_application
        )
    };
    let attempts = [
        (
            Method::POST,
            on("stage"),
            Some(json!({ "stage": "screening" })),
        ),
        (Method::POST, on("accept"), None),
        (
            Method::POST,
            on("reject"),
            Some(json!({ "reason": "skills_mismatch" })),
        ),
        (
            Method::PUT,
            on("comment"),
            Some(json!({ "private_note": "mine" })),
        ),
        (
            Method::DELETE,
            format!("/api/v1/employer/applications/{}", c.listed_application),
            None,
        ),
        (
            Method::GET,
            "/api/v1/employer/applications/export.csv".into(),
            None,
        ),
        (Method::GET, "/api/v1/employer/analytics".into(), None),
        (Method::GET, "/api/v1/employer/candidates".into(), None),
        (
            Method::POST,
            "/api/v1/employer/jobs".into(),
            Some(pharmacy_job("Mine")),
        ),
        (
            Method::PUT,
            format!("/api/v1/employer/jobs/{}/team", c.listed_job),
            Some(json!({ "member_ids": [] })),
        ),
        (
            Method::PUT,
            format!("/api/v1/employer/jobs/{}/scorecard-criteria", c.listed_job),
            Some(json!({ "criteria": ["x"] })),
        ),
    ];
    for (method, path, body) in attempts {
        let response = send(&app, method.clone(), &path, &me.token, body).await;
        let refused = error(response, 403).await;
        assert_eq!(refused["message"], MSG_RECRUITERS_ONLY, "{method} {path}");
    }
    assert_eq!(titles(&app, &c.admin).await.len(), 2, "nothing was posted");

    // What they read is in the company's log, under them.
    let rows: Vec<(String, Option<String>)> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_as(
            "SELECT event, company_id FROM audit_log WHERE actor_id = $1 ORDER BY id",
        )
        .bind(&me.id)
        .fetch_all(pool)
        .await
        .unwrap()
    });
    assert!(
        rows.contains(&("document_download".into(), Some(c.admin.id.clone()))),
        "{rows:?}"
    );

    // Taken off the job, they reach it no more.
    assert_eq!(
        set_team(&app, &c.admin, &c.listed_job, &[]).await.status(),
        200
    );
    assert!(applications(&app, me).await.is_empty());
    assert_eq!(status(&app, me, Method::GET, &sent, None).await, 404);
}

async fn scorecards(app: &TestApp, who: &User, application: &str) -> Value {
    let path = format!("/api/v1/employer/applications/{application}/scorecards");
    let response = app.get_auth(&path, &who.token).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

async fn write(app: &TestApp, who: &User, application: &str, body: Value) -> reqwest::Response {
    let path = format!("/api/v1/employer/applications/{application}/scorecard");
    send(app, Method::PUT, &path, &who.token, Some(body)).await
}

#[tokio::test]
#[allow(clippy::too_many_lines)]
async fn scorecards_rate_the_jobs_criteria_and_recruiters_read_them_all() {
    let app = spawn_app().await;
    let c = clinic(&app).await;
    let me = &c.interviewer;
    assert_eq!(
        set_team(&app, &c.admin, &c.listed_job, &[&me.id])
            .await
            .status(),
        200
    );

    // The criteria come from the job's skills and requirements.
    let mine = scorecards(&app, me, &c.listed_application).await;
    assert_eq!(
        mine["criteria"],
        json!([
            "Dispensing",
            "Patient counselling",
            "Registered with the Pharmacy Council"
        ])
    );
    assert_eq!(mine["mine"], Value::Null);

    // Bad scorecards are refused with the reason.
    let bad = [
        (json!({ "ratings": [] }), MSG_NO_RATING),
        (
            json!({ "ratings": [{ "criterion": "Dispensing", "rating": 5 }] }),
            MSG_RATING_RANGE,
        ),
        (
            json!({ "ratings": [{ "criterion": "Typing speed", "rating": 3 }] }),
            MSG_UNKNOWN_CRITERION,
        ),
    ];
    for (body, message) in bad {
        let refused = error(write(&app, me, &c.listed_application, body).await, 422).await;
        assert_eq!(refused["fields"]["ratings"][0], message);
    }

    // The interviewer rates in a hurry (any case), then changes their mind: one scorecard.
    let first = json!({
        "ratings": [{ "criterion": "dispensing", "rating": 3 }],
        "note": "Knew her dosages cold.",
    });
    assert_eq!(
        write(&app, me, &c.listed_application, first).await.status(),
        200
    );
    let second = json!({
        "ratings": [
            { "criterion": "Patient counselling", "rating": 3 },
            { "criterion": "Dispensing", "rating": 4 },
        ],
        "note": "Calm with a difficult patient in the role play.",
    });
    let written: Value = write(&app, me, &c.listed_application, second)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(written["scorecards"].as_array().unwrap().len(), 1);
    assert_eq!(written["mine"]["author_name"], "Sipho Moyo");
    assert_eq!(
        written["mine"]["ratings"],
        json!([
            { "criterion": "Dispensing", "rating": 4 },
            { "criterion": "Patient counselling", "rating": 3 },
        ])
    );
    assert_eq!(
        written["summary"],
        Value::Null,
        "the summary is the recruiters'"
    );

    // The admin writes theirs and reads both, with the summary.
    let own = json!({ "ratings": [{ "criterion": "Dispensing", "rating": 2 }], "note": "" });
    assert_eq!(
        write(&app, &c.admin, &c.listed_application, own)
            .await
            .status(),
        200
    );
    let all = scorecards(&app, &c.admin, &c.listed_application).await;
    assert_eq!(all["scorecards"].as_array().unwrap().len(), 2);
    assert_eq!(all["summary"]["scorecards"], 2);
    assert_eq!(all["summary"]["average"], 3.0);
    assert_eq!(all["summary"]["leaning"], "Yes");
    assert_eq!(all["summary"]["criteria"][0]["criterion"], "Dispensing");
    assert_eq!(all["summary"]["criteria"][0]["average"], 3.0);
    assert_eq!(all["summary"]["criteria"][0]["ratings"], 2);
    assert_eq!(all["summary"]["criteria"][2]["average"], Value::Null);

    // The interviewer still reads only their own.
    let theirs = scorecards(&app, me, &c.listed_application).await;
    assert_eq!(theirs["scorecards"].as_array().unwrap().len(), 1);
    assert_eq!(theirs["scorecards"][0]["author_name"], "Sipho Moyo");

    // The admin edits the criteria; a rating of one no longer listed is refused.
    let path = format!("/api/v1/employer/jobs/{}/scorecard-criteria", c.listed_job);
    let criteria = json!({ "criteria": ["Dispensing", " Stock control ", ""] });
    let edited: Value = send(&app, Method::PUT, &path, &c.admin.token, Some(criteria))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        edited,
        json!({ "criteria": ["Dispensing", "Stock control"], "edited": true })
    );
    let stale = json!({ "ratings": [{ "criterion": "Patient counselling", "rating": 4 }] });
    let refused = error(write(&app, me, &c.listed_application, stale).await, 422).await;
    assert_eq!(refused["fields"]["ratings"][0], MSG_UNKNOWN_CRITERION);
    // Earlier ratings stay in the summary, after the current criteria.
    let all = scorecards(&app, &c.admin, &c.listed_application).await;
    let names: Vec<&str> = all["summary"]["criteria"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["criterion"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Dispensing", "Stock control", "Patient counselling"]
    );

    // The candidate reads none of it.
    let pharmacist = crate::feed::sign_in(&app, "thandeka.ncube@mail.example").await;
    let own_view = app
        .get_auth("/api/v1/applications", &pharmacist.token)
        .await
        .text()
        .await
        .unwrap();
    assert!(own_view.contains(&c.listed_application), "{own_view}");
    assert!(!own_view.contains("Calm with a difficult patient"));
    assert!(!own_view.contains("Strong"));
    let path = format!(
        "/api/v1/employer/applications/{}/scorecards",
        c.listed_application
    );
    assert_eq!(
        status(&app, &pharmacist, Method::GET, &path, None).await,
        403
    );

    // Written scorecards are in the company's log.
    let written: i64 = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar(
            "SELECT COUNT(*) FROM audit_log WHERE event = 'scorecard_written' AND company_id = $1",
        )
        .bind(&c.admin.id)
        .fetch_one(pool)
        .await
        .unwrap()
    });
    assert_eq!(written, 3);
}

#[tokio::test]
#[allow(clippy::too_many_lines)]
async fn admins_read_and_export_the_company_log_with_who_did_what() {
    let app = spawn_app().await;
    let c = clinic(&app).await;
    let me = &c.interviewer;
    assert_eq!(
        set_team(&app, &c.admin, &c.listed_job, &[&me.id])
            .await
            .status(),
        200
    );
    let sent = format!(
        "/api/v1/employer/applications/{}/documents/{}",
        c.listed_application, c.sent
    );
    assert_eq!(status(&app, me, Method::GET, &sent, None).await, 200);
    let card = json!({ "ratings": [{ "criterion": "Dispensing", "rating": 4 }] });
    assert_eq!(
        write(&app, me, &c.listed_application, card).await.status(),
        200
    );
    let moved = json!({ "stage": "screening" });
    let stage = format!(
        "/api/v1/employer/applications/{}/stage",
        c.listed_application
    );
    assert_eq!(
        status(&app, &c.admin, Method::POST, &stage, Some(moved)).await,
        200
    );
    let note = format!(
        "/api/v1/employer/applications/{}/comment",
        c.listed_application
    );
    let body = json!({ "private_note": "Strong on dosages" });
    assert_eq!(
        status(&app, &c.admin, Method::PUT, &note, Some(body)).await,
        200
    );

    // A stranger's company does things too; none of it shows in this log.
    let other = clinic_admin(&app, "hr@mpilo.example", "Mpilo Hospital").await;
    let _ = job(&app, &other, pharmacy_job("Ward Pharmacist")).await;
    let _ = invited(&app, &other, "someone@mpilo.example", "recruiter").await;

    let read = |limit: usize, cursor: Option<String>| {
        let mut path = format!("/api/v1/employer/audit?limit={limit}");
        if let Some(cursor) = cursor {
            path = format!("{path}&cursor={cursor}");
        }
        path
    };
    let body: Value = app
        .get_auth(&read(200, None), &c.admin.token)
        .await
        .json()
        .await
        .unwrap();
    let entries = body["entries"].as_array().unwrap();
    let said: Vec<(&str, &str)> = entries
        .iter()
        .map(|e| {
            (
                e["event"].as_str().unwrap(),
                e["actor_name"].as_str().unwrap(),
            )
        })
        .collect();
    // Newest first, each under the member who did it.
    assert_eq!(
        said,
        [
            ("application_notes_changed", "Chipo Dube"),
            ("application_stage_changed", "Chipo Dube"),
            ("scorecard_written", "Sipho Moyo"),
            ("document_download", "Sipho Moyo"),
            ("hiring_team_changed", "Chipo Dube"),
            ("team_joined", "Sipho Moyo"),
            ("team_member_invited", "Chipo Dube"),
        ]
    );
    assert_eq!(
        entries[0]["label"],
        "Wrote a note or feedback on an applicant"
    );
    assert!(
        !entries[0].to_string().contains("Strong on dosages"),
        "the words stay on the application"
    );
    assert_eq!(entries[3]["label"], "Downloaded a candidate's document");
    assert_eq!(
        entries[3]["detail"]["application"],
        c.listed_application.as_str()
    );
    assert_eq!(entries[6]["detail"]["role"], "interviewer");

    // A page at a time: the pages together are the log.
    let mut seen = Vec::new();
    let mut cursor = None;
    loop {
        let page: Value = app
            .get_auth(&read(4, cursor), &c.admin.token)
            .await
            .json()
            .await
            .unwrap();
        for entry in page["entries"].as_array().unwrap() {
            seen.push(entry["event"].as_str().unwrap().to_string());
        }
        match page["next_cursor"].as_str() {
            Some(next) => cursor = Some(next.to_string()),
            None => break,
        }
    }
    let all: Vec<&str> = said.iter().map(|(event, _)| *event).collect();
    assert_eq!(seen, all);

    // The whole log as a file, itself recorded.
    let file = app
        .get_auth("/api/v1/employer/audit.csv", &c.admin.token)
        .await;
    assert_eq!(file.status(), 200);
    assert_eq!(file.headers()["content-type"], "text/csv; charset=utf-8");
    let csv = file.text().await.unwrap();
    let lines: Vec<&str> = csv.trim_end().split("\r\n").collect();
    assert_eq!(
        lines[0],
        "When (UTC),Member,Member's e-mail,What,Subject,Detail"
    );
    assert_eq!(lines.len(), 8, "{csv}");
    assert!(
        lines[4].contains(
            "Sipho Moyo,dr.moyo@bulawayo-central.example,Downloaded a candidate's document"
        ),
        "{}",
        lines[4]
    );
    assert!(!csv.contains("mpilo"));
    let after: Value = app
        .get_auth(&read(1, None), &c.admin.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(after["entries"][0]["event"], "audit_log_exported");

    // Only admins read it.
    for who in [me, &c.admin] {
        let expected = if who.id == c.admin.id { 200 } else { 403 };
        assert_eq!(
            status(&app, who, Method::GET, "/api/v1/employer/audit", None).await,
            expected
        );
        assert_eq!(
            status(&app, who, Method::GET, "/api/v1/employer/audit.csv", None).await,
            expected
        );
    }
}

#[tokio::test]
async fn a_scorecard_outlives_its_author_unnamed_and_goes_with_the_candidate() {
    let app = spawn_app().await;
    let c = clinic(&app).await;
    let me = &c.interviewer;
    assert_eq!(
        set_team(&app, &c.admin, &c.listed_job, &[&me.id])
            .await
            .status(),
        200
    );
    let card = json!({ "ratings": [{ "criterion": "Dispensing", "rating": 3 }], "note": "Sound." });
    assert_eq!(
        write(&app, me, &c.listed_application, card).await.status(),
        200
    );

    // The interviewer leaves JobTap: the company keeps the scorecard, no longer naming them.
    let gone = app
        .post_json_auth(
            "/api/v1/account/delete",
            &me.token,
            &json!({ "password": "mopane worms at dusk" }),
        )
        .await;
    assert_eq!(gone.status(), 204);
    let all = scorecards(&app, &c.admin, &c.listed_application).await;
    assert_eq!(all["scorecards"][0]["author_name"], FORMER_MEMBER);
    assert_eq!(all["scorecards"][0]["author_id"], Value::Null);
    assert_eq!(all["scorecards"][0]["note"], "Sound.");

    // The candidate leaves: what the team wrote about them goes too.
    let pharmacist = crate::feed::sign_in(&app, "thandeka.ncube@mail.example").await;
    let gone = app
        .post_json_auth(
            "/api/v1/account/delete",
            &pharmacist.token,
            &json!({ "password": "sadza-nyama-2024" }),
        )
        .await;
    assert_eq!(gone.status(), 204);
    let left: i64 = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT COUNT(*) FROM scorecards")
            .fetch_one(pool)
            .await
            .unwrap()
    });
    assert_eq!(left, 0);
}

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

async fn reject(app: &TestApp, who: &User, application: &str) {
    let path = format!("/api/v1/employer/applications/{application}/reject");
    let body = json!({ "reason": "stronger_candidate" });
    assert_eq!(status(app, who, Method::POST, &path, Some(body)).await, 200);
}

#[tokio::test]
async fn scorecards_stay_with_a_rejection_in_the_archive_until_retention_releases_it() {
    let app = spawn_app().await;
    let c = clinic(&app).await;
    let me = &c.interviewer;
    assert_eq!(
        set_team(&app, &c.admin, &c.listed_job, &[&me.id])
            .await
            .status(),
        200
    );
    let kept = json!({ "rejected_kept_days": 30 });
    let path = "/api/v1/employer/settings/retention";
    assert_eq!(
        status(&app, &c.admin, Method::PUT, path, Some(kept)).await,
        200
    );
    let card =
        json!({ "ratings": [{ "criterion": "Dispensing", "rating": 2 }], "note": "Unsure." });
    assert_eq!(
        write(&app, me, &c.listed_application, card).await.status(),
        200
    );
    reject(&app, &c.admin, &c.listed_application).await;
    reject(&app, &c.admin, &c.other_application).await;

    // In the archive the recruiters still read every scorecard, with the summary.
    let all = scorecards(&app, &c.admin, &c.listed_application).await;
    assert_eq!(all["summary"]["scorecards"], 1);
    assert_eq!(all["scorecards"][0]["note"], "Unsure.");

    // An interviewer who writes up after the decision is still heard, on their own job only.
    let late = json!({ "ratings": [{ "criterion": "Dispensing", "rating": 1 }], "note": "Mixed up two dosages." });
    let written = write(&app, me, &c.listed_application, late).await;
    assert_eq!(written.status(), 200);
    let written: Value = written.json().await.unwrap();
    assert_eq!(written["mine"]["note"], "Mixed up two dosages.");
    // Its date as every screen of the app writes one, not as each browser would.
    let saved_at = written["mine"]["updated_at"].as_i64().unwrap();
    assert_eq!(
        written["mine"]["updated_text"],
        jobtap_core::format::format_date(saved_at)
    );
    let all = scorecards(&app, &c.admin, &c.listed_application).await;
    assert_eq!(all["summary"]["average"], 1.0);
    let theirs = format!(
        "/api/v1/employer/applications/{}/scorecards",
        c.other_application
    );
    assert_eq!(status(&app, me, Method::GET, &theirs, None).await, 404);

    // Another company reaches none of it.
    let stranger = clinic_admin(&app, "hr@mpilo.example", "Mpilo Pharmacy").await;
    let path = format!(
        "/api/v1/employer/applications/{}/scorecards",
        c.listed_application
    );
    assert_eq!(status(&app, &stranger, Method::GET, &path, None).await, 404);
    let card = json!({ "ratings": [{ "criterion": "Dispensing", "rating": 4 }] });
    assert_eq!(
        write(&app, &stranger, &c.listed_application, card)
            .await
            .status(),
        404
    );

    // An application removed without a rejection is not in the archive: no scorecards.
    let clerk = candidate(&app, "nkosana.dube@mail.example").await;
    let removed = app
        .insert_application(
            &clerk.id,
            &c.other_job,
            DirectScores::TYPICAL,
            app.clock_now(),
        )
        .await;
    let remove = format!("/api/v1/employer/applications/{removed}");
    assert_eq!(
        status(&app, &c.admin, Method::DELETE, &remove, None).await,
        204
    );
    let removed_cards = format!("/api/v1/employer/applications/{removed}/scorecards");
    assert_eq!(
        status(&app, &c.admin, Method::GET, &removed_cards, None).await,
        404
    );

    // Released by the retention period, the rejection and its scorecards are gone.
    app.clock.advance(31 * DAY_MS);
    jobtap_api::employer::retention::release_due(&app.state)
        .await
        .unwrap();
    let admin = crate::team::signed_in(&app, "hr@bulawayo-central.example").await;
    assert_eq!(status(&app, &admin, Method::GET, &path, None).await, 404);
    let card = json!({ "ratings": [{ "criterion": "Dispensing", "rating": 3 }] });
    assert_eq!(
        write(&app, &admin, &c.listed_application, card)
            .await
            .status(),
        404
    );
}

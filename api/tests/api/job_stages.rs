//! An employer's own stages for a job: named, checked and kept to the job; an
//! application moves through them like an undecided stage; the candidate never reads their
//! names; the funnel and the search count them as the stage they follow.

use serde_json::{Value, json};

use crate::employer::send;
use crate::feed::{User, applicant, employer, error, sign_in_employer};
use crate::helpers::{TestApp, spawn_app};
use crate::interview_invites::{harare, propose};
use crate::pipeline::{applied_id, funnel, move_to, open_job};

async fn add_stage(
    app: &TestApp,
    boss: &User,
    job: &str,
    name: &str,
    after: &str,
) -> reqwest::Response {
    app.post_json_auth(
        &format!("/api/v1/employer/jobs/{job}/stages"),
        &boss.token,
        &json!({ "name": name, "after": after }),
    )
    .await
}

/// Adds a stage (which must succeed) and answers its `key`.
async fn added_key(app: &TestApp, boss: &User, job: &str, name: &str, after: &str) -> String {
    let added = add_stage(app, boss, job, name, after).await;
    assert_eq!(added.status(), 201, "{name}");
    let body: Value = added.json().await.unwrap();
    let tidied = name.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(body["stage"]["name"], tidied.as_str());
    body["stage"]["key"].as_str().unwrap().to_string()
}

fn id_of(key: &str) -> &str {
    key.split_once(':').unwrap().1
}

/// The employer's view of their only application.
async fn listed(app: &TestApp, boss: &User) -> Value {
    let list: Value = app
        .get_auth("/api/v1/employer/applications", &boss.token)
        .await
        .json()
        .await
        .unwrap();
    list["applications"][0].clone()
}

async fn rename(app: &TestApp, boss: &User, path: &str, name: &str) -> reqwest::Response {
    send(
        app,
        reqwest::Method::PUT,
        path,
        &boss.token,
        Some(json!({ "name": name })),
    )
    .await
}

/// The employer's candidate search over one stage.
async fn in_stage(app: &TestApp, boss: &User, stage: &str) -> Value {
    app.get_auth(
        &format!("/api/v1/employer/candidates?stage={stage}"),
        &boss.token,
    )
    .await
    .json()
    .await
    .unwrap()
}

fn next_keys(application: &Value) -> Vec<String> {
    application["next_stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["stage"].as_str().unwrap().to_string())
        .collect()
}

// One job's stages from naming to being offered: each step reads what the one before left.
#[allow(clippy::too_many_lines)]
#[tokio::test]
async fn a_job_gets_stages_of_its_own_named_once_and_kept_to_that_job() {
    let app = spawn_app().await;
    let boss = employer(&app, "people@hospital.example").await;
    let job = open_job(&app, &boss, "Registered Nurse").await;
    let other_job = open_job(&app, &boss, "Ward Clerk").await;

    for (name, after, field, message) in [
        (" \n", "screening", "name", "Please name the stage"),
        (
            "Interview",
            "screening",
            "name",
            "This job already has a stage with that name",
        ),
        (
            &"x".repeat(41) as &str,
            "screening",
            "name",
            "A stage name can be at most 40 characters",
        ),
        (
            "Credential check",
            "offer",
            "after",
            "Please choose the stage it comes after",
        ),
        (
            "Credential check",
            "",
            "after",
            "Please choose the stage it comes after",
        ),
    ] {
        let body = error(add_stage(&app, &boss, &job, name, after).await, 422).await;
        assert_eq!(
            body["fields"][field][0], message,
            "{name:?} after {after:?}"
        );
    }
    let check = added_key(&app, &boss, &job, "  Credential   check ", "screening").await;
    let clerk = added_key(&app, &boss, &other_job, "Typing test", "applied").await;
    assert!(check.starts_with("screening:"), "{check}");
    let body = error(
        add_stage(&app, &boss, &job, "CREDENTIAL CHECK", "applied").await,
        422,
    )
    .await;
    assert_eq!(
        body["fields"]["name"][0],
        "This job already has a stage with that name"
    );
    assert_eq!(
        add_stage(&app, &boss, &other_job, "Credential check", "applied")
            .await
            .status(),
        201,
        "another job may use the name"
    );
    for name in ["Panel", "References", "Health screening", "Shadow shift"] {
        added_key(&app, &boss, &job, name, "interview").await;
    }
    let body = error(
        add_stage(&app, &boss, &job, "One too many", "interview").await,
        409,
    )
    .await;
    assert_eq!(
        body["message"],
        "A job can have at most 5 stages of its own"
    );
    let stages: Value = app
        .get_auth(&format!("/api/v1/employer/jobs/{job}/stages"), &boss.token)
        .await
        .json()
        .await
        .unwrap();
    let names: Vec<&str> = stages["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Credential check",
            "Panel",
            "References",
            "Health screening",
            "Shadow shift"
        ]
    );

    // Another employer reaches none of it.
    let stranger = employer(&app, "hr@rival.example").await;
    let base = format!("/api/v1/employer/jobs/{job}/stages");
    let one = format!("{base}/{}", id_of(&check));
    assert_eq!(app.get_auth(&base, &stranger.token).await.status(), 404);
    assert_eq!(
        add_stage(&app, &stranger, &job, "Mine now", "applied")
            .await
            .status(),
        404
    );
    for (method, path, body) in [
        (
            reqwest::Method::PUT,
            &one,
            Some(json!({ "name": "Renamed" })),
        ),
        (reqwest::Method::DELETE, &one, None),
    ] {
        assert_eq!(
            send(&app, method, path, &stranger.token, body)
                .await
                .status(),
            404
        );
    }
    // A stage id under the wrong job is no stage.
    let crossed = format!("/api/v1/employer/jobs/{other_job}/stages/{}", id_of(&check));
    assert_eq!(
        send(&app, reqwest::Method::DELETE, &crossed, &boss.token, None)
            .await
            .status(),
        404
    );

    // An application to the job is offered the job's stages, each after the one it follows,
    // and never another job's.
    let me = applicant(&app, "rudo@example.com").await;
    let application = applied_id(&app, &me, &json!({ "job_id": job })).await;
    let mine = listed(&app, &boss).await;
    let next = next_keys(&mine);
    assert_eq!(
        next[..3],
        [
            "screening".to_string(),
            check.clone(),
            "interview".to_string()
        ]
    );
    assert_eq!(next.len(), 4 + 5, "{next:?}");
    assert!(!next.contains(&clerk));
    let body = error(move_to(&app, &boss, &application, &clerk).await, 422).await;
    assert_eq!(body["fields"]["stage"][0], "Please choose a stage");
    // Nor is a key naming no stage, or naming one after another stage than it follows.
    let misplaced = format!("applied:{}", id_of(&check));
    for key in ["screening:no-such-stage", misplaced.as_str()] {
        let body = error(move_to(&app, &boss, &application, key).await, 422).await;
        assert_eq!(body["fields"]["stage"][0], "Please choose a stage", "{key}");
    }
}

// One application through a job's own stages: each step reads what the one before left.
#[allow(clippy::too_many_lines)]
#[tokio::test]
async fn an_application_moves_through_a_jobs_own_stage_and_the_candidate_reads_plain_words() {
    let app = spawn_app().await;
    let boss = employer(&app, "talent@school.example").await;
    let job = open_job(&app, &boss, "Mathematics Teacher").await;
    let demo = added_key(&app, &boss, &job, "Demo lesson", "screening").await;
    let second = added_key(&app, &boss, &job, "Second interview", "interview").await;
    let me = applicant(&app, "nyasha@example.com").await;
    let application = applied_id(&app, &me, &json!({ "job_id": job })).await;

    let moved = move_to(&app, &boss, &application, &demo).await;
    assert_eq!(moved.status(), 200);
    let moved: Value = moved.json().await.unwrap();
    assert_eq!(moved["message"], "Moved to Demo lesson");
    assert_eq!(moved["stage"], demo.as_str());
    assert_eq!(moved["stage_label"], "Demo lesson");
    assert_eq!(moved["status"], "under_review");
    assert!(!next_keys(&moved).contains(&demo));
    let mine = listed(&app, &boss).await;
    assert_eq!(mine["stage"], demo.as_str());
    assert_eq!(mine["stage_label"], "Demo lesson");
    assert_eq!(mine["stage_group"], "screening", "its column on the board");

    // The candidate reads "In review", never the employer's name for the stage.
    let theirs = app
        .get_auth("/api/v1/applications", &me.token)
        .await
        .text()
        .await
        .unwrap();
    assert!(!theirs.contains("Demo lesson"), "{theirs}");
    let theirs: Value = serde_json::from_str(&theirs).unwrap();
    assert_eq!(theirs["applications"][0]["status_label"], "In review");

    // The search's Screening finds it, under the job's name for its stage.
    let found = in_stage(&app, &boss, "screening").await;
    assert_eq!(
        found["candidates"][0]["applications"][0]["stage_label"],
        "Demo lesson"
    );
    let found = in_stage(&app, &boss, "interview").await;
    assert_eq!(found["candidates"].as_array().unwrap().len(), 0);

    // Renamed: the application reads the new name; a taken name is refused.
    let one = format!("/api/v1/employer/jobs/{job}/stages/{}", id_of(&demo));
    let renamed = rename(&app, &boss, &one, "Sample lesson").await;
    assert_eq!(renamed.status(), 200);
    assert_eq!(listed(&app, &boss).await["stage_label"], "Sample lesson");
    let taken = rename(&app, &boss, &one, "second INTERVIEW").await;
    assert_eq!(
        error(taken, 422).await["fields"]["name"][0],
        "This job already has a stage with that name"
    );
    // A name that hides or reorders characters is refused, renamed or new.
    let hiding = rename(&app, &boss, &one, "\u{202e}nossel elpmas").await;
    assert_eq!(
        error(hiding, 422).await["fields"]["name"][0],
        jobtap_core::job_limits::MSG_HIDDEN_CHARACTERS
    );
    let hiding = add_stage(&app, &boss, &job, "Panel\u{0}", "interview").await;
    assert_eq!(
        error(hiding, 422).await["fields"]["name"][0],
        jobtap_core::job_limits::MSG_HIDDEN_CHARACTERS
    );
    assert_eq!(listed(&app, &boss).await["stage_label"], "Sample lesson");

    // Not removed while the application is in it.
    let body = error(
        send(&app, reqwest::Method::DELETE, &one, &boss.token, None).await,
        409,
    )
    .await;
    assert_eq!(
        body["message"],
        "Move the applications in this stage to another stage first"
    );

    // Two days later to the second interview, where times can be proposed.
    app.clock.advance(2 * 86_400_000);
    let boss = sign_in_employer(&app, "talent@school.example").await;
    assert_eq!(
        move_to(&app, &boss, &application, &second).await.status(),
        200
    );
    let (slot, _) = harare(&app, 3, "10:00");
    let proposed = propose(
        &app,
        &boss,
        &application,
        &json!({ "time_zone": "Africa/Harare", "slots": [slot], "duration_minutes": 30, "location": "Staff room" }),
    )
    .await;
    assert_eq!(
        proposed.status(),
        200,
        "a job's own stage after Interview proposes times"
    );
    assert_eq!(
        send(&app, reqwest::Method::DELETE, &one, &boss.token, None)
            .await
            .status(),
        204
    );
    let stages: Value = app
        .get_auth(&format!("/api/v1/employer/jobs/{job}/stages"), &boss.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(stages["stages"].as_array().unwrap().len(), 1);

    // Every move is stored with its keys; the funnel counts a job's own stage as the one it
    // follows, the two days in "Demo lesson" as days in Screening.
    let steps: Vec<(String, String)> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_as(
            "SELECT from_stage, to_stage FROM application_stage_moves WHERE application_id = $1 ORDER BY at",
        )
        .bind(&application)
        .fetch_all(pool)
        .await
    })
    .unwrap();
    assert_eq!(
        steps,
        [
            ("applied".to_string(), demo.clone()),
            (demo.clone(), second.clone())
        ]
    );
    let funnel: Vec<(String, u64, Option<f64>)> = funnel(&app, &boss)
        .await
        .into_iter()
        .map(|(stage, reached, _, days)| (stage, reached, days))
        .collect();
    assert_eq!(
        funnel,
        [
            ("applied".to_string(), 1, Some(0.0)),
            ("screening".to_string(), 1, Some(2.0)),
            ("interview".to_string(), 1, None),
            ("offer".to_string(), 0, None),
            ("hired".to_string(), 0, None),
        ]
    );
    let audited = jobtap_api::audit::events_for(&app.db, &job).await.unwrap();
    for event in ["job_stage_added", "job_stage_renamed", "job_stage_removed"] {
        assert!(audited.iter().any(|e| e == event), "{event}: {audited:?}");
    }
}

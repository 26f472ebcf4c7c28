//! Each team role against each employer route: the matrix below is the rule, `docs/security.md`
//! carries it, and the test calls every employer operation of the served OpenAPI document as an
//! admin, a recruiter, an interviewer on the job and an interviewer who is not, on fresh
//! companies (so that what one call changes cannot decide another's answer).
//!
//! An operation the matrix does not name fails the test: a new route is placed in it first.

use std::collections::BTreeMap;

use jobtap_core::pipeline::MSG_APPLICATION_NOT_FOUND;
use serde_json::{Value, json};

use super::access::{body_of, call, fill, operations};
use crate::employer::{attach, job_body, post_job};
use crate::feed::User;
use crate::helpers::{DirectScores, TestApp, TestOptions, spawn_app_with_env};
use crate::profile::{PDF, file};
use crate::team::{clinic_admin, invited, joined};

/// Who may call an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    /// Admins only: the team, the company's settings, the company's log.
    Admins,
    /// Admins and recruiters: every change to jobs and applicants, every company-wide read.
    Recruiters,
    /// Every member; an interviewer only on the jobs whose hiring team lists them (a job they
    /// are not on is a 404, as for strangers).
    Listed,
    /// Every member: the lists (an interviewer's hold only their jobs) and the team.
    Members,
}

use Who::{Admins, Listed, Members, Recruiters};

/// The matrix: every employer operation and who may call it.
const MATRIX: &[(&str, Who)] = &[
    ("GET /api/v1/employer/analytics", Recruiters),
    ("GET /api/v1/employer/applications", Members),
    ("POST /api/v1/employer/applications/bulk", Recruiters),
    ("GET /api/v1/employer/applications/export.csv", Recruiters),
    ("GET /api/v1/employer/applications/rejected", Recruiters),
    ("DELETE /api/v1/employer/applications/{id}", Recruiters),
    ("POST /api/v1/employer/applications/{id}/accept", Recruiters),
    ("GET /api/v1/employer/applications/{id}/candidate", Listed),
    ("PUT /api/v1/employer/applications/{id}/comment", Recruiters),
    (
        "GET /api/v1/employer/applications/{id}/documents/{doc}",
        Listed,
    ),
    (
        "GET /api/v1/employer/applications/{id}/documents/{doc}/preview",
        Listed,
    ),
    (
        "DELETE /api/v1/employer/applications/{id}/interview",
        Recruiters,
    ),
    (
        "PUT /api/v1/employer/applications/{id}/interview",
        Recruiters,
    ),
    (
        "GET /api/v1/employer/applications/{id}/interview.ics",
        Listed,
    ),
    (
        "POST /api/v1/employer/applications/{id}/reconsider",
        Recruiters,
    ),
    ("POST /api/v1/employer/applications/{id}/reject", Recruiters),
    ("PUT /api/v1/employer/applications/{id}/scorecard", Listed),
    ("GET /api/v1/employer/applications/{id}/scorecards", Listed),
    ("POST /api/v1/employer/applications/{id}/stage", Recruiters),
    ("GET /api/v1/employer/audit", Admins),
    ("GET /api/v1/employer/audit.csv", Admins),
    ("GET /api/v1/employer/candidates", Recruiters),
    ("GET /api/v1/employer/jobs", Members),
    ("POST /api/v1/employer/jobs", Recruiters),
    ("POST /api/v1/employer/jobs/import", Recruiters),
    (
        "POST /api/v1/employer/jobs/import/already-posted",
        Recruiters,
    ),
    ("DELETE /api/v1/employer/jobs/{id}", Recruiters),
    ("GET /api/v1/employer/jobs/{id}", Listed),
    ("PUT /api/v1/employer/jobs/{id}", Recruiters),
    ("GET /api/v1/employer/jobs/{id}/scorecard-criteria", Listed),
    (
        "PUT /api/v1/employer/jobs/{id}/scorecard-criteria",
        Recruiters,
    ),
    ("GET /api/v1/employer/jobs/{id}/stages", Listed),
    ("POST /api/v1/employer/jobs/{id}/stages", Recruiters),
    (
        "DELETE /api/v1/employer/jobs/{id}/stages/{stage}",
        Recruiters,
    ),
    ("PUT /api/v1/employer/jobs/{id}/stages/{stage}", Recruiters),
    ("PUT /api/v1/employer/jobs/{id}/status", Recruiters),
    ("GET /api/v1/employer/jobs/{id}/team", Listed),
    ("PUT /api/v1/employer/jobs/{id}/team", Recruiters),
    ("POST /api/v1/employer/logos", Recruiters),
    ("GET /api/v1/employer/recommendation", Recruiters),
    ("GET /api/v1/employer/settings/company", Recruiters),
    ("PUT /api/v1/employer/settings/company", Admins),
    ("GET /api/v1/employer/settings/email-templates", Recruiters),
    ("PUT /api/v1/employer/settings/email-templates", Admins),
    (
        "POST /api/v1/employer/settings/email-templates/preview",
        Recruiters,
    ),
    ("GET /api/v1/employer/settings/retention", Recruiters),
    ("PUT /api/v1/employer/settings/retention", Admins),
    ("GET /api/v1/employer/team", Members),
    ("POST /api/v1/employer/team/invitations", Admins),
    ("DELETE /api/v1/employer/team/invitations/{id}", Admins),
    ("DELETE /api/v1/employer/team/members/{id}", Admins),
    ("PUT /api/v1/employer/team/members/{id}", Admins),
    ("POST /api/v1/functions/ai-job-assistance", Recruiters),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Admin,
    Recruiter,
    InterviewerOnTheJob,
    InterviewerOffTheJob,
}

/// In the order they call: those who may change least first.
const ROLES: [Role; 4] = [
    Role::InterviewerOffTheJob,
    Role::InterviewerOnTheJob,
    Role::Recruiter,
    Role::Admin,
];

/// What the matrix says `role` gets from an operation for `who`.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    Served,
    Refused,
    Hidden,
}

fn expected(who: Who, role: Role) -> Answer {
    match (who, role) {
        (Admins, Role::Admin)
        | (Members, _)
        | (Recruiters, Role::Admin | Role::Recruiter)
        | (Listed, Role::Admin | Role::Recruiter | Role::InterviewerOnTheJob) => Answer::Served,
        (Admins | Recruiters, _) => Answer::Refused,
        (Listed, Role::InterviewerOffTheJob) => Answer::Hidden,
    }
}

/// The 404 messages of a job or application the caller does not reach.
const HIDDEN: &[&str] = &[
    "Job not found",
    MSG_APPLICATION_NOT_FOUND,
    "Stage not found",
    "Document not found",
];

fn answer(status: u16, text: &str) -> Answer {
    let message = serde_json::from_str::<Value>(text)
        .ok()
        .and_then(|v| v["error"]["message"].as_str().map(str::to_owned))
        .unwrap_or_default();
    match status {
        403 => Answer::Refused,
        404 if HIDDEN.contains(&message.as_str()) => Answer::Hidden,
        _ => Answer::Served,
    }
}

/// A company with a job (one stage of its own), an applicant with a resume sent, a pending
/// invitation, a recruiter, an interviewer on the job and one on none.
struct Company {
    members: BTreeMap<&'static str, User>,
    ids: BTreeMap<&'static str, String>,
}

async fn company(app: &TestApp, n: usize) -> Company {
    let domain = format!("clinic{n}.example");
    let admin = clinic_admin(app, &format!("hr@{domain}"), "Mater Dei Clinic").await;
    let job = post_job(app, &admin.token, job_body("Theatre Nurse")).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let stage: Value = app
        .post_json_auth(
            &format!("/api/v1/employer/jobs/{job}/stages"),
            &admin.token,
            &json!({ "name": "Ward round", "after": "screening" }),
        )
        .await
        .json()
        .await
        .unwrap();
    let nurse = crate::feed::candidate(app, &format!("nurse@{domain}")).await;
    let application = app
        .insert_application(&nurse.id, &job, DirectScores::TYPICAL, app.clock_now())
        .await;
    let upload: Value = app
        .client
        .post(app.url("/api/v1/documents"))
        .bearer_auth(&nurse.token)
        .multipart(
            reqwest::multipart::Form::new()
                .text("document_type", "resume")
                .part("file", file(PDF, "Nurse CV.pdf")),
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let document = upload["document"]["id"].as_str().unwrap().to_string();
    attach(app, &application, &document).await;
    let token = invited(app, &admin, &format!("recruiter@{domain}"), "recruiter").await;
    let recruiter = joined(app, &token, "Rumbi Recruiter").await;
    let token = invited(app, &admin, &format!("on@{domain}"), "interviewer").await;
    let on_job = joined(app, &token, "Dr On The Job").await;
    let token = invited(app, &admin, &format!("off@{domain}"), "interviewer").await;
    let off_job = joined(app, &token, "Dr Off The Job").await;
    let listed = app
        .client
        .put(app.url(&format!("/api/v1/employer/jobs/{job}/team")))
        .bearer_auth(&admin.token)
        .json(&json!({ "member_ids": [on_job.id] }))
        .send()
        .await
        .unwrap();
    assert_eq!(listed.status(), 200);
    let invitation: Value = app
        .post_json_auth(
            "/api/v1/employer/team/invitations",
            &admin.token,
            &json!({ "email": format!("pending@{domain}"), "role": "recruiter" }),
        )
        .await
        .json()
        .await
        .unwrap();
    let mut ids = BTreeMap::new();
    ids.insert("job", job);
    ids.insert("stage", stage["stage"]["id"].as_str().unwrap().to_string());
    ids.insert("application", application);
    ids.insert("doc", document);
    ids.insert("invitation", invitation["id"].as_str().unwrap().to_string());
    // The member whose role an admin changes or who is removed: the recruiter.
    ids.insert("member", recruiter.id.clone());
    let mut members = BTreeMap::new();
    members.insert("admin", admin);
    members.insert("recruiter", recruiter);
    members.insert("on", on_job);
    members.insert("off", off_job);
    Company { members, ids }
}

impl Company {
    fn caller(&self, role: Role) -> &User {
        &self.members[match role {
            Role::Admin => "admin",
            Role::Recruiter => "recruiter",
            Role::InterviewerOnTheJob => "on",
            Role::InterviewerOffTheJob => "off",
        }]
    }

    fn path(&self, path: &str) -> String {
        let mut ids = BTreeMap::new();
        if path.starts_with("/api/v1/employer/jobs/") {
            ids.insert("id", self.ids["job"].clone());
            ids.insert("stage", self.ids["stage"].clone());
        } else if path.starts_with("/api/v1/employer/applications/") {
            ids.insert("id", self.ids["application"].clone());
            ids.insert("doc", self.ids["doc"].clone());
        } else if path.starts_with("/api/v1/employer/team/invitations/") {
            ids.insert("id", self.ids["invitation"].clone());
        } else if path.starts_with("/api/v1/employer/team/members/") {
            ids.insert("id", self.ids["member"].clone());
        }
        fill(path, &ids).unwrap_or_else(|| panic!("{path}: name its ids"))
    }
}

#[tokio::test]
async fn every_team_role_gets_what_the_matrix_says_from_every_employer_route() {
    let app = spawn_app_with_env(
        TestOptions::default(),
        vec![("JOBTAP_RATE_LIMIT_FACTOR", "1000".to_string())],
    )
    .await;
    let document: Value = app.get("/api/v1/openapi.json").await.json().await.unwrap();
    let ops: Vec<_> = operations(&document)
        .into_iter()
        .filter(|op| {
            op.path.starts_with("/api/v1/employer/")
                || op.key == "POST /api/v1/functions/ai-job-assistance"
        })
        .collect();
    let mut failures = Vec::new();
    for op in &ops {
        if !MATRIX.iter().any(|(key, _)| *key == op.key) {
            failures.push(format!("{}: not in the matrix", op.key));
        }
    }
    for (key, _) in MATRIX {
        if !ops.iter().any(|op| op.key == *key) {
            failures.push(format!("{key}: in the matrix but not served"));
        }
    }
    let mut n = 0;
    for op in &ops {
        let Some((_, who)) = MATRIX.iter().find(|(key, _)| *key == op.key) else {
            continue;
        };
        let body = body_of(&document, op);
        // The interviewers change nothing but their scorecards, so the recruiter's call after
        // theirs meets the company as it was; the admin's comes on a company of its own.
        n += 1;
        let shared = company(&app, n).await;
        n += 1;
        let own = company(&app, n).await;
        for role in ROLES {
            let company = if role == Role::Admin { &own } else { &shared };
            let path = company.path(&op.path);
            let caller = company.caller(role);
            let (status, text) = call(&app, op, &path, &body, Some(&caller.token)).await;
            let got = answer(status, &text);
            let want = expected(*who, role);
            if got != want || status == 401 || status >= 500 {
                failures.push(format!(
                    "{} as {role:?}: {status} {text} (the matrix says {want:?})",
                    op.key
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

//! Employer teams: an admin invites people by e-mail (a hashed link, good once, for seven days),
//! the invited person joins through the link, and every member works on the company's jobs.
//! Only admins change the team; the last admin stays; a removed member is refused from their
//! next request on; nothing of one company reaches another's members.

use jobtap_core::team::{
    INVITATION_MS, MSG_ADDRESS_CANNOT_JOIN, MSG_ADMIN_ONLY, MSG_ALREADY_MEMBER, MSG_CANNOT_JOIN,
    MSG_INVITATION_GONE, MSG_KEY_ACCOUNT_STAYS, MSG_LAST_ADMIN, MSG_NOT_ON_A_TEAM,
    MSG_OTHER_ADDRESS, MSG_ROLE_UNKNOWN, MSG_TEAM_HOLDS_ACCOUNT,
};
use reqwest::Method;
use serde_json::{Value, json};

use crate::employer::{job_body, post_job, send};
use crate::feed::{User, candidate, error, sign_up};
use crate::helpers::{DirectScores, TestApp, spawn_app, token_after};

pub(crate) const PASSWORD: &str = "mopane worms at dusk";

/// Signs up the admin of a clinic, with their address confirmed.
pub(crate) async fn clinic_admin(app: &TestApp, email: &str, company: &str) -> User {
    sign_up(
        app,
        "/api/v1/auth/employer/signup",
        json!({ "email": email, "password": PASSWORD, "full_name": "Chipo Dube", "company_name": company }),
    )
    .await
}

pub(crate) async fn invite(
    app: &TestApp,
    admin: &User,
    email: &str,
    role: &str,
) -> reqwest::Response {
    send(
        app,
        Method::POST,
        "/api/v1/employer/team/invitations",
        &admin.token,
        Some(json!({ "email": email, "role": role })),
    )
    .await
}

/// The plain text of every invitation e-mailed to `email`, oldest first, from the outbox.
async fn invitation_mails(app: &TestApp, email: &str) -> Vec<(String, String)> {
    let rows: Vec<(String, Vec<u8>)> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_as(
            "SELECT subject, message FROM mail_outbox WHERE recipient = $1 \
             AND kind = 'team_invitation' ORDER BY created_at, id",
        )
        .bind(email)
        .fetch_all(pool)
        .await
        .unwrap()
    });
    rows.into_iter()
        .map(|(subject, bytes)| {
            let text = crate::support::smtp::Received {
                envelope_to: email.to_string(),
                raw: String::from_utf8(bytes).unwrap(),
            }
            .text();
            (subject, text)
        })
        .collect()
}

/// Invites `email` as `role` and returns the token of the link e-mailed.
pub(crate) async fn invited(app: &TestApp, admin: &User, email: &str, role: &str) -> String {
    assert_eq!(invite(app, admin, email, role).await.status(), 201);
    let mails = invitation_mails(app, &email.trim().to_lowercase()).await;
    let (_, text) = mails.last().expect("an invitation e-mail");
    let token = token_after(text, "/join-team#token=");
    assert_eq!(token.len(), 43, "256 bits, URL-safe base64: {token}");
    token
}

/// Signs `email` in again (a joined member's token ages with the clock).
pub(crate) async fn signed_in(app: &TestApp, email: &str) -> User {
    let response = app
        .post_json(
            "/api/v1/auth/employer/signin",
            &json!({ "email": email, "password": PASSWORD }),
        )
        .await;
    assert_eq!(response.status(), 200);
    let session: Value = response.json().await.unwrap();
    User {
        id: session["user"]["id"].as_str().unwrap().to_string(),
        token: session["access_token"].as_str().unwrap().to_string(),
    }
}

async fn join(app: &TestApp, token: &str, name: &str) -> reqwest::Response {
    app.post_json(
        "/api/v1/team/join",
        &json!({ "token": token, "full_name": name, "password": PASSWORD }),
    )
    .await
}

/// Joins through `token` and returns the new member's session.
pub(crate) async fn joined(app: &TestApp, token: &str, name: &str) -> User {
    let response = join(app, token, name).await;
    assert_eq!(response.status(), 201);
    let session: Value = response.json().await.unwrap();
    User {
        id: session["user"]["id"].as_str().unwrap().to_string(),
        token: session["access_token"].as_str().unwrap().to_string(),
    }
}

async fn team(app: &TestApp, member: &User) -> Value {
    let response = app.get_auth("/api/v1/employer/team", &member.token).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

async fn job_titles(app: &TestApp, member: &User) -> Vec<String> {
    let response = app.get_auth("/api/v1/employer/jobs", &member.token).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    let mut titles: Vec<String> = body["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|job| job["job_title"].as_str().unwrap().to_string())
        .collect();
    titles.sort();
    titles
}

/// Posts a job titled `title` as `member` and returns its id.
async fn job_id(app: &TestApp, member: &User, title: &str) -> String {
    post_job(app, &member.token, job_body(title)).await["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// How many notices `user`'s bell shows.
async fn bell_count(app: &TestApp, user: &User) -> usize {
    let bell: Value = app
        .get_auth("/api/v1/notifications", &user.token)
        .await
        .json()
        .await
        .unwrap();
    bell["notifications"].as_array().unwrap().len()
}

async fn set_role(app: &TestApp, admin: &User, member: &str, role: &str) -> reqwest::Response {
    let path = format!("/api/v1/employer/team/members/{member}");
    send(
        app,
        Method::PUT,
        &path,
        &admin.token,
        Some(json!({ "role": role })),
    )
    .await
}

pub(crate) async fn remove(app: &TestApp, admin: &User, member: &str) -> reqwest::Response {
    let path = format!("/api/v1/employer/team/members/{member}");
    send(app, Method::DELETE, &path, &admin.token, None).await
}

#[tokio::test]
async fn an_invited_recruiter_joins_by_the_link_and_works_on_the_company_s_jobs() {
    let app = spawn_app().await;
    let admin = clinic_admin(&app, "hr@parirenyatwa.example", "Parirenyatwa Pharmacy").await;
    let job = job_id(&app, &admin, "Dispensary Assistant").await;
    let pharmacist = candidate(&app, "nyasha.pharm@mail.example").await;
    let application = app
        .insert_application(&pharmacist.id, &job, DirectScores::TYPICAL, app.clock_now())
        .await;

    let token = invited(
        &app,
        &admin,
        " Farai.Gumbo@Parirenyatwa.example ",
        "recruiter",
    )
    .await;
    let mails = invitation_mails(&app, "farai.gumbo@parirenyatwa.example").await;
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].0, "Join Parirenyatwa Pharmacy on JobTap");
    assert!(
        mails[0]
            .1
            .contains("Chipo Dube invited you to join Parirenyatwa Pharmacy")
    );
    assert!(mails[0].1.contains("The link works once, for 7 days."));

    // The join page reads what the link offers; the token is stored only as its hash.
    let offer: Value = app
        .post_json("/api/v1/team/invitation", &json!({ "token": token }))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(offer["company_name"], "Parirenyatwa Pharmacy");
    assert_eq!(offer["email"], "farai.gumbo@parirenyatwa.example");
    assert_eq!(offer["role"], "recruiter");
    assert_eq!(offer["has_account"], false);
    let stored: i64 = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT COUNT(*) FROM company_invitations WHERE token_hash = $1")
            .bind(&token)
            .fetch_one(pool)
            .await
            .unwrap()
    });
    assert_eq!(stored, 0, "the raw token is not stored");

    let recruiter = joined(&app, &token, "Farai Gumbo").await;
    // Once only.
    let again = error(join(&app, &token, "Someone Else").await, 410).await;
    assert_eq!(again["message"], MSG_INVITATION_GONE);

    // The company's jobs are the recruiter's to work on, and what they post is the company's.
    assert_eq!(job_titles(&app, &recruiter).await, ["Dispensary Assistant"]);
    post_job(&app, &recruiter.token, job_body("Pharmacy Technician")).await;
    assert_eq!(
        job_titles(&app, &admin).await,
        ["Dispensary Assistant", "Pharmacy Technician"]
    );

    // The recruiter moves the admin's applicant on; the move is kept under the recruiter.
    let moved = app
        .post_json_auth(
            &format!("/api/v1/employer/applications/{application}/stage"),
            &recruiter.token,
            &json!({ "stage": "screening" }),
        )
        .await;
    assert_eq!(moved.status(), 200);
    let actor: Option<String> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT actor_id FROM application_stage_moves WHERE application_id = $1")
            .bind(&application)
            .fetch_one(pool)
            .await
            .unwrap()
    });
    assert_eq!(actor.as_deref(), Some(recruiter.id.as_str()));

    // A recruiter reads the team but neither changes it nor the company's settings.
    let seen = team(&app, &recruiter).await;
    assert_eq!(seen["your_role"], "recruiter");
    assert_eq!(seen["members"].as_array().unwrap().len(), 2);
    assert_eq!(seen["invitations"], json!([]));
    let refused = error(
        invite(&app, &recruiter, "x@parirenyatwa.example", "admin").await,
        403,
    )
    .await;
    assert_eq!(refused["message"], MSG_ADMIN_ONLY);
    let settings = send(
        &app,
        Method::PUT,
        "/api/v1/employer/settings/company",
        &recruiter.token,
        Some(json!({ "company_name": "Taken Over Ltd", "company_website": "" })),
    )
    .await;
    assert_eq!(error(settings, 403).await["message"], MSG_ADMIN_ONLY);

    // Who did what is kept: the invitation under the admin, the join under the new member.
    let events = jobtap_api::audit::events_for(&app.db, &admin.id)
        .await
        .unwrap();
    assert!(
        events.contains(&"team_member_invited".to_string()),
        "{events:?}"
    );
    let events = jobtap_api::audit::events_for(&app.db, &recruiter.id)
        .await
        .unwrap();
    assert!(events.contains(&"team_joined".to_string()), "{events:?}");
}

#[tokio::test]
async fn the_last_admin_stays_and_a_removed_member_is_refused_at_their_next_request() {
    let app = spawn_app().await;
    let founder = clinic_admin(&app, "founder@mbare-clinic.example", "Mbare Clinic").await;
    let job = job_id(&app, &founder, "Nursing Sister").await;
    let token = invited(&app, &founder, "matron@mbare-clinic.example", "admin").await;
    let matron = joined(&app, &token, "Rumbidzai Moyo").await;
    let token = invited(&app, &founder, "clerk@mbare-clinic.example", "recruiter").await;
    let clerk = joined(&app, &token, "Tatenda Chari").await;
    // A new applicant on the clerk's bell, as applying rings every member's.
    let nurse = candidate(&app, "tsitsi.nurse@mail.example").await;
    let application = app
        .insert_application(&nurse.id, &job, DirectScores::TYPICAL, app.clock_now())
        .await;
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query(
            "INSERT INTO notifications (id, user_id, kind, application_id, created_at) \
             VALUES ('n-1', $1, 'new_applicant', $2, $3)",
        )
        .bind(&clerk.id)
        .bind(&application)
        .bind(app.clock_now())
        .execute(pool)
        .await
        .map(|_| ())
        .unwrap();
    });
    assert_eq!(bell_count(&app, &clerk).await, 1);

    // With two admins one may step down; the change holds from the next request on.
    assert_eq!(
        set_role(&app, &founder, &founder.id, "recruiter")
            .await
            .status(),
        200
    );
    let refused = error(
        invite(&app, &founder, "y@mbare-clinic.example", "recruiter").await,
        403,
    )
    .await;
    assert_eq!(refused["message"], MSG_ADMIN_ONLY);

    // The last admin can neither step down nor leave.
    let last = error(set_role(&app, &matron, &matron.id, "recruiter").await, 409).await;
    assert_eq!(last["message"], MSG_LAST_ADMIN);
    assert_eq!(
        error(remove(&app, &matron, &matron.id).await, 409).await["message"],
        MSG_LAST_ADMIN
    );
    let unknown = error(set_role(&app, &matron, &clerk.id, "owner").await, 422).await;
    assert_eq!(unknown["message"], MSG_ROLE_UNKNOWN);

    // Removed: refused at once, with the session still open.
    assert_eq!(remove(&app, &matron, &clerk.id).await.status(), 204);
    let gone = error(
        app.get_auth("/api/v1/employer/jobs", &clerk.token).await,
        403,
    )
    .await;
    assert_eq!(gone["message"], MSG_NOT_ON_A_TEAM);
    assert_eq!(
        app.get_auth("/api/v1/auth/session", &clerk.token)
            .await
            .status(),
        200
    );

    // Nor does their bell tell them of the company's applicants any more.
    assert_eq!(bell_count(&app, &clerk).await, 0);

    // The account that signed the company up holds its jobs: it stays on the team, in any
    // role, and cannot be deleted while others are on it.
    assert_eq!(
        error(remove(&app, &matron, &founder.id).await, 409).await["message"],
        MSG_KEY_ACCOUNT_STAYS
    );
    assert_eq!(job_titles(&app, &founder).await, ["Nursing Sister"]);
    let delete = app
        .post_json_auth(
            "/api/v1/account/delete",
            &founder.token,
            &json!({ "password": PASSWORD }),
        )
        .await;
    assert_eq!(error(delete, 409).await["message"], MSG_TEAM_HOLDS_ACCOUNT);

    let members: Vec<String> = team(&app, &matron).await["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["user_id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(members, [founder.id.clone(), matron.id.clone()]);
    let events = jobtap_api::audit::events_for(&app.db, &clerk.id)
        .await
        .unwrap();
    assert!(
        events.contains(&"team_member_removed".to_string()),
        "{events:?}"
    );
}

#[tokio::test]
async fn invitations_are_replaced_withdrawn_expire_and_stay_in_their_company() {
    let app = spawn_app().await;
    let admin = clinic_admin(&app, "hr@bulawayo-dental.example", "Bulawayo Dental").await;
    let other = clinic_admin(&app, "hr@gweru-optics.example", "Gweru Optics").await;

    // A second invitation to the address replaces the first; withdrawing ends the second.
    let first = invited(&app, &admin, "sipho@bulawayo-dental.example", "recruiter").await;
    let second = invited(&app, &admin, "sipho@bulawayo-dental.example", "admin").await;
    assert_eq!(
        error(join(&app, &first, "Sipho Ndlovu").await, 410).await["message"],
        MSG_INVITATION_GONE
    );
    let pending = team(&app, &admin).await["invitations"].clone();
    assert_eq!(pending.as_array().unwrap().len(), 1);
    assert_eq!(pending[0]["role"], "admin");
    let id = pending[0]["id"].as_str().unwrap().to_string();
    let path = format!("/api/v1/employer/team/invitations/{id}");
    // Another company's admin does not reach it.
    assert_eq!(
        send(&app, Method::DELETE, &path, &other.token, None)
            .await
            .status(),
        404
    );
    assert_eq!(
        send(&app, Method::DELETE, &path, &admin.token, None)
            .await
            .status(),
        204
    );
    assert_eq!(
        send(&app, Method::DELETE, &path, &admin.token, None)
            .await
            .status(),
        404
    );
    assert_eq!(
        error(join(&app, &second, "Sipho Ndlovu").await, 410).await["message"],
        MSG_INVITATION_GONE
    );

    let late = invited(&app, &admin, "late@bulawayo-dental.example", "recruiter").await;

    // Bad input, and a member's own address.
    assert_eq!(
        invite(&app, &admin, "not an address", "recruiter")
            .await
            .status(),
        422
    );
    assert_eq!(
        error(
            invite(&app, &admin, "x@bulawayo-dental.example", "boss").await,
            422
        )
        .await["message"],
        MSG_ROLE_UNKNOWN
    );
    let own = error(
        invite(&app, &admin, "hr@bulawayo-dental.example", "admin").await,
        409,
    )
    .await;
    assert_eq!(own["message"], MSG_ALREADY_MEMBER);

    // Members of one company are not found by another's admin.
    assert_eq!(
        set_role(&app, &other, &admin.id, "recruiter")
            .await
            .status(),
        404
    );
    assert_eq!(remove(&app, &other, &admin.id).await.status(), 404);
    let theirs = team(&app, &other).await;
    assert_eq!(theirs["members"].as_array().unwrap().len(), 1);
    assert_eq!(theirs["invitations"], json!([]));

    // Seven days, then a link no longer works (last: the sessions' tokens expire too).
    let (created_at, expires_at): (i64, i64) = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_as(
            "SELECT created_at, expires_at FROM company_invitations WHERE email = $1",
        )
        .bind("late@bulawayo-dental.example")
        .fetch_one(pool)
        .await
        .unwrap()
    });
    assert_eq!(expires_at - created_at, INVITATION_MS);
    app.clock.advance(expires_at - app.clock_now() - 60_000);
    let offer = app
        .post_json("/api/v1/team/invitation", &json!({ "token": late }))
        .await;
    assert_eq!(offer.status(), 200);
    app.clock.advance(60_000);
    assert_eq!(
        error(join(&app, &late, "Nomsa Sibanda").await, 410).await["message"],
        MSG_INVITATION_GONE
    );
}

#[tokio::test]
async fn a_signed_in_account_accepts_only_its_own_invitation_and_only_when_on_no_team() {
    let app = spawn_app().await;
    let admin = clinic_admin(&app, "hr@bulawayo-dental.example", "Bulawayo Dental").await;
    let other = clinic_admin(&app, "hr@gweru-optics.example", "Gweru Optics").await;
    let accept = |user: &User, token: &str| {
        let (user, token) = (user.token.clone(), token.to_string());
        let app = &app;
        async move {
            app.post_json_auth("/api/v1/team/accept", &user, &json!({ "token": token }))
                .await
        }
    };

    // An address whose account could never accept is refused at once: a candidate's, or one on
    // a team already.
    candidate(&app, "tendai@mail.example").await;
    for address in ["tendai@mail.example", "hr@gweru-optics.example"] {
        let refused = error(invite(&app, &admin, address, "recruiter").await, 409).await;
        assert_eq!(refused["message"], MSG_ADDRESS_CANNOT_JOIN);
    }

    // A member removed from a team can be invited back; the link is theirs alone, and they
    // accept it signed in (the join form is for new accounts).
    let token = invited(&app, &admin, "clerk@bulawayo-dental.example", "recruiter").await;
    let clerk = joined(&app, &token, "Tatenda Chari").await;
    assert_eq!(remove(&app, &admin, &clerk.id).await.status(), 204);
    let token = invited(&app, &admin, "clerk@bulawayo-dental.example", "recruiter").await;
    assert_eq!(
        error(accept(&other, &token).await, 403).await["message"],
        MSG_OTHER_ADDRESS
    );
    assert_eq!(
        error(join(&app, &token, "Tatenda Chari").await, 409).await["message"],
        jobtap_core::team::MSG_SIGN_IN_TO_JOIN
    );
    let offer: Value = app
        .post_json("/api/v1/team/invitation", &json!({ "token": token }))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(offer["has_account"], true);

    // Meanwhile another company's admin invites them too, and they accept that first: the first
    // link is then refused, and stays unused.
    let elsewhere = invited(&app, &other, "clerk@bulawayo-dental.example", "recruiter").await;
    assert_eq!(accept(&clerk, &elsewhere).await.status(), 200);
    assert_eq!(
        error(accept(&clerk, &token).await, 409).await["message"],
        MSG_CANNOT_JOIN
    );
    let offer = app
        .post_json("/api/v1/team/invitation", &json!({ "token": token }))
        .await;
    assert_eq!(offer.status(), 200);
    let body: Value = app
        .get_auth("/api/v1/auth/session", &clerk.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body["user"]["company_name"], "Gweru Optics");
    assert_eq!(body["user"]["company_id"], other.id.as_str());
}

#[tokio::test]
async fn inviting_needs_a_confirmed_address_and_is_limited_per_member() {
    let app = spawn_app().await;
    let unconfirmed = crate::feed::sign_up_unconfirmed(
        &app,
        "/api/v1/auth/employer/signup",
        &json!({ "email": "new@kwekwe-motors.example", "password": PASSWORD, "full_name": "Tino Mhlanga", "company_name": "Kwekwe Motors" }),
    )
    .await;
    let refused = error(
        invite(&app, &unconfirmed, "anyone@mail.example", "recruiter").await,
        403,
    )
    .await;
    assert_eq!(refused["message"], jobtap_core::team::MSG_CONFIRM_TO_INVITE);
    assert!(
        invitation_mails(&app, "anyone@mail.example")
            .await
            .is_empty()
    );

    // At the start of a window, so that the count does not restart in the middle.
    let window = jobtap_core::team::INVITES_WINDOW_MS;
    app.clock
        .advance(window - app.clock_now().rem_euclid(window) + 1_000);
    let admin = clinic_admin(&app, "hr@kwekwe-motors.example", "Kwekwe Motors").await;
    for n in 0..jobtap_core::team::INVITES_PER_WINDOW {
        let address = format!("mechanic{n}@mail.example");
        assert_eq!(
            invite(&app, &admin, &address, "recruiter").await.status(),
            201
        );
    }
    let over = invite(&app, &admin, "one.more@mail.example", "recruiter").await;
    assert_eq!(over.status(), 429);
    assert!(
        invitation_mails(&app, "one.more@mail.example")
            .await
            .is_empty()
    );
}

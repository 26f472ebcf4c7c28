//! Interview invitations (and their e-mail): from the Interview stage an
//! employer proposes times in a time zone, the candidate picks one, and both get the event as
//! an iCalendar file by e-mail and as a download; rescheduling and cancelling keep its UID and
//! raise its SEQUENCE. The files are read back with the `icalendar` crate's parser.

use chrono::{Duration, TimeZone, Utc};
use icalendar::{Calendar, CalendarDateTime, Component, DatePerhapsTime, EventLike};
use serde_json::{Value, json};

use crate::employer::{job_body, post_job, send};
use crate::feed::{User, applicant, employer, error};
use crate::helpers::{TestApp, spawn_app_with_smtp};
use crate::support::smtp::SmtpSink;

pub(crate) async fn propose(
    app: &TestApp,
    boss: &User,
    application: &str,
    body: &Value,
) -> reqwest::Response {
    send(
        app,
        reqwest::Method::PUT,
        &format!("/api/v1/employer/applications/{application}/interview"),
        &boss.token,
        Some(body.clone()),
    )
    .await
}

async fn pick(app: &TestApp, who: &User, application: &str, position: i64) -> reqwest::Response {
    app.post_json_auth(
        &format!("/api/v1/applications/{application}/interview"),
        &who.token,
        &json!({ "position": position }),
    )
    .await
}

/// The calendar file a side downloads, parsed; its status code when it is not there.
async fn calendar(app: &TestApp, path: &str, token: &str) -> Result<Calendar, u16> {
    let response = app.get_auth(path, token).await;
    if response.status() != 200 {
        return Err(response.status().as_u16());
    }
    let content_type = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(content_type.starts_with("text/calendar"), "{content_type}");
    Ok(parse(&response.text().await.unwrap()))
}

fn parse(text: &str) -> Calendar {
    text.parse::<Calendar>()
        .unwrap_or_else(|err| panic!("not iCalendar ({err}):\n{text}"))
}

/// The one event of `calendar`: (METHOD, UID, SEQUENCE, DTSTART in UTC, STATUS).
fn event_of(calendar: &Calendar) -> (String, String, u32, i64, String) {
    let events: Vec<_> = calendar.events().collect();
    assert_eq!(events.len(), 1, "{calendar}");
    let event = events[0];
    let Some(DatePerhapsTime::DateTime(CalendarDateTime::Utc(start))) = event.get_start() else {
        panic!("no DTSTART in UTC: {calendar}");
    };
    (
        calendar.property_value("METHOD").unwrap().to_string(),
        event.get_uid().unwrap().to_string(),
        event.get_sequence().unwrap(),
        start.timestamp_millis(),
        event.property_value("STATUS").unwrap().to_string(),
    )
}

/// `days` from the test clock's today at `hh:mm` on Harare's clock, as the form sends it, and
/// the instant it is.
pub(crate) fn harare(app: &TestApp, days: i64, time: &str) -> (String, i64) {
    let zone = chrono_tz::Africa::Harare;
    let day = Utc
        .timestamp_millis_opt(app.clock_now())
        .unwrap()
        .with_timezone(&zone)
        + Duration::days(days);
    let wall = format!("{}T{time}", day.format("%Y-%m-%d"));
    let naive = chrono::NaiveDateTime::parse_from_str(&wall, "%Y-%m-%dT%H:%M").unwrap();
    let at = zone.from_local_datetime(&naive).unwrap().timestamp_millis();
    (wall, at)
}

/// `email` (a complete profile) applies to a new job of `boss`'s titled `title`: the
/// applicant and the application's id.
async fn applied_to(app: &TestApp, boss: &User, title: &str, email: &str) -> (User, String) {
    let mut body = job_body(title);
    body["skills"] = json!(["React", "TypeScript"]);
    let job = post_job(app, &boss.token, body).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let me = applicant(app, email).await;
    let applied = app
        .post_json_auth("/api/v1/applications", &me.token, &json!({ "job_id": job }))
        .await;
    assert_eq!(applied.status(), 201);
    let application = applied.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    (me, application)
}

/// Moves `application` to the Interview stage.
async fn to_interview(app: &TestApp, boss: &User, application: &str) {
    let moved = send(
        app,
        reqwest::Method::POST,
        &format!("/api/v1/employer/applications/{application}/stage"),
        &boss.token,
        Some(json!({ "stage": "interview" })),
    )
    .await;
    assert_eq!(moved.status(), 200);
}

async fn audited(app: &TestApp, event: &str) -> i64 {
    jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT COUNT(*) FROM audit_log WHERE event = $1")
            .bind(event)
            .fetch_one(pool)
            .await
    })
    .unwrap()
}

// One interview from proposal to cancellation: each step reads what the one before left.
#[allow(clippy::too_many_lines)]
#[tokio::test]
async fn an_interview_is_proposed_picked_moved_and_cancelled_as_one_calendar_event() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let boss = employer(&app, "hr@clinic.example").await;
    let (me, application) =
        applied_to(&app, &boss, "Frontend Developer", "tatenda@example.com").await;
    let (first, first_at) = harare(&app, 3, "10:00");
    let (second, second_at) = harare(&app, 4, "14:30");
    let proposal = json!({
        "time_zone": "Africa/Harare",
        "slots": [first, second],
        "duration_minutes": 45,
        "location": "https://meet.example.com/abc-defg-hij",
    });

    // Only from the Interview stage.
    let body = error(propose(&app, &boss, &application, &proposal).await, 409).await;
    assert_eq!(body["message"], "Move the application to Interview first");
    to_interview(&app, &boss, &application).await;

    // Each bad field is named with core's message.
    let (past, _) = harare(&app, -1, "10:00");
    for (change, field, message) in [
        (
            json!({ "time_zone": "Mars/Olympus" }),
            "time_zone",
            "Please choose a time zone",
        ),
        (
            json!({ "slots": [] }),
            "slots",
            "Please propose at least one time",
        ),
        (
            json!({ "slots": [first, second, "2030-01-01T09:00", "2030-01-02T09:00"] }),
            "slots",
            "Propose at most 3 times",
        ),
        (
            json!({ "slots": [past] }),
            "slots",
            "Each time must be at least an hour from now",
        ),
        (
            json!({ "slots": [first, first] }),
            "slots",
            "Each proposed time must be different",
        ),
        (
            json!({ "slots": ["next Tuesday"] }),
            "slots",
            "Please give each time as a date and a time",
        ),
        (
            json!({ "time_zone": "Europe/London", "slots": ["2027-03-28T01:30"] }),
            "slots",
            "That time does not exist in the chosen time zone (the clocks change then)",
        ),
        (
            json!({ "duration_minutes": 50 }),
            "duration_minutes",
            "Please choose a length of 15, 30, 45, 60, 90 or 120 minutes",
        ),
        (
            json!({ "location": "javascript:alert(1)" }),
            "location",
            "A video link must start with https:// or http://",
        ),
        (
            json!({ "location": "  " }),
            "location",
            "Please give a place or a video link",
        ),
    ] {
        let mut bad = proposal.clone();
        for (key, value) in change.as_object().unwrap() {
            bad[key] = value.clone();
        }
        let body = error(propose(&app, &boss, &application, &bad).await, 422).await;
        assert_eq!(body["fields"][field][0], message, "{change}");
    }
    let stranger = employer(&app, "other@firm.example").await;
    assert_eq!(
        propose(&app, &stranger, &application, &proposal)
            .await
            .status(),
        404
    );

    let proposed = propose(&app, &boss, &application, &proposal).await;
    assert_eq!(proposed.status(), 200);
    let proposed: Value = proposed.json().await.unwrap();
    assert_eq!(proposed["interview"]["status"], "proposed");
    let employers_label = &proposed["interview"]["status_label"];
    assert_eq!(employers_label, "Waiting for the candidate to pick a time");
    let label = proposed["interview"]["slots"][0]["label"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(label.ends_with(", 10:00–10:45 (Africa/Harare)"), "{label}");
    assert_eq!(proposed["interview"]["slots"][0]["starts_at"], first_at);
    assert_eq!(proposed["interview"]["slots"][1]["starts_at"], second_at);

    // The candidate sees the times in the app and in an e-mail, and the bell.
    let mine: Value = app
        .get_auth("/api/v1/applications", &me.token)
        .await
        .json()
        .await
        .unwrap();
    let interview = &mine["applications"][0]["interview"];
    assert_eq!(interview["status_label"], "Interview times proposed");
    assert_eq!(interview["slots"][0]["label"], label.as_str());
    assert_eq!(interview["location_is_link"], true);
    let bell: Value = app
        .get_auth("/api/v1/notifications", &me.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(bell["notifications"][0]["title"], "Interview invitation");
    let invitation = sink
        .wait_for_to(
            "tatenda@example.com",
            "Interview invitation: Frontend Developer",
            1,
        )
        .await;
    assert!(
        invitation[0].text().contains(&format!("• {label}")),
        "{}",
        invitation[0].text()
    );

    // No event until a time is picked.
    let candidate_file = format!("/api/v1/applications/{application}/interview.ics");
    let employer_file = format!("/api/v1/employer/applications/{application}/interview.ics");
    assert_eq!(
        calendar(&app, &candidate_file, &me.token).await.err(),
        Some(404)
    );
    assert_eq!(
        calendar(&app, &employer_file, &boss.token).await.err(),
        Some(404)
    );

    let other = applicant(&app, "someone@example.com").await;
    assert_eq!(pick(&app, &other, &application, 0).await.status(), 404);
    let body = error(pick(&app, &me, &application, 5).await, 422).await;
    assert_eq!(
        body["fields"]["position"][0],
        "Please pick one of the proposed times"
    );
    let booked = pick(&app, &me, &application, 1).await;
    assert_eq!(booked.status(), 200);
    let booked: Value = booked.json().await.unwrap();
    assert_eq!(booked["interview"]["status"], "scheduled");
    assert_eq!(booked["interview"]["booked"]["starts_at"], second_at);
    assert!(
        booked["message"]
            .as_str()
            .unwrap()
            .starts_with("Interview booked: ")
    );
    let body = error(pick(&app, &me, &application, 0).await, 409).await;
    assert_eq!(body["message"], "There are no times to pick from now");

    // Both sides download the same event, and both get it by e-mail.
    let (method, uid, sequence, start, status) =
        event_of(&calendar(&app, &employer_file, &boss.token).await.unwrap());
    assert_eq!(
        (method.as_str(), sequence, start, status.as_str()),
        ("REQUEST", 0, second_at, "CONFIRMED")
    );
    let theirs = calendar(&app, &candidate_file, &me.token).await.unwrap();
    assert_eq!(event_of(&theirs).1, uid);
    let event = theirs.events().next().unwrap();
    assert_eq!(
        event.get_location(),
        Some("https://meet.example.com/abc-defg-hij")
    );
    assert_eq!(
        event.get_summary(),
        Some("Interview: Frontend Developer at Acme")
    );
    let attendees = event.get_attendees();
    assert_eq!(attendees.len(), 1);
    assert_eq!(attendees[0].cal_address, "mailto:tatenda@example.com");
    assert_eq!(
        event.property_value("ORGANIZER"),
        Some("mailto:hr@clinic.example")
    );
    assert_eq!(
        calendar(&app, &candidate_file, &other.token).await.err(),
        Some(404)
    );
    assert_eq!(
        calendar(&app, &employer_file, &stranger.token).await.err(),
        Some(404)
    );
    for to in ["tatenda@example.com", "hr@clinic.example"] {
        let mails = sink
            .wait_for_to(to, "Interview booked: Frontend Developer", 1)
            .await;
        let attached = parse(&mails[0].part("text/calendar"));
        assert_eq!(event_of(&attached).1, uid, "{to}");
        assert_eq!(event_of(&attached).0, "REQUEST");
    }
    let bell: Value = app
        .get_auth("/api/v1/notifications", &boss.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(bell["notifications"][0]["title"], "Interview time picked");

    // New times: the candidate picks again, and the same event moves.
    let (third, third_at) = harare(&app, 6, "09:15");
    let mut moved = proposal.clone();
    moved["slots"] = json!([third]);
    moved["location"] = json!("Clinic, 12 Samora Machel Ave, Harare; ask for HR");
    assert_eq!(
        propose(&app, &boss, &application, &moved).await.status(),
        200
    );
    sink.wait_for_to("tatenda@example.com", "New interview times", 1)
        .await;
    assert_eq!(pick(&app, &me, &application, 0).await.status(), 200);
    let moved_event = calendar(&app, &candidate_file, &me.token).await.unwrap();
    let (method, same_uid, sequence, start, _) = event_of(&moved_event);
    assert_eq!((method.as_str(), sequence, start), ("REQUEST", 1, third_at));
    assert_eq!(same_uid, uid);
    assert_eq!(
        moved_event.events().next().unwrap().get_location(),
        Some("Clinic, 12 Samora Machel Ave, Harare; ask for HR"),
        "text with ; and , survives the escaping"
    );

    // Cancelled: the same event, next SEQUENCE, out of both calendars.
    let cancelled = send(
        &app,
        reqwest::Method::DELETE,
        &format!("/api/v1/employer/applications/{application}/interview"),
        &boss.token,
        None,
    )
    .await;
    assert_eq!(cancelled.status(), 200);
    let cancelled: Value = cancelled.json().await.unwrap();
    assert_eq!(cancelled["interview"]["status"], "cancelled");
    assert!(cancelled["interview"]["booked"].is_null());
    let (method, cancelled_uid, sequence, _, status) =
        event_of(&calendar(&app, &employer_file, &boss.token).await.unwrap());
    assert_eq!(
        (method.as_str(), sequence, status.as_str()),
        ("CANCEL", 2, "CANCELLED")
    );
    assert_eq!(cancelled_uid, uid);
    for to in ["tatenda@example.com", "hr@clinic.example"] {
        let mails = sink
            .wait_for_to(to, "Interview cancelled: Frontend Developer", 1)
            .await;
        assert_eq!(
            event_of(&parse(&mails[0].part("text/calendar"))).0,
            "CANCEL"
        );
    }
    assert_eq!(
        send(
            &app,
            reqwest::Method::DELETE,
            &format!("/api/v1/employer/applications/{application}/interview"),
            &boss.token,
            None
        )
        .await
        .status(),
        404
    );
    assert_eq!(pick(&app, &me, &application, 0).await.status(), 409);
    // Each message went once (the cancellations came last, after everything before them).
    let received = sink.received();
    let count = |to: &str, subject: &str| {
        received
            .iter()
            .filter(|m| {
                m.envelope_to == to && m.header("Subject").is_some_and(|s| s.starts_with(subject))
            })
            .count()
    };
    assert_eq!(count("tatenda@example.com", "Interview invitation"), 1);
    assert_eq!(count("tatenda@example.com", "New interview times"), 1);
    assert_eq!(count("tatenda@example.com", "Interview booked"), 2);
    assert_eq!(count("hr@clinic.example", "Interview booked"), 2);
    assert_eq!(count("hr@clinic.example", "Interview invitation"), 0);
    assert_eq!(
        (
            audited(&app, "interview_proposed").await,
            audited(&app, "interview_scheduled").await,
            audited(&app, "interview_cancelled").await
        ),
        (2, 2, 1)
    );
}

#[tokio::test]
async fn each_side_gets_the_booking_by_e_mail_only_as_they_chose() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let boss = employer(&app, "hr@mine.example").await;
    let (me, application) = applied_to(&app, &boss, "Mining Engineer", "chipo@example.com").await;
    for (who, setting) in [(&me, "application_updates"), (&boss, "interview_updates")] {
        let off = send(
            &app,
            reqwest::Method::PUT,
            "/api/v1/notifications/settings",
            &who.token,
            Some(json!({ "kind": setting, "email": false })),
        )
        .await;
        assert_eq!(off.status(), 200, "{setting}");
    }
    to_interview(&app, &boss, &application).await;
    let (slot, _) = harare(&app, 2, "11:00");
    let proposal = json!({ "time_zone": "Africa/Harare", "slots": [slot], "duration_minutes": 30, "location": "Shaft 3 office" });
    assert_eq!(
        propose(&app, &boss, &application, &proposal).await.status(),
        200
    );
    assert_eq!(pick(&app, &me, &application, 0).await.status(), 200);
    // Nothing is queued for either: the bell still tells both.
    let queued: i64 = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT COUNT(*) FROM mail_outbox WHERE kind LIKE 'interview%'")
            .fetch_one(pool)
            .await
    })
    .unwrap();
    assert_eq!(queued, 0);
    let bell: Value = app
        .get_auth("/api/v1/notifications", &boss.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(bell["notifications"][0]["title"], "Interview time picked");
    let bell: Value = app
        .get_auth("/api/v1/notifications", &me.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(bell["notifications"][0]["title"], "Interview invitation");
}

#[tokio::test]
async fn a_rejection_calls_off_the_interview_and_its_times_cannot_be_picked() {
    let app = crate::helpers::spawn_app().await;
    let boss = employer(&app, "hr@works.example").await;
    let (me, application) = applied_to(&app, &boss, "Site Engineer", "nyasha@example.com").await;
    to_interview(&app, &boss, &application).await;
    let (slot, _) = harare(&app, 2, "09:00");
    let proposal = json!({ "time_zone": "Africa/Harare", "slots": [slot], "duration_minutes": 60, "location": "Site office" });
    assert_eq!(
        propose(&app, &boss, &application, &proposal).await.status(),
        200
    );
    let rejected = send(
        &app,
        reqwest::Method::POST,
        &format!("/api/v1/employer/applications/{application}/reject"),
        &boss.token,
        Some(json!({ "reason": "position_filled" })),
    )
    .await;
    assert_eq!(rejected.status(), 200);

    let body = error(pick(&app, &me, &application, 0).await, 409).await;
    assert_eq!(body["message"], "This application is no longer open");
    let mine: Value = app
        .get_auth("/api/v1/applications", &me.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(mine["applications"][0]["interview"]["status"], "cancelled");
    assert_eq!(mine["applications"][0]["status_label"], "Not selected");
}

/// The employer of the calling-off test.
const BOSS: &str = "hr@hospital.example";

/// Books an interview on `application` two days ahead, and the booked event's UID.
async fn booked(
    app: &TestApp,
    sink: &SmtpSink,
    boss: &User,
    me: &User,
    application: &str,
    title: &str,
) -> String {
    to_interview(app, boss, application).await;
    let (slot, _) = harare(app, 2, "10:00");
    let proposal = json!({ "time_zone": "Africa/Harare", "slots": [slot], "duration_minutes": 30, "location": "Main office" });
    assert_eq!(
        propose(app, boss, application, &proposal).await.status(),
        200
    );
    assert_eq!(pick(app, me, application, 0).await.status(), 200);
    let mails = sink
        .wait_for_to(BOSS, &format!("Interview booked: {title}"), 1)
        .await;
    let (method, uid, sequence, _, _) = event_of(&parse(&mails[0].part("text/calendar")));
    assert_eq!((method.as_str(), sequence), ("REQUEST", 0));
    uid
}

// Whatever ends the application, a booked event leaves both calendars: the same UID, the
// next SEQUENCE, METHOD:CANCEL, once to each side, in words that say what happened.
#[tokio::test]
async fn rejecting_withdrawing_or_deleting_the_job_cancels_the_booked_event_for_both() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let boss = employer(&app, BOSS).await;
    let (rudo, rejected) = applied_to(&app, &boss, "Theatre Nurse", "rudo@example.com").await;
    let (farai, withdrawn) = applied_to(&app, &boss, "Radiographer", "farai@example.com").await;
    let (tino, closed) = applied_to(&app, &boss, "Pharmacist", "tino@example.com").await;
    let rejected_uid = booked(&app, &sink, &boss, &rudo, &rejected, "Theatre Nurse").await;
    let withdrawn_uid = booked(&app, &sink, &boss, &farai, &withdrawn, "Radiographer").await;
    let closed_uid = booked(&app, &sink, &boss, &tino, &closed, "Pharmacist").await;

    let rejection = send(
        &app,
        reqwest::Method::POST,
        &format!("/api/v1/employer/applications/{rejected}/reject"),
        &boss.token,
        Some(json!({ "reason": "position_filled" })),
    )
    .await;
    assert_eq!(rejection.status(), 200);
    let withdrawal = send(
        &app,
        reqwest::Method::DELETE,
        &format!("/api/v1/applications/{withdrawn}"),
        &farai.token,
        None,
    )
    .await;
    assert_eq!(withdrawal.status(), 204);
    let job: String = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar("SELECT job_id FROM applications WHERE id = $1")
            .bind(&closed)
            .fetch_one(pool)
            .await
    })
    .unwrap();
    let deleted = send(
        &app,
        reqwest::Method::DELETE,
        &format!("/api/v1/employer/jobs/{job}"),
        &boss.token,
        None,
    )
    .await;
    assert_eq!(deleted.status(), 200);

    for (candidate, title, uid, says) in [
        (
            "rudo@example.com",
            "Theatre Nurse",
            &rejected_uid,
            "The application for Theatre Nurse at",
        ),
        (
            "farai@example.com",
            "Radiographer",
            &withdrawn_uid,
            "withdrew the application for Radiographer",
        ),
        (
            "tino@example.com",
            "Pharmacist",
            &closed_uid,
            "closed the Pharmacist job",
        ),
    ] {
        for to in [candidate, BOSS] {
            let mails = sink
                .wait_for_to(to, &format!("Interview cancelled: {title}"), 1)
                .await;
            let (method, same_uid, sequence, _, status) =
                event_of(&parse(&mails[0].part("text/calendar")));
            assert_eq!(
                (method.as_str(), sequence, status.as_str()),
                ("CANCEL", 1, "CANCELLED"),
                "{title} to {to}"
            );
            assert_eq!(&same_uid, uid, "{title} to {to}");
            assert!(
                mails[0].text().contains(says),
                "{title}: {}",
                mails[0].text()
            );
        }
    }
    let received = sink.received();
    for title in ["Theatre Nurse", "Radiographer", "Pharmacist"] {
        let subject = format!("Interview cancelled: {title}");
        let sent = received
            .iter()
            .filter(|m| m.header("Subject").as_deref() == Some(subject.as_str()))
            .count();
        assert_eq!(sent, 2, "{subject}: once to each side");
    }
}

#[tokio::test]
async fn the_member_who_proposed_the_interview_gets_the_booking() {
    let sink = SmtpSink::start();
    let app = spawn_app_with_smtp(&sink).await;
    let boss = employer(&app, "hr@mine.example").await;
    let token = crate::team::invited(&app, &boss, "recruiter@mine.example", "recruiter").await;
    let recruiter = crate::team::joined(&app, &token, "Farai Gumbo").await;
    let (me, application) = applied_to(&app, &boss, "Mining Engineer", "chipo@example.com").await;
    to_interview(&app, &recruiter, &application).await;
    let (slot, _) = harare(&app, 2, "11:00");
    let proposal = json!({ "time_zone": "Africa/Harare", "slots": [slot], "duration_minutes": 30, "location": "Shaft 3 office" });
    assert_eq!(
        propose(&app, &recruiter, &application, &proposal)
            .await
            .status(),
        200
    );
    assert_eq!(pick(&app, &me, &application, 0).await.status(), 200);
    let to_employer: Vec<String> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar(
            "SELECT recipient FROM mail_outbox WHERE kind LIKE 'interview%' AND recipient <> $1",
        )
        .bind("chipo@example.com")
        .fetch_all(pool)
        .await
    })
    .unwrap();
    assert_eq!(to_employer, ["recruiter@mine.example"]);
    let bell: Value = app
        .get_auth("/api/v1/notifications", &recruiter.token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(bell["notifications"][0]["title"], "Interview time picked");
}

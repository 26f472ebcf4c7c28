//! Team changes that meet: two invitations to one address, and an admin deleting their account
//! while another steps down. The database keeps one live invitation per company and address;
//! a deletion waits for the team's lock as role changes do. A request meets the other change
//! in flight as a transaction the test holds open: on PostgreSQL the test commits it once the
//! server waits for it, so the request cannot have read around it.

use std::time::Duration;

use serde_json::{Value, json};

use jobtap_api::db::Db;
use jobtap_core::team::MSG_LAST_ADMIN;

use crate::feed::error;
use crate::helpers::{TestApp, spawn_app};
use crate::support::postgres;
use crate::team::{PASSWORD, clinic_admin, invite, invited, joined};

/// Inserts a live invitation (`ended_at` none) or an ended one straight into the table.
async fn insert_invitation(
    db: &Db,
    id: &str,
    company: &str,
    email: &str,
    ended_at: Option<i64>,
) -> Result<(), sqlx::Error> {
    jobtap_api::on_db_write!(db, pool => {
        sqlx::query(
            "INSERT INTO company_invitations (id, company_id, email, role, token_hash, \
             created_at, expires_at, ended_at) VALUES ($1, $2, $3, 'recruiter', $1, 1, 2, $4)",
        )
        .bind(id)
        .bind(company)
        .bind(email)
        .bind(ended_at)
        .execute(pool)
        .await
        .map(|_| ())
    })
}

/// The ids and roles of the company's live invitations to `email`.
async fn live(db: &Db, company: &str, email: &str) -> Vec<(String, String)> {
    jobtap_api::on_db!(db, pool => {
        sqlx::query_as(
            "SELECT id, role FROM company_invitations WHERE company_id = $1 AND email = $2 \
             AND ended_at IS NULL ORDER BY id",
        )
        .bind(company)
        .bind(email)
        .fetch_all(pool)
        .await
        .unwrap()
    })
}

fn is_live_twice(err: &sqlx::Error) -> bool {
    jobtap_api::db::is_unique_violation(err, "company_invitations_live", "company_invitations_live")
}

/// On PostgreSQL, returns once a connection of the server waits for a lock (the test's open
/// transaction holds the only ones). SQLite's one writer connection runs write transactions in
/// turn: the request waits for the test's whichever way, so there is nothing to wait for here.
async fn until_the_server_waits_for_a_lock(app: &TestApp) {
    if app.db_kind != "postgres" {
        return;
    }
    let waiting = async {
        loop {
            let waits: bool = jobtap_api::on_db!(&app.db, pool => {
                sqlx::query_scalar(
                    "SELECT EXISTS (SELECT 1 FROM pg_stat_activity \
                     WHERE datname = current_database() AND wait_event_type = 'Lock')",
                )
                .fetch_one(pool)
                .await
                .unwrap()
            });
            if waits {
                return;
            }
            tokio::task::yield_now().await;
        }
    };
    tokio::time::timeout(Duration::from_secs(30), waiting)
        .await
        .expect("the request waits for the transaction the test holds");
}

#[tokio::test]
async fn the_database_refuses_a_second_live_invitation_to_an_address() {
    let app = spawn_app().await;
    let admin = clinic_admin(&app, "hr@chinhoyi-vets.example", "Chinhoyi Vets").await;
    let other = clinic_admin(&app, "hr@kadoma-vets.example", "Kadoma Vets").await;
    invited(&app, &admin, "rudo@mail.example", "recruiter").await;

    // However the address is spelt.
    for (id, email) in [
        ("twin-1", "rudo@mail.example"),
        ("twin-2", "Rudo@Mail.example"),
    ] {
        let refused = insert_invitation(&app.db, id, &admin.id, email, None).await;
        let err = refused.expect_err("a second live invitation is refused");
        assert!(is_live_twice(&err), "{err}");
    }
    // Ended ones, and another company's, are not the live one's twins.
    let ended = insert_invitation(&app.db, "ended", &admin.id, "rudo@mail.example", Some(1)).await;
    ended.unwrap();
    insert_invitation(&app.db, "theirs", &other.id, "rudo@mail.example", None)
        .await
        .unwrap();
    assert_eq!(live(&app.db, &admin.id, "rudo@mail.example").await.len(), 1);
}

#[tokio::test]
async fn an_invitation_meeting_another_in_flight_replaces_it_as_if_sent_second() {
    let app = spawn_app().await;
    let admin = clinic_admin(&app, "hr@marondera-farm.example", "Marondera Farm Supplies").await;
    let address = "kuda@mail.example";
    let response: reqwest::Response = jobtap_api::on_db_write!(&app.db, pool => {
        // Another invitation to the address, written and not yet committed.
        let mut tx = jobtap_api::db::begin(pool).await.unwrap();
        sqlx::query(
            "INSERT INTO company_invitations (id, company_id, email, role, token_hash, \
             created_at, expires_at) VALUES ('in-flight', $1, $2, 'interviewer', 'in-flight', $3, $4)",
        )
        .bind(&admin.id)
        .bind(address)
        .bind(app.clock_now())
        .bind(app.clock_now() + jobtap_core::team::INVITATION_MS)
        .execute(&mut *tx)
        .await
        .unwrap();
        let (response, ()) = tokio::join!(invite(&app, &admin, address, "admin"), async {
            until_the_server_waits_for_a_lock(&app).await;
            tx.commit().await.unwrap();
        });
        response
    });

    // As when one follows the other: both sent, the request's the one live.
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    let id = body["id"].as_str().unwrap().to_string();
    assert_eq!(
        live(&app.db, &admin.id, address).await,
        [(id, "admin".to_string())]
    );
}

#[tokio::test]
async fn invitations_live_twice_from_before_the_index_end_but_the_newest() {
    let dir = tempfile::tempdir().unwrap();
    for db in postgres::migrated_before(dir.path(), 35).await {
        let engine = db.kind();
        // id, company, address, sent at, ended at
        let rows: [(&str, &str, &str, i64, Option<i64>); 8] = [
            ("old", "acme", "tino@mail.example", 10, None),
            ("newest", "acme", "Tino@mail.example", 30, None),
            ("middle", "acme", "tino@mail.example", 20, None),
            ("used", "acme", "tino@mail.example", 40, Some(45)),
            ("tie-a", "acme", "rufaro@mail.example", 50, None),
            ("tie-b", "acme", "rufaro@mail.example", 50, None),
            ("alone", "acme", "farai@mail.example", 5, None),
            ("elsewhere", "zeta", "tino@mail.example", 1, None),
        ];
        jobtap_api::on_db_write!(&db, pool => {
            for company in ["acme", "zeta"] {
                sqlx::query(
                    "INSERT INTO users (id, email, password_hash, created_at) VALUES ($1, $2, '!', 0)",
                )
                .bind(company)
                .bind(format!("hr@{company}.example"))
                .execute(pool)
                .await
                .unwrap();
            }
            for (id, company, email, sent, ended) in rows {
                sqlx::query(
                    "INSERT INTO company_invitations (id, company_id, email, role, token_hash, \
                     created_at, expires_at, ended_at) VALUES ($1, $2, $3, 'recruiter', $1, $4, $5, $6)",
                )
                .bind(id)
                .bind(company)
                .bind(email)
                .bind(sent)
                .bind(sent + 100)
                .bind(ended)
                .execute(pool)
                .await
                .unwrap();
            }
        });
        db.migrate().await.unwrap();

        let ends: Vec<(String, Option<i64>)> = jobtap_api::on_db!(&db, pool => {
            sqlx::query_as("SELECT id, ended_at FROM company_invitations ORDER BY id")
                .fetch_all(pool)
                .await
                .unwrap()
        });
        // Each older one ends when the newest was sent, as inviting would have ended it.
        let expected: [(&str, Option<i64>); 8] = [
            ("alone", None),
            ("elsewhere", None),
            ("middle", Some(30)),
            ("newest", None),
            ("old", Some(30)),
            ("tie-a", Some(50)),
            ("tie-b", None),
            ("used", Some(45)),
        ];
        let expected: Vec<(String, Option<i64>)> = expected
            .iter()
            .map(|(id, ended)| ((*id).to_string(), *ended))
            .collect();
        assert_eq!(ends, expected, "{engine:?}");
        let twin = insert_invitation(&db, "twin", "acme", "tino@mail.example", None).await;
        assert!(is_live_twice(&twin.unwrap_err()), "{engine:?}");
    }
}

#[tokio::test]
async fn an_admin_deleting_their_account_waits_for_another_stepping_down() {
    let app = spawn_app().await;
    let founder = clinic_admin(&app, "founder@masvingo-clinic.example", "Masvingo Clinic").await;
    let token = invited(&app, &founder, "matron@masvingo-clinic.example", "admin").await;
    let matron = joined(&app, &token, "Rumbidzai Moyo").await;

    let response: reqwest::Response = jobtap_api::on_db_write!(&app.db, pool => {
        // The founder steps down as a role change does: under the team's lock, having counted
        // two admins; not yet committed.
        let mut tx = jobtap_api::db::begin(pool).await.unwrap();
        if let Some(lock) = jobtap_api::team::store::team_lock(app.db.kind()) {
            sqlx::query(lock).bind(&founder.id).execute(&mut *tx).await.unwrap();
        }
        sqlx::query("UPDATE company_members SET role = 'recruiter' WHERE user_id = $1")
            .bind(&founder.id)
            .execute(&mut *tx)
            .await
            .unwrap();
        let body = json!({ "password": PASSWORD });
        let delete = app.post_json_auth("/api/v1/account/delete", &matron.token, &body);
        let (response, ()) = tokio::join!(delete, async {
            until_the_server_waits_for_a_lock(&app).await;
            tx.commit().await.unwrap();
        });
        response
    });

    // The matron is now the last admin of a team with others on it, so she stays.
    assert_eq!(error(response, 409).await["message"], MSG_LAST_ADMIN);
    let admins: Vec<String> = jobtap_api::on_db!(&app.db, pool => {
        sqlx::query_scalar(
            "SELECT user_id FROM company_members WHERE company_id = $1 AND role = 'admin'",
        )
        .bind(&founder.id)
        .fetch_all(pool)
        .await
        .unwrap()
    });
    assert_eq!(admins, [matron.id.as_str()]);
}

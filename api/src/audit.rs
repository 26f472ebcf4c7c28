//! The audit log of security events. Never holds secrets: no passwords, no tokens.

use serde_json::Value;
use sqlx::types::Json;

use crate::db::Db;
use crate::{on_db, on_db_write};

/// One security event.
#[derive(Debug, Default)]
pub struct Event<'a> {
    pub event: &'a str,
    pub actor_id: Option<&'a str>,
    pub subject: Option<&'a str>,
    pub ip: Option<&'a str>,
    pub detail: Option<Value>,
}

/// Appends `event`; a failure to log is itself logged but never fails the request.
pub async fn record(db: &Db, now: i64, event: Event<'_>) {
    let detail = Json(
        event
            .detail
            .unwrap_or_else(|| Value::Object(serde_json::Map::new())),
    );
    let result: Result<_, sqlx::Error> = on_db_write!(db, pool => {
        sqlx::query(
            "INSERT INTO audit_log (at, event, actor_id, subject, ip, detail) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(now)
        .bind(event.event)
        .bind(event.actor_id)
        .bind(event.subject)
        .bind(event.ip)
        .bind(&detail)
        .execute(pool)
        .await
        .map(|_| ())
    });
    if let Err(err) = result {
        tracing::error!(error = %err, event = event.event, "failed to write the audit log");
    }
}

/// The events recorded for `subject`, oldest first (for tests and admin tools).
pub async fn events_for(db: &Db, subject: &str) -> Result<Vec<String>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_scalar("SELECT event FROM audit_log WHERE subject = $1 OR actor_id = $1 ORDER BY id")
            .bind(subject)
            .fetch_all(pool)
            .await
    })
}

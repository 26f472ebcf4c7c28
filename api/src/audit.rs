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
    /// The company an employer-side event belongs to: its admins read it in their log.
    pub company_id: Option<&'a str>,
    pub ip: Option<&'a str>,
    pub detail: Option<Value>,
}

impl<'a> Event<'a> {
    /// `event`, done by user `user_id` to their own account, from `ip`.
    pub fn own(event: &'a str, user_id: &'a str, ip: Option<&'a str>) -> Self {
        Self {
            event,
            actor_id: Some(user_id),
            subject: Some(user_id),
            company_id: None,
            ip,
            detail: None,
        }
    }

    /// The same event, as one of `company`'s (its admins read it in their log).
    #[must_use]
    pub fn in_company(self, company: &'a str) -> Self {
        Self {
            company_id: Some(company),
            ..self
        }
    }

    /// The same event, with `detail`.
    #[must_use]
    pub fn with_detail(self, detail: Value) -> Self {
        Self {
            detail: Some(detail),
            ..self
        }
    }
}

/// Appends `event`; a failure to log is itself logged but never fails the request.
pub async fn record(db: &Db, now: i64, event: Event<'_>) {
    let result: Result<_, sqlx::Error> = on_db_write!(db, pool => {
        crate::audit_insert!(now, &event).execute(pool).await.map(|_| ())
    });
    if let Err(err) = result {
        report_failure(&err, &event);
    }
}

/// Logs that `event` could not be written; the request it belongs to goes on.
pub fn report_failure(err: &sqlx::Error, event: &Event<'_>) {
    tracing::error!(error = %err, event = event.event, "failed to write the audit log");
}

/// The statement of [`audit_insert!`](crate::audit_insert).
pub const INSERT: &str = "INSERT INTO audit_log (at, event, actor_id, subject, ip, detail, company_id) VALUES ($1, $2, $3, $4, $5, $6, $7)";

/// `event`'s detail as stored: an empty object when it has none.
pub fn detail(event: &Event<'_>) -> Json<Value> {
    Json(
        event
            .detail
            .clone()
            .unwrap_or_else(|| Value::Object(serde_json::Map::new())),
    )
}

/// The query appending `$event` (an `&Event`) at `$now`, to execute in the caller's own
/// transaction: a write and its audit row commit together, in one trip to the writer.
#[macro_export]
macro_rules! audit_insert {
    ($now:expr, $event:expr) => {{
        let event: &$crate::audit::Event<'_> = $event;
        sqlx::query($crate::audit::INSERT)
            .bind($now)
            .bind(event.event)
            .bind(event.actor_id)
            .bind(event.subject)
            .bind(event.ip)
            .bind($crate::audit::detail(event))
            .bind(event.company_id)
    }};
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

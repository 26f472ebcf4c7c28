//! Reading interviews: an application's interview as either side sees it, the calendar file
//! as last issued, and whether an application is the caller's to act on.

use std::collections::HashMap;

use jobtap_core::interview_invite::InviteStatus;

use crate::db::Db;
use crate::on_db;

use super::store::{InterviewView, Party, ROW_OF, Row, Scope, SlotRow, party_sql, row};

/// Whether application `id` is in `scope` (the caller's own, or one to their jobs still on
/// their list): checked before a body is read, so another's id is a 404 whatever it carries.
pub async fn in_scope(db: &Db, scope: Scope<'_>, id: &str) -> Result<bool, sqlx::Error> {
    let user = scope.user();
    let party: Option<Party> = on_db!(db, pool => {
        sqlx::query_as(party_sql(scope)).bind(id).bind(user).fetch_optional(pool).await
    })?;
    Ok(party.is_some())
}

/// The interviews of every application in `scope`, by application id.
pub async fn views(
    db: &Db,
    scope: Scope<'_>,
    now: i64,
) -> Result<HashMap<String, InterviewView>, sqlx::Error> {
    macro_rules! in_scope {
        ($select:expr, $order:literal) => {
            match scope {
                Scope::Candidate(_) => concat!(
                    $select,
                    "JOIN applications a ON a.id = i.application_id WHERE a.user_id = $1",
                    $order
                ),
                Scope::Employer(_) => concat!(
                    $select,
                    "JOIN applications a ON a.id = i.application_id JOIN jobs j ON j.id = a.job_id \
                     WHERE j.employer_id = $1 AND NOT a.hidden_from_employer",
                    $order
                ),
            }
        };
    }
    let user = scope.user();
    let rows_sql = in_scope!(row!(), "");
    let slots_sql = in_scope!(
        "SELECT i.application_id, i.position, i.starts_at FROM interview_slots i ",
        " ORDER BY i.position"
    );
    let (rows, slots): (Vec<Row>, Vec<SlotRow>) = on_db!(db, pool => {
        tokio::try_join!(
            sqlx::query_as(rows_sql).bind(user).fetch_all(pool),
            sqlx::query_as(slots_sql).bind(user).fetch_all(pool),
        )
    })?;
    Ok(rows
        .iter()
        .map(|row| {
            let view = row.view(&slots, now, scope.reader());
            (row.application_id.clone(), view)
        })
        .collect())
}

/// The interview of application `id` in `scope`, if it has one.
pub async fn view(
    db: &Db,
    scope: Scope<'_>,
    id: &str,
    now: i64,
) -> Result<Option<InterviewView>, sqlx::Error> {
    Ok(views(db, scope, now).await?.remove(id))
}

/// The calendar file of application `id`'s interview in `scope`, as last issued; `None` when
/// the application is not in scope or no event was issued yet.
pub async fn calendar_file(
    db: &Db,
    scope: Scope<'_>,
    id: &str,
    public_url: &str,
) -> Result<Option<(String, bool)>, sqlx::Error> {
    let user = scope.user();
    let (party, row): (Option<Party>, Option<Row>) = on_db!(db, pool => {
        tokio::try_join!(
            sqlx::query_as(party_sql(scope)).bind(id).bind(user).fetch_optional(pool),
            sqlx::query_as(ROW_OF).bind(id).fetch_optional(pool),
        )
    })?;
    let (Some(party), Some(row)) = (party, row) else {
        return Ok(None);
    };
    Ok(row
        .calendar(&party, public_url)
        .map(|text| (text, row.status() == InviteStatus::Cancelled)))
}

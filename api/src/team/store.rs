//! The team's SQL: members and their roles, invitations and joining by one.
//!
//! Changes to a company's admins lock the company's member rows first on PostgreSQL (SQLite has
//! one writer), so two admins demoting each other at once cannot leave the company with none.

use jobtap_core::team::{CompanyRole, keeps_an_admin};
use serde::Serialize;

use crate::accounts::store::NewAccount;
use crate::db::{Db, DbKind};
use crate::mail::outbox::NewRow;
use crate::{on_db, on_db_write};

/// A member as the team page lists them.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct MemberRow {
    pub user_id: String,
    pub full_name: String,
    pub email: String,
    /// `admin`, `recruiter` or `interviewer`.
    pub role: String,
    /// Epoch milliseconds.
    pub joined_at: i64,
}

/// A pending invitation as the team page lists it.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct InvitationRow {
    pub id: String,
    pub email: String,
    /// `admin`, `recruiter` or `interviewer`.
    pub role: String,
    /// Epoch milliseconds.
    pub created_at: i64,
    /// Epoch milliseconds: the link stops working then.
    pub expires_at: i64,
}

/// A pending invitation as its link opens it.
#[derive(Debug, sqlx::FromRow)]
pub struct Opened {
    pub company_id: String,
    pub company_name: String,
    pub email: String,
    pub role: String,
}

/// What a change to a member came to.
#[derive(Debug, PartialEq, Eq)]
pub enum Changed {
    Done,
    /// Not a member of this company.
    NotFound,
    /// The company would have no admin.
    LastAdmin,
    /// The account that keys the company cannot leave its team.
    KeyAccount,
}

/// The company's members, first joined first.
pub async fn members(db: &Db, company: &str) -> Result<Vec<MemberRow>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as(
            "SELECT m.user_id, COALESCE(p.full_name, '') AS full_name, u.email, m.role, \
             m.joined_at FROM company_members m JOIN users u ON u.id = m.user_id \
             LEFT JOIN profiles p ON p.id = m.user_id WHERE m.company_id = $1 \
             ORDER BY m.joined_at, m.user_id",
        )
        .bind(company)
        .fetch_all(pool)
        .await
    })
}

/// The company's invitations whose links still work, newest first.
pub async fn pending(db: &Db, company: &str, now: i64) -> Result<Vec<InvitationRow>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as(
            "SELECT id, email, role, created_at, expires_at FROM company_invitations \
             WHERE company_id = $1 AND ended_at IS NULL AND expires_at > $2 \
             ORDER BY created_at DESC, id",
        )
        .bind(company)
        .bind(now)
        .fetch_all(pool)
        .await
    })
}

/// Whether `user_id` is one of the company's members.
pub async fn is_member(db: &Db, company: &str, user_id: &str) -> Result<bool, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM company_members WHERE company_id = $1 AND user_id = $2",
        )
        .bind(company)
        .bind(user_id)
        .fetch_one(pool)
        .await
    })
    .map(|n| n > 0)
}

/// Whether `email` belongs to an account that could not accept an invitation: a candidate's, or
/// one on a company's team.
pub async fn address_cannot_join(db: &Db, email: &str) -> Result<bool, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM users u WHERE u.email = $1 AND (EXISTS (SELECT 1 FROM \
             company_members m WHERE m.user_id = u.id) OR NOT EXISTS (SELECT 1 FROM user_roles r \
             WHERE r.user_id = u.id AND r.role = 'employer'))",
        )
        .bind(email)
        .fetch_one(pool)
        .await
    })
    .map(|n| n > 0)
}

/// Whether `email` is the address of one of the company's members.
pub async fn is_member_address(db: &Db, company: &str, email: &str) -> Result<bool, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM company_members m JOIN users u ON u.id = m.user_id \
             WHERE m.company_id = $1 AND u.email = $2",
        )
        .bind(company)
        .bind(email)
        .fetch_one(pool)
        .await
    })
    .map(|n| n > 0)
}

/// The company's name, and the name of the member `user_id`: what an invitation e-mail says.
pub async fn names(db: &Db, company: &str, user_id: &str) -> Result<(String, String), sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as(
            "SELECT COALESCE((SELECT company_name FROM profiles WHERE id = $1), ''), \
             COALESCE((SELECT full_name FROM profiles WHERE id = $2), '')",
        )
        .bind(company)
        .bind(user_id)
        .fetch_one(pool)
        .await
    })
}

/// The address of the account `user_id`.
pub async fn email_of(db: &Db, user_id: &str) -> Result<Option<String>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_scalar("SELECT email FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(pool)
            .await
    })
}

/// A new invitation and its e-mail.
pub struct NewInvitation<'a> {
    pub id: &'a str,
    pub company: &'a str,
    pub email: &'a str,
    pub role: CompanyRole,
    pub token_hash: &'a str,
    pub invited_by: &'a str,
    pub expires_at: i64,
    pub mail: &'a NewRow,
}

/// Writes `invitation` and queues its e-mail in one transaction; an earlier pending invitation
/// to the same address ends, so only the newest link works.
pub async fn invite(db: &Db, invitation: &NewInvitation<'_>) -> Result<(), sqlx::Error> {
    // Another invitation to the address, committed after this one's UPDATE looked, makes the
    // index of live invitations refuse this one. Run again, this one ends it, as it would had
    // the two come one after the other: the caller's is the live link, as it is told.
    let mut tries = 0;
    loop {
        match try_invite(db, invitation).await {
            Err(err) if tries < 3 && is_live_twice(&err) => tries += 1,
            done => return done,
        }
    }
}

/// Whether `err` is the index of live invitations refusing a second one to an address.
fn is_live_twice(err: &sqlx::Error) -> bool {
    // An index on an expression: SQLite names the index rather than its columns.
    crate::db::is_unique_violation(err, "company_invitations_live", "company_invitations_live")
}

async fn try_invite(db: &Db, invitation: &NewInvitation<'_>) -> Result<(), sqlx::Error> {
    let now = invitation.mail.now;
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        sqlx::query(
            "UPDATE company_invitations SET ended_at = $3 \
             WHERE company_id = $1 AND LOWER(email) = LOWER($2) AND ended_at IS NULL",
        )
        .bind(invitation.company)
        .bind(invitation.email)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO company_invitations (id, company_id, email, role, token_hash, \
             invited_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(invitation.id)
        .bind(invitation.company)
        .bind(invitation.email)
        .bind(invitation.role.key())
        .bind(invitation.token_hash)
        .bind(invitation.invited_by)
        .bind(now)
        .bind(invitation.expires_at)
        .execute(&mut *tx)
        .await?;
        crate::queue_mail!(&mut *tx, invitation.mail)?;
        tx.commit().await
    })
}

/// Withdraws the company's pending invitation `id`; false when there is none.
pub async fn revoke(db: &Db, company: &str, id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done = on_db_write!(db, pool => {
        sqlx::query(
            "UPDATE company_invitations SET ended_at = $3 WHERE id = $2 AND company_id = $1 \
             AND ended_at IS NULL AND expires_at > $3",
        )
        .bind(company)
        .bind(id)
        .bind(now)
        .execute(pool)
        .await?
        .rows_affected()
    });
    Ok(done == 1)
}

/// The pending invitation whose token hashes to `token_hash`, if its link still works.
pub async fn open(db: &Db, token_hash: &str, now: i64) -> Result<Option<Opened>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as(
            "SELECT i.company_id, COALESCE(p.company_name, '') AS company_name, i.email, i.role \
             FROM company_invitations i LEFT JOIN profiles p ON p.id = i.company_id \
             WHERE i.token_hash = $1 AND i.ended_at IS NULL AND i.expires_at > $2",
        )
        .bind(token_hash)
        .bind(now)
        .fetch_optional(pool)
        .await
    })
}

/// Within `$conn`: ends the pending invitation `$token_hash` to `$email`, returning its company
/// and role; none when its link no longer works. `Result<Option<(String, String)>, _>`.
macro_rules! use_invitation {
    ($conn:expr, $token_hash:expr, $email:expr, $now:expr) => {
        sqlx::query_as::<_, (String, String)>(
            "UPDATE company_invitations SET ended_at = $3 WHERE token_hash = $1 AND email = $2 \
             AND ended_at IS NULL AND expires_at > $3 RETURNING company_id, role",
        )
        .bind($token_hash)
        .bind($email)
        .bind($now)
        .fetch_optional($conn)
        .await
    };
}

/// What joining by link came to.
#[derive(Debug, PartialEq, Eq)]
pub enum Joined {
    /// On the team of the company `company`.
    Done { company: String },
    /// The link no longer works (or is for another address).
    Gone,
    /// The account cannot join: not an employer's, or already on a team.
    Refused,
}

/// Creates `account` (an employer's) on the team of the invitation `token_hash`, ending it, in
/// one transaction. An address already taken is the unique violation on `users.email`.
pub async fn join_new(
    db: &Db,
    token_hash: &str,
    account: &NewAccount<'_>,
    now: i64,
) -> Result<Joined, sqlx::Error> {
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        let Some((company, role)) = use_invitation!(&mut *tx, token_hash, account.email, now)? else {
            return Ok(Joined::Gone);
        };
        let role = CompanyRole::parse(&role).unwrap_or(CompanyRole::Recruiter);
        crate::insert_account!(&mut *tx, account, now, Some((company.as_str(), role)));
        tx.commit().await?;
        Ok(Joined::Done { company })
    })
}

/// Puts the signed-in account `user_id` (address `email`) on the team of the invitation
/// `token_hash`, ending it: only an employer's account on no team may join.
pub async fn join_existing(
    db: &Db,
    token_hash: &str,
    user_id: &str,
    email: &str,
    now: i64,
) -> Result<Joined, sqlx::Error> {
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        let Some((company, role)) = use_invitation!(&mut *tx, token_hash, email, now)? else {
            return Ok(Joined::Gone);
        };
        // Two accepts at once: the second meets the first's row (the key), and is refused.
        let joined = match sqlx::query(
            "INSERT INTO company_members (user_id, company_id, role, joined_at) \
             SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM user_roles WHERE user_id = $1 \
             AND role = 'employer') AND NOT EXISTS (SELECT 1 FROM company_members WHERE user_id = $1)",
        )
        .bind(user_id)
        .bind(&company)
        .bind(&role)
        .bind(now)
        .execute(&mut *tx)
        .await
        {
            Ok(done) => done.rows_affected(),
            Err(err) if crate::db::is_unique_violation(&err, "company_members_pkey", "company_members.user_id") => 0,
            Err(err) => return Err(err),
        };
        if joined == 0 {
            // The invitation stays usable: nothing is written.
            return Ok(Joined::Refused);
        }
        tx.commit().await?;
        Ok(Joined::Done { company })
    })
}

/// Gives member `user_id` of `company` the role `role`, or removes them (`role` none), unless
/// the company would be left with no admin.
pub async fn change(
    db: &Db,
    company: &str,
    user_id: &str,
    role: Option<CompanyRole>,
) -> Result<Changed, sqlx::Error> {
    let lock = team_lock(db.kind());
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        if let Some(lock) = lock {
            sqlx::query(lock).bind(company).execute(&mut *tx).await?;
        }
        let roles: Vec<(String, String)> = sqlx::query_as(
            "SELECT user_id, role FROM company_members WHERE company_id = $1",
        )
        .bind(company)
        .fetch_all(&mut *tx)
        .await?;
        let Some((_, current)) = roles.iter().find(|(id, _)| id == user_id) else {
            return Ok(Changed::NotFound);
        };
        if role.is_none() && user_id == company {
            return Ok(Changed::KeyAccount);
        }
        let admins = roles.iter().filter(|(_, r)| r == CompanyRole::Admin.key()).count();
        let is_admin = current == CompanyRole::Admin.key();
        let stays_admin = role.is_some_and(CompanyRole::is_admin);
        if !keeps_an_admin(i64::try_from(admins).unwrap_or(i64::MAX), is_admin, stays_admin) {
            return Ok(Changed::LastAdmin);
        }
        if let Some(role) = role {
            sqlx::query("UPDATE company_members SET role = $3 WHERE company_id = $1 AND user_id = $2")
                .bind(company)
                .bind(user_id)
                .bind(role.key())
                .execute(&mut *tx)
                .await?;
        } else {
            sqlx::query("DELETE FROM company_members WHERE company_id = $1 AND user_id = $2")
                .bind(company)
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
            // Off the company's hiring teams too: were they invited back, no job would
            // list them until a recruiter did again.
            sqlx::query(
                "DELETE FROM job_team_members WHERE user_id = $2 \
                 AND job_id IN (SELECT id FROM jobs WHERE employer_id = $1)",
            )
            .bind(company)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(Changed::Done)
    })
}

/// The statement (`$1`: the company) that a change to a company's admins runs first, within its
/// write transaction, so that such changes run one at a time: on PostgreSQL it locks the
/// company's member rows (in one order, so two lockers cannot deadlock); SQLite needs none, as its
/// one writer connection runs every write transaction in turn.
pub fn team_lock(kind: DbKind) -> Option<&'static str> {
    match kind {
        DbKind::Sqlite => None,
        DbKind::Postgres => Some(
            "SELECT user_id FROM company_members WHERE company_id = $1 ORDER BY user_id FOR UPDATE",
        ),
    }
}

/// Within `$conn`: why the account `$user` cannot be deleted yet, if it cannot (core's
/// `deletion_refused`). With `$lock` (from [`team_lock`]), inside the deletion's write
/// transaction, the team's rows are locked first, so a role change in flight finishes before
/// the count, and one that comes later counts without the deleted account.
/// `Result<Option<&'static str>, sqlx::Error>`.
#[macro_export]
macro_rules! check_deletion {
    ($conn:expr, $lock:expr, $user:expr) => {{
        let (lock, user): (Option<&str>, &str) = ($lock, $user);
        async {
            if let Some(lock) = lock {
                // An account keying its company is on its team: one team covers both counts.
                let company: Option<String> =
                    sqlx::query_scalar("SELECT company_id FROM company_members WHERE user_id = $1")
                        .bind(user)
                        .fetch_optional($conn)
                        .await?;
                if let Some(company) = company {
                    sqlx::query(lock).bind(company).execute($conn).await?;
                }
            }
            let (holds, admins, others): (i64, i64, i64) = sqlx::query_as(
                "SELECT (SELECT COUNT(*) FROM company_members WHERE company_id = $1 \
                 AND user_id <> $1), \
                 (SELECT COUNT(*) FROM company_members a JOIN company_members m \
                  ON a.company_id = m.company_id WHERE m.user_id = $1 AND m.role = 'admin' \
                  AND a.role = 'admin'), \
                 (SELECT COUNT(*) FROM company_members a JOIN company_members m \
                  ON a.company_id = m.company_id WHERE m.user_id = $1 AND a.user_id <> $1)",
            )
            .bind(user)
            .fetch_one($conn)
            .await?;
            Ok::<_, sqlx::Error>(jobtap_core::team::deletion_refused(holds, admins, others))
        }
        .await
    }};
}

/// Why the account `user_id` cannot be deleted yet, if it cannot, as committed now: the answer
/// before anything is deleted; the deletion asks again under the team's lock.
pub async fn deletion_refused(db: &Db, user_id: &str) -> Result<Option<&'static str>, sqlx::Error> {
    on_db!(db, pool => crate::check_deletion!(pool, None, user_id))
}

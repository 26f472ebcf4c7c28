//! Persistence of accounts.

use crate::db::Db;
use crate::{on_db, on_db_write};

/// A candidate or an employer.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Candidate,
    Employer,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Candidate => "candidate",
            Self::Employer => "employer",
        }
    }

    /// The role a stored key names (`user_roles.role`); none for an unknown key.
    pub fn from_key(key: &str) -> Option<Self> {
        match key {
            "candidate" => Some(Self::Candidate),
            "employer" => Some(Self::Employer),
            _ => None,
        }
    }
}

/// What is needed to create an account.
#[derive(Debug)]
pub struct NewAccount<'a> {
    pub id: &'a str,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub full_name: &'a str,
    pub company_name: Option<&'a str>,
    pub role: Role,
    /// When the address was confirmed: now for accounts the operator makes (the demo), none
    /// for sign-ups, which confirm it with [`Self::link`].
    pub email_confirmed_at: Option<i64>,
    /// The confirmation link written with the account, and its e-mail.
    pub link: Option<FirstLink<'a>>,
}

/// A confirmation link for a new account's address: its token's hash and the e-mail carrying it.
#[derive(Debug)]
pub struct FirstLink<'a> {
    pub token_hash: &'a str,
    pub mail: &'a crate::mail::outbox::NewRow,
}

/// Within `$conn`: inserts `$account`'s user, profile and role; an employer's account also joins
/// a team: `$team` (a company's id and the role it was invited to), else its own company as
/// admin. Uses `?`: call it in a function whose error is `sqlx::Error`.
#[macro_export]
macro_rules! insert_account {
    ($conn:expr, $account:expr, $now:expr, $team:expr) => {{
        let (account, now): (&$crate::accounts::store::NewAccount<'_>, i64) = ($account, $now);
        let team: Option<(&str, jobtap_core::team::CompanyRole)> = $team;
        {
            sqlx::query(
                "INSERT INTO users (id, email, password_hash, created_at, email_confirmed_at) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(account.id)
            .bind(account.email)
            .bind(account.password_hash)
            .bind(now)
            .bind(account.email_confirmed_at)
            .execute($conn)
            .await?;
            sqlx::query(
                "INSERT INTO profiles (id, full_name, email, company_name, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $5)",
            )
            .bind(account.id)
            .bind(account.full_name)
            .bind(account.email)
            .bind(account.company_name)
            .bind(now)
            .execute($conn)
            .await?;
            sqlx::query("INSERT INTO user_roles (user_id, role) VALUES ($1, $2)")
                .bind(account.id)
                .bind(account.role.as_str())
                .execute($conn)
                .await?;
            if account.role == $crate::accounts::store::Role::Employer {
                let (company, role) =
                    team.unwrap_or((account.id, jobtap_core::team::CompanyRole::Admin));
                sqlx::query(
                    "INSERT INTO company_members (user_id, company_id, role, joined_at) \
                     VALUES ($1, $2, $3, $4)",
                )
                .bind(account.id)
                .bind(company)
                .bind(role.key())
                .bind(now)
                .execute($conn)
                .await?;
            }
        }
    }};
}

/// Inserts the user, its profile, its role (an employer's as their own company's admin) and its
/// confirmation link (queueing its e-mail) in one transaction.
pub async fn create(db: &Db, account: &NewAccount<'_>, now: i64) -> Result<(), sqlx::Error> {
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        crate::insert_account!(&mut *tx, account, now, None);
        if let Some(link) = &account.link {
            sqlx::query(
                "INSERT INTO email_confirmations (token_hash, user_id, email, created_at) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(link.token_hash)
            .bind(account.id)
            .bind(account.email)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            crate::queue_mail!(&mut *tx, link.mail)?;
        }
        tx.commit().await
    })
}

/// The id of the account with this (lower-cased) e-mail, if any.
pub async fn id_by_email(db: &Db, email: &str) -> Result<Option<String>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_scalar::<_, String>("SELECT id FROM users WHERE email = $1")
            .bind(email)
            .fetch_optional(pool)
            .await
    })
}

/// The credentials stored for an e-mail.
pub async fn credentials(db: &Db, email: &str) -> Result<Option<(String, String)>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, (String, String)>("SELECT id, password_hash FROM users WHERE email = $1")
            .bind(email)
            .fetch_optional(pool)
            .await
    })
}

/// The company name of employer `id`, `Some("")` when they gave none, `None` when `id` is no
/// employer.
pub async fn employer_company(db: &Db, id: &str) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(Option<String>,)> = on_db!(db, pool => {
        sqlx::query_as(
            "SELECT p.company_name FROM user_roles r LEFT JOIN profiles p ON p.id = r.user_id \
             WHERE r.user_id = $1 AND r.role = 'employer'",
        )
        .bind(id)
        .fetch_optional(pool)
        .await
    })?;
    Ok(row.map(|(name,)| name.unwrap_or_default()))
}

/// What the client is told about the signed-in user.
#[derive(Debug, Clone, serde::Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct UserSummary {
    pub id: String,
    pub email: String,
    pub full_name: String,
    /// An employer's: their company's name, as its admins keep it.
    pub company_name: Option<String>,
    /// An employer's: the id their company's jobs are kept under (its job-board feed's); null
    /// for a candidate or an employer on no team.
    pub company_id: Option<String>,
    /// An employer's role on their company's team (`admin`, `recruiter` or `interviewer`): what
    /// the screens offer them. The server checks it again on every request.
    pub company_role: Option<String>,
    #[sqlx(skip)]
    pub roles: Vec<Role>,
    /// Whether onboarding saved a profile (a candidate with a default resume).
    #[sqlx(skip)]
    pub onboarded: bool,
    pub has_avatar: bool,
    /// Whether the address is confirmed (or the deployment does not ask for it): until then the
    /// user cannot apply or publish a job.
    pub email_confirmed: bool,
}

/// The summary of user `id`, with roles.
pub async fn summary(db: &Db, id: &str) -> Result<Option<UserSummary>, sqlx::Error> {
    on_db!(db, pool => {
        let Some(mut user) = sqlx::query_as::<_, UserSummary>(
            "SELECT p.id, p.email, p.full_name, COALESCE(c.company_name, p.company_name) AS company_name, \
             m.company_id, m.role AS company_role, (p.avatar_path IS NOT NULL) AS has_avatar, \
             (u.email_confirmed_at IS NOT NULL) AS email_confirmed \
             FROM profiles p JOIN users u ON u.id = p.id \
             LEFT JOIN company_members m ON m.user_id = p.id LEFT JOIN profiles c ON c.id = m.company_id \
             WHERE p.id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await?
        else {
            return Ok(None);
        };
        let roles: Vec<String> = sqlx::query_scalar("SELECT role FROM user_roles WHERE user_id = $1 ORDER BY role")
            .bind(id)
            .fetch_all(pool)
            .await?;
        user.roles = roles
            .iter()
            .filter_map(|r| Role::from_key(r))
            .collect();
        user.onboarded = sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM user_documents WHERE user_id = $1 AND is_default",
        )
        .bind(id)
        .fetch_one(pool)
        .await?
            > 0;
        Ok(Some(user))
    })
}

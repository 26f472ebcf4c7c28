//! Persistence of accounts.

use crate::db::Db;
use crate::on_db;

/// A candidate or an employer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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
}

/// Inserts the user, its profile and its role in one transaction.
pub async fn create(db: &Db, account: &NewAccount<'_>, now: i64) -> Result<(), sqlx::Error> {
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        sqlx::query("INSERT INTO users (id, email, password_hash, created_at) VALUES ($1, $2, $3, $4)")
            .bind(account.id)
            .bind(account.email)
            .bind(account.password_hash)
            .bind(now)
            .execute(&mut *tx)
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
        .execute(&mut *tx)
        .await?;
        sqlx::query("INSERT INTO user_roles (user_id, role) VALUES ($1, $2)")
            .bind(account.id)
            .bind(account.role.as_str())
            .execute(&mut *tx)
            .await?;
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

//! The employer's decision e-mail templates as stored (`employer_settings`, null keeping
//! JobTap's wording); `email_templates.rs` has their routes, and a decision reads them in its
//! own transaction (`decisions::returning_candidate!`).

use jobtap_core::decision_template::Kind;

use crate::db::Db;
use crate::mail::texts::{Outcome, Wording};
use crate::{on_db, on_db_write};

/// The employer's saved wording, as stored: null keeps JobTap's.
#[derive(Debug, Default, Clone, sqlx::FromRow)]
pub struct Saved {
    pub acceptance_subject: Option<String>,
    pub acceptance_body: Option<String>,
    pub rejection_subject: Option<String>,
    pub rejection_body: Option<String>,
}

impl Saved {
    pub fn wording(&self, kind: Kind) -> Wording<'_> {
        let (subject, body) = match kind {
            Kind::Acceptance => (&self.acceptance_subject, &self.acceptance_body),
            Kind::Rejection => (&self.rejection_subject, &self.rejection_body),
        };
        Wording {
            subject: subject.as_deref(),
            body: body.as_deref(),
        }
    }

    /// The wording of the e-mail about `outcome`: the employer's for an acceptance or a
    /// rejection, JobTap's for the rest.
    pub fn for_outcome(&self, outcome: Outcome) -> Wording<'_> {
        match outcome {
            Outcome::Accepted => self.wording(Kind::Acceptance),
            Outcome::Rejected => self.wording(Kind::Rejection),
            Outcome::JobClosed | Outcome::Reconsidered => Wording::default(),
        }
    }
}

/// `employer_id`'s saved wording.
pub async fn saved(db: &Db, employer_id: &str) -> Result<Saved, sqlx::Error> {
    let row: Option<Saved> = on_db!(db, pool => {
        sqlx::query_as(
            "SELECT acceptance_subject, acceptance_body, rejection_subject, rejection_body \
             FROM employer_settings WHERE employer_id = $1",
        )
        .bind(employer_id)
        .fetch_optional(pool)
        .await
    })?;
    Ok(row.unwrap_or_default())
}

/// Replaces `employer_id`'s saved wording with `saved` (already checked).
pub async fn save(db: &Db, employer_id: &str, saved: &Saved) -> Result<(), sqlx::Error> {
    on_db_write!(db, pool => {
        sqlx::query(
            "INSERT INTO employer_settings (employer_id, acceptance_subject, acceptance_body, \
             rejection_subject, rejection_body) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (employer_id) DO UPDATE SET acceptance_subject = $2, acceptance_body = $3, \
             rejection_subject = $4, rejection_body = $5",
        )
        .bind(employer_id)
        .bind(&saved.acceptance_subject)
        .bind(&saved.acceptance_body)
        .bind(&saved.rejection_subject)
        .bind(&saved.rejection_body)
        .execute(pool)
        .await
        .map(|_| ())
    })
}

/// The candidate, job, company and feedback an e-mail is filled with.
#[derive(sqlx::FromRow)]
pub struct Filling {
    pub full_name: String,
    pub job_title: String,
    pub company_name: String,
    pub employer_comment: Option<String>,
}

/// What fills the preview: application `id`'s candidate, job and feedback when it is one of
/// `employer_id`'s not yet released, else `None`.
pub async fn filling_of(
    db: &Db,
    employer_id: &str,
    id: &str,
) -> Result<Option<Filling>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as(
            "SELECT COALESCE((SELECT full_name FROM profiles p WHERE p.id = a.user_id), '') AS full_name, \
             j.job_title, j.company_name, a.employer_comment \
             FROM applications a JOIN jobs j ON j.id = a.job_id \
             WHERE a.id = $1 AND j.employer_id = $2 AND a.employer_released_at IS NULL",
        )
        .bind(id)
        .bind(employer_id)
        .fetch_optional(pool)
        .await
    })
}

/// `employer_id`'s company name (empty when none was given).
pub async fn company_name(db: &Db, employer_id: &str) -> Result<String, sqlx::Error> {
    let name: Option<Option<String>> = on_db!(db, pool => {
        sqlx::query_scalar("SELECT company_name FROM profiles WHERE id = $1")
            .bind(employer_id)
            .fetch_optional(pool)
            .await
    })?;
    Ok(name.flatten().unwrap_or_default())
}

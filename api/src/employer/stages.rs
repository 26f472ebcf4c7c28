//! An employer's own stages for their jobs (core's `job_stages`): stored, named on the
//! applications in them, and removed only once no application is left in one.

use serde::Serialize;

use jobtap_core::job_stages::{self, CustomStage, Place};
use jobtap_core::pipeline::Stage;

use crate::db::Db;
use crate::{on_db, on_db_write};

/// A stage an employer added to one of their jobs.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct JobStage {
    pub id: String,
    pub job_id: String,
    pub name: String,
    /// The pipeline's stage it follows: `applied`, `screening` or `interview`.
    #[schema(value_type = crate::http::core_schemas::StageSchema)]
    #[sqlx(rename = "after_stage")]
    pub after: String,
    /// What an application in it carries as its `stage` (`"{after}:{id}"`), and what a
    /// move to it sends.
    #[sqlx(skip)]
    pub key: String,
}

impl JobStage {
    fn keyed(mut self) -> Self {
        self.key = self.custom().map(|c| c.key()).unwrap_or_default();
        self
    }

    /// As core's rules take it; `None` for a row they would not have written.
    #[must_use]
    pub fn custom(&self) -> Option<CustomStage<'_>> {
        Some(CustomStage {
            id: &self.id,
            name: &self.name,
            after: Stage::parse(&self.after)?,
        })
    }
}

/// `stages`' ones of job `job_id`, as core's rules take them, oldest first.
#[must_use]
pub fn of_job<'a>(stages: &'a [JobStage], job_id: &str) -> Vec<CustomStage<'a>> {
    stages
        .iter()
        .filter(|s| s.job_id == job_id)
        .filter_map(JobStage::custom)
        .collect()
}

/// The employer's name for stage `stored` of an application to `job_id`.
#[must_use]
pub fn label(stages: &[JobStage], job_id: &str, stored: &str) -> String {
    Place::parse(stored)
        .unwrap_or(Place::Builtin(Stage::Applied))
        .label(&of_job(stages, job_id))
}

/// Every stage of every job of `employer_id`, oldest first.
pub async fn of_employer(db: &Db, employer_id: &str) -> Result<Vec<JobStage>, sqlx::Error> {
    let rows = on_db!(db, pool => {
        sqlx::query_as::<_, JobStage>(
            "SELECT s.id, s.job_id, s.name, s.after_stage FROM job_stages s JOIN jobs j ON j.id = s.job_id \
             WHERE j.employer_id = $1 ORDER BY s.created_at, s.id",
        )
        .bind(employer_id)
        .fetch_all(pool)
        .await
    })?;
    Ok(rows.into_iter().map(JobStage::keyed).collect())
}

/// The stages of job `job_id`, oldest first; `None` when it is not one of `employer_id`'s.
pub async fn list(
    db: &Db,
    employer_id: &str,
    job_id: &str,
) -> Result<Option<Vec<JobStage>>, sqlx::Error> {
    on_db!(db, pool => {
        let owned: Option<String> =
            sqlx::query_scalar("SELECT id FROM jobs WHERE id = $1 AND employer_id = $2")
                .bind(job_id)
                .bind(employer_id)
                .fetch_optional(pool)
                .await?;
        if owned.is_none() {
            return Ok(None);
        }
        let rows = sqlx::query_as::<_, JobStage>(
            "SELECT id, job_id, name, after_stage FROM job_stages WHERE job_id = $1 ORDER BY created_at, id",
        )
        .bind(job_id)
        .fetch_all(pool)
        .await?;
        Ok(Some(rows.into_iter().map(JobStage::keyed).collect()))
    })
}

/// What adding, renaming or removing a stage came to.
#[derive(Debug)]
pub enum Changed {
    Done(Option<JobStage>),
    /// No such job (or stage of it) of the employer's.
    NotFound,
    /// Bad input: the field and core's message.
    Invalid(&'static str, &'static str),
    /// Not possible as things stand (core's message): the job is full, or the stage holds
    /// applications.
    Conflict(&'static str),
}

fn unique_violation(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(e) if e.is_unique_violation())
}

/// Reads the job of `$employer` and holds it (on PostgreSQL, `FOR UPDATE`), so that changes
/// to one job's stages happen one after another: two adds cannot both see room for one more.
fn owned_job_sql(db: &Db) -> &'static str {
    match db {
        Db::Sqlite { .. } => "SELECT id FROM jobs WHERE id = $1 AND employer_id = $2",
        Db::Postgres { .. } => "SELECT id FROM jobs WHERE id = $1 AND employer_id = $2 FOR UPDATE",
    }
}

/// Runs `$body` in a transaction on `$db` that holds job `$job` (see [`owned_job_sql`]), with
/// `$tx` the transaction and `$names` the ids and names of the job's stages; returns
/// [`Changed::NotFound`] instead when the job is not one of `$employer`'s.
macro_rules! on_job_stages {
    ($db:expr, $job:expr, $employer:expr, |$tx:ident, $names:ident| $body:expr) => {
        on_db_write!($db, pool => {
            let mut $tx = crate::db::begin(pool).await?;
            let owned: Option<String> = sqlx::query_scalar(owned_job_sql($db))
                .bind($job)
                .bind($employer)
                .fetch_optional(&mut *$tx)
                .await?;
            if owned.is_none() {
                return Ok(Changed::NotFound);
            }
            let $names: Vec<(String, String)> =
                sqlx::query_as("SELECT id, name FROM job_stages WHERE job_id = $1")
                    .bind($job)
                    .fetch_all(&mut *$tx)
                    .await?;
            $body
        })
    };
}

/// `name` checked against the names of the job's `existing` stages but the one `renamed`.
fn checked_name(
    name: &str,
    existing: &[(String, String)],
    renamed: Option<&str>,
) -> Result<String, &'static str> {
    let taken: Vec<&str> = existing
        .iter()
        .filter(|(id, _)| Some(id.as_str()) != renamed)
        .map(|(_, n)| n.as_str())
        .collect();
    job_stages::check_name(name, &taken)
}

/// Adds stage `name` after `after` to job `job_id` of `employer_id`.
pub async fn add(
    db: &Db,
    employer_id: &str,
    job_id: &str,
    name: &str,
    after: &str,
    now: i64,
) -> Result<Changed, sqlx::Error> {
    on_job_stages!(db, job_id, employer_id, |tx, existing| {
        let name = match checked_name(name, &existing, None) {
            Ok(name) => name,
            Err(why) => return Ok(Changed::Invalid("name", why)),
        };
        let after = match job_stages::check_after(after.trim()) {
            Ok(after) => after,
            Err(why) => return Ok(Changed::Invalid("after", why)),
        };
        if let Err(why) = job_stages::check_room(existing.len()) {
            return Ok(Changed::Conflict(why));
        }
        let stage = JobStage {
            id: uuid::Uuid::new_v4().to_string(),
            job_id: job_id.to_string(),
            name,
            after: after.as_str().to_string(),
            key: String::new(),
        }
        .keyed();
        let inserted = sqlx::query(
            "INSERT INTO job_stages (id, job_id, name, name_key, after_stage, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&stage.id)
        .bind(job_id)
        .bind(&stage.name)
        .bind(stage.name.to_lowercase())
        .bind(&stage.after)
        .bind(now)
        .execute(&mut *tx)
        .await;
        match inserted {
            // The same name added at the same moment by someone else.
            Err(e) if unique_violation(&e) => {
                return Ok(Changed::Invalid("name", job_stages::MSG_STAGE_NAME_TAKEN));
            }
            other => other?,
        };
        tx.commit().await?;
        Ok(Changed::Done(Some(stage)))
    })
}

/// Renames stage `stage_id` of job `job_id` of `employer_id`.
pub async fn rename(
    db: &Db,
    employer_id: &str,
    job_id: &str,
    stage_id: &str,
    name: &str,
) -> Result<Changed, sqlx::Error> {
    on_job_stages!(db, job_id, employer_id, |tx, existing| {
        if !existing.iter().any(|(id, _)| id == stage_id) {
            return Ok(Changed::NotFound);
        }
        let name = match checked_name(name, &existing, Some(stage_id)) {
            Ok(name) => name,
            Err(why) => return Ok(Changed::Invalid("name", why)),
        };
        let renamed = sqlx::query_as::<_, JobStage>(
            "UPDATE job_stages SET name = $3, name_key = $4 WHERE id = $1 AND job_id = $2 \
             RETURNING id, job_id, name, after_stage",
        )
        .bind(stage_id)
        .bind(job_id)
        .bind(&name)
        .bind(name.to_lowercase())
        .fetch_one(&mut *tx)
        .await;
        let renamed = match renamed {
            Err(e) if unique_violation(&e) => {
                return Ok(Changed::Invalid("name", job_stages::MSG_STAGE_NAME_TAKEN));
            }
            other => other?,
        };
        tx.commit().await?;
        Ok(Changed::Done(Some(renamed.keyed())))
    })
}

/// Removes stage `stage_id` of job `job_id` of `employer_id` when no application on the
/// employer's list is in it.
pub async fn remove(
    db: &Db,
    employer_id: &str,
    job_id: &str,
    stage_id: &str,
) -> Result<Changed, sqlx::Error> {
    // On PostgreSQL the stage is held while its applications are counted: a move into it
    // (which holds it too) either ends first and is counted, or waits and finds it gone.
    let stage_sql = match db {
        Db::Sqlite { .. } => "SELECT after_stage FROM job_stages WHERE id = $1 AND job_id = $2",
        Db::Postgres { .. } => {
            "SELECT after_stage FROM job_stages WHERE id = $1 AND job_id = $2 FOR UPDATE"
        }
    };
    on_job_stages!(db, job_id, employer_id, |tx, existing| {
        let Some(after) = sqlx::query_scalar::<_, String>(stage_sql)
            .bind(stage_id)
            .bind(job_id)
            .fetch_optional(&mut *tx)
            .await?
            .and_then(|after| Stage::parse(&after))
        else {
            return Ok(Changed::NotFound);
        };
        debug_assert!(existing.iter().any(|(id, _)| id == stage_id));
        let in_it: Option<String> = sqlx::query_scalar(
            "SELECT id FROM applications WHERE job_id = $1 AND stage = $2 AND NOT hidden_from_employer LIMIT 1",
        )
        .bind(job_id)
        .bind(job_stages::custom_key(after, stage_id))
        .fetch_optional(&mut *tx)
        .await?;
        if in_it.is_some() {
            return Ok(Changed::Conflict(job_stages::MSG_STAGE_IN_USE));
        }
        sqlx::query("DELETE FROM job_stages WHERE id = $1")
            .bind(stage_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Changed::Done(None))
    })
}

//! What an employer does to an application on their list: accept or reject it, move it
//! between stages, keep notes on it, or remove it from view. Each change and the candidate's
//! bell row and e-mail it causes are written in one transaction.

use sqlx::AssertSqlSafe;

use jobtap_core::job_stages::Place;
use jobtap_core::notifications::Event;
use jobtap_core::pipeline::{self, RejectionReason, Stage};

use crate::db::Db;
use crate::db::states::{self, REJECTED, REJECTED_STAGE};
use crate::mail::config::MailConfig;
use crate::mail::interview_texts::Cancelled;
use crate::mail::outbox::NewRow;
use crate::mail::texts;
use crate::on_db_write;

/// Who a decision is for, read as it is stored.
#[derive(sqlx::FromRow)]
struct DecidedFor {
    user_id: String,
    email: String,
    full_name: String,
    job_title: String,
    company_name: String,
    employer_comment: Option<String>,
    /// The employer's own wording of the decision e-mails (`email_template_store`), when set.
    #[sqlx(flatten)]
    wording: super::email_template_store::Saved,
}

/// What a decision came to.
#[derive(Debug, PartialEq, Eq)]
pub enum Decision {
    Done,
    /// Not one of the employer's (or no longer on their list).
    NotFound,
    /// Already accepted or rejected.
    AlreadyDecided,
}

/// The employer's decision on an application.
#[derive(Debug, Clone)]
pub enum Verdict {
    Accept,
    /// The reason and the detail stay the employer's; the feedback, when given, is the
    /// candidate's (it replaces any earlier feedback).
    Reject {
        reason: RejectionReason,
        detail: Option<String>,
        feedback: Option<String>,
    },
}

/// The candidate's e-mail about a decision, ready to queue; `None` (logged) when their
/// address cannot carry e-mail: the change stands.
fn decision_row(
    mail: &MailConfig,
    to: &DecidedFor,
    id: &str,
    outcome: texts::Outcome,
    now: i64,
) -> Option<NewRow> {
    let message = texts::decision_in(
        &texts::Decision {
            to_address: &to.email,
            candidate_name: &to.full_name,
            job_title: &to.job_title,
            company_name: &to.company_name,
            outcome,
            feedback: to.employer_comment.as_deref(),
            public_url: &mail.public_url,
        },
        to.wording.for_outcome(outcome),
    );
    NewRow::new(&message, mail, now)
        .inspect_err(|_| {
            tracing::warn!(
                application = id,
                "decision e-mail not queued: the address cannot carry e-mail"
            );
        })
        .ok()
}

/// What the candidate of a changed application is read as, after `SET`.
macro_rules! returning_candidate {
    () => {
        "RETURNING user_id, (SELECT email FROM users WHERE users.id = applications.user_id) AS email, \
         COALESCE((SELECT full_name FROM profiles WHERE profiles.id = applications.user_id), '') \
         AS full_name, \
         (SELECT job_title FROM jobs WHERE jobs.id = applications.job_id) AS job_title, \
         (SELECT company_name FROM jobs WHERE jobs.id = applications.job_id) AS company_name, \
         employer_comment, \
         (SELECT acceptance_subject FROM employer_settings s WHERE s.employer_id = applications.employer_id) \
         AS acceptance_subject, \
         (SELECT acceptance_body FROM employer_settings s WHERE s.employer_id = applications.employer_id) \
         AS acceptance_body, \
         (SELECT rejection_subject FROM employer_settings s WHERE s.employer_id = applications.employer_id) \
         AS rejection_subject, \
         (SELECT rejection_body FROM employer_settings s WHERE s.employer_id = applications.employer_id) \
         AS rejection_body"
    };
}

/// Within `$tx`: the stage of application `$id` when it is one of employer `$employer`'s still
/// on their list (`Result<Option<String>, sqlx::Error>`).
macro_rules! current_stage {
    ($tx:expr, $id:expr, $employer:expr) => {
        sqlx::query_scalar::<_, String>(
            "SELECT stage FROM applications WHERE id = $1 AND NOT hidden_from_employer \
             AND job_id IN (SELECT id FROM jobs WHERE employer_id = $2)",
        )
        .bind($id)
        .bind($employer)
        .fetch_optional($tx)
        .await
    };
}

/// Records on `$tx` the move of application `$id` from stage `$from` to `$to` at `$now` by
/// `$actor` (each a `&str` but `$now`).
macro_rules! record_move {
    ($tx:expr, $id:expr, $from:expr, $to:expr, $now:expr, $actor:expr) => {
        sqlx::query(
            "INSERT INTO application_stage_moves (id, application_id, from_stage, to_stage, at, actor_id) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(uuid::Uuid::new_v4().to_string())
        .bind($id)
        .bind($from)
        .bind($to)
        .bind($now)
        .bind($actor)
        .execute($tx)
        .await
    };
}

/// Whether place `$to` can be a stage of application `$id`'s job, read on `$tx` with `$sql`
/// (`job_stage_sql`'s): a built-in stage always is; one of the job's own must be of this job
/// and follow the stage its key says.
macro_rules! is_stage_of_job {
    ($tx:expr, $sql:expr, $id:expr, $to:expr) => {
        match $to {
            Place::Builtin(_) => Ok(true),
            Place::Custom {
                id: stage_id,
                after,
            } => sqlx::query_scalar::<_, String>($sql)
                .bind($id)
                .bind(stage_id)
                .bind(after.as_str())
                .fetch_optional($tx)
                .await
                .map(|of_job| of_job.is_some()),
        }
    };
}

/// The job's own stage `$2` following `$3`, when it is of application `$1`'s job; on PostgreSQL
/// it is held until the move commits, so it cannot be removed meanwhile.
fn job_stage_sql(db: &Db) -> &'static str {
    macro_rules! stage_sql {
        ($lock:literal) => {
            concat!(
                "SELECT s.id FROM job_stages s JOIN applications a ON a.job_id = s.job_id \
                 WHERE a.id = $1 AND s.id = $2 AND s.after_stage = $3",
                $lock
            )
        };
    }
    match db {
        Db::Sqlite { .. } => stage_sql!(""),
        Db::Postgres { .. } => stage_sql!(" FOR SHARE OF s"),
    }
}

/// What a move between stages came to.
#[derive(Debug, PartialEq, Eq)]
pub enum Moved {
    /// Moved from this stage (as stored).
    Done(String),
    /// Not one of the employer's (or no longer on their list).
    NotFound,
    /// Not a stage of the application's job, or Rejected (core's message).
    Invalid(&'static str),
    /// Not a move the pipeline allows (core's message).
    Refused(&'static str),
}

/// Who decides: the company the application must be of, and the member who acts, kept with
/// each move.
#[derive(Debug, Clone, Copy)]
pub struct By<'a> {
    pub company: &'a str,
    pub actor: &'a str,
}

/// What every decision on an application is made with: the store, the mail settings for the
/// candidate's e-mail, who decides for which company, and when.
#[derive(Clone, Copy)]
pub struct Decider<'a> {
    pub db: &'a Db,
    pub mail: &'a MailConfig,
    pub by: By<'a>,
    pub now: i64,
}

/// Within transaction `$tx`: moves application `$id` of employer `$employer` to stage `$to`
/// (core's rules, see [`Decider::move_stage`]), with its move row and, for an acceptance, the
/// candidate's bell row and e-mail. Anything but `Moved::Done` writes nothing.
/// `Result<Moved, sqlx::Error>`.
macro_rules! move_within {
    ($tx:ident, $stage_sql:expr, $mail:expr, $by:expr, $id:expr, $to:expr, $now:expr) => {{
        let (stage_sql, mail, by): (&'static str, &MailConfig, By<'_>) = ($stage_sql, $mail, $by);
        let employer_id = by.company;
        let (id, to, now): (&str, &str, i64) = ($id, $to, $now);
        async {
            let current = current_stage!(&mut *$tx, id, employer_id)?;
            let Some(current) = current else {
                return Ok(Moved::NotFound);
            };
            let to = match Place::parse(to) {
                None => return Ok(Moved::Invalid(pipeline::MSG_STAGE_UNKNOWN)),
                Some(Place::Builtin(Stage::Rejected)) => {
                    return Ok(Moved::Invalid(pipeline::MSG_REJECT_WITH_REASON));
                }
                Some(place) => place,
            };
            // A stage of the job's own must be of this job and follow the stage its key says.
            if !is_stage_of_job!(&mut *$tx, stage_sql, id, to)? {
                return Ok(Moved::Invalid(pipeline::MSG_STAGE_UNKNOWN));
            }
            let from = Place::parse(&current).unwrap_or(Place::Builtin(Stage::Applied));
            if let Err(why) = from.check_move(to) {
                return Ok(Moved::Refused(why));
            }
            // Only from the stage just read: a move made meanwhile wins, and this one is refused.
            let changed: Option<DecidedFor> = sqlx::query_as(concat!(
                "UPDATE applications SET stage = $3, status = $4, updated_at = $5 WHERE id = $1 AND stage = $2 ",
                returning_candidate!()
            ))
            .bind(id)
            .bind(&current)
            .bind(to.key())
            .bind(to.status().as_str())
            .bind(now)
            .fetch_optional(&mut *$tx)
            .await?;
            let Some(candidate) = changed else {
                return Ok(Moved::Refused(pipeline::MSG_DECIDED));
            };
            record_move!(&mut *$tx, id, current.as_str(), to.key(), now, by.actor)?;
            if to.group().accepted() && !from.group().accepted()
                && crate::notify!(&mut *$tx, &candidate.user_id, Event::Accepted, id, now)?
                && let Some(row) = decision_row(mail, &candidate, id, texts::Outcome::Accepted, now)
            {
                crate::queue_mail!(&mut *$tx, &row)?;
            }
            Ok::<Moved, sqlx::Error>(Moved::Done(current))
        }
        .await
    }};
}

/// Within transaction `$tx`: rejects application `$id` of employer `$employer` when it is still
/// undecided on their list, with its move row, the call-off of its interview, and the
/// candidate's bell row and e-mail. Anything but `Decision::Done` writes nothing.
/// `Result<Decision, sqlx::Error>`.
macro_rules! reject_within {
    ($tx:ident, $mail:expr, $by:expr, $id:expr, $rejection:expr, $now:expr) => {{
        let (mail, by, id, now): (&MailConfig, By<'_>, &str, i64) = ($mail, $by, $id, $now);
        let employer_id = by.company;
        let (reason, detail, feedback): (&str, Option<&str>, Option<&str>) = $rejection;
        async {
            let current = current_stage!(&mut *$tx, id, employer_id)?;
            let Some(current) = current else {
                return Ok(Decision::NotFound);
            };
            let decided: Option<DecidedFor> = sqlx::query_as(AssertSqlSafe(format!(
                "UPDATE applications SET status = '{REJECTED}', stage = '{REJECTED_STAGE}', \
                 hidden_from_employer = TRUE, updated_at = $3, rejection_reason = $4, rejection_note = $5, \
                 employer_comment = COALESCE($6, employer_comment) \
                 WHERE id = $1 AND stage = $2 AND {open} {returning}",
                open = states::is_open("applications"),
                returning = returning_candidate!(),
            )))
            .bind(id)
            .bind(&current)
            .bind(now)
            .bind(reason)
            .bind(detail)
            .bind(feedback)
            .fetch_optional(&mut *$tx)
            .await?;
            let Some(candidate) = decided else {
                return Ok(Decision::AlreadyDecided);
            };
            record_move!(&mut *$tx, id, current.as_str(), Stage::Rejected.as_str(), now, by.actor)?;
            crate::call_off_interview!(&mut *$tx, mail, id, now, Cancelled::Rejected)?;
            if crate::notify!(&mut *$tx, &candidate.user_id, Event::Rejected, id, now)?
                && let Some(row) = decision_row(mail, &candidate, id, texts::Outcome::Rejected, now)
            {
                crate::queue_mail!(&mut *$tx, &row)?;
            }
            Ok::<Decision, sqlx::Error>(Decision::Done)
        }
        .await
    }};
}

/// What one bulk request does to each selected application, as validated.
#[derive(Debug, Clone, Copy)]
pub enum Bulk<'a> {
    /// To this stage (core's or a job's own `key`; never Rejected).
    Move { to: &'a str },
    /// With one reason, detail and feedback for all.
    Reject {
        reason: RejectionReason,
        detail: Option<&'a str>,
        feedback: Option<&'a str>,
    },
}

/// What a bulk request came to: the applications changed (with the stage each left) and
/// those left as they were, with why (core's message).
#[derive(Debug, Default)]
pub struct BulkOutcome {
    pub done: Vec<(String, String)>,
    pub skipped: Vec<(String, &'static str)>,
}

/// What taking back a rejection came to.
#[derive(Debug, PartialEq, Eq)]
pub enum Reconsidered {
    Done,
    /// Not one of the employer's, removed from their list without a rejection, or released.
    NotFound,
    /// On their list: not rejected.
    NotRejected,
    /// Not a stage of its job, or not one a rejection can be taken back into (core's message).
    Invalid(&'static str),
}

impl Decider<'_> {
    /// Moves an application to stage `to` (one of core's or the `key` of one of its job's own;
    /// core's rules), its status with it, and records the move with its time and who made it.
    /// Reaching Offer or Hired from an undecided stage is an acceptance: the candidate's bell row
    /// and e-mail are written in the same transaction.
    pub async fn move_stage(self, id: &str, to: &str) -> Result<Moved, sqlx::Error> {
        let Decider { db, mail, by, now } = self;
        let stage_sql = job_stage_sql(db);
        on_db_write!(db, pool => {
            let mut tx = crate::db::begin(pool).await?;
            let moved = move_within!(tx, stage_sql, mail, by, id, to, now)?;
            if matches!(moved, Moved::Done(_)) {
                tx.commit().await?;
            }
            Ok(moved)
        })
    }

    /// Accepts (moves to Offer) or rejects an application not yet decided. A rejected one
    /// leaves the employer's list but stays, with its status, for the candidate.
    ///
    /// The candidate's e-mail about it (with the feedback to them, if any) is queued in the
    /// same transaction: it goes out once the decision is stored, and never for a decision
    /// that was not.
    pub async fn decide(self, id: &str, verdict: &Verdict) -> Result<Decision, sqlx::Error> {
        let Decider { db, mail, by, now } = self;
        let rejection = match verdict {
            Verdict::Accept => {
                return Ok(match self.move_stage(id, Stage::Offer.as_str()).await? {
                    Moved::Done(from)
                        if !Place::parse(&from).is_some_and(|p| p.group().accepted()) =>
                    {
                        Decision::Done
                    }
                    Moved::NotFound => Decision::NotFound,
                    Moved::Done(_) | Moved::Refused(_) | Moved::Invalid(_) => {
                        Decision::AlreadyDecided
                    }
                });
            }
            Verdict::Reject {
                reason,
                detail,
                feedback,
            } => (reason.as_str(), detail.as_deref(), feedback.as_deref()),
        };
        on_db_write!(db, pool => {
            let mut tx = crate::db::begin(pool).await?;
            let decided = reject_within!(tx, mail, by, id, rejection, now)?;
            if decided == Decision::Done {
                tx.commit().await?;
            }
            Ok(decided)
        })
    }

    /// Applies `action` to each of `ids` (distinct) in one transaction, each exactly as its own
    /// route would: its move row, bell row, e-mail, and on rejection the call-off of its
    /// interview. An application that is not the employer's, already decided or not movable is
    /// skipped and reported, writing nothing; the rest commit together, or none on a database
    /// error.
    pub async fn bulk(self, ids: &[String], action: Bulk<'_>) -> Result<BulkOutcome, sqlx::Error> {
        let Decider { db, mail, by, now } = self;
        let stage_sql = job_stage_sql(db);
        on_db_write!(db, pool => {
            let mut tx = crate::db::begin(pool).await?;
            let mut outcome = BulkOutcome::default();
            for id in ids {
                let id = id.as_str();
                let result = match action {
                    Bulk::Move { to } => match move_within!(tx, stage_sql, mail, by, id, to, now)? {
                        Moved::Done(from) => Ok(from),
                        Moved::NotFound => Err(None),
                        Moved::Invalid(why) | Moved::Refused(why) => Err(Some(why)),
                    },
                    Bulk::Reject { reason, detail, feedback } => {
                        let rejection = (reason.as_str(), detail, feedback);
                        match reject_within!(tx, mail, by, id, rejection, now)? {
                            Decision::Done => Ok(String::new()),
                            Decision::NotFound => Err(None),
                            Decision::AlreadyDecided => Err(Some(pipeline::MSG_ALREADY_DECIDED)),
                        }
                    }
                };
                match result {
                    Ok(from) => outcome.done.push((id.to_string(), from)),
                    Err(Some(why)) => outcome.skipped.push((id.to_string(), why)),
                    Err(None) => {
                        // Off the list: the employer's own rejected one is told apart; anyone
                        // else's stays not found.
                        let rejected: Option<String> = sqlx::query_scalar(AssertSqlSafe(format!(
                            "SELECT id FROM applications WHERE id = $1 AND stage = '{REJECTED_STAGE}' \
                             AND employer_released_at IS NULL \
                             AND job_id IN (SELECT id FROM jobs WHERE employer_id = $2)"
                        )))
                        .bind(id)
                        .bind(by.company)
                        .fetch_optional(&mut *tx)
                        .await?;
                        let why = if rejected.is_some() {
                            pipeline::MSG_ALREADY_DECIDED
                        } else {
                            pipeline::MSG_APPLICATION_NOT_FOUND
                        };
                        outcome.skipped.push((id.to_string(), why));
                    }
                }
            }
            tx.commit().await?;
            Ok(outcome)
        })
    }

    /// Takes back the rejection of application `id`: it returns to the employer's list at `to`
    /// (core's `check_reconsider`), and the candidate is told. The rejection's reason and detail
    /// go with the rejection (the audit log keeps that it happened); the feedback sent stays,
    /// being the candidate's record of what they were told.
    pub async fn reconsider(self, id: &str, to: &str) -> Result<Reconsidered, sqlx::Error> {
        let Decider { db, mail, by, now } = self;
        let stage_sql = job_stage_sql(db);
        on_db_write!(db, pool => {
            let mut tx = crate::db::begin(pool).await?;
            let found: Option<(String, bool)> = sqlx::query_as(
                "SELECT stage, hidden_from_employer FROM applications WHERE id = $1 \
                 AND employer_released_at IS NULL \
                 AND job_id IN (SELECT id FROM jobs WHERE employer_id = $2)",
            )
            .bind(id)
            .bind(by.company)
            .fetch_optional(&mut *tx)
            .await?;
            match found {
                Some((stage, _)) if stage == REJECTED_STAGE => {}
                Some((_, false)) => return Ok(Reconsidered::NotRejected),
                // Removed from the list without a rejection: the employer chose not to see it.
                Some((_, true)) | None => return Ok(Reconsidered::NotFound),
            }
            // Only once it is known to be theirs: a stranger learns nothing from the stage's check.
            let Some(to) = Place::parse(to) else {
                return Ok(Reconsidered::Invalid(pipeline::MSG_STAGE_UNKNOWN));
            };
            if let Err(why) = to.check_reconsider() {
                return Ok(Reconsidered::Invalid(why));
            }
            if !is_stage_of_job!(&mut *tx, stage_sql, id, to)? {
                return Ok(Reconsidered::Invalid(pipeline::MSG_STAGE_UNKNOWN));
            }
            let changed: Option<DecidedFor> = sqlx::query_as(AssertSqlSafe(format!(
                "UPDATE applications SET stage = $2, status = $3, hidden_from_employer = FALSE, \
                 rejection_reason = NULL, rejection_note = NULL, updated_at = $4 \
                 WHERE id = $1 AND stage = '{REJECTED_STAGE}' AND employer_released_at IS NULL {returning}",
                returning = returning_candidate!(),
            )))
            .bind(id)
            .bind(to.key())
            .bind(to.status().as_str())
            .bind(now)
            .fetch_optional(&mut *tx)
            .await?;
            let Some(mut candidate) = changed else {
                return Ok(Reconsidered::NotRejected);
            };
            record_move!(&mut *tx, id, REJECTED_STAGE, to.key(), now, by.actor)?;
            // The feedback went with the rejection; this e-mail is only the news.
            candidate.employer_comment = None;
            if crate::notify!(&mut *tx, &candidate.user_id, Event::Reconsidered, id, now)?
                && let Some(row) =
                    decision_row(mail, &candidate, id, texts::Outcome::Reconsidered, now)
            {
                crate::queue_mail!(&mut *tx, &row)?;
            }
            tx.commit().await?;
            Ok(Reconsidered::Done)
        })
    }
}

/// The two texts an employer keeps on an application; `None` clears one.
#[derive(Debug, Clone, Default)]
pub struct Notes {
    pub private_note: Option<String>,
    pub feedback: Option<String>,
}

/// Sets the private note and the feedback to the candidate; false when the application
/// is not theirs.
pub async fn save_notes(
    db: &Db,
    employer_id: &str,
    id: &str,
    notes: &Notes,
    now: i64,
) -> Result<bool, sqlx::Error> {
    on_db_write!(db, pool => {
        let updated = sqlx::query(
            "UPDATE applications SET private_note = $3, employer_comment = $4, updated_at = $5 \
             WHERE id = $1 AND NOT hidden_from_employer \
             AND job_id IN (SELECT id FROM jobs WHERE employer_id = $2)",
        )
        .bind(id)
        .bind(employer_id)
        .bind(notes.private_note.as_deref())
        .bind(notes.feedback.as_deref())
        .bind(now)
        .execute(pool)
        .await?
        .rows_affected();
        Ok(updated == 1)
    })
}

/// Removes an application from the employer's list; the candidate keeps their record.
pub async fn remove(db: &Db, employer_id: &str, id: &str, now: i64) -> Result<bool, sqlx::Error> {
    on_db_write!(db, pool => {
        let updated = sqlx::query(
            "UPDATE applications SET hidden_from_employer = TRUE, updated_at = $3 WHERE id = $1 \
             AND NOT hidden_from_employer AND job_id IN (SELECT id FROM jobs WHERE employer_id = $2)",
        )
        .bind(id)
        .bind(employer_id)
        .bind(now)
        .execute(pool)
        .await?
        .rows_affected();
        Ok(updated == 1)
    })
}

//! Persistence of the applications to an employer's jobs.

use serde::{Deserialize, Serialize};
use sqlx::AssertSqlSafe;

use jobtap_core::job_stages::{self, Place};
use jobtap_core::notifications::Event;
use jobtap_core::pipeline::{self, RejectionReason, Stage};

use super::stages::JobStage;
use crate::clock::DAY_MS;
use crate::db::Db;
use crate::db::states::{self, REJECTED, REJECTED_STAGE};
use crate::mail::config::MailConfig;
use crate::mail::outbox::NewRow;
use crate::mail::texts;
use crate::{on_db, on_db_write};

/// The dashboard's filters (spec, employer side §2): date range and minimum scores.
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct Filters {
    /// 7, 30 or 90; anything else (or none) means all time.
    pub days: Option<i64>,
    /// 3, 4 or 5; none means any.
    pub min_experience: Option<f64>,
    pub min_degree: Option<f64>,
}

impl Filters {
    fn since(&self, now: i64) -> i64 {
        match self.days {
            Some(days @ (7 | 30 | 90)) => now - days * DAY_MS,
            _ => i64::MIN,
        }
    }
}

/// Applications per page when the client names no limit.
pub const DEFAULT_LIMIT: i64 = 20;
/// The most applications one page holds; larger limits are lowered to it.
pub const MAX_LIMIT: i64 = 100;

/// Paging of the applications list: newest first, a page at a time.
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct Paging {
    /// Applications per page, 1–100 (others are clamped); 20 when left out.
    pub limit: Option<i64>,
    /// `next_cursor` of the previous page.
    pub cursor: Option<String>,
}

/// An application as the employer's list shows it. The cover letter is not in
/// the list (the card does not show it): the candidate route serves it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct EmployerApplication {
    pub id: String,
    pub user_id: String,
    pub job_id: Option<String>,
    #[serde(flatten)]
    pub status: crate::applications::status::StatusView,
    /// Where it is in the pipeline: one of core's stages (`applied`, `screening`, …) or
    /// the `key` of one of its job's own stages.
    pub stage: String,
    /// The stage's name on screen.
    #[sqlx(skip)]
    pub stage_label: String,
    /// The pipeline's stage it counts as: `stage` itself, or the one a job's own stage follows.
    #[sqlx(skip)]
    #[schema(value_type = crate::http::core_schemas::StageSchema)]
    pub stage_group: &'static str,
    /// The stages it can be moved to with the move buttons (core's rules).
    #[sqlx(skip)]
    pub next_stages: Vec<StageOption>,
    pub applied_at: i64,
    /// The feedback to the candidate: they read it on My Applications.
    pub employer_comment: Option<String>,
    /// The employer's team's own note: never in any answer to the candidate.
    pub private_note: Option<String>,
    pub ai_screening_comment: Option<String>,
    pub email_subject: String,
    pub degree_score: f64,
    pub skills_score: f64,
    /// The fit's skills line when the candidate applied ("Skills: 3 of 4 — from the candidate's
    /// resume: Pastry (\"Ran the pastry section …\")"), kept only when the resume it quotes was
    /// sent.
    pub skills_evidence: Option<String>,
    pub university_score: f64,
    pub experience_score: f64,
    pub total_raw_score: f64,
    pub score_percentage: f64,
    pub job_title: String,
    pub company_name: String,
    pub candidate_name: String,
    pub candidate_email: String,
    pub candidate_location: Option<String>,
    /// `applied_at` as every screen writes a date (core's format, UTC): "Mar 5, 2026".
    #[sqlx(skip)]
    pub applied_text: String,
    /// The interview proposed or booked, if any.
    #[sqlx(skip)]
    pub interview: Option<crate::interviews::store::InterviewView>,
}

impl EmployerApplication {
    /// Fills the fields core formats from the stored ones; `stages` are the employer's own
    /// (any of their jobs).
    fn formatted(mut self, stages: &[JobStage]) -> Self {
        self.applied_text = jobtap_core::format::format_date(self.applied_at);
        let job = self.job_id.as_deref().unwrap_or_default();
        let (now, next) = StageOption::at(&self.stage, job, stages);
        self.stage_label = now.label;
        self.stage_group = now.group;
        self.next_stages = next;
        self
    }
}

/// A stage with its name, as the move buttons offer it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StageOption {
    /// One of core's stages, or the `key` of one of the job's own.
    pub stage: String,
    pub label: String,
    /// The pipeline's stage it counts as: `stage` itself, or the one a job's own stage follows.
    #[schema(value_type = crate::http::core_schemas::StageSchema)]
    pub group: &'static str,
}

impl StageOption {
    /// Stage `stored` of an application to `job_id`, and the stages it can move to from
    /// there (core's rules over the job's own stages among `stages`).
    #[must_use]
    pub fn at(stored: &str, job_id: &str, stages: &[JobStage]) -> (Self, Vec<Self>) {
        let customs = super::stages::of_job(stages, job_id);
        let option = |place: Place<'_>| Self {
            stage: place.key(),
            label: place.label(&customs),
            group: place.group().as_str(),
        };
        let place = Place::parse(stored).unwrap_or(Place::Builtin(Stage::Applied));
        let next = job_stages::next(place, &customs)
            .into_iter()
            .map(option)
            .collect();
        (option(place), next)
    }
}

/// The columns of [`EmployerApplication`] over `a` (applications), `j` (jobs), `p` (profiles).
macro_rules! application_columns {
    () => {
        "SELECT a.id, a.user_id, a.job_id, a.status, a.stage, a.applied_at, a.employer_comment, a.private_note, a.ai_screening_comment, \
         a.email_subject, a.degree_score, a.skills_score, a.skills_evidence, a.university_score, a.experience_score, \
         a.total_raw_score, a.score_percentage, j.job_title, j.company_name, p.full_name AS candidate_name, \
         p.email AS candidate_email, p.location AS candidate_location "
    };
}

macro_rules! application_select {
    () => {
        concat!(
            application_columns!(),
            "FROM applications a JOIN jobs j ON j.id = a.job_id JOIN profiles p ON p.id = a.user_id \
             WHERE j.employer_id = $1 AND a.hidden_from_employer = FALSE "
        )
    };
}

/// The employer's (`$1`) applications still on their list, as the partial indexes
/// `applications_employer_list` and `_best` (migration 0005) hold them: their
/// conditions written as they are there, so that SQLite sees they hold. A live `job_id`
/// is one of the employer's jobs (`employer_id` is copied from it).
macro_rules! on_employer_list {
    () => {
        "FROM applications a \
         WHERE a.hidden_from_employer = FALSE AND a.job_id IS NOT NULL AND a.employer_id = $1 "
    };
}

/// The applications on the employer's list that pass the filters ($2 since, $3 minimum
/// experience, $4 minimum degree), read from `applications_employer_list` alone: the
/// keys a page is chosen by, no row. Every application has a profile (accounts are
/// created with one), so the profile join of the full rows drops none.
macro_rules! filtered_keys {
    () => {
        concat!(
            on_employer_list!(),
            "AND a.applied_at >= $2 AND a.experience_score >= $3 AND a.degree_score >= $4 "
        )
    };
}

/// One page of the applications to the employer's jobs that pass `filters`, newest
/// first (ties by id, descending), strictly after the `after` position
/// `(applied_at, id)` when given; at most `limit` rows.
///
/// The page's ids are chosen from the index first, then only those rows are read.
pub async fn page(
    db: &Db,
    employer_id: &str,
    filters: &Filters,
    now: i64,
    after: Option<(i64, &str)>,
    limit: i64,
) -> Result<Vec<EmployerApplication>, sqlx::Error> {
    // No cursor: a position after every application (`applied_at` below i64::MAX).
    let (after_at, after_id) = after.unwrap_or((i64::MAX, ""));
    let rows = on_db!(db, pool => {
        sqlx::query_as::<_, EmployerApplication>(concat!(
            application_columns!(),
            "FROM (SELECT a.id ",
            filtered_keys!(),
            "AND (a.applied_at, a.id) < ($5, $6) \
             ORDER BY a.applied_at DESC, a.id DESC LIMIT $7) page \
             JOIN applications a ON a.id = page.id JOIN jobs j ON j.id = a.job_id \
             JOIN profiles p ON p.id = a.user_id \
             ORDER BY a.applied_at DESC, a.id DESC"
        ))
        .bind(employer_id)
        .bind(filters.since(now))
        .bind(filters.min_experience.unwrap_or(0.0))
        .bind(filters.min_degree.unwrap_or(0.0))
        .bind(after_at)
        .bind(after_id)
        .bind(limit)
        // Planned with this call's values: PostgreSQL's generic plan for a reused
        // statement cannot see that `$5`/`$6` start at the end and ran ~10× slower.
        .persistent(false)
        .fetch_all(pool)
        .await
    })?;
    let stages = super::stages::of_employer(db, employer_id).await?;
    Ok(rows.into_iter().map(|a| a.formatted(&stages)).collect())
}

/// Every application to the employer's jobs that passes `filters`, newest first (the CSV export).
pub async fn list_all(
    db: &Db,
    employer_id: &str,
    filters: &Filters,
    now: i64,
) -> Result<Vec<EmployerApplication>, sqlx::Error> {
    let rows = on_db!(db, pool => {
        sqlx::query_as::<_, EmployerApplication>(concat!(
            application_select!(),
            "AND a.applied_at >= $2 AND a.experience_score >= $3 AND a.degree_score >= $4 \
             ORDER BY a.applied_at DESC, a.id DESC"
        ))
        .bind(employer_id)
        .bind(filters.since(now))
        .bind(filters.min_experience.unwrap_or(0.0))
        .bind(filters.min_degree.unwrap_or(0.0))
        .fetch_all(pool)
        .await
    })?;
    let stages = super::stages::of_employer(db, employer_id).await?;
    Ok(rows.into_iter().map(|a| a.formatted(&stages)).collect())
}

/// What the recommendation reads of the best application.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TopApplication {
    pub id: String,
    pub candidate_name: String,
    pub job_title: String,
    pub total_raw_score: f64,
    pub score_percentage: f64,
}

/// The best application by total raw score among those passing `filters` (ties: the
/// earliest applied, then the smallest id). Without a date range it is read in score
/// order from `applications_employer_best` up to the first that passes; with one, from
/// the range of `applications_employer_list` (SQLite prefers any range on `applied_at`,
/// so the all-time query leaves that condition out). Then that one row is read.
pub async fn top(
    db: &Db,
    employer_id: &str,
    filters: &Filters,
    now: i64,
) -> Result<Option<TopApplication>, sqlx::Error> {
    macro_rules! best {
        ($since:expr) => {
            concat!(
                "SELECT a.id, p.full_name AS candidate_name, j.job_title, a.total_raw_score, a.score_percentage \
                 FROM (SELECT a.id ",
                on_employer_list!(),
                "AND a.experience_score >= $2 AND a.degree_score >= $3 ",
                $since,
                "ORDER BY a.total_raw_score DESC, a.applied_at ASC, a.id ASC LIMIT 1) best \
                 JOIN applications a ON a.id = best.id JOIN jobs j ON j.id = a.job_id \
                 JOIN profiles p ON p.id = a.user_id"
            )
        };
    }
    let since = filters.since(now);
    let sql = if since == i64::MIN {
        best!("")
    } else {
        best!("AND a.applied_at >= $4 ")
    };
    on_db!(db, pool => {
        let query = sqlx::query_as::<_, TopApplication>(sql)
            .bind(employer_id)
            .bind(filters.min_experience.unwrap_or(0.0))
            .bind(filters.min_degree.unwrap_or(0.0));
        let query = if since == i64::MIN { query } else { query.bind(since) };
        // Planned with this call's values, as `page` is.
        query.persistent(false).fetch_optional(pool).await
    })
}

/// One application to the employer's jobs (still on their list).
pub async fn get(
    db: &Db,
    employer_id: &str,
    id: &str,
) -> Result<Option<EmployerApplication>, sqlx::Error> {
    let row = on_db!(db, pool => {
        sqlx::query_as::<_, EmployerApplication>(concat!(application_select!(), "AND a.id = $2"))
            .bind(employer_id)
            .bind(id)
            .fetch_optional(pool)
            .await
    })?;
    let Some(row) = row else { return Ok(None) };
    let stages = super::stages::of_employer(db, employer_id).await?;
    Ok(Some(row.formatted(&stages)))
}

/// The cover letter of application `id`, one of the employer's still on their list.
pub async fn cover_letter(
    db: &Db,
    employer_id: &str,
    id: &str,
) -> Result<Option<String>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_scalar::<_, String>(
            "SELECT a.cover_letter FROM applications a JOIN jobs j ON j.id = a.job_id \
             WHERE j.employer_id = $1 AND a.hidden_from_employer = FALSE AND a.id = $2",
        )
        .bind(employer_id)
        .bind(id)
        .fetch_optional(pool)
        .await
    })
}

/// Who a decision is for, read as it is stored.
#[derive(sqlx::FromRow)]
struct DecidedFor {
    user_id: String,
    email: String,
    full_name: String,
    job_title: String,
    company_name: String,
    employer_comment: Option<String>,
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
    let message = texts::decision(&texts::Decision {
        to_address: &to.email,
        candidate_name: &to.full_name,
        job_title: &to.job_title,
        company_name: &to.company_name,
        outcome,
        feedback: to.employer_comment.as_deref(),
        public_url: &mail.public_url,
    });
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
         employer_comment"
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

/// Moves an application to stage `to` (one of core's or the `key` of one of its job's own;
/// core's rules), its status with it, and records the move with its time and who made it. Reaching Offer or Hired from an undecided stage is an
/// acceptance: the candidate's bell row and e-mail are written in the same transaction.
pub async fn move_stage(
    db: &Db,
    mail: &MailConfig,
    employer_id: &str,
    id: &str,
    to: &str,
    now: i64,
) -> Result<Moved, sqlx::Error> {
    macro_rules! stage_sql {
        ($lock:literal) => {
            concat!(
                "SELECT s.id FROM job_stages s JOIN applications a ON a.job_id = s.job_id \
                 WHERE a.id = $1 AND s.id = $2 AND s.after_stage = $3",
                $lock
            )
        };
    }
    let stage_sql = match db {
        Db::Sqlite { .. } => stage_sql!(""),
        Db::Postgres { .. } => stage_sql!(" FOR SHARE OF s"),
    };
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        let current = current_stage!(&mut *tx, id, employer_id)?;
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
        if let Place::Custom { id: stage_id, after } = to {
            // The stage must be of this job and follow the stage its key says; on PostgreSQL
            // it is held until the move commits, so it cannot be removed meanwhile.
            let of_job: Option<String> = sqlx::query_scalar(stage_sql)
                .bind(id)
                .bind(stage_id)
                .bind(after.as_str())
                .fetch_optional(&mut *tx)
                .await?;
            if of_job.is_none() {
                return Ok(Moved::Invalid(pipeline::MSG_STAGE_UNKNOWN));
            }
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
        .fetch_optional(&mut *tx)
        .await?;
        let Some(candidate) = changed else {
            return Ok(Moved::Refused(pipeline::MSG_DECIDED));
        };
        record_move!(&mut *tx, id, current.as_str(), to.key(), now, employer_id)?;
        if to.group().accepted() && !from.group().accepted()
            && crate::notify!(&mut *tx, &candidate.user_id, Event::Accepted, id, now)?
            && let Some(row) = decision_row(mail, &candidate, id, texts::Outcome::Accepted, now)
        {
            crate::queue_mail!(&mut *tx, &row)?;
        }
        tx.commit().await?;
        Ok(Moved::Done(current))
    })
}

/// Accepts (moves to Offer) or rejects an application not yet decided. A rejected one
/// leaves the employer's list but stays, with its status, for the candidate.
///
/// The candidate's e-mail about it (with the feedback to them, if any) is queued in the
/// same transaction: it goes out once the decision is stored, and never for a decision
/// that was not.
pub async fn decide(
    db: &Db,
    mail: &MailConfig,
    employer_id: &str,
    id: &str,
    verdict: &Verdict,
    now: i64,
) -> Result<Decision, sqlx::Error> {
    let (reason, detail, feedback) = match verdict {
        Verdict::Accept => {
            return Ok(
                match move_stage(db, mail, employer_id, id, Stage::Offer.as_str(), now).await? {
                    Moved::Done(from)
                        if !Place::parse(&from).is_some_and(|p| p.group().accepted()) =>
                    {
                        Decision::Done
                    }
                    Moved::NotFound => Decision::NotFound,
                    Moved::Done(_) | Moved::Refused(_) | Moved::Invalid(_) => {
                        Decision::AlreadyDecided
                    }
                },
            );
        }
        Verdict::Reject {
            reason,
            detail,
            feedback,
        } => (reason.as_str(), detail.as_deref(), feedback.as_deref()),
    };
    on_db_write!(db, pool => {
        let mut tx = crate::db::begin(pool).await?;
        let current = current_stage!(&mut *tx, id, employer_id)?;
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
        .fetch_optional(&mut *tx)
        .await?;
        let Some(candidate) = decided else {
            return Ok(Decision::AlreadyDecided);
        };
        record_move!(&mut *tx, id, current.as_str(), Stage::Rejected.as_str(), now, employer_id)?;
        // An interview still to come is called off with the application: its times can no
        // longer be picked, and a booked event's file becomes its cancellation.
        sqlx::query(
            "UPDATE interviews SET status = 'cancelled', sequence = CASE WHEN sequence >= 0 \
             THEN sequence + 1 ELSE sequence END, updated_at = $2 \
             WHERE application_id = $1 AND status <> 'cancelled'",
        )
        .bind(id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if crate::notify!(&mut *tx, &candidate.user_id, Event::Rejected, id, now)?
            && let Some(row) = decision_row(mail, &candidate, id, texts::Outcome::Rejected, now)
        {
            crate::queue_mail!(&mut *tx, &row)?;
        }
        tx.commit().await?;
        Ok(Decision::Done)
    })
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

/// A candidate's document as the employer may see it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct CandidateDocument {
    pub id: String,
    #[schema(value_type = crate::http::core_schemas::DocumentTypeSchema)]
    pub document_type: String,
    pub file_name: String,
    pub file_size: i64,
    pub uploaded_at: i64,
    #[serde(skip)]
    pub file_path: String,
    #[serde(skip)]
    pub content_type: String,
}

/// The documents the candidate sent with application `id` (one of the employer's still on
/// their list), newest first; `None` when it is not theirs.
pub async fn candidate_documents(
    db: &Db,
    employer_id: &str,
    id: &str,
) -> Result<Option<Vec<CandidateDocument>>, sqlx::Error> {
    if get(db, employer_id, id).await?.is_none() {
        return Ok(None);
    }
    sent_with(db, id).await.map(Some)
}

/// The documents sent with application `id`, newest first (the caller checked the access).
pub async fn sent_with(db: &Db, id: &str) -> Result<Vec<CandidateDocument>, sqlx::Error> {
    on_db!(db, pool => {
        sqlx::query_as::<_, CandidateDocument>(
            "SELECT d.id, d.document_type, d.file_name, d.file_size, d.uploaded_at, d.file_path, \
             d.content_type FROM application_documents ad JOIN user_documents d ON d.id = ad.document_id \
             WHERE ad.application_id = $1 ORDER BY d.uploaded_at DESC, d.id DESC",
        )
        .bind(id)
        .fetch_all(pool)
        .await
    })
}

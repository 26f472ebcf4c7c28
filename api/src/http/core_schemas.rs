//! Schemas of the `jobtap_core` types the API sends and receives. The core stays free of
//! server dependencies, so these mirror its types for the OpenAPI document only; the tests
//! below fail when a core type gains, loses or renames a field the mirror does not.

#![allow(
    dead_code,
    reason = "these types only describe core types in the OpenAPI document"
)]

use utoipa::ToSchema;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};

/// A number as a form sends it: a JSON number, text, or null (core's `job_post::Loose`).
fn loose() -> Schema {
    Schema::OneOf(
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Number))
            .item(ObjectBuilder::new().schema_type(Type::String))
            .item(ObjectBuilder::new().schema_type(Type::Null))
            .build(),
    )
}

/// The job post form (core's `job_post::JobPostInput`); every field may be left out.
#[derive(ToSchema)]
#[schema(as = JobPostInput)]
pub struct JobPostSchema {
    company_name: Option<String>,
    company_logo: Option<String>,
    job_title: Option<String>,
    job_type: Option<String>,
    job_description: Option<String>,
    location: Option<String>,
    application_email: Option<String>,
    linkedin_url: Option<String>,
    experience_level: Option<String>,
    required_degree_classes: Option<Vec<String>>,
    #[schema(schema_with = loose)]
    experience_years: Option<f64>,
    qualifications: Option<String>,
    degree_class: Option<String>,
    /// Percent, 0–100.
    #[schema(schema_with = loose)]
    minimum_score_threshold: Option<f64>,
    requirements: Option<Vec<String>>,
    skills: Option<Vec<String>>,
    benefits: Option<Vec<String>>,
    #[schema(schema_with = loose)]
    salary_min: Option<f64>,
    #[schema(schema_with = loose)]
    salary_max: Option<f64>,
    /// `YYYY-MM-DD`; empty means today.
    posted_at: Option<String>,
    /// `YYYY-MM-DD` or empty.
    expires_at: Option<String>,
    industry: Option<String>,
}

/// A candidate's fit for one job (core's `score::FitScore`).
#[derive(ToSchema)]
#[schema(as = FitScore, rename_all = "camelCase")]
pub struct FitScoreSchema {
    /// 0–5.
    degree_score: f64,
    /// 0–5.
    skills_score: f64,
    /// 0–5.
    university_score: f64,
    /// 0–5.
    experience_score: f64,
    /// Weighted total out of 19.6.
    total_raw_score: f64,
    /// 0–100.
    score_percentage: f64,
    meets_threshold: bool,
    /// Percent.
    threshold: f64,
    explanations: Vec<String>,
    missing_skills: Vec<String>,
}

/// The profile a cover letter is written from (core's `cover_letter::CoverLetterProfile`).
#[derive(ToSchema)]
#[schema(as = CoverLetterProfile, rename_all = "camelCase")]
pub struct CoverLetterProfileSchema {
    full_name: Option<String>,
    skills: Option<Vec<String>>,
    experience_years: Option<i64>,
    degree_class: Option<String>,
    university: Option<String>,
    /// The field of study (a required-degree option or free text).
    degree_field: Option<String>,
    /// Roles held: `{ title, months, bullets }` each; the letter tells those that fit the job.
    #[schema(value_type = Option<Vec<Object>>)]
    roles: Option<Vec<()>>,
}

/// A practice interview's report (core's `interview::InterviewAnalysis`): the scores computed
/// from the measurements and the coaching text.
#[derive(ToSchema)]
#[schema(as = InterviewAnalysis, rename_all = "camelCase")]
pub struct InterviewAnalysisSchema {
    /// 0–100; null when no metric could be measured.
    overall_score: Option<u32>,
    /// 0–10.
    eye_contact: Option<f64>,
    confidence: Option<f64>,
    facial_expression: Option<f64>,
    response_quality: Option<f64>,
    /// `{ metric, label, score, basis }` per metric.
    #[schema(value_type = Vec<Object>)]
    metrics: Vec<()>,
    weak_metrics: Vec<String>,
    /// The interview's figures the report quotes.
    #[schema(value_type = Object)]
    averages: (),
    /// Every answer's figures.
    #[schema(value_type = Vec<Object>)]
    answers: Vec<()>,
    summary: String,
    action_plan: Vec<String>,
    /// `{ title, url }` each.
    #[schema(value_type = Vec<Object>)]
    resources: Vec<()>,
}

/// A job card's formatted lines (core's `card::CardText`).
#[derive(ToSchema)]
#[schema(as = CardText, rename_all = "camelCase")]
pub struct CardTextSchema {
    /// E.g. "$40,000 - $55,000".
    salary: String,
    /// E.g. "Posted Mar 5, 2025" (UTC).
    posted: String,
    description_preview: String,
    requirements: CollapsedListSchema,
    benefits: CollapsedListSchema,
    role: RoleStyleSchema,
}

/// What JobTap checked about a job's employer (core's `company::EmployerChecks`).
#[derive(ToSchema)]
#[schema(as = EmployerChecks)]
pub struct EmployerChecksSchema {
    /// "Address confirmed": the employer followed a link sent to their address.
    address_confirmed: bool,
    /// "Domain confirmed" for this domain: their confirmed address is on the company website's domain.
    confirmed_domain: Option<String>,
}

/// The first entries of a list and the note saying how many are hidden (core's `card::CollapsedList`).
#[derive(ToSchema)]
#[schema(as = CollapsedList, rename_all = "camelCase")]
pub struct CollapsedListSchema {
    shown: Vec<String>,
    more_note: Option<String>,
}

/// The logo fallback: a role family, a lucide-react icon name and a gradient (core's `role_style::RoleStyle`).
#[derive(ToSchema)]
#[schema(as = RoleStyle)]
pub struct RoleStyleSchema {
    key: RoleKeySchema,
    icon: String,
    gradient: GradientSchema,
}

/// A job title's role family (core's `role_style::RoleKey`).
#[derive(ToSchema, serde::Serialize)]
#[schema(as = RoleKey)]
#[serde(rename_all = "camelCase")]
pub enum RoleKeySchema {
    Developer,
    Designer,
    Data,
    Manager,
    Marketing,
    Sales,
    Support,
    Writer,
    DevOps,
    Medical,
    Teacher,
    Product,
    Database,
    Security,
    Ai,
    Default,
}

/// Two CSS hex colours (core's `role_style::Gradient`).
#[derive(ToSchema)]
#[schema(as = Gradient)]
pub struct GradientSchema {
    from: String,
    to: String,
}

/// How much one CSV import may hold (core's `csv_import::ImportLimits`).
#[derive(ToSchema, serde::Serialize)]
#[schema(as = ImportLimits)]
#[serde(rename_all = "camelCase")]
pub struct ImportLimitsSchema {
    /// Most job rows (blank rows not counted).
    max_rows: u64,
    /// Largest file, in bytes as uploaded.
    max_bytes: u64,
}

/// The tab and analytics group of an application's status (core's
/// `application_status::StatusBucket`).
#[derive(ToSchema, serde::Serialize)]
#[schema(as = StatusBucket)]
#[serde(rename_all = "lowercase")]
pub enum StatusBucketSchema {
    Pending,
    Accepted,
    Rejected,
}

/// What a stored document is (core's `files::DocumentType`).
#[derive(ToSchema, serde::Serialize)]
#[schema(as = DocumentType)]
#[serde(rename_all = "lowercase")]
pub enum DocumentTypeSchema {
    Resume,
    Certificate,
    Other,
}

/// Why an employer rejected an application (core's `pipeline::RejectionReason`).
#[derive(ToSchema, serde::Serialize)]
#[schema(as = RejectionReason)]
#[serde(rename_all = "snake_case")]
pub enum RejectionReasonSchema {
    SkillsMismatch,
    NotEnoughExperience,
    MissingQualification,
    StrongerCandidate,
    PositionFilled,
    Other,
}

/// What a bulk request does to the selected applications (core's `pipeline::BulkAction`).
#[derive(ToSchema, serde::Serialize)]
#[schema(as = BulkAction)]
#[serde(rename_all = "snake_case")]
pub enum BulkActionSchema {
    Move,
    Reject,
}

/// Where an application is in the employer's pipeline (core's `pipeline::Stage`).
#[derive(ToSchema, serde::Serialize)]
#[schema(as = Stage)]
#[serde(rename_all = "snake_case")]
pub enum StageSchema {
    Applied,
    Screening,
    Interview,
    Offer,
    Hired,
    Rejected,
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use serde::Serialize;
    use utoipa::OpenApi as _;
    use utoipa::openapi::RefOr;
    use utoipa::openapi::schema::Schema;

    use jobtap_core::cover_letter::CoverLetterProfile;
    use jobtap_core::interview::{
        AnswerMeasurement, InterviewAnalysis, InterviewMeasurements, Narrative, score,
    };
    use jobtap_core::job_post::JobPostInput;

    use crate::openapi::ApiDoc;

    fn documented(name: &str) -> BTreeSet<String> {
        let doc = ApiDoc::openapi();
        let schemas = &doc.components.expect("components").schemas;
        match schemas.get(name) {
            Some(RefOr::T(Schema::Object(object))) => object.properties.keys().cloned().collect(),
            _ => panic!("{name} is not an object schema in the document"),
        }
    }

    fn sent(value: &impl Serialize) -> BTreeSet<String> {
        serde_json::to_value(value)
            .expect("serializes")
            .as_object()
            .expect("an object")
            .keys()
            .cloned()
            .collect()
    }

    fn enum_values(name: &str) -> BTreeSet<String> {
        let doc = ApiDoc::openapi();
        let schemas = &doc.components.expect("components").schemas;
        match schemas.get(name) {
            Some(RefOr::T(Schema::Object(object))) => object
                .enum_values
                .iter()
                .flatten()
                .map(|v| v.as_str().expect("a name").to_string())
                .collect(),
            _ => panic!("{name} is not an enum schema in the document"),
        }
    }

    #[test]
    fn the_enum_mirrors_name_every_value_of_the_core_enums() {
        use jobtap_core::application_status::StatusBucket;
        use jobtap_core::files::DocumentType;
        let buckets = StatusBucket::ALL.iter().map(|b| b.as_str().to_string());
        assert_eq!(enum_values("StatusBucket"), buckets.collect());
        let types = DocumentType::ALL.iter().map(|t| t.as_str().to_string());
        assert_eq!(enum_values("DocumentType"), types.collect());
        let reasons = jobtap_core::pipeline::RejectionReason::ALL
            .iter()
            .map(|r| r.as_str().to_string());
        assert_eq!(enum_values("RejectionReason"), reasons.collect());
        let actions = jobtap_core::pipeline::BulkAction::ALL
            .iter()
            .map(|a| a.as_str().to_string());
        assert_eq!(enum_values("BulkAction"), actions.collect());
        let stages = jobtap_core::pipeline::Stage::ALL
            .iter()
            .map(|s| s.as_str().to_string());
        assert_eq!(enum_values("Stage"), stages.collect());
        let roles = jobtap_core::role_style::PRECEDENCE
            .iter()
            .chain([&jobtap_core::role_style::RoleKey::Default])
            .map(|k| {
                serde_json::to_value(k)
                    .expect("serializes")
                    .as_str()
                    .expect("a name")
                    .to_string()
            });
        assert_eq!(enum_values("RoleKey"), roles.collect());
    }

    #[test]
    fn mirrors_name_every_field_of_the_core_types() {
        assert_eq!(documented("JobPostInput"), sent(&JobPostInput::default()));
        assert_eq!(
            documented("EmployerChecks"),
            sent(&jobtap_core::company::EmployerChecks::default())
        );
        assert_eq!(
            documented("CoverLetterProfile"),
            sent(&CoverLetterProfile::default())
        );
        let fit = jobtap_core::score::score(
            &jobtap_core::score::CandidateProfile::default(),
            &jobtap_core::score::JobRequirements::default(),
        );
        assert_eq!(documented("FitScore"), sent(&fit));
        assert_eq!(
            documented("ImportLimits"),
            sent(&jobtap_core::csv_import::ImportLimits::default())
        );
        let measurements = InterviewMeasurements {
            answers: vec![AnswerMeasurement {
                duration_ms: 30_000.0,
                audio: None,
                face: None,
            }],
        };
        let analysis = InterviewAnalysis {
            scores: score(&measurements).expect("scores"),
            narrative: Narrative {
                summary: String::new(),
                action_plan: Vec::new(),
                resources: Vec::new(),
            },
        };
        assert_eq!(documented("InterviewAnalysis"), sent(&analysis));
        let card = jobtap_core::card::card_text(jobtap_core::card::CardFields {
            job_title: "Nurse",
            salary_min: None,
            salary_max: None,
            posted_at_ms: 0,
            description: "",
            requirements: &[],
            benefits: &[],
        });
        assert_eq!(documented("CardText"), sent(&card));
        assert_eq!(documented("CollapsedList"), sent(&card.requirements));
        assert_eq!(documented("RoleStyle"), sent(&card.role));
        assert_eq!(documented("Gradient"), sent(&card.role.gradient));
    }
}

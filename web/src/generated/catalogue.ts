// Generated from core (core/src/catalogue.rs) by `make generated`; do not edit.

/** Job types, for postings and a candidate's preferences alike. */
export const JOB_TYPES = ["Full-time", "Part-time", "Contract", "Remote"] as const

/** Degree levels of the job form (stored as the job's experience level). */
export const DEGREE_LEVELS = ["Certificate", "Diploma", "Bachelors", "Honours", "Masters", "PhD"] as const

/** Minimum degree classes of the job form (the employer side's spelling). */
export const POSTING_DEGREE_CLASSES = ["First Class", "Second Class Upper", "Second Class Lower", "Third Class"] as const

/** Degree classes offered at onboarding (the candidate side's spelling). */
export const PROFILE_DEGREE_CLASSES = ["1st Class", "2.1 Class", "2.2 Class", "3rd Class", "Diploma"] as const

/** Universities offered at onboarding. */
export const UNIVERSITIES = ["University of Zimbabwe (UZ)", "NUST", "HIT", "MSU", "GZU", "Chinhoyi", "Other"] as const

/** Suggested required degrees of a job, which are also the fields of study at onboarding. */
export const REQUIRED_DEGREES = ["Computer Science", "Information Technology", "Software Engineering", "Business Administration", "Marketing", "Finance", "Accounting", "Economics", "Engineering", "Education", "Nursing", "Medicine", "Law", "Psychology", "Sociology", "Agriculture and Environmental Science"] as const

/** The groups an application's status counts under (My Applications' tabs after All, the analytics), with their names. */
export const STATUS_BUCKETS = [{ key: "pending", label: "Pending" }, { key: "accepted", label: "Accepted" }, { key: "rejected", label: "Rejected" }] as const

/** What a stored document is, with its name on screen ("other" is in old data only). */
export const DOCUMENT_TYPES = [{ key: "resume", label: "Resume" }, { key: "certificate", label: "Certificate" }, { key: "other", label: "Other" }] as const

/** The id prefix of a sample job: a demo card that takes no applications. */
export const SAMPLE_JOB_PREFIX = "mock-"

/** The longest message the chat assistant takes, in characters. */
export const MAX_CHAT_MESSAGE_CHARS = 4000

/** The minimum fit score (percent) a job gets when none is given. */
export const DEFAULT_THRESHOLD = 20

/** The most points one part of the fit score (degree, skills, university, experience) gives. */
export const COMPONENT_MAX = 5

/** The most points a fit score's weighted total can reach. */
export const MAX_RAW_SCORE = 19.6

/** The ATS score an upgraded resume aims for. */
export const ATS_TARGET_SCORE = 85

/** The largest resume or certificate the server takes. */
export const MAX_DOCUMENT_BYTES = 10485760

/** The largest resume or certificate in words, for the pickers' hints ("max 10MB"). */
export const MAX_DOCUMENT_SIZE_TEXT = "10MB"

/** The largest profile picture or company logo in words, for the pickers' hints. */
export const MAX_IMAGE_SIZE_TEXT = "2MB"

/** The largest profile picture or company logo the server takes. */
export const MAX_IMAGE_BYTES = 2097152

/** What a form asking for a new password says under the field. */
export const NEW_PASSWORD_HINT = "At least 8 characters, and not a commonly used password"

/** The badge of an employer whose address JobTap confirmed. */
export const BADGE_ADDRESS = "Address confirmed"

/** What the address badge says was checked. */
export const BADGE_ADDRESS_TITLE = "JobTap checked that this employer receives e-mail at their address"

/** The badge of an employer whose confirmed address is on the company website's domain. */
export const BADGE_DOMAIN = "Domain confirmed"

/** What the domain badge says was checked; `{domain}` stands for the domain. */
export const BADGE_DOMAIN_TITLE = "JobTap checked that this employer receives e-mail at an address on {domain}, the domain of the company's website"

/** The longest company website address, in characters. */
export const COMPANY_WEBSITE_MAX_CHARS = 200

/** The placeholders of a decision e-mail template, with what each stands for. */
export const EMAIL_TEMPLATE_PLACEHOLDERS = [{ key: "name", help: "The candidate's name" }, { key: "job", help: "The job's title" }, { key: "company", help: "Your company's name, as on the job" }, { key: "feedback", help: "Your feedback to the candidate, when you wrote some" }] as const

/** The longest subject of a decision e-mail template, in characters. */
export const EMAIL_TEMPLATE_SUBJECT_MAX_CHARS = 150

/** The longest message of a decision e-mail template, in characters. */
export const EMAIL_TEMPLATE_BODY_MAX_CHARS = 4000

/** The roles of a company's team members: what each is called and may do. */
export const COMPANY_ROLES = [{ key: "admin", label: "Admin", inSentence: "an admin", summary: "post jobs, review and decide on applicants, and manage the team and the company's settings" }, { key: "recruiter", label: "Recruiter", inSentence: "a recruiter", summary: "post jobs, review and decide on applicants" }, { key: "interviewer", label: "Interviewer", inSentence: "an interviewer", summary: "read the applicants of the jobs you are on and the documents they sent, and write your scorecards" }] as const

/** What the server answers an interviewer who asks for what only recruiters and admins do. */
export const MSG_RECRUITERS_ONLY = "Interviewers read the applicants of their jobs and write scorecards: ask a recruiter to do this."

/** What each scorecard rating means, from 1 to 4. */
export const SCORECARD_RATING_LABELS = ["Strong no", "No", "Yes", "Strong yes"] as const

/** The most criteria a job's scorecard rates. */
export const SCORECARD_MAX_CRITERIA = 8

/** The longest scorecard criterion, in characters. */
export const SCORECARD_CRITERION_MAX_CHARS = 200

/** The longest note on a scorecard, in characters. */
export const SCORECARD_NOTE_MAX_CHARS = 2000

/** The stages of the employer pipeline, in order, with their names. */
export const PIPELINE_STAGES = [{ key: "applied", label: "Applied" }, { key: "screening", label: "Screening" }, { key: "interview", label: "Interview" }, { key: "offer", label: "Offer" }, { key: "hired", label: "Hired" }, { key: "rejected", label: "Rejected" }] as const

/** The stages a job's own stage can follow, in order. */
export const CUSTOM_STAGE_ANCHORS = ["applied", "screening", "interview"] as const

/** The most stages of its own one job has. */
export const CUSTOM_STAGES_MAX = 5

/** What the candidate's badge says of an application in a job's own stage. */
export const CANDIDATE_CUSTOM_STAGE_LABEL = "In review"

/** The longest name of a job's own stage, in characters. */
export const STAGE_NAME_MAX_CHARS = 40

/** The longest search over an employer's applicants, in characters. */
export const APPLICANT_SEARCH_MAX_CHARS = 100

/** Why an employer rejects an application (the reject dialog's list; never shown to the candidate). */
export const REJECTION_REASONS = [{ key: "skills_mismatch", label: "Skills don't match the role" }, { key: "not_enough_experience", label: "Not enough experience" }, { key: "missing_qualification", label: "Missing a required qualification" }, { key: "stronger_candidate", label: "Another candidate was a better fit" }, { key: "position_filled", label: "The position has been filled" }, { key: "other", label: "Other" }] as const

/** What a rejection without a reason is told. */
export const MSG_REASON_REQUIRED = "Please choose a reason"

/** The longest private note, feedback to a candidate or rejection detail, in characters. */
export const NOTE_MAX_CHARS = 2000

/** The most applications one bulk action (move, reject, export) takes. */
export const MAX_BULK_APPLICATIONS = 200

/** What a bulk action over more applications than that is told. */
export const MSG_BULK_TOO_MANY = "Select at most 200 applications at a time"

/** The most documents one application carries. */
export const MAX_APPLICATION_DOCUMENTS = 5

/** The most times one interview proposal offers. */
export const INTERVIEW_MAX_SLOTS = 3

/** The lengths an interview can be given, in minutes. */
export const INTERVIEW_DURATIONS_MINUTES = [15,30,45,60,90,120]

/** The length the proposal form starts with, in minutes. */
export const INTERVIEW_DEFAULT_DURATION_MINUTES = 45

/** The longest interview place or video link, in characters. */
export const INTERVIEW_LOCATION_MAX_CHARS = 300

/** What a proposal without a time is told. */
export const MSG_INTERVIEW_NO_SLOTS = "Please propose at least one time"

/** What a proposal without a place or link is told. */
export const MSG_INTERVIEW_LOCATION_BLANK = "Please give a place or a video link"

/** The longest job ad the resume tools read as a target, in characters. */
export const TARGET_TEXT_MAX_CHARS = 20000

/** How long a document's share link opens when its owner names no time, in days. */
export const SHARE_LINK_DEFAULT_DAYS = 7

/** The longest a share link may open, in days. */
export const SHARE_LINK_MAX_DAYS = 30

/** The longest search words of the feed, in characters. */
export const SEARCH_KEYWORDS_MAX_CHARS = 100

/** The longest place of the feed search, in characters. */
export const SEARCH_PLACE_MAX_CHARS = 100

/** The feed search's "posted within" choices, in days. */
export const SEARCH_POSTED_WITHIN_DAYS = [1, 3, 7, 14, 30] as const

/** The place that means remote jobs. */
export const SEARCH_REMOTE_PLACE = "Remote"

/** Search words over the limit. */
export const MSG_SEARCH_KEYWORDS_TOO_LONG = "Search words must be at most 100 characters"

/** A place over the limit. */
export const MSG_SEARCH_PLACE_TOO_LONG = "Place must be at most 100 characters"

/** A minimum salary that is no number of 0 or more. */
export const MSG_SEARCH_MIN_SALARY = "Minimum salary must be a number of 0 or more"

// Generated from core's types (core/src/typescript.rs) by `make generated`; do not edit.

export type FieldError = { field: string, message: string, };

export type FormCheck = { ok: boolean, errors: Array<FieldError>, };

export type OnboardingInput = { fullName: string, 
/**
 * Whether a resume is chosen now or a default resume already exists.
 */
hasResume: boolean, degreeClass: string, 
/**
 * Optional: one of the employer's required-degree options or free text ("BSc Nursing
 * Science"); without it the fit score reads the field from the default resume.
 */
degreeField: string, university: string, skills: string, experienceYears: string, preferredLocation: string, minSalary: string, maxSalary: string, jobTypes: Array<string>, };

export type RoleKey = "developer" | "designer" | "data" | "manager" | "marketing" | "sales" | "support" | "writer" | "devOps" | "medical" | "teacher" | "product" | "database" | "security" | "ai" | "default";

export type Gradient = { from: string, to: string, };

export type RoleStyle = { key: RoleKey, 
/**
 * A lucide-react icon component name, e.g. "Code".
 */
icon: string, gradient: Gradient, };

export type SwipeDecision = "reject" | "next" | "copyLink" | "snapBack";

export type CardVisual = { 
/**
 * Clamped horizontal offset in px.
 */
x: number, 
/**
 * Clamped vertical offset in px.
 */
y: number, 
/**
 * Tilt in degrees (positive is clockwise).
 */
rotateDeg: number, 
/**
 * Opacity between [`MIN_OPACITY`] and 1.
 */
opacity: number, };

export type CollapsedList = { 
/**
 * Entries to show, trimmed, in their original order.
 */
shown: Array<string>, 
/**
 * E.g. "+3 more"; `None` when nothing is hidden.
 */
moreNote: string | null, };

export type StatusBucket = "pending" | "accepted" | "rejected";

export type StatusFields = { status: string, 
/**
 * The label of a known state; an unknown one shows as stored.
 */
status_label: string, status_bucket: StatusBucket | null, };

export type ImportLimits = { 
/**
 * Most job rows (blank rows not counted).
 */
maxRows: number, 
/**
 * Largest file, in bytes as uploaded.
 */
maxBytes: number, };

export type InterviewQuestionKind = "general" | "behavioural" | "roleSpecific";

export type InterviewQuestion = { 
/**
 * 1 to 5, in the order asked.
 */
id: number, question: string, 
/**
 * Seconds the question is shown before recording starts.
 */
displayTime: number, kind: InterviewQuestionKind, };

export type AudioMeasurement = { 
/**
 * Time with voice activity.
 */
speakingMs: number, 
/**
 * The longest run without voice activity.
 */
longestSilenceMs: number, 
/**
 * Standard deviation of the loudness (dBFS) of the frames with voice; `None` without any.
 */
loudnessSpreadDb: number | null, };

export type FaceMeasurement = { framesSampled: number, framesWithFace: number, 
/**
 * Frames whose face was centred (counted among `frames_with_face`).
 */
framesCentred: number, };

export type AnswerMeasurement = { durationMs: number, audio: AudioMeasurement | null, face: FaceMeasurement | null, };

export type InterviewMeasurements = { answers: Array<AnswerMeasurement>, };

export type InterviewMetric = "eyeContact" | "confidence" | "facialExpression" | "responseQuality";

export type MetricScore = { metric: InterviewMetric, label: string, 
/**
 * 0–10, one decimal.
 */
score: number | null, 
/**
 * One sentence: the measured figures behind the score, or why there is none.
 */
basis: string, };

export type AnswerFigures = { 
/**
 * 1 to 5.
 */
question: number, 
/**
 * One decimal.
 */
durationSeconds: number, speakingPercent: number | null, 
/**
 * One decimal.
 */
longestSilenceSeconds: number | null, 
/**
 * One decimal.
 */
loudnessSpreadDb: number | null, faceVisiblePercent: number | null, faceCentredPercent: number | null, };

export type InterviewAverages = { answersWithAudio: number, 
/**
 * Mean share of each answer with voice, in percent.
 */
speakingPercent: number | null, 
/**
 * One decimal.
 */
longestSilenceSeconds: number | null, 
/**
 * One decimal; over the answers with voice.
 */
loudnessSpreadDb: number | null, 
/**
 * Mean speech per answer, one decimal.
 */
speechSeconds: number | null, framesSampled: number, faceVisiblePercent: number | null, faceCentredPercent: number | null, };

export type InterviewScores = { 
/**
 * 0–100; `None` when no metric could be measured.
 */
overallScore: number | null, eyeContact: number | null, confidence: number | null, facialExpression: number | null, responseQuality: number | null, 
/**
 * The four metrics in [`Metric::ALL`] order.
 */
metrics: Array<MetricScore>, 
/**
 * Measured metrics below [`WEAK_BELOW`], lowest first.
 */
weakMetrics: Array<InterviewMetric>, 
/**
 * The interview's figures the bases and the coaching quote.
 */
averages: InterviewAverages, answers: Array<AnswerFigures>, };

export type InterviewResource = { title: string, url: string, };

export type Narrative = { summary: string, actionPlan: Array<string>, resources: Array<InterviewResource>, };

export type InterviewAnalysis = { 
/**
 * 0–100; `None` when no metric could be measured.
 */
overallScore: number | null, eyeContact: number | null, confidence: number | null, facialExpression: number | null, responseQuality: number | null, 
/**
 * The four metrics in [`Metric::ALL`] order.
 */
metrics: Array<MetricScore>, 
/**
 * Measured metrics below [`WEAK_BELOW`], lowest first.
 */
weakMetrics: Array<InterviewMetric>, 
/**
 * The interview's figures the bases and the coaching quote.
 */
averages: InterviewAverages, answers: Array<AnswerFigures>, summary: string, actionPlan: Array<string>, resources: Array<InterviewResource>, };

export type InterviewReport = { jobTitle: string, 
/**
 * When the interview finished, Unix milliseconds (the core has no clock).
 */
createdAtMs: number, questions: Array<InterviewQuestion>, analysis: InterviewAnalysis, };

export type InterviewConstants = { questionCount: number, maxAnswerSeconds: number, recordingChunkMs: number, };

export type ProfileProposal = { skills: Array<string>, experienceYears: number | null, degreeField: string | null, university: string | null, };

export type AtsCategory = "keywords" | "format" | "sections" | "content" | "length";

export type SectionKind = "summary" | "experience" | "education" | "skills" | "certifications" | "projects" | "other";

export type AtsRule = { 
/**
 * Stable id, e.g. `format-email`.
 */
id: string, category: AtsCategory, title: string, points: number, maxPoints: number, 
/**
 * Whether the rule earned all its points.
 */
passed: boolean, 
/**
 * What the rule found, in one sentence.
 */
detail: string, 
/**
 * What to change; `None` when the rule passed.
 */
recommendation: string | null, };

export type AtsFlag = { 
/**
 * Stable id, e.g. `repeated-bullets`.
 */
id: string, title: string, 
/**
 * Points taken off the score.
 */
points: number, 
/**
 * The lines it is about, as written (at most five).
 */
lines: Array<string>, 
/**
 * What to change.
 */
recommendation: string, };

export type ContactDetails = { emails: Array<string>, phones: Array<string>, links: Array<string>, };

export type KeywordMatch = { keywords: Array<string>, matched: Array<string>, missing: Array<string>, };

export type AtsReport = { 
/**
 * 0–100: the sum of the rules' points less the flags' (see [`super::flags`]).
 */
score: number, rules: Array<AtsRule>, 
/**
 * What a recruiter flags on sight, with the lines it is about; each takes points off.
 */
flags: Array<AtsFlag>, 
/**
 * Sections found under headings, in reading order, each kind once.
 */
sections: Array<SectionKind>, contact: ContactDetails, keywords: KeywordMatch, 
/**
 * Vocabulary skills the text names, as displayed ("Node.js").
 */
skills: Array<string>, 
/**
 * Words of content, headings not counted.
 */
wordCount: number, bulletCount: number, dateCount: number, achievementCount: number, actionVerbCount: number, quantifiedCount: number, };

// The interview types of the Rust core (`jobtap_core::interview`), as its serde
// names them (camelCase; `null` where a figure was not measured).

/** One practice question (spec, candidate §3 "Interview question"). */
export type InterviewQuestion = {
  id: number
  question: string
  /** Seconds the question is shown before recording starts. */
  displayTime: number
  kind: 'general' | 'behavioural' | 'roleSpecific'
}

/** What the microphone showed during one answer. */
export type AudioMeasurement = {
  speakingMs: number
  longestSilenceMs: number
  /** Standard deviation of the loudness (dB) of the frames with voice; null without any. */
  loudnessSpreadDb: number | null
}

/** What face detection showed during one answer. */
export type FaceMeasurement = { framesSampled: number; framesWithFace: number; framesCentred: number }

/** One answer's measurements; null parts were not measured. */
export type AnswerMeasurement = {
  durationMs: number
  audio: AudioMeasurement | null
  face: FaceMeasurement | null
}

/** Every answer's measurements, in the order asked: all the browser ever sends. */
export type InterviewMeasurements = { answers: AnswerMeasurement[] }

export type InterviewMetric = 'eyeContact' | 'confidence' | 'facialExpression' | 'responseQuality'

/** One metric: its score out of 10 (null: not measured) and the figures behind it. */
export type MetricScore = { metric: InterviewMetric; label: string; score: number | null; basis: string }

/** One answer's figures as the report shows them. */
export type AnswerFigures = {
  question: number
  durationSeconds: number
  speakingPercent: number | null
  longestSilenceSeconds: number | null
  loudnessSpreadDb: number | null
  faceVisiblePercent: number | null
  faceCentredPercent: number | null
}

/** The numbers of a report, derived from the measurements by the core's rules. */
export type InterviewScores = {
  overallScore: number | null
  eyeContact: number | null
  confidence: number | null
  facialExpression: number | null
  responseQuality: number | null
  metrics: MetricScore[]
  weakMetrics: InterviewMetric[]
  /** The interview's figures the bases and the coaching quote. */
  averages: InterviewAverages
  answers: AnswerFigures[]
}

/** Audio figures are means over the answers with audio; face figures pool every answer's frames. */
export type InterviewAverages = {
  answersWithAudio: number
  speakingPercent: number | null
  longestSilenceSeconds: number | null
  loudnessSpreadDb: number | null
  speechSeconds: number | null
  framesSampled: number
  faceVisiblePercent: number | null
  faceCentredPercent: number | null
}

export type InterviewResource = { title: string; url: string }

/** The analysis object of `analyze-interview` (spec, candidate §3) with each metric's basis. */
export type InterviewAnalysis = InterviewScores & {
  summary: string
  actionPlan: string[]
  resources: InterviewResource[]
}

/** Everything the downloaded report holds. */
export type InterviewReport = {
  jobTitle: string
  createdAtMs: number
  questions: InterviewQuestion[]
  analysis: InterviewAnalysis
}

/** The interview's fixed numbers (spec, candidate §9). */
export type InterviewConstants = { questionCount: number; maxAnswerSeconds: number; recordingChunkMs: number }

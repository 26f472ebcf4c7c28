// The interview types of the Rust core (`jobtap_core::interview`), generated from its types
// (camelCase; `null` where a figure was not measured).
export type {
  AnswerFigures,
  AnswerMeasurement,
  AudioMeasurement,
  FaceMeasurement,
  InterviewAnalysis,
  InterviewAverages,
  InterviewMeasurements,
  InterviewMetric,
  InterviewQuestion,
  InterviewReport,
  InterviewResource,
  InterviewScores,
  MetricScore,
} from '@/generated/core-types'

/** The interview's fixed numbers (spec, candidate §9). */
export type InterviewConstants = { questionCount: number; maxAnswerSeconds: number; recordingChunkMs: number }

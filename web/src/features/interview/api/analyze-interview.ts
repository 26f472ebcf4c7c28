// POST /functions/analyze-interview (spec, candidate §7): the job title, the
// question count, whether video and audio were recorded, and the numbers the
// browser measured. No recording is sent; the server scores the numbers itself.
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { InterviewAnalysis, InterviewMeasurements } from '@/lib/core-worker'

export type AnalyzeInterviewInput = {
  jobTitle: string
  questionCount: number
  hasVideo: boolean
  hasAudio: boolean
  measurements: InterviewMeasurements
}

/** Sends the measurements; the answer is the report's analysis. */
export function analyzeInterview(input: AnalyzeInterviewInput): Promise<InterviewAnalysis> {
  return apiFetch<InterviewAnalysis>('/functions/analyze-interview', { method: 'POST', json: input })
}

/** Requesting the analysis of a finished interview. */
export function useAnalyzeInterview() {
  return useMutation({ mutationFn: analyzeInterview })
}

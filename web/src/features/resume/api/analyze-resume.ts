// POST /functions/analyze-resume (spec, candidate §7): the rubric's score, an
// account of it and what to change. A file goes as a data URL, so the body can
// be megabytes: it is sent with upload progress.
import { useMutation } from '@tanstack/react-query'
import type { ServerSanitisedHtml } from '@/components/server-html'
import type { AtsFlag, AtsReport } from '@/generated/core-types'
import { apiUpload, type UploadProgress } from '@/lib/api-client'
import type { ResumeSource } from '@/entities/resume-file'

/** The analysis as the dialog reads it. */
export type ResumeAnalysis = {
  /** 0 to 100, from the ATS rubric. */
  score: number
  /** Markdown. */
  analysis: string
  /** `analysis` rendered and sanitised on the server. */
  analysisHtml: ServerSanitisedHtml
  /** What to change, most points first. */
  recommendations: string[]
  /** The text that was analysed (after extraction or OCR): what the upgrade rewrites. */
  resumeText: string
  /** What a recruiter would flag, with the lines it is about; each takes points off the score. */
  flags: AtsFlag[]
  /** Core's report behind the score: each rule's points, the target's keywords found and missing. */
  report: AtsReport
}

/** What the resume is measured against: a job of the feed, a pasted job ad, or nothing. */
export type ResumeTarget = { jobId: string } | { jobText: string } | Record<string, never>

export type AnalyzeResumeInput = {
  source: ResumeSource
  target?: ResumeTarget
  onProgress?: (progress: UploadProgress) => void
  signal?: AbortSignal
}

/** Analyses a resume. */
export function analyzeResume({ source, target = {}, onProgress, signal }: AnalyzeResumeInput): Promise<ResumeAnalysis> {
  return apiUpload<ResumeAnalysis>('/functions/analyze-resume', JSON.stringify({ ...source, ...target }), {
    headers: { 'Content-Type': 'application/json' },
    onProgress,
    signal,
  })
}

export function useAnalyzeResume() {
  return useMutation({ mutationFn: analyzeResume })
}

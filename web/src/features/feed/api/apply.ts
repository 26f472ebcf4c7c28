import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { ApiError, apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import { MESSAGES } from '../messages'
import { FEED_QUERY_KEY } from '@/entities/query-keys'
import type { FeedPage } from './first-page'
import { markAppliedInFeed } from './get-feed'
import { jobQueryKey } from './get-job'
import type { Application, Job } from './types'

/**
 * What "Apply with JobTap" sends: the job and, when the dialog showed them, the letter as
 * edited and the documents ticked (without them the server sends the default resume).
 */
export type ApplyRequest = { jobId: string; coverLetter?: string; documentIds?: readonly string[] }

/**
 * POST /applications: the server checks everything again, scores and stores the
 * application with the candidate's letter (or writes one when none is sent).
 */
export function applyToJob({ jobId, coverLetter, documentIds }: ApplyRequest): Promise<Application> {
  const body: Schema<'ApplyBody'> = { job_id: jobId }
  if (coverLetter !== undefined) body.cover_letter = coverLetter
  if (documentIds !== undefined) body.document_ids = [...documentIds]
  return apiFetch<Application>('/applications', { method: 'POST', json: body })
}

/** Applying; the job is then marked as applied in the feed and on its page. */
export function useApplyToJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: applyToJob,
    onSuccess: (_, { jobId }) => markApplied(queryClient, jobId),
    onError: (error, { jobId }) => {
      if (error instanceof ApiError && error.kind === 'already_applied') markApplied(queryClient, jobId)
    },
  })
}

function markApplied(queryClient: ReturnType<typeof useQueryClient>, jobId: string) {
  queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: FEED_QUERY_KEY }, (data) => markAppliedInFeed(data, jobId))
  queryClient.setQueryData<Job>(jobQueryKey(jobId), (job) => (job ? { ...job, applied: true } : job))
}

/** The toast for a refused or failed application: the spec's message and, where it has one, its description. */
export type ApplyFailure = {
  kind: 'refused' | 'letter' | 'duplicate' | 'gone' | 'failed'
  message: string
  description?: string
}

/**
 * Reads a failed POST /applications by the server's error kind: a refusal (sample job, score
 * under the threshold) carries the toast's second line (the gap to the job's minimum and the skills
 * nothing shows) in `fields.description`; a letter the server will not take is a 422 on `cover_letter`.
 */
export function applyFailure(error: unknown): ApplyFailure {
  if (!(error instanceof ApiError)) return { kind: 'failed', message: MESSAGES.applyFailed }
  const letterProblem = error.status === 422 ? (error.fields.cover_letter ?? error.fields.document_ids)?.[0] : undefined
  if (letterProblem !== undefined) return { kind: 'letter', message: letterProblem }
  if (error.kind === 'sample_job' || error.kind === 'below_threshold') {
    return { kind: 'refused', message: error.message, description: error.fields.description?.[0] }
  }
  if (error.kind === 'already_applied') return { kind: 'duplicate', message: error.message }
  if (error.kind === 'job_gone') return { kind: 'gone', message: error.message }
  return { kind: 'failed', message: MESSAGES.applyFailed, description: error.message }
}

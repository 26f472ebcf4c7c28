import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { ApiError, apiFetch } from '@/lib/api-client'
import { MESSAGES } from '../messages'
import { FEED_QUERY_KEY, markAppliedInFeed, type FeedPage } from './get-feed'
import { jobQueryKey } from './get-job'
import type { Application, Job } from './types'

/** POST /applications: the server checks everything again, scores, writes the letter and stores it. */
export function applyToJob(jobId: string): Promise<Application> {
  return apiFetch<Application>('/applications', {
    method: 'POST',
    json: { job_id: jobId },
  })
}

/** Applying; the job is then marked as applied in the feed and on its page. */
export function useApplyToJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: applyToJob,
    onSuccess: (_, jobId) => markApplied(queryClient, jobId),
    onError: (error, jobId) => {
      if (error instanceof ApiError && error.status === 409) markApplied(queryClient, jobId)
    },
  })
}

function markApplied(queryClient: ReturnType<typeof useQueryClient>, jobId: string) {
  queryClient.setQueryData<InfiniteData<FeedPage>>(FEED_QUERY_KEY, (data) => markAppliedInFeed(data, jobId))
  queryClient.setQueryData<Job>(jobQueryKey(jobId), (job) => (job ? { ...job, applied: true } : job))
}

/** The toast for a refused or failed application: the spec's message and, where it has one, its description. */
export type ApplyFailure = { kind: 'refused' | 'duplicate' | 'gone' | 'failed'; message: string; description?: string }

/**
 * Reads a failed POST /applications. A refusal (sample job, score under the
 * threshold) is a 422 whose `fields.description` holds the second line
 * ("Shortfall: 12.5%"); a duplicate is a 409; a job gone is a 404.
 */
export function applyFailure(error: unknown): ApplyFailure {
  if (!(error instanceof ApiError)) return { kind: 'failed', message: MESSAGES.applyFailed }
  if (error.status === 422 && error.fields.description?.[0] !== undefined) {
    return { kind: 'refused', message: error.message, description: error.fields.description[0] }
  }
  if (error.status === 409 && error.message === MESSAGES.duplicate) return { kind: 'duplicate', message: MESSAGES.duplicate }
  if (error.status === 404 && error.message === MESSAGES.jobGone) return { kind: 'gone', message: MESSAGES.jobGone }
  return { kind: 'failed', message: MESSAGES.applyFailed, description: error.message }
}

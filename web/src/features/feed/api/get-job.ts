import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Job } from './types'

export function jobQueryKey(id: string) {
  return ['feed', 'job', id] as const
}

/** GET /jobs/{id}: one live job; 404 "Job not found or no longer available" otherwise. */
export function getJob(id: string): Promise<Job> {
  return apiFetch<Job>(`/jobs/${encodeURIComponent(id)}`)
}

export function jobQueryOptions(id: string) {
  return queryOptions({ queryKey: jobQueryKey(id), queryFn: () => getJob(id) })
}

/** One job, for its own page. */
export function useJob(id: string) {
  return useQuery(jobQueryOptions(id))
}

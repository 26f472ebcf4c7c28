import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { jobQueryKey } from './get-job'
import type { FitScore } from './types'

/** GET /jobs/{id}/score: the signed-in candidate's fit, from their stored profile. */
export function getJobScore(id: string): Promise<FitScore> {
  return apiFetch<FitScore>(`/jobs/${encodeURIComponent(id)}/score`)
}

export function jobScoreQueryOptions(id: string) {
  return queryOptions({ queryKey: [...jobQueryKey(id), 'score'] as const, queryFn: () => getJobScore(id) })
}

/** The fit breakdown for a job, fetched only while `enabled` (the breakdown is open). */
export function useJobScore(id: string, enabled: boolean) {
  return useQuery({ ...jobScoreQueryOptions(id), enabled })
}

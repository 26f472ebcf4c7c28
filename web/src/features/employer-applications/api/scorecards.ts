// The scorecards of an application (api/src/hiring/routes.rs): GET
// /employer/applications/{id}/scorecards and PUT …/scorecard. Every member who reaches the
// application writes their own; admins and recruiters read them all with their summary.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import { EMPLOYER_SCORECARDS_KEY } from '@/entities/query-keys'

export type Scorecard = Schema<'Scorecard'>
export type ScorecardRating = Schema<'RatingSchema'>

/** What the scorecards of an application say together (core's `scorecard::Summary`). */
export type ScorecardSummary = Schema<'SummarySchema'>

/** The scorecards the caller may read: all with the summary for admins and recruiters, their own for an interviewer. */
export type Scorecards = Schema<'ScorecardsBody'>

/** What a member writes: a rating for each criterion they rate, and a note. */
export type ScorecardInput = Schema<'ScorecardUpdate'>

const path = (id: string) => `/employer/applications/${encodeURIComponent(id)}`
const key = (id: string) => [...EMPLOYER_SCORECARDS_KEY, id] as const

export function useScorecards(applicationId: string) {
  return useQuery({
    queryKey: key(applicationId),
    queryFn: () => apiFetch<Scorecards>(`${path(applicationId)}/scorecards`),
  })
}

/** PUT …/scorecard: the caller's own card, replaced; the answer is what GET would now say. */
export function useWriteScorecard(applicationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ScorecardInput) =>
      apiFetch<Scorecards>(`${path(applicationId)}/scorecard`, { method: 'PUT', json: input }),
    onSuccess: (answer) => queryClient.setQueryData(key(applicationId), answer),
  })
}

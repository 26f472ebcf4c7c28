// Interview invitations: the employer proposes times and cancels, the candidate picks one, and
// both download the calendar event (`…/interview.ics`).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiBlob, apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import { EMPLOYER_APPLICATIONS_KEY, MY_APPLICATIONS_QUERY_KEY } from '@/entities/query-keys'

/** An application's interview, as both sides read it. */
export type Interview = Schema<'InterviewView'>

/** What the employer proposes: wall-clock times in an IANA zone, a length, a place or link. */
export type Proposal = Schema<'ProposeBody'>

type Reply = Schema<'InterviewBody'>

const employerPath = (id: string) => `/employer/applications/${encodeURIComponent(id)}/interview`
const candidatePath = (id: string) => `/applications/${encodeURIComponent(id)}/interview`

/** PUT /employer/applications/{id}/interview: new times replace the last ones. */
export function proposeInterview(id: string, proposal: Proposal): Promise<Reply> {
  return apiFetch<Reply>(employerPath(id), { method: 'PUT', json: proposal })
}

/** DELETE /employer/applications/{id}/interview. */
export function cancelInterview(id: string): Promise<Reply> {
  return apiFetch<Reply>(employerPath(id), { method: 'DELETE' })
}

/** POST /applications/{id}/interview: the candidate picks proposed time `position`. */
export function pickInterviewTime(id: string, position: number): Promise<Reply> {
  return apiFetch<Reply>(candidatePath(id), { method: 'POST', json: { position } })
}

/** The calendar event as last issued, for the employer or the candidate. */
export function downloadInterviewEvent(id: string, side: 'employer' | 'candidate'): Promise<Blob> {
  return apiBlob(`${side === 'employer' ? employerPath(id) : candidatePath(id)}.ics`)
}

function useRefresh(key: readonly unknown[]) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: key })
}

export function useProposeInterview() {
  const refresh = useRefresh([...EMPLOYER_APPLICATIONS_KEY, 'list'])
  return useMutation({
    mutationFn: ({ id, proposal }: { id: string; proposal: Proposal }) => proposeInterview(id, proposal),
    onSuccess: refresh,
  })
}

export function useCancelInterview() {
  const refresh = useRefresh([...EMPLOYER_APPLICATIONS_KEY, 'list'])
  return useMutation({ mutationFn: cancelInterview, onSuccess: refresh })
}

export function usePickInterviewTime() {
  const refresh = useRefresh(MY_APPLICATIONS_QUERY_KEY)
  return useMutation({
    mutationFn: ({ id, position }: { id: string; position: number }) => pickInterviewTime(id, position),
    onSuccess: refresh,
  })
}

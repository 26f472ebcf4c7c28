// A job's hiring team and scorecard criteria (api/src/hiring/routes.rs): GET/PUT
// /employer/jobs/{id}/team and GET/PUT /employer/jobs/{id}/scorecard-criteria. Admins and
// recruiters set them; an interviewer reaches only the jobs whose team lists them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import { EMPLOYER_QUERIES, EMPLOYER_SCORECARDS_KEY } from '@/entities/query-keys'

/** A member listed on a job's hiring team. */
export type JobTeamMember = Schema<'TeamMember'>
/** What a job's scorecards rate, and whether a recruiter set it (else it comes from the job's skills and requirements). */
export type ScorecardCriteria = Schema<'Criteria'>

const jobPath = (id: string) => `/employer/jobs/${encodeURIComponent(id)}`
const teamKey = (jobId: string) => [...EMPLOYER_QUERIES, 'job-team', jobId] as const
const criteriaKey = (jobId: string) => [...EMPLOYER_QUERIES, 'job-criteria', jobId] as const

export function useJobTeam(jobId: string) {
  return useQuery({
    queryKey: teamKey(jobId),
    queryFn: async () => (await apiFetch<Schema<'JobTeamBody'>>(`${jobPath(jobId)}/team`)).members,
  })
}

/** PUT …/team: the whole list of member ids; the answer is the team as now listed. */
export function useSetJobTeam(jobId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (memberIds: string[]) => {
      const body: Schema<'JobTeamUpdate'> = { member_ids: memberIds }
      return (await apiFetch<Schema<'JobTeamBody'>>(`${jobPath(jobId)}/team`, { method: 'PUT', json: body })).members
    },
    onSuccess: (members) => queryClient.setQueryData(teamKey(jobId), members),
  })
}

export function useScorecardCriteria(jobId: string) {
  return useQuery({
    queryKey: criteriaKey(jobId),
    queryFn: () => apiFetch<ScorecardCriteria>(`${jobPath(jobId)}/scorecard-criteria`),
  })
}

/** PUT …/scorecard-criteria: the whole list; the answer is the list as stored. */
export function useSetScorecardCriteria(jobId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (criteria: string[]) => {
      const body: Schema<'CriteriaUpdate'> = { criteria }
      return apiFetch<ScorecardCriteria>(`${jobPath(jobId)}/scorecard-criteria`, { method: 'PUT', json: body })
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(criteriaKey(jobId), saved)
      // The scorecards of the job's applicants now rate these.
      void queryClient.invalidateQueries({ queryKey: EMPLOYER_SCORECARDS_KEY })
    },
  })
}

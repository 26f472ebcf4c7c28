// The signed-in employer's jobs: one request and one hook for every screen that lists them (the
// Jobs tab, and the job filter of the candidate search). Posting and editing stay in the
// employer-jobs feature, which refreshes this list.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import { EMPLOYER_JOBS_KEY } from '@/entities/query-keys'

/** A job as the employer's API returns it. */
export type EmployerJob = Schema<'EmployerJob'>

/** GET /employer/jobs, newest posted first. */
export async function listEmployerJobs(): Promise<EmployerJob[]> {
  const answer = await apiFetch<Schema<'JobsBody'>>('/employer/jobs')
  return answer.jobs
}

export function employerJobsQueryOptions() {
  return queryOptions({ queryKey: EMPLOYER_JOBS_KEY, queryFn: listEmployerJobs })
}

/** The employer's jobs. */
export function useEmployerJobs() {
  return useQuery(employerJobsQueryOptions())
}

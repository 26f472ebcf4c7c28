// The employer's jobs (spec, employer §7 "jobs"): post, edit, pause or
// activate, delete, and the company logo upload (the list is `@/entities/employer-jobs`).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch, apiUpload, type UploadProgress } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import type { EmployerJob } from '@/entities/employer-jobs'
import { EMPLOYER_ANALYTICS_KEY, EMPLOYER_APPLICATIONS_KEY, EMPLOYER_JOBS_KEY } from '@/entities/query-keys'

/** A job as the employer's API returns it (listed by `@/entities/employer-jobs`). */
export type Job = EmployerJob

/** The body of POST and PUT /employer/jobs (snake_case; numbers may be "" for none). */
export type JobInput = {
  company_name: string
  company_logo: string
  job_title: string
  job_type: string
  job_description: string
  location: string
  application_email: string
  linkedin_url: string
  experience_level: string
  required_degree_classes: string[]
  experience_years: number | ''
  qualifications: string
  degree_class: string
  minimum_score_threshold: number | ''
  requirements: string[]
  skills: string[]
  benefits: string[]
  salary_min: number | ''
  salary_max: number | ''
  /** YYYY-MM-DD, or "" for now. */
  posted_at: string
  /** YYYY-MM-DD, or "" for none. */
  expires_at: string
}

const jobPath = (id: string) => `/employer/jobs/${encodeURIComponent(id)}`

/** POST /employer/jobs. */
/** POST /employer/jobs; `postAgain` posts a job the employer already has live (else 409 `duplicate_job`). */
export async function createJob({ input, postAgain = false }: { input: JobInput; postAgain?: boolean }): Promise<Job> {
  const path = postAgain ? '/employer/jobs?post_again=true' : '/employer/jobs'
  const answer = await apiFetch<Schema<'JobBody'>>(path, { method: 'POST', json: input })
  return answer.job
}

/** PUT /employer/jobs/{id}: every field is replaced. */
export async function updateJob(id: string, input: JobInput): Promise<Job> {
  const answer = await apiFetch<Schema<'JobBody'>>(jobPath(id), { method: 'PUT', json: input })
  return answer.job
}

/** PUT /employer/jobs/{id}/status. */
export async function setJobActive(id: string, isActive: boolean): Promise<Job> {
  const answer = await apiFetch<Schema<'JobBody'>>(`${jobPath(id)}/status`, { method: 'PUT', json: { is_active: isActive } })
  return answer.job
}

/** DELETE /employer/jobs/{id}: its pending applications are declined first. */
export async function deleteJob(id: string): Promise<{ declined_applications: number }> {
  return apiFetch<Schema<'DeletedJob'>>(jobPath(id), { method: 'DELETE' })
}

/** POST /employer/logos (multipart `file`): the public URL of the stored image. */
export async function uploadLogo(file: File, onProgress?: (progress: UploadProgress) => void): Promise<string> {
  const data = new FormData()
  data.set('file', file)
  const answer = await apiUpload<{ url: string }>('/employer/logos', data, { onProgress })
  return answer.url
}

/** Puts a changed job in the cached list, in place. */
function replaceJob(old: Job[] | undefined, job: Job): Job[] | undefined {
  return old?.map((j) => (j.id === job.id ? job : j))
}

export function useCreateJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EMPLOYER_JOBS_KEY }),
  })
}

export function useUpdateJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: JobInput }) => updateJob(id, input),
    onSuccess: (job) => {
      queryClient.setQueryData<Job[]>(EMPLOYER_JOBS_KEY, (old) => replaceJob(old, job))
      void queryClient.invalidateQueries({ queryKey: EMPLOYER_JOBS_KEY })
    },
  })
}

export function useSetJobActive() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => setJobActive(id, isActive),
    onSuccess: (job) => {
      queryClient.setQueryData<Job[]>(EMPLOYER_JOBS_KEY, (old) => replaceJob(old, job))
    },
  })
}

export function useDeleteJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteJob,
    onSuccess: (_, id) => {
      queryClient.setQueryData<Job[]>(EMPLOYER_JOBS_KEY, (old) => old?.filter((j) => j.id !== id))
      void queryClient.invalidateQueries({ queryKey: EMPLOYER_JOBS_KEY })
      // Its applications were declined: the other tabs' data changed too.
      void queryClient.invalidateQueries({ queryKey: EMPLOYER_APPLICATIONS_KEY })
      void queryClient.invalidateQueries({ queryKey: EMPLOYER_ANALYTICS_KEY })
    },
  })
}

import { apiFetch } from '@/lib/api-client'

/** PUT /jobs/{id}/rejection: the feed leaves the job out from now on. */
export function rejectJob(jobId: string): Promise<void> {
  return apiFetch(`/jobs/${encodeURIComponent(jobId)}/rejection`, { method: 'PUT' })
}

/** DELETE /jobs/{id}/rejection: undoing a rejection brings the job back. */
export function unrejectJob(jobId: string): Promise<void> {
  return apiFetch(`/jobs/${encodeURIComponent(jobId)}/rejection`, { method: 'DELETE' })
}

/** DELETE /jobs/rejections: "Start Over" offers every rejected job again. */
export function clearRejections(): Promise<void> {
  return apiFetch('/jobs/rejections', { method: 'DELETE' })
}

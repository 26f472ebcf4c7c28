// A job's own stages: GET/POST /employer/jobs/{id}/stages, PUT/DELETE …/{stage}.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import { EMPLOYER_APPLICATIONS_KEY } from '@/entities/query-keys'

/** A stage an employer added to one of their jobs. */
export type JobStage = Schema<'JobStage'>

const stagesPath = (jobId: string) => `/employer/jobs/${encodeURIComponent(jobId)}/stages`
const stagePath = (jobId: string, stageId: string) => `${stagesPath(jobId)}/${encodeURIComponent(stageId)}`

/** The query key of one job's stages; under the applications' key, so a change refreshes both. */
const stagesKey = (jobId: string) => [...EMPLOYER_APPLICATIONS_KEY, 'job-stages', jobId] as const

export function useJobStages(jobId: string) {
  return useQuery({
    queryKey: stagesKey(jobId),
    queryFn: async () => (await apiFetch<Schema<'StagesBody'>>(stagesPath(jobId))).stages,
  })
}

/** After any change: the job's stages and the applications (their names and moves) are read again. */
function useRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: EMPLOYER_APPLICATIONS_KEY })
}

export function useAddStage(jobId: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (body: { name: string; after: string }) =>
      apiFetch<Schema<'StageBody'>>(stagesPath(jobId), { method: 'POST', json: body }),
    onSuccess: refresh,
  })
}

export function useRenameStage(jobId: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiFetch<Schema<'StageBody'>>(stagePath(jobId, id), { method: 'PUT', json: { name } }),
    onSuccess: refresh,
  })
}

export function useRemoveStage(jobId: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(stagePath(jobId, id), { method: 'DELETE' }),
    onSuccess: refresh,
  })
}

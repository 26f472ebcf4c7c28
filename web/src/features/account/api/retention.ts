// How long an employer's rejected applications are kept (api/src/employer/retention.rs).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'

export type Retention = Schema<'RetentionBody'>

const KEY = ['employer', 'settings', 'retention'] as const
const PATH = '/employer/settings/retention'

/** The employer's period and the periods they may choose from. */
export function useRetention() {
  return useQuery({ queryKey: KEY, queryFn: () => apiFetch<Retention>(PATH) })
}

/** Saves a period in days (`null`: no limit); the answer, with its text, replaces the cached one. */
export function useSaveRetention({ onSaved, onError }: { onSaved: (answer: Retention) => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (days: number | null) => apiFetch<Retention>(PATH, { method: 'PUT', json: { rejected_kept_days: days } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(KEY, answer)
      onSaved(answer)
    },
    onError,
  })
}

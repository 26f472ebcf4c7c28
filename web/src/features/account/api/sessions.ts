// "Where you're signed in" in Settings (api/src/auth/session_routes.rs).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'

export type SignedInSession = Schema<'SessionItem'>

const KEY = ['account', 'sessions'] as const

/** The account's live sessions, the most recently used first, the current one marked. */
export function useSessions() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => (await apiFetch<Schema<'SessionsReply'>>('/auth/sessions')).sessions,
  })
}

/** DELETE /auth/sessions/{id} (204): that device's tokens stop working at once. */
export function useEndSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}

/** POST /auth/sessions/sign-out-others: every session but this one ends; answers how many did. */
export function useSignOutOthers() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => (await apiFetch<Schema<'EndedReply'>>('/auth/sessions/sign-out-others', { method: 'POST' })).ended,
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  })
}

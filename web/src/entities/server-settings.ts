// What this server's configuration decides and the browser must know first (one import's
// limits): GET /settings, asked once per visit and kept.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'

export type ServerSettings = Schema<'Settings'>

/** The query key of the server's settings. */
export const SERVER_SETTINGS_QUERY_KEY = ['server-settings'] as const

/** GET /settings (public). */
export function getServerSettings(): Promise<ServerSettings> {
  return apiFetch<ServerSettings>('/settings', { auth: false })
}

export function serverSettingsQueryOptions() {
  // A deployment changes them only with a restart.
  return queryOptions({ queryKey: SERVER_SETTINGS_QUERY_KEY, queryFn: getServerSettings, staleTime: Infinity })
}

/** The server's settings. */
export function useServerSettings() {
  return useQuery(serverSettingsQueryOptions())
}

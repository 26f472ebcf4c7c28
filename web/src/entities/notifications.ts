// The bell and the e-mail settings: one query key each, shared by the headers' bell and the
// Notifications settings page.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { components } from '@/generated/api'

export type Bell = components['schemas']['Bell']
export type Notification = components['schemas']['Notification']
export type NotificationSettings = components['schemas']['EmailSettings']

export const BELL_QUERY_KEY = ['notifications', 'bell'] as const
export const NOTIFICATION_SETTINGS_QUERY_KEY = ['notifications', 'settings'] as const

/** How often an open app asks for new notifications (and whenever the window gets focus). */
export const BELL_REFRESH_MS = 60_000

export function bellQueryOptions() {
  return queryOptions({
    queryKey: BELL_QUERY_KEY,
    queryFn: () => apiFetch<Bell>('/notifications'),
    refetchInterval: BELL_REFRESH_MS,
    refetchOnWindowFocus: true,
  })
}

/** The signed-in user's bell. */
export function useBell() {
  return useQuery(bellQueryOptions())
}

/** Marks one notification read (`id`), or all without one; the answer is the bell as it is now. */
export function useMarkRead() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id?: string) => apiFetch<Bell>('/notifications/read', { method: 'POST', json: id ? { id } : {} }),
    onSuccess: (bell) => client.setQueryData(BELL_QUERY_KEY, bell),
  })
}

/** The signed-in user's e-mail settings. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: NOTIFICATION_SETTINGS_QUERY_KEY,
    queryFn: () => apiFetch<NotificationSettings>('/notifications/settings'),
  })
}

/** Turns one kind of e-mail on or off; the answer is every setting as stored. */
export function useSetNotificationSetting() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (change: { kind: string; email: boolean }) =>
      apiFetch<NotificationSettings>('/notifications/settings', { method: 'PUT', json: change }),
    onSuccess: (settings) => client.setQueryData(NOTIFICATION_SETTINGS_QUERY_KEY, settings),
  })
}

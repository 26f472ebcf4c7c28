// The candidate's own applications (spec, candidate §7 "applications": select with
// the joined job by user, newest first; delete by id).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import { MY_APPLICATIONS_QUERY_KEY } from '@/entities/query-keys'

/** An application with its job, as GET /applications lists it. */
export type MyApplication = Schema<'MyApplication'>

/** GET /applications: the list, newest first, and the page's counters. */
export type MyApplications = Schema<'MineBody'>

/** The query key of the signed-in candidate's applications (the cache is cleared when the user changes). */

/** GET /applications. */
export function listMyApplications(): Promise<MyApplications> {
  return apiFetch<MyApplications>('/applications')
}

export function myApplicationsQueryOptions() {
  return queryOptions({ queryKey: MY_APPLICATIONS_QUERY_KEY, queryFn: listMyApplications })
}

/** The signed-in candidate's applications and counters. */
export function useMyApplications() {
  return useQuery(myApplicationsQueryOptions())
}

/** DELETE /applications/{id}: only the caller's own (anything else is a 404). */
export function deleteApplication(id: string): Promise<void> {
  return apiFetch<void>(`/applications/${encodeURIComponent(id)}`, { method: 'DELETE' })
}

/** The list and counters without `removed` (until the server's own arrive). */
export function withoutApplication(list: MyApplications, removed: MyApplication): MyApplications {
  if (!list.applications.some((a) => a.id === removed.id)) return list
  const counts = { ...list.counts, total: Math.max(0, list.counts.total - 1) }
  const tab = removed.status_bucket
  if (tab != null) counts[tab] = Math.max(0, counts[tab] - 1)
  return { applications: list.applications.filter((a) => a.id !== removed.id), counts }
}

/**
 * Deleting an application: it leaves the list at once, then the list is loaded
 * again; the mutation settles after that, so the dialog stays until both agree.
 */
export function useDeleteApplication() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (application: MyApplication) => deleteApplication(application.id),
    onSuccess: (_, application) => {
      queryClient.setQueryData<MyApplications>(MY_APPLICATIONS_QUERY_KEY, (old) =>
        old ? withoutApplication(old, application) : old,
      )
      return queryClient.invalidateQueries({ queryKey: MY_APPLICATIONS_QUERY_KEY })
    },
  })
}

import type { QueryClient } from '@tanstack/react-query'
import type { SessionStore } from '@/lib/session'

/**
 * When the signed-in user changes (signed out here or in another tab, a
 * refresh refused, someone else signed in), the route guards run again and
 * the previous user's cached data is dropped. `onUserChange` then runs with the
 * new user's id (null when signed out), to swap saved offline data. Returns the
 * unsubscribe function.
 */
export function followSignedInUser(
  store: SessionStore,
  router: { revalidate: () => Promise<void> },
  queryClient: QueryClient,
  onUserChange?: (userId: string | null) => void,
): () => void {
  let userId = store.get()?.user.id ?? null
  return store.subscribe(() => {
    const next = store.get()?.user.id ?? null
    if (next === userId) return
    userId = next
    queryClient.clear()
    onUserChange?.(next)
    void router.revalidate()
  })
}

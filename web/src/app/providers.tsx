import { QueryClient } from '@tanstack/react-query'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { type ReactNode, useEffect, useState } from 'react'
import { ToastArea } from '@/components/toast-area'
import { ApiError } from '@/lib/api-client'
import {
  createUserQueryPersister,
  queryPersistOptions,
  removeQueryCaches,
  switchSavedQueries,
} from '@/lib/offline/query-persistence'
import { followUserForDrafts } from '@/features/onboarding/draft'
import { SessionProvider, sessionStore } from '@/lib/session'
import { followSignedInUser } from './session-sync'

/** Retries a failed query twice, except on client errors (4xx), which repeat identically. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < 2
}

function localStorageOrNull(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null // Storage can be blocked by browser settings.
  }
}

function createAppQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      // Offline a change fails at once with the API client's "offline" error (and its toast)
      // instead of waiting paused, to be sent unseen once the connection is back.
      mutations: { networkMode: 'always' },
    },
  })
  // The core's computed texts need no network: offline they still run.
  client.setQueryDefaults(['core'], { networkMode: 'always' })
  // Its online flag (queries wait while offline) is the app's one: see lib/offline/network-status.
  return client
}

/**
 * The app's providers around the router element (`children`): the session, TanStack Query
 * (saved per user for offline use) and the toast area. `router` follows the signed-in user.
 * The same tree renders at build time for the prerendered public pages (`./prerender.tsx`),
 * where effects do not run, so nothing here may touch the browser while rendering.
 */
export function AppProviders({ router, children }: { router: { revalidate: () => Promise<void> }; children: ReactNode }) {
  const [queryClient] = useState(createAppQueryClient)
  const [persister] = useState(() => {
    const storage = localStorageOrNull()
    const currentUserId = () => sessionStore.get()?.user.id ?? null
    // Saved data of anyone but the signed-in user goes (a sign-out in a closed tab, say).
    removeQueryCaches(storage, currentUserId())
    return createUserQueryPersister({ storage, currentUserId })
  })
  const [persistOptions] = useState(() => queryPersistOptions(persister))

  // Saves are batched for a second; leaving the page (or the app going to the background) must not lose the last.
  useEffect(() => {
    const flush = () => persister.flush()
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', onHidden)
    return () => {
      window.removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', onHidden)
    }
  }, [persister])

  // Onboarding's draft goes on a sign-out from any page, not only after onboarding was opened.
  useEffect(() => followUserForDrafts(sessionStore), [])

  useEffect(
    () =>
      followSignedInUser(sessionStore, router, queryClient, (userId) => {
        void switchSavedQueries(queryClient, localStorageOrNull(), persistOptions, userId)
      }),
    [queryClient, router, persistOptions],
  )

  return (
    <SessionProvider store={sessionStore}>
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
        {children}
        <ToastArea />
      </PersistQueryClientProvider>
    </SessionProvider>
  )
}

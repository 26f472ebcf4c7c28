import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router/dom'
import { Toaster } from 'sonner'
import { ApiError } from '@/lib/api-client'
import { SessionProvider, sessionStore } from '@/lib/session'
import { createAppRouter } from './router'
import { followSignedInUser } from './session-sync'

/** Retries a failed query twice, except on client errors (4xx), which repeat identically. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < 2
}

/** The app's providers around the router: the session, TanStack Query and the toast area. */
export function AppProviders() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
        },
      }),
  )
  const [router] = useState(createAppRouter)

  useEffect(() => followSignedInUser(sessionStore, router, queryClient), [queryClient, router])

  return (
    <SessionProvider store={sessionStore}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster richColors position="top-center" />
      </QueryClientProvider>
    </SessionProvider>
  )
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { routes } from '@/app/router'
import { SessionProvider, sessionStore, type Session } from '@/lib/session'

/** A signed-in session for tests (a candidate unless `roles` says otherwise). */
export function testSession(overrides: Partial<Session['user']> = {}, expiresAt = 4_000_000_000): Session {
  return {
    user: {
      id: 'user-1',
      email: 'ada@example.com',
      fullName: 'Ada Lovelace',
      companyName: null,
      roles: ['candidate'],
      onboarded: true,
      hasAvatar: false,
      emailConfirmed: true,
      ...overrides,
    },
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    expiresAt,
    expiresIn: 900,
  }
}

/** Renders the app's routes at `path` with the app's session store and a fresh query client. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const view = render(
    <SessionProvider store={sessionStore}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SessionProvider>,
  )
  return { ...view, router, queryClient }
}

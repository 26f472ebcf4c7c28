import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { JOB_TO_VIEW_KEY } from '@/lib/job-to-view'
import { sessionStore } from '@/lib/session'
import { renderApp, testSession } from '@/testing/render-app'
import { ACCESS_DENIED_MESSAGE } from './guards'
import { followSignedInUser } from './session-sync'

vi.mock('sonner', () => ({
  toast: { error: vi.fn<(...args: unknown[]) => string>(), success: vi.fn<(...args: unknown[]) => string>() },
}))

beforeEach(() => {
  sessionStorage.clear()
  vi.mocked(toast.error).mockClear()
})

afterEach(() => {
  sessionStore.clear()
})

describe('candidate route guards', () => {
  it.each(['/jobs', '/applications', '/documents', '/interview-prep', '/onboarding'])(
    'sends a signed-out visitor from %s to /auth',
    async (path) => {
      const { router } = renderApp(path)
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument()
      expect(router.state.location.pathname).toBe('/auth')
    },
  )

  it('remembers the job a signed-out visitor wanted before sending them to /auth', async () => {
    const { router } = renderApp('/job/job-42')
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth')
    expect(sessionStorage.getItem(JOB_TO_VIEW_KEY)).toBe('job-42')
  })

  it('lets a signed-in candidate in, with a header to edit the profile and sign out', async () => {
    sessionStore.set(testSession())
    renderApp('/jobs')
    expect(await screen.findByRole('heading', { level: 1, name: 'Find Your Next Role' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /edit your profile$/i })).toHaveAttribute('href', '/onboarding')
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument()
  })

  it('signs out to the landing page, not to /auth', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 })))
    sessionStore.set(testSession())
    const { router } = renderApp('/applications')
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(sessionStore.get()).toBeNull()
    expect(localStorage.length).toBe(0)
    vi.unstubAllGlobals()
  })

  it('runs again when the session ends elsewhere (another tab, a failed refresh), sending the user to /auth', async () => {
    sessionStore.set(testSession())
    const { router, queryClient } = renderApp('/documents')
    const stop = followSignedInUser(sessionStore, router, queryClient)
    expect(await screen.findByRole('heading', { level: 1, name: 'My Documents' })).toBeInTheDocument()
    act(() => sessionStore.clear())
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth')
    stop()
  })
})

describe('employer route guards', () => {
  it.each(['/employer', '/employer/applications', '/employer/analytics'])(
    'sends a signed-out visitor from %s to /employer/auth',
    async (path) => {
      const { router } = renderApp(path)
      expect(await screen.findByRole('heading', { level: 1, name: 'Employer Portal' })).toBeInTheDocument()
      expect(router.state.location.pathname).toBe('/employer/auth')
    },
  )

  it.each(['/employer', '/employer/applications', '/employer/analytics'])(
    'refuses a candidate at %s with the access-denied toast and goes home',
    async (path) => {
      sessionStore.set(testSession())
      const { router } = renderApp(path)
      await waitFor(() => expect(router.state.location.pathname).toBe('/'))
      expect(toast.error).toHaveBeenCalledWith(ACCESS_DENIED_MESSAGE, expect.anything())
      expect(ACCESS_DENIED_MESSAGE).toBe('Access denied. Employer account required.')
    },
  )

  it('lets an employer into the dashboard', async () => {
    sessionStore.set(testSession({ roles: ['employer'], companyName: 'Acme' }))
    renderApp('/employer')
    expect(await screen.findByRole('heading', { level: 1, name: 'Employer Dashboard' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument()
    expect(toast.error).not.toHaveBeenCalled()
  })

  it.each([
    ['/employer/post-job', 'Post a Job'],
    ['/employer/bulk-import', 'Bulk Import'],
  ])('does not redirect a signed-out visitor from %s (spec)', async (path, title) => {
    const { router } = renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(path)
  })
})

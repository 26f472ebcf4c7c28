import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { renderApp, testSession } from '@/testing/render-app'

vi.mock('sonner', () => ({
  toast: Object.assign(vi.fn<(...args: unknown[]) => string>(), {
    error: vi.fn<(...args: unknown[]) => string>(),
    success: vi.fn<(...args: unknown[]) => string>(),
    info: vi.fn<(...args: unknown[]) => string>(),
  }),
}))

/** Empty answers for the pages these tests open; anything else is a 404. */
function emptyServer() {
  const bodies: Record<string, unknown> = {
    '/jobs': { jobs: [], next_cursor: null },
    '/documents': { documents: [] },
    '/employer/jobs': { jobs: [] },
  }
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace('/api/v1', '')
      const body = bodies[path]
      return body === undefined
        ? new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 })
        : new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
    }),
  )
}

const launcher = () => screen.findByRole('button', { name: 'Open SwipeJob AI' })

beforeEach(() => {
  emptyServer()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  sessionStore.clear()
  vi.unstubAllGlobals()
})

describe('the chat widget', () => {
  it('floats over the signed-in candidate pages', async () => {
    sessionStore.set(testSession())
    renderApp('/documents')
    await screen.findByRole('heading', { level: 1, name: 'My Documents' })
    expect(await launcher()).toBeInTheDocument()
  })

  it('floats over the employer dashboard', async () => {
    sessionStore.set(testSession({ roles: ['employer'], companyName: 'Acme' }))
    renderApp('/employer')
    expect(await launcher()).toBeInTheDocument()
  })

  it('is not offered to visitors, nor on pages outside the product', async () => {
    const shown = () => screen.queryByRole('button', { name: 'Open SwipeJob AI' })
    sessionStore.set(testSession())
    const { router } = renderApp('/documents')
    // Shown here, so the page has settled: what follows removes it, never a settle still to come.
    expect(await launcher()).toBeInTheDocument()
    const outside: Array<[path: string, heading: string]> = [
      ['/hr-api', 'JobTap HR API'],
      ['/employer/auth', 'Employer Portal'],
    ]
    for (const [path, heading] of outside) {
      await act(() => router.navigate(path))
      await screen.findByRole('heading', { level: 1, name: heading })
      expect(shown()).not.toBeInTheDocument()
    }

    act(() => sessionStore.clear())
    await act(() => router.navigate('/employer/post-job'))
    await screen.findByRole('heading', { level: 1, name: 'Post a Job' })
    expect(shown()).not.toBeInTheDocument()
  })

  it('keeps its conversation from one page to the next', async () => {
    sessionStore.set(testSession())
    const user = userEvent.setup()
    const { router } = renderApp('/documents')
    await user.click(await launcher())
    const input = screen.getByRole('textbox', { name: 'Message' })
    await user.type(input, 'draft')

    await act(() => router.navigate('/applications'))
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('draft')
  })
})

describe('Upgrade Resume in the feed header', () => {
  it('opens the resume dialog, gives focus back on close, and closes it when the page changes', async () => {
    sessionStore.set(testSession())
    const user = userEvent.setup()
    const { router } = renderApp('/jobs')
    const nav = await screen.findByRole('navigation', { name: 'Candidate' })
    const open = within(nav).getByRole('button', { name: 'Upgrade Resume' })
    expect(open).toHaveAttribute('aria-haspopup', 'dialog')

    await user.click(open)
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Your Resume' })
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog', { name: 'Upgrade Your Resume' })).not.toBeInTheDocument()
    expect(open).toHaveFocus()

    await user.click(open)
    await screen.findByRole('dialog', { name: 'Upgrade Your Resume' })
    await act(() => router.navigate('/documents'))
    await act(() => router.navigate('/jobs'))
    await screen.findByRole('navigation', { name: 'Candidate' })
    expect(screen.queryByRole('dialog', { name: 'Upgrade Your Resume' })).not.toBeInTheDocument()
  })
})

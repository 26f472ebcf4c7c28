import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { renderApp, testSession } from '@/testing/render-app'

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

const entry = (at: number, actor_name: string, actor_email: string, label: string) => ({
  at,
  event: 'scorecard_written',
  label,
  actor_id: actor_email ? `u-${actor_email}` : null,
  actor_name,
  actor_email,
  subject: null,
  detail: {},
})

const FIRST_PAGE = {
  entries: [
    entry(1_767_312_000_000, 'Rudo Chari', 'rudo@avenues.co.zw', 'Wrote a scorecard'),
    entry(1_767_300_000_000, '', 'farai@avenues.co.zw', "Downloaded a candidate's document"),
  ],
  next_cursor: 'c-2',
}
const SECOND_PAGE = {
  entries: [entry(1_767_225_600_000, '', '', 'Deleted rejected applications past the retention period')],
  next_cursor: null,
}

/** The server as the settings page uses it, with the company's log in two pages; the rest is not found. */
function fakeServer(role: 'admin' | 'recruiter') {
  const paths: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = String(input).replace('/api/v1', '')
      paths.push(path)
      if ((init?.method ?? 'GET') !== 'GET') return json(404, { error: { code: 'not_found', message: 'Not found' } })
      if (path === '/employer/team') {
        return json(200, {
          members: [{ user_id: 'u-rudo', full_name: 'Rudo Chari', email: 'rudo@avenues.co.zw', role, joined_at: 1 }],
          invitations: [],
          you: 'u-rudo',
          your_role: role,
        })
      }
      if (path === '/employer/audit?limit=50') return json(200, FIRST_PAGE)
      if (path === '/employer/audit?limit=50&cursor=c-2') return json(200, SECOND_PAGE)
      return json(404, { error: { code: 'not_found', message: 'Not found' } })
    }),
  )
  return paths
}

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStore.clear()
})

describe('Company log (settings)', () => {
  it('an admin sees who did what, newest first, and "Show more" appends the next page', async () => {
    const paths = fakeServer('admin')
    sessionStore.set(testSession({ roles: ['employer'], companyName: 'Avenues Clinic', companyRole: 'admin' }))
    const user = userEvent.setup()
    renderApp('/settings/notifications')
    const section = await screen.findByRole('region', { name: 'Company log' })
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2))
    const items = within(section).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('Rudo Chari · Wrote a scorecard')
    expect(items[0]).toHaveTextContent('2026')
    // No name: the address says who.
    expect(items[1]).toHaveTextContent("farai@avenues.co.zw · Downloaded a candidate's document")
    expect(within(section).getByRole('button', { name: 'Download CSV' })).toBeVisible()

    await user.click(within(section).getByRole('button', { name: 'Show more' }))
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3))
    expect(paths).toContain('/employer/audit?limit=50&cursor=c-2')
    const all = within(section).getAllByRole('listitem')
    expect(all[0]).toHaveTextContent('Rudo Chari · Wrote a scorecard')
    // Nobody acted: the server did, on its own.
    expect(all[2]).toHaveTextContent('JobTap · Deleted rejected applications past the retention period')
    // The last page: nothing more to show.
    expect(within(section).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument()
  })

  it('a recruiter does not see the log, and it is not asked for', async () => {
    const paths = fakeServer('recruiter')
    sessionStore.set(testSession({ roles: ['employer'], companyName: 'Avenues Clinic', companyRole: 'recruiter' }))
    renderApp('/settings/notifications')
    const team = await screen.findByRole('region', { name: 'Team' })
    // The team has loaded: the caller's role is known.
    expect(await within(team).findByText('Recruiter')).toBeVisible()
    expect(screen.queryByRole('region', { name: 'Company log' })).not.toBeInTheDocument()
    expect(paths.some((p) => p.startsWith('/employer/audit'))).toBe(false)
  })
})

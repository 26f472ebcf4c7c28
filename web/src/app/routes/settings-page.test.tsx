import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from 'sonner'
import { sessionStore } from '@/lib/session'
import { renderApp, testSession } from '@/testing/render-app'

vi.mock('sonner', () => ({
  toast: Object.assign(vi.fn<(...args: unknown[]) => string>(), {
    error: vi.fn<(...args: unknown[]) => string>(),
    success: vi.fn<(...args: unknown[]) => string>(),
    dismiss: vi.fn<(...args: unknown[]) => void>(),
  }),
}))

type Call = { method: string; path: string; body: unknown }

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

const notification = (id: string, read: boolean) => ({
  id,
  kind: 'application_accepted',
  title: 'Application accepted',
  body: `Acme accepted your application for Job ${id}.`,
  link: '/applications',
  created_at: 1_767_225_600_000,
  created_text: 'Jan 1, 2026',
  read,
})

/** The server as the bell and the settings page use it; answers what the real one would. */
function fakeServer({ role = 'admin' }: { role?: string } = {}) {
  const calls: Call[] = []
  const team = {
    members: [
      { user_id: 'u-rudo', full_name: 'Rudo Chari', email: 'rudo@avenues.co.zw', role: 'admin', joined_at: 1_767_225_600_000 },
      { user_id: 'u-farai', full_name: 'Farai Gumbo', email: 'farai@avenues.co.zw', role: 'recruiter', joined_at: 1_767_312_000_000 },
    ],
    invitations: [] as { id: string; email: string; role: string; created_at: number; expires_at: number }[],
    you: role === 'admin' ? 'u-rudo' : 'u-farai',
    your_role: role,
  }
  let bell = { notifications: [notification('n2', false), notification('n1', true)], unread_count: 1 }
  let email = true
  let company = {
    company_name: 'Avenues Clinic',
    company_website: null as string | null,
    employer_checks: { address_confirmed: true, confirmed_domain: null as string | null },
  }
  let sessions = [
    {
      id: 's-laptop',
      device: 'Firefox on Windows',
      current: true,
      created_at: 1_767_225_600_000,
      created_text: 'Jan 1, 2026',
      last_used_at: Date.now(),
      ip: '198.51.100.23',
    },
    {
      id: 's-phone',
      device: 'Chrome on Android',
      current: false,
      created_at: 1_767_225_600_000,
      created_text: 'Jan 1, 2026',
      last_used_at: Date.now() - 3 * 60 * 60_000,
      ip: '41.190.12.8',
    },
    {
      id: 's-tablet',
      device: 'Safari on iPad',
      current: false,
      created_at: 1_767_312_000_000,
      created_text: 'Jan 2, 2026',
      last_used_at: Date.now() - 2 * 24 * 60 * 60_000,
      ip: null,
    },
  ]
  const settings = () => ({
    settings: [{ kind: 'application_updates', label: 'Application updates', description: 'When employers decide.', email }],
  })
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = String(input).replace('/api/v1', '')
      const method = init?.method ?? 'GET'
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      calls.push({ method, path, body })
      if (path === '/notifications' && method === 'GET') return json(200, bell)
      if (path === '/notifications/read' && method === 'POST') {
        bell = { notifications: bell.notifications.map((n) => ({ ...n, read: true })), unread_count: 0 }
        return json(200, bell)
      }
      if (path === '/auth/sessions' && method === 'GET') return json(200, { sessions })
      if (path === '/employer/team' && method === 'GET')
        return json(200, { ...team, invitations: role === 'admin' ? team.invitations : [] })
      if (path === '/employer/team/invitations' && method === 'POST') {
        const { email: address, role: offered } = body as { email: string; role: string }
        if (team.members.some((m) => m.email === address))
          return json(409, { error: { code: 'conflict', message: 'This person is already on your team.' } })
        const invitation = { id: `i-${team.invitations.length}`, email: address, role: offered, created_at: Date.now(), expires_at: Date.now() + 7 * 86_400_000 }
        team.invitations = [invitation, ...team.invitations]
        return json(201, invitation)
      }
      if (path.startsWith('/employer/audit?') && method === 'GET') return json(200, { entries: [], next_cursor: null })
      if (path === '/employer/settings/company' && method === 'GET') return json(200, company)
      if (path === '/employer/settings/company' && method === 'PUT') {
        const { company_name, company_website } = body as { company_name: string; company_website: string }
        if (company_website.startsWith('ftp:')) {
          const message = 'A website address starts with https:// or http://'
          return json(422, { error: { code: 'validation', message, fields: { company_website: [message] } } })
        }
        company = {
          company_name,
          company_website: `https://${company_website}`,
          employer_checks: { address_confirmed: true, confirmed_domain: company_website },
        }
        return json(200, company)
      }
      if (path === '/employer/settings/retention' && method === 'GET') {
        return json(200, { rejected_kept_days: null, choices: [30, 90], text: 'Kept with no time limit' })
      }
      if (path.startsWith('/auth/sessions/s-') && method === 'DELETE') {
        const id = path.split('/').pop()
        const before = sessions.length
        sessions = sessions.filter((s) => s.id !== id || s.current)
        return sessions.length < before
          ? new Response(null, { status: 204 })
          : json(404, { error: { code: 'not_found', message: 'This session has already ended' } })
      }
      if (path === '/auth/sessions/sign-out-others' && method === 'POST') {
        const ended = sessions.filter((s) => !s.current).length
        sessions = sessions.filter((s) => s.current)
        return json(200, { ended })
      }
      if (path === '/notifications/settings' && method === 'GET') return json(200, settings())
      if (path === '/notifications/settings' && method === 'PUT') {
        email = (body as { email: boolean }).email
        return json(200, settings())
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } })
    }),
  )
  return calls
}

beforeEach(() => {
  sessionStore.set(testSession())
  vi.mocked(toast.success).mockClear()
})

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStore.clear()
})

describe('Notifications', () => {
  it('turns an e-mail off and on, saying so each time', async () => {
    const calls = fakeServer()
    const user = userEvent.setup()
    renderApp('/settings/notifications')
    const box = await screen.findByRole('checkbox', { name: 'Application updates by e-mail' })
    expect(box).toBeChecked()
    expect(box).toHaveAccessibleDescription('When employers decide.')
    await user.click(box)
    await waitFor(() => expect(box).not.toBeChecked())
    expect(toast.success).toHaveBeenCalledWith('Application updates by e-mail: off')
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ kind: 'application_updates', email: false })
    await user.click(box)
    await waitFor(() => expect(box).toBeChecked())
    expect(toast.success).toHaveBeenLastCalledWith('Application updates by e-mail: on')
  })

  it('the bell shows the unread count, lists the notifications and marks them all read', async () => {
    const calls = fakeServer()
    const user = userEvent.setup()
    renderApp('/settings/notifications')
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    await user.click(bell)
    const panel = screen.getByRole('region', { name: 'Your notifications' })
    const links = within(panel).getAllByRole('link')
    expect(links[0]).toHaveTextContent('Unread: Application accepted')
    expect(links[0]).toHaveTextContent('Acme accepted your application for Job n2.')
    expect(links[0]).toHaveAttribute('href', '/applications')
    expect(links[1]).not.toHaveTextContent('Unread')
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }))
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument()
    expect(calls.find((c) => c.path === '/notifications/read')?.body).toEqual({})
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('region', { name: 'Your notifications' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus()
  })
})

describe("Where you're signed in", () => {
  it('lists each session with its device, when and where it signed in, and marks this device', async () => {
    fakeServer()
    renderApp('/settings/notifications')
    const section = await screen.findByRole('region', { name: "Where you're signed in" })
    const items = await within(section).findAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(items[0]).toHaveTextContent('Firefox on WindowsThis device')
    expect(items[0]).toHaveTextContent('Active now')
    expect(items[0]).toHaveTextContent('Signed in Jan 1, 2026 from 198.51.100.23')
    // This device is signed out with "Sign out" in the menu, not here.
    expect(within(section).queryByRole('button', { name: 'Sign out Firefox on Windows' })).not.toBeInTheDocument()
    expect(items[1]).toHaveTextContent('Last active 3 hours ago')
    expect(items[1]).toHaveTextContent('Signed in Jan 1, 2026 from 41.190.12.8')
    expect(items[2]).toHaveTextContent('Last active 2 days ago')
    expect(items[2]).toHaveTextContent(/Signed in Jan 2, 2026Sign out$/)
  })

  it('signs one other device out, then the rest, saying so each time', async () => {
    const calls = fakeServer()
    const user = userEvent.setup()
    renderApp('/settings/notifications')
    const section = await screen.findByRole('region', { name: "Where you're signed in" })
    await user.click(await within(section).findByRole('button', { name: 'Sign out Chrome on Android' }))
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2))
    expect(toast.success).toHaveBeenCalledWith('Chrome on Android was signed out')
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/auth/sessions/s-phone')).toBe(true)
    expect(within(section).queryByText('Chrome on Android')).not.toBeInTheDocument()

    await user.click(within(section).getByRole('button', { name: 'Sign out everywhere else' }))
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1))
    expect(toast.success).toHaveBeenLastCalledWith('Signed out of 1 other device')
    expect(within(section).getByRole('listitem')).toHaveTextContent('This device')
    expect(within(section).queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument()
  })

  it('a session that had already ended says so and leaves the list', async () => {
    fakeServer()
    const user = userEvent.setup()
    renderApp('/settings/notifications')
    const section = await screen.findByRole('region', { name: "Where you're signed in" })
    const button = await within(section).findByRole('button', { name: 'Sign out Safari on iPad' })
    // Signed out from another device meanwhile.
    await fetch('/api/v1/auth/sessions/s-tablet', { method: 'DELETE' })
    await user.click(button)
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2))
    expect(toast.error).toHaveBeenCalledWith('Could not sign that device out', {
      description: 'This session has already ended',
    })
    expect(within(section).queryByText('Safari on iPad')).not.toBeInTheDocument()
  })
})

describe('Company (employers)', () => {
  it("saves the website, shows the server's refusal under the field, and the badges the jobs now show", async () => {
    const calls = fakeServer()
    sessionStore.set(testSession({ roles: ['employer'], companyName: 'Avenues Clinic' }))
    const user = userEvent.setup()
    renderApp('/settings/notifications')
    const section = await screen.findByRole('region', { name: 'Company' })
    await waitFor(() => expect(within(section).getByLabelText('Company name')).toHaveValue('Avenues Clinic'))
    expect(section).toHaveTextContent('Your jobs show:Address confirmed')
    expect(within(section).queryByText('Domain confirmed')).not.toBeInTheDocument()

    const website = within(section).getByLabelText('Company website')
    await user.type(website, 'ftp://avenues.co.zw')
    await user.click(within(section).getByRole('button', { name: 'Save company' }))
    expect(await within(section).findByText('A website address starts with https:// or http://')).toBeVisible()
    expect(website).toHaveAttribute('aria-invalid', 'true')

    await user.clear(website)
    await user.type(website, 'avenues.co.zw')
    await user.click(within(section).getByRole('button', { name: 'Save company' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Company saved'))
    expect(website).toHaveValue('https://avenues.co.zw')
    expect(within(section).getByText('Domain confirmed')).toBeVisible()
    expect(calls.filter((c) => c.method === 'PUT' && c.path === '/employer/settings/company').map((c) => c.body)).toEqual([
      { company_name: 'Avenues Clinic', company_website: 'ftp://avenues.co.zw' },
      { company_name: 'Avenues Clinic', company_website: 'avenues.co.zw' },
    ])
  })
})

describe('Team (employers)', () => {
  it('an admin invites a colleague as a recruiter, sees the invitation wait, and hears a refusal in the server\'s words', async () => {
    const calls = fakeServer()
    sessionStore.set(testSession({ roles: ['employer'], companyName: 'Avenues Clinic' }))
    const user = userEvent.setup()
    renderApp('/settings/notifications')
    const section = await screen.findByRole('region', { name: 'Team' })
    expect(await within(section).findByText('Farai Gumbo')).toBeVisible()
    expect(within(section).getByLabelText('Role of Farai Gumbo')).toHaveValue('recruiter')
    expect(await screen.findByRole('region', { name: 'Company' })).toBeVisible()

    await user.type(within(section).getByLabelText('E-mail address'), 'tatenda@avenues.co.zw')
    await user.click(within(section).getByRole('button', { name: 'Send invitation' }))
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Invitation e-mailed to tatenda@avenues.co.zw', {
        description: 'The link works once, for 7 days.',
      }),
    )
    expect(await within(section).findByText('tatenda@avenues.co.zw')).toBeVisible()
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/employer/team/invitations').map((c) => c.body)).toEqual([
      { email: 'tatenda@avenues.co.zw', role: 'recruiter' },
    ])

    await user.type(within(section).getByLabelText('E-mail address'), 'farai@avenues.co.zw')
    await user.click(within(section).getByRole('button', { name: 'Send invitation' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('That did not work', { description: 'This person is already on your team.' }),
    )
  })

  it('says what each role may do, in core’s words, and lets an admin invite an interviewer', async () => {
    const calls = fakeServer()
    sessionStore.set(testSession({ roles: ['employer'], companyName: 'Avenues Clinic', companyRole: 'admin' }))
    const user = userEvent.setup()
    renderApp('/settings/notifications')
    const section = await screen.findByRole('region', { name: 'Team' })
    const roles = within(section).getByLabelText('What each role may do')
    expect(roles).toHaveTextContent(
      'Interviewer: As an interviewer, you read the applicants of the jobs you are on and the documents they sent, and write your scorecards.',
    )
    expect(roles).toHaveTextContent('Recruiter: As a recruiter, you post jobs, review and decide on applicants.')
    await within(section).findByText('Farai Gumbo')
    const offered = within(section).getByLabelText('Role')
    // A recruiter until the admin chooses another.
    expect(offered).toHaveValue('recruiter')
    expect(within(offered).getAllByRole('option').map((o) => o.textContent)).toEqual(['Admin', 'Recruiter', 'Interviewer'])
    await user.selectOptions(offered, 'interviewer')
    await user.type(within(section).getByLabelText('E-mail address'), 'tatenda@avenues.co.zw')
    await user.click(within(section).getByRole('button', { name: 'Send invitation' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalled())
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/employer/team/invitations').map((c) => c.body)).toEqual([
      { email: 'tatenda@avenues.co.zw', role: 'interviewer' },
    ])
    expect(await within(section).findByText(/^Interviewer · link works until/)).toBeVisible()
  })

  it("a recruiter sees the team but neither changes it nor the company's settings", async () => {
    fakeServer({ role: 'recruiter' })
    sessionStore.set(testSession({ roles: ['employer'], companyName: 'Avenues Clinic' }))
    renderApp('/settings/notifications')
    const section = await screen.findByRole('region', { name: 'Team' })
    expect(await within(section).findByText('Rudo Chari')).toBeVisible()
    expect(within(section).queryByRole('combobox')).not.toBeInTheDocument()
    expect(within(section).queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Company' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Rejected applications' })).not.toBeInTheDocument()
  })
})

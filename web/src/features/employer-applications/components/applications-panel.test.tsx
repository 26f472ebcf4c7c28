import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { renderApp, testSession } from '@/testing/render-app'
import type { EmployerApplication } from '../api/applications'
import { statusFields } from '@/testing/application-status'

vi.mock('sonner', () => ({
  toast: { error: vi.fn<(...args: unknown[]) => string>(), success: vi.fn<(...args: unknown[]) => string>() },
}))

const application: EmployerApplication = {
  id: 'a1',
  user_id: 'u2',
  job_id: 'j1',
  ...statusFields('applied'),
  stage: 'applied',
  stage_group: 'applied',
  stage_label: 'Applied',
  next_stages: [
    { stage: 'screening', label: 'Screening', group: 'screening' },
    { stage: 'interview', label: 'Interview', group: 'interview' },
    { stage: 'offer', label: 'Offer', group: 'offer' },
    { stage: 'hired', label: 'Hired', group: 'hired' },
  ],
  applied_at: Date.UTC(2026, 10, 20, 9),
  applied_text: 'Nov 20, 2026',
  employer_comment: null,
  private_note: null,
  ai_screening_comment: 'Strong match on skills.',
  email_subject: 'Application for Data Analyst – Tendai Moyo',
  degree_score: 4,
  skills_score: 2.5,
  skills_evidence: null,
  university_score: 5,
  experience_score: 3.6,
  total_raw_score: 15.1,
  score_percentage: 77,
  job_title: 'Data Analyst',
  company_name: 'Acme',
  candidate_name: 'Tendai Moyo',
  candidate_email: 'tendai@example.com',
  candidate_location: 'Harare',
  interview: null,
}

type Call = { method: string; path: string; body?: unknown }
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/**
 * The API with `list` in pages of `pageSize` (cursor = the index where a page starts);
 * the first `failMore` requests for a later page answer 500.
 */
function fakeServer(list: EmployerApplication[] | 'fail', { pageSize = 20, failMore = 0 } = {}) {
  const calls: Call[] = []
  let applications = list === 'fail' ? [] : [...list]
  let moreFailures = failMore
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = String(input).replace('/api/v1', '')
      const method = init?.method ?? 'GET'
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      calls.push({ method, path, body })
      if (method === 'GET' && path.startsWith('/employer/applications')) {
        const failed = json(500, { error: { code: 'internal', message: 'Something went wrong' } })
        if (list === 'fail') return failed
        const cursor = new URLSearchParams(path.split('?')[1]).get('cursor')
        if (cursor !== null && moreFailures > 0) {
          moreFailures -= 1
          return failed
        }
        const start = cursor === null ? 0 : Number(cursor)
        const end = start + pageSize
        return json(200, {
          applications: applications.slice(start, end),
          next_cursor: end < applications.length ? String(end) : null,
        })
      }
      if (method === 'GET' && path.startsWith('/employer/recommendation')) {
        return json(200, {
          application_id: 'a1',
          candidate_name: 'Tendai Moyo',
          job_title: 'Data Analyst',
          total_raw_score: 15.1,
          score_percentage: 77,
          summary: '',
        })
      }
      if (method === 'PUT' && path === '/employer/applications/a1/comment') {
        const saved = { private_note: body.private_note || null, employer_comment: body.employer_comment || null }
        applications = applications.map((a) => ({ ...a, ...saved }))
        return json(200, saved)
      }
      if (method === 'POST' && path === '/employer/applications/a1/stage') {
        const moved: Pick<EmployerApplication, 'stage' | 'stage_label' | 'stage_group' | 'next_stages'> = {
          stage: body.stage,
          stage_group: 'interview',
          stage_label: 'Interview',
          next_stages: [{ stage: 'offer', label: 'Offer', group: 'offer' }],
        }
        applications = applications.map((a) => ({ ...a, ...statusFields('under_review'), ...moved }))
        return json(200, { ...statusFields('under_review'), ...moved, message: 'Moved to Interview' })
      }
      if (method === 'POST' && path === '/employer/applications/a1/reject') {
        applications = applications.filter((a) => a.id !== 'a1')
        return json(200, { ...statusFields('rejected'), message: 'Application rejected and removed' })
      }
      if (method === 'POST' && path === '/employer/applications/a1/accept') {
        applications = applications.map((a) => ({
          ...a,
          ...statusFields('accepted'),
          stage: 'offer' as const,
          stage_label: 'Offer',
          next_stages: [{ stage: 'hired', label: 'Hired', group: 'hired' as const }],
        }))
        return json(200, { ...statusFields('accepted'), message: 'Application accepted' })
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } })
    }),
  )
  return calls
}

beforeEach(() => {
  sessionStore.set(testSession({ roles: ['employer'], companyName: 'Acme' }, Math.floor(Date.now() / 1000) + 3600))
  vi.mocked(toast.error).mockClear()
  vi.mocked(toast.success).mockClear()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  sessionStore.clear()
  vi.unstubAllGlobals()
})

describe('Manage applications', () => {
  it('shows the scores out of 5 and 19.6 with the percentage, and the AI screening comment', async () => {
    fakeServer([application])
    renderApp('/employer/applications')
    const card = await screen.findByRole('article', { name: 'Tendai Moyo' })
    expect(within(card).getByText('Applied', { selector: 'span' })).toBeInTheDocument()
    expect(within(card).getByText('Nov 20, 2026')).toHaveAttribute('datetime', '2026-11-20T09:00:00.000Z')
    expect(within(card).getByText('15.1/19.6')).toBeInTheDocument()
    expect(within(card).getByText('77.0%')).toBeInTheDocument()
    expect(within(card).getByText('2.5/5')).toBeInTheDocument()
    expect(within(card).getByText('3.6/5')).toBeInTheDocument()
    expect(card).toHaveTextContent('AI screening: Strong match on skills.')
  })

  it("shows the skills line the candidate sent, quoting their resume, and none when it was not sent", async () => {
    const line =
      'Skills: 2 of 3 — from the candidate\'s resume: Pastry ("Ran the pastry section for banquets of 400 guests"); missing Halal certification'
    fakeServer([{ ...application, skills_evidence: line }, { ...application, id: 'a2', candidate_name: 'Rudo Dube' }])
    renderApp('/employer/applications')
    const sent = await screen.findByRole('article', { name: 'Tendai Moyo' })
    expect(sent).toHaveTextContent(`When applying: ${line}`)
    const notSent = screen.getByRole('article', { name: 'Rudo Dube' })
    expect(notSent).not.toHaveTextContent('When applying')
  })

  it('sends the filters to the server', async () => {
    const calls = fakeServer([application])
    const user = userEvent.setup()
    renderApp('/employer/applications')
    await screen.findByRole('article', { name: 'Tendai Moyo' })
    await user.selectOptions(screen.getByLabelText('Date range'), 'Last 30 days')
    await user.selectOptions(screen.getByLabelText('Minimum degree score'), '4+')
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain('/employer/applications?days=30&min_degree=4&limit=20'),
    )
    await user.click(screen.getByRole('button', { name: 'AI Recommendation' }))
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Highest fit score among these applications', {
        description: 'Tendai Moyo — 15.1/19.6 (77.0%) for Data Analyst',
      }),
    )
    expect(calls.map((c) => c.path)).toContain('/employer/recommendation?days=30&min_degree=4')
  })

  it('ignores a blank comment, and saves a private note and feedback said apart', async () => {
    const calls = fakeServer([application])
    const user = userEvent.setup()
    renderApp('/employer/applications')
    const card = await screen.findByRole('article', { name: 'Tendai Moyo' })
    await user.click(within(card).getByRole('button', { name: 'Add Comment' }))
    const dialog = screen.getByRole('dialog', { name: 'Add Comment' })
    const note = within(dialog).getByLabelText('Private note')
    const feedback = within(dialog).getByLabelText('Feedback to the candidate')
    expect(note).toHaveAccessibleDescription('Only your team sees this. Tendai Moyo never does.')
    expect(feedback).toHaveAccessibleDescription(
      'Tendai Moyo reads this on My Applications. Written before you accept or reject, it also goes in the e-mail about your decision.',
    )
    await user.type(note, '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Save Comment' }))
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
    expect(toast.success).not.toHaveBeenCalled()

    await user.type(note, ' Invite to interview ')
    await user.click(within(dialog).getByRole('button', { name: 'Save Comment' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Comment added'))
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      private_note: 'Invite to interview',
      employer_comment: '',
    })
    expect(await within(card).findByText('Invite to interview')).toBeInTheDocument()
    expect(card).toHaveTextContent('Private note: Invite to interview')
    expect(card).not.toHaveTextContent('Feedback to the candidate')
  })

  it('moves an application to another stage and keeps Accept and Reject while undecided', async () => {
    const calls = fakeServer([application])
    const user = userEvent.setup()
    renderApp('/employer/applications')
    const card = await screen.findByRole('article', { name: 'Tendai Moyo' })
    expect(card).toHaveTextContent('Stage: Applied')
    await user.selectOptions(within(card).getByLabelText('Move Tendai Moyo to stage'), 'Interview')
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Moved to Interview'))
    expect(calls.find((c) => c.path.endsWith('/stage'))?.body).toEqual({ stage: 'interview' })
    expect(await within(card).findByText('Stage: Interview')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Reject' })).toBeInTheDocument()
  })

  it('asks before rejecting, with a reason from the list, and sends the texts apart', async () => {
    const calls = fakeServer([application])
    const user = userEvent.setup()
    renderApp('/employer/applications')
    const card = await screen.findByRole('article', { name: 'Tendai Moyo' })
    await user.click(within(card).getByRole('button', { name: 'Reject' }))
    const dialog = screen.getByRole('dialog', { name: 'Reject application' })
    expect(calls.some((c) => c.path.endsWith('/reject'))).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Please choose a reason')
    expect(calls.some((c) => c.path.endsWith('/reject'))).toBe(false)

    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Not enough experience')
    await user.type(within(dialog).getByLabelText('Details (private)'), 'Only 1 year of SQL')
    await user.type(within(dialog).getByLabelText('Feedback to the candidate (optional)'), 'Thank you for applying.')
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Application rejected and removed'))
    expect(calls.find((c) => c.path.endsWith('/reject'))?.body).toEqual({
      reason: 'not_enough_experience',
      detail: 'Only 1 year of SQL',
      feedback: 'Thank you for applying.',
    })
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Tendai Moyo' })).not.toBeInTheDocument())
  })

  it('accepts while applied, then hides Accept and Reject', async () => {
    fakeServer([application])
    const user = userEvent.setup()
    renderApp('/employer/applications')
    const card = await screen.findByRole('article', { name: 'Tendai Moyo' })
    await user.click(within(card).getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Application accepted'))
    expect(await within(card).findByText('Accepted')).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument()
  })

  it('says when the applications cannot be loaded, and shows the empty state otherwise', async () => {
    fakeServer('fail')
    renderApp('/employer/applications')
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load applications')
    expect(toast.error).toHaveBeenCalledWith('Failed to load applications', expect.anything())
  })

  it('loads the next page with Load more, newest first, until there is none', async () => {
    const second = { ...application, id: 'a2', candidate_name: 'Farai Ncube' }
    const third = { ...application, id: 'a3', candidate_name: 'Nyasha Dube' }
    const calls = fakeServer([application, second, third], { pageSize: 2 })
    const user = userEvent.setup()
    renderApp('/employer/applications')
    await screen.findByRole('article', { name: 'Tendai Moyo' })
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('id'))).toEqual(['application-a1', 'application-a2'])
    expect(screen.getByText('Showing the newest 2 applications')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith('/employer/')).map((c) => c.path)).toEqual([
      '/employer/applications?limit=20',
    ])

    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('article', { name: 'Nyasha Dube' })).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(3)
    expect(screen.getByText('3 applications')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(calls.map((c) => c.path)).toContain('/employer/applications?limit=20&cursor=2')
  })

  it('keeps the loaded page when Load more fails, and Retry loads it', async () => {
    const second = { ...application, id: 'a2', candidate_name: 'Farai Ncube' }
    fakeServer([application, second], { pageSize: 1, failMore: 1 })
    const user = userEvent.setup()
    renderApp('/employer/applications')
    await screen.findByRole('article', { name: 'Tendai Moyo' })
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load applications: Something went wrong')
    expect(screen.getByRole('article', { name: 'Tendai Moyo' })).toBeInTheDocument()
    expect(toast.error).toHaveBeenCalledWith('Failed to load applications', expect.anything())

    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('article', { name: 'Farai Ncube' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByText('2 applications')).toBeInTheDocument()
  })

  it('shows "No applications yet" when there are none', async () => {
    fakeServer([])
    renderApp('/employer/applications')
    expect(await screen.findByText('No applications yet')).toBeInTheDocument()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { renderApp, testSession } from '@/testing/render-app'
import type { RejectedApplication } from '../api/applications'

vi.mock('sonner', () => ({
  toast: { error: vi.fn<(...args: unknown[]) => string>(), success: vi.fn<(...args: unknown[]) => string>() },
}))

const rejected: RejectedApplication = {
  id: 'a1',
  job_id: 'j1',
  job_title: 'Data Analyst',
  candidate_name: 'Tendai Moyo',
  candidate_email: 'tendai@example.com',
  applied_at: Date.UTC(2026, 10, 20, 9),
  reason: 'skills_mismatch',
  reason_label: "Skills don't match the role",
  rejection_detail: 'No SQL yet',
  private_note: null,
  employer_comment: 'Keep practising SQL',
  rejected_at: Date.UTC(2026, 10, 22, 9),
  rejected_text: 'Nov 22, 2026',
  reconsider_stages: [
    { stage: 'applied', label: 'Applied', group: 'applied' },
    { stage: 'screening', label: 'Screening', group: 'screening' },
    { stage: 'interview', label: 'Interview', group: 'interview' },
  ],
}

type Call = { method: string; path: string; body?: unknown }
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** The API: an empty list, `archive` as the rejected ones, and reconsider taking one out of it. */
function fakeServer(archive: RejectedApplication[]) {
  const calls: Call[] = []
  let kept = [...archive]
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = String(input).replace('/api/v1', '')
      const method = init?.method ?? 'GET'
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      calls.push({ method, path, body })
      if (method === 'GET' && path.startsWith('/employer/applications/rejected')) {
        const job = new URLSearchParams(path.split('?')[1]).get('job_id')
        return json(200, { applications: kept.filter((a) => job === null || a.job_id === job), next_cursor: null })
      }
      if (method === 'GET' && path.startsWith('/employer/applications')) {
        return json(200, { applications: [], next_cursor: null })
      }
      const reconsidered = /^\/employer\/applications\/(\w+)\/reconsider$/.exec(path)
      if (method === 'POST' && reconsidered) {
        kept = kept.filter((a) => a.id !== reconsidered[1])
        return json(200, { application: {}, message: 'Moved back to Screening' })
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

describe('Rejected applications', () => {
  it('shows the reason, the feedback sent and the date, and reconsiders into the chosen stage', async () => {
    const calls = fakeServer([rejected, { ...rejected, id: 'a2', job_id: 'j2', job_title: 'Nurse', candidate_name: 'Rudo Dube' }])
    const user = userEvent.setup()
    renderApp('/employer/applications')
    await user.click(await screen.findByRole('button', { name: 'Rejected' }))
    const card = await screen.findByRole('article', { name: 'Tendai Moyo, Data Analyst' })
    expect(card).toHaveTextContent('Rejected Nov 22, 2026')
    expect(card).toHaveTextContent("Skills don't match the role")
    expect(card).toHaveTextContent('Keep practising SQL')
    expect(card).toHaveTextContent('No SQL yet')

    // One job's rejections only.
    await user.selectOptions(screen.getByLabelText('Job'), 'Nurse')
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Tendai Moyo, Data Analyst' })).not.toBeInTheDocument())
    expect(calls.map((c) => c.path)).toContain('/employer/applications/rejected?job_id=j2')
    await user.selectOptions(screen.getByLabelText('Job'), 'All jobs')

    const again = await screen.findByRole('article', { name: 'Tendai Moyo, Data Analyst' })
    await user.selectOptions(within(again).getByLabelText('Back to'), 'Screening')
    await user.click(within(again).getByRole('button', { name: 'Reconsider' }))
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'POST', path: '/employer/applications/a1/reconsider', body: { stage: 'screening' } }),
    )
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Moved back to Screening', expect.anything()))
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Tendai Moyo, Data Analyst' })).not.toBeInTheDocument())
    expect(screen.getByRole('article', { name: 'Rudo Dube, Nurse' })).toBeInTheDocument()
  })

  it('says so when nothing was rejected', async () => {
    fakeServer([])
    const user = userEvent.setup()
    renderApp('/employer/applications')
    await user.click(await screen.findByRole('button', { name: 'Rejected' }))
    expect(await screen.findByText('No rejected applications')).toBeInTheDocument()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { renderApp, testSession } from '@/testing/render-app'
import { statusFields } from '@/testing/application-status'
import type { EmployerApplication } from '../api/applications'
import { bulkResultText } from '../format'
import { bulkStages } from '../selection'

vi.mock('sonner', () => ({
  toast: { error: vi.fn<(...args: unknown[]) => string>(), success: vi.fn<(...args: unknown[]) => string>() },
}))

const applied: EmployerApplication = {
  id: 'a1',
  user_id: 'u1',
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
  ai_screening_comment: null,
  email_subject: 'Application for Staff Nurse',
  degree_score: 4,
  skills_score: 3,
  skills_evidence: null,
  university_score: 5,
  experience_score: 4,
  total_raw_score: 16,
  score_percentage: 81.6,
  job_title: 'Staff Nurse',
  company_name: 'Harare General',
  candidate_name: 'Tendai Chiedza Moyo',
  candidate_email: 'tendai.moyo@example.com',
  candidate_location: 'Harare',
  interview: null,
}

const rudo: EmployerApplication = {
  ...applied,
  id: 'a2',
  user_id: 'u2',
  candidate_name: 'Rudo Nyasha Mutasa',
  candidate_email: 'rudo@example.com',
}

const farai: EmployerApplication = {
  ...applied,
  id: 'a3',
  user_id: 'u3',
  ...statusFields('accepted'),
  stage: 'offer',
  stage_group: 'offer',
  stage_label: 'Offer',
  next_stages: [{ stage: 'hired', label: 'Hired', group: 'hired' }],
  candidate_name: 'Farai Tinashe Ncube',
  candidate_email: 'farai@example.com',
}

const people = [applied, rudo, farai]

type Call = { method: string; path: string; body?: unknown }
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** The list, and a bulk route that does what it is asked to every application but a3 (accepted). */
function fakeServer() {
  const calls: Call[] = []
  let applications = [...people]
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = String(input).replace('/api/v1', '')
      const method = init?.method ?? 'GET'
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      calls.push({ method, path, body })
      if (method === 'POST' && path === '/employer/applications/bulk') {
        const ids: string[] = body.ids
        const done = ids.filter((id) => id !== 'a3')
        const failed = ids
          .filter((id) => id === 'a3')
          .map((id) => ({ id, message: 'An accepted application moves only from Offer to Hired' }))
        if (body.action === 'reject') applications = applications.filter((a) => !done.includes(a.id))
        const verb = body.action === 'reject' ? 'rejected' : 'moved'
        const message =
          failed.length === 0
            ? `${verb === 'rejected' ? 'Rejected' : 'Moved'} ${done.length} applications`
            : `${done.length} ${verb}; ${failed.length} could not be ${verb}`
        return json(200, { done, failed, message })
      }
      if (method === 'GET' && path.startsWith('/employer/applications?')) {
        return json(200, { applications, next_cursor: null })
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } })
    }),
  )
  return calls
}

beforeEach(() => {
  sessionStore.set(testSession({ roles: ['employer'], companyName: 'Harare General' }, Math.floor(Date.now() / 1000) + 3600))
  vi.mocked(toast.error).mockClear()
  vi.mocked(toast.success).mockClear()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  sessionStore.clear()
  vi.unstubAllGlobals()
})

describe('Bulk actions on selected applicants', () => {
  it('counts the selected, selects all shown, and clears', async () => {
    fakeServer()
    const user = userEvent.setup()
    renderApp('/employer/applications')
    await screen.findByRole('article', { name: 'Tendai Chiedza Moyo' })
    expect(screen.queryByRole('region', { name: 'Selected applications' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('checkbox', { name: 'Select Tendai Chiedza Moyo' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select Rudo Nyasha Mutasa' }))
    const bar = screen.getByRole('region', { name: 'Selected applications' })
    expect(bar).toHaveTextContent('2 selected')

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }))
    expect(bar).toHaveTextContent('3 selected')
    expect(screen.getByRole('checkbox', { name: 'Select Farai Tinashe Ncube' })).toBeChecked()

    await user.click(within(bar).getByRole('button', { name: 'Clear' }))
    expect(screen.queryByRole('region', { name: 'Selected applications' })).not.toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Select Tendai Chiedza Moyo' })).not.toBeChecked()
  })

  it('rejects the selected with one reason and feedback in one request, and they leave the list', async () => {
    const calls = fakeServer()
    const user = userEvent.setup()
    renderApp('/employer/applications')
    await screen.findByRole('article', { name: 'Tendai Chiedza Moyo' })
    await user.click(screen.getByRole('checkbox', { name: 'Select Tendai Chiedza Moyo' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select Rudo Nyasha Mutasa' }))
    const bar = screen.getByRole('region', { name: 'Selected applications' })
    await user.click(within(bar).getByRole('button', { name: 'Reject…' }))

    const dialog = screen.getByRole('dialog', { name: 'Reject 2 applications' })
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Please choose a reason')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'The position has been filled')
    await user.type(
      within(dialog).getByLabelText('Feedback to the candidate (optional)'),
      'Thank you for applying; we filled the post from within.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Rejected 2 applications'))
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/employer/applications/bulk',
        body: {
          ids: ['a1', 'a2'],
          action: 'reject',
          reason: 'position_filled',
          feedback: 'Thank you for applying; we filled the post from within.',
        },
      },
    ])
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Tendai Chiedza Moyo' })).not.toBeInTheDocument())
    expect(screen.queryByRole('article', { name: 'Rudo Nyasha Mutasa' })).not.toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Farai Tinashe Ncube' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Selected applications' })).not.toBeInTheDocument()
  })

  it('moves the selected and names the one that could not be moved', async () => {
    const calls = fakeServer()
    const user = userEvent.setup()
    renderApp('/employer/applications')
    await screen.findByRole('article', { name: 'Tendai Chiedza Moyo' })
    await user.click(screen.getByRole('checkbox', { name: 'Select Tendai Chiedza Moyo' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select Farai Tinashe Ncube' }))
    const bar = screen.getByRole('region', { name: 'Selected applications' })
    await user.selectOptions(within(bar).getByLabelText('Move the selected applications to stage'), 'Hired')
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        '1 moved; 1 could not be moved: Farai Tinashe Ncube — An accepted application moves only from Offer to Hired',
      ),
    )
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: ['a1', 'a3'], action: 'move', to: 'hired' })
  })

  it('offers each stage any selected one can move to, once', () => {
    expect(bulkStages([farai, applied]).map((s) => s.stage)).toEqual(['hired', 'screening', 'interview', 'offer'])
    expect(bulkStages([])).toEqual([])
  })

  it('says what happened, naming whose could not be done', () => {
    expect(bulkResultText({ message: 'Rejected 3 applications', failed: [] }, () => undefined)).toBe(
      'Rejected 3 applications',
    )
    expect(
      bulkResultText(
        {
          message: 'Could not reject 2 applications',
          failed: [
            { id: 'a1', message: 'Application not found' },
            { id: 'gone', message: 'This application has already been decided' },
          ],
        },
        (id) => (id === 'a1' ? 'Tendai Chiedza Moyo' : undefined),
      ),
    ).toBe(
      'Could not reject 2 applications: Tendai Chiedza Moyo — Application not found; An application no longer listed — This application has already been decided',
    )
  })
})

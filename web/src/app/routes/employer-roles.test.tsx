import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { EmployerJob } from '@/entities/employer-jobs'
import { sessionStore, type CompanyRole } from '@/lib/session'
import { employerApplication } from '@/testing/employer-application'
import { renderApp, testSession } from '@/testing/render-app'

// The employer screens by company role: an interviewer is offered only what the server lets them
// do (read their jobs' applicants and write scorecards); admins and recruiters set a job's hiring
// team and scorecard criteria from its card.

vi.mock('sonner', () => ({
  toast: { error: vi.fn<(...args: unknown[]) => string>(), success: vi.fn<(...args: unknown[]) => string>() },
}))

function job(id: string, title: string): EmployerJob {
  return {
    id,
    employer_id: 'c1',
    company_name: 'Acme',
    company_logo: '',
    job_title: title,
    job_type: 'Full-time',
    job_description: 'Reports.',
    location: 'Harare',
    salary_min: 1000,
    salary_max: 2000,
    experience_years: null,
    qualifications: null,
    degree_class: null,
    required_degree_classes: null,
    experience_level: null,
    minimum_score_threshold: 20,
    skills: ['SQL'],
    requirements: [],
    benefits: [],
    industry: null,
    linkedin_url: null,
    application_email: null,
    posted_at: Date.now(),
    expires_at: null,
    is_active: true,
    created_at: 0,
    updated_at: 0,
    applications_count: 1,
    salary_text: '$1,000 - $2,000',
    posted_text: 'Posted Jan 5, 2026',
  }
}

const members = [
  { user_id: 'u-rudo', full_name: 'Rudo Chari', email: 'rudo@acme.co.zw', role: 'admin', joined_at: 0 },
  { user_id: 'u-nyasha', full_name: 'Nyasha Mutasa', email: 'nyasha@acme.co.zw', role: 'interviewer', joined_at: 0 },
]

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

type Call = { method: string; path: string; body: unknown }

function fakeServer(jobs: EmployerJob[], { refuseCriteria = false } = {}) {
  const calls: Call[] = []
  let team: typeof members = []
  let criteria = { criteria: ['SQL'], edited: false }
  // The move select and the interview's times need a card that can move.
  const applicant = employerApplication({
    id: 'a1',
    candidate_name: 'Tendai Moyo',
    stage: 'interview',
    stage_group: 'interview',
    stage_label: 'Interview',
    next_stages: [{ stage: 'offer', label: 'Offer', group: 'offer' }],
  })
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = String(input).replace('/api/v1', '')
      const method = init?.method ?? 'GET'
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      calls.push({ method, path, body })
      if (method === 'GET' && path === '/employer/jobs') return json(200, { jobs })
      if (method === 'GET' && path.startsWith('/employer/applications?'))
        return json(200, { applications: jobs.length > 0 ? [applicant] : [], next_cursor: null })
      if (method === 'GET' && path === '/employer/applications/a1/candidate')
        return json(200, { full_name: 'Tendai Moyo', email: 'tendai@example.com', location: null, cover_letter: '', email_subject: '', documents: [] })
      if (method === 'GET' && path === '/employer/applications/a1/scorecards')
        return json(200, { criteria: ['SQL'], mine: null, scorecards: [], summary: null })
      if (method === 'GET' && path === '/notifications') return json(200, { notifications: [], unread_count: 0 })
      if (method === 'GET' && path === '/employer/team')
        return json(200, { members, invitations: [], you: 'u-rudo', your_role: 'admin' })
      if (method === 'GET' && path === '/employer/jobs/j1/team') return json(200, { members: team })
      if (method === 'PUT' && path === '/employer/jobs/j1/team') {
        const ids = (body as { member_ids: string[] }).member_ids
        team = members.filter((m) => ids.includes(m.user_id))
        return json(200, { members: team })
      }
      if (method === 'GET' && path === '/employer/jobs/j1/scorecard-criteria') return json(200, criteria)
      if (method === 'PUT' && path === '/employer/jobs/j1/scorecard-criteria') {
        if (refuseCriteria) {
          const message = 'Each criterion can be listed once.'
          return json(422, { error: { code: 'validation', message, fields: { criteria: [message] } } })
        }
        criteria = { criteria: (body as { criteria: string[] }).criteria, edited: true }
        return json(200, criteria)
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } })
    }),
  )
  return calls
}

function signIn(companyRole: CompanyRole) {
  sessionStore.set(
    testSession({ roles: ['employer'], companyName: 'Acme', companyRole }, Math.floor(Date.now() / 1000) + 3600),
  )
}

beforeEach(() => {
  vi.mocked(toast.error).mockClear()
  vi.mocked(toast.success).mockClear()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  sessionStore.clear()
  vi.unstubAllGlobals()
})

describe('an interviewer', () => {
  it('sees the applicants of their jobs to read and score, and no button the server would refuse', async () => {
    signIn('interviewer')
    fakeServer([job('j1', 'Data Analyst')])
    const user = userEvent.setup()
    renderApp('/employer')

    const card = await screen.findByRole('article', { name: 'Tendai Moyo' })
    expect(screen.getByRole('region', { name: 'Your jobs' })).toHaveTextContent('Data Analyst')
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual(['View Candidate'])
    expect(within(card).queryByRole('combobox')).not.toBeInTheDocument()
    expect(within(card).queryByRole('checkbox')).not.toBeInTheDocument()
    for (const name of ['AI Recommendation', 'Export CSV', 'Rejected', 'Board', 'Candidates', 'Analytics', 'Jobs']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument()
      expect(screen.queryByRole('tab', { name })).not.toBeInTheDocument()
      expect(screen.queryByRole('radio', { name })).not.toBeInTheDocument()
    }
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).not.toBeInTheDocument()
    // Neither in the header nor in the phone's menu.
    await user.click(screen.getByRole('button', { name: 'Menu' }))
    const menu = screen.getByRole('navigation', { name: 'Employer menu' })
    expect(within(menu).getAllByRole('link').map((l) => l.textContent)).toEqual(['Dashboard', 'Settings'])
    expect(screen.queryByRole('link', { name: 'Post New Job' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Bulk Import' })).not.toBeInTheDocument()

    await user.click(within(card).getByRole('button', { name: 'View Candidate' }))
    const dialog = await screen.findByRole('dialog', { name: 'Candidate Profile' })
    expect(await within(dialog).findByRole('group', { name: 'SQL' })).toBeVisible()
    expect(within(dialog).getByRole('button', { name: 'Save scorecard' })).toBeVisible()
  })

  it('on no job’s hiring team, is told so plainly and who to ask', async () => {
    signIn('interviewer')
    const calls = fakeServer([])
    renderApp('/employer')
    expect(await screen.findByRole('heading', { name: 'You are not on any job’s hiring team yet.' })).toBeVisible()
    expect(screen.getByText('Ask a recruiter to add you.')).toBeVisible()
    expect(calls.some((c) => c.path.startsWith('/employer/applications'))).toBe(false)
  })

  it('is not offered the post-job form, the import or analytics', async () => {
    signIn('interviewer')
    fakeServer([])
    const { router } = renderApp('/employer/post-job')
    expect(await screen.findByRole('heading', { name: 'Interviewers do not post jobs' })).toBeVisible()
    expect(screen.queryByLabelText(/Job title/)).not.toBeInTheDocument()
    await router.navigate('/employer/analytics')
    expect(await screen.findByRole('heading', { name: 'Analytics are for recruiters and admins' })).toBeVisible()
    await router.navigate('/employer/bulk-import')
    expect(await screen.findByRole('heading', { name: 'Interviewers do not import jobs' })).toBeVisible()
  })
})

describe('a job’s hiring team', () => {
  it('a recruiter lists a colleague on a job and edits what its scorecards rate', async () => {
    signIn('recruiter')
    const calls = fakeServer([job('j1', 'Data Analyst')])
    const user = userEvent.setup()
    renderApp('/employer')

    await user.click(await screen.findByRole('button', { name: 'Hiring team of Data Analyst' }))
    const dialog = await screen.findByRole('dialog', { name: 'Hiring team' })
    const nyasha = await within(dialog).findByRole('checkbox', { name: /Nyasha Mutasa/ })
    expect(nyasha).not.toBeChecked()
    expect(within(dialog).getByRole('checkbox', { name: /Rudo Chari/ })).toHaveAccessibleName(/Admin · rudo@acme\.co\.zw/)
    await user.click(nyasha)
    await user.click(within(dialog).getByRole('button', { name: 'Save hiring team' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Hiring team saved'))
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/employer/jobs/j1/team', { member_ids: ['u-nyasha'] }],
    ])

    expect(within(dialog).getByText(/drawn from the job’s skills and requirements/)).toBeVisible()
    await user.type(within(dialog).getByLabelText('Criteria'), 'Stakeholder communication{Enter}')
    await user.click(within(dialog).getByRole('button', { name: 'Remove SQL' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save criteria' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Scorecard criteria saved'))
    expect(calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({
      path: '/employer/jobs/j1/scorecard-criteria',
      body: { criteria: ['Stakeholder communication'] },
    })
  })

  it('shows the server’s refusal of the criteria under the list', async () => {
    signIn('admin')
    fakeServer([job('j1', 'Data Analyst')], { refuseCriteria: true })
    const user = userEvent.setup()
    renderApp('/employer')
    await user.click(await screen.findByRole('button', { name: 'Hiring team of Data Analyst' }))
    const dialog = await screen.findByRole('dialog', { name: 'Hiring team' })
    await user.click(await within(dialog).findByRole('button', { name: 'Save criteria' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Each criterion can be listed once.')
    expect(toast.success).not.toHaveBeenCalled()
  })
})

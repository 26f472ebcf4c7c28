import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { renderApp, testSession } from '@/testing/render-app'
import type { Job } from '@/features/employer-jobs/api/jobs'

vi.mock('sonner', () => ({
  toast: { error: vi.fn<(...args: unknown[]) => string>(), success: vi.fn<(...args: unknown[]) => string>() },
}))

const DAY = 86_400_000

function job(id: string, title: string, extra: Partial<Job> = {}): Job {
  return {
    id,
    employer_id: 'user-1',
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
    skills: [],
    requirements: [],
    benefits: [],
    industry: null,
    linkedin_url: null,
    application_email: null,
    posted_at: Date.now() - DAY,
    expires_at: null,
    is_active: true,
    created_at: 0,
    updated_at: 0,
    applications_count: 2,
    salary_text: '$1,000 - $2,000',
    posted_text: 'Posted Jan 5, 2026',
    ...extra,
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function fakeServer(initial: Job[], { failList = false, failStatus = false } = {}) {
  let jobs = [...initial]
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input).replace('/api/v1', '')
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    let match: RegExpMatchArray | null
    if (method === 'GET' && path === '/employer/jobs') {
      return failList ? json(500, { error: { code: 'internal', message: 'Something went wrong' } }) : json(200, { jobs })
    }
    if (method === 'PUT' && (match = path.match(/^\/employer\/jobs\/([^/]+)\/status$/))) {
      if (failStatus) return json(500, { error: { code: 'internal', message: 'Something went wrong' } })
      jobs = jobs.map((j) => (j.id === match?.[1] ? { ...j, is_active: body.is_active } : j))
      return json(200, { job: jobs.find((j) => j.id === match?.[1]) })
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } })
  })
  vi.stubGlobal('fetch', fetchMock)
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

describe('Employer dashboard: Jobs', () => {
  it('shows each job with its details and a border by age', async () => {
    fakeServer([
      job('j1', 'Fresh Role'),
      job('j2', 'Older Role', { posted_at: Date.now() - 6 * DAY, is_active: false, salary_max: null, salary_text: 'From $1,000' }),
      job('j3', 'Expired Role', { posted_at: Date.now() - 9 * DAY, expires_at: Date.now() - DAY }),
    ])
    renderApp('/employer')
    const fresh = await screen.findByRole('article', { name: 'Fresh Role' })
    expect(fresh).toHaveAttribute('data-border', 'purple')
    expect(within(fresh).getByText('Active')).toBeInTheDocument()
    expect(within(fresh).getByText('$1,000 - $2,000')).toBeInTheDocument()
    expect(within(fresh).getByText('2 applications')).toBeInTheDocument()
    expect(within(fresh).getByText(/^Posted [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeInTheDocument()
    const older = screen.getByRole('article', { name: 'Older Role' })
    expect(older).toHaveAttribute('data-border', 'blue')
    expect(within(older).getByText('Paused')).toBeInTheDocument()
    expect(within(older).getByText('From $1,000')).toBeInTheDocument()
    expect(within(older).getByRole('button', { name: 'Activate' })).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Expired Role' })).toHaveAttribute('data-border', 'red')
  })

  it('pauses a job and reports a failed status change', async () => {
    fakeServer([job('j1', 'Fresh Role')])
    const user = userEvent.setup()
    renderApp('/employer')
    const card = await screen.findByRole('article', { name: 'Fresh Role' })
    await user.click(within(card).getByRole('button', { name: 'Pause' }))
    await waitFor(() => expect(within(card).getByText('Paused')).toBeInTheDocument())
    expect(toast.success).toHaveBeenCalledWith('Job paused successfully')

    fakeServer([job('j1', 'Fresh Role', { is_active: false })], { failStatus: true })
    await user.click(within(card).getByRole('button', { name: 'Activate' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update job status', { description: 'Something went wrong' }),
    )
  })

  it('invites a first post when there are no jobs', async () => {
    fakeServer([])
    renderApp('/employer')
    expect(await screen.findByRole('link', { name: 'Post your first job' })).toHaveAttribute('href', '/employer/post-job')
  })

  it('says when the jobs cannot be loaded', async () => {
    fakeServer([], { failList: true })
    renderApp('/employer')
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load jobs')
    expect(toast.error).toHaveBeenCalledWith('Failed to load jobs', {
      id: 'jobs-load-failed',
      description: 'Something went wrong',
    })
  })

  it('selects tabs with the arrow keys', async () => {
    fakeServer([])
    const user = userEvent.setup()
    const { router } = renderApp('/employer')
    const jobsTab = await screen.findByRole('tab', { name: 'Jobs' })
    expect(jobsTab).toHaveAttribute('aria-selected', 'true')
    jobsTab.focus()
    await user.keyboard('{ArrowLeft}')
    const analytics = screen.getByRole('tab', { name: 'Analytics' })
    // The tab follows the router's navigation, which settles asynchronously.
    await waitFor(() => expect(analytics).toHaveAttribute('aria-selected', 'true'))
    expect(analytics).toHaveFocus()
    expect(router.state.location.search).toBe('?tab=analytics')
    await user.keyboard('{Home}')
    await waitFor(() => expect(jobsTab).toHaveAttribute('aria-selected', 'true'))
    expect(router.state.location.search).toBe('')
  })
})

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { statusFields } from '@/testing/application-status'
import { renderApp, testSession } from '@/testing/render-app'
import type { MyApplication } from '../api/applications'
import type { UserDocument } from '@/entities/documents'

vi.mock('sonner', () => ({
  toast: { error: vi.fn<(...args: unknown[]) => string>(), success: vi.fn<(...args: unknown[]) => string>() },
}))

/** When set, the core answers with errors, as when its worker fails to start. */
const core = vi.hoisted(() => ({ broken: false }))

// jsdom has no Worker: the core's functions run in this thread instead, on the
// real wasm, so the texts checked below are the Rust core's own.
vi.mock('@/lib/core-worker', async () => {
  const wasm = await import('@/lib/core-worker/pkg/jobtap_wasm.js')
  const { instantiateCoreWasm } = await import('@/testing/core-sync-wasm')
  instantiateCoreWasm()
  const working = <A extends unknown[], R>(f: (...args: A) => R) =>
    async (...args: A): Promise<R> => {
      if (core.broken) throw new Error('The core worker did not start')
      return f(...args)
    }
  return {
    getCore: () => ({
      formatSalaryRange: working((min: number | null, max: number | null) => wasm.formatSalaryRange(min, max)),
      formatDate: working((ms: number) => wasm.formatDate(ms)),
      roleStyle: working((title: string) => wasm.roleStyle(title)),
    }),
  }
})

const APPLIED_AT = Date.UTC(2026, 10, 20, 9, 30)
const LETTER = 'Dear Acme Fintech Hiring Team,\n\nI am applying for the Frontend Developer role.'

function application(id: string, extra: Partial<MyApplication> = {}): MyApplication {
  return {
    id,
    job_id: `job-${id}`,
    cover_letter: LETTER,
    email_subject: 'Application for Frontend Developer – Ada Lovelace',
    degree_score: 4,
    skills_score: 2.5,
    university_score: 5,
    experience_score: 5,
    total_raw_score: 16.5,
    score_percentage: 84.18,
    applied_at: APPLIED_AT,
    employer_comment: null,
    ai_screening_comment: null,
    job_available: true,
    job_title: 'Frontend Developer',
    company_name: 'Acme Fintech',
    company_logo: null,
    location: 'Harare',
    salary_min: 1500,
    salary_max: 2500,
    documents: [{ id: 'doc-1', file_name: 'cv.pdf', document_type: 'resume' }],
    interview: null,
    ...extra,
    // As the server sends them with the stored status.
    ...statusFields(extra.status ?? 'applied'),
  }
}

const resume: UserDocument = {
  id: 'doc-1',
  document_type: 'resume',
  file_name: 'cv.pdf',
  file_size: 35_021,
  content_type: 'application/pdf',
  is_default: true,
  uploaded_at: APPLIED_AT,
}

type Call = { method: string; path: string }

/** A small in-memory stand-in for the applications, documents and profile API. */
function fakeServer(initial: MyApplication[], documents: UserDocument[] = [resume]) {
  let applications = [...initial]
  const calls: Call[] = []
  const fail = { list: 0, delete: false, download: false }
  /** While set, GET /applications waits for this promise (to see the loading state). */
  let hold: Promise<void> | null = null
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  const serverError = () => json(500, { error: { code: 'internal', message: 'Something went wrong (ref 42)' } })
  const counts = () => ({
    total: applications.length,
    pending: applications.filter((a) => a.status_bucket === 'pending').length,
    accepted: applications.filter((a) => a.status_bucket === 'accepted').length,
    rejected: applications.filter((a) => a.status_bucket === 'rejected').length,
  })

  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = String(input).replace('/api/v1', '')
      const method = init?.method ?? 'GET'
      calls.push({ method, path })
      let match: RegExpMatchArray | null
      if (method === 'GET' && path === '/applications') {
        if (hold) await hold
        if (fail.list > 0) {
          fail.list -= 1
          return serverError()
        }
        return json(200, { applications, counts: counts() })
      }
      if (method === 'DELETE' && (match = path.match(/^\/applications\/([^/]+)$/))) {
        if (fail.delete) return serverError()
        applications = applications.filter((a) => a.id !== match?.[1])
        return new Response(null, { status: 204 })
      }
      if (method === 'POST' && (match = path.match(/^\/applications\/([^/]+)\/interview$/))) {
        const { position } = JSON.parse(String(init?.body)) as { position: number }
        applications = applications.map((a) => {
          if (a.id !== match?.[1] || !a.interview) return a
          const booked = a.interview.slots[position] ?? null
          return {
            ...a,
            interview: { ...a.interview, status: 'scheduled', status_label: 'Interview scheduled', booked, has_calendar_event: true },
          }
        })
        const booked = applications.find((a) => a.id === match?.[1])?.interview?.booked
        return json(200, { interview: null, message: `Interview booked: ${booked?.label ?? ''}` })
      }
      if (method === 'GET' && path === '/profile') {
        return json(200, { profile: { full_name: 'Tariro Moyo', has_avatar: false }, preferences: null })
      }
      if (method === 'GET' && path === '/documents') return json(200, { documents })
      if (method === 'GET' && path.match(/^\/documents\/([^/]+)\/download$/)) {
        if (fail.download) return serverError()
        return new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } })
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } })
    }),
  )
  return {
    calls,
    fail,
    /** Holds list answers until the returned function is called. */
    holdList() {
      let release = () => {}
      hold = new Promise((resolve) => {
        release = () => {
          hold = null
          resolve()
        }
      })
      return release
    },
  }
}

beforeEach(() => {
  // An expiry within setTimeout's range (the default one overflows it and re-arms every millisecond).
  sessionStore.set(testSession({}, Math.floor(Date.now() / 1000) + 3600))
  vi.mocked(toast.error).mockClear()
  vi.mocked(toast.success).mockClear()
  URL.createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:doc')
  URL.revokeObjectURL = vi.fn<(url: string) => void>()
})

afterEach(() => {
  core.broken = false
  sessionStore.clear()
  vi.unstubAllGlobals()
})

/** The cards' titles, in order. */
const titles = (root: HTMLElement = document.body) =>
  within(root)
    .queryAllByRole('article')
    .map((a) => within(a).getByRole('heading', { level: 3 }).textContent)

const counter = (name: string) =>
  within(screen.getByRole('list', { name: 'Application counts' })).getByRole('listitem', { name })

describe('My Applications', () => {
  it('shows the title, back link, greeting, counters and each card with the core-formatted job', async () => {
    fakeServer([
      application('a1'),
      application('a2', { status: 'accepted', job_title: 'Data Analyst', salary_min: 900, salary_max: null }),
      application('a3', { status: 'rejected', job_title: 'Nurse', location: null }),
    ])
    renderApp('/applications')
    expect(await screen.findByRole('heading', { level: 1, name: 'My Applications' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Jobs' })).toHaveAttribute('href', '/jobs')
    // The profile's name replaces the session's once it arrives.
    expect(await screen.findByText('Hi, Tariro Moyo!')).toBeInTheDocument()

    const card = await screen.findByRole('article', { name: 'Frontend Developer' })
    expect(counter('Total: 3')).toBeInTheDocument()
    expect(counter('Pending: 1')).toBeInTheDocument()
    expect(counter('Accepted: 1')).toBeInTheDocument()
    expect(counter('Rejected: 1')).toBeInTheDocument()

    expect(within(card).getByText('Acme Fintech')).toBeInTheDocument()
    expect(within(card).getByText('Harare')).toBeInTheDocument()
    expect(await within(card).findByText('$1,500 - $2,500')).toBeInTheDocument()
    expect(within(card).getByText('Applied', { selector: 'span' })).toBeInTheDocument()
    expect(within(card).getByText('Nov 20, 2026')).toHaveAttribute('dateTime', '2026-11-20T09:30:00.000Z')
    // No logo: the role icon and gradient the core picks for the title.
    expect(within(card).getByTestId('role-icon')).toHaveAttribute('data-role', 'developer')
    expect(within(card).getByText('84.2% match')).toBeInTheDocument()
    expect(within(card).getByText('2.5/5')).toBeInTheDocument()
    expect(within(card).getByText('No feedback yet')).toBeInTheDocument()
    expect(card).toHaveTextContent('Sent to the employer: cv.pdf')

    const analyst = screen.getByRole('article', { name: 'Data Analyst' })
    expect(await within(analyst).findByText('From $900')).toBeInTheDocument()
    expect(within(analyst).getByText('Accepted', { selector: 'span' })).toBeInTheDocument()
    expect(within(analyst).getByTestId('role-icon')).toHaveAttribute('data-role', 'data')
    const nurse = screen.getByRole('article', { name: 'Nurse' })
    expect(await within(nurse).findByTestId('role-icon')).toHaveAttribute('data-role', 'medical')
  })

  it('filters by tab, each tab showing its count, and keeps the tab in the address', async () => {
    fakeServer([
      application('a1'),
      application('a2', { status: 'under_review', job_title: 'QA Engineer' }),
      application('a3', { status: 'accepted', job_title: 'Data Analyst' }),
    ])
    const { router } = renderApp('/applications')
    const all = await screen.findByRole('tab', { name: 'All 3' })
    expect(all).toHaveAttribute('aria-selected', 'true')
    expect(screen.getAllByRole('article')).toHaveLength(3)
    expect(screen.getByRole('tab', { name: 'Rejected 0' })).toBeInTheDocument()

    // The tab is in the address, so it changes with the router's (asynchronous) navigation.
    await userEvent.click(screen.getByRole('tab', { name: 'Pending 2' }))
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Pending 2' })).toHaveAttribute('aria-selected', 'true'))
    const panel = screen.getByRole('tabpanel', { name: 'Pending 2' })
    expect(titles(panel)).toEqual(['Frontend Developer', 'QA Engineer'])
    expect(router.state.location.search).toBe('?tab=pending')

    // Arrow keys move along the tabs.
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Accepted 1' })).toHaveFocus()
    await waitFor(() => expect(titles()).toEqual(['Data Analyst']))
    await userEvent.keyboard('{ArrowRight}')
    expect(await screen.findByText('No rejected applications')).toBeInTheDocument()
    await userEvent.keyboard('{Home}')
    await waitFor(() => expect(titles()).toHaveLength(3))
    expect(screen.getByRole('tab', { name: 'All 3' })).toHaveFocus()
    expect(router.state.location.search).toBe('')
  })

  it('opens on the tab named in the address', async () => {
    fakeServer([application('a1'), application('a3', { status: 'accepted', job_title: 'Data Analyst' })])
    renderApp('/applications?tab=accepted')
    expect(await screen.findByRole('tab', { name: 'Accepted 1' })).toHaveAttribute('aria-selected', 'true')
    expect(titles()).toEqual(['Data Analyst'])
  })

  it('shows "No applications yet" with Browse Jobs when there are none', async () => {
    fakeServer([])
    renderApp('/applications')
    expect(await screen.findByText('No applications yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse Jobs' })).toHaveAttribute('href', '/jobs')
    expect(counter('Total: 0')).toBeInTheDocument()
  })

  it('expands the cover letter and the documents, which load on first opening and download', async () => {
    const server = fakeServer([application('a1')])
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderApp('/applications')
    const card = await screen.findByRole('article', { name: 'Frontend Developer' })

    const letterButton = within(card).getByRole('button', { name: 'Cover Letter' })
    expect(letterButton).toHaveAttribute('aria-expanded', 'false')
    expect(within(card).queryByText(/I am applying for the Frontend Developer role/)).not.toBeInTheDocument()
    await userEvent.click(letterButton)
    expect(letterButton).toHaveAttribute('aria-expanded', 'true')
    expect(within(card).getByText(/I am applying for the Frontend Developer role/)).toBeVisible()
    expect(within(card).getByText('Application for Frontend Developer – Ada Lovelace')).toBeVisible()
    await userEvent.click(letterButton)
    expect(within(card).queryByText(/I am applying for the Frontend Developer role/)).not.toBeInTheDocument()

    expect(server.calls.some((c) => c.path === '/documents')).toBe(false)
    await userEvent.click(within(card).getByRole('button', { name: 'Your Documents' }))
    const row = await within(card).findByRole('listitem', { name: 'cv.pdf' })
    expect(row).toHaveTextContent('Resume · 34.2 KB · Default resume')
    await userEvent.click(within(row).getByRole('button', { name: 'Download cv.pdf' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Document downloaded!'))
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('cv.pdf')
    expect(server.calls).toContainEqual({ method: 'GET', path: '/documents/doc-1/download' })
  })

  it('toasts "Failed to download document" when the download fails', async () => {
    const server = fakeServer([application('a1')])
    server.fail.download = true
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderApp('/applications')
    const card = await screen.findByRole('article', { name: 'Frontend Developer' })
    await userEvent.click(within(card).getByRole('button', { name: 'Your Documents' }))
    await userEvent.click(await within(card).findByRole('button', { name: 'Download cv.pdf' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to download document', {
        description: 'Something went wrong (ref 42)',
      }),
    )
    expect(toast.success).not.toHaveBeenCalled()
  })

  it('shows the employer feedback and the AI screening note', async () => {
    fakeServer([
      application('a1', {
        employer_comment: 'Great portfolio, we will call you.',
        ai_screening_comment: 'Strong React match.',
      }),
    ])
    renderApp('/applications')
    const card = await screen.findByRole('article', { name: 'Frontend Developer' })
    expect(within(card).getByRole('region', { name: 'Employer feedback' })).toHaveTextContent(
      'Great portfolio, we will call you.',
    )
    expect(within(card).getByRole('region', { name: 'AI screening' })).toHaveTextContent('Strong React match.')
  })

  it('reads "Job No Longer Available" for a removed job, naming what was applied for', async () => {
    fakeServer([
      application('a1', {
        job_available: false,
        job_id: null,
        status: 'rejected',
        location: null,
        salary_min: null,
        salary_max: null,
      }),
    ])
    renderApp('/applications')
    const card = await screen.findByRole('article', { name: 'Job No Longer Available' })
    expect(card).toHaveTextContent('This job posting has been removed')
    expect(card).toHaveTextContent('You applied for Frontend Developer at Acme Fintech')
    expect(within(card).getByText('Rejected', { selector: 'span' })).toBeInTheDocument()
    expect(within(card).queryByTestId('role-icon')).not.toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Delete Application' })).toBeInTheDocument()
  })

  it('falls back to the role icon when the logo fails to load', async () => {
    fakeServer([application('a1', { company_logo: '/api/v1/logos/missing.png' })])
    const { container } = renderApp('/applications')
    const card = await screen.findByRole('article', { name: 'Frontend Developer' })
    const logo = container.querySelector('img[src="/api/v1/logos/missing.png"]')
    expect(logo).not.toBeNull()
    expect(within(card).queryByTestId('role-icon')).not.toBeInTheDocument()
    fireEvent.error(logo as HTMLImageElement)
    expect(await within(card).findByTestId('role-icon')).toHaveAttribute('data-role', 'developer')
  })

  it('deletes only after the confirmation, then shows the empty state', async () => {
    const server = fakeServer([application('a1')])
    renderApp('/applications')
    const card = await screen.findByRole('article', { name: 'Frontend Developer' })

    await userEvent.click(within(card).getByRole('button', { name: 'Delete Application' }))
    let dialog = screen.getByRole('dialog', { name: 'Delete Application' })
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to delete this application? This action cannot be undone.',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false)

    await userEvent.click(within(card).getByRole('button', { name: 'Delete Application' }))
    dialog = screen.getByRole('dialog', { name: 'Delete Application' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Application deleted successfully'))
    expect(server.calls).toContainEqual({ method: 'DELETE', path: '/applications/a1' })
    expect(await screen.findByText('No applications yet')).toBeInTheDocument()
    expect(counter('Total: 0')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('toasts "Failed to delete application" and keeps the card when the delete fails', async () => {
    const server = fakeServer([application('a1')])
    server.fail.delete = true
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderApp('/applications')
    const card = await screen.findByRole('article', { name: 'Frontend Developer' })
    await userEvent.click(within(card).getByRole('button', { name: 'Delete Application' }))
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to delete application', {
        description: 'Something went wrong (ref 42)',
      }),
    )
    expect(screen.getByRole('article', { name: 'Frontend Developer' })).toBeInTheDocument()
    expect(toast.success).not.toHaveBeenCalled()
  })

  it('toasts "Failed to load applications" and loads again on Retry', async () => {
    const server = fakeServer([application('a1')])
    server.fail.list = 1
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderApp('/applications')
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Failed to load applications')).toBeInTheDocument()
    expect(toast.error).toHaveBeenCalledWith('Failed to load applications', expect.objectContaining({
      description: 'Something went wrong (ref 42)',
    }))
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('article', { name: 'Frontend Developer' })).toBeInTheDocument()
  })

  it('shows a loading state until the list arrives', async () => {
    const server = fakeServer([application('a1')])
    const release = server.holdList()
    renderApp('/applications')
    expect(await screen.findByText('Loading applications')).toBeInTheDocument()
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
    release()
    expect(await screen.findByRole('article', { name: 'Frontend Developer' })).toBeInTheDocument()
    expect(screen.queryByText('Loading applications')).not.toBeInTheDocument()
  })

  it('keeps the list shown, without the deleted card, when reloading it after a delete fails', async () => {
    const server = fakeServer([application('a1'), application('a2', { status: 'accepted', job_title: 'Data Analyst' })])
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderApp('/applications')
    const card = await screen.findByRole('article', { name: 'Frontend Developer' })
    server.fail.list = 1
    await userEvent.click(within(card).getByRole('button', { name: 'Delete Application' }))
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Application deleted successfully'))
    expect(toast.error).toHaveBeenCalledWith('Failed to load applications', expect.anything())
    expect(titles()).toEqual(['Data Analyst'])
    expect(counter('Total: 1')).toBeInTheDocument()
    expect(counter('Pending: 0')).toBeInTheDocument()
    expect(counter('Accepted: 1')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the cards without the core-formatted texts when the core fails, instead of waiting forever', async () => {
    core.broken = true
    fakeServer([application('a1')])
    const { container } = renderApp('/applications')
    const card = await screen.findByRole('article', { name: 'Frontend Developer' })
    await waitFor(() => expect(container.querySelector('.animate-pulse')).toBeNull())
    expect(card).toHaveTextContent('Acme Fintech')
    expect(card).not.toHaveTextContent('$')
    expect(card.querySelector('time')).toBeNull()
    expect(within(card).queryByTestId('role-icon')).not.toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Delete Application' })).toBeInTheDocument()
  })
})

describe('an interview invitation', () => {
  const slot = (position: number, label: string) => ({
    position,
    starts_at: APPLIED_AT + (position + 3) * 86_400_000,
    ends_at: APPLIED_AT + (position + 3) * 86_400_000 + 2_700_000,
    label,
    wall_clock: '2026-11-23T10:00',
    passed: false,
  })

  it('books the time the candidate taps and then offers the calendar file', async () => {
    const server = fakeServer([
      application('a1', {
        status: 'under_review',
        interview: {
          status: 'proposed',
          status_label: 'Interview times proposed',
          time_zone: 'Africa/Harare',
          duration_minutes: 45,
          location: 'https://meet.example.com/abc',
          location_is_link: true,
          slots: [slot(0, 'Mon 23 Nov 2026, 10:00–10:45 (Africa/Harare)'), slot(1, 'Tue 24 Nov 2026, 14:30–15:15 (Africa/Harare)')],
          booked: null,
          has_calendar_event: false,
        },
      }),
    ])
    const user = userEvent.setup()
    renderApp('/applications')
    const interview = await screen.findByRole('region', { name: 'Interview' })
    expect(within(interview).getByRole('link', { name: 'https://meet.example.com/abc' })).toHaveAttribute('rel', 'noopener noreferrer')
    expect(within(interview).queryByRole('button', { name: 'Add to calendar (.ics)' })).not.toBeInTheDocument()
    await user.click(within(interview).getByRole('button', { name: 'Book Tue 24 Nov 2026, 14:30–15:15 (Africa/Harare)' }))
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Interview booked: Tue 24 Nov 2026, 14:30–15:15 (Africa/Harare)'),
    )
    expect(server.calls).toContainEqual({ method: 'POST', path: '/applications/a1/interview' })
    const booked = await screen.findByRole('region', { name: 'Interview' })
    await waitFor(() => expect(booked).toHaveTextContent('Interview scheduled'))
    expect(booked).toHaveTextContent('Tue 24 Nov 2026, 14:30–15:15 (Africa/Harare)')
    expect(within(booked).queryByRole('button', { name: /^Book / })).not.toBeInTheDocument()
    expect(within(booked).getByRole('button', { name: 'Add to calendar (.ics)' })).toBeInTheDocument()
  })
})

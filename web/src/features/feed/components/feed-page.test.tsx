import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { renderApp, testSession } from '@/testing/render-app'
import { cardText } from '@/testing/card-text'
import type { Job } from '../api/types'
import { FEED_PAGE_SIZE, FIRST_FEED_PAGE_SIZE } from '../api/first-page'

vi.mock('sonner', () => ({
  toast: Object.assign(vi.fn<(...args: unknown[]) => string>(), {
    error: vi.fn<(...args: unknown[]) => string>(),
    success: vi.fn<(...args: unknown[]) => string>(),
  }),
}))

function job(id: string, title: string, extra: Partial<Omit<Job, 'card'>> = {}): Job {
  const fields = {
    id,
    job_title: title,
    company_name: 'Econet',
    company_logo: null,
    linkedin_url: null,
    location: 'Harare',
    job_type: 'Full-time',
    salary_min: 1500,
    salary_max: 2500,
    experience_years: 2,
    job_description: 'Build reports. Then more.',
    requirements: [],
    benefits: [],
    skills: ['SQL'],
    posted_at: Date.UTC(2026, 0, 5),
    expires_at: null,
    is_active: true,
    employer_email: null,
    application_email: null,
    employer_id: 'employer-1',
    degree_class: null,
    experience_level: null,
    industry: null,
    qualifications: null,
    minimum_score_threshold: 20,
    employer_checks: { address_confirmed: false, confirmed_domain: null },
    applied: false,
    ...extra,
  }
  return { ...fields, card: cardText(fields) }
}

type Call = { method: string; path: string; body?: unknown }
type Answer = { status: number; body?: unknown }
type Answers = Record<string, Answer | ((body: unknown) => Answer)>

/** A stand-in for the API: the feed in pages of `pages`, answers for POSTs by path and for other GETs by 'GET /path'. */
function fakeServer(pages: Job[][], posts: Answers = {}) {
  const calls: Call[] = []
  const json = ({ status, body }: Answer) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost')
      const path = url.pathname.replace('/api/v1', '')
      const method = init?.method ?? 'GET'
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      calls.push({ method, path: path + url.search, body })
      if (method === 'GET' && path === '/jobs' && url.searchParams.get('order') === 'best_match') {
        // Best match: the stand-in's jobs in reverse, on one page.
        return json({ status: 200, body: { jobs: pages.flat().reverse(), next_cursor: null } })
      }
      if (method === 'GET' && path === '/jobs') {
        const page = Number(url.searchParams.get('cursor') ?? '0')
        return json({
          status: 200,
          body: { jobs: pages[page] ?? [], next_cursor: page + 1 < pages.length ? String(page + 1) : null },
        })
      }
      if (method === 'GET' && path.endsWith('/score') && !posts[`GET ${path}`]) {
        return json({
          status: 200,
          body: {
            degreeScore: 4,
            skillsScore: 5,
            universityScore: 5,
            experienceScore: 5,
            totalRawScore: 18.6,
            scorePercentage: 94.9,
            meetsThreshold: true,
            threshold: 20,
            explanations: ['Degree: 2.1 Class meets Second Class Upper'],
            missingSkills: [],
          },
        })
      }
      if ((method === 'PUT' || method === 'DELETE') && path.includes('/rejection')) return json({ status: 204 })
      const answer = posts[path]
      if (method === 'POST' && answer) return json(typeof answer === 'function' ? answer(body) : answer)
      const read = posts[`GET ${path}`]
      if (method === 'GET' && read) return json(typeof read === 'function' ? read(body) : read)
      return json({ status: 404, body: { error: { code: 'not_found', message: 'Not found' } } })
    }),
  )
  return calls
}

beforeEach(() => {
  sessionStore.set(testSession())
  vi.mocked(toast).mockClear()
  vi.mocked(toast.error).mockClear()
  vi.mocked(toast.success).mockClear()
})

afterEach(() => {
  sessionStore.clear()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const cardTitle = () => screen.getByRole('article').querySelector('h2')?.textContent

describe('the swipe feed', () => {
  it('asks for the second page once the page has settled, before the swipes get near the end', async () => {
    const first = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => job(id, `Role ${id.toUpperCase()}`))
    const calls = fakeServer([first, [job('g', 'Role G')]])
    renderApp('/jobs')
    expect(await screen.findByRole('article', { name: 'Role A' })).toBeInTheDocument()
    const asked = () => calls.filter((c) => c.path.startsWith('/jobs?') && c.path.includes('cursor=1'))
    expect(asked()).toHaveLength(0)
    await waitFor(() => expect(asked()).toHaveLength(1))
  })

  it('moves with the keys, says "Job rejected", undoes, and loads the next page ahead', async () => {
    const calls = fakeServer([[job('a', 'Data Analyst'), job('b', 'UI Designer')], [job('c', 'Teacher')]])
    const user = userEvent.setup()
    renderApp('/jobs')
    expect(await screen.findByRole('article', { name: 'Data Analyst' })).toBeInTheDocument()
    // Two cards left is within the prefetch distance: page two is already asked for.
    await waitFor(() => expect(calls.some((c) => c.path.includes('cursor=1'))).toBe(true))
    // The first page is short (the first card waits for it); the pages after it are full.
    const feedPages = calls.filter((c) => c.path.startsWith('/jobs?')).map((c) => new URLSearchParams(c.path.slice(6)).get('limit'))
    expect(feedPages.slice(0, 2)).toEqual([String(FIRST_FEED_PAGE_SIZE), String(FEED_PAGE_SIZE)])

    await user.keyboard('{ArrowLeft}')
    expect(toast).toHaveBeenCalledWith('Job rejected')
    expect(await screen.findByRole('article', { name: 'UI Designer' })).toBeInTheDocument()
    // The rejection is stored, so the job stays away on the next visit.
    await waitFor(() => expect(calls).toContainEqual({ method: 'PUT', path: '/jobs/a/rejection', body: undefined }))
    await user.keyboard('{ArrowRight}')
    expect(await screen.findByRole('article', { name: 'Teacher' })).toBeInTheDocument()
    await user.keyboard('{Backspace}')
    expect(cardTitle()).toBe('UI Designer')
    // Undoing the skip withdraws nothing; undoing the rejection withdraws it.
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Undo last swipe' }))
    expect(cardTitle()).toBe('Data Analyst')
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: '/jobs/a/rejection', body: undefined }))
    expect(screen.getByRole('button', { name: 'Undo last swipe' })).toBeDisabled()
    expect(toast).toHaveBeenCalledTimes(1)
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('copies the link on a swipe down and keeps the job on screen; ↓ copies and moves on', async () => {
    fakeServer([[job('a', 'Data Analyst'), job('b', 'UI Designer')]])
    // user-event puts a clipboard on the page's navigator.
    const user = userEvent.setup()
    renderApp('/jobs')
    await screen.findByRole('article', { name: 'Data Analyst' })
    const swipeCard = screen.getByTestId('swipe-card')
    await waitFor(() => expect(swipeCard).toHaveAttribute('data-gestures', 'ready'))
    // jsdom lacks pointer capture; the card only asks for it.
    Object.defineProperty(swipeCard, 'setPointerCapture', { value: () => {} })
    const pointer = (type: string, y: number, t: number) => {
      const event = new PointerEvent(type, { bubbles: true, cancelable: true, pointerId: 1, button: 0, clientX: 100, clientY: y })
      Object.defineProperty(event, 'timeStamp', { value: t })
      fireEvent(screen.getByRole('heading', { level: 2 }), event)
    }
    pointer('pointerdown', 100, 1000)
    pointer('pointermove', 220, 1016)
    pointer('pointermove', 340, 1032)
    pointer('pointerup', 340, 1048)
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Job link with title copied!'))
    expect(await navigator.clipboard.readText()).toBe('Data Analyst at Econet - http://localhost:3000/job/a')
    expect(screen.getByTestId('feed-announcer')).toHaveTextContent('Job link with title copied!')
    expect(cardTitle()).toBe('Data Analyst')
    expect(screen.getByRole('button', { name: 'Undo last swipe' })).toBeDisabled()

    await user.keyboard('{ArrowDown}')
    expect(await screen.findByRole('article', { name: 'UI Designer' })).toBeInTheDocument()
    expect(toast.success).toHaveBeenCalledTimes(2)
  })

  it('reads each outcome in the card\'s own live region, and keeps focus when Undo empties', async () => {
    fakeServer([[job('a', 'Data Analyst'), job('b', 'UI Designer'), job('c', 'Teacher')]])
    const user = userEvent.setup()
    renderApp('/jobs')
    expect(await screen.findByRole('article', { name: 'Data Analyst' })).toBeInTheDocument()
    const announcer = screen.getByTestId('feed-announcer')
    expect(announcer).toHaveAttribute('role', 'status')
    expect(announcer).toHaveAttribute('aria-live', 'polite')
    expect(announcer).toBeEmptyDOMElement()

    await user.keyboard('{ArrowLeft}')
    expect(announcer).toHaveTextContent('Job rejected')
    await user.keyboard('{ArrowRight}')
    expect(announcer).toHaveTextContent('Job skipped')
    await user.keyboard('{Backspace}')
    expect(announcer).toHaveTextContent('Last swipe undone')
    expect(cardTitle()).toBe('UI Designer')

    // Undoing the only swipe left disables Undo: focus goes to the card's first action, not the page.
    await user.click(screen.getByRole('button', { name: 'Undo last swipe' }))
    expect(cardTitle()).toBe('Data Analyst')
    expect(screen.getByRole('button', { name: 'Undo last swipe' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Reject job' })).toHaveFocus()
  })

  it('shows a card skeleton while loading, then Retry after a failure, which loads the feed again', async () => {
    let failures = 1
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => {
        await held
        if (failures > 0) {
          failures -= 1
          return new Response(JSON.stringify({ error: { code: 'internal', message: 'Something went wrong (ref 7)' } }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          })
        }
        return new Response(JSON.stringify({ jobs: [job('a', 'Data Analyst')], next_cursor: null }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        })
      }),
    )
    const user = userEvent.setup()
    renderApp('/jobs')
    expect(await screen.findByTestId('card-skeleton')).toBeInTheDocument()
    expect(screen.getByText('Loading jobs')).toBeInTheDocument()
    release()

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load jobs')
    expect(alert).toHaveTextContent('Something went wrong (ref 7)')
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('article', { name: 'Data Analyst' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the card fields from the core: salary, posted date, preview and role icon', async () => {
    fakeServer([[job('a', 'Data Analyst', { requirements: ['SQL', 'Excel', 'Python'], benefits: ['Medical aid'] })]])
    renderApp('/jobs')
    const card = await screen.findByRole('article', { name: 'Data Analyst' })
    expect(card).toHaveTextContent('$1,500 - $2,500')
    expect(card).toHaveTextContent('Posted Jan 5, 2026')
    expect(card).toHaveTextContent('Build reports.')
    expect(card).not.toHaveTextContent('Then more.')
    expect(card).toHaveTextContent('+1 more requirements (click magnifier to view all)')
    expect(within(card).getByTestId('role-icon')).toHaveAttribute('data-role', 'data')
    // Nothing checked, nothing claimed.
    expect(within(card).queryByRole('list', { name: 'What JobTap checked about this employer' })).not.toBeInTheDocument()
  })

  it("shows the badges the server checked on the employer's card", async () => {
    fakeServer([
      [
        job('a', 'Clinical Pharmacist', {
          company_name: 'Avenues Clinic',
          employer_checks: { address_confirmed: true, confirmed_domain: 'avenues.co.zw' },
        }),
      ],
    ])
    renderApp('/jobs')
    const card = await screen.findByRole('article', { name: 'Clinical Pharmacist' })
    const badges = within(card).getByRole('list', { name: 'What JobTap checked about this employer' })
    expect(within(badges).getAllByRole('listitem').map((b) => b.title)).toEqual([
      'JobTap checked that this employer receives e-mail at their address',
      "JobTap checked that this employer receives e-mail at an address on avenues.co.zw, the domain of the company's website",
    ])
    expect(badges).toHaveTextContent(/^Address confirmed.*Domain confirmed/)
  })

  it('falls back to the role icon when the logo fails to load', async () => {
    fakeServer([[job('a', 'Data Analyst', { company_logo: '/api/v1/logos/broken.png' })]])
    renderApp('/jobs')
    const logo = await screen.findByRole('img', { name: 'Econet logo' })
    act(() => {
      logo.dispatchEvent(new Event('error'))
    })
    expect(screen.queryByRole('img', { name: 'Econet logo' })).not.toBeInTheDocument()
    expect(screen.getByTestId('role-icon')).toBeInTheDocument()
  })

  it('refuses a score under the threshold with the server\'s message and shortfall, and stays on the card', async () => {
    const calls = fakeServer([[job('a', 'Data Analyst')]], {
      '/applications': {
        status: 422,
        body: {
          error: {
            code: 'validation',
            kind: 'below_threshold',
            message: 'You do not meet the criteria.',
            fields: { description: ['Shortfall: 37.5%'], score: ['62.5'] },
          },
        },
      },
    })
    const user = userEvent.setup()
    renderApp('/jobs')
    await screen.findByRole('article', { name: 'Data Analyst' })
    await user.click(screen.getByRole('button', { name: 'Apply to job' }))
    const dialog = await screen.findByRole('dialog', { name: 'Choose Application Method' })
    expect(await within(dialog).findByText('Your fit: 94.9%')).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Apply via Email' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Apply with JobTap' }))

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('You do not meet the criteria.', { description: 'Shortfall: 37.5%' }),
    )
    // No draft was written (the stand-in has none), so the server is left to write the letter.
    expect(calls.find((c) => c.path === '/applications')).toEqual({ method: 'POST', path: '/applications', body: { job_id: 'a' } })
    expect(screen.getByRole('article', { name: 'Data Analyst' })).toBeInTheDocument()
    expect(toast.success).not.toHaveBeenCalled()
    expect(screen.getByTestId('feed-announcer')).toHaveTextContent('You do not meet the criteria.')
  })

  it('announces a sent application in the card\'s live region and moves on', async () => {
    fakeServer([[job('a', 'Data Analyst'), job('b', 'UI Designer')]], {
      '/applications': { status: 201, body: { id: 'app-1', job_id: 'a', status: 'applied' } },
    })
    const user = userEvent.setup()
    renderApp('/jobs')
    await screen.findByRole('article', { name: 'Data Analyst' })
    await user.click(screen.getByRole('button', { name: 'Apply to job' }))
    const dialog = await screen.findByRole('dialog', { name: 'Choose Application Method' })
    await user.click(within(dialog).getByRole('button', { name: 'Apply with JobTap' }))
    expect(await screen.findByRole('article', { name: 'UI Designer' })).toBeInTheDocument()
    expect(screen.getByTestId('feed-announcer')).toHaveTextContent('Application successfully submitted!')
  })

  it('orders by best match on request, from the first card, and back to newest', async () => {
    const calls = fakeServer([[job('a', 'Data Analyst'), job('b', 'UI Designer'), job('c', 'Accountant')]])
    const user = userEvent.setup()
    renderApp('/jobs')
    await screen.findByRole('article', { name: 'Data Analyst' })
    const newest = screen.getByRole('button', { name: 'Newest' })
    const best = screen.getByRole('button', { name: 'Best match' })
    expect(newest).toHaveAttribute('aria-pressed', 'true')
    expect(best).toHaveAttribute('aria-pressed', 'false')
    await user.click(screen.getByRole('button', { name: 'Next job' }))
    await screen.findByRole('article', { name: 'UI Designer' })

    await user.click(best)
    expect(await screen.findByRole('article', { name: 'Accountant' })).toBeInTheDocument()
    expect(best).toHaveAttribute('aria-pressed', 'true')
    expect(calls.some((c) => c.path.startsWith('/jobs?') && c.path.includes('order=best_match'))).toBe(true)
    expect(screen.getByRole('button', { name: 'Undo last swipe' })).toBeDisabled()

    await user.click(newest)
    expect(await screen.findByRole('article', { name: 'Data Analyst' })).toBeInTheDocument()
  })

  it('sends the documents ticked in the dialog, the default resume ticked first', async () => {
    const doc = (id: string, file_name: string, document_type: string, is_default = false) => ({
      id,
      file_name,
      document_type,
      is_default,
      file_size: 2048,
      content_type: 'application/pdf',
      uploaded_at: 0,
    })
    const calls = fakeServer([[job('a', 'Staff Nurse'), job('b', 'Ward Manager')]], {
      'GET /documents': {
        status: 200,
        body: {
          documents: [
            doc('cv', 'cv-general.pdf', 'resume', true),
            doc('cv2', 'cv-nursing.pdf', 'resume'),
            doc('lic', 'nursing-licence.pdf', 'certificate'),
          ],
        },
      },
      '/applications': { status: 201, body: { id: 'app-1', job_id: 'a', status: 'applied' } },
    })
    const user = userEvent.setup()
    renderApp('/jobs')
    await screen.findByRole('article', { name: 'Staff Nurse' })
    await user.click(screen.getByRole('button', { name: 'Apply to job' }))
    const dialog = await screen.findByRole('dialog', { name: 'Choose Application Method' })
    const documents = await within(dialog).findByRole('group', { name: 'Documents to send' })
    const general = within(documents).getByRole('checkbox', { name: /cv-general\.pdf/ })
    expect(general).toBeChecked()
    expect(within(documents).getByRole('checkbox', { name: /cv-nursing\.pdf/ })).not.toBeChecked()
    await user.click(general)
    await user.click(within(documents).getByRole('checkbox', { name: /cv-nursing\.pdf/ }))
    await user.click(within(documents).getByRole('checkbox', { name: /nursing-licence\.pdf/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Apply with JobTap' }))

    expect(await screen.findByRole('article', { name: 'Ward Manager' })).toBeInTheDocument()
    expect(calls.find((c) => c.path === '/applications')?.body).toEqual({
      job_id: 'a',
      document_ids: ['cv2', 'lic'],
    })
  })

  it('shows the draft letter to edit or regenerate, and sends it as edited', async () => {
    const calls = fakeServer([[job('a', 'Data Analyst'), job('b', 'UI Designer')]], {
      '/applications/draft': (body) => {
        const regeneration = (body as { regeneration: number }).regeneration
        const opening = regeneration === 0 ? 'I am writing to apply.' : 'Please accept my application.'
        return {
          status: 200,
          body: { cover_letter: `Dear Econet,\n\n${opening}`, email_subject: 'Application', regeneration, max_chars: 6000 },
        }
      },
      '/applications': { status: 201, body: { id: 'app-1', job_id: 'a', status: 'applied' } },
    })
    const user = userEvent.setup()
    renderApp('/jobs')
    await screen.findByRole('article', { name: 'Data Analyst' })
    await user.click(screen.getByRole('button', { name: 'Apply to job' }))
    const dialog = await screen.findByRole('dialog', { name: 'Choose Application Method' })
    const letter = await within(dialog).findByRole('textbox', { name: 'Cover letter' })
    expect(letter).toHaveValue('Dear Econet,\n\nI am writing to apply.')
    expect(letter).toHaveAttribute('maxlength', '6000')

    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }))
    await waitFor(() => expect(letter).toHaveValue('Dear Econet,\n\nPlease accept my application.'))
    await user.type(letter, ' I know Econet well.')
    await user.click(within(dialog).getByRole('button', { name: 'Apply with JobTap' }))

    expect(await screen.findByRole('article', { name: 'UI Designer' })).toBeInTheDocument()
    expect(calls.find((c) => c.path === '/applications')?.body).toEqual({
      job_id: 'a',
      cover_letter: 'Dear Econet,\n\nPlease accept my application. I know Econet well.',
    })
  })

  it('brings the dialog back with the text kept when the server refuses the letter', async () => {
    fakeServer([[job('a', 'Data Analyst')]], {
      '/applications/draft': {
        status: 200,
        body: { cover_letter: 'Dear Econet,', email_subject: 'Application', regeneration: 0, max_chars: 6000 },
      },
      '/applications': {
        status: 422,
        body: {
          error: {
            code: 'validation',
            message: 'Please write a cover letter, or choose Regenerate.',
            fields: { cover_letter: ['Please write a cover letter, or choose Regenerate.'] },
          },
        },
      },
    })
    const user = userEvent.setup()
    renderApp('/jobs')
    await screen.findByRole('article', { name: 'Data Analyst' })
    await user.click(screen.getByRole('button', { name: 'Apply to job' }))
    const dialog = await screen.findByRole('dialog', { name: 'Choose Application Method' })
    const letter = await within(dialog).findByRole('textbox', { name: 'Cover letter' })
    await user.clear(letter)
    await user.type(letter, '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Apply with JobTap' }))

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Please write a cover letter, or choose Regenerate.', { description: undefined }),
    )
    const again = await screen.findByRole('dialog', { name: 'Choose Application Method' })
    expect(within(again).getByRole('textbox', { name: 'Cover letter' })).toHaveValue('   ')
  })

  it('says "You already applied to this job" when the server finds a duplicate', async () => {
    fakeServer([[job('a', 'Data Analyst')]], {
      '/applications': { status: 409, body: { error: { code: 'conflict', kind: 'already_applied', message: 'You already applied to this job' } } },
    })
    const user = userEvent.setup()
    renderApp('/jobs')
    await screen.findByRole('article', { name: 'Data Analyst' })
    await user.keyboard('{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Apply with JobTap' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('You already applied to this job', { description: undefined }))
    // The job is now known as applied.
    expect(await within(screen.getByRole('article')).findByText('Applied')).toBeInTheDocument()
  })

  it('below the threshold says so with the real gap, promises no letter and keeps "Apply with JobTap" off', async () => {
    const calls = fakeServer([[job('a', 'Principal Rust Engineer', { employer_email: 'hr@example.com' })]], {
      'GET /jobs/a/score': {
        status: 200,
        body: {
          degreeScore: 2,
          skillsScore: 0,
          universityScore: 2,
          experienceScore: 0,
          totalRawScore: 3.9,
          scorePercentage: 19.9,
          meetsThreshold: false,
          threshold: 50,
          explanations: ['Skills: none of Rust, Kubernetes'],
          missingSkills: ['Rust', 'Kubernetes'],
        },
      },
    })
    const user = userEvent.setup()
    renderApp('/jobs')
    await screen.findByRole('article', { name: 'Principal Rust Engineer' })
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: "You don't meet this job's threshold" })
    expect(dialog).toHaveTextContent(
      "Your fit is 19.9%; this job asks for at least 50%: you are 30.1 points short. JobTap sends no application below a job's threshold.",
    )
    expect(dialog).not.toHaveTextContent('80.1')
    expect(dialog).not.toHaveTextContent('JobTap sends this cover letter')
    expect(within(dialog).queryByLabelText('Cover letter')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Apply with JobTap' })).toBeDisabled()
    // Applying by e-mail is not gated on the fit; its hint promises no letter shown above.
    expect(within(dialog).getByLabelText('Employer email')).toHaveAccessibleDescription(
      expect.stringContaining('a cover letter written from your profile'),
    )
    expect(calls.some((c) => c.method === 'POST' && c.path === '/applications')).toBe(false)
  })

  it('does not mark a job applied when another conflict refuses the application', async () => {
    fakeServer([[job('a', 'Data Analyst')]], {
      '/applications': {
        status: 409,
        body: { error: { code: 'conflict', message: 'This job was just updated. Please try again.' } },
      },
    })
    const user = userEvent.setup()
    renderApp('/jobs')
    await screen.findByRole('article', { name: 'Data Analyst' })
    await user.keyboard('{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Apply with JobTap' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to submit application', {
        description: 'This job was just updated. Please try again.',
      }),
    )
    expect(within(screen.getByRole('article')).queryByText('Applied')).not.toBeInTheDocument()
  })

  it('offers "Apply via Email" with the employer address in an editable field', async () => {
    fakeServer([[job('a', 'Content Writer', { employer_email: 'writers@mbira.africa' })]])
    const user = userEvent.setup()
    renderApp('/jobs')
    await screen.findByRole('article', { name: 'Content Writer' })
    await user.click(screen.getByRole('button', { name: 'Apply to job' }))
    const dialog = await screen.findByRole('dialog', { name: 'Choose Application Method' })
    expect(within(dialog).getByLabelText('Employer email')).toHaveValue('writers@mbira.africa')
    expect(within(dialog).getByRole('button', { name: 'Apply via Email' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Apply to job' })).toHaveFocus()
  })

  it('after the last job says so at once, with job alerts and Start Over to act on, and no pretended search', async () => {
    const calls = fakeServer([[job('a', 'Data Analyst')]], {
      '/job-alerts': { status: 202, body: { email: 'me@example.com', search: '' } },
    })
    const user = userEvent.setup()
    renderApp('/jobs')
    await screen.findByRole('article', { name: 'Data Analyst' })
    await user.keyboard('{ArrowRight}')
    expect(await screen.findByText('No more jobs available')).toBeInTheDocument()
    expect(screen.getByText('You have seen every open job for now. New jobs show here as employers post them.')).toBeInTheDocument()
    expect(screen.queryByText('Looking for more opportunities...')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Start Over' })).toBeEnabled()

    await user.click(screen.getByRole('button', { name: 'E-mail me new jobs' }))
    const dialog = await screen.findByRole('dialog', { name: 'No More Jobs Available Right Now' })
    const email = within(dialog).getByLabelText('Email')
    expect(email).toHaveValue('ada@example.com')
    await user.clear(email)
    await user.click(within(dialog).getByRole('button', { name: 'Notify Me' }))
    expect(toast.error).toHaveBeenCalledWith('Please enter your email')
    expect(calls.some((c) => c.path === '/job-alerts')).toBe(false)

    await user.type(email, 'me@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Notify Me' }))
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Thank you! We'll notify you when new jobs are available.", {
        description: 'To start your alerts, follow the link we e-mail to me@example.com. Subscribed already? Nothing changes.',
      }),
    )
    expect(calls.find((c) => c.path === '/job-alerts')?.body).toEqual({ email: 'me@example.com', search: '' })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText('No more jobs available')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Start Over' }))
    expect(await screen.findByRole('article', { name: 'Data Analyst' })).toBeInTheDocument()
    expect(calls).toContainEqual({ method: 'DELETE', path: '/jobs/rejections', body: undefined })
  })

  it('marks a sample job, and refusing it tells a complete profile why, not to complete itself', async () => {
    const calls = fakeServer([[job('mock-data-entry', 'Data Entry Clerk')]])
    const user = userEvent.setup()
    renderApp('/jobs')
    const card = await screen.findByRole('article', { name: 'Data Entry Clerk' })
    expect(within(card).getByText('Sample job')).toBeInTheDocument()
    await user.keyboard('{Enter}')
    expect(toast.error).toHaveBeenCalledWith('Sample jobs take no applications', {
      description: 'This job shows how JobTap works. Jobs without the Sample job badge take applications.',
    })
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('keeps applying off until onboarding is finished, and says where to finish it', async () => {
    sessionStore.set(testSession({ onboarded: false }))
    const calls = fakeServer([[job('a', 'Data Analyst')]])
    const user = userEvent.setup()
    renderApp('/jobs')
    await screen.findByRole('article', { name: 'Data Analyst' })
    expect(screen.getByRole('button', { name: 'Apply to job' })).toBeDisabled()
    expect(screen.getByRole('note')).toHaveTextContent('Applying needs a finished profile.')
    expect(screen.getByRole('link', { name: 'Complete your profile' })).toHaveAttribute('href', '/onboarding')
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('shows "Job Already Applied" for 1 s on an applied job, then moves on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fakeServer([[job('a', 'Data Analyst', { applied: true }), job('b', 'UI Designer')]])
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderApp('/jobs')
    await screen.findByRole('article', { name: 'Data Analyst' })
    await user.keyboard('{Enter}')
    expect(screen.getByText('Job Already Applied')).toBeInTheDocument()
    // Busy meanwhile: keys do nothing.
    await user.keyboard('{ArrowLeft}')
    expect(toast).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(900))
    expect(cardTitle()).toBe('Data Analyst')
    act(() => vi.advanceTimersByTime(100))
    expect(await screen.findByRole('article', { name: 'UI Designer' })).toBeInTheDocument()
    expect(screen.queryByText('Job Already Applied')).not.toBeInTheDocument()
  })
})

describe('the job page', () => {
  it('says a missing job is gone and goes to the feed', async () => {
    fakeServer([[job('a', 'Data Analyst')]])
    const { router } = renderApp('/job/nope')
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'))
    expect(toast.error).toHaveBeenCalledWith('Job not found or no longer available', { id: 'job-gone' })
    expect(await screen.findByRole('article', { name: 'Data Analyst' })).toBeInTheDocument()
  })
})

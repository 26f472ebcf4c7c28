import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { routes } from '@/app/router'
import { proposalHandOff } from '@/entities/profile/hand-off'
import { SessionProvider, sessionStore } from '@/lib/session'
import { renderApp, testSession } from '@/testing/render-app'
import { readTestFile } from '@/testing/in-process-core'
import { draftKey, readDraft, saveDraft, type OnboardingDraft } from '../draft'

const toastError = vi.hoisted(() => vi.fn<(...args: unknown[]) => string>())
vi.mock('sonner', () => ({ toast: { error: toastError, success: vi.fn<(...args: unknown[]) => string>() } }))

/** The server's answer to propose-profile (its own tests read real files: api/tests, core/tests). */
const proposal = vi.hoisted(() => ({
  answer: {
    skills: ['Patient care', 'wound care', 'Triage', 'BLS'],
    experienceYears: 9 as number | null,
    degreeField: 'BSc Nursing Science' as string | null,
    university: 'University of Zimbabwe (UZ)' as string | null,
  },
  asked: [] as string[],
}))
vi.mock('@/entities/profile/propose-profile', () => ({
  proposeProfile: async (file: File) => {
    proposal.asked.push(file.name)
    return proposal.answer
  },
}))

/** The profile's save (POST /profile/onboarding, an upload): what it was sent, and its answer. */
const saves = vi.hoisted(() => ({ sent: [] as FormData[] }))
vi.mock('@/lib/api-client', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/api-client')>()
  return {
    ...real,
    apiUpload: async (path: string, body: FormData) => {
      if (path !== '/profile/onboarding') throw new Error(`unexpected upload to ${path}`)
      saves.sent.push(body)
      return { profile: { ...profileOf(), full_name: String(body.get('full_name')) }, preferences: null }
    },
  }
})

/** While set, the core's check of a chosen file waits for it (a worker still loading the wasm). */
const core = vi.hoisted(() => ({ hold: null as Promise<void> | null }))

// jsdom has no Worker: the real core runs in the test's thread instead.
vi.mock('@/lib/core-worker', async () => {
  const { inProcessCore: real } = await import('@/testing/in-process-core')
  return {
    getCore: () => ({
      ...real,
      async uploadProblem(...args: Parameters<typeof real.uploadProblem>) {
        if (core.hold) await core.hold
        return real.uploadProblem(...args)
      },
    }),
  }
})

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })

/** GET /profile's profile: a new account's, unless `overrides` says otherwise. */
function profileOf(overrides: Record<string, unknown> = {}) {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    full_name: 'Nyasha Dube',
    degree_class: null,
    degree_field: null,
    university: null,
    skills: [],
    experience_years: null,
    location: null,
    has_avatar: false,
    default_resume: null,
    ...overrides,
  }
}

/** Answers GET /profile with `profile`; everything else is not found. */
function serveProfile(profile: ReturnType<typeof profileOf>) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      if (String(input).endsWith('/profile')) return json({ profile, preferences: null })
      return new Response(null, { status: 404 })
    }),
  )
}

beforeEach(() => {
  sessionStore.set(testSession({ onboarded: false, fullName: 'Nyasha Dube' }, Math.floor(Date.now() / 1000) + 3600))
  serveProfile(profileOf())
})

afterEach(() => {
  core.hold = null
  proposal.asked = []
  saves.sent = []
  sessionStore.clear()
  vi.unstubAllGlobals()
  toastError.mockClear()
})

describe('onboarding, step 1', () => {
  it('waits for a resume still being checked when Next is pressed at once, then goes on with it', async () => {
    const user = userEvent.setup()
    renderApp('/onboarding')
    const resume = new File([await readTestFile('../../../fixtures/resumes/strong-developer.pdf')], 'cv.pdf', {
      type: 'application/pdf',
    })
    let release = () => {}
    core.hold = new Promise((resolve) => (release = resolve))

    await user.upload(await screen.findByLabelText('Resume'), resume)
    const next = screen.getByRole('button', { name: 'Next' })
    // The check has not answered: the step is busy, so a press now cannot read it without the file.
    expect(next).toBeDisabled()

    release()
    await waitFor(() => expect(next).toBeEnabled())
    expect(screen.getAllByText('cv.pdf')).not.toHaveLength(0)
    await user.click(next)
    expect(await screen.findByRole('heading', { name: /certificates/i })).toBeInTheDocument()
    expect(toastError).not.toHaveBeenCalled()
  })
})

describe('onboarding, the resume proposes step 3', () => {
  it('shows what the chosen resume says, and fills the step only when asked, saving nothing', async () => {
    const user = userEvent.setup()
    renderApp('/onboarding')
    const resume = new File([await readTestFile('../../../fixtures/resumes/writers/nurse.python-docx.docx')], 'nurse.docx', {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    })
    await user.upload(await screen.findByLabelText('Resume'), resume)
    const next = screen.getByRole('button', { name: 'Next' })
    await waitFor(() => expect(next).toBeEnabled())
    expect(proposal.asked).toEqual(['nurse.docx'])
    await user.click(next)
    await user.click(await screen.findByRole('button', { name: 'Next' }))

    const shown = await screen.findByRole('region', { name: 'From your resume' })
    expect(shown).toHaveTextContent('Field of study:BSc Nursing Science')
    expect(shown).toHaveTextContent('University:University of Zimbabwe (UZ)')
    expect(shown).toHaveTextContent('Skills:Patient care, wound care, Triage, BLS')
    expect(shown).toHaveTextContent('Years of experience:9')
    // Nothing is filled in before the person says so.
    expect(screen.getByLabelText(/^Skills\*?$/)).toHaveValue('')

    await user.type(screen.getByLabelText(/^Skills\*?$/), 'triage, night shifts')
    await user.click(screen.getByRole('button', { name: 'Use these' }))
    expect(screen.queryByRole('region', { name: 'From your resume' })).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Filled in from your resume')
    expect(screen.getByLabelText(/^Skills\*?$/)).toHaveValue('triage, night shifts, Patient care, wound care, BLS')
    expect(screen.getByLabelText(/^University\*?$/)).toHaveValue('University of Zimbabwe (UZ)')
    expect(screen.getByLabelText('Field of study')).toHaveValue('BSc Nursing Science')
    expect(screen.getByLabelText(/^Years of experience\*?$/)).toHaveValue(9)
    // Only the profile was read: nothing was sent to be saved.
    const sent = vi.mocked(fetch).mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET')
    expect(sent).toEqual([])
  })

  it('"Not now" leaves the step as it was', async () => {
    const user = userEvent.setup()
    renderApp('/onboarding')
    const resume = new File([await readTestFile('../../../fixtures/resumes/strong-developer.pdf')], 'cv.pdf', {
      type: 'application/pdf',
    })
    await user.upload(await screen.findByLabelText('Resume'), resume)
    const next = screen.getByRole('button', { name: 'Next' })
    await waitFor(() => expect(next).toBeEnabled())
    await user.click(next)
    await user.click(await screen.findByRole('button', { name: 'Next' }))
    await user.click(await screen.findByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('region', { name: 'From your resume' })).not.toBeInTheDocument()
    expect(screen.getByLabelText(/^Skills\*?$/)).toHaveValue('')
    expect(screen.getByLabelText(/^Years of experience\*?$/)).toHaveValue(null)
  })
})

describe('onboarding, after a reload', () => {
  async function pdf(name: string) {
    return new File([await readTestFile('../../../fixtures/resumes/strong-developer.pdf')], name, { type: 'application/pdf' })
  }

  it('opens the step it was on with the fields typed, and names the files to choose again', async () => {
    const user = userEvent.setup()
    const before = renderApp('/onboarding')
    await user.upload(await screen.findByLabelText('Resume'), await pdf('cv.pdf'))
    const next = screen.getByRole('button', { name: 'Next' })
    await waitFor(() => expect(next).toBeEnabled())
    await user.click(next)
    await user.upload(await screen.findByLabelText('Certificates (optional)'), await pdf('first-aid.pdf'))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove first-aid.pdf' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.selectOptions(await screen.findByLabelText(/^Degree class\*?$/), '2.1 Class')
    await user.selectOptions(screen.getByLabelText(/^University\*?$/), 'NUST')
    await user.type(screen.getByLabelText(/^Skills\*?$/), 'React, SQL')
    await user.type(screen.getByLabelText(/^Years of experience\*?$/), '3')
    before.unmount()

    renderApp('/onboarding')
    expect(await screen.findByRole('heading', { name: 'Education & Experience' })).toBeInTheDocument()
    expect(screen.getByLabelText(/^Degree class\*?$/)).toHaveValue('2.1 Class')
    expect(screen.getByLabelText(/^University\*?$/)).toHaveValue('NUST')
    expect(screen.getByLabelText(/^Skills\*?$/)).toHaveValue('React, SQL')
    expect(screen.getByLabelText(/^Years of experience\*?$/)).toHaveValue(3)
    const again = screen.getByRole('region', { name: 'Choose these files again' })
    const named = within(again).getAllByRole('listitem').map((item) => item.textContent)
    expect(named).toEqual([expect.stringMatching(/^cv\.pdfResume, step 1/), expect.stringMatching(/^first-aid\.pdfCertificate, step 2/)])

    // Chosen again, a file is no longer named; one forgotten is not either.
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await user.click(await screen.findByRole('button', { name: 'Back' }))
    await user.upload(await screen.findByLabelText('Resume'), await pdf('cv.pdf'))
    await waitFor(() => expect(within(again).getAllByRole('listitem')).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Forget first-aid.pdf' }))
    expect(screen.queryByRole('region', { name: 'Choose these files again' })).not.toBeInTheDocument()
    expect(readDraft(sessionStorage, 'user-1')?.files).toEqual({
      avatar: null,
      resume: { name: 'cv.pdf', size: expect.any(Number) as number },
      certificates: [],
    })
  })

  it("is the signed-in user's only: another account in the same tab starts afresh", async () => {
    const draft: OnboardingDraft = {
      step: 3,
      fields: {
        fullName: 'Nyasha Dube',
        degreeClass: '2.1 Class',
        degreeField: '',
        university: 'NUST',
        skills: 'React',
        experienceYears: '3',
        preferredLocation: '',
        minSalary: '',
        maxSalary: '',
        jobTypes: [],
      },
      proposalUsed: false,
      files: { avatar: null, resume: null, certificates: [] },
      entry: 'default',
    }
    saveDraft(sessionStorage, 'user-1', draft)
    sessionStore.set(testSession({ id: 'user-2', onboarded: false, fullName: 'Tariro Moyo' }, Math.floor(Date.now() / 1000) + 3600))
    serveProfile(profileOf({ id: 'user-2', full_name: 'Tariro Moyo' }))

    renderApp('/onboarding')
    expect(await screen.findByRole('heading', { name: 'Basic Information' })).toBeInTheDocument()
    expect(screen.getByLabelText(/^Full name\*?$/)).toHaveValue('Tariro Moyo')
    expect(screen.queryByText(/Your answers so far were kept/)).not.toBeInTheDocument()
    // The other account's draft is gone from the tab.
    expect(sessionStorage.getItem(draftKey('user-1'))).toBeNull()
  })

  it('is removed when the profile is saved', async () => {
    serveProfile(profileOf({ default_resume: { id: 'doc-1', file_name: 'cv.pdf' } }))
    const user = userEvent.setup()
    saveDraft(sessionStorage, 'user-1', {
      step: 4,
      fields: {
        fullName: 'Nyasha Dube',
        degreeClass: '2.1 Class',
        degreeField: '',
        university: 'HIT',
        skills: 'React',
        experienceYears: '3',
        preferredLocation: 'Harare',
        minSalary: '800',
        maxSalary: '1500',
        jobTypes: ['Full-time'],
      },
      proposalUsed: false,
      files: { avatar: null, resume: null, certificates: [] },
      entry: 'default',
    })

    renderApp('/onboarding')
    expect(await screen.findByRole('heading', { name: 'Job Preferences' })).toBeInTheDocument()
    expect(screen.getByLabelText(/^Preferred location\*?$/)).toHaveValue('Harare')
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }))
    await waitFor(() => expect(saves.sent).toHaveLength(1))
    expect(saves.sent[0]?.get('university')).toBe('HIT')
    await waitFor(() => expect(sessionStorage.getItem(draftKey('user-1'))).toBeNull())
  })
})

describe('onboarding, opened with a proposal from My Documents', () => {
  const handed = proposalHandOff({ skills: ['Triage'], experienceYears: 6, degreeField: null, university: 'HIT' })

  /** The app at /onboarding with the proposal in the history entry's state, as My Documents opens it. */
  function openHandedOff() {
    const router = createMemoryRouter(routes, { initialEntries: [{ pathname: '/onboarding', state: handed }] })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const view = render(
      <SessionProvider store={sessionStore}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </SessionProvider>,
    )
    return { ...view, router }
  }

  it('keeps what was typed since when the same visit is reloaded; a new hand-off starts from it again', async () => {
    const user = userEvent.setup()
    const first = openHandedOff()
    const skills = await screen.findByLabelText(/^Skills\*?$/)
    expect(skills).toHaveValue('Triage')
    await user.type(skills, ', night shifts')
    first.unmount()

    // The reload: the same history entry, its state still holding the proposal.
    const reloaded = openHandedOff()
    expect(await screen.findByLabelText(/^Skills\*?$/)).toHaveValue('Triage, night shifts')
    expect(screen.getByLabelText(/^University\*?$/)).toHaveValue('HIT')

    // Another visit from My Documents (a new history entry) takes the proposal in afresh.
    await reloaded.router.navigate('/')
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Education & Experience' })).not.toBeInTheDocument())
    await reloaded.router.navigate('/onboarding', { state: handed })
    expect(await screen.findByRole('heading', { name: 'Education & Experience' })).toBeInTheDocument()
    expect(screen.getByLabelText(/^Skills\*?$/)).toHaveValue('Triage')
  })
})

describe('onboarding, the university', () => {
  it('is typed in full under "Other", through names on the list, and the list takes over again when chosen', async () => {
    const user = userEvent.setup()
    saveDraft(sessionStorage, 'user-1', {
      step: 3,
      fields: {
        fullName: 'Nyasha Dube',
        degreeClass: '',
        degreeField: '',
        university: '',
        skills: '',
        experienceYears: '',
        preferredLocation: '',
        minSalary: '',
        maxSalary: '',
        jobTypes: [],
      },
      proposalUsed: false,
      files: { avatar: null, resume: null, certificates: [] },
      entry: 'default',
    })
    renderApp('/onboarding')
    const list = await screen.findByLabelText(/^University\*?$/)
    expect(screen.queryByLabelText('Your university')).not.toBeInTheDocument()

    await user.selectOptions(list, 'Other')
    const own = screen.getByLabelText('Your university')
    expect(own).toHaveValue('')
    // "Chinhoyi" is on the list: the box stays while the longer name is typed.
    await user.type(own, 'Chinhoyi University of Technology')
    expect(list).toHaveValue('Other')
    expect(own).toHaveValue('Chinhoyi University of Technology')
    expect(readDraft(sessionStorage, 'user-1')?.fields.university).toBe('Chinhoyi University of Technology')

    // Emptied, it saves "Other"; a listed university chosen instead hides the box.
    await user.clear(own)
    expect(readDraft(sessionStorage, 'user-1')?.fields.university).toBe('Other')
    await user.selectOptions(list, 'MSU')
    expect(screen.queryByLabelText('Your university')).not.toBeInTheDocument()
    expect(readDraft(sessionStorage, 'user-1')?.fields.university).toBe('MSU')
  })
})

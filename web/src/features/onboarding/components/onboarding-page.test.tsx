import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { renderApp, testSession } from '@/testing/render-app'
import { readTestFile } from '@/testing/in-process-core'

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

beforeEach(() => {
  sessionStore.set(testSession({ onboarded: false, fullName: 'Nyasha Dube' }, Math.floor(Date.now() / 1000) + 3600))
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      if (String(input).endsWith('/profile')) {
        return json({
          profile: {
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
          },
          preferences: null,
        })
      }
      return new Response(null, { status: 404 })
    }),
  )
})

afterEach(() => {
  core.hold = null
  proposal.asked = []
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

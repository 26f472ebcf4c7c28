import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { renderApp, testSession } from '@/testing/render-app'
import { readTestFile } from '@/testing/in-process-core'

const toastError = vi.hoisted(() => vi.fn<(...args: unknown[]) => string>())
vi.mock('sonner', () => ({ toast: { error: toastError, success: vi.fn<(...args: unknown[]) => string>() } }))

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

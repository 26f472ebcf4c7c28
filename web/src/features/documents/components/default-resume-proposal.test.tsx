import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { renderApp, testSession } from '@/testing/render-app'
import type { UserDocument } from '@/entities/documents'
import type { Profile, ProfileAnswer } from '@/entities/profile'
import type { ProfileProposal } from '@/generated/core-types'

vi.mock('sonner', () => ({
  toast: { error: vi.fn<(...args: unknown[]) => string>(), success: vi.fn<(...args: unknown[]) => string>() },
}))

// jsdom has no Worker; the form checks run on the server too, so here they pass.
vi.mock('@/lib/core-worker', () => ({
  getCore: () => ({ validateOnboardingStep: async () => ({ ok: true, errors: [] }) }),
}))

function doc(id: string, fileName: string, isDefault: boolean): UserDocument {
  return {
    id,
    document_type: 'resume',
    file_name: fileName,
    file_size: 35021,
    content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    is_default: isDefault,
    uploaded_at: Date.UTC(2026, 10, 20, 9, 30),
  }
}

const profile: Profile = {
  id: 'user-1',
  email: 'rudo@example.com',
  full_name: 'Rudo Mhlanga',
  degree_class: '2.1 Class',
  degree_field: null,
  university: 'NUST',
  skills: ['Excel', 'triage'],
  experience_years: 2,
  location: 'Harare',
  has_avatar: false,
  default_resume: { id: 'd1', file_name: 'old.pdf' },
}

const preferences: ProfileAnswer['preferences'] = {
  preferred_locations: ['Harare'],
  min_salary: 800,
  max_salary: 1500,
  job_types: ['Full-time'],
}

/** What the server reads in the nurse's resume (its own tests read the real file). */
const nurse: ProfileProposal = {
  skills: ['Patient care', 'wound care', 'Triage', 'BLS'],
  experienceYears: 9,
  degreeField: 'BSc Nursing Science',
  university: 'University of Zimbabwe (UZ)',
}

type Sent = { method: string; path: string; body: FormData | string | undefined }

/**
 * A stand-in for the server: fetch for the list, the profile, the default and the download;
 * XMLHttpRequest for propose-profile and the profile's save (both are sent as uploads).
 */
function fakeServer(answer: ProfileAnswer, proposal: { status: number; body: unknown }, readingHeld?: Promise<void>) {
  let current = answer
  let documents = [doc('d1', 'old.pdf', true), doc('d2', 'nurse.docx', false)]
  const sent: Sent[] = []
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = String(input).replace('/api/v1', '')
      const method = init?.method ?? 'GET'
      sent.push({ method, path, body: undefined })
      let match: RegExpMatchArray | null
      if (method === 'GET' && path === '/documents') return json(200, { documents })
      if (method === 'GET' && path === '/profile') return json(200, current)
      if (method === 'PUT' && (match = path.match(/^\/documents\/([^/]+)\/default$/))) {
        documents = documents.map((d) => ({ ...d, is_default: d.id === match?.[1] }))
        return json(200, { document: documents.find((d) => d.id === match?.[1]) })
      }
      if (method === 'GET' && path.match(/^\/documents\/([^/]+)\/download$/)) {
        return new Response('PK\u0003\u0004 a Word file', { status: 200 })
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } })
    }),
  )

  class FakeXhr extends EventTarget {
    upload = new EventTarget()
    status = 0
    statusText = ''
    responseText = ''
    private method = 'GET'
    private url = ''
    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? 'application/json' : null
    }
    abort() {}
    send(body: FormData | string) {
      const path = this.url.replace('/api/v1', '')
      sent.push({ method: this.method, path, body })
      let reply = { status: 404, body: {} as unknown }
      if (path === '/functions/propose-profile') reply = proposal
      if (path === '/profile/onboarding' && body instanceof FormData) {
        // The server saves the form; a field of study naming an option is stored as its label.
        const field = String(body.get('degree_field'))
        current = {
          ...current,
          profile: {
            ...current.profile,
            skills: String(body.get('skills')).split(',').map((s) => s.trim()).filter(Boolean),
            experience_years: Number(body.get('experience_years')),
            degree_field: field.includes('Nursing') ? 'Nursing' : field || null,
            university: String(body.get('university')),
          },
        }
        reply = { status: 200, body: current }
      }
      const held = path === '/functions/propose-profile' && readingHeld ? readingHeld : Promise.resolve()
      void held.then(() => {
        this.status = reply.status
        this.responseText = JSON.stringify(reply.body)
        this.dispatchEvent(new Event('load'))
      })
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return { sent }
}

const saves = (sent: Sent[]) => sent.filter((s) => s.path === '/profile/onboarding')

beforeEach(() => {
  sessionStore.set(testSession({ fullName: 'Rudo Mhlanga' }, Math.floor(Date.now() / 1000) + 3600))
  vi.mocked(toast.error).mockClear()
  vi.mocked(toast.success).mockClear()
})

afterEach(() => {
  sessionStore.clear()
  vi.unstubAllGlobals()
})

async function makeNurseDefault() {
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Set as default: nurse.docx' }))
  return user
}

describe('My Documents, the default resume proposes the profile', () => {
  it('shows what the resume says beside the profile, then saves the fields as edited', async () => {
    const server = fakeServer({ profile, preferences }, { status: 200, body: { proposal: nurse } })
    renderApp('/documents')
    const user = await makeNurseDefault()

    const panel = await screen.findByRole('region', { name: 'From your resume' })
    expect(panel).toHaveTextContent('We read these in nurse.docx, now your default resume.')
    expect(panel).toHaveTextContent('Skills:Patient care, wound care, Triage, BLSYour profile now: Excel, triage')
    expect(panel).toHaveTextContent('University:University of Zimbabwe (UZ)Your profile now: NUST')
    expect(panel).toHaveTextContent('Field of study:BSc Nursing ScienceYour profile now: not set')
    expect(panel).toHaveTextContent('Years of experience:9Your profile now: 2')
    expect(within(panel).getByRole('heading', { name: 'From your resume' })).toHaveFocus()

    // The stored file was fetched back and sent to be read under its name; nothing was saved.
    expect(server.sent).toContainEqual({ method: 'GET', path: '/documents/d2/download', body: undefined })
    const read = server.sent.find((s) => s.path === '/functions/propose-profile')
    const source = JSON.parse(String(read?.body)) as { fileName: string; resumeFile: string }
    expect(source.fileName).toBe('nurse.docx')
    expect(source.resumeFile).toMatch(/^data:/)
    expect(saves(server.sent)).toEqual([])

    await user.click(within(panel).getByRole('button', { name: 'Use these' }))
    const form = screen.getByRole('region', { name: 'From your resume' })
    const skills = within(form).getByLabelText(/^Skills\*?$/)
    expect(skills).toHaveFocus()
    expect(skills).toHaveValue('Excel, triage, Patient care, wound care, BLS')
    expect(within(form).getByLabelText(/^Years of experience\*?$/)).toHaveValue(9)
    expect(within(form).getByLabelText(/^University\*?$/)).toHaveValue('University of Zimbabwe (UZ)')
    expect(within(form).getByLabelText('Field of study')).toHaveValue('BSc Nursing Science')
    expect(saves(server.sent)).toEqual([])

    await user.clear(skills)
    await user.type(skills, 'Excel, triage, Patient care, BLS')
    await user.click(within(form).getByRole('button', { name: 'Save to profile' }))

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Profile updated', {
        description:
          'Skills added: Patient care, BLS. Years of experience: 9. Field of study: Nursing. University: University of Zimbabwe (UZ)',
      }),
    )
    const [save] = saves(server.sent)
    const body = save?.body as FormData
    expect(body.get('skills')).toBe('Excel, triage, Patient care, BLS')
    expect(body.get('experience_years')).toBe('9')
    // The rest of the profile goes back as it was, and no file is sent.
    expect(body.get('full_name')).toBe('Rudo Mhlanga')
    expect(body.get('degree_class')).toBe('2.1 Class')
    expect(body.get('preferred_location')).toBe('Harare')
    expect(body.getAll('job_types')).toEqual(['Full-time'])
    expect(body.has('resume')).toBe(false)
    expect(screen.queryByRole('region', { name: 'From your resume' })).not.toBeInTheDocument()
  })

  it('"Not now" closes it and saves nothing', async () => {
    const server = fakeServer({ profile, preferences }, { status: 200, body: { proposal: nurse } })
    renderApp('/documents')
    const user = await makeNurseDefault()
    const panel = await screen.findByRole('region', { name: 'From your resume' })
    await user.click(within(panel).getByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('region', { name: 'From your resume' })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Your documents' })).toHaveFocus()
    expect(saves(server.sent)).toEqual([])
    expect(toast.success).toHaveBeenCalledTimes(1)
    expect(toast.success).toHaveBeenCalledWith('Set as default resume for applications!')
  })

  it('for a profile not set up yet, "Use these" opens the profile form on its step, filled in', async () => {
    const fresh: Profile = { ...profile, degree_class: null, university: null, skills: [], experience_years: null }
    const server = fakeServer({ profile: fresh, preferences: null }, { status: 200, body: { proposal: nurse } })
    const { router } = renderApp('/documents')
    const user = await makeNurseDefault()
    const panel = await screen.findByRole('region', { name: 'From your resume' })
    expect(panel).toHaveTextContent('"Use these" opens your profile with them filled in')
    await user.click(within(panel).getByRole('button', { name: 'Use these' }))

    expect(await screen.findByRole('heading', { name: 'Education & Experience' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/onboarding')
    expect(screen.getByText('Filled in from your resume: check each field before you go on.')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Skills\*?$/)).toHaveValue('Patient care, wound care, Triage, BLS')
    expect(screen.getByLabelText(/^University\*?$/)).toHaveValue('University of Zimbabwe (UZ)')
    expect(screen.getByLabelText(/^Years of experience\*?$/)).toHaveValue(9)
    expect(saves(server.sent)).toEqual([])
  })

  it.each([
    ['proposes nothing', { status: 200, body: { proposal: { skills: [], experienceYears: null, degreeField: null, university: null } } }],
    ['cannot be read', { status: 422, body: { error: { code: 'unreadable', message: 'This file could not be read' } } }],
  ])('a resume that %s offers nothing', async (_, reply) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    let answer = () => {}
    const server = fakeServer({ profile, preferences }, reply, new Promise((resolve) => (answer = resolve)))
    renderApp('/documents')
    await makeNurseDefault()
    const reading = await screen.findByText('Reading nurse.docx for your profile…')
    await waitFor(() => expect(server.sent.some((s) => s.path === '/functions/propose-profile')).toBe(true))
    expect(reading).toBeInTheDocument()
    answer()
    await waitFor(() => expect(reading).not.toBeInTheDocument())
    expect(screen.queryByRole('region', { name: 'From your resume' })).not.toBeInTheDocument()
    expect(toast.error).not.toHaveBeenCalled()
  })
})

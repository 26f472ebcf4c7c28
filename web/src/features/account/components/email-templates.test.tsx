import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from 'sonner'
import { SessionProvider, sessionStore } from '@/lib/session'
import { testSession } from '@/testing/render-app'
import { EmailTemplatesSection } from './email-templates'

vi.mock('@/lib/core-worker', async () => {
  const { inProcessCore } = await import('@/testing/in-process-core')
  return { getCore: () => inProcessCore }
})

vi.mock('sonner', () => ({
  toast: Object.assign(vi.fn<(...args: unknown[]) => string>(), {
    error: vi.fn<(...args: unknown[]) => string>(),
    success: vi.fn<(...args: unknown[]) => string>(),
    dismiss: vi.fn<(...args: unknown[]) => void>(),
  }),
}))

const ACCEPT_SUBJECT = 'Your application for {job} was accepted'
const ACCEPT_BODY = 'Hi {name},\n\nGood news: {company} accepted your application for {job}. They will contact you about the next steps.'
const REJECT_SUBJECT = 'Your application for {job}'
const REJECT_BODY = 'Hi {name},\n\n{company} has decided not to go ahead with your application for {job}.'

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

type Call = { method: string; path: string; body: Record<string, unknown> | undefined }

/** The templates route as the server answers it: saves what is PUT; the preview fills `{name}` and `{job}` as its sample does. */
function server() {
  const calls: Call[] = []
  let saved = { acceptance: { subject: '', body: '' }, rejection: { subject: '', body: '' } }
  const answer = () => ({
    acceptance: { ...saved.acceptance, default_subject: ACCEPT_SUBJECT, default_body: ACCEPT_BODY },
    rejection: { ...saved.rejection, default_subject: REJECT_SUBJECT, default_body: REJECT_BODY },
  })
  const fill = (text: string) => text.replaceAll('{name}', 'Tendai Moyo').replaceAll('{job}', 'Data Analyst').replaceAll('{company}', 'Acme')
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = String(input).replace('/api/v1', '')
      const method = init?.method ?? 'GET'
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined
      calls.push({ method, path, body })
      if (path === '/employer/settings/email-templates' && method === 'GET') return json(200, answer())
      if (path === '/employer/settings/email-templates' && method === 'PUT') {
        saved = body as typeof saved
        return json(200, answer())
      }
      if (path === '/employer/settings/email-templates/preview') {
        const subject = fill(String(body?.subject ?? ''))
        return json(200, { subject, text: fill(String(body?.body)), html: `<p>${fill(String(body?.body))}</p>` })
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } })
    }),
  )
  return calls
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <SessionProvider store={sessionStore}>
      <QueryClientProvider client={queryClient}>
        <EmailTemplatesSection />
      </QueryClientProvider>
    </SessionProvider>,
  )
  return screen.getByRole('region', { name: 'E-mail templates' })
}

beforeEach(() => {
  sessionStore.set(testSession())
  vi.mocked(toast.success).mockClear()
  vi.mocked(toast.error).mockClear()
})

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStore.clear()
})

describe('E-mail templates', () => {
  it('starts from JobTap’s wording with its preview, and saves the form as shown (the server keeps JobTap’s wording as blank)', async () => {
    const calls = server()
    const user = userEvent.setup()
    const section = renderSection()
    const subject = await within(section).findByLabelText('Subject')
    expect(subject).toHaveValue(ACCEPT_SUBJECT)
    expect(within(section).getByLabelText('Message')).toHaveValue(ACCEPT_BODY)
    expect(await within(section).findByText('Your application for Data Analyst was accepted')).toBeVisible()
    const frame = within(section).getByTitle('The e-mail as the candidate receives it')
    expect(frame).toHaveAttribute('sandbox', '')
    expect(frame.getAttribute('srcdoc')).toContain('Hi Tendai Moyo,')

    await user.click(within(section).getByRole('button', { name: 'Rejection e-mail' }))
    const message = within(section).getByLabelText('Message')
    await user.clear(message)
    await user.type(message, 'Dear {{name}, thank you for your time. ')
    await user.click(within(section).getByRole('button', { name: /^\{feedback\}/ }))
    expect(message).toHaveValue('Dear {name}, thank you for your time. {feedback}')
    await waitFor(() =>
      expect(within(section).getByTitle('The e-mail as the candidate receives it').getAttribute('srcdoc')).toContain(
        'Dear Tendai Moyo, thank you for your time.',
      ),
    )

    await user.click(within(section).getByRole('button', { name: 'Save templates' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('E-mail templates saved'))
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      {
        acceptance: { subject: ACCEPT_SUBJECT, body: ACCEPT_BODY },
        rejection: { subject: REJECT_SUBJECT, body: 'Dear {name}, thank you for your time. {feedback}' },
      },
    ])
  })

  it('names an unknown placeholder with core’s message, sends nothing, and resets to the default', async () => {
    const calls = server()
    const user = userEvent.setup()
    const section = renderSection()
    const subject = await within(section).findByLabelText('Subject')
    await user.clear(subject)
    await user.type(subject, 'About the {{salary} for {{job}')
    expect(
      await within(section).findByText('{salary} is not a placeholder: use {name}, {job}, {company} or {feedback}'),
    ).toBeVisible()
    expect(subject).toHaveAttribute('aria-invalid', 'true')
    expect(within(section).getByText('The preview shows once the template is fixed.')).toBeVisible()
    await user.click(within(section).getByRole('button', { name: 'Save templates' }))
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)

    await user.click(within(section).getByRole('button', { name: 'Reset to default' }))
    expect(subject).toHaveValue(ACCEPT_SUBJECT)
    await waitFor(() => expect(subject).not.toHaveAttribute('aria-invalid'))
  })
})

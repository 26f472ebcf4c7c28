import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from 'sonner'
import { SessionProvider, sessionStore } from '@/lib/session'
import { testSession } from '@/testing/render-app'
import { ChangeEmailSection } from './change-email'
import { ChangePasswordSection } from './change-password'

vi.mock('sonner', () => ({
  toast: Object.assign(vi.fn<(...args: unknown[]) => string>(), {
    error: vi.fn<(...args: unknown[]) => string>(),
    success: vi.fn<(...args: unknown[]) => string>(),
    dismiss: vi.fn<(...args: unknown[]) => void>(),
  }),
}))

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** Answers each request to `path` with the next of `answers`, and keeps what was sent. */
function serverAnswering(path: string, answers: Response[]) {
  const sent: unknown[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      if (String(input).replace('/api/v1', '') !== path) return json(404, { error: { code: 'not_found', message: 'Not found' } })
      sent.push(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined)
      return answers.shift() ?? json(500, { error: { code: 'internal', message: 'No answer left' } })
    }),
  )
  return sent
}

function renderSection(section: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <SessionProvider store={sessionStore}>
      <QueryClientProvider client={queryClient}>{section}</QueryClientProvider>
    </SessionProvider>,
  )
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

describe('E-mail address', () => {
  it('puts an address in use under its field, toasts a refusal naming no field, and empties the form once sent', async () => {
    const inUse = 'Another account uses this e-mail address'
    const sent = serverAnswering('/auth/change-email', [
      json(409, { error: { code: 'conflict', message: inUse } }),
      json(503, { error: { code: 'unavailable', message: 'Mail is down' } }),
      json(202, { message: 'We sent a link to new@example.com' }),
    ])
    const user = userEvent.setup()
    renderSection(<ChangeEmailSection />)
    const section = screen.getByRole('region', { name: 'E-mail address' })
    expect(section).toHaveTextContent('Your account uses ada@example.com.')
    const address = within(section).getByLabelText('New e-mail address')
    const password = within(section).getByLabelText('Current password')
    const button = within(section).getByRole('button', { name: 'Change e-mail address' })
    expect(button).toBeDisabled()

    await user.type(address, 'taken@example.com')
    expect(button).toBeDisabled()
    await user.type(password, 'secret words')
    await user.click(button)
    expect(await within(section).findByText(inUse)).toBeVisible()
    expect(address).toHaveAttribute('aria-invalid', 'true')
    expect(toast.error).not.toHaveBeenCalled()
    await user.type(address, 'x')
    expect(within(section).queryByText(inUse)).not.toBeInTheDocument()
    expect(address).not.toHaveAttribute('aria-invalid')

    await user.clear(address)
    await user.type(address, 'new@example.com')
    await user.click(button)
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Your e-mail address was not changed', { description: 'Mail is down' }),
    )

    await user.click(button)
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Check your new inbox', { description: 'We sent a link to new@example.com' }),
    )
    expect(address).toHaveValue('')
    expect(password).toHaveValue('')
    expect(button).toBeDisabled()
    expect(sent).toEqual([
      { new_email: 'taken@example.com', current_password: 'secret words' },
      { new_email: 'new@example.com', current_password: 'secret words' },
      { new_email: 'new@example.com', current_password: 'secret words' },
    ])
  })
})

describe('Change password', () => {
  it("shows the server's refusal under the field it names, and empties the form once changed", async () => {
    const wrong = 'That password is not right'
    const sent = serverAnswering('/auth/change-password', [
      json(422, { error: { code: 'validation', message: wrong, fields: { current_password: [wrong] } } }),
      new Response(null, { status: 204 }),
    ])
    const user = userEvent.setup()
    renderSection(<ChangePasswordSection />)
    const section = screen.getByRole('region', { name: 'Change password' })
    expect(section.querySelector('input[name="username"]')).toHaveValue('ada@example.com')
    const current = within(section).getByLabelText('Current password')
    const next = within(section).getByLabelText('New password')
    const button = within(section).getByRole('button', { name: 'Change password' })
    expect(button).toBeDisabled()

    await user.type(current, 'not my password')
    await user.type(next, 'a new long password')
    await user.click(button)
    expect(await within(section).findByText(wrong)).toBeVisible()
    expect(current).toHaveAttribute('aria-invalid', 'true')
    expect(next).not.toHaveAttribute('aria-invalid')
    expect(toast.error).not.toHaveBeenCalled()

    await user.clear(current)
    expect(within(section).queryByText(wrong)).not.toBeInTheDocument()
    await user.type(current, 'my password')
    await user.click(button)
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Your password was changed', {
        description: 'Every other device signed in to your account was signed out.',
      }),
    )
    expect(current).toHaveValue('')
    expect(next).toHaveValue('')
    expect(sent).toEqual([
      { current_password: 'not my password', new_password: 'a new long password' },
      { current_password: 'my password', new_password: 'a new long password' },
    ])
  })
})

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '../messages'
import { ChatWidget } from './chat-widget'

vi.mock('sonner', () => ({ toast: { error: vi.fn<(...args: unknown[]) => string>() } }))

type Sent = { url: string; body: { messages: Array<{ role: string; content: string }> } }

/** A stand-in for the chat function: answers in turn from `answers`, each held until released. */
function fakeChat(answers: Array<{ status: number; body: unknown }>) {
  const sent: Sent[] = []
  const held: Array<() => void> = []
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      sent.push({ url: String(input), body: JSON.parse(String(init?.body)) })
      const answer = answers.shift() ?? { status: 500, body: { error: { code: 'internal', message: 'No answer' } } }
      await new Promise<void>((resolve) => held.push(resolve))
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } })
    }),
  )
  return {
    sent,
    /** Lets the oldest held request answer. */
    release() {
      held.shift()?.()
    },
  }
}

function LocationProbe() {
  return <output aria-label="Location">{useLocation().pathname}</output>
}

function renderWidget() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <button type="button">Elsewhere on the page</button>
            <ChatWidget />
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: ['/jobs'] },
  )
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { user: userEvent.setup() }
}

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Open SwipeJob AI' }))
  return screen.getByRole('dialog', { name: 'SwipeJob AI' })
}

const jobsAnswer = {
  status: 200,
  body: {
    message: 'Here are jobs for you:\n\n1. [Data Analyst at Econet](/job/job-1)',
    html: '<p>Here are jobs for you:</p>\n<ol>\n<li><a href="/job/job-1">Data Analyst at Econet</a></li>\n</ol>\n',
  },
}

beforeEach(() => {
  vi.mocked(toast.error).mockClear()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('ChatWidget', () => {
  it('opens on the spec greeting, placeholder and quick prompts, with Send disabled while the box is blank', async () => {
    fakeChat([])
    const { user } = renderWidget()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    const panel = await openPanel(user)
    expect(within(panel).getByRole('heading', { name: 'SwipeJob AI' })).toBeInTheDocument()
    expect(within(panel).getByRole('log', { name: 'Conversation' })).toHaveTextContent(MESSAGES.greeting)
    const input = within(panel).getByRole('textbox', { name: 'Message' })
    expect(input).toHaveAttribute('placeholder', 'Ask me anything...')
    expect(input).toHaveFocus()
    const prompts = within(panel).getByRole('list', { name: 'Quick prompts' })
    expect(within(prompts).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Match my resume',
      'Find me a job',
      'Career advice',
    ])

    const send = within(panel).getByRole('button', { name: 'Send message' })
    expect(send).toBeDisabled()
    await user.type(input, '   ')
    expect(send).toBeDisabled()
    await user.type(input, '{Enter}')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('sends a quick prompt with the conversation, waits, then shows the answer and hides the prompts', async () => {
    const server = fakeChat([jobsAnswer])
    const { user } = renderWidget()
    const panel = await openPanel(user)

    await user.click(within(panel).getByRole('button', { name: 'Find me a job' }))
    expect(server.sent).toEqual([
      {
        url: '/api/v1/functions/swipejob-chat',
        body: {
          messages: [
            { role: 'assistant', content: MESSAGES.greeting },
            { role: 'user', content: 'Find me a job' },
          ],
        },
      },
    ])
    const log = within(panel).getByRole('log')
    expect(log).toHaveTextContent('You: Find me a job')
    expect(within(panel).queryByRole('list', { name: 'Quick prompts' })).not.toBeInTheDocument()
    expect(within(log).getByRole('status')).toHaveTextContent('SwipeJob AI is typing')
    const input = within(panel).getByRole('textbox', { name: 'Message' })
    await user.type(input, 'more')
    // Waiting: the button stays disabled and Enter does not send a second question.
    expect(within(panel).getByRole('button', { name: 'Send message' })).toBeDisabled()
    await user.type(input, '{Enter}')
    expect(server.sent).toHaveLength(1)

    server.release()
    const link = await within(log).findByRole('link', { name: 'Data Analyst at Econet' })
    expect(link).toHaveAttribute('href', '/job/job-1')
    expect(within(log).queryByRole('status')).not.toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Send message' })).toBeEnabled()
  })

  it('sends typed text with Enter, shows it as plain text, and follows links to app pages in the app', async () => {
    const server = fakeChat([jobsAnswer])
    const { user } = renderWidget()
    const panel = await openPanel(user)
    const input = within(panel).getByRole('textbox', { name: 'Message' })

    await user.type(input, '<script>alert(1)</script> jobs?{Enter}')
    expect(input).toHaveValue('')
    expect(server.sent[0]?.body.messages.at(-1)).toEqual({ role: 'user', content: '<script>alert(1)</script> jobs?' })
    const log = within(panel).getByRole('log')
    expect(log).toHaveTextContent('<script>alert(1)</script> jobs?')
    expect(log.querySelector('script')).toBeNull()

    server.release()
    await user.click(await within(log).findByRole('link', { name: 'Data Analyst at Econet' }))
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/job/job-1')
    // The panel and its conversation stay.
    expect(screen.getByRole('dialog', { name: 'SwipeJob AI' })).toHaveTextContent('Data Analyst at Econet')
  })

  it('toasts the spec message on failure and puts the question back', async () => {
    const server = fakeChat([{ status: 429, body: { error: { code: 'rate_limited', message: 'Too many AI requests.' } } }])
    const { user } = renderWidget()
    const panel = await openPanel(user)
    const input = within(panel).getByRole('textbox', { name: 'Message' })
    await user.type(input, 'Career tips{Enter}')
    server.release()

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to send message. Please try again.', {
        description: 'Too many AI requests.',
      }),
    )
    expect(input).toHaveValue('Career tips')
    expect(within(panel).getByRole('log')).not.toHaveTextContent('Career tips')
    // Only the greeting is left, so the quick prompts are back.
    expect(within(panel).getByRole('list', { name: 'Quick prompts' })).toBeInTheDocument()
  })

  it('keeps the conversation when closed with Escape, and gives focus back to the launcher', async () => {
    const server = fakeChat([jobsAnswer])
    const { user } = renderWidget()
    const panel = await openPanel(user)
    await user.click(within(panel).getByRole('button', { name: 'Find me a job' }))
    server.release()
    await within(panel).findByRole('link', { name: 'Data Analyst at Econet' })

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    const launcher = screen.getByRole('button', { name: 'Open SwipeJob AI' })
    expect(launcher).toHaveFocus()
    expect(launcher).toHaveAttribute('aria-expanded', 'false')

    const reopened = await openPanel(user)
    expect(within(reopened).getByRole('link', { name: 'Data Analyst at Econet' })).toBeInTheDocument()
    expect(within(reopened).queryByRole('list', { name: 'Quick prompts' })).not.toBeInTheDocument()
  })
})

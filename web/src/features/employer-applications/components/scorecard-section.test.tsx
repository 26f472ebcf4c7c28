import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { testSession } from '@/testing/render-app'
import type { Scorecard, Scorecards } from '../api/scorecards'
import { ScorecardSection } from './scorecard-section'

vi.mock('sonner', () => ({
  toast: { error: vi.fn<(...args: unknown[]) => string>(), success: vi.fn<(...args: unknown[]) => string>() },
}))

const CRITERIA = ['SQL', 'Stakeholder communication']
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const card = (id: string, author: string, ratings: [string, number][], note: string): Scorecard => ({
  id,
  author_id: `u-${id}`,
  author_name: author,
  ratings: ratings.map(([criterion, rating]) => ({ criterion, rating })),
  note,
  created_at: Date.UTC(2026, 0, 5),
  updated_at: Date.UTC(2026, 0, 5),
  updated_text: 'Jan 5, 2026',
})

type Call = { method: string; path: string; body: unknown }

/** The scorecard routes as the server answers `initial`'s reader; `refuse` answers every write 422 with it. */
function fakeServer(initial: Scorecards, refuse?: { field: string; message: string }) {
  const calls: Call[] = []
  let state = initial
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = String(input).replace('/api/v1', '')
      const method = init?.method ?? 'GET'
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      calls.push({ method, path, body })
      if (method === 'GET' && path === '/employer/applications/a1/scorecards') return json(200, state)
      if (method === 'PUT' && path === '/employer/applications/a1/scorecard') {
        if (refuse) {
          return json(422, { error: { code: 'validation', message: refuse.message, fields: { [refuse.field]: [refuse.message] } } })
        }
        const { ratings, note } = body as { ratings: Scorecard['ratings']; note: string }
        const mine = { ...card('mine', 'Tatenda Moyo', [], note.trim()), ratings }
        state = { ...state, mine, scorecards: [mine] }
        return json(200, state)
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } })
    }),
  )
  return calls
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <ScorecardSection applicationId="a1" />
    </QueryClientProvider>,
  )
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

describe('ScorecardSection', () => {
  it('rates each criterion with pressed buttons and sends the ratings in the criteria’s order with the note', async () => {
    const calls = fakeServer({ criteria: CRITERIA, mine: null, scorecards: [], summary: null })
    const user = userEvent.setup()
    renderSection()

    const sql = await screen.findByRole('group', { name: 'SQL' })
    const talk = screen.getByRole('group', { name: 'Stakeholder communication' })
    // Four ratings per criterion, named by the catalogue's labels.
    expect(within(sql).getAllByRole('button').map((b) => b.textContent)).toEqual([
      '1Strong no',
      '2No',
      '3Yes',
      '4Strong yes',
    ])
    await user.click(within(talk).getByRole('button', { name: 'Strong yes' }))
    await user.click(within(sql).getByRole('button', { name: 'No' }))
    // A second choice replaces the first; the same one again leaves the criterion unrated.
    await user.click(within(sql).getByRole('button', { name: 'Yes' }))
    expect(within(sql).getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(sql).getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'false')
    await user.type(screen.getByLabelText('Note'), '  Clear on joins. ')
    await user.click(screen.getByRole('button', { name: 'Save scorecard' }))

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Scorecard saved'))
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      [
        '/employer/applications/a1/scorecard',
        {
          ratings: [
            { criterion: 'SQL', rating: 3 },
            { criterion: 'Stakeholder communication', rating: 4 },
          ],
          note: '  Clear on joins. ',
        },
      ],
    ])
    expect(await screen.findByText(/You last saved your scorecard on/)).toBeVisible()
    // An interviewer's answer carries no summary: none is shown.
    expect(screen.queryByRole('heading', { name: 'The team’s scorecards' })).not.toBeInTheDocument()
  })

  it('shows the server’s refusal under the ratings, and toasts no success', async () => {
    const message = 'Rate the applicant on at least one criterion.'
    fakeServer({ criteria: CRITERIA, mine: null, scorecards: [], summary: null }, { field: 'ratings', message })
    const user = userEvent.setup()
    renderSection()
    await user.click(await screen.findByRole('button', { name: 'Save scorecard' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.getByRole('group', { name: 'SQL' })).toHaveAccessibleDescription(message)
    expect(toast.success).not.toHaveBeenCalled()
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('shows a note refused by the server under the note', async () => {
    const message = 'The note can be at most 2,000 characters.'
    fakeServer({ criteria: CRITERIA, mine: null, scorecards: [], summary: null }, { field: 'note', message })
    const user = userEvent.setup()
    renderSection()
    await user.click(within(await screen.findByRole('group', { name: 'SQL' })).getByRole('button', { name: 'Strong no' }))
    await user.click(screen.getByRole('button', { name: 'Save scorecard' }))
    await waitFor(() => expect(screen.getByLabelText('Note')).toHaveAttribute('aria-invalid', 'true'))
    expect(screen.getByLabelText('Note')).toHaveAccessibleDescription(expect.stringContaining(message))
  })

  it('for a recruiter, starts from their own card and shows the summary and every scorecard', async () => {
    const mine = card('c2', 'Farai Gumbo', [['SQL', 2]], 'Needs more practice.')
    fakeServer({
      criteria: CRITERIA,
      mine,
      scorecards: [card('c1', 'Rudo Chari', [['SQL', 4], ['Stakeholder communication', 3]], 'Hire.'), mine],
      summary: {
        scorecards: 2,
        average: 3,
        leaning: 'Yes',
        criteria: [
          { criterion: 'SQL', average: 3, ratings: 2 },
          { criterion: 'Stakeholder communication', average: 3, ratings: 1 },
          { criterion: 'Excel', average: null, ratings: 0 },
        ],
      },
    })
    renderSection()

    const sql = await screen.findByRole('group', { name: 'SQL' })
    expect(within(sql).getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByLabelText('Note')).toHaveValue('Needs more practice.')

    const team = screen.getByRole('region', { name: 'The team’s scorecards' })
    expect(team).toHaveTextContent('2 scorecards, average 3.0 of 4 (Yes)')
    const byCriterion = within(team).getByLabelText('Average by criterion')
    expect(byCriterion).toHaveTextContent('SQL3.0 · 2 ratings')
    expect(byCriterion).toHaveTextContent('Stakeholder communication3.0 · 1 rating')
    expect(byCriterion).toHaveTextContent('ExcelNot rated · 0 ratings')
    const rudo = within(team).getByRole('article', { name: 'Scorecard by Rudo Chari' })
    expect(rudo).toHaveTextContent('SQL: Strong yes')
    expect(rudo).toHaveTextContent('Stakeholder communication: Yes')
    expect(rudo).toHaveTextContent('Hire.')
    expect(within(team).getByRole('article', { name: 'Scorecard by Farai Gumbo' })).toHaveTextContent('SQL: No')
  })

  it('writes each scorecard’s date as the server does, whatever the reader’s time zone', async () => {
    // Late on Jan 5 in UTC, already Jan 6 in Auckland: every screen says Jan 5.
    const late = { ...card('c1', 'Rudo Chari', [['SQL', 4]], ''), updated_at: Date.UTC(2026, 0, 5, 23, 30) }
    fakeServer({
      criteria: CRITERIA,
      mine: late,
      scorecards: [late],
      summary: { scorecards: 1, average: 4, leaning: 'Strong yes', criteria: [{ criterion: 'SQL', average: 4, ratings: 1 }] },
    })
    const zone = process.env.TZ
    process.env.TZ = 'Pacific/Auckland'
    try {
      renderSection()
      expect(await screen.findByText('You last saved your scorecard on Jan 5, 2026.')).toBeVisible()
      expect(screen.getByRole('article', { name: 'Scorecard by Rudo Chari' })).toHaveTextContent('Rudo Chari Jan 5, 2026')
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })
})

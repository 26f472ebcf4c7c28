import { screen, within } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { renderApp, testSession } from '@/testing/render-app'
import type { Analytics } from '../api/analytics'

vi.mock('sonner', () => ({
  toast: { error: vi.fn<(...args: unknown[]) => string>(), success: vi.fn<(...args: unknown[]) => string>() },
}))

// jsdom has no layout for Recharts to measure; the charts are stand-ins here (the e2e run draws the real ones).
vi.mock('./charts', () => ({
  LocationBarChart: () => <svg data-testid="location-chart" />,
  StatusDonutChart: () => <svg data-testid="status-chart" />,
  DailyAreaChart: () => <svg data-testid="daily-chart" />,
}))

const DAY = 86_400_000
const start = Date.UTC(2026, 9, 24)

function analytics(extra: Partial<Analytics> = {}): Analytics {
  return {
    totalApplications: 5,
    acceptedCount: 2,
    rejectedCount: 1,
    pendingCount: 2,
    locationDistribution: { Harare: 3, Bulawayo: 2 },
    applicationsPerDay: Array.from({ length: 30 }, (_, i) => ({ day: start + i * DAY, count: i === 29 ? 5 : 0 })),
    applicationsPerJob: [{ job_id: 'j1', job_title: 'Data Analyst', count: 5 }],
    pipeline: [
      { stage: 'applied', label: 'Applied', reached: 5, percentOfApplied: 100, medianDays: 1.5 },
      { stage: 'screening', label: 'Screening', reached: 3, percentOfApplied: 60, medianDays: 2 },
      { stage: 'interview', label: 'Interview', reached: 2, percentOfApplied: 40, medianDays: null },
      { stage: 'offer', label: 'Offer', reached: 2, percentOfApplied: 40, medianDays: 1 },
      { stage: 'hired', label: 'Hired', reached: 0, percentOfApplied: 0, medianDays: null },
    ],
    fromDeletedAccounts: 0,
    ...extra,
  }
}

function serve(response: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => response.clone()),
  )
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

beforeEach(() => {
  sessionStore.set(testSession({ roles: ['employer'], companyName: 'Acme' }, Math.floor(Date.now() / 1000) + 3600))
  vi.mocked(toast.error).mockClear()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  sessionStore.clear()
  vi.unstubAllGlobals()
})

describe('Analytics', () => {
  it('shows the four counts and each chart with its numbers as text', async () => {
    serve(json(200, analytics()))
    renderApp('/employer/analytics')
    expect(await screen.findByRole('group', { name: 'Total Applications' })).toHaveTextContent('5')
    expect(screen.getByRole('group', { name: 'Accepted' })).toHaveTextContent('2')
    expect(screen.getByRole('group', { name: 'Rejected' })).toHaveTextContent('1')
    expect(screen.getByRole('group', { name: 'Pending' })).toHaveTextContent('2')

    const byLocation = screen.getByRole('figure', { name: 'Applications by location' })
    const places = within(byLocation).getByRole('list', { name: 'Applications per location' })
    expect(within(places).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Harare3 applications',
      'Bulawayo2 applications',
    ])
    expect(await within(byLocation).findByTestId('location-chart')).toBeInTheDocument()

    const status = screen.getByRole('figure', { name: 'Application status' })
    expect(within(status).getByText('Accepted').closest('li')).toHaveTextContent('2 (40%)')

    const funnel = within(screen.getByRole('figure', { name: 'Hiring funnel' })).getByRole('list', {
      name: 'Applications per stage',
    })
    expect(within(funnel).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Applied5 (100%) · median 1.5 days',
      'Screening3 (60%) · median 2 days',
      'Interview2 (40%) · no one has left this stage yet',
      'Offer2 (40%) · median 1 day',
      'Hired0 (0%) · no one has left this stage yet',
    ])

    const overTime = screen.getByRole('figure', { name: 'Applications over time' })
    expect(overTime).toHaveTextContent('5 applications in the last 30 days, most on Nov 22 (5).')
    expect(within(overTime).getAllByRole('row')).toHaveLength(31)
  })

  it('says how many of the counted applications come from accounts deleted since', async () => {
    serve(json(200, analytics({ fromDeletedAccounts: 2 })))
    renderApp('/employer/analytics')
    expect(
      await screen.findByText(
        '2 applications come from candidates who have since deleted their accounts: counted, without their names or documents.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Total Applications' })).toHaveTextContent('5')
  })

  it('says nothing of deleted accounts when none are counted', async () => {
    serve(json(200, analytics()))
    renderApp('/employer/analytics')
    await screen.findByRole('group', { name: 'Total Applications' })
    expect(screen.queryByText(/deleted their accounts/)).not.toBeInTheDocument()
  })

  it('shows the empty state when there are no applications', async () => {
    serve(json(200, analytics({ totalApplications: 0, acceptedCount: 0, rejectedCount: 0, pendingCount: 0 })))
    renderApp('/employer/analytics')
    expect(await screen.findByText('No data available yet. Post jobs to see analytics.')).toBeInTheDocument()
    expect(screen.queryByRole('figure')).not.toBeInTheDocument()
  })

  it('says when analytics cannot be loaded', async () => {
    serve(json(500, { error: { code: 'internal', message: 'Something went wrong' } }))
    renderApp('/employer/analytics')
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load analytics')
    expect(toast.error).toHaveBeenCalledWith('Failed to load analytics', expect.anything())
  })
})

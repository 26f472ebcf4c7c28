import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { cardText } from '@/testing/card-text'
import { renderApp, testSession } from '@/testing/render-app'
import type { Job } from '../api/types'

function job(id: string, title: string, location: string): Job {
  const fields = {
    id,
    job_title: title,
    company_name: 'Greenwood Pharmacy',
    company_logo: null,
    linkedin_url: null,
    location,
    job_type: 'Full-time',
    salary_min: 1500,
    salary_max: 2000,
    experience_years: 2,
    job_description: 'Dispense prescriptions and counsel patients.',
    requirements: [],
    benefits: [],
    skills: ['Dispensing'],
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
  }
  return { ...fields, card: cardText(fields) }
}

/** A stand-in for the network: every feed request's query, answered with a pharmacist in Bulawayo when the search names Bulawayo. */
function fakeServer() {
  const feedQueries: URLSearchParams[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost')
      if (url.pathname === '/api/v1/jobs') {
        feedQueries.push(url.searchParams)
        const jobs =
          url.searchParams.get('place') === 'Bulawayo'
            ? [job('byo', 'Pharmacist', 'Bulawayo')]
            : url.searchParams.has('q')
              ? []
              : [job('hre', 'Sales Representative', 'Harare')]
        return new Response(JSON.stringify({ jobs, next_cursor: null }), { status: 200, headers: { 'Content-Type': 'application/json' } })
      }
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 })
    }),
  )
  return feedQueries
}

beforeEach(() => sessionStore.set(testSession()))
afterEach(() => {
  sessionStore.clear()
  vi.unstubAllGlobals()
})

describe('searching the feed', () => {
  it('puts the words and filters in the address and asks the API for them', async () => {
    const queries = fakeServer()
    const user = userEvent.setup()
    const { router } = renderApp('/jobs?order=best')
    expect(await screen.findByRole('article', { name: 'Sales Representative' })).toBeInTheDocument()

    await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'pharmacist')
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    const filters = screen.getByRole('dialog', { name: 'Filters' })
    await user.type(within(filters).getByLabelText('Place'), 'Bulawayo')
    await user.type(within(filters).getByLabelText('Minimum salary (US$)'), '1000')
    await user.selectOptions(within(filters).getByLabelText('Posted within'), 'Last 7 days')
    await user.click(within(filters).getByRole('button', { name: 'Show jobs' }))

    expect(await screen.findByRole('article', { name: 'Pharmacist' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?order=best&q=pharmacist&place=Bulawayo&min_salary=1000&posted_within_days=7')
    const last = queries.at(-1)
    expect(Object.fromEntries(last ?? [])).toEqual({
      q: 'pharmacist',
      place: 'Bulawayo',
      min_salary: '1000',
      posted_within_days: '7',
      order: 'best_match',
      limit: '6',
    })
    expect(screen.getByRole('button', { name: 'Filters (3)' })).toBeInTheDocument()
  })

  it('opens a shared search with its values, and says when nothing matches', async () => {
    const queries = fakeServer()
    const user = userEvent.setup()
    const { router } = renderApp('/jobs?q=nurse&place=Gweru&remote=true&fits=true')
    expect(await screen.findByRole('heading', { name: 'No jobs match your search' })).toBeInTheDocument()
    expect(queries[0]?.get('q')).toBe('nurse')
    expect(queries[0]?.get('fits')).toBe('true')
    expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('nurse')
    await user.click(screen.getByRole('button', { name: 'Filters (3)' }))
    const filters = screen.getByRole('dialog', { name: 'Filters' })
    expect(within(filters).getByLabelText('Place')).toHaveValue('Gweru')
    expect(within(filters).getByRole('checkbox', { name: /Remote jobs only/ })).toBeChecked()
    expect(within(filters).getByRole('checkbox', { name: /Only jobs that fit my profile/ })).toBeChecked()
    await user.click(within(filters).getByRole('button', { name: 'Cancel' }))

    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(await screen.findByRole('article', { name: 'Sales Representative' })).toBeInTheDocument()
  })
})

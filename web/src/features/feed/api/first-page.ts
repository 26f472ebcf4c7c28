// The feed's first page, fetched ahead. Part of the app's entry (the route's loader imports it),
// so the request leaves before the feed's code has loaded or React has drawn anything; the rest
// of the feed's data code stays in the feed's own chunk. Whatever this file imports joins every
// page's first load.
import { apiFetch } from '@/lib/api-client'
import type { Job } from './types'

/** One page of the feed; `next_cursor` is null on the last page. */
export type FeedPage = { jobs: Job[]; next_cursor: string | null }

/** The feed's order: newest posted first (the spec's default), or by the candidate's fit. */
export type FeedOrder = 'newest' | 'best_match'

/** The order a feed address asks for (`?order=best`), so a reload or a shared link keeps it. */
export function feedOrderOf(params: URLSearchParams): FeedOrder {
  return params.get('order') === 'best' ? 'best_match' : 'newest'
}

/**
 * The search's filters, named in the address as the API names them (`/jobs?q=pharmacist&place=
 * Bulawayo&min_salary=1000`), so a reload or a shared link shows the same search.
 */
export const SEARCH_PARAMS = ['q', 'place', 'remote', 'min_salary', 'job_type', 'posted_within_days', 'fits'] as const

export type SearchParam = (typeof SEARCH_PARAMS)[number]

/** The search an address asks for, as a query string of its non-blank filters in a fixed order ('' for none). */
export function feedSearchOf(params: URLSearchParams): string {
  const search = new URLSearchParams()
  for (const name of SEARCH_PARAMS) {
    const value = params.get(name)?.trim()
    if (value) search.set(name, value)
  }
  return search.toString()
}

/** Jobs per page: a few swipes ahead of the card on screen, without loading all jobs at once. */
export const FEED_PAGE_SIZE = 20

/**
 * Jobs on the first page: the card on screen and a few swipes. On a phone's connection the
 * first card waits for this answer, so it is kept small; the next page is asked for while those
 * are swiped.
 */
export const FIRST_FEED_PAGE_SIZE = 6

/** GET /jobs: live jobs in `order` found by `search` (see {@link feedSearchOf}), one page after `cursor` (the first when null). */
export function getFeedPage(cursor: string | null, order: FeedOrder = 'newest', search = ''): Promise<FeedPage> {
  const query = new URLSearchParams(search)
  query.set('limit', String(cursor === null ? FIRST_FEED_PAGE_SIZE : FEED_PAGE_SIZE))
  if (order !== 'newest') query.set('order', order)
  if (cursor !== null) query.set('cursor', cursor)
  return apiFetch<FeedPage>(`/jobs?${query}`)
}

/** How long a first page fetched ahead by the route stays good for the page that asks for it. */
const EARLY_PAGE_MS = 10_000

let early: { order: FeedOrder; search: string; startedAt: number; page: Promise<FeedPage> } | null = null

/**
 * Starts fetching the feed's first page (the route's loader calls this while the entry runs), so
 * on a slow connection the request does not wait for the page's code or the first render. The
 * feed's query takes it over once.
 */
export function fetchFeedEarly(order: FeedOrder, search = ''): void {
  const page = getFeedPage(null, order, search)
  page.catch(() => {}) // The query reports a failure when it takes the page over.
  early = { order, search, startedAt: Date.now(), page }
}

/** Drops a first page fetched ahead: the next one must be asked for anew (Start Over). */
export function forgetEarlyFeed(): void {
  early = null
}

/** The feed's first page in `order` for `search`: the one fetched ahead, taken once while fresh, or a new request. */
export function firstPage(order: FeedOrder, search = ''): Promise<FeedPage> {
  const taken = early
  early = null
  const same = taken && taken.order === order && taken.search === search
  if (same && Date.now() - taken.startedAt < EARLY_PAGE_MS) return taken.page
  return getFeedPage(null, order, search)
}

import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Job } from './types'

/** One page of the feed; `next_cursor` is null on the last page. */
export type FeedPage = { jobs: Job[]; next_cursor: string | null }

/** The start of the feed's query keys, one per order (the cache is cleared when the signed-in user changes). */
export const FEED_QUERY_KEY = ['feed', 'jobs'] as const

/** The feed's order: newest posted first (the spec's default), or by the candidate's fit. */
export type FeedOrder = 'newest' | 'best_match'

/** Jobs per page: a few swipes ahead of the card on screen, without loading all jobs at once. */
export const FEED_PAGE_SIZE = 20

/** GET /jobs: live jobs in `order`, one page after `cursor`. */
export function getFeedPage(cursor: string | null, order: FeedOrder = 'newest'): Promise<FeedPage> {
  const query = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) })
  if (order !== 'newest') query.set('order', order)
  if (cursor !== null) query.set('cursor', cursor)
  return apiFetch<FeedPage>(`/jobs?${query}`)
}

export function feedQueryOptions(order: FeedOrder = 'newest') {
  return infiniteQueryOptions({
    queryKey: [...FEED_QUERY_KEY, order],
    queryFn: ({ pageParam }) => getFeedPage(pageParam, order),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // The feed is a position in a list being swiped through: refetching under the user would move
    // cards, so it is fetched fresh only when the page opens (and on Start Over).
    staleTime: Infinity,
    refetchOnMount: 'always',
  })
}

/** The feed, page by page. */
export function useFeed(order: FeedOrder = 'newest') {
  return useInfiniteQuery(feedQueryOptions(order))
}

/** The feed's pages with `jobId` marked as applied (after a successful application). */
export function markAppliedInFeed(data: InfiniteData<FeedPage> | undefined, jobId: string) {
  if (!data) return data
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      jobs: page.jobs.map((job) => (job.id === jobId ? { ...job, applied: true } : job)),
    })),
  }
}

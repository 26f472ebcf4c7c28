import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query'
import { FEED_QUERY_KEY } from '@/entities/query-keys'
import { firstPage, getFeedPage, type FeedOrder, type FeedPage } from './first-page'

/** The feed in `order`, found by `search` (the address's filters: see `feedSearchOf`). */
export function feedQueryOptions(order: FeedOrder = 'newest', search = '') {
  return infiniteQueryOptions({
    queryKey: [...FEED_QUERY_KEY, order, search],
    queryFn: ({ pageParam }) =>
      pageParam === null ? firstPage(order, search) : getFeedPage(pageParam, order, search),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // The feed is a position in a list being swiped through: refetching under the user would move
    // cards, so it is fetched fresh only when the page opens (and on Start Over).
    staleTime: Infinity,
    refetchOnMount: 'always',
  })
}

/** The feed, page by page. */
export function useFeed(order: FeedOrder = 'newest', search = '') {
  return useInfiniteQuery(feedQueryOptions(order, search))
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

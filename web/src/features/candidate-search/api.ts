// Finding people among the employer's own applicants: GET /employer/candidates.
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import { EMPLOYER_APPLICATIONS_KEY } from '@/entities/query-keys'

/** One person, with their applications that match. */
export type CandidateHit = Schema<'CandidateHit'>

type Page = Schema<'CandidatesBody'>

/** What the search asks; blank fields ask nothing. */
export type CandidateSearch = {
  q: string
  stage: string
  jobId: string
  minScore: string
  sort: 'score' | 'date'
}

export const NO_SEARCH: CandidateSearch = { q: '', stage: '', jobId: '', minScore: '', sort: 'score' }

/** The query string of `search` (blank fields left out), for a page after `cursor`. */
export function searchQuery(search: CandidateSearch, cursor: string | null): string {
  const query = new URLSearchParams()
  if (search.q.trim()) query.set('q', search.q.trim())
  if (search.stage) query.set('stage', search.stage)
  if (search.jobId) query.set('job_id', search.jobId)
  if (search.minScore) query.set('min_score', search.minScore)
  query.set('sort', search.sort)
  if (cursor !== null) query.set('cursor', cursor)
  return query.toString()
}

export function findCandidates(search: CandidateSearch, cursor: string | null): Promise<Page> {
  return apiFetch<Page>(`/employer/candidates?${searchQuery(search, cursor)}`)
}

/** The people matching `search`, page by page; the last results stay shown while new ones load. */
export function useCandidateSearch(search: CandidateSearch) {
  return useInfiniteQuery({
    queryKey: [...EMPLOYER_APPLICATIONS_KEY, 'candidates', search],
    queryFn: ({ pageParam }) => findCandidates(search, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  })
}

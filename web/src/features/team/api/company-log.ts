// The company's log: who did what, newest first (GET /employer/audit, admins only), and the
// whole of it as a spreadsheet (GET /employer/audit.csv).
import { useInfiniteQuery } from '@tanstack/react-query'
import { EMPLOYER_QUERIES } from '@/entities/query-keys'
import { apiBlob, apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'

export type CompanyLogPage = Schema<'LogBody'>
export type CompanyLogEntry = Schema<'LogEntry'>

/** Entries per page (the server allows up to this many). */
export const COMPANY_LOG_PAGE_SIZE = 50

/** The file name the CSV download is saved under. */
export const COMPANY_LOG_FILE_NAME = 'company-log.csv'

const KEY = [...EMPLOYER_QUERIES, 'audit'] as const

/** GET /employer/audit: one page, newest first, after `cursor`. */
export function listCompanyLog(cursor: string | null): Promise<CompanyLogPage> {
  const query = new URLSearchParams({ limit: String(COMPANY_LOG_PAGE_SIZE) })
  if (cursor !== null) query.set('cursor', cursor)
  return apiFetch<CompanyLogPage>(`/employer/audit?${query}`)
}

/**
 * GET /employer/audit.csv: the whole log as a spreadsheet. Fetched (the token is a header, so a
 * plain link cannot carry it) and handed back as a blob to save.
 */
export function downloadCompanyLogCsv(): Promise<Blob> {
  return apiBlob('/employer/audit.csv')
}

/** The company's log, page by page (`fetchNextPage` loads the next one while there is one). */
export function useCompanyLog() {
  return useInfiniteQuery({
    queryKey: KEY,
    queryFn: ({ pageParam }) => listCompanyLog(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  })
}

// Applications to the employer's jobs (spec, employer §7 "applications"): list
// with filters, accept, reject, comment, delete, the candidate and their
// documents, and the AI recommendation.
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query'
import type { Schema } from '@/lib/api-schema'
import { apiBlob, apiFetch } from '@/lib/api-client'
import { filtersToQuery, type ApplicationFilters } from '../filters'
import { EMPLOYER_ANALYTICS_KEY, EMPLOYER_APPLICATIONS_KEY, EMPLOYER_JOBS_KEY } from '@/entities/query-keys'

/**
 * An application as the employer's API lists it (rejected ones are not listed: {@link useRejected} reads them). The cover
 * letter is not in the list: the candidate dialog loads it ({@link Candidate}).
 */
export type EmployerApplication = Schema<'EmployerApplication'>

export type CandidateDocument = Schema<'CandidateDocument'>

/** The candidate of an application, with their documents. */
export type Candidate = Schema<'CandidateBody'>

export type Recommendation = Schema<'Recommendation'>

/** Why an application is rejected (core's list; the candidate never sees it). */
export type RejectionReason = Schema<'RejectionReason'>

/** What a rejection records besides the decision. */
export type Rejection = { reason: RejectionReason; detail: string; feedback: string }

const appPath = (id: string) => `/employer/applications/${encodeURIComponent(id)}`

/** One page of the list; `next_cursor` is null on the last page. */
export type ApplicationsPage = Schema<'ApplicationsBody'>

/** Applications per page (the server's default; it allows up to 100). */
export const APPLICATIONS_PAGE_SIZE = 20

/** GET /employer/applications with the filters: one page, newest first, after `cursor`. */
export function listApplications(filters: ApplicationFilters, cursor: string | null): Promise<ApplicationsPage> {
  const query = new URLSearchParams(filtersToQuery(filters))
  query.set('limit', String(APPLICATIONS_PAGE_SIZE))
  if (cursor !== null) query.set('cursor', cursor)
  return apiFetch<ApplicationsPage>(`/employer/applications?${query}`)
}

/** The file name the CSV export is saved under (the server's Content-Disposition says the same). */
export const EXPORT_FILE_NAME = 'applications.csv'

/**
 * GET /employer/applications/export.csv with the filters: the listed applications
 * as a spreadsheet file. Fetched (the token is a header, so a plain link cannot
 * carry it) and handed back as a blob to save.
 */
export function exportApplicationsCsv(filters: ApplicationFilters): Promise<Blob> {
  return apiBlob(`/employer/applications/export.csv${filtersToQuery(filters)}`)
}

/**
 * GET /employer/applications/export.csv?ids=…: only the selected applications (those that are
 * the caller's), whatever the filters.
 */
export function exportSelectedCsv(ids: readonly string[]): Promise<Blob> {
  return apiBlob(`/employer/applications/export.csv?${new URLSearchParams({ ids: ids.join(',') })}`)
}

/**
 * The applications matching `filters`, page by page (`fetchNextPage` loads more); the
 * previous list stays shown while a new filter loads.
 */
export function useApplications(filters: ApplicationFilters) {
  return useInfiniteQuery({
    queryKey: [...EMPLOYER_APPLICATIONS_KEY, 'list', filters],
    queryFn: ({ pageParam }) => listApplications(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  })
}

/** GET /employer/applications/{id}/candidate. */
export function getCandidate(id: string): Promise<Candidate> {
  return apiFetch<Candidate>(`${appPath(id)}/candidate`)
}

export function useCandidate(id: string) {
  return useQuery({ queryKey: [...EMPLOYER_APPLICATIONS_KEY, 'candidate', id], queryFn: () => getCandidate(id) })
}

/** GET /employer/applications/{id}/documents/{docId}: the file. */
export function downloadCandidateDocument(applicationId: string, documentId: string): Promise<Blob> {
  return apiBlob(`${appPath(applicationId)}/documents/${encodeURIComponent(documentId)}`)
}

/** GET /employer/applications/{id}/documents/{docId}/preview: a Word or text file's text as a page of escaped HTML. */
export async function previewCandidateDocument(applicationId: string, documentId: string): Promise<string> {
  const path = `${appPath(applicationId)}/documents/${encodeURIComponent(documentId)}/preview`
  return (await apiFetch<Schema<'PreviewBody'>>(path)).html
}

/** GET /employer/recommendation with the filters: the top-scoring application. */
export function getRecommendation(filters: ApplicationFilters): Promise<Recommendation> {
  return apiFetch<Recommendation>(`/employer/recommendation${filtersToQuery(filters)}`)
}

/** POST /employer/applications/{id}/accept, or …/reject with its reason and texts. */
export function decide(id: string, decision: 'accept' | Rejection): Promise<Schema<'DecisionBody'>> {
  if (decision === 'accept') return apiFetch(`${appPath(id)}/accept`, { method: 'POST' })
  const body: Schema<'RejectBody'> = { reason: decision.reason }
  if (decision.detail) body.detail = decision.detail
  if (decision.feedback) body.feedback = decision.feedback
  return apiFetch(`${appPath(id)}/reject`, { method: 'POST', json: body })
}

/** Where an application can be: one of core's stages, or the `key` of one of its job's own. */
export type Stage = Schema<'StageOption'>['stage']

/** A stage with its name, as the move selects offer it. */
export type StageOption = Schema<'StageOption'>

/** POST /employer/applications/{id}/stage: moves it (Offer or Hired accepts it). */
export function moveStage(id: string, stage: Stage): Promise<Schema<'MovedBody'>> {
  return apiFetch(`${appPath(id)}/stage`, { method: 'POST', json: { stage } })
}

/** The private note and the feedback to the candidate, as stored. */
export type Notes = Schema<'CommentReply'>

/** PUT /employer/applications/{id}/comment: both texts (a blank one is cleared; not both). */
export function saveComment(id: string, privateNote: string, feedback: string): Promise<Notes> {
  return apiFetch<Notes>(`${appPath(id)}/comment`, {
    method: 'PUT',
    json: { private_note: privateNote, employer_comment: feedback },
  })
}

/** DELETE /employer/applications/{id}: it leaves the employer's list. */
export function deleteApplication(id: string): Promise<void> {
  return apiFetch<void>(appPath(id), { method: 'DELETE' })
}

/** A rejected application as the archive shows it: reason, feedback sent, date, and where it can go back to. */
export type RejectedApplication = Schema<'RejectedApplication'>

/** One page of the archive, newest rejection first. */
export type RejectedPage = Schema<'RejectedBody'>

/** GET /employer/applications/rejected: one page, of one job when `jobId` is given. */
export function listRejected(jobId: string | null, cursor: string | null): Promise<RejectedPage> {
  const query = new URLSearchParams()
  if (jobId !== null) query.set('job_id', jobId)
  if (cursor !== null) query.set('cursor', cursor)
  const suffix = query.size > 0 ? `?${query}` : ''
  return apiFetch<RejectedPage>(`/employer/applications/rejected${suffix}`)
}

/** The employer's rejected applications (of one job, or all), page by page. */
export function useRejected(jobId: string | null) {
  return useInfiniteQuery({
    queryKey: [...EMPLOYER_APPLICATIONS_KEY, 'rejected', jobId],
    queryFn: ({ pageParam }) => listRejected(jobId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  })
}

/** POST /employer/applications/{id}/reconsider: back on the list at `stage`; the candidate is told. */
export function reconsider(id: string, stage: Stage): Promise<Schema<'ReconsideredBody'>> {
  return apiFetch(`${appPath(id)}/reconsider`, { method: 'POST', json: { stage } })
}

export function useReconsider() {
  const refresh = useListUpdate()
  return useMutation({
    mutationFn: ({ id, stage }: { id: string; stage: Stage }) => reconsider(id, stage),
    onSuccess: () => refresh(null),
  })
}

type ListUpdater = (list: EmployerApplication[]) => EmployerApplication[]

/** `change` applied to every loaded page of a cached list. */
export function updatePages(
  data: InfiniteData<ApplicationsPage> | undefined,
  change: ListUpdater,
): InfiniteData<ApplicationsPage> | undefined {
  if (!data) return data
  return { ...data, pages: data.pages.map((page) => ({ ...page, applications: change(page.applications) })) }
}

/**
 * Applies `change` to every cached list at once, then refetches the lists, the rejected archive
 * (a rejection enters it, a reconsidered one leaves it), analytics and job counts.
 */
function useListUpdate() {
  const queryClient = useQueryClient()
  return (change: ListUpdater | null) => {
    if (change) {
      queryClient.setQueriesData<InfiniteData<ApplicationsPage>>({ queryKey: [...EMPLOYER_APPLICATIONS_KEY, 'list'] }, (old) =>
        updatePages(old, change),
      )
    }
    void queryClient.invalidateQueries({ queryKey: [...EMPLOYER_APPLICATIONS_KEY, 'list'] })
    void queryClient.invalidateQueries({ queryKey: [...EMPLOYER_APPLICATIONS_KEY, 'rejected'] })
    void queryClient.invalidateQueries({ queryKey: EMPLOYER_ANALYTICS_KEY })
    void queryClient.invalidateQueries({ queryKey: EMPLOYER_JOBS_KEY })
  }
}

export function useDecide() {
  const refresh = useListUpdate()
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'accept' | Rejection }) => decide(id, decision),
    onSuccess: ({ status, status_label, status_bucket }, { id, decision }) =>
      refresh((list) =>
        decision === 'accept'
          ? list.map((a) => (a.id === id ? { ...a, status, status_label, status_bucket } : a))
          : list.filter((a) => a.id !== id),
      ),
  })
}

export function useMoveStage() {
  const refresh = useListUpdate()
  return useMutation({
    mutationFn: ({ id, stage }: { id: string; stage: Stage }) => moveStage(id, stage),
    onSuccess: ({ status, status_label, status_bucket, stage, stage_label, stage_group, next_stages }, { id }) =>
      refresh((list) =>
        list.map((a) =>
          a.id === id
            ? { ...a, status, status_label, status_bucket, stage, stage_label, stage_group, next_stages }
            : a,
        ),
      ),
  })
}

/** One action on many selected applications: a move to one stage, or a rejection with one reason. */
export type BulkRequest = { ids: string[] } & ({ action: 'move'; to: Stage } | ({ action: 'reject' } & Rejection))

/** What a bulk request came to: those done, those skipped with why, and a sentence saying so. */
export type BulkReply = Schema<'BulkReply'>

/** POST /employer/applications/bulk: one transaction; what could not be done is listed in `failed`. */
export function bulkAction(request: BulkRequest): Promise<BulkReply> {
  const body: Schema<'BulkBody'> = { ids: request.ids, action: request.action }
  if (request.action === 'move') {
    body.to = request.to
  } else {
    body.reason = request.reason
    if (request.detail) body.detail = request.detail
    if (request.feedback) body.feedback = request.feedback
  }
  return apiFetch(`/employer/applications/bulk`, { method: 'POST', json: body })
}

export function useBulkAction() {
  const refresh = useListUpdate()
  return useMutation({
    mutationFn: bulkAction,
    // The moved ones' new stages come with the refetch; rejected ones leave at once.
    onSuccess: ({ done }, request) =>
      refresh(request.action === 'reject' ? (list) => list.filter((a) => !done.includes(a.id)) : null),
  })
}

export function useSaveComment() {
  const refresh = useListUpdate()
  return useMutation({
    mutationFn: ({ id, privateNote, feedback }: { id: string; privateNote: string; feedback: string }) =>
      saveComment(id, privateNote, feedback),
    onSuccess: (saved, { id }) => refresh((list) => list.map((a) => (a.id === id ? { ...a, ...saved } : a))),
  })
}

export function useDeleteApplication() {
  const refresh = useListUpdate()
  return useMutation({
    mutationFn: deleteApplication,
    onSuccess: (_, id) => refresh((list) => list.filter((a) => a.id !== id)),
  })
}

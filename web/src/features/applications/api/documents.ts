// The candidate's documents as listed on each application card (spec, candidate §2
// "Applications": a collapsible list of the user's documents with download).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiBlob, apiFetch } from '@/lib/api-client'

/** A document as GET /documents lists it (the fields this page shows). */
export type CandidateDocument = {
  id: string
  document_type: string
  file_name: string
  /** Bytes. */
  file_size: number
  is_default: boolean
  /** Epoch milliseconds. */
  uploaded_at: number
}

/** The same key as My Documents' list, so both pages share one cache entry. */
export const DOCUMENTS_QUERY_KEY = ['documents', 'mine'] as const

/** GET /documents, newest first. */
export async function listDocuments(): Promise<CandidateDocument[]> {
  const answer = await apiFetch<{ documents: CandidateDocument[] }>('/documents')
  return answer.documents
}

/** The documents, fetched only once `enabled` (a card's list is first opened). */
export function useCandidateDocuments(enabled: boolean) {
  return useQuery({ ...queryOptions({ queryKey: DOCUMENTS_QUERY_KEY, queryFn: listDocuments }), enabled })
}

/** GET /documents/{id}/download, as a blob. */
export function downloadDocument(id: string): Promise<Blob> {
  return apiBlob(`/documents/${encodeURIComponent(id)}/download`)
}

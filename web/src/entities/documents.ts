// The signed-in user's documents: one query key, one request and one hook for every feature that
// lists them (My Documents, the documents on My Applications' cards, a saved upgraded resume).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiBlob, apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import { DOCUMENT_TYPES, SHARE_LINK_DEFAULT_DAYS } from '@/generated/catalogue'

/** Every type a listed document may have (core's `DocumentType`; "other" is in old data only). */
export type DocumentType = Schema<'DocumentType'>

/** The two types a document can be uploaded as (spec, candidate §5). */
export type UploadType = Exclude<DocumentType, 'other'>

/** The name of a document's type on screen (core's names). */
export function documentTypeLabel(type: DocumentType): string {
  return DOCUMENT_TYPES.find((t) => t.key === type)?.label ?? type
}

/** A document as GET /documents lists it. */
export type UserDocument = Schema<'Document'>

/** Every query about documents (the list, share links, QR links) starts with this. */
export const DOCUMENTS_QUERIES = ['documents'] as const

/** The query key of the signed-in user's documents (the cache is cleared when the user changes). */
export const DOCUMENTS_QUERY_KEY = ['documents', 'mine'] as const

/** GET /documents, newest first. */
export async function listDocuments(): Promise<UserDocument[]> {
  const answer = await apiFetch<Schema<'DocumentsBody'>>('/documents')
  return answer.documents
}

export function documentsQueryOptions() {
  return queryOptions({ queryKey: DOCUMENTS_QUERY_KEY, queryFn: listDocuments })
}

/** The signed-in user's documents; with `enabled` false, not fetched yet (a list still closed). */
export function useDocuments({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...documentsQueryOptions(), enabled })
}

/** GET /documents/{id}/download, as a blob. */
export function downloadDocument(id: string): Promise<Blob> {
  return apiBlob(`/documents/${encodeURIComponent(id)}/download`)
}

/** A link just created: the only time its token and path are given. */
export type NewShareLink = Schema<'NewShareLink'>

/** POST /documents/{id}/share-links: a new link, valid `expiresInDays` (1 to SHARE_LINK_MAX_DAYS). */
export function createShareLink(documentId: string, expiresInDays = SHARE_LINK_DEFAULT_DAYS): Promise<NewShareLink> {
  return apiFetch<NewShareLink>(`/documents/${encodeURIComponent(documentId)}/share-links`, {
    method: 'POST',
    json: { expires_in_days: expiresInDays },
  })
}

// The documents API (spec, candidate §7 "user_documents" and storage) beyond the list
// (`@/entities/documents`): upload, delete, default resume and revocable share links for the QR code.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch, apiUpload, type UploadProgress } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import { DOCUMENTS_QUERY_KEY, type UserDocument } from '@/entities/documents'
import { PROFILE_QUERY_KEY } from '@/entities/profile'
import type { UploadType } from '../format'

/** A share link as its owner lists it (the token is never listed). */
export type ShareLink = Schema<'ShareLink'>

/** A link just created: the only time its token and path are given. */
export type { NewShareLink } from '@/entities/documents'

/** The query key of one document's share links. */
export function shareLinksQueryKey(documentId: string) {
  return ['documents', 'share-links', documentId] as const
}

const documentPath = (id: string) => `/documents/${encodeURIComponent(id)}`

export type UploadDocumentInput = {
  documentType: UploadType
  file: File
  onProgress?: (progress: UploadProgress) => void
}

/** The multipart body of POST /documents. */
export function uploadFormData(documentType: UploadType, file: File): FormData {
  const data = new FormData()
  data.set('document_type', documentType)
  data.set('file', file)
  return data
}

/** POST /documents (multipart), reporting upload progress. */
export async function uploadDocument({ documentType, file, onProgress }: UploadDocumentInput): Promise<UserDocument> {
  const answer = await apiUpload<{ document: UserDocument }>('/documents', uploadFormData(documentType, file), {
    onProgress,
  })
  return answer.document
}

/** Uploading a document; the new one goes to the top of the list. */
export function useUploadDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: (document) => {
      queryClient.setQueryData<UserDocument[]>(DOCUMENTS_QUERY_KEY, (old) =>
        old ? [document, ...old.filter((d) => d.id !== document.id)] : old,
      )
      void queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY })
    },
  })
}


/** DELETE /documents/{id}: the file and its row (a default resume stops being the default). */
export function deleteDocument(id: string): Promise<void> {
  return apiFetch<void>(documentPath(id), { method: 'DELETE' })
}

export function useDeleteDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_, id) => {
      queryClient.setQueryData<UserDocument[]>(DOCUMENTS_QUERY_KEY, (old) => old?.filter((d) => d.id !== id))
      void queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY })
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY })
    },
  })
}

/** PUT /documents/{id}/default: this resume becomes the one used for applications. */
export async function setDefaultResume(id: string): Promise<UserDocument> {
  const answer = await apiFetch<{ document: UserDocument }>(`${documentPath(id)}/default`, { method: 'PUT' })
  return answer.document
}

/** The list after `id` became the default resume: it alone is marked. */
export function withDefault(documents: readonly UserDocument[], id: string): UserDocument[] {
  return documents.map((d) => {
    const isDefault = d.id === id
    return d.is_default === isDefault ? d : { ...d, is_default: isDefault }
  })
}

export function useSetDefaultResume() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setDefaultResume,
    onSuccess: (document) => {
      queryClient.setQueryData<UserDocument[]>(DOCUMENTS_QUERY_KEY, (old) => old && withDefault(old, document.id))
      void queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY })
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY })
    },
  })
}

export { createShareLink } from '@/entities/documents'

/** GET /documents/{id}/share-links, newest first (revoked and expired ones too). */
export async function listShareLinks(documentId: string): Promise<ShareLink[]> {
  const answer = await apiFetch<Schema<'ShareLinksBody'>>(`${documentPath(documentId)}/share-links`)
  return answer.share_links
}

/** One document's share links. */
export function useShareLinks(documentId: string) {
  return useQuery({ queryKey: shareLinksQueryKey(documentId), queryFn: () => listShareLinks(documentId), staleTime: 0 })
}

/** DELETE /share-links/{id}: the link stops working at once (410 from then on). */
export function revokeShareLink(id: string): Promise<void> {
  return apiFetch<void>(`/share-links/${encodeURIComponent(id)}`, { method: 'DELETE' })
}

/** DELETE /documents/{id}/share-links: every link to the file that still opens stops working; how many did. */
export async function stopSharing(documentId: string): Promise<number> {
  const answer = await apiFetch<Schema<'RevokedLinksBody'>>(`${documentPath(documentId)}/share-links`, { method: 'DELETE' })
  return answer.revoked
}

// Saving the upgraded resume to My Documents (spec, candidate §7 "Storage"):
// an ordinary resume upload to POST /documents.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiUpload } from '@/lib/api-client'
import { DOCUMENTS_QUERIES } from '@/entities/documents'

/** The document as the server answers (the fields read here). */
export type SavedDocument = { id: string; file_name: string }

/** Uploads `file` as a resume document. */
export async function saveResumeDocument(file: File): Promise<SavedDocument> {
  const data = new FormData()
  // The type first: the server judges the file by it while the bytes stream in.
  data.set('document_type', 'resume')
  data.set('file', file)
  const answer = await apiUpload<{ document: SavedDocument }>('/documents', data)
  return answer.document
}

export function useSaveResumeDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveResumeDocument,
    // Every cached documents list (the My Documents page's and the applications' lists) is now stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERIES }),
  })
}

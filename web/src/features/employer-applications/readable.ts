import type { CandidateDocument } from './api/applications'

export const PDF = 'application/pdf'

const READABLE = new Set([
  PDF,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/msword',
  'text/plain',
])

/** Whether the page can show a document: PDFs in the browser's viewer, Word and text files as their text. */
export function isReadable(document: CandidateDocument): boolean {
  return READABLE.has(document.content_type)
}

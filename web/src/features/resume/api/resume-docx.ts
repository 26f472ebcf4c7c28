// POST /resume/docx: the upgraded resume as a Word file, written by the server from the
// same structure the PDF is set from.
import { apiBlob } from '@/lib/api-client'

/** The Word file of a resume's text. */
export function resumeDocx(text: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob('/resume/docx', { method: 'POST', json: { text }, signal })
}

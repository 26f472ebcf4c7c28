// Pure helpers of the My Documents page (spec, candidate §2 "My Documents" and §9).

import { documentTypeLabel, type DocumentType, type UploadType } from '@/entities/documents'
import { MAX_DOCUMENT_SIZE_TEXT } from '@/generated/catalogue'

export { documentTypeLabel }
export { formatFileSize } from '@/lib/file-size'
export type { DocumentType, UploadType }

/** What each upload type accepts, for the file input (the server judges by content). */
export const UPLOAD_TYPES: Record<UploadType, { label: string; accept: string; hint: string }> = {
  resume: { label: documentTypeLabel('resume'), accept: '.pdf,.doc,.docx,.txt', hint: `PDF, DOC, DOCX or TXT (max ${MAX_DOCUMENT_SIZE_TEXT})` },
  certificate: {
    label: documentTypeLabel('certificate'),
    accept: '.pdf,.doc,.docx,.jpg,.jpeg,.png',
    hint: `PDF, DOC, DOCX, JPG, JPEG or PNG (max ${MAX_DOCUMENT_SIZE_TEXT})`,
  },
}

export { formatDateTime } from '@/lib/date-time'

/** Whether a file's name ends with one of the extensions of `accept` (".pdf,.doc"). */
export function fitsAccept(fileName: string, accept: string): boolean {
  const name = fileName.toLowerCase()
  return accept
    .split(',')
    .map((ext) => ext.trim().toLowerCase())
    .some((ext) => ext !== '' && name.endsWith(ext))
}

/** The downloaded QR image's name: "cv.final.pdf" → "cv.final-qr.png", "resume" → "resume-qr.png". */
export function qrFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName
  return `${stem || 'document'}-qr.png`
}

/** The absolute address of a share link: the page's origin and the path the server gave. */
export function shareUrl(origin: string, path: string): string {
  return new URL(path, origin).toString()
}

/** A share link as the owner lists it. */
export type ShareLinkSummary = {
  id: string
  expires_at: number
  revoked_at: number | null
}

/** The links that still open (not revoked, not expired), leaving out `exceptId`, in the given order. */
export function activeLinks<T extends ShareLinkSummary>(links: readonly T[], nowMs: number, exceptId?: string): T[] {
  return links.filter((link) => link.revoked_at === null && link.expires_at > nowMs && link.id !== exceptId)
}

// Pure helpers of the My Documents page (spec, candidate §2 "My Documents" and §9).

/** The two types a document can be uploaded as (spec, candidate §5). */
export type UploadType = 'resume' | 'certificate'

/** Every type a listed document may have ("other" appears in old data). */
export type DocumentType = UploadType | 'other'

/** The largest file the server takes for a resume or a certificate. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

/** What each upload type accepts, for the file input (the server judges by content). */
export const UPLOAD_TYPES: Record<UploadType, { label: string; accept: string; hint: string }> = {
  resume: { label: 'Resume', accept: '.pdf,.doc,.docx,.txt', hint: 'PDF, DOC, DOCX or TXT (max 10MB)' },
  certificate: {
    label: 'Certificate',
    accept: '.pdf,.doc,.docx,.jpg,.jpeg,.png',
    hint: 'PDF, DOC, DOCX, JPG, JPEG or PNG (max 10MB)',
  },
}

/** The label of a listed document's type. */
export function documentTypeLabel(type: DocumentType): string {
  if (type === 'other') return 'Other'
  return UPLOAD_TYPES[type].label
}

/** A document's size in KB with one decimal (spec §9: "Document size is shown in KB"): 35021 → "34.2 KB". */
export function formatSizeKb(bytes: number): string {
  const kb = Math.max(0, bytes) / 1024
  return `${kb.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} KB`
}

/** A moment (epoch ms) as a readable local date and time, e.g. "Nov 22, 2026, 4:18 AM". */
export function formatDateTime(epochMs: number, locale?: string, timeZone?: string): string {
  return new Date(epochMs).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
}

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

// Sharing and applying outside the app: job links, WhatsApp, the clipboard and mail links
// (spec, candidate §2 "Job card", §4 "Swipe feed", §7 "Client-only actions").
import { jobHref } from '@/config/paths'

/** The job's own page, as an absolute address. */
export function jobUrl(origin: string, jobId: string): string {
  return `${origin}${jobHref(jobId)}`
}

/** What copying and sharing a job says: "{title} at {company} - {url}". */
export function jobShareText(job: { job_title: string; company_name: string }, url: string): string {
  return `${job.job_title} at ${job.company_name} - ${url}`
}

/** A WhatsApp share link carrying `text`. */
export function whatsAppShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`
}

/**
 * The job's LinkedIn address, when `linkedin_url` holds one. An "@" makes the
 * field the employer's e-mail instead (spec §4), and only http(s) addresses
 * are opened, so a stored `javascript:` value can never run.
 */
export function linkedInUrl(linkedin: string | null): string | null {
  const value = linkedin?.trim() ?? ''
  if (value === '' || value.includes('@')) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/** A mail link to `address` with the subject and body encoded (spec §4 "Apply via email"). */
export function mailtoHref(address: string, subject: string, body: string): string {
  // The address keeps its "@"; anything else that could end it early (?, &, spaces) is encoded.
  const to = encodeURIComponent(address.trim()).replaceAll('%40', '@')
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}

/** A document going with an e-mailed application: its name and the link that opens it. */
export type LinkedDocument = { name: string; url: string }

/**
 * The cover letter with a link to each document the candidate ticked: a mail link cannot
 * carry files, so the employer opens them through share links valid for `days`.
 */
export function letterWithDocuments(letter: string, documents: readonly LinkedDocument[], days: number): string {
  if (documents.length === 0) return letter
  const lines = documents.map((d) => `- ${d.name}: ${d.url}`)
  return `${letter.trimEnd()}\n\nMy documents (each link opens for ${days} days):\n${lines.join('\n')}`
}

/** Copies `text` to the clipboard; false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

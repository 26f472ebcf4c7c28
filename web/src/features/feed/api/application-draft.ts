import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'

/** POST /applications/draft: the letter the server would send, to edit before applying. */
export type ApplicationDraft = Schema<'DraftView'>

export function getApplicationDraft(jobId: string, regeneration: number): Promise<ApplicationDraft> {
  return apiFetch<ApplicationDraft>('/applications/draft', {
    method: 'POST',
    json: { job_id: jobId, regeneration },
  })
}

/** The letter in the apply dialog, as the candidate left it. */
export type LetterDraft = {
  jobId: string
  text: string
  subject: string
  regeneration: number
  maxChars: number
}

export function letterDraft(jobId: string, draft: ApplicationDraft): LetterDraft {
  return {
    jobId,
    text: draft.cover_letter,
    subject: draft.email_subject,
    regeneration: draft.regeneration,
    maxChars: draft.max_chars,
  }
}

import { apiFetch } from '@/lib/api-client'

/** POST /applications/draft: the letter the server would send, to edit before applying. */
export type ApplicationDraft = {
  cover_letter: string
  email_subject: string
  /** 0 for the first draft; each "Regenerate" asks for the next. */
  regeneration: number
  /** The longest letter the server accepts. */
  max_chars: number
}

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

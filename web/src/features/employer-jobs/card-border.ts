// The job card's border (spec, employer §2 and §9): red once the job has expired,
// blue when it was posted 5 or more days ago, purple otherwise.

export type CardBorder = 'red' | 'blue' | 'purple'

const DAY_MS = 24 * 60 * 60 * 1000

/** Days after posting from which the card turns blue. */
export const BLUE_AFTER_DAYS = 5

/** Whether the job has expired at `nowMs` (its expiry is the end of its last day). */
export function isExpired(job: { expires_at: number | null }, nowMs: number): boolean {
  return job.expires_at !== null && job.expires_at < nowMs
}

/** The border colour of a job's card at `nowMs`. */
export function cardBorder(job: { posted_at: number; expires_at: number | null }, nowMs: number): CardBorder {
  if (isExpired(job, nowMs)) return 'red'
  if (nowMs - job.posted_at >= BLUE_AFTER_DAYS * DAY_MS) return 'blue'
  return 'purple'
}

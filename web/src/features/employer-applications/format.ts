// The recommendation's toast and the candidate summary shared by e-mail or chat (spec §9), with
// scores written by core's rule.

import { percentText, totalText } from '@/lib/score-text'

/** What the recommendation toast says: "Tendai Moyo — 15.1/19.6 (77.0%) for Data Analyst". */
export function recommendationText(r: {
  candidate_name: string
  total_raw_score: number
  score_percentage: number
  job_title: string
}): string {
  return `${r.candidate_name} — ${totalText(r.total_raw_score)} (${percentText(r.score_percentage)}) for ${r.job_title}`
}

export type CandidateSummaryInput = {
  candidate_name: string
  candidate_email: string
  candidate_location: string | null
  job_title: string
  total_raw_score: number
  score_percentage: number
}

/** The candidate summary shared by e-mail or chat. */
export function candidateSummary(a: CandidateSummaryInput): string {
  return [
    `Candidate: ${a.candidate_name}`,
    `Email: ${a.candidate_email}`,
    a.candidate_location ? `Location: ${a.candidate_location}` : null,
    `Applied for: ${a.job_title}`,
    `Score: ${totalText(a.total_raw_score)} (${percentText(a.score_percentage)})`,
  ]
    .filter((line) => line !== null)
    .join('\n')
}

/** A mailto: link carrying the summary (no recipient: the employer picks one). */
export function summaryMailto(a: CandidateSummaryInput): string {
  const subject = `Candidate: ${a.candidate_name} for ${a.job_title}`
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(candidateSummary(a))}`
}

/** A WhatsApp link carrying the summary. */
export function summaryChatLink(a: CandidateSummaryInput): string {
  return `https://wa.me/?text=${encodeURIComponent(candidateSummary(a))}`
}

/**
 * What a bulk action's toast says: the server's sentence ("Rejected 3 applications"), and for
 * each one skipped, whose it is and why ("2 moved; 1 could not be moved: Rudo Dube — An
 * accepted application moves only from Offer to Hired").
 */
export function bulkResultText(
  reply: { message: string; failed: ReadonlyArray<{ id: string; message: string }> },
  nameOf: (id: string) => string | undefined,
): string {
  if (reply.failed.length === 0) return reply.message
  const why = reply.failed.map((f) => `${nameOf(f.id) ?? 'An application no longer listed'} — ${f.message}`)
  return `${reply.message}: ${why.join('; ')}`
}

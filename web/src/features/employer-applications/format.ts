// Formatting of scores, statuses and the candidate summary shared by e-mail or chat (spec §9).

/** The most a total score can be. */
export const MAX_TOTAL_SCORE = 19.6

/** A score without trailing zeros, at most two decimals: 15.1 → "15.1", 4 → "4". */
export function formatScore(score: number): string {
  return String(Math.round(score * 100) / 100)
}

/** A percentage with one decimal (spec §9): 77 → "77.0%". */
export function formatPercent(percentage: number): string {
  return `${percentage.toFixed(1)}%`
}

/** The total out of 19.6: "15.1/19.6". */
export function formatTotal(total: number): string {
  return `${formatScore(total)}/${MAX_TOTAL_SCORE}`
}

/** What the recommendation toast says: "Tendai Moyo — 15.1/19.6 (77.0%) for Data Analyst". */
export function recommendationText(r: {
  candidate_name: string
  total_raw_score: number
  score_percentage: number
  job_title: string
}): string {
  return `${r.candidate_name} — ${formatTotal(r.total_raw_score)} (${formatPercent(r.score_percentage)}) for ${r.job_title}`
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
    `Score: ${formatTotal(a.total_raw_score)} (${formatPercent(a.score_percentage)})`,
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

const appliedFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/** An application date as "MMM d, yyyy". */
export function formatAppliedDate(epochMs: number): string {
  return appliedFormat.format(new Date(epochMs))
}

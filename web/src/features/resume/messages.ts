// Every text the resume upgrade dialog toasts (spec, candidate §5 and §8), to the letter.
export const MESSAGES = {
  invalidFile: 'Please upload a valid file: PDF, Word, PNG, JPG, or TXT',
  optimized: 'Great! Your resume is ATS-optimized',
  couldImprove: 'Your resume could be improved',
  analyzeFailed: 'Failed to analyze resume',
  upgraded: 'Resume upgraded to ATS standard!',
  upgradeFailed: 'Failed to upgrade resume',
  downloaded: 'Resume downloaded as PDF!',
  pdfFailed: 'Failed to generate PDF',
  saved: 'Resume saved to Documents!',
  /** Not in the spec: the Word export. */
  wordDownloaded: 'Resume downloaded as Word!',
  wordFailed: 'Failed to generate the Word file',
  /** Not in the spec: a PDF whose standard font lacks some characters of the resume. */
  pdfReplaced: 'Resume downloaded as PDF, with some characters replaced',
  saveFailed: 'Failed to save resume',
  /** Not in the spec: the saved PDF's standard font lacks some characters of the resume. */
  savedReplaced: 'Resume saved to Documents as a PDF, with some characters replaced',
  /** Not in the spec: a target job naming no skill the analysis knows, so no part of the score matches it. */
  noJobKeywords: 'This job names no skills we recognise, so no part of the score is a match to it.',
  /** Not in the spec: the dialog offline, with the last upgraded resume saved on this device. */
  offlineWithUpgrade:
    "You're offline. Analysing and upgrading need a connection; your last upgraded resume can still be downloaded as a PDF.",
  /** Not in the spec: the dialog offline, with no upgraded resume saved yet. */
  offlineNoUpgrade: "You're offline. Analysing and upgrading a resume need a connection.",
} as const

/**
 * Not in the spec: an upgrade that stays below the target says so rather than claim the
 * standard ("Resume upgraded to ATS standard!" is kept for a score at the target or more).
 */
export function upgradedBelowTarget(before: number, after: number): string {
  return after > before ? `Resume improved from ${before}% to ${after}%` : `Your resume stays at ${after}%`
}

/**
 * What the info toast of an upgrade below the target says is still missing: the change worth
 * most points, and how many more the dialog lists.
 */
export function stillMissingDescription(missing: readonly string[]): string {
  if (missing.length === 0) return ''
  const more = missing.length - 1
  return more === 0 ? `Still missing: ${missing[0]}` : `Still missing: ${missing[0]} (and ${more} more, listed below)`
}

/** How much of the score is the match to the job aimed at (the rubric's `keywords-target`). */
export function jobMatchSummary(points: number, maxPoints: number, found: number, keywords: number): string {
  return `${points} of ${maxPoints} points of the score: ${found} of the job's ${keywords} keywords are in your resume.`
}

/** Not in the spec: at or above the target with flags, recommendations or missing keywords left. */
export const MEETS_TARGET_WITH_FIXES = 'Your resume reaches the ATS target, with fixes left'

/** Under MEETS_TARGET_WITH_FIXES: the score and how many fixes the analysis lists. */
export function fixesLeftDescription(score: number, fixes: number): string {
  return `Score: ${score}% · ${fixes} ${fixes === 1 ? 'fix' : 'fixes'} listed below`
}

/** What is left to fix after an analysis: each flag, each recommendation and each missing keyword. */
export function fixesLeft(analysis: {
  flags: readonly unknown[]
  recommendations: readonly unknown[]
  report: { keywords: { missing: readonly unknown[] } }
}): number {
  return analysis.flags.length + analysis.recommendations.length + analysis.report.keywords.missing.length
}

/** The description under "Great! Your resume is ATS-optimized". */
export function scoreDescription(score: number): string {
  return `Score: ${score}%`
}

/** The description under "Your resume could be improved". */
export function currentScoreDescription(score: number): string {
  return `Current score: ${score}%`
}

/** The ATS target (spec §9): green at or above, orange below, and the upgrade offered below. */
export { ATS_TARGET_SCORE as ATS_TARGET } from '@/generated/catalogue'

/**
 * Under "Resume downloaded as PDF, with some characters replaced": which ones, and where
 * they are kept.
 */
export function replacedDescription(characters: readonly string[], wordAvailable: boolean): string {
  // A combining accent is shown on a dotted circle, as character charts show it.
  const shown = characters.map((c) => (/^\p{M}$/u.test(c) ? `◌${c}` : c))
  const rest = wordAvailable ? ' The Word file keeps them.' : ''
  return `The PDF's font has no ${shown.join(' ')}, so they print as “?”.${rest}`
}

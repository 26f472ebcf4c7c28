// The core benchmark's inputs, built from the repository's fixtures by the same
// rules as the Rust benchmarks (core/benches/score.rs and resume_pdf.rs), so the
// browser's and criterion's figures measure the same work.
import demoJobsJson from '../../fixtures/jobs/demo-jobs.json?raw'
import profileJson from '../../fixtures/profiles/strong-developer.json?raw'
import resumeText from '../../fixtures/resumes/strong-developer.txt?raw'

/** Body lines on the first and on each later page (core `LINES_FIRST_PAGE`, `LINES_LATER_PAGE`). */
const LINES_FIRST_PAGE = 36
const LINES_LATER_PAGE = 38

/** The strong-developer resume's lines, cycled to exactly two full pages (74 lines). */
export function twoPageResume(): string {
  const lines = resumeText.trimEnd().split('\n')
  return Array.from({ length: LINES_FIRST_PAGE + LINES_LATER_PAGE }, (_, i) => lines[i % lines.length]).join('\n')
}

/** What the fit score reads from a job, with the API's field names. */
export type ScoreJob = {
  degree_class: string | null
  skills: string[]
  requirements: string[]
  experience_years: number | null
  minimum_score_threshold: number | null
}

type DemoJob = ScoreJob & Record<string, unknown>

/**
 * The demo jobs cycled to `count`: round `r` (every 34 jobs) adds `r % 4` years to the
 * experience asked and drops the skills list when `r % 3 == 2` (so the requirement texts
 * are read for skills instead); job `i` gets threshold `20 + (i % 7) × 10`.
 * `full` keeps every field of a job (description, benefits, …), as the feed holds them.
 */
export function varyJobs(count: number, full: boolean): Array<ScoreJob | DemoJob> {
  const demo = JSON.parse(demoJobsJson) as DemoJob[]
  return Array.from({ length: count }, (_, i) => {
    const round = Math.floor(i / demo.length)
    const base = demo[i % demo.length] as DemoJob
    const varied: ScoreJob = {
      degree_class: base.degree_class,
      skills: round % 3 === 2 ? [] : [...base.skills],
      requirements: [...base.requirements],
      experience_years: (base.experience_years ?? 0) + (round % 4),
      minimum_score_threshold: 20 + (i % 7) * 10,
    }
    return full ? { ...structuredClone(base), ...varied } : varied
  })
}

/** The candidate the jobs are scored for (the profile fixture, with the API's field names). */
export function benchProfile(): Record<string, unknown> {
  return JSON.parse(profileJson) as Record<string, unknown>
}

/** A share link as the QR dialog encodes it: the path and a 43-character token. */
export const SHARE_URL = 'https://jobtap.example/api/v1/share/q9Xh3kT0bN7wLr2ZcVf5YmP8sJd1GaE6uHo4iKx-Q_A'

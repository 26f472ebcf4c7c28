import { jobHref, paths } from '@/config/paths'

/** The sessionStorage key of the job a signed-out visitor wanted to see (spec, candidate §4). */
export const JOB_TO_VIEW_KEY = 'jobToView'

/** Remembers the job to open after signing in. */
export function rememberJobToView(id: string): void {
  try {
    sessionStorage.setItem(JOB_TO_VIEW_KEY, id)
  } catch {
    // Blocked storage: the visitor lands on the feed instead.
  }
}

/** The remembered job id, cleared as it is read; null when there is none. */
export function takeJobToView(): string | null {
  try {
    const id = sessionStorage.getItem(JOB_TO_VIEW_KEY)
    sessionStorage.removeItem(JOB_TO_VIEW_KEY)
    return id === null || id === '' ? null : id
  } catch {
    return null
  }
}

/** Where a candidate goes after sign-in or onboarding: the remembered job, else the feed. */
export function candidateHomePath(): string {
  const id = takeJobToView()
  return id === null ? paths.jobs : jobHref(id)
}

import { paths } from '@/config/paths'
import { whenSettledOrTouched } from '@/lib/when-settled-or-touched'

/**
 * Where people go next from each page, by the page's links and what follows its form: the code
 * of those pages is fetched once this one has settled, so the next tap draws at once.
 */
export const NEXT_SCREENS: Readonly<Record<string, readonly string[]>> = {
  [paths.home]: [paths.auth, paths.employerAuth],
  [paths.hrApi]: [paths.auth],
  [paths.auth]: [paths.jobs, paths.onboarding],
  [paths.onboarding]: [paths.jobs],
  [paths.jobs]: [paths.applications, paths.documents],
  [paths.applications]: [paths.jobs, paths.documents],
  [paths.documents]: [paths.jobs, paths.applications],
  [paths.employerAuth]: [paths.employer],
  [paths.employer]: [paths.employerPostJob, paths.employerBulkImport],
}

/** Whether the browser asks to spare data (Chromium's Save-Data setting). */
function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true
}

type FollowedRouter = {
  state: { initialized: boolean; location: { pathname: string }; navigation: { state: string } }
  subscribe(listener: (state: FollowedRouter['state']) => void): () => void
}

/**
 * After each page `router` shows has settled (`whenSettledOrTouched`), fetches the code of the
 * pages `NEXT_SCREENS` names for it with `load`. Not when the browser asks to spare data.
 */
export function preloadNextScreens(router: FollowedRouter, load: (pathname: string) => Promise<void>): void {
  let shown: string | null = null
  let cancel = () => {}
  const follow = ({ initialized, location, navigation }: FollowedRouter['state']) => {
    // The first page's navigation reads "idle" while its code and data still load: wait for it.
    if (!initialized || navigation.state !== 'idle' || location.pathname === shown) return
    shown = location.pathname
    cancel()
    const next = NEXT_SCREENS[location.pathname] ?? []
    if (next.length === 0 || savesData()) return
    cancel = whenSettledOrTouched(() => {
      // A failure costs nothing: the page's own navigation loads it again, or reports it.
      for (const pathname of next) load(pathname).catch(() => {})
    })
  }
  follow(router.state)
  router.subscribe(follow)
}

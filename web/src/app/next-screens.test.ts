import { matchRoutes } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { paths } from '@/config/paths'
import { SETTLE_MS } from '@/lib/when-settled-or-touched'
import { fakeSettleTimers } from '@/testing/settle-timers'
import { NEXT_SCREENS, preloadNextScreens } from './next-screens'
import { routes } from './router'

type State = { initialized: boolean; location: { pathname: string }; navigation: { state: string } }

/** A router stand-in that shows `pathname` (still loading it unless `initialized`) and lets the test navigate. */
function fakeRouter(pathname: string, initialized = true) {
  const listeners = new Set<(state: State) => void>()
  const router = {
    state: { initialized, location: { pathname }, navigation: { state: 'idle' } } as State,
    subscribe(listener: (state: State) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    go(next: string) {
      router.state = { initialized: true, location: { pathname: next }, navigation: { state: 'idle' } }
      for (const listener of listeners) listener(router.state)
    },
  }
  return router
}

const settle = () => vi.advanceTimersByTime(3 * SETTLE_MS)

fakeSettleTimers()

describe('preloadNextScreens', () => {
  it('loads the next pages of the page shown once it has settled, and those of each page after', () => {
    const load = vi.fn<(pathname: string) => Promise<void>>(() => Promise.resolve())
    const router = fakeRouter(paths.home)
    preloadNextScreens(router, load)
    expect(load).not.toHaveBeenCalled()
    settle()
    expect(load.mock.calls.map(([p]) => p)).toEqual([paths.auth, paths.employerAuth])

    router.go(paths.auth)
    settle()
    expect(load.mock.calls.slice(2).map(([p]) => p)).toEqual([paths.jobs, paths.onboarding])
  })

  it('waits for the first page to have loaded before counting its settle time', () => {
    const load = vi.fn<(pathname: string) => Promise<void>>(() => Promise.resolve())
    const router = fakeRouter(paths.jobs, false)
    preloadNextScreens(router, load)
    settle()
    expect(load).not.toHaveBeenCalled()
    router.go(paths.jobs)
    settle()
    expect(load.mock.calls.map(([p]) => p)).toEqual([paths.applications, paths.documents])
  })

  it('drops a page left before it settled', () => {
    const load = vi.fn<(pathname: string) => Promise<void>>(() => Promise.resolve())
    const router = fakeRouter(paths.home)
    preloadNextScreens(router, load)
    router.go(paths.employerAuth)
    settle()
    expect(load.mock.calls.map(([p]) => p)).toEqual([paths.employer])
  })

  it('loads nothing when the browser asks to spare data', () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true })
    try {
      const load = vi.fn<(pathname: string) => Promise<void>>(() => Promise.resolve())
      preloadNextScreens(fakeRouter(paths.home), load)
      settle()
      expect(load).not.toHaveBeenCalled()
    } finally {
      Reflect.deleteProperty(navigator, 'connection')
    }
  })

  it('names only pages the router has, each with its own code', () => {
    for (const [from, nexts] of Object.entries(NEXT_SCREENS)) {
      for (const next of [from, ...nexts]) {
        const page = (matchRoutes(routes, { pathname: next }) ?? []).at(-1)?.route
        expect(page?.index ? paths.home : page?.path).toBe(next)
        expect(typeof page?.lazy).toBe('function')
      }
    }
  })
})

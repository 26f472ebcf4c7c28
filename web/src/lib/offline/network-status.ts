// Whether the app can reach its server. There is one flag, TanStack Query's
// `onlineManager`, so the offline banner and paused queries can never disagree. It
// follows the browser's `online` and `offline` events itself (its own listeners);
// this module adds the start-up value (TanStack assumes online) and what the API
// client's calls found: a fetch that failed without an answer means the server is
// unreachable even when the device has a network. While offline the app shows saved
// data read-only and its queries wait; a later answer, the browser's `online` event
// or a health probe ends it.
import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { API_BASE_PATH } from '@/config/env'

type Listener = () => void

/** Waits between health probes while the server is unreachable and the device is online. */
export const PROBE_DELAYS_MS = [10_000, 30_000, 60_000] as const

export type NetworkStatusOptions = {
  /** Where the browser's `onLine` is read. */
  navigator?: { readonly onLine: boolean } | null
  /** Asks the server whether it answers at all (any HTTP status counts). */
  probe?: () => Promise<boolean>
}

async function probeHealth(): Promise<boolean> {
  try {
    await fetch(`${API_BASE_PATH}/health`, { cache: 'no-store' })
    return true
  } catch {
    return false
  }
}

/**
 * Creates a network status over the one flag; the app uses the one `networkStatus`, tests
 * make their own (with a stand-in `navigator` and probe).
 */
export function createNetworkStatus(options: NetworkStatusOptions = {}) {
  const flag = onlineManager
  const nav = options.navigator === undefined ? (typeof navigator === 'undefined' ? null : navigator) : options.navigator
  const probe = options.probe ?? probeHealth
  let watchers = 0
  let unwatchFlag: (() => void) | undefined
  let probes = 0
  let probeTimer: ReturnType<typeof setTimeout> | undefined

  function browserOffline(): boolean {
    return nav?.onLine === false
  }

  function isOffline(): boolean {
    return !flag.isOnline()
  }

  /** An app opened (or watched again) without a network starts offline: its queries wait instead of failing. */
  function followBrowser(): void {
    if (browserOffline()) flag.setOnline(false)
  }

  function cancelProbe(): void {
    if (probeTimer !== undefined) clearTimeout(probeTimer)
    probeTimer = undefined
  }

  /** While the server is unreachable from an online device, asks it again now and then. */
  function scheduleProbe(): void {
    if (probeTimer !== undefined || !isOffline() || browserOffline() || watchers === 0) return
    const delay = PROBE_DELAYS_MS[Math.min(probes, PROBE_DELAYS_MS.length - 1)] ?? 60_000
    probes += 1
    probeTimer = setTimeout(() => {
      probeTimer = undefined
      void probe().then((answered) => {
        if (answered) reportAnswer()
        else scheduleProbe()
      })
    }, delay)
  }

  /** The flag changed (an API call, a probe or the browser's own events). */
  function onFlagChange(online: boolean): void {
    cancelProbe()
    if (online) probes = 0
    else scheduleProbe()
  }

  /** An API call got no answer (the fetch itself failed). */
  function reportNoAnswer(): void {
    flag.setOnline(false)
    scheduleProbe()
  }

  /** An API call got an answer (any status): the server is reachable. */
  function reportAnswer(): void {
    probes = 0
    cancelProbe()
    // An answer while the device is offline came from a cache, not the server.
    if (!browserOffline()) flag.setOnline(true)
  }

  followBrowser()

  return {
    /** Offline: the browser says so, or the last API call got no answer. */
    isOffline,
    /** Only the browser's flag: requests would fail at once. */
    browserOffline,
    reportNoAnswer,
    reportAnswer,
    subscribe(listener: Listener): () => void {
      const unsubscribe = flag.subscribe(() => listener())
      watchers += 1
      if (watchers === 1) {
        unwatchFlag = flag.subscribe(onFlagChange)
        // The browser may have gone offline while nobody listened.
        followBrowser()
      }
      scheduleProbe()
      return () => {
        unsubscribe()
        watchers -= 1
        if (watchers > 0) return
        unwatchFlag?.()
        unwatchFlag = undefined
        cancelProbe()
      }
    },
  }
}

export type NetworkStatus = ReturnType<typeof createNetworkStatus>

/** The app's one network status, fed by the API client. */
export const networkStatus = createNetworkStatus()

/** Whether the app is offline (re-renders when that changes): show saved data, allow no changes. */
export function useOffline(status: NetworkStatus = networkStatus): boolean {
  return useSyncExternalStore(status.subscribe, status.isOffline, () => false)
}

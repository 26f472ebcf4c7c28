// Whether the app can reach its server: the browser's own online flag, and what
// the last API call found (a fetch that failed without an answer means the server
// is unreachable even when the device has a network). While offline the app shows
// saved data read-only; a later answer, the browser's `online` event or a health
// probe ends it.
import { useSyncExternalStore } from 'react'
import { API_BASE_PATH } from '@/config/env'

type Listener = () => void

/** Waits between health probes while the server is unreachable and the device is online. */
export const PROBE_DELAYS_MS = [10_000, 30_000, 60_000] as const

export type NetworkStatusOptions = {
  /** The window whose `online` and `offline` events are followed; null in tests that drive it by hand. */
  window?: Window | null
  /** Where `onLine` is read. */
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

/** Creates a network status; the app uses the one `networkStatus`, tests make their own. */
export function createNetworkStatus(options: NetworkStatusOptions = {}) {
  const win = options.window === undefined ? (typeof window === 'undefined' ? null : window) : options.window
  const nav = options.navigator === undefined ? (typeof navigator === 'undefined' ? null : navigator) : options.navigator
  const probe = options.probe ?? probeHealth
  const listeners = new Set<Listener>()
  let serverUnreachable = false
  let probes = 0
  let probeTimer: ReturnType<typeof setTimeout> | undefined
  let last = isOffline()

  function browserOffline(): boolean {
    return nav?.onLine === false
  }

  function isOffline(): boolean {
    return browserOffline() || serverUnreachable
  }

  function notify(): void {
    const now = isOffline()
    if (now === last) return
    last = now
    for (const listener of listeners) listener()
  }

  function cancelProbe(): void {
    if (probeTimer !== undefined) clearTimeout(probeTimer)
    probeTimer = undefined
  }

  /** While the server is unreachable from an online device, asks it again now and then. */
  function scheduleProbe(): void {
    if (probeTimer !== undefined || !serverUnreachable || browserOffline() || listeners.size === 0) return
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

  /** An API call got no answer (the fetch itself failed). */
  function reportNoAnswer(): void {
    serverUnreachable = true
    notify()
    scheduleProbe()
  }

  /** An API call got an answer (any status): the server is reachable. */
  function reportAnswer(): void {
    serverUnreachable = false
    probes = 0
    cancelProbe()
    notify()
  }

  function onOnline(): void {
    // Back on a network: assume the server answers until a call says otherwise.
    reportAnswer()
  }

  function onOffline(): void {
    cancelProbe()
    notify()
  }

  return {
    /** Offline: the browser says so, or the last API call got no answer. */
    isOffline,
    /** Only the browser's flag: requests would fail at once. */
    browserOffline,
    reportNoAnswer,
    reportAnswer,
    subscribe(listener: Listener): () => void {
      if (listeners.size === 0) {
        win?.addEventListener('online', onOnline)
        win?.addEventListener('offline', onOffline)
      }
      listeners.add(listener)
      // The flag may have changed while nobody listened.
      last = isOffline()
      scheduleProbe()
      return () => {
        listeners.delete(listener)
        if (listeners.size > 0) return
        win?.removeEventListener('online', onOnline)
        win?.removeEventListener('offline', onOffline)
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

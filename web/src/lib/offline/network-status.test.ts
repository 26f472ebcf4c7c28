import { onlineManager, QueryClient } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createNetworkStatus, PROBE_DELAYS_MS, useOffline } from './network-status'

/** A stand-in for `navigator` whose `onLine` a test sets. */
function fakeNavigator(onLine = true) {
  return { onLine }
}

/** Takes the device off or on the network the way the browser does: the flag, then the event. */
function goOffline(nav: { onLine: boolean }) {
  nav.onLine = false
  window.dispatchEvent(new Event('offline'))
}
function goOnline(nav: { onLine: boolean }) {
  nav.onLine = true
  window.dispatchEvent(new Event('online'))
}

describe('network status', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    // The flag is TanStack's one: the next test starts online.
    onlineManager.setOnline(true)
  })

  it("follows the browser's online flag and events, through TanStack Query's own flag", () => {
    const nav = fakeNavigator()
    const status = createNetworkStatus({ navigator: nav, probe: vi.fn<() => Promise<boolean>>() })
    const { result, unmount } = renderHook(() => useOffline(status))
    expect(result.current).toBe(false)
    act(() => goOffline(nav))
    expect(result.current).toBe(true)
    expect(onlineManager.isOnline()).toBe(false)
    expect(status.browserOffline()).toBe(true)
    act(() => goOnline(nav))
    expect(result.current).toBe(false)
    expect(onlineManager.isOnline()).toBe(true)
    unmount()
  })

  it('starts offline when the app is opened without a network', () => {
    const status = createNetworkStatus({ navigator: fakeNavigator(false) })
    // Before anything subscribes: TanStack Query alone would assume online.
    expect(onlineManager.isOnline()).toBe(false)
    const { result, unmount } = renderHook(() => useOffline(status))
    expect(result.current).toBe(true)
    unmount()
  })

  it('is offline after a call got no answer, and online again after one did', () => {
    const status = createNetworkStatus({ navigator: fakeNavigator(), probe: vi.fn<() => Promise<boolean>>() })
    const { result, unmount } = renderHook(() => useOffline(status))
    act(() => status.reportNoAnswer())
    expect(result.current).toBe(true)
    expect(onlineManager.isOnline()).toBe(false)
    // The device has a network: only requests failing says the server is out of reach.
    expect(status.browserOffline()).toBe(false)
    act(() => status.reportAnswer())
    expect(result.current).toBe(false)
    unmount()
  })

  it('keeps the device offline when an answer comes from a cache', () => {
    const status = createNetworkStatus({ navigator: fakeNavigator(false), probe: vi.fn<() => Promise<boolean>>() })
    const { result, unmount } = renderHook(() => useOffline(status))
    act(() => status.reportAnswer())
    expect(result.current).toBe(true)
    unmount()
  })

  it('pauses queries exactly while it says offline, and resumes them when it no longer does', async () => {
    const status = createNetworkStatus({ navigator: fakeNavigator(), probe: vi.fn<() => Promise<boolean>>() })
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    client.mount()
    const { result, unmount } = renderHook(() => useOffline(status))
    act(() => status.reportNoAnswer())
    expect(result.current).toBe(true)

    const queryFn = vi.fn<() => Promise<string>>().mockResolvedValue('jobs')
    const fetched = client.fetchQuery({ queryKey: ['jobs'], queryFn })
    expect(client.getQueryState(['jobs'])?.fetchStatus).toBe('paused')
    expect(queryFn).not.toHaveBeenCalled()

    act(() => status.reportAnswer())
    expect(result.current).toBe(false)
    await act(() => vi.advanceTimersByTimeAsync(0))
    await expect(fetched).resolves.toBe('jobs')
    expect(queryFn).toHaveBeenCalledTimes(1)
    client.unmount()
    unmount()
  })

  it('asks the server again while it is unreachable, and is online once it answers', async () => {
    const probe = vi.fn<() => Promise<boolean>>().mockResolvedValueOnce(false).mockResolvedValue(true)
    const status = createNetworkStatus({ navigator: fakeNavigator(), probe })
    const { result, unmount } = renderHook(() => useOffline(status))
    act(() => status.reportNoAnswer())

    await act(() => vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[0] - 1))
    expect(probe).not.toHaveBeenCalled()
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(probe).toHaveBeenCalledTimes(1)
    expect(result.current).toBe(true)

    await act(() => vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[1]))
    expect(probe).toHaveBeenCalledTimes(2)
    expect(result.current).toBe(false)
    unmount()
  })

  it('does not probe while the device itself is offline, nor once nobody listens', async () => {
    const probe = vi.fn<() => Promise<boolean>>().mockResolvedValue(true)
    const nav = fakeNavigator(false)
    const status = createNetworkStatus({ navigator: nav, probe })
    const { unmount } = renderHook(() => useOffline(status))
    act(() => status.reportNoAnswer())
    await act(() => vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[2] * 2))
    expect(probe).not.toHaveBeenCalled()

    nav.onLine = true
    unmount()
    status.reportNoAnswer()
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[2] * 2)
    expect(probe).not.toHaveBeenCalled()
  })
})

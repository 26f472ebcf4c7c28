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
  afterEach(() => vi.useRealTimers())

  it("follows the browser's online flag and events", () => {
    const nav = fakeNavigator()
    const status = createNetworkStatus({ window, navigator: nav, probe: vi.fn<() => Promise<boolean>>() })
    const { result, unmount } = renderHook(() => useOffline(status))
    expect(result.current).toBe(false)
    act(() => goOffline(nav))
    expect(result.current).toBe(true)
    expect(status.browserOffline()).toBe(true)
    act(() => goOnline(nav))
    expect(result.current).toBe(false)
    unmount()
  })

  it('starts offline when the app is opened without a network', () => {
    const status = createNetworkStatus({ window, navigator: fakeNavigator(false) })
    const { result, unmount } = renderHook(() => useOffline(status))
    expect(result.current).toBe(true)
    unmount()
  })

  it('is offline after a call got no answer, and online again after one did', () => {
    const status = createNetworkStatus({ window, navigator: fakeNavigator(), probe: vi.fn<() => Promise<boolean>>() })
    const { result, unmount } = renderHook(() => useOffline(status))
    act(() => status.reportNoAnswer())
    expect(result.current).toBe(true)
    // The device has a network: only requests failing says the server is out of reach.
    expect(status.browserOffline()).toBe(false)
    act(() => status.reportAnswer())
    expect(result.current).toBe(false)
    unmount()
  })

  it('asks the server again while it is unreachable, and is online once it answers', async () => {
    const probe = vi.fn<() => Promise<boolean>>().mockResolvedValueOnce(false).mockResolvedValue(true)
    const status = createNetworkStatus({ window, navigator: fakeNavigator(), probe })
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
    const status = createNetworkStatus({ window, navigator: nav, probe })
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

import { afterEach, beforeEach, vi } from 'vitest'

/**
 * Fakes the timers `whenSettledOrTouched` waits on (frames, timeouts, idle callbacks) for every
 * test of the calling file, so a test moves time with `vi.advanceTimersByTime`.
 */
export function fakeSettleTimers(): void {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'],
    })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
}

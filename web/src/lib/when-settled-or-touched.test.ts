import { describe, expect, it, vi } from 'vitest'
import { fakeSettleTimers } from '@/testing/settle-timers'
import { SETTLE_MS, whenSettledOrTouched } from './when-settled-or-touched'

fakeSettleTimers()

describe('whenSettledOrTouched', () => {
  it('waits for the next frame, the settle time and an idle moment, then runs once', () => {
    const start = vi.fn<() => void>()
    whenSettledOrTouched(start)
    vi.advanceTimersByTime(SETTLE_MS)
    // The settle time counts from the frame, which came 16 ms in: not yet.
    expect(start).not.toHaveBeenCalled()
    vi.advanceTimersByTime(SETTLE_MS)
    expect(start).toHaveBeenCalledTimes(1)
    window.dispatchEvent(new Event('pointerdown'))
    vi.advanceTimersByTime(10 * SETTLE_MS)
    expect(start).toHaveBeenCalledTimes(1)
  })

  it.each(['pointerdown', 'keydown', 'touchstart'])('runs at once on the first %s, and not again', (type) => {
    const start = vi.fn<() => void>()
    whenSettledOrTouched(start)
    window.dispatchEvent(new Event(type))
    expect(start).toHaveBeenCalledTimes(1)
    window.dispatchEvent(new Event(type))
    vi.advanceTimersByTime(10 * SETTLE_MS)
    expect(start).toHaveBeenCalledTimes(1)
  })

  it('never runs once cancelled', () => {
    const start = vi.fn<() => void>()
    const cancel = whenSettledOrTouched(start)
    cancel()
    window.dispatchEvent(new Event('pointerdown'))
    vi.advanceTimersByTime(10 * SETTLE_MS)
    expect(start).not.toHaveBeenCalled()
  })
})

import { describe, expect, it } from 'vitest'
import { loadCoreSync } from './index'

describe('core-sync', () => {
  it('loads once and then answers synchronously with the core rules', async () => {
    const first = loadCoreSync()
    expect(loadCoreSync()).toBe(first)
    const core = await first

    expect(core.decideSwipe(-200, 0, 0, 0)).toBe('reject')
    expect(core.decideSwipe(0, 80, 0, 0.5)).toBe('copyLink')
    expect(core.decideSwipe(3, 0, 1, 0)).toBe('snapBack')
    expect(core.cardVisual(900, -20)).toEqual({ x: 500, y: -20, rotateDeg: 25, opacity: 0.5 })
  })

  it('detects a double tap inside the window only', async () => {
    const detector = (await loadCoreSync()).createDoubleTapDetector()
    expect(detector.tap(1000)).toBe(false)
    expect(detector.tap(1200)).toBe(true)
    expect(detector.tap(1300)).toBe(false)
    expect(detector.tap(1700)).toBe(false)
    detector.free()
  })
})

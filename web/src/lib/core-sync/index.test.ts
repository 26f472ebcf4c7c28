import { describe, expect, it } from 'vitest'
import { coreSync, loadCoreSync } from './index'

describe('core-sync', () => {
  it('loads once and then answers synchronously with the core rules', async () => {
    const first = loadCoreSync()
    expect(loadCoreSync()).toBe(first)
    const core = await first
    expect(coreSync()).toBe(core)

    expect(core.decideSwipe(-200, 0, 0, 0)).toBe('reject')
    expect(core.decideSwipe(0, 80, 0, 0.5)).toBe('copyLink')
    expect(core.decideSwipe(3, 0, 1, 0)).toBe('snapBack')
    expect(core.cardVisual(900, -20)).toEqual({ x: 500, y: -20, rotateDeg: 25, opacity: 0.5 })
    expect(core.gestureConstants()).toEqual({ dragBounds: 500, doubleTapWindowMs: 300 })
  })

  it('types the card helpers, with null for a missing note', async () => {
    const core = await loadCoreSync()
    expect(core.collapseRequirements(['a', 'b'])).toEqual({ shown: ['a', 'b'], moreNote: null })
    expect(core.collapseRequirements(['a', 'b', 'c'])).toEqual({
      shown: ['a', 'b'],
      moreNote: '+1 more requirements (click magnifier to view all)',
    })
    expect(core.benefitTags(['1', '2', '3', '4', '5', '6']).moreNote).toBe('+2 more')
    expect(core.formatSalaryRange(1500, null)).toBe('From $1,500')
    expect(core.formatPosted(Date.UTC(2025, 2, 5, 12))).toBe('Posted Mar 5, 2025')
    expect(core.roleStyle('Senior Backend Developer')).toMatchObject({ key: 'developer', icon: 'Code' })
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

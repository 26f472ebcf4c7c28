import { beforeAll, describe, expect, it } from 'vitest'
import { percentText as corePercentText, pointsText as corePointsText } from '@/lib/core-worker/pkg/jobtap_wasm.js'
import { instantiateCoreWasm } from '@/testing/core-sync-wasm'
import { percentText, pointsText, totalText } from './score-text'

beforeAll(() => instantiateCoreWasm())

describe('score texts', () => {
  it('write points and percentages as the core does, over every score a fit can have', () => {
    const differing: string[] = []
    // Every hundredth and the odd values between (what a weighted sum leaves).
    for (let i = 0; i <= 10_000; i += 1) {
      for (const value of [i / 100, i / 100 + 0.005, i / 100 + 0.0049, i / 100 + 1 / 3]) {
        if (pointsText(value) !== corePointsText(value)) differing.push(`points ${value}`)
        if (percentText(value) !== corePercentText(value)) differing.push(`percent ${value}`)
      }
    }
    expect(differing).toEqual([])
  })

  it('read as the spec writes them', () => {
    expect(pointsText(4)).toBe('4')
    expect(pointsText(2.5)).toBe('2.5')
    expect(pointsText(15.126)).toBe('15.13')
    expect(percentText(77)).toBe('77.0%')
    expect(totalText(15.1)).toBe('15.1/19.6')
  })
})

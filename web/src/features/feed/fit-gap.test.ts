import { describe, expect, it } from 'vitest'
import { shortfallPoints } from './fit-gap'

describe('shortfallPoints', () => {
  it('is the threshold minus the fit, not 100 minus the fit', () => {
    expect(shortfallPoints(19.9, 50)).toBe('30.1')
    expect(shortfallPoints(62.5, 75)).toBe('12.5')
  })

  it('never says a fit that falls short is 0.0 points short', () => {
    expect(shortfallPoints(49.98, 50)).toBe('0.1')
  })
})

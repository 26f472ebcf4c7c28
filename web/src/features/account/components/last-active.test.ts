import { describe, expect, it } from 'vitest'
import { lastActiveText } from './last-active'

const NOW = Date.UTC(2026, 10, 29, 12, 0, 0)
const MINUTE = 60_000

describe('lastActiveText', () => {
  it.each([
    [0, 'Last active just now'],
    [59_999, 'Last active just now'],
    [MINUTE, 'Last active 1 minute ago'],
    [14 * MINUTE + 59_000, 'Last active 14 minutes ago'],
    [60 * MINUTE, 'Last active 1 hour ago'],
    [23 * 60 * MINUTE, 'Last active 23 hours ago'],
    [24 * 60 * MINUTE, 'Last active yesterday'],
    [29 * 24 * 60 * MINUTE, 'Last active 29 days ago'],
  ])('%i ms ago reads %s', (ago, text) => {
    expect(lastActiveText(NOW - ago, NOW)).toBe(text)
  })

  it('a clock a little behind the server still reads just now', () => {
    expect(lastActiveText(NOW + 5_000, NOW)).toBe('Last active just now')
  })
})

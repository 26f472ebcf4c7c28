import { describe, expect, it } from 'vitest'
import { cardBorder, isExpired } from './card-border'

const DAY = 24 * 60 * 60 * 1000
const NOW = Date.UTC(2026, 10, 22, 12, 0)

describe('cardBorder', () => {
  it('is purple for a job posted less than 5 days ago', () => {
    expect(cardBorder({ posted_at: NOW, expires_at: null }, NOW)).toBe('purple')
    expect(cardBorder({ posted_at: NOW - 5 * DAY + 1, expires_at: null }, NOW)).toBe('purple')
  })

  it('is purple for a job posted in the future (scheduled)', () => {
    expect(cardBorder({ posted_at: NOW + 3 * DAY, expires_at: null }, NOW)).toBe('purple')
  })

  it('is blue from 5 days after posting', () => {
    expect(cardBorder({ posted_at: NOW - 5 * DAY, expires_at: null }, NOW)).toBe('blue')
    expect(cardBorder({ posted_at: NOW - 40 * DAY, expires_at: NOW + DAY }, NOW)).toBe('blue')
  })

  it('is red once expired, whatever the age', () => {
    expect(cardBorder({ posted_at: NOW - DAY, expires_at: NOW - 1 }, NOW)).toBe('red')
    expect(cardBorder({ posted_at: NOW - 10 * DAY, expires_at: NOW - 3 * DAY }, NOW)).toBe('red')
  })

  it('is not expired until the expiry moment has passed', () => {
    expect(isExpired({ expires_at: NOW }, NOW)).toBe(false)
    expect(isExpired({ expires_at: NOW - 1 }, NOW)).toBe(true)
    expect(isExpired({ expires_at: null }, NOW)).toBe(false)
    expect(cardBorder({ posted_at: NOW - DAY, expires_at: NOW }, NOW)).toBe('purple')
  })
})

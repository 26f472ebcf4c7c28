import { describe, expect, it } from 'vitest'
import { tokenFromHash } from './reset-link'

describe('tokenFromHash', () => {
  it('reads the token of a reset link, URL-safe characters kept as they are', () => {
    expect(tokenFromHash('#token=abc-DEF_123')).toBe('abc-DEF_123')
    expect(tokenFromHash('token=abc')).toBe('abc')
  })

  it('answers null for an address without one', () => {
    expect(tokenFromHash('')).toBeNull()
    expect(tokenFromHash('#')).toBeNull()
    expect(tokenFromHash('#token=')).toBeNull()
    expect(tokenFromHash('#other=abc')).toBeNull()
  })
})

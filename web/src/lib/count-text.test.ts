import { describe, expect, it } from 'vitest'
import { countText } from './count-text'

describe('counts', () => {
  it('group thousands with commas, as the core does', () => {
    expect([0, 7, 999, 1000, 12345, 100000, 1234567].map(countText)).toEqual([
      '0',
      '7',
      '999',
      '1,000',
      '12,345',
      '100,000',
      '1,234,567',
    ])
  })
})

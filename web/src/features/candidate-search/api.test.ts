import { describe, expect, it } from 'vitest'
import { NO_SEARCH, searchQuery } from './api'

describe('the search query', () => {
  it('leaves blank fields out and keeps the order and the cursor', () => {
    expect(searchQuery(NO_SEARCH, null)).toBe('sort=score')
    expect(
      searchQuery({ q: '  power bi ', stage: 'interview', jobId: 'j1', minScore: '70', sort: 'date' }, 'abc'),
    ).toBe('q=power+bi&stage=interview&job_id=j1&min_score=70&sort=date&cursor=abc')
  })
})

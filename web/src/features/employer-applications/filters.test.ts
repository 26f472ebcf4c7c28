import { describe, expect, it } from 'vitest'
import { filtersToQuery, hasFilters, NO_FILTERS } from './filters'

describe('application filters', () => {
  it('sends nothing when no filter is set', () => {
    expect(filtersToQuery(NO_FILTERS)).toBe('')
    expect(hasFilters(NO_FILTERS)).toBe(false)
  })

  it('sends each filter that is set, with the API names', () => {
    expect(filtersToQuery({ days: '7', minExperience: '', minDegree: '' })).toBe('?days=7')
    expect(filtersToQuery({ days: '', minExperience: '3', minDegree: '' })).toBe('?min_experience=3')
    expect(filtersToQuery({ days: '', minExperience: '', minDegree: '5' })).toBe('?min_degree=5')
    expect(filtersToQuery({ days: '90', minExperience: '4', minDegree: '3' })).toBe(
      '?days=90&min_experience=4&min_degree=3',
    )
    expect(hasFilters({ days: '30', minExperience: '', minDegree: '' })).toBe(true)
  })
})

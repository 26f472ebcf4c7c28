import { describe, expect, it } from 'vitest'
import { feedSearchOf } from './api/first-page'
import { draftOf, filterCount, searchOf, withSearch } from './search-draft'

describe('the feed search in the address', () => {
  it('keeps the filters the API reads, in a fixed order, and drops blank ones and strangers', () => {
    const params = new URLSearchParams('min_salary=1000&order=best&place=%20Bulawayo%20&q=pharmacist&job_type=&utm_source=sms')
    expect(feedSearchOf(params)).toBe('q=pharmacist&place=Bulawayo&min_salary=1000')
    expect(feedSearchOf(new URLSearchParams('order=best'))).toBe('')
  })

  it('reads a search into the form and writes the form back to the same search', () => {
    const search = 'q=nurse+aide&place=Gweru&remote=true&posted_within_days=7&fits=true'
    const draft = draftOf(search)
    expect(draft.q).toBe('nurse aide')
    expect(draft.min_salary).toBe('')
    expect(searchOf(draft)).toBe(search)
    expect(searchOf({ ...draft, remote: 'false', fits: '', place: '  ' })).toBe('q=nurse+aide&posted_within_days=7')
  })

  it('counts the filters beyond the words', () => {
    expect(filterCount('q=pharmacist')).toBe(0)
    expect(filterCount('q=pharmacist&place=Bulawayo&min_salary=1000')).toBe(2)
  })

  it('replaces the search and keeps the order', () => {
    const current = new URLSearchParams('order=best&q=driver&place=Mutare')
    expect(withSearch(current, 'q=pharmacist&min_salary=800').toString()).toBe('order=best&q=pharmacist&min_salary=800')
    expect(withSearch(current, '').toString()).toBe('order=best')
  })
})

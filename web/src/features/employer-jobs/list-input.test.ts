import { describe, expect, it } from 'vitest'
import { addEntries, addEntry, removeEntry } from './list-input'

describe('list entries', () => {
  it('adds trimmed entries at the end, collapsing inner runs of spaces', () => {
    expect(addEntry(['SQL'], '  Power   BI ')).toEqual(['SQL', 'Power BI'])
  })

  it('ignores blank entries', () => {
    expect(addEntry(['SQL'], '   ')).toEqual(['SQL'])
    expect(addEntry([], '')).toEqual([])
  })

  it('ignores duplicates, case-insensitively, keeping the first spelling', () => {
    expect(addEntry(['SQL', 'Python'], 'sql')).toEqual(['SQL', 'Python'])
    expect(addEntry(['SQL'], ' SQL ')).toEqual(['SQL'])
  })

  it('adds several entries, de-duplicating among them too', () => {
    expect(addEntries(['SQL'], ['Python', 'python', ' Excel ', 'SQL', ''])).toEqual(['SQL', 'Python', 'Excel'])
  })

  it('does not change the list it was given', () => {
    const list = ['SQL']
    addEntry(list, 'Python')
    expect(list).toEqual(['SQL'])
  })

  it('removes an entry', () => {
    expect(removeEntry(['SQL', 'Python'], 'SQL')).toEqual(['Python'])
    expect(removeEntry(['SQL'], 'Go')).toEqual(['SQL'])
  })
})

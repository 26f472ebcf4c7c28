import { describe, expect, it } from 'vitest'
import { inTab, statusTone, tabCount, TABS } from './status'

describe('inTab', () => {
  it('lists every application under All and one of an unknown status nowhere else', () => {
    expect(inTab(null, 'all')).toBe(true)
    expect(TABS.filter((tab) => inTab(null, tab))).toEqual(['all'])
    expect(TABS.filter((tab) => inTab('accepted', tab))).toEqual(['all', 'accepted'])
    expect(statusTone(null)).toBe('neutral')
  })
})

describe('tabCount', () => {
  it('reads All from the total and the others from their counters', () => {
    const counts = { total: 7, pending: 3, accepted: 2, rejected: 1 }
    expect(TABS.map((tab) => tabCount(counts, tab))).toEqual([7, 3, 2, 1])
  })
})

import { describe, expect, it } from 'vitest'
import { formatPercent, formatScore } from './scores'
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

describe('scores', () => {
  it('shows the percentage with one decimal', () => {
    expect(formatPercent(94.897)).toBe('94.9%')
    expect(formatPercent(100)).toBe('100.0%')
  })

  it('shows a part score to at most one decimal', () => {
    expect(formatScore(4)).toBe('4')
    expect(formatScore(2.5)).toBe('2.5')
    expect(formatScore(3.46)).toBe('3.5')
  })
})

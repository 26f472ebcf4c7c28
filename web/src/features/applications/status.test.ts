import { describe, expect, it } from 'vitest'
import { formatPercent, formatScore } from './scores'
import { inTab, statusLabel, statusTab, tabCount, TABS } from './status'

describe('statusTab', () => {
  it('puts applied, pending and under review under Pending, as the server counts them', () => {
    expect(statusTab('applied')).toBe('pending')
    expect(statusTab('pending')).toBe('pending')
    expect(statusTab('under_review')).toBe('pending')
    expect(statusTab('accepted')).toBe('accepted')
    expect(statusTab('rejected')).toBe('rejected')
    expect(statusTab('withdrawn')).toBeNull()
  })

  it('lists every status under All and an unknown one nowhere else', () => {
    expect(inTab('withdrawn', 'all')).toBe(true)
    expect(TABS.filter((tab) => inTab('withdrawn', tab))).toEqual(['all'])
    expect(TABS.filter((tab) => inTab('accepted', tab))).toEqual(['all', 'accepted'])
  })
})

describe('tabCount', () => {
  it('reads All from the total and the others from their counters', () => {
    const counts = { total: 7, pending: 3, accepted: 2, rejected: 1 }
    expect(TABS.map((tab) => tabCount(counts, tab))).toEqual([7, 3, 2, 1])
  })
})

describe('statusLabel', () => {
  it('capitalises each word', () => {
    expect(statusLabel('applied')).toBe('Applied')
    expect(statusLabel('under_review')).toBe('Under Review')
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

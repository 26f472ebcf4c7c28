import { describe, expect, it } from 'vitest'
import { dailyData, dailySummary, daysText, locationData, percentOfApplied, statusData } from './chart-data'

const DAY = 86_400_000

describe('chart data', () => {
  it('orders locations by count, then name, and names blank ones', () => {
    expect(locationData({ Mutare: 1, Harare: 3, Bulawayo: 1, '': 2, ' ': 1 })).toEqual([
      { location: 'Harare', count: 3 },
      { location: 'Not specified', count: 3 },
      { location: 'Bulawayo', count: 1 },
      { location: 'Mutare', count: 1 },
    ])
  })

  it('lists the three statuses', () => {
    expect(statusData({ acceptedCount: 2, rejectedCount: 1, pendingCount: 4 })).toEqual([
      { bucket: 'accepted', status: 'Accepted', count: 2 },
      { bucket: 'rejected', status: 'Rejected', count: 1 },
      { bucket: 'pending', status: 'Pending', count: 4 },
    ])
  })

  it('labels UTC days and summarises the series', () => {
    const start = Date.UTC(2026, 10, 20)
    const points = dailyData([
      { day: start, count: 0 },
      { day: start + DAY, count: 2 },
      { day: start + 2 * DAY, count: 1 },
    ])
    expect(points.map((p) => p.label)).toEqual(['Nov 20', 'Nov 21', 'Nov 22'])
    expect(dailySummary(points)).toBe('3 applications in the last 3 days, most on Nov 21 (2)')
    expect(dailySummary(dailyData([{ day: start, count: 1 }]))).toBe('1 application in the last 1 day, most on Nov 20 (1)')
    expect(dailySummary(dailyData([{ day: start, count: 0 }]))).toBe('No applications in the last 1 day')
  })
})

describe('the funnel texts', () => {
  it('writes shares and median days plainly', () => {
    expect(percentOfApplied(40)).toBe('40%')
    expect(percentOfApplied(12.5)).toBe('12.5%')
    expect(daysText(1)).toBe('median 1 day')
    expect(daysText(2.5)).toBe('median 2.5 days')
    expect(daysText(0)).toBe('median 0 days')
    expect(daysText(null)).toBe('no one has left this stage yet')
  })
})

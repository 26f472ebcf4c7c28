// The analytics object turned into what the charts and their text alternatives show.
import type { Analytics, DayCount } from './api/analytics'

export type LocationPoint = { location: string; count: number }
export type StatusPoint = { status: 'Accepted' | 'Rejected' | 'Pending'; count: number }
export type DayPoint = { day: number; label: string; count: number }

/** The charts' main colour (the brand purple). */
export const BRAND = '#7c3aed'

/** Colours of the statuses, shared by the donut and its legend. */
export const STATUS_COLOURS: Record<StatusPoint['status'], string> = {
  Accepted: '#10b981',
  Rejected: '#ef4444',
  Pending: '#f59e0b',
}

/** Applications per location, most first (ties by name); a blank location reads "Not specified". */
export function locationData(distribution: Analytics['locationDistribution']): LocationPoint[] {
  const merged = new Map<string, number>()
  for (const [raw, count] of Object.entries(distribution)) {
    const location = raw.trim() || 'Not specified'
    merged.set(location, (merged.get(location) ?? 0) + count)
  }
  return [...merged]
    .map(([location, count]) => ({ location, count }))
    .sort((a, b) => b.count - a.count || a.location.localeCompare(b.location))
}

/** The three statuses with their counts. */
export function statusData(a: Pick<Analytics, 'acceptedCount' | 'rejectedCount' | 'pendingCount'>): StatusPoint[] {
  return [
    { status: 'Accepted', count: a.acceptedCount },
    { status: 'Rejected', count: a.rejectedCount },
    { status: 'Pending', count: a.pendingCount },
  ]
}

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/** The daily series with labels ("Jan 5"); the days are UTC days as the server counts them. */
export function dailyData(days: readonly DayCount[]): DayPoint[] {
  return days.map(({ day, count }) => ({ day, label: dayLabel.format(new Date(day)), count }))
}

/** A one-line summary of a series for screen readers: "3 applications in the last 30 days, most on Jan 5 (2)". */
export function dailySummary(points: readonly DayPoint[]): string {
  const total = points.reduce((sum, p) => sum + p.count, 0)
  const noun = total === 1 ? 'application' : 'applications'
  const busiest = points.reduce<DayPoint | null>((best, p) => (best === null || p.count > best.count ? p : best), null)
  const span = `${points.length} ${points.length === 1 ? 'day' : 'days'}`
  if (total === 0 || busiest === null) return `No applications in the last ${span}`
  return `${total} ${noun} in the last ${span}, most on ${busiest.label} (${busiest.count})`
}

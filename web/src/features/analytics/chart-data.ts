// The analytics object turned into what the charts and their text alternatives show.
import { STATUS_BUCKETS } from '@/generated/catalogue'
import type { StatusBucket } from '@/lib/application-status'
import type { Analytics, DayCount } from './api/analytics'

export type LocationPoint = { location: string; count: number }
/** A status group with its name (core's) and count. */
export type StatusPoint = { bucket: StatusBucket; status: string; count: number }
export type DayPoint = { day: number; label: string; count: number }

/** A status group's name, as core writes it. */
export function bucketName(bucket: StatusBucket): string {
  return STATUS_BUCKETS.find((b) => b.key === bucket)?.label ?? bucket
}

/** The charts' main colour (the brand purple). */
export const BRAND = '#7c3aed'

/** Colours of the status groups, shared by the donut and its legend. */
export const STATUS_COLOURS: Record<StatusBucket, string> = {
  accepted: '#10b981',
  rejected: '#ef4444',
  pending: '#f59e0b',
}

/** The donut's order: decided first, then waiting. */
const DONUT_ORDER: readonly StatusBucket[] = ['accepted', 'rejected', 'pending']

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

/** The three status groups with their names and counts. */
export function statusData(a: Pick<Analytics, 'acceptedCount' | 'rejectedCount' | 'pendingCount'>): StatusPoint[] {
  const counts: Record<StatusBucket, number> = {
    accepted: a.acceptedCount,
    rejected: a.rejectedCount,
    pending: a.pendingCount,
  }
  return DONUT_ORDER.map((bucket) => ({
    bucket,
    status: bucketName(bucket),
    count: counts[bucket],
  }))
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

/** A funnel share as the list writes it: "40%", "12.5%". */
export function percentOfApplied(percent: number): string {
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`
}

/** The median stay as the funnel writes it: "median 2.5 days", "median 1 day", or that none ended yet. */
export function daysText(days: number | null): string {
  if (days === null) return 'no one has left this stage yet'
  return `median ${Number.isInteger(days) ? days : days.toFixed(1)} ${days === 1 ? 'day' : 'days'}`
}

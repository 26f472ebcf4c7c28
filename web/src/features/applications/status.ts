// The page's tabs and status badges (spec, candidate §2 "Applications", §3 and §9): All, then
// core's status buckets with their names.
import { STATUS_BUCKETS } from '@/generated/catalogue'
import type { Schema } from '@/lib/api-schema'
import type { StatusBucket } from '@/lib/application-status'

export type Tab = 'all' | StatusBucket

/** The filter tabs, in the spec's order. */
export const TABS: readonly Tab[] = ['all', ...STATUS_BUCKETS.map((bucket) => bucket.key)]

/** The counters the server sends with the list (they are also the tabs' counts). */
export type Counts = Schema<'Counts'>

export const TAB_LABELS = {
  all: 'All',
  ...Object.fromEntries(STATUS_BUCKETS.map((bucket) => [bucket.key, bucket.label])),
} as Record<Tab, string>

/** Whether an application counting under `bucket` (core's tab for its status) is listed under `tab`. */
export function inTab(bucket: StatusBucket | null, tab: Tab): boolean {
  return tab === 'all' || bucket === tab
}

/** A tab's count, from the server's counters. */
export function tabCount(counts: Counts, tab: Tab): number {
  return tab === 'all' ? counts.total : counts[tab]
}

/** The badge colours of a status, by its tab. */
export function statusTone(bucket: StatusBucket | null): StatusBucket | 'neutral' {
  return bucket ?? 'neutral'
}

/** The DOM id of a tab's button, for its panel's `aria-labelledby`. */
export function tabId(baseId: string, tab: Tab): string {
  return `${baseId}-tab-${tab}`
}

/** The DOM id of the panel the tabs control. */
export function panelId(baseId: string): string {
  return `${baseId}-panel`
}

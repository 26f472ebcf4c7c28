// The page's tabs and status badges (spec, candidate §2 "Applications", §3 and §9).
import type { StatusBucket } from '@/lib/application-status'

/** The filter tabs, in the spec's order. */
export const TABS = ['all', 'pending', 'accepted', 'rejected'] as const
export type Tab = (typeof TABS)[number]

/** The counters the server sends with the list (they are also the tabs' counts). */
export type Counts = { total: number; pending: number; accepted: number; rejected: number }

export const TAB_LABELS: Record<Tab, string> = {
  all: 'All',
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
}

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

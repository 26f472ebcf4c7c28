// The page's tabs and status badges (spec, candidate §2 "Applications", §3 and §9).

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

/**
 * The tab a status belongs to besides All. "applied" is the spec's Pending; the
 * older "pending" and "under_review" count there too, as the server's counters
 * do (api/src/applications/mine.rs, `Counts::of`), so a tab lists what its count says.
 */
export function statusTab(status: string): Exclude<Tab, 'all'> | null {
  switch (status) {
    case 'applied':
    case 'pending':
    case 'under_review':
      return 'pending'
    case 'accepted':
      return 'accepted'
    case 'rejected':
      return 'rejected'
    default:
      return null
  }
}

/** Whether an application with `status` is listed under `tab`. */
export function inTab(status: string, tab: Tab): boolean {
  return tab === 'all' || statusTab(status) === tab
}

/** A tab's count, from the server's counters. */
export function tabCount(counts: Counts, tab: Tab): number {
  return tab === 'all' ? counts.total : counts[tab]
}

/** The badge text of a status: "applied" → "Applied", "under_review" → "Under Review". */
export function statusLabel(status: string): string {
  return status
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/** The badge colours of a status, by its tab. */
export function statusTone(status: string): 'pending' | 'accepted' | 'rejected' | 'neutral' {
  return statusTab(status) ?? 'neutral'
}

/** The DOM id of a tab's button, for its panel's `aria-labelledby`. */
export function tabId(baseId: string, tab: Tab): string {
  return `${baseId}-tab-${tab}`
}

/** The DOM id of the panel the tabs control. */
export function panelId(baseId: string): string {
  return `${baseId}-panel`
}

import { useRef, type KeyboardEvent } from 'react'
import { cn } from '@/lib/cn'
import { panelId, TAB_LABELS, tabCount, tabId, TABS, type Counts, type Tab } from '../status'

/**
 * The filter tabs All, Pending, Accepted, Rejected with their counts (spec,
 * candidate §2 and §9). Arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern).
 */
export function StatusTabs({
  baseId,
  value,
  counts,
  onChange,
}: {
  baseId: string
  value: Tab
  counts: Counts
  onChange: (tab: Tab) => void
}) {
  const refs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({})

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.indexOf(value)
    const next =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index - 1 + TABS.length) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined
    if (next === undefined) return
    event.preventDefault()
    onChange(next)
    refs.current[next]?.focus()
  }

  return (
    <div
      role="tablist"
      aria-label="Filter applications"
      className="grid grid-cols-4 gap-1 rounded-2xl bg-slate-100 p-1 sm:rounded-full"
    >
      {TABS.map((tab) => {
        const selected = tab === value
        return (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el
            }}
            id={tabId(baseId, tab)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId(baseId)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            onKeyDown={onKeyDown}
            className={cn(
              'inline-flex min-w-0 flex-col items-center justify-center gap-1 rounded-xl px-1 py-2 text-sm sm:flex-row sm:gap-2 sm:rounded-full sm:px-4 font-semibold whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
              selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {TAB_LABELS[tab]}{' '}
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs tabular-nums',
                selected ? 'bg-brand-600 text-white' : 'bg-white/80 text-slate-600',
              )}
            >
              {tabCount(counts, tab)}
            </span>
          </button>
        )
      })}
    </div>
  )
}

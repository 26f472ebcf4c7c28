import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { cn } from '@/lib/cn'

export type TabItem<T extends string> = {
  id: T
  label: string
  icon?: ReactNode
  /** The panel's content. */
  content: ReactNode
}

type TabsProps<T extends string> = {
  /** The tab list's accessible name. */
  label: string
  items: readonly TabItem<T>[]
  value: T
  onChange: (id: T) => void
  /** Keep every panel mounted (hidden when inactive), e.g. to keep a form's inputs; default: only the active one. */
  keepMounted?: boolean
  className?: string
}

/**
 * Tabs with the ARIA tabs pattern: a tablist whose tabs control panels, arrow
 * keys (and Home, End) move between tabs and select them; Tab moves into the panel.
 */
export function Tabs<T extends string>({ label, items, value, onChange, keepMounted = false, className }: TabsProps<T>) {
  const baseId = useId()
  const tabRefs = useRef(new Map<T, HTMLButtonElement>())
  const tabId = (id: T) => `${baseId}-tab-${id}`
  const panelId = (id: T) => `${baseId}-panel-${id}`

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = items.findIndex((item) => item.id === value)
    let next: number | null = null
    if (event.key === 'ArrowRight') next = (index + 1) % items.length
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = items.length - 1
    if (next === null) return
    event.preventDefault()
    const item = items[next]
    if (!item) return
    onChange(item.id)
    tabRefs.current.get(item.id)?.focus()
  }

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-1 overflow-x-auto rounded-2xl bg-slate-100 p-1"
      >
        {items.map((item) => {
          const selected = item.id === value
          return (
            <button
              key={item.id}
              ref={(el) => {
                if (el) tabRefs.current.set(item.id, el)
                else tabRefs.current.delete(item.id)
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              aria-selected={selected}
              aria-controls={panelId(item.id)}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.id)}
              onKeyDown={onKeyDown}
              className={cn(
                'inline-flex flex-1 shrink-0 items-center justify-center gap-2 rounded-xl px-3 py-2 text-sm font-semibold whitespace-nowrap transition [&_svg]:size-4',
                selected ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {item.icon && <span className="hidden sm:contents">{item.icon}</span>}
              {item.label}
            </button>
          )
        })}
      </div>
      {items.map((item) => {
        const selected = item.id === value
        if (!selected && !keepMounted) return null
        return (
          <div
            key={item.id}
            role="tabpanel"
            id={panelId(item.id)}
            aria-labelledby={tabId(item.id)}
            hidden={!selected}
            tabIndex={0}
            className="mt-6 rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4"
          >
            {item.content}
          </div>
        )
      })}
    </div>
  )
}

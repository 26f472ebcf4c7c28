import {
  elementScroll,
  measureElement,
  observeElementRect,
  useVirtualizer,
  type Rect,
  type VirtualizerOptions,
  type Virtualizer,
} from '@tanstack/react-virtual'
import { CircleCheck, CircleX } from 'lucide-react'
import { useRef } from 'react'
import { cn } from '@/lib/cn'
import { previewRow, type ImportPreview } from '@/lib/core-worker/import-preview'

/** The spec's columns (employer §2), each with its share of the row. */
const COLUMNS = [
  { label: 'Status', className: 'w-24 shrink-0' },
  { label: 'Company', className: 'min-w-0 flex-[1.2]' },
  { label: 'Job Title', className: 'min-w-0 flex-[1.2]' },
  { label: 'Location', className: 'min-w-0 flex-1' },
  { label: 'Type', className: 'w-24 shrink-0' },
  { label: 'Salary', className: 'w-28 shrink-0' },
  { label: 'Errors', className: 'min-w-0 flex-[2]' },
] as const

/**
 * A one-line row's height (the usual row), used until a row is measured; when it
 * is exact, measuring changes nothing and the first render is not redone.
 */
const ESTIMATED_ROW_PX = 43

// The virtualizer, attached to its region in React's commit, reads the region's size and
// writes its scroll position there; either makes the browser lay out the new table inside
// the task that rendered it, so the first rows would cost one task of render and layout
// together. These two skip what a new region makes needless, and the layout waits for the frame.

/**
 * The library's observer of the region's size, without its first read: `initialRect` stands
 * until the ResizeObserver's first report, which comes after the browser's own layout, before
 * the frame is drawn.
 */
function observeRegionRect(instance: Virtualizer<HTMLDivElement, Element>, onRect: (rect: Rect) => void) {
  const region = instance.scrollElement
  if (region === null || typeof ResizeObserver === 'undefined') return observeElementRect(instance, onRect)
  const observer = new ResizeObserver(() => onRect({ width: region.clientWidth, height: region.clientHeight }))
  observer.observe(region)
  return () => observer.disconnect()
}

/** Regions whose first scroll write was skipped. */
const attached = new WeakSet<Element>()

/** The library's scroll write, except the first one, which asks a new region for the top it is already at. */
const scrollRegion: VirtualizerOptions<HTMLDivElement, Element>['scrollToFn'] = (offset, options, instance) => {
  const region = instance.scrollElement
  if (region !== null && !attached.has(region)) {
    attached.add(region)
    if (offset === 0) return
  }
  elementScroll(offset, options, instance)
}

type PreviewTableProps = {
  preview: ImportPreview
  /** Only the invalid rows (the filter). */
  invalidOnly: boolean
}

/**
 * The preview table, 500 px tall and virtualised: only the rows in view (and a few
 * around them) are in the page, so 100,000 rows scroll as smoothly as 10. Rows are
 * measured as they render, since a row with several errors is taller.
 */
export function PreviewTable({ preview, invalidOnly }: PreviewTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const count = invalidOnly ? preview.invalidRows.length : preview.rowCount
  const rowAt = (position: number) => (invalidOnly ? (preview.invalidRows[position] ?? 0) : position)
  // The app does not use the React Compiler, which is what this rule protects.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 6,
    // The region's size as styled (500 px tall, at least 56rem wide), so the first
    // render already holds the rows in view instead of rendering again once measured.
    // It stands through the first frame (`observeRegionRect`), so it must not be smaller
    // than the region: rows it leaves out would be missing from that frame.
    initialRect: { width: 896, height: 500 },
    observeElementRect: observeRegionRect,
    scrollToFn: scrollRegion,
    // Keyed by file row, so a row keeps its measured height when the filter changes.
    getItemKey: rowAt,
    // A row just added has no ResizeObserver entry yet: reading its height then
    // would force a layout in the middle of React's commit, once per batch of
    // rows. Its known (or estimated) height stands until the observer reports
    // the real one, after the browser's own layout and before the frame is drawn.
    measureElement: (element, entry, instance) => {
      if (entry !== undefined) return measureElement(element, entry, instance)
      const index = instance.indexFromElement(element)
      return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index)
    },
  })

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label="CSV preview"
      // Focusable so the keyboard can scroll the table (its rows hold no controls): WCAG 2.1.1.
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="h-[500px] overflow-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table className="grid min-w-[56rem] text-left text-sm" aria-rowcount={count + 1}>
        <thead className="sticky top-0 z-10 grid border-b border-slate-200 bg-slate-50">
          <tr className="flex" aria-rowindex={1}>
            {COLUMNS.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn('px-3 py-2.5 text-xs font-semibold tracking-wide text-slate-600 uppercase', column.className)}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="relative grid" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = previewRow(preview, rowAt(item.index))
            return (
              <tr
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                className={cn(
                  'absolute flex w-full border-b border-slate-100',
                  row.valid ? 'bg-white' : 'bg-red-50/60',
                )}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <td className={cn('px-3 py-2.5', COLUMNS[0].className)}>
                  <StatusBadge valid={row.valid} />
                </td>
                <td className={cn('truncate px-3 py-2.5 text-slate-900', COLUMNS[1].className)} title={row.companyName}>
                  {row.companyName}
                </td>
                <td className={cn('truncate px-3 py-2.5 text-slate-900', COLUMNS[2].className)} title={row.jobTitle}>
                  {row.jobTitle}
                </td>
                <td className={cn('truncate px-3 py-2.5 text-slate-700', COLUMNS[3].className)} title={row.location}>
                  {row.location}
                </td>
                <td className={cn('truncate px-3 py-2.5 text-slate-700', COLUMNS[4].className)}>{row.jobType}</td>
                <td className={cn('truncate px-3 py-2.5 text-slate-700', COLUMNS[5].className)}>{row.salary}</td>
                <td className={cn('px-3 py-2.5', COLUMNS[6].className)}>
                  {row.errors.length > 0 && (
                    <ul className="space-y-0.5 text-xs text-red-700">
                      {row.errors.map((error) => (
                        <li key={error}>{error}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

function StatusBadge({ valid }: { valid: boolean }) {
  return valid ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">
      <CircleCheck aria-hidden="true" className="size-3.5" />
      Valid
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700">
      <CircleX aria-hidden="true" className="size-3.5" />
      Invalid
    </span>
  )
}

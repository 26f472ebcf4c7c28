import { useId } from 'react'
import type { AlreadyPostedRow } from '../api/import-jobs'

/** Rows that repeat jobs already live, each with a "Post again" tick. */
export function AlreadyPostedList({
  rows,
  ticked,
  onTick,
}: {
  rows: AlreadyPostedRow[]
  ticked: ReadonlySet<number>
  onTick: (ticked: ReadonlySet<number>) => void
}) {
  const id = useId()
  const toggle = (row: number, on: boolean) => {
    const next = new Set(ticked)
    if (on) next.add(row)
    else next.delete(row)
    onTick(next)
  }
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {rows.map((row) => (
        <li key={row.rowNumber} className="flex min-w-0 items-center gap-3 px-4 py-3">
          <input
            id={`${id}-${row.rowNumber}`}
            type="checkbox"
            checked={ticked.has(row.rowNumber)}
            onChange={(event) => toggle(row.rowNumber, event.target.checked)}
            className="size-4 shrink-0 rounded border-slate-300 accent-brand-600"
          />
          <label htmlFor={`${id}-${row.rowNumber}`} className="min-w-0 break-words text-sm text-slate-800">
            Post again: row {row.rowNumber}, {row.jobTitle}
          </label>
        </li>
      ))}
    </ul>
  )
}

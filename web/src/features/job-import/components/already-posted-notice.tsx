import type { AlreadyPostedRow } from '../api/import-jobs'
import { AlreadyPostedList } from './already-posted-list'

/**
 * In the preview, before importing: the rows that repeat jobs the employer has live. They are
 * skipped unless ticked, and the import posts the ticked ones again.
 */
export function AlreadyPostedNotice({
  rows,
  ticked,
  onTick,
}: {
  rows: AlreadyPostedRow[]
  ticked: ReadonlySet<number>
  onTick: (ticked: ReadonlySet<number>) => void
}) {
  if (rows.length === 0) return null
  const these = rows.length === 1 ? '1 row matches a job' : `${rows.length} rows match jobs`
  return (
    <section aria-label="Already posted" className="space-y-3 rounded-xl bg-amber-50 px-4 py-3">
      <p role="status" className="text-sm text-amber-900">
        Already posted: {these} you have live (same company, title, place and description), skipped unless you tick
        them to post again.
      </p>
      <AlreadyPostedList rows={rows} ticked={ticked} onTick={onTick} />
    </section>
  )
}

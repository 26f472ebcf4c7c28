import { cn } from '@/lib/cn'
import type { EmployerApplication, Stage } from '../api/applications'

/** "Move to…": the stages the server says the application can go to next; none, no select. */
export function MoveToStage({
  application: a,
  disabled,
  onMove,
  compact = false,
}: {
  application: EmployerApplication
  disabled: boolean
  onMove: (application: EmployerApplication, stage: Stage) => void
  /** The board's small cards. */
  compact?: boolean
}) {
  if (a.next_stages.length === 0) return null
  return (
    <label className={cn('text-sm text-slate-700', compact ? 'min-w-0 flex-1' : 'inline-flex items-center gap-2')}>
      <span className="sr-only">Move {a.candidate_name} to stage</span>
      <select
        value=""
        disabled={disabled}
        onChange={(e) => e.target.value && onMove(a, e.target.value as Stage)}
        className={cn(
          'rounded-lg border border-slate-300 bg-white text-slate-800',
          compact ? 'h-8 w-full px-1.5 text-xs' : 'h-9 px-2 text-sm',
        )}
      >
        <option value="">Move to…</option>
        {a.next_stages.map((s) => (
          <option key={s.stage} value={s.stage}>
            {s.label}
          </option>
        ))}
      </select>
    </label>
  )
}
